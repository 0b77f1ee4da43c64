"""``claimkb draft``: sentences and table cells, values as written, the shortest quote, the
guessed property and subject with reasons; the drafts file a person reviews, which the check
never reads; and the benchmark's floor on the bundled corpus."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import claimkb
from claimkb.authoring import drafts as drafts_file
from claimkb.authoring.candidates import values_in
from claimkb.authoring.drafting import draft
from claimkb.authoring.errors import Invalid
from claimkb.authoring.mentions import Mentions
from claimkb.authoring.segments import segments
from claimkb.authoring.writes import commit
from conftest import PROJECT, Invoke
from test_authoring_kb import DEEPSEEK, corpus_copy, files, findings, load, seeds


def test_prose_is_cut_into_sentences_and_tables_into_cells() -> None:
    lines = [
        "Results",
        "The model, e.g. the Pro, has 2.8 trillion parameters. It runs on M890. 它很快。真的！",
        "",
        "| Model | Parameters | Context |",
        "|---|---|---|",
        "| GPT-3 | 175B | 2.0K |",
        "总参数2.8 万亿技术报告与模型卡的实际数字",
    ]
    found = [(s.line, s.text, s.context) for s in segments(lines)]
    assert found == [
        (1, "Results", ""),
        (2, "The model, e.g. the Pro, has 2.8 trillion parameters.", ""),
        (2, "It runs on M890.", ""),
        (2, "它很快。", ""),
        (2, "真的！", ""),
        (4, "Model", ""),
        (4, "Parameters", ""),
        (4, "Context", ""),
        (6, "GPT-3", "Model"),
        (6, "175B", "Parameters GPT-3"),
        (6, "2.0K", "Context GPT-3"),
        (7, "总参数2.8 万亿技术报告与模型卡的实际数字", ""),
    ]


@pytest.mark.parametrize(
    ("text", "values"),
    [
        (
            "a sparse model with 2.8 trillion parameters and a context window of approximately "
            "one million tokens.",
            ["2.8 trillion parameters", "approximately one million tokens"],
        ),
        ("总参数2.8 万亿技术报告与模型卡的实际数字", ["2.8 万亿"]),  # a table row run together
        ("6 台机器(约 48 张卡)刚好能压住 4bit 权重", ["6 台", "约 48 张", "4bit"]),
        ("单次推理激活约 1040 亿参数、100 万 token 上下文", ["约 1040 亿参数", "100 万 token"]),
        ("时间2026 年 11 月 6 日发布模型权重 11 月初开放", ["2026 年 11 月 6 日", "11 月初"]),
        (
            "a peak throughput of 400 Gbps and 400 million packets per second",
            ["400 Gbps", "400 million packets per second"],
        ),
        ("二、“3 万亿级” 是宣传口径,宣传口径3 万亿级取整说法", ["3 万亿级", "3 万亿"]),
        (
            "supports 128K context windows, and a one-million-token mode",
            ["128K", "one-million-token"],
        ),
        ("ranks first, footnote 4 and version 5.5, and 万亿模型", []),  # no figure of a claim
    ],
)
def test_values_are_found_as_written(text: str, values: list[str]) -> None:
    found = [c.written for c in values_in(text, [], 2026) if c.kind != "entity"]
    assert found == values


def test_numbers_inside_names_are_not_values_but_a_name_run_into_a_number_still_ends(
    tmp_path: Path,
) -> None:
    kb = load(corpus_copy(tmp_path))
    text = "Kimi-K3.1 Pro6 台国产 GPU 服务器 on the MTT S5000 and K3.1 series"
    mentions = Mentions(kb).find(text)
    assert [(m.written, m.entity) for m in mentions] == [
        ("Kimi-K3.1 Pro", "kimi-k3.1-pro"),
        ("MTT S5000", "mtt-s5000"),
        ("K3.1 series", "kimi-k3.1-series"),
    ]
    assert [c.written for c in values_in(text, mentions, 2026) if c.kind != "entity"] == ["6 台"]


def _deepseek_kb(tmp_path: Path) -> Path:
    from claimkb.authoring import records

    root = corpus_copy(tmp_path)
    commit(records.add_entity(load(root), id="deepseek-v3", name="DeepSeek-V3", kind="model"))
    kb = load(root, DEEPSEEK)
    commit(
        records.add_source(
            kb,
            id="heatdrop",
            title="671B parameters, 37B active: the efficiency trick behind DeepSeek-V3",
            language="en",
            kind="analysis",
            snapshot="heatdrop-deepseek-v3.txt",
        )
    )
    return root


def test_a_real_article_gets_its_figures_with_property_subject_quote_and_reasons(
    tmp_path: Path,
) -> None:
    kb = load(_deepseek_kb(tmp_path), DEEPSEEK)
    made = {d.value: d for d in draft(kb, "heatdrop")}
    total, active, context = (
        made["671-billion-parameter"],
        made["37 billion parameters"],
        made["128K"],
    )
    assert (total.subject_id, total.property, total.quote, total.line) == (
        "deepseek-v3",
        "total-parameters",
        "DeepSeek-V3 is a 671-billion-parameter language model",
        3,
    )
    assert (active.subject_id, active.property, active.quote) == (
        "deepseek-v3",
        "active-parameters",
        "only activates 37 billion parameters per token",
    )
    assert (context.property, context.quote) == ("context-window", "supports 128K context windows")
    assert active.reasons == {
        "value": "a quantity in parameter (its unit 'parameter' is written)",
        "property": "active-parameters (parameters activated per token (per inference step)): "
        "the words 'activat', 'token' go with it in this KB",
        "subject": "'DeepSeek-V3' (deepseek-v3, model), named before it in the same sentence",
    }
    assert made["0.1M hours"].property == "analysis-time"  # the only time property, a guess
    assert set(made["0.1M hours"].reasons) == {"value", "property", "subject"}


def test_drafts_go_to_a_file_the_check_does_not_read_and_are_reviewed_there(
    tmp_path: Path,
) -> None:
    root = _deepseek_kb(tmp_path)
    before, old = findings(root, DEEPSEEK), files(root)
    change = drafts_file.propose(load(root, DEEPSEEK), "heatdrop")
    commit(change)
    new = files(root)
    assert sorted(set(new) - set(old)) == ["claims/heatdrop.drafts"]
    assert all(new[name] == old[name] for name in old)  # no claim written or changed
    assert findings(root, DEEPSEEK) == before  # drafts are compared with nothing
    pending = drafts_file.pending(load(root, DEEPSEEK), "heatdrop")
    assert len(pending) == len(change.data["drafts"]) > 5  # type: ignore[arg-type]

    # drafting again proposes nothing pending, nothing rejected, nothing claimed
    again = drafts_file.propose(load(root, DEEPSEEK), "heatdrop")
    assert again.edits == [] and again.data["drafts"] == []
    by_value = {d["value"]: d["id"] for d in pending}
    commit(drafts_file.reject(load(root, DEEPSEEK), by_value["37B"]))
    commit(drafts_file.accept(load(root, DEEPSEEK), by_value["37 billion parameters"], {}))
    assert findings(root, DEEPSEEK) == before  # the new claim contradicts nothing
    kb = load(root, DEEPSEEK)
    (claim,) = [c for c in kb.claims.values() if c.source == "heatdrop"]
    assert (claim.id, claim.property, claim.written, claim.status.value) == (
        "heatdrop-active-parameters",
        "active-parameters",
        "37 billion parameters",
        "single-source",
    )
    assert {d["value"] for d in drafts_file.pending(kb, "heatdrop")} == set(by_value) - {
        "37B",
        "37 billion parameters",
    }
    assert drafts_file.propose(kb, "heatdrop").data["skipped"] == {
        "claimed": 1,
        "pending or rejected": len(pending) - 1,
    }


def test_accepting_a_draft_without_a_property_asks_for_one(tmp_path: Path) -> None:
    root = _deepseek_kb(tmp_path)
    commit(drafts_file.propose(load(root, DEEPSEEK), "heatdrop"))
    kb = load(root, DEEPSEEK)
    (hours,) = [d for d in drafts_file.pending(kb) if d["value"] == "2.664M"]
    assert hours["property"] is None or isinstance(hours["property"], str)
    with pytest.raises(Invalid, match="no pending draft 'heatdrop-d99'.*did you mean"):
        drafts_file.accept(kb, "heatdrop-d99", {})
    with pytest.raises(Invalid) as excinfo:
        drafts_file.accept(kb, hours["id"], {"property": "analysis-time"})
    assert [(p.field, p.message[:40]) for p in excinfo.value.problems] == [
        ("subject", "required"),
        ("value", "'2.664M' has no unit; a second value nee"),
    ]


def test_draft_cli_shows_the_drafts_and_the_reasons(cli: Invoke, tmp_path: Path) -> None:
    root = _deepseek_kb(tmp_path)
    result = cli("draft", "heatdrop", "--root", root, "--snapshot-dir", seeds(),
                 "--snapshot-dir", DEEPSEEK, "--reasons")  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert result.stderr.endswith(" new draft(s) of source 'heatdrop' in claims/heatdrop.drafts\n")
    assert "  “only activates 37 billion parameters per token”\n" in result.stdout
    assert "  subject: 'DeepSeek-V3' (deepseek-v3, model), named before it in the same" in (
        result.stdout
    )
    listed = cli("drafts", "heatdrop", "--root", root, "--json")
    assert [d["id"] for d in json.loads(listed.stdout)][:2] == [
        "heatdrop-d1",
        "heatdrop-d2",
    ]


def test_draft_of_a_source_without_a_snapshot_says_so(cli: Invoke, tmp_path: Path) -> None:
    root = corpus_copy(tmp_path)
    result = cli("draft", "ithome-alibaba", "--root", root)
    assert result.exit_code == 2
    assert result.stderr == (
        "claimkb: source 'ithome-alibaba' has no snapshot (its archived text)\n"
    )


def test_the_benchmark_floor_on_the_bundled_corpus() -> None:
    """bench/draft.py's figures, as a floor a change must not fall below (see the README)."""
    sys.path.insert(0, str(PROJECT / "bench"))
    try:
        import draft as bench  # type: ignore[import-not-found]
    finally:
        sys.path.pop(0)
    kb = claimkb.load(PROJECT, snapshot_dirs=[seeds()])
    scores = [bench.score(kb, s, 1) for s in ("seed-000", "seed-001", "seed-003", "seed-004")]
    claims = sum(s.claims for s in scores)
    recall = sum(s.found for s in scores) / claims
    precision = sum(s.kept for s in scores) / sum(s.drafts for s in scores)
    assert claims == 349
    assert recall >= 0.60
    assert precision >= 0.44

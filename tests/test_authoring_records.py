"""``add source|entity|property|claim`` and ``alias``: validated before anything is written
(every problem at once, with did-you-mean), duplicate ids refused, and on a copy of the
bundled corpus the KB checks exactly as before apart from what the write meant to change."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimkb.authoring import claims, records
from claimkb.authoring.errors import Invalid, Problem
from claimkb.authoring.writes import commit
from conftest import Invoke
from test_authoring_kb import corpus_copy, files, findings, load, seeds


def _problems(excinfo: pytest.ExceptionInfo[Invalid]) -> list[Problem]:
    return list(excinfo.value.problems)


# -- validation --------------------------------------------------------------------------


def test_a_claim_is_refused_with_every_problem_and_what_was_meant(tmp_path: Path) -> None:
    kb = load(corpus_copy(tmp_path))
    with pytest.raises(Invalid) as excinfo:
        claims.add_claim(
            kb,
            subject="Kimi K3.1 Pr",
            property="total-parameter",
            value="2.8 trillion",
            quote="with 2.8 trillion parameters",
            source="seed-00",
        )
    assert _problems(excinfo) == [
        Problem("source", "no source 'seed-00'", ("seed-000", "seed-001", "seed-003")),
        Problem(
            "property",
            "no property 'total-parameter'",
            ("total-parameters", "advertised-total-parameters"),
        ),
        Problem(
            "subject",
            "'Kimi K3.1 Pr' is not a known entity (id, name or alias)",
            ("kimi-k3.1-pro", "kimi-k3", "K3"),
        ),
    ]


def test_a_claim_whose_value_is_not_in_its_quote_or_quote_not_in_the_text_is_refused(
    tmp_path: Path,
) -> None:
    kb = load(corpus_copy(tmp_path))
    with pytest.raises(Invalid) as excinfo:
        claims.add_claim(
            kb,
            subject="Kimi K3.1 Pro",
            property="total-parameters",
            value="2.9 trillion",
            quote="a sparse mixture of experts model with 2.8 trillion parameters",
            source="seed-000",
        )
    problems = {p.field: p.message for p in _problems(excinfo)}
    assert problems["quote"].startswith(
        "not in the snapshot 000_ac51de06623e98f5.txt; copy it verbatim. Nearest passage (line 9, "
    )
    assert "'a sparse mixture-of-experts model with 2.8 trillion parameters" in problems["quote"]
    assert problems["value"] == (
        "'2.9 trillion' is not what the quote says: the quote states '2.8 trillion parameters'; "
        "correct it, or say why it is not in the quote with --unquoted"
    )


def test_a_value_that_does_not_read_for_its_property_is_refused(tmp_path: Path) -> None:
    kb = load(corpus_copy(tmp_path))
    with pytest.raises(Invalid) as excinfo:
        claims.add_claim(
            kb,
            subject="Kimi K3.1 Pro",
            property="total-parameters",
            value="80GB",
            quote="80GB 显存",
            source="seed-004",
        )
    (problem,) = _problems(excinfo)
    assert problem.field == "value"
    assert problem.message.startswith(
        "'80GB' is in GB (byte), but the property expects parameter; property "
        "'total-parameters' expects a quantity in parameter"
    )


def test_a_status_the_evidence_does_not_support_is_refused_with_the_supported_ones(
    tmp_path: Path,
) -> None:
    kb = load(corpus_copy(tmp_path))
    with pytest.raises(Invalid) as excinfo:
        claims.add_claim(
            kb,
            id="s004-new",
            subject="Kimi-K3.1 Pro",
            property="active-parameters",
            value="约 1040 亿",
            quote="单次推理激活约 1040 亿参数",
            source="seed-004",
            status="refuted",
        )
    assert _problems(excinfo) == [
        Problem(
            "status",
            "'refuted' is not supported: no resolution prefers a rival value and no verdict "
            "refutes it; the evidence supports verified",
        )
    ]


def test_without_a_status_the_strongest_the_evidence_supports_is_written(tmp_path: Path) -> None:
    root = corpus_copy(tmp_path)
    change = claims.add_claim(
        load(root),
        subject="Kimi-K3.1 Pro",
        property="active-parameters",
        value="约 1040 亿",
        quote="单次推理激活约 1040 亿参数",
        source="seed-004",
    )
    assert (
        change.summary == "added claim 's004-active-parameters' (verified) to claims/seed-004.yaml"
    )
    assert change.notes == [  # it is allowed: a second quote of the same figure is evidence too
        "claim 's004-active-params' of this source already states this value with this quote"
    ]


def test_a_duplicate_id_and_a_name_of_another_entity_are_refused(tmp_path: Path) -> None:
    kb = load(corpus_copy(tmp_path))
    with pytest.raises(Invalid) as excinfo:
        records.add_entity(kb, id="moonshot-ai", name="Moonshot", kind="organization")
    assert _problems(excinfo) == [
        Problem("id", "'moonshot-ai' is already the id of a record at claims/registry.yaml:6"),
        Problem("id", "'moonshot-ai' already names entity 'moonshot-ai' (Moonshot AI)"),
        Problem("name", "'Moonshot' already names entity 'moonshot-ai' (Moonshot AI)"),
        Problem(
            "kind",
            "'organization' is a kind no entity or property uses yet; pass --new-kind if it is "
            "meant",
            ("organisation", "quantization"),
        ),
    ]


def test_a_source_whose_snapshot_cannot_be_found_is_refused(tmp_path: Path) -> None:
    kb = load(corpus_copy(tmp_path))
    with pytest.raises(Invalid) as excinfo:
        records.add_source(
            kb, id="x", title="X", language="en", kind="newz", date="2026-13", snapshot="x.txt"
        )
    fields = [p.field for p in _problems(excinfo)]
    assert fields == ["kind", "date", "snapshot"]


# -- on the corpus: only what the write meant changes --------------------------------------


def test_add_entity_property_source_and_alias_leave_the_check_as_it_was(
    cli: Invoke, tmp_path: Path
) -> None:
    root = corpus_copy(tmp_path)
    before, old = findings(root), files(root)
    steps = [
        ("add", "entity", "--id", "deepseek", "--name", "DeepSeek", "--kind", "organisation",
         "--alias", "深度求索"),
        ("add", "property", "--id", "training-tokens", "--label", "training tokens",
         "--datatype", "quantity", "--dimension", "token", "--single-valued"),
        ("add", "source", "--id", "seed-000-again", "--title", "The same article, archived",
         "--language", "en", "--kind", "news", "--date", "2026-11", "--snapshot",
         "000_ac51de06623e98f5.txt"),
        ("alias", "kimi-k3.1-pro", "K3.1P"),
    ]  # fmt: skip
    for step in steps:
        result = cli(*step, "--root", root, "--snapshot-dir", seeds())
        assert result.exit_code == 0, result.stderr
    assert findings(root) == before
    new = files(root)
    assert sorted(set(new) - set(old)) == ["sources/seed-000-again.yaml"]
    assert [name for name in old if new[name] != old[name]] == ["claims/registry.yaml"]
    kb = load(root)
    assert kb.entity("深度求索").id == "deepseek"  # type: ignore[union-attr]
    assert kb.entity("K3.1P").id == "kimi-k3.1-pro"  # type: ignore[union-attr]
    assert kb.properties["training-tokens"].single_valued


def test_add_claim_changes_the_check_only_by_the_claim(cli: Invoke, tmp_path: Path) -> None:
    root = corpus_copy(tmp_path)
    before = findings(root)
    result = cli(
        "add", "claim", "--subject", "Kimi-K3.1 Pro", "--property", "active-parameters",
        "--value", "约 1040 亿", "--quote", "单次推理激活约 1040 亿参数", "--source", "seed-004",
        "--root", root, "--snapshot-dir", seeds(),
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert " ".join(result.stdout.split()).startswith(
        "added claim 's004-active-parameters' (verified) to claims/seed-004.yaml"
    )
    assert findings(root) == before
    assert load(root).claims["s004-active-parameters"].source == "seed-004"


def test_an_alias_that_names_a_misspelt_place_settles_its_finding(tmp_path: Path) -> None:
    root = corpus_copy(tmp_path)
    before = findings(root)
    commit(records.add_alias(load(root), "ulanqab", "Ulanbaatoi"))
    gone = before - findings(root)
    assert {code for code, *_ in gone} == {"CKB404"}  # the misspelling is now a known name


def test_a_write_that_is_refused_writes_nothing(cli: Invoke, tmp_path: Path) -> None:
    root = corpus_copy(tmp_path)
    old = files(root)
    result = cli("alias", "Kimi K3.1 Pr", "K3", "--root", root)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "claimkb: alias 'K3' not written:",
        "  --entity: 'Kimi K3.1 Pr' is not a known entity (id, name or alias) (did you mean "
        "'kimi-k3.1-pro', 'kimi-k3', 'K3'?)",
        "  --name: 'K3' already names entity 'kimi-k3' (Kimi K3)",
    ]
    assert files(root) == old

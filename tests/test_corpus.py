"""The bundled knowledge base (the four seed articles) is the product's acceptance test.

It must check clean, with every quote found in its article and every discrepancy between the
articles reported and triaged by the resolution that names it. The exact figures below change
only when the corpus does, and a change to them is a change a reviewer should see.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import claimkb
from claimkb import query
from claimkb.checks.quotes import locate
from claimkb.derive import MATCHES, MISMATCH, outcomes
from claimkb.findings import Finding
from claimkb.kb import KB
from claimkb.report import Report
from conftest import PROJECT, SHARED, Invoke

SEEDS = SHARED / "seeds"
SEED_SOURCES = {
    "seed-000": "000_ac51de06623e98f5.txt",
    "seed-001": "001_44e9957b73a9ccea.txt",
    "seed-003": "003_a4dad32c7e9d5faa.txt",
    "seed-004": "004_e2a1ca441a417c36.txt",
}


@pytest.fixture(scope="module")
def kb() -> KB:
    # the KB's own settings cannot name ../shared/seeds (outside it): the runner names it
    return claimkb.load(PROJECT, snapshot_dirs=[SEEDS])


@pytest.fixture(scope="module")
def report(kb: KB) -> Report:
    return claimkb.check(kb)


def _triaged(report: Report, code: str) -> list[Finding]:
    return [f for f in report.triaged_findings if f.code == code]


def test_corpus_checks_clean(report: Report, cli: Invoke) -> None:
    open_findings = [(f.code, f.file, f.line, f.message) for f in report.open_findings]
    result = cli("check", "--root", PROJECT, "--snapshot-dir", SEEDS)
    if SEEDS.is_dir():
        assert open_findings == []
        assert report.unchecked_quotes == 0
        assert result.exit_code == 0, result.stdout
        assert "0 errors, 0 warnings, 0 info, 44 triaged\n" in result.stdout
    else:  # a clone without the archive: every unchecked snapshot is an error
        assert {code for code, *_ in open_findings} == {"CKB302"}
        assert result.exit_code == 1, result.stdout


def test_the_corpus_requires_its_snapshots(cli: Invoke) -> None:
    """Run without the archive, the check fails: CI can never pass with quotes unchecked."""
    result = cli("check", "--root", PROJECT, "--no-cache")
    assert result.exit_code == 1, result.stdout
    lines = [line for line in result.stdout.splitlines() if "CKB302" in line]
    assert len(lines) == 4 and all(": error CKB302 snapshot-missing:" in ln for ln in lines)
    assert "349 quotes not checked against a snapshot" in " ".join(result.stdout.split())


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed articles are not beside the project")
def test_every_snapshot_is_found_and_its_quotes_checked(kb: KB, report: Report) -> None:
    with_snapshot = {s.id: s.snapshot for s in kb.sources.values() if s.snapshot}
    assert with_snapshot == SEED_SOURCES
    for source_id in with_snapshot:
        path, refused = locate(kb, kb.sources[source_id])
        assert refused is None
        assert path is not None and path.parent == SEEDS.resolve()
    assert [f for f in report.findings if f.code in {"CKB301", "CKB302", "CKB303"}] == []


def test_claims_per_source(kb: KB) -> None:
    counts = Counter(claim.source for claim in kb.claims.values())
    assert dict(counts) == {"seed-000": 143, "seed-001": 52, "seed-003": 42, "seed-004": 112}
    sizes = (len(kb.sources), len(kb.entities), len(kb.properties), len(kb.constants))
    assert sizes == (24, 113, 106, 4)
    assert len(kb.resolutions) == 20
    assert sum(1 for claim in kb.claims.values() if claim.derived) == 16


def test_parameter_count_rounding_is_reported_and_triaged(report: Report) -> None:
    (rounding,) = _triaged(report, "CKB402")
    assert rounding.triaged_by == "r-total-parameters"
    written = rounding.args["written"]
    assert written["s000-total-params"] == "2.8 trillion"
    assert written["s001-total-params"] == "3 trillion"
    assert written["s004-title-total-params"] == "3 万亿"
    assert written["s004-total-params"] == "2.8 万亿"
    assert written["s004-faq-answer-total-params"] == "2.8 万亿"
    assert len(written) == 10
    # seed-004 gives both "3 万亿" and "2.8 万亿": a rounding beside the exact figure, which
    # can both hold, so no self-contradiction
    assert [f for f in _triaged(report, "CKB407") if f.args["property"] == "total-parameters"] == []


def test_ulanbaatoi_is_an_unknown_place_nearest_ulanqab(kb: KB, report: Report) -> None:
    (unknown,) = _triaged(report, "CKB404")
    assert unknown.claims == ("s000-dc-ulanbaatoi",)
    assert unknown.triaged_by == "r-ulanbaatoi"
    nearest = unknown.args["nearest"]
    assert [c["entity"] for c in nearest] == ["ulanqab", "ulaanbaatar"]
    assert nearest[0]["in_context"] and not nearest[1]["in_context"]
    assert nearest[1]["score"] > nearest[0]["score"]  # spelt closer, ranked lower: not in China
    misspelt = query.entity(kb, "Wulanchabu")["misspelt_by"]
    assert [c["id"] for c in misspelt] == ["s000-dc-ulanbaatoi"]


def test_each_discrepancy_is_triaged_by_its_resolution(report: Report) -> None:
    by_resolution: dict[str | None, Counter[str]] = {}
    for finding in report.findings:
        if finding.slug == "snapshot-missing":  # only without ../shared/seeds beside the clone
            continue
        by_resolution.setdefault(finding.triaged_by, Counter())[finding.code] += 1
    assert {r: dict(c) for r, c in by_resolution.items()} == {
        "r-access-status": {"CKB401": 1},
        "r-benchmark-attribution": {"CKB401": 1},
        "r-cards-for-4bit-weights": {"CKB401": 1, "CKB407": 1, "CKB411": 1},
        "r-domestic-day-0-paths": {"CKB401": 1},
        "r-first-model-of-series": {"CKB401": 1},
        "r-pd-recipes-attribution": {"CKB401": 1},
        "r-s003-customers": {"CKB406": 4},
        "r-s003-deployment-details": {"CKB406": 2},
        "r-s003-first-in-tree": {"CKB406": 2},
        "r-s003-huawei-launch-day": {"CKB406": 5},
        "r-s003-memory-footprint": {"CKB406": 2},
        "r-s003-operators": {"CKB406": 3},
        "r-s003-panmai-920": {"CKB406": 8},
        "r-s003-pd-recipes": {"CKB406": 1},
        "r-s004-cluster-memory": {"CKB411": 2},
        "r-s004-mxfp4-weights": {"CKB411": 2},
        "r-s004-pipelines": {"CKB405": 2},
        "r-total-parameters": {"CKB402": 1},
        "r-ulanbaatoi": {"CKB404": 1},
        "r-weights-release-date": {"CKB403": 1},
    }


def test_weights_release_dates_differ_only_in_precision(kb: KB, report: Report) -> None:
    (dates,) = _triaged(report, "CKB403")
    assert dates.args["written"] == {
        "s000-weights-release-date": "November 4",
        "s004-weights-open-early-november": "11 月初",
        "s004-weights-open-as-reported": "11 月 4—5 日",
    }
    dated = query.timeline(kb)
    assert dated["left_out"] == []
    timeline = [(c["id"], c["normalized"]["earliest"]) for c in dated["timeline"]]
    assert timeline[:3] == [
        ("s004-weights-open-early-november", "2026-11-01"),
        ("s000-weights-release-date", "2026-11-04"),
        ("s003-sglang-ascend-issue-date", "2026-11-04"),
    ]


def test_relays_of_one_announcement_count_once(kb: KB) -> None:
    shown = query.show(kb, "s001-total-params", ())
    assert shown["rests_on"] == ["moore-threads-announcement", "seed-001"]
    assert shown["evidence"] == [
        ["s001-summary-total-params", "s001-total-params", "s004-faq-total-params"]
        + ["s004-title-total-params"]
    ]
    exact = query.show(kb, "s004-total-params", ())
    assert len(exact["evidence"]) == 4  # Alibaba, Huawei, SGLang cookbook, technical report
    assert [r["id"] for r in exact["resolutions"]] == ["r-total-parameters"]


def test_each_resolution_names_exactly_the_claims_of_its_discrepancies(
    kb: KB, report: Report
) -> None:
    involved: dict[str, set[str]] = {r: set() for r in kb.resolutions}
    for finding in report.triaged_findings:
        assert finding.triaged_by is not None
        involved[finding.triaged_by] |= set(finding.claims)
    for resolution in kb.resolutions.values():
        # a misspelling's resolution also names the claim with the right spelling
        preferred = {resolution.preferred} if resolution.kind.value == "misspelling" else set()
        assert set(resolution.claims) == involved[resolution.id] | preferred, resolution.id


def test_paraphrases_agree_and_only_real_differences_conflict(report: Report) -> None:
    conflicts = {f.args["property"]: f for f in _triaged(report, "CKB401")}
    access = conflicts["access-status"]
    assert access.args["values"] == (
        "'invite-only testing' = 'invited testing' (s000-access-status, s003-access-status) "
        "vs '公测' (s004-alibaba-access-status)"
    )
    series = conflicts["first-model-of-series"]
    assert series.args["values"] == (
        "'K3.1 series' = 'K3.1 系列' (s000-first-of-k3.1-series, s004-first-of-k3.1-series) "
        "vs 'K3 series' (s001-first-of-k3-series)"
    )
    # seed-004's lead lists four withheld figures and its table five: no conflict now
    assert "undisclosed-figure" not in conflicts


def test_attributions_that_differ_between_articles_conflict(kb: KB, report: Report) -> None:
    conflicts = {f.args["property"]: f for f in _triaged(report, "CKB401")}
    recipes = conflicts["published-by"]  # seed-000: Alibaba Cloud's docs; seed-003: SGLang's
    assert recipes.args["values"] == (
        "'Alibaba Cloud' (s000-pd-recipes-published-by) vs 'SGLang' (s003-pd-recipes-published-by)"
    )
    assert recipes.triaged_by == "r-pd-recipes-attribution"
    benchmark = conflicts["benchmark-results-attributed-to"]
    assert benchmark.triaged_by == "r-benchmark-attribution"
    # seed-004's disclaimer rates every repetition of the vendor's "3 万亿级" as imprecise
    verdict = kb.claims["s004-verdict-advertised-params"]
    assert {kb.claims[c].written for c in verdict.reviews} == {
        "3-trillion-parameter",
        "3 trillion",
        "3 万亿",
    }
    assert all(kb.claims[c].status.value == "imprecise" for c in verdict.reviews)


def test_every_derived_claim_is_recomputed(kb: KB) -> None:
    verdicts = {cid: o.verdict for cid, o in outcomes(kb).items()}
    mismatches = {
        "s004-weights-mxfp4",
        "s004-faq-weights-mxfp4",
        "s004-cluster-memory",
        "s004-faq-cluster-memory",
        "s004-cards-just-hold-4bit",
    }
    assert {cid for cid, v in verdicts.items() if v == MISMATCH} == mismatches
    assert {cid for cid, v in verdicts.items() if v == MATCHES} == {
        "s000-weights-bf16",
        "s000-weights-int4",
        "s000-vllm-ascend-nodes-all",
        "s004-advertised-total-params",
        "s004-terminal-bench-gap",
        "s004-bytes-per-param-fp8",
        "s004-weights-fp8",
        "s004-cards-fp8",
        "s004-bytes-per-param-mxfp4",
        "s004-cards-mxfp4",
        "s004-card-count-estimate",
    }
    # a figure that does not add up cannot keep an assertive status
    for cid in mismatches:
        assert kb.claims[cid].status.value in {"imprecise", "refuted"}, cid
    # recomputed from verified inputs and constants: verified by arithmetic
    for cid in ("s000-weights-bf16", "s004-weights-fp8", "s004-cards-fp8"):
        assert kb.claims[cid].status.value == "verified"


def _mismatch(report: Report, claim_id: str) -> Finding:
    (found,) = [f for f in _triaged(report, "CKB411") if f.claims == (claim_id,)]
    return found


def test_cluster_memory_is_tib_labelled_tb(report: Report) -> None:
    for claim_id in ("s004-cluster-memory", "s004-faq-cluster-memory"):
        finding = _mismatch(report, claim_id)
        assert finding.triaged_by == "r-s004-cluster-memory"
        assert finding.args["unit"] == "TB"
        assert finding.args["stated_range"] == [3.745, 3.755]
        assert finding.args["recomputed_nominal"] == pytest.approx(3.84)
        assert finding.args["recomputed_range"] == pytest.approx([3.816, 3.864])
        assert [c["kind"] for c in finding.args["causes"]] == ["prefix"]
        assert finding.args["cause"]["factor"] == pytest.approx(1.024)
        assert finding.args["cause"]["direction"] == "multiply"


def test_mxfp4_weights_use_the_nominal_bits(kb: KB, report: Report) -> None:
    for claim_id in ("s004-weights-mxfp4", "s004-faq-weights-mxfp4"):
        finding = _mismatch(report, claim_id)
        assert finding.triaged_by == "r-s004-mxfp4-weights"
        assert finding.args["recomputed_nominal"] == pytest.approx(1.4875)  # 2.8e12 × 4.25 bits
        cause = finding.args["cause"]
        assert (cause["kind"], cause["constant"], cause["nominal"], cause["real"]) == (
            "nominal",
            "mxfp4",
            "4 bit/parameter",
            "4.25 bit/parameter",
        )
        assert cause["recomputed"]["nominal"] == pytest.approx(1.4)
    assert kb.resolutions["r-s004-mxfp4-weights"].kind.value == "arithmetic"
    assert kb.resolutions["r-s004-cluster-memory"].kind.value == "unit-confusion"


def test_forty_eight_cards_do_not_just_hold_eighteen_cards_of_weights(report: Report) -> None:
    finding = _mismatch(report, "s004-cards-just-hold-4bit")
    assert finding.triaged_by == "r-cards-for-4bit-weights"
    assert finding.args["recomputed_nominal"] == 18
    assert finding.args["stated_range"] == [47.5, 48.5]
    assert finding.args["cause"] is None


def test_explain_shows_the_recomputation(cli: Invoke) -> None:
    result = cli("explain", "s004-cluster-memory", "--json", "--root", PROJECT)
    assert result.exit_code == 0
    explained = json.loads(result.stdout)
    assert explained["verdict"] == "mismatch"
    assert [i["ref"] for i in explained["inputs"]] == [
        "s004-first-run-servers",
        "s004-cards-per-server-estimate",
        "s004-s5000-memory",
    ]
    assert explained["cause"]["kind"] == "prefix"
    assert [(f["code"], f["triaged_by"]) for f in explained["findings"]] == [
        ("CKB411", "r-s004-cluster-memory")
    ]


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed articles are not beside the project")
def test_a_changed_quote_fails_the_check(tmp_path, cli: Invoke) -> None:
    """A copy of the corpus with one quote mistyped fails exactly as CI runs it."""
    import shutil

    for part in ("claims", "sources"):
        shutil.copytree(PROJECT / part, tmp_path / part)
    shutil.copyfile(PROJECT / "pyproject.toml", tmp_path / "pyproject.toml")
    path = tmp_path / "claims" / "seed-000.yaml"
    text = path.read_text(encoding="utf-8")
    quote = "a sparse mixture-of-experts model with 2.8 trillion parameters"
    assert text.count(quote) == 1
    path.write_text(text.replace(quote, quote.replace("2.8", "2.9")), encoding="utf-8")
    result = cli("check", "--root", tmp_path, "--snapshot-dir", SEEDS, "--format", "github")
    assert result.exit_code == 1
    [line] = [ln for ln in result.stdout.splitlines() if "CKB301" in ln]
    assert line.startswith("::error file=") and "claims/seed-000.yaml" in line

"""The bundled knowledge base (the four seed articles) is the product's acceptance test.

It must check clean, with every quote found in its article and every discrepancy between the
articles reported and triaged by the resolution that names it. The exact figures below change
only when the corpus does, and a change to them is a change a reviewer should see.
"""

from __future__ import annotations

from collections import Counter

import pytest

import claimkb
from claimkb import query
from claimkb.checks.quotes import locate
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
    return claimkb.load(PROJECT)


@pytest.fixture(scope="module")
def report(kb: KB) -> Report:
    return claimkb.check(kb)


def _triaged(report: Report, code: str) -> list[Finding]:
    return [f for f in report.triaged_findings if f.code == code]


def test_corpus_checks_clean(report: Report, cli: Invoke) -> None:
    open_findings = [(f.code, f.file, f.line, f.message) for f in report.open_findings]
    if SEEDS.is_dir():
        assert open_findings == []
    else:  # a clone without the archive: only the unchecked snapshots are reported
        assert {code for code, *_ in open_findings} <= {"CKB302"}
    result = cli("check", "--root", PROJECT)
    assert result.exit_code == 0, result.stdout
    assert "0 errors, 0 warnings" in result.stdout


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
    assert dict(counts) == {"seed-000": 136, "seed-001": 52, "seed-003": 40, "seed-004": 110}
    assert (len(kb.sources), len(kb.entities), len(kb.properties), len(kb.resolutions)) == (
        24,
        112,
        105,
        20,
    )


def test_parameter_count_rounding_is_reported_and_triaged(report: Report) -> None:
    (rounding,) = _triaged(report, "CKB402")
    assert rounding.triaged_by == "r-total-parameters"
    written = rounding.args["written"]
    assert written["s000-total-params"] == "2.8 trillion"
    assert written["s001-total-params"] == "3 trillion"
    assert written["s004-title-total-params"] == "3 万亿"
    assert written["s004-total-params"] == "2.8 万亿"
    assert len(written) == 9
    (own,) = [f for f in _triaged(report, "CKB407") if f.args["property"] == "total-parameters"]
    assert own.args["source"] == "seed-004"
    assert own.triaged_by == "r-s004-total-parameters"
    assert set(own.claims) == {
        "s004-title-total-params",
        "s004-lead-total-params",
        "s004-total-params",
        "s004-faq-total-params",
    }


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
        by_resolution.setdefault(finding.triaged_by, Counter())[finding.code] += 1
    assert {r: dict(c) for r, c in by_resolution.items()} == {
        "r-access-status": {"CKB401": 1},
        "r-benchmark-attribution": {"CKB401": 1},
        "r-cards-for-4bit-weights": {"CKB401": 1, "CKB407": 1, "CKB411": 1},
        "r-s004-cluster-memory": {"CKB411": 2},
        "r-s004-mxfp4-weights": {"CKB411": 2},
        "r-domestic-day-0-paths": {"CKB401": 1},
        "r-first-model-of-series": {"CKB401": 1},
        "r-s003-customers": {"CKB406": 4},
        "r-s003-deployment-details": {"CKB406": 2},
        "r-s003-first-in-tree": {"CKB406": 2},
        "r-s003-huawei-launch-day": {"CKB406": 4},
        "r-s003-memory-footprint": {"CKB406": 2},
        "r-s003-operators": {"CKB406": 3},
        "r-s003-panmai-920": {"CKB406": 8},
        "r-s003-pd-recipes": {"CKB406": 1},
        "r-s004-pipelines": {"CKB405": 2},
        "r-s004-total-parameters": {"CKB407": 1},
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
    timeline = [(c["id"], c["normalized"]["earliest"]) for c in query.timeline(kb)]
    assert timeline[:3] == [
        ("s004-weights-open-early-november", "2026-11-01"),
        ("s000-weights-release-date", "2026-11-04"),
        ("s003-sglang-ascend-issue-date", "2026-11-04"),
    ]


def test_relays_of_one_announcement_count_once(kb: KB) -> None:
    shown = query.show(kb, "s001-total-params")
    assert shown["rests_on"] == ["moore-threads-announcement", "seed-001"]
    assert shown["evidence"] == [
        ["s001-summary-total-params", "s001-total-params", "s004-faq-total-params"]
        + ["s004-title-total-params"]
    ]
    exact = query.show(kb, "s004-total-params")
    assert len(exact["evidence"]) == 4  # Alibaba, Huawei, SGLang cookbook, technical report
    assert [r["id"] for r in exact["resolutions"]] == [
        "r-total-parameters",
        "r-s004-total-parameters",
    ]

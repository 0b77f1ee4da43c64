"""``status`` and ``resolve``: statuses the evidence supports (the status check's own rules),
suggested with the reason and applied; resolutions started from an untriaged finding, with the
statuses its claims may then carry; the KB checks as before but for what was meant."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import claimkb
from claimkb.authoring import resolving, settling
from claimkb.authoring.claims import with_claims
from claimkb.authoring.errors import Invalid
from claimkb.authoring.evidence import Evidence
from claimkb.authoring.writes import commit
from claimkb.authoring.yamledit import YamlFile
from claimkb.model import Status
from conftest import Invoke
from test_authoring_kb import corpus_copy, findings, load, seeds

SAMPLE = [
    "s000-total-params",
    "s004-title-total-params",
    "s000-dc-ulanbaatoi",
    "s004-weights-mxfp4",
    "s001-results-attributed-to",
    "s000-headline-supported-on-s5000",
    "s003-dc-ulanqab",
]


def test_every_allowed_status_passes_the_status_check_and_no_other_does(tmp_path: Path) -> None:
    kb = load(corpus_copy(tmp_path))
    report = claimkb.check(kb)
    evidence = Evidence(kb, report.findings)
    for claim_id in SAMPLE:
        claim = kb.claims[claim_id]
        allowed = set(evidence.allowed(claim))
        for status in Status:
            view = with_claims(kb, {claim_id: claim.model_copy(update={"status": status})})
            contested = {
                f.slug
                for f in claimkb.check(view).findings
                if claim_id in f.claims and f.slug.startswith("status-")
            }
            assert (status.value in allowed) == (not contested), (claim_id, status, contested)


def test_suggestions_agree_with_the_statuses_people_settled_in_the_corpus(tmp_path: Path) -> None:
    kb = load(corpus_copy(tmp_path))
    evidence = Evidence(kb, claimkb.check(kb).findings)
    same = sum(evidence.suggest(c).status == c.status.value for c in kb.claims.values())
    assert same >= 320  # of 349; the rest are a person's choices among allowed statuses
    assert all(c.status.value in evidence.allowed(c) for c in kb.claims.values())


def test_a_status_is_written_with_its_reason_and_an_unsupported_one_is_refused(
    tmp_path: Path,
) -> None:
    root = corpus_copy(tmp_path)
    kb = load(root)
    report = claimkb.check(kb)
    with pytest.raises(Invalid, match="'refuted' is not supported: no resolution prefers"):
        settling.set_status(kb, "s004-lead-total-params", "refuted", "wrong", report.findings)
    with pytest.raises(Invalid, match="say why"):
        settling.set_status(kb, "s004-lead-total-params", "unchecked", " ", report.findings)
    with pytest.raises(Invalid, match="no status 'verifed'.*did you mean 'verified'"):
        settling.set_status(kb, "s004-lead-total-params", "verifed", "x", report.findings)
    before = findings(root)
    change = settling.set_status(
        kb, "s003-dc-ulanqab", "single-source", "seed-003 alone names it", report.findings
    )
    commit(change)
    assert findings(root) == before
    claim = load(root).claims["s003-dc-ulanqab"]
    assert claim.status is Status.SINGLE_SOURCE
    assert claim.note is not None
    assert claim.note.endswith("Status single-source: seed-003 alone names it")


def test_suggest_and_apply_settle_what_a_forced_status_broke(cli: Invoke, tmp_path: Path) -> None:
    root = corpus_copy(tmp_path)
    before = findings(root)
    for claim_id, status in [("s000-total-params", "refuted"), ("s004-cards-mxfp4", "verified")]:
        result = cli("status", claim_id, status, "--reason", "testing", "--force",
                     "--root", root, "--snapshot-dir", seeds())  # fmt: skip
        assert result.exit_code == 0, result.stderr
    assert {f[0] for f in findings(root) - before} == {"CKB501"}
    result = cli("status", "--suggest", "--root", root, "--snapshot-dir", seeds(), "--json")
    rows = json.loads(result.stdout)
    assert [(r["claim"], r["current"], r["suggested"]) for r in rows] == [
        ("s000-total-params", "refuted", "verified"),
        ("s004-cards-mxfp4", "verified", "single-source"),
    ]
    assert rows[0]["reason"].startswith("4 independent sources state it: s000-huawei-total-params")
    result = cli("status", "--suggest", "--apply", "--root", root, "--snapshot-dir", seeds())
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "settled 2 status(es) in 2 file(s)\n"
    assert findings(root) == before


def _untriage(root: Path, resolution_id: str) -> None:
    """Remove a resolution from the corpus copy (as if it had never been written)."""
    path = root / "claims" / "triage.yaml"
    path.write_text(
        YamlFile("claims/triage.yaml", path.read_text()).remove("resolutions", resolution_id)
    )


def test_a_finding_is_named_by_reference_claim_or_code(tmp_path: Path) -> None:
    root = corpus_copy(tmp_path)
    _untriage(root, "r-cards-for-4bit-weights")
    report = claimkb.check(load(root))
    refs = [ref for ref, _ in resolving.references(report.findings)]
    assert refs == [
        "CKB401:s004-cards-mxfp4",
        "CKB407:s004-cards-mxfp4",
        "CKB411:s004-cards-just-hold-4bit",
    ]
    for wanted, ref in [
        ("CKB401:s004-cards-mxfp4", refs[0]),
        ("CKB407", refs[1]),
        ("self-contradiction", refs[1]),
        ("CKB411", refs[2]),
    ]:
        assert resolving.find(report.findings, wanted)[0] == ref
    with pytest.raises(Invalid, match="'s004-cards-mxfp4' is in several: CKB401:s004-cards-mxfp4"):
        resolving.find(report.findings, "s004-cards-mxfp4")
    with pytest.raises(Invalid, match="no untriaged discrepancy 'CKB402'"):
        resolving.find(report.findings, "CKB402")


def test_resolving_again_restores_the_check_and_shows_the_statuses_then(
    cli: Invoke, tmp_path: Path
) -> None:
    root = corpus_copy(tmp_path)
    before = findings(root)
    _untriage(root, "r-cards-for-4bit-weights")
    assert findings(root) != before
    args = ("--root", root, "--snapshot-dir", seeds())
    result = cli(
        "resolve", "CKB401:s004-cards-mxfp4", "--preferred", "s004-cards-mxfp4",
        "--kind", "arithmetic", "--reason", "18 cards hold the weights, not 48",
        "--id", "r-cards-for-4bit-weights", "--json", *args,
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["resolution"] == {
        "id": "r-cards-for-4bit-weights",
        "claims": ["s004-cards-mxfp4", "s004-cards-just-hold-4bit"],
        "preferred": "s004-cards-mxfp4",
        "kind": "arithmetic",
        "reason": "18 cards hold the weights, not 48",
    }
    statuses = {r["claim"]: (r["current"], r["suggested"], r["allowed"]) for r in data["statuses"]}
    assert statuses == {
        "s004-cards-just-hold-4bit": (
            "refuted",
            "refuted",
            ["imprecise", "disputed", "refuted", "insufficient-evidence"],
        ),
        "s004-cards-mxfp4": (  # preferred: not doubted, though still in a discrepancy
            "single-source",
            "single-source",
            ["single-source", "disputed", "insufficient-evidence", "unchecked"],
        ),
    }
    after = findings(root)
    assert {f[:4] for f in after} == {f[:4] for f in before}  # the same findings, triaged
    assert sum(after.values()) == sum(before.values())


def test_a_resolution_is_validated_and_a_kind_suggested(tmp_path: Path) -> None:
    root = corpus_copy(tmp_path)
    _untriage(root, "r-cards-for-4bit-weights")
    kb = load(root)
    report = claimkb.check(kb)
    _ref, finding = resolving.find(report.findings, "CKB411")
    assert resolving.default_kind(finding) == "arithmetic"
    _ref, finding = resolving.find(report.findings, "CKB401")
    assert resolving.default_kind(finding) is None  # a conflict's kind is a judgement
    with pytest.raises(Invalid) as excinfo:
        resolving.plan_resolution(
            kb, report.findings, finding, preferred="s004-cards-mxf", kind="arithmatic", reason=None
        )
    assert [(p.field, p.candidates[:1]) for p in excinfo.value.problems] == [
        ("preferred", ("s004-cards-mxfp4",)),
        ("kind", ("arithmetic",)),
        ("reason", ()),
    ]


def test_resolve_asks_for_what_it_was_not_given_on_a_terminal(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import claimkb.cli.settling as command

    root = corpus_copy(tmp_path)
    _untriage(root, "r-cards-for-4bit-weights")
    monkeypatch.setattr(command, "interactive", lambda: True)
    from typer.testing import CliRunner

    result = CliRunner().invoke(
        command.app,
        ["resolve", "CKB401", "--root", str(root), "--snapshot-dir", str(seeds())],
        input="1\narithmetic\nthe article's own table gives 18 cards\n",
    )
    assert result.exit_code == 0, result.output
    assert "  1. s004-cards-mxfp4: '约 18 张' (seed-004, single-source)" in result.output
    resolution = load(root).resolutions["r-s004-cards-mxfp4"]
    assert (resolution.preferred, resolution.kind.value, resolution.reason) == (
        "s004-cards-mxfp4",
        "arithmetic",
        "the article's own table gives 18 cards",
    )
    (tmp_path / "other").mkdir()
    other = corpus_copy(tmp_path / "other")
    _untriage(other, "r-cards-for-4bit-weights")
    result = CliRunner().invoke(  # CKB411 suggests its kind: Enter takes it
        command.app,
        ["resolve", "CKB411", "--root", str(other), "--snapshot-dir", str(seeds())],
        input="\n\nrecomputed: 18 cards\n",
    )
    assert result.exit_code == 0, result.output
    assert load(other).resolutions["r-s004-cards-just-hold-4bit"].kind.value == "arithmetic"


def test_without_a_terminal_resolve_says_what_is_missing(cli: Invoke, tmp_path: Path) -> None:
    root = corpus_copy(tmp_path)
    _untriage(root, "r-cards-for-4bit-weights")
    result = cli("resolve", "CKB401", "--root", root, "--snapshot-dir", seeds())
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "claimkb: resolution 'r-s004-cards-mxfp4' not written:",
        "  --kind: required",
        "  --reason: required",
    ]

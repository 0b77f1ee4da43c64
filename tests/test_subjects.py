"""Fixture KBs on subjects far from the bundled corpus, each built from real published texts
(Mount Everest's height across surveys, Shanghai's population across censuses, Tencent's
quarterly revenue in CNY and USD, the NVIDIA H100's specifications, two marathon world
records, Taiwan's 2024 presidential count). Each folder's ``expect.yaml`` was written by
hand, before claimkb was run on it, as a careful fact-checker's expectations: these tests
are the acceptance tests of the comparison semantics on any subject, not a record of what
the tool happened to say.

expect.yaml::

    findings:                  # every open finding, exactly
      - code: CKB401
        file: claims/a.yaml
        line: 7                # the value line (quote line for CKB301) of the first claim
        claims: [a-1, b-2]     # every claim the finding names, sorted
        why: one line
    triaged:                   # triaged findings, with the resolution that triages them
      - {code: CKB402, file: ..., line: ..., claims: [...], resolution: r-..., why: ...}
    not_flagged:               # claims a careful fact-checker would not flag together
      - claims: [a-1, b-2]     # one claim: no finding names it; more: none names them all
        codes: [CKB407]        # optional: only findings of these codes are ruled out
        why: one line

Conventions the expectations follow (the design's "Comparison semantics"): within a
(subject, property, qualifiers) group the values split into classes that agree to the
precision they were written in; a conflict names every claim of the classes in conflict; a
rounding (or date-precision) finding names every claim of its class; a value converted to
another unit at the precision written is the same value, for comparison and for evidence; a
bound the exact figure meets is a rounding-kind difference, never a self-contradiction; a
misspelt entity is one unknown-entity finding.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

import claimkb
from claimkb.catalogue import BY_CODE, Severity
from conftest import FIXTURES, Invoke

SUBJECTS = sorted(p for p in (FIXTURES / "subjects").iterdir() if p.is_dir())

Row = tuple[str, str, int, tuple[str, ...]]


def _expectation(folder: Path) -> dict:
    return yaml.safe_load((folder / "expect.yaml").read_text(encoding="utf-8"))


def _rows(entries: list[dict] | None, resolution: bool = False) -> list[Row]:
    rows = []
    for e in entries or []:
        claims = tuple(sorted(e["claims"]))
        if resolution:
            claims += ("triaged by " + e["resolution"],)
        rows.append((e["code"], e["file"], e["line"], claims))
    return sorted(rows)


def _found(findings: object, resolution: bool = False) -> list[Row]:
    rows = []
    for f in findings:  # type: ignore[attr-defined]
        claims = tuple(sorted(f.claims))
        if resolution:
            claims += ("triaged by " + str(f.triaged_by),)
        rows.append((f.code, f.file, f.line, claims))
    return sorted(rows)


def _explained(folder: Path, expected: list[Row], found: list[Row], report: object) -> str:
    """A readable difference: what is missing, and what is extra with the tool's message."""
    messages = {
        (f.code, f.file, f.line, tuple(sorted(f.claims))): f.message
        for f in report.findings  # type: ignore[attr-defined]
    }

    def message(row: Row) -> str:
        claims = tuple(c for c in row[3] if not c.startswith("triaged by "))
        return messages.get((row[0], row[1], row[2], claims), "")

    lines = [f"{folder.name}:"]
    lines += [f"  missing    {row}" for row in expected if row not in found]
    lines += [f"  unexpected {row}: {message(row)}" for row in found if row not in expected]
    return "\n".join(lines)


@pytest.mark.parametrize("folder", SUBJECTS, ids=lambda p: p.name)
def test_open_findings_are_exactly_the_expected_ones(folder: Path) -> None:
    report = claimkb.check(folder)
    expected = _rows(_expectation(folder).get("findings"))
    found = _found(report.open_findings)
    assert found == expected, _explained(folder, expected, found, report)


@pytest.mark.parametrize("folder", SUBJECTS, ids=lambda p: p.name)
def test_triaged_findings_are_exactly_the_expected_ones(folder: Path) -> None:
    report = claimkb.check(folder)
    expected = _rows(_expectation(folder).get("triaged"), resolution=True)
    found = _found(report.triaged_findings, resolution=True)
    assert found == expected, _explained(folder, expected, found, report)


@pytest.mark.parametrize("folder", SUBJECTS, ids=lambda p: p.name)
def test_claims_a_fact_checker_would_not_flag_share_no_finding(folder: Path) -> None:
    report = claimkb.check(folder)
    wrong = []
    for entry in _expectation(folder).get("not_flagged") or []:
        together = set(entry["claims"])
        codes = set(entry.get("codes") or BY_CODE)
        for f in report.findings:
            if f.code in codes and together <= set(f.claims):
                wrong.append(f"{sorted(together)} ({entry['why']}): {f.code} {f.message}")
    assert wrong == []


@pytest.mark.parametrize("folder", SUBJECTS, ids=lambda p: p.name)
def test_check_exit_code_follows_the_expected_severities(folder: Path, cli: Invoke) -> None:
    expected = _expectation(folder).get("findings") or []
    fails = any(BY_CODE[e["code"]].severity is Severity.ERROR for e in expected)
    result = cli("check", "--root", folder)
    assert "Traceback" not in result.stdout + result.stderr
    assert result.exit_code == (1 if fails else 0), result.stdout


@pytest.mark.parametrize("folder", SUBJECTS, ids=lambda p: p.name)
def test_queries_run_on_the_subject(folder: Path, cli: Invoke) -> None:
    """`show` (for the first claim of every expected finding and every not-flagged entry),
    `conflicts` and `timeline` answer in JSON, with exit 0 or 1 and no traceback."""
    expectation = _expectation(folder)
    entries = (
        (expectation.get("findings") or [])
        + (expectation.get("triaged") or [])
        + (expectation.get("not_flagged") or [])
    )
    shown = sorted({e["claims"][0] for e in entries})
    commands = [("show", cid) for cid in shown] + [("conflicts",), ("timeline",)]
    for command in commands:
        result = cli(*command, "--root", folder, "--json")
        assert "Traceback" not in result.stdout + result.stderr, command
        assert result.exit_code in (0, 1), (command, result.stdout, result.stderr)
        if result.exit_code == 0:
            json.loads(result.stdout)


def test_every_subject_has_its_expectations_and_real_sources() -> None:
    """Each subject records where its texts come from, keeps them short, and has at least one
    expectation of each kind (a finding, and a pair that must not be flagged)."""
    assert len(SUBJECTS) >= 4
    for folder in SUBJECTS:
        expectation = _expectation(folder)
        assert expectation["findings"] and expectation["not_flagged"], folder.name
        for snapshot in (folder / "snapshots").iterdir():
            assert snapshot.stat().st_size <= 4096, snapshot
        for source in (folder / "sources").glob("*.yaml"):
            record = yaml.safe_load(source.read_text(encoding="utf-8"))
            assert record.get("url") or not record.get("snapshot") or record.get("note"), source

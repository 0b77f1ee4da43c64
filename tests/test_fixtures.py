"""Data-driven fixture KBs: each folder under fixtures/valid must check clean; each folder
under fixtures/invalid declares, in its expect.yaml, exactly which open findings (code, file,
line) and triaged findings it produces, and the exit code of ``claimkb check``.

expect.yaml::

    exit_code: 1
    findings:                 # every untriaged finding, exactly
      - [CKB401, claims/a.yaml, 6]
    triaged:                  # optional: triaged findings with their resolution
      - [CKB402, claims/a.yaml, 6, r-rounding]
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

import claimkb
from claimkb.catalogue import BY_CODE
from conftest import FIXTURES, Invoke

VALID = sorted(p for p in (FIXTURES / "valid").iterdir() if p.is_dir())
INVALID = sorted(p for p in (FIXTURES / "invalid").iterdir() if p.is_dir())


def _expectation(folder: Path) -> dict:
    return yaml.safe_load((folder / "expect.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("folder", VALID, ids=lambda p: p.name)
def test_valid_fixture_checks_clean(folder: Path, cli: Invoke) -> None:
    report = claimkb.check(folder)
    assert [(f.code, f.file, f.line, f.message) for f in report.open_findings] == []
    assert cli("check", "--root", folder).exit_code == 0


@pytest.mark.parametrize("folder", INVALID, ids=lambda p: p.name)
def test_invalid_fixture_reports_exactly(folder: Path, cli: Invoke) -> None:
    expected = _expectation(folder)
    report = claimkb.check(folder)
    found = sorted([f.code, f.file, f.line] for f in report.open_findings)
    assert found == sorted(expected.get("findings") or [])
    triaged = sorted([f.code, f.file, f.line, f.triaged_by] for f in report.triaged_findings)
    assert triaged == sorted(expected.get("triaged") or [])
    result = cli("check", "--root", folder)
    assert result.exit_code == expected["exit_code"], result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_every_finding_code_has_an_invalid_fixture() -> None:
    covered = {
        code
        for folder in INVALID
        for code, *_ in (_expectation(folder).get("findings") or [])
        + (_expectation(folder).get("triaged") or [])
    }
    assert sorted(set(BY_CODE) - covered) == []


@pytest.mark.parametrize(
    "name", ["invalid-value", "missing-field", "unknown-field", "wrong-type"], ids=str
)
def test_a_claim_failing_its_schema_is_named_by_the_finding(name: str) -> None:
    """The claim is left out of the KB, but its finding still names it (for --since, SARIF
    and `claimkb show`-style tools that select findings by claim)."""
    (finding,) = claimkb.check(FIXTURES / "invalid" / name).open_findings
    assert finding.claims == ("a-params",)


@pytest.mark.parametrize(
    ("status", "hint"), [("verifed", " (did you mean 'verified'?)"), ("probably-true", "")]
)
def test_a_misspelt_status_is_told_the_status_meant(tmp_path: Path, status: str, hint: str) -> None:
    root = tmp_path / "kb"
    shutil.copytree(FIXTURES / "invalid" / "invalid-value", root)
    path = root / "claims" / "news-a.yaml"
    path.write_text(path.read_text("utf-8").replace("probably-true", status), "utf-8")
    (finding,) = claimkb.check(root).open_findings
    assert finding.message.endswith(
        f"field 'status' is {status!r}; allowed: verified, single-source, vendor-claim, "
        f"imprecise, disputed, refuted, insufficient-evidence or unchecked{hint}"
    )

"""One file that cannot be read gives its own finding and one note of what it held back, never
a cascade: nothing that depends on what it may define is reported as if it did not exist, and
the triaged count says how many resolutions could not be applied (issues 12 and 17)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

import claimkb
from claimkb.report import Report
from conftest import PROJECT, Invoke


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """The bundled corpus without its snapshot names (quotes are not what this is about)."""
    root = tmp_path / "kb"
    shutil.copytree(PROJECT / "claims", root / "claims")
    shutil.copytree(PROJECT / "sources", root / "sources")
    for source in (root / "sources").glob("*.yaml"):
        text = source.read_text(encoding="utf-8")
        source.write_text(re.sub(r"(?m)^snapshot: .*\n", "", text), encoding="utf-8")
    return root


def _open(report: Report) -> list[tuple[str, str | None, int | None]]:
    return [(f.code, f.file, f.line) for f in report.open_findings]


def test_a_syntax_error_in_the_registry_is_one_error_and_one_note(
    corpus: Path, cli: Invoke
) -> None:
    clean = claimkb.check(corpus)  # the copy checks clean: what follows is the syntax error's
    assert (_open(clean), clean.unapplied_resolutions) == ([], [])
    assert {f.triaged_by for f in clean.triaged_findings} == set(claimkb.load(PROJECT).resolutions)
    registry = corpus / "claims" / "registry.yaml"
    lines = registry.read_text(encoding="utf-8").count("\n")
    with registry.open("a", encoding="utf-8") as handle:
        handle.write("  - {id: broken\n")
    report = claimkb.check(corpus)
    line = lines + 2  # where the parser notices the unclosed brace
    assert _open(report) == [
        ("CKB101", "claims/registry.yaml", line),
        ("CKB106", "claims/registry.yaml", line),
    ]
    (note,) = [f for f in report.findings if f.code == "CKB106"]
    assert note.level.value == "info"
    resolutions = list(claimkb.load(PROJECT).resolutions)
    assert note.args["resolutions"] == resolutions  # every one: all rest on the registry
    assert (note.args["statuses"], note.args["discrepancies"]) == (57, 0)
    assert note.message.startswith(
        "while claims/registry.yaml cannot be read in full, what it may define is unknown: "
        f"{len(resolutions)} resolutions could not be applied (r-total-parameters, "
    )
    assert report.unapplied_resolutions == resolutions

    text = cli("check", "--root", corpus).stdout
    assert text.splitlines()[-1].startswith(
        f"30 files, 24 sources, 349 claims: 1 error, 0 warnings, 1 info, 0 triaged, "
        f"{len(resolutions)} resolutions not applied"
    )
    summary = json.loads(cli("check", "--root", corpus, "--json").stdout)["summary"]
    assert (summary["triaged"], summary["unapplied_resolutions"]) == (0, len(resolutions))


def test_a_misindented_new_file_leaves_other_resolutions_unknown_not_stale(
    corpus: Path, cli: Invoke
) -> None:
    clean = claimkb.check(corpus)
    held = [f for f in clean.triaged_findings if f.triaged_by == "r-ulanbaatoi"]
    triaged = len(clean.triaged_findings) - len(held)
    (corpus / "claims" / "seed-new.yaml").write_text(
        "source: seed-003\nclaims:\n  - id: new-claim\n    subject: Kimi K3.1 Pro\n"
        "    property: total-parameters\n    value: 2.8 trillion\n"
        '     quote: "Kimi K3.1 Pro has 2.8 trillion total parameters"\n'
        "    status: single-source\n",
        encoding="utf-8",
    )
    report = claimkb.check(corpus)
    assert _open(report) == [
        ("CKB101", "claims/seed-new.yaml", 7),
        ("CKB106", "claims/seed-new.yaml", 7),
    ]
    # its unknown-entity finding is held back while entities may be in the new file
    assert report.unapplied_resolutions == ["r-ulanbaatoi"]
    assert [f.code for f in held] == ["CKB404"]
    assert len(report.triaged_findings) == triaged
    assert f"{triaged} triaged, 1 resolution not applied" in cli("check", "--root", corpus).stdout


def test_two_unreadable_files_are_said_once(corpus: Path) -> None:
    for name in ("seed-001.yaml", "seed-003.yaml"):
        with (corpus / "claims" / name).open("a", encoding="utf-8") as handle:
            handle.write("\t- broken\n")
    report = claimkb.check(corpus)
    notes = [f for f in report.findings if f.code == "CKB106"]
    assert [(f.file, f.args["files"]) for f in notes] == [
        ("claims/seed-001.yaml", ["claims/seed-001.yaml", "claims/seed-003.yaml"])
    ]
    assert notes[0].message.startswith(
        "while claims/seed-001.yaml (and 1 other file) cannot be read in full"
    )
    assert sorted(code for code, *_ in _open(report)) == ["CKB101", "CKB101", "CKB106"]

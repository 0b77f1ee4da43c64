"""Every check declares the findings it can report, and the declarations are the catalogue.

Each module of :mod:`claimkb.checks` has ``CODES`` (and so does the loader, :mod:`claimkb.store`,
for what reading a KB reports); every catalogue entry is declared by one of them, none names
a slug the catalogue lacks, and over every fixture KB each check reports only what it
declares.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import claimkb
from claimkb import checks, store
from claimkb.catalogue import CATALOGUE
from conftest import FIXTURES

KBS = sorted(
    {p.parent for p in FIXTURES.rglob("*") if p.is_dir() and p.name in ("claims", "sources")}
)


def test_the_declarations_are_the_catalogue() -> None:
    declared = set(store.CODES).union(*checks.DECLARED.values())
    assert declared == set(CATALOGUE)


def test_every_check_of_the_pipeline_declares() -> None:
    assert {check.__module__.rpartition(".")[2] for check in checks.CHECKS} <= set(checks.DECLARED)
    assert all(checks.codes_of(check) for check in checks.CHECKS)


def test_there_are_fixture_kbs() -> None:
    assert len(KBS) > 50


@pytest.mark.parametrize("root", KBS, ids=lambda p: str(p.relative_to(FIXTURES)))
def test_each_check_reports_only_what_it_declares(root: Path) -> None:
    kb = claimkb.load(root)
    assert {f.slug for f in kb.load_findings} <= store.CODES
    for check in checks.CHECKS:
        emitted = {f.slug for f in check(kb)}
        assert emitted <= checks.codes_of(check), check.__module__
    late = set(checks.DECLARED["triage"]).union(
        checks.DECLARED["statuses"], checks.DECLARED["unread"]
    )
    early = {f.slug for check in checks.CHECKS for f in check(kb)} | {
        f.slug for f in kb.load_findings
    }
    assert {f.slug for f in checks.run(kb)} - early <= late

"""Small knowledge bases built in a temporary directory for the CI-format, --since and export
tests: the conflict fixture, and the same KB with its conflict triaged."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES

TRIAGE = """\
resolutions:
  - id: r-params
    claims: [a-params, b-params]
    preferred: a-params
    kind: error
    reason: "1.2 万亿 is a typo for 1040 亿: the quote says 1040 亿"
"""

NEWS_C_SOURCE = """\
id: news-c
title: Model X, again
publisher: Another Outlet
date: "2026-11-07"
language: en
kind: news
"""
NEWS_C_CLAIMS = """\
source: news-c
claims:
  - id: c-params
    subject: model x
    property: total-parameters
    value: 2 trillion
    quote: "Model X has 2 trillion parameters."
    status: single-source
"""


def copy_fixture(name: str, target: Path) -> Path:
    """A copy of ``tests/fixtures/<name>`` at ``target`` (so a test may change it)."""
    shutil.copytree(FIXTURES / name, target)
    (target / "expect.yaml").unlink(missing_ok=True)
    return target


def conflict_kb(target: Path) -> Path:
    """Two sources disagreeing on a parameter count: CKB401 and CKB501, both errors."""
    return copy_fixture("invalid/conflict", target)


def triaged_kb(target: Path) -> Path:
    """The conflict KB with its conflict triaged: clean, one triaged finding."""
    root = conflict_kb(target)
    (root / "claims" / "triage.yaml").write_text(TRIAGE, encoding="utf-8")
    return root

"""A source whose text does not name its publisher is recorded without one, not guessed."""

from __future__ import annotations

from pathlib import Path

import claimkb
from conftest import Invoke

SOURCE = """\
id: wire
title: "[untitled wire copy]"
language: und
kind: news
"""
CLAIMS = """\
source: wire
entities:
  - {id: model-x, name: Model X, kind: model}
properties:
  - {id: total-parameters, label: total parameters, datatype: quantity, dimension: parameter}
claims:
  - id: w-params
    subject: Model X
    property: total-parameters
    value: 104 billion
    quote: "Model X has 104 billion parameters."
    status: single-source
"""


def _kb(root: Path) -> Path:
    (root / "sources").mkdir()
    (root / "claims").mkdir()
    (root / "sources" / "wire.yaml").write_text(SOURCE, encoding="utf-8")
    (root / "claims" / "wire.yaml").write_text(CLAIMS, encoding="utf-8")
    return root


def test_source_without_publisher_checks_clean(tmp_path: Path) -> None:
    report = claimkb.check(_kb(tmp_path))
    assert [(f.code, f.message) for f in report.open_findings] == []
    assert claimkb.load(tmp_path).sources["wire"].publisher is None


def test_source_without_publisher_renders(tmp_path: Path, cli: Invoke) -> None:
    root = _kb(tmp_path)
    shown = cli("show", "w-params", "--root", root)
    assert shown.exit_code == 0, shown.stderr
    assert "  source    wire: [untitled wire copy] (publisher not named, undated)" in (
        shown.stdout.splitlines()
    )
    listed = cli("sources", "--root", root)
    assert listed.exit_code == 0, listed.stderr
    assert "wire" in listed.stdout


def test_source_without_publisher_exports_no_null_publisher(tmp_path: Path) -> None:
    from claimkb.export.claimreview import to_claimreview

    graph = to_claimreview(claimkb.load(_kb(tmp_path)), "Checks")["@graph"]
    assert graph[0]["itemReviewed"]["appearance"] == {
        "@type": "CreativeWork",
        "identifier": "wire",
        "headline": "[untitled wire copy]",
        "inLanguage": "und",
    }

"""When several resolutions cover one discrepancy, the most specific (fewest claims) triages it."""

from __future__ import annotations

from pathlib import Path

import claimkb

REGISTRY = """\
entities:
  - {id: model-x, name: Model X, kind: model}
properties:
  - {id: total-parameters, label: total parameters, datatype: quantity, dimension: parameter,
     single_valued: true}
"""
CLAIMS = """\
source: wire
claims:
  - {id: a, subject: Model X, property: total-parameters, value: 2.8 trillion, quote: 2.8 trillion,
     status: single-source}
  - {id: b, subject: Model X, property: total-parameters, value: 3 trillion, quote: 3 trillion,
     status: imprecise, source: digest}
"""
TRIAGE = """\
resolutions:
  - {id: r-a-wide, claims: [a, b, c-missing], preferred: a, kind: rounding, reason: wide}
  - {id: r-z-narrow, claims: [a, b], preferred: a, kind: rounding, reason: narrow}
"""


def test_most_specific_resolution_wins(tmp_path: Path) -> None:
    (tmp_path / "sources").mkdir()
    (tmp_path / "claims").mkdir()
    for source in ("wire", "digest"):
        (tmp_path / "sources" / f"{source}.yaml").write_text(
            f"id: {source}\ntitle: t\nlanguage: en\nkind: news\n", encoding="utf-8"
        )
    (tmp_path / "claims" / "registry.yaml").write_text(REGISTRY, encoding="utf-8")
    (tmp_path / "claims" / "wire.yaml").write_text(CLAIMS, encoding="utf-8")
    (tmp_path / "claims" / "triage.yaml").write_text(TRIAGE, encoding="utf-8")
    report = claimkb.check(tmp_path)
    assert [(f.slug, f.triaged_by) for f in report.triaged_findings] == [("rounding", "r-z-narrow")]
    assert sorted((f.slug, f.claims) for f in report.open_findings) == [
        ("stale-resolution", ("a", "b", "c-missing")),
        ("unknown-claim", ()),
    ]

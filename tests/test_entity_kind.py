"""An entity-valued claim must name an entity of the kind its property expects."""

from __future__ import annotations

from pathlib import Path

import claimkb

CLAIMS = """\
source: wire
entities:
  - {id: acme, name: Acme, kind: organisation, aliases: [阿克米]}
  - {id: ulanqab, name: Ulanqab, kind: place}
properties:
  - {id: datacenter-location, label: data-centre city, datatype: entity, entity_kind: place}
claims:
  - {id: right, subject: Acme, property: datacenter-location, value: Ulanqab, quote: in Ulanqab,
     status: single-source}
  - {id: wrong, subject: Acme, property: datacenter-location, value: 阿克米, quote: 在阿克米,
     status: single-source}
"""


def test_value_of_the_wrong_kind_is_invalid(tmp_path: Path) -> None:
    (tmp_path / "sources").mkdir()
    (tmp_path / "claims").mkdir()
    (tmp_path / "sources" / "wire.yaml").write_text(
        "id: wire\ntitle: t\nlanguage: en\nkind: news\n", encoding="utf-8"
    )
    (tmp_path / "claims" / "wire.yaml").write_text(CLAIMS, encoding="utf-8")
    report = claimkb.check(tmp_path)
    assert [(f.code, f.line, f.claims, f.message) for f in report.open_findings] == [
        (
            "CKB204",
            10,
            ("wrong",),
            "claim 'wrong': field 'value' names 'acme' (kind organisation), but property "
            "'datacenter-location' expects kind place",
        )
    ]

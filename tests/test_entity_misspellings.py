"""`claimkb entity` lists the claims a misspelling resolution maps onto the entity."""

from __future__ import annotations

from pathlib import Path

import claimkb
from claimkb import query
from conftest import Invoke

CLAIMS = """\
source: wire
entities:
  - {id: acme, name: Acme, kind: organisation}
  - {id: ulanqab, name: Ulanqab, kind: place, aliases: [Wulanchabu, 乌兰察布]}
properties:
  - {id: datacenter-location, label: data-centre city, datatype: entity, entity_kind: place}
claims:
  - {id: misspelt, subject: Acme, property: datacenter-location, value: Ulanbaatoi, quote: q,
     status: insufficient-evidence}
  - {id: right, subject: Acme, property: datacenter-location, value: 乌兰察布, quote: q,
     status: single-source}
resolutions:
  - {id: r-spelling, claims: [misspelt, right], preferred: right, kind: misspelling,
     reason: Ulanbaatoi is Ulanqab misspelt.}
"""


def _kb(root: Path) -> Path:
    (root / "sources").mkdir()
    (root / "claims").mkdir()
    (root / "sources" / "wire.yaml").write_text(
        "id: wire\ntitle: t\nlanguage: en\nkind: news\n", encoding="utf-8"
    )
    (root / "claims" / "wire.yaml").write_text(CLAIMS, encoding="utf-8")
    return root


def test_entity_lists_triaged_misspellings(tmp_path: Path) -> None:
    kb = claimkb.load(_kb(tmp_path))
    data = query.entity(kb, "Wulanchabu")
    assert [c["id"] for c in data["named_by"]] == ["right"]
    assert [(c["id"], c["value"]) for c in data["misspelt_by"]] == [("misspelt", "Ulanbaatoi")]
    assert query.entity(kb, "Acme")["misspelt_by"] == []


def test_entity_command_shows_misspellings(tmp_path: Path, cli: Invoke) -> None:
    result = cli("entity", "乌兰察布", "--root", _kb(tmp_path))
    assert result.exit_code == 0, result.stderr
    assert "claims misspelling it (triaged) (1)" in result.stdout
    assert "Ulanbaatoi" in result.stdout

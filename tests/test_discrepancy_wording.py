"""A discrepancy lists each value stated once: claims that state the same value in other
words (aliases of one entity, one figure written two ways) are listed together, so only a
real difference reads as one."""

from __future__ import annotations

from pathlib import Path

import claimkb

CLAIMS = """\
entities:
  - {id: cloud, name: Cloud Co, kind: organisation}
  - {id: invited, name: invite-only testing, kind: access-level, aliases: [invited testing, 邀测]}
  - {id: beta, name: public beta, kind: access-level, aliases: [公测]}
properties:
  - {id: access-status, label: access, datatype: entity, entity_kind: access-level,
     single_valued: true}
claims:
  - {id: a, source: news-a, subject: Cloud Co, property: access-status,
     value: invite-only testing, quote: q, status: single-source}
  - {id: b, source: news-b, subject: Cloud Co, property: access-status, value: invited testing,
     quote: q, status: single-source}
  - {id: c, source: news-c, subject: Cloud Co, property: access-status, value: 公测, quote: q,
     status: disputed}
"""


def _kb(root: Path, claims: str) -> Path:
    (root / "sources").mkdir(parents=True)
    (root / "claims").mkdir()
    for name in ("news-a", "news-b", "news-c"):
        (root / "sources" / f"{name}.yaml").write_text(
            f"id: {name}\ntitle: {name}\nlanguage: en\nkind: news\n", encoding="utf-8"
        )
    (root / "claims" / "claims.yaml").write_text(claims, encoding="utf-8")
    return root


def test_aliases_of_one_entity_are_one_value(tmp_path: Path) -> None:
    report = claimkb.check(_kb(tmp_path, CLAIMS))
    conflicts = [f for f in report.findings if f.code == "CKB401"]
    assert [(f.claims, f.message) for f in conflicts] == [
        (
            ("a", "b", "c"),
            "cloud / access-status: 'invite-only testing' = 'invited testing' (a, b) vs '公测' (c)",
        )
    ]
    assert conflicts[0].args["written"] == {
        "a": "invite-only testing",
        "b": "invited testing",
        "c": "公测",
    }


def test_aliases_alone_do_not_conflict(tmp_path: Path) -> None:
    agreeing = CLAIMS.replace("value: 公测", "value: 邀测").replace("disputed", "single-source")
    report = claimkb.check(_kb(tmp_path, agreeing))
    assert [f.code for f in report.findings if f.code.startswith("CKB40")] == []

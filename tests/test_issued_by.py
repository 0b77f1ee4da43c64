"""A source in which an organisation speaks for itself (its repository, its documentation)
backs a vendor claim like an announcement does."""

from __future__ import annotations

from pathlib import Path

import claimkb

REGISTRY = """\
entities:
  - {id: acme, name: Acme, kind: organisation}
  - {id: model-x, name: Model X, kind: model}
properties:
  - {id: cluster-size, label: training cluster size, datatype: quantity, dimension: count}
"""
CLAIMS = """\
source: acme-repo
claims:
  - id: c1
    subject: Model X
    property: cluster-size
    value: over 10,000
    quote: "trained on clusters of over 10,000 GPUs"
    status: vendor-claim
"""


def _kb(root: Path, source: str) -> Path:
    (root / "claims").mkdir(parents=True)
    (root / "sources").mkdir()
    (root / "claims" / "registry.yaml").write_text(REGISTRY, encoding="utf-8")
    (root / "claims" / "acme-repo.yaml").write_text(CLAIMS, encoding="utf-8")
    (root / "sources" / "acme-repo.yaml").write_text(source, encoding="utf-8")
    return root


SOURCE = "id: acme-repo\ntitle: Acme trainer\nlanguage: en\nkind: repository\n"


def test_repository_issued_by_the_vendor_backs_a_vendor_claim(tmp_path: Path) -> None:
    root = _kb(tmp_path, SOURCE + "issued_by: Acme\n")
    assert [f.code for f in claimkb.check(root).findings] == []


def test_third_party_repository_does_not(tmp_path: Path) -> None:
    report = claimkb.check(_kb(tmp_path, SOURCE))
    assert [(f.code, f.file, f.line) for f in report.findings] == [
        ("CKB501", "claims/acme-repo.yaml", 8)
    ]
    assert "issued_by" in report.findings[0].message


def test_issued_by_must_name_an_entity(tmp_path: Path) -> None:
    report = claimkb.check(_kb(tmp_path, SOURCE + "issued_by: acme-corp\n"))
    # the bad reference is reported once; it does not cascade into the claim's status
    assert [(f.code, f.file, f.line) for f in report.findings] == [
        ("CKB204", "sources/acme-repo.yaml", 5)
    ]

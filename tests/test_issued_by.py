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


ANNOUNCEMENT = """\
id: acme-news
title: Acme announces Model X
language: en
kind: announcement
issued_by: acme
"""
ANNOUNCED = """\
source: acme-news
claims:
  - id: c2
    subject: Model X
    property: cluster-size
    value: over 10,000
    quote: "over 10,000 GPUs"
    status: {status}
"""


def _two_statements(root: Path, status: str, issuer: str) -> Path:
    _kb(root, SOURCE + "issued_by: acme\n")
    (root / "sources" / "acme-news.yaml").write_text(
        ANNOUNCEMENT.replace("issued_by: acme", f"issued_by: {issuer}"), encoding="utf-8"
    )
    (root / "claims" / "acme-news.yaml").write_text(
        ANNOUNCED.format(status=status), encoding="utf-8"
    )
    (root / "claims" / "other.yaml").write_text(
        "entities:\n  - {id: rival, name: Rival, kind: organisation}\n", encoding="utf-8"
    )
    return root


def test_one_organisations_repository_and_announcement_are_one_piece_of_evidence(
    tmp_path: Path,
) -> None:
    report = claimkb.check(_two_statements(tmp_path, "verified", "acme"))
    assert [(f.code, f.file, f.line, f.claims) for f in report.findings] == [
        ("CKB501", "claims/acme-news.yaml", 8, ("c2",))
    ]
    assert "only one independent source" in report.findings[0].message
    assert claimkb.check(_two_statements(tmp_path / "b", "vendor-claim", "acme")).findings == ()


def test_two_organisations_agreeing_are_two(tmp_path: Path) -> None:
    report = claimkb.check(_two_statements(tmp_path, "verified", "rival"))
    assert [f.code for f in report.findings] == []

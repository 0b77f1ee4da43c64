"""Records and findings come back from the cache equal to those that were validated."""

from __future__ import annotations

import marshal
from enum import Enum
from typing import Any

import pytest
from pydantic import BaseModel

import claimkb
from claimkb.cache import codec, finding_codec
from claimkb.cache.parts import encode_part, revive_part
from claimkb.documents import read_part
from conftest import FIXTURES

KBS = sorted(p for kind in ("valid", "invalid") for p in (FIXTURES / kind).iterdir())


def _records(kb: Any) -> list[Any]:
    return [r for table in (kb.sources, kb.entities, kb.properties, kb.claims, kb.resolutions)
            for r in table.values()]  # fmt: skip


@pytest.mark.parametrize("folder", KBS, ids=lambda p: p.name)
def test_records_round_trip_exactly(folder: Any) -> None:
    kb = claimkb.load(folder)
    records = _records(kb)
    assert records
    for record in records:
        stored = marshal.loads(marshal.dumps(codec.encode_record(record, record.file), 4))
        revived = codec.revive_record(type(record), stored, record.file)
        assert type(revived) is type(record)
        assert revived == record
        assert revived.__dict__ == record.__dict__
        assert [type(v) for v in revived.__dict__.values()] == [
            type(v) for v in record.__dict__.values()
        ]
        assert revived.__pydantic_fields_set__ == record.__pydantic_fields_set__
        assert (revived.file, revived.line) == (record.file, record.line)
        assert {k: revived.line_of(k) for k in record.__dict__} == {
            k: record.line_of(k) for k in record.__dict__
        }
        assert revived.model_dump(mode="json") == record.model_dump(mode="json")


def test_nested_models_and_enums_round_trip() -> None:
    from claimkb.model import Bounds, Claim, Status

    claim = Claim.model_validate(
        {"id": "c", "subject": "s", "property": "p", "value": 3, "source": "x", "quote": "q",
         "status": "refuted", "bounds": {"lower": "1", "upper": 5}, "qualifiers": {"as_of": 2026}}
    )  # fmt: skip
    claim.locate("claims/x.yaml", 4, {"id": 4})
    stored = marshal.loads(marshal.dumps(codec.encode_record(claim, "claims/x.yaml")))
    revived = codec.revive_record(Claim, stored, "claims/x.yaml")
    assert revived == claim
    assert isinstance(revived.bounds, Bounds) and revived.status is Status.REFUTED


@pytest.mark.parametrize("folder", KBS, ids=lambda p: p.name)
def test_file_parts_round_trip(folder: Any) -> None:
    kb = claimkb.load(folder)
    for rel in kb.files:
        path = kb.root / rel
        part = read_part(kb.root, kb.config, path, rel.split("/")[0], None)
        data = encode_part(part)
        assert data is not None
        assert revive_part(data) == part


def test_values_the_codec_does_not_know_are_refused() -> None:
    class Shape(Enum):
        ROUND = "round"

    class Inner(BaseModel):
        shape: Shape

    class Odd(BaseModel):
        inners: list[Inner]

    with pytest.raises(codec.Unencodable):
        codec._layout(Odd)
    with pytest.raises(codec.Unencodable):  # a record without a location
        codec.encode_record(Inner(shape=Shape.ROUND), "x.yaml")
    with pytest.raises(ValueError):  # marshal refuses subclasses such as a StrEnum member
        marshal.dumps({"status": claimkb.catalogue.Severity.ERROR}, 4)


def test_findings_round_trip() -> None:
    from claimkb.catalogue import Severity
    from claimkb.findings import make

    finding = make("conflict", "claims/a.yaml", 3, ["a", "b"], subject="s", written={"a": "1"})
    for variant in (finding, finding.with_triage("r1")):
        stored = marshal.loads(marshal.dumps(finding_codec.encode_finding(variant), 4))
        assert finding_codec.revive_finding(stored) == variant
    severe = type(finding)(slug="conflict", file=None, line=None, severity=Severity.INFO)
    assert finding_codec.revive_finding(finding_codec.encode_finding(severe)) == severe

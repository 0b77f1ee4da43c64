"""Records read from a KB share one fields set per distinct set of fields given
(:class:`claimkb.model.SharedFields`), which must never let a change to one record show in
another."""

from __future__ import annotations

import copy

import pytest

import claimkb
from claimkb.model import SharedFields, shared_fields
from conftest import FIXTURES


def test_records_given_the_same_fields_share_one_set() -> None:
    kb = claimkb.load(FIXTURES / "valid/launch")
    claims = list(kb.claims.values())
    assert len(claims) > 2
    by_fields: dict[frozenset[str], set[int]] = {}
    for claim in claims:
        fields = claim.model_fields_set
        assert isinstance(fields, SharedFields)
        by_fields.setdefault(frozenset(fields), set()).add(id(fields))
    assert all(len(ids) == 1 for ids in by_fields.values())
    assert len(by_fields) < len(claims)


def test_a_shared_set_refuses_every_change() -> None:
    fields = shared_fields(["id", "value"])
    changes = [
        lambda: fields.add("x"),
        lambda: fields.discard("id"),
        lambda: fields.remove("id"),
        lambda: fields.pop(),
        lambda: fields.clear(),
        lambda: fields.update({"x"}),
        lambda: fields.intersection_update({"x"}),
        lambda: fields.difference_update({"id"}),
        lambda: fields.symmetric_difference_update({"x"}),
    ]
    for change in changes:
        with pytest.raises(TypeError):
            change()
    with pytest.raises(TypeError):
        fields |= {"x"}
    assert shared_fields(["value", "id"]) == {"id", "value"}


def test_a_copied_record_gets_a_set_of_its_own() -> None:
    kb = claimkb.load(FIXTURES / "valid/launch")
    claim = next(iter(kb.claims.values()))
    before = set(claim.model_fields_set)
    changed = claim.model_copy(update={"note": "checked"})
    assert "note" in changed.model_fields_set and changed.note == "checked"
    assert set(claim.model_fields_set) == before
    assert type(copy.copy(claim.model_fields_set)) is set


def test_assigning_to_a_record_is_refused_rather_than_shared() -> None:
    kb = claimkb.load(FIXTURES / "valid/launch")
    claim = next(iter(kb.claims.values()))
    with pytest.raises(TypeError):
        claim.note = "edited"

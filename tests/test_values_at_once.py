"""A check reads every claim's value at once (:meth:`claimkb.kb._Values.read_all`), looking
up what a reading depends on (its property's reader, per country of the source for money,
and its source's date and year) once per property and source. Each value must be what
reading the claim alone gives, on every fixture KB, the subjects and the corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

import claimkb
from claimkb.values import ValueProblem
from conftest import FIXTURES, PROJECT

ROOTS = [
    *sorted(p for kind in ("valid", "invalid") for p in (FIXTURES / kind).iterdir()),
    *sorted((FIXTURES / "subjects").iterdir()),
    PROJECT,
]


def _shown(value: object) -> object:
    """A value to compare: problems (exceptions, equal only to themselves) by kind and text."""
    if isinstance(value, ValueProblem):
        return (type(value).__name__, str(value), value.field)
    return value


@pytest.mark.parametrize(
    "root", ROOTS, ids=lambda p: "corpus" if p == PROJECT else f"{p.parent.name}-{p.name}"
)
def test_values_read_at_once_are_each_claims_own(root: Path) -> None:
    alone = claimkb.load(root)
    one_by_one = {cid: _shown(alone.values[cid]) for cid in alone.values}
    together = claimkb.load(root).values.read_all()
    assert {cid: _shown(v) for cid, v in together.items()} == one_by_one
    assert list(together) == list(one_by_one)  # in the claims' order

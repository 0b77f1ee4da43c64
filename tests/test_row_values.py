"""The claims' row values read column by column (:mod:`claimkb.rowvalues`) are those of each
claim alone, in any order asked for, and make the rows :func:`claimkb.query.claim_dict`
makes of each claim."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import claimkb
from claimkb.claimrow import FIELDS, row
from claimkb.query import claim_dict
from claimkb.rowvalues import columns, values_of
from test_query_index import KB_ROOTS


@pytest.mark.parametrize("root", KB_ROOTS, ids=lambda p: p.name)
def test_values_in_any_order_are_each_claims_own(root: Path) -> None:
    kb: Any = claimkb.load(root)
    claims = list(kb.claims.values())
    found = columns(kb, claims)
    every = found.values()
    assert len(every) == len(claims)
    orders = [[], [0], [len(claims) - 1, 0], list(range(len(claims)))[::-1]] if claims else [[]]
    for order in orders:
        assert found.values(order) == [every[i] for i in order]
    for claim, values in list(zip(claims, every, strict=True))[:40]:
        alone = columns(kb, [claim])
        assert alone.values() == [(*values[:5], 0, *values[6:])]
        assert values_of(kb, claim) == (alone.values()[0], alone.readings[0])
        made = row(values, found.readings)
        assert list(made) == list(FIELDS)
        assert made == claim_dict(kb, claim)


def test_no_claims_no_values() -> None:
    kb: Any = claimkb.load(KB_ROOTS[0])
    found = columns(kb, [])
    assert found.values() == [] and found.values([]) == [] and found.readings == []

"""JSON output is the same bytes whichever encoder wrote it.

:func:`claimkb.render.json.dumps` hands data orjson writes exactly as the json module does to
orjson, and everything else to the json module. Generated data of every JSON shape - strings
with control characters, line separators and non-ASCII text, integers past 64 bits, floats of
every magnitude, infinities, nested lists, tuples and dicts with keys of other types - must
come out identical both ways, and the data the commands print must take the fast way.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimkb.render import json as json_render

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.floats(min_value=1e-6, max_value=1e20),
    st.text(),
    st.text(alphabet=st.sampled_from('a中\n\t\x00\x1f\x7f\u2028\u2029"\\/#[:<>&')),
)
_keys = st.one_of(st.text(max_size=5), st.integers(0, 3), st.booleans())
_data = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(_keys, inner, max_size=4),
    ),
    max_leaves=20,
)


def _reference(data: Any, html: bool) -> str | type[Exception]:
    """What the json module alone writes (or the error it raises)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(json_render, "_fast", lambda data: None)
        try:
            return json_render.dumps(data, html=html)
        except (ValueError, TypeError) as exc:
            return type(exc)


@settings(max_examples=400, deadline=None)
@given(_data, st.booleans())
def test_orjson_writes_what_the_json_module_writes(data: Any, html: bool) -> None:
    reference = _reference(data, html)
    if isinstance(reference, str):
        assert json_render.dumps(data, html=html) == reference
    else:
        with pytest.raises(reference):
            json_render.dumps(data, html=html)


@pytest.mark.parametrize(
    "value",
    [1e-5, 1e16, 1.5e300, -2.5e-9, math.inf, 2**64, -(2**63) - 1, "\ud800", {1: "a"}, {None: 1}],
)
def test_what_orjson_would_write_differently_goes_to_the_json_module(value: Any) -> None:
    data = {"x": [value]}
    assert not json_render._plain(data) or json_render._fast(data) is None
    reference = _reference(data, html=False)
    if isinstance(reference, str):
        assert json_render.dumps(data) == reference


def test_the_commands_data_takes_the_fast_way() -> None:
    claim = {
        "id": "c1",
        "subject": "阿特拉斯-1",
        "value": "4.1 万亿 参数",
        "normalised": {"lower": 4.05e12, "upper": 4.15e12, "unit": "parameter"},
        "qualifiers": {"as-of": "2026"},
        "line": 12,
        "reviewed_by": [],
        "exact": False,
        "note": None,
        "score": 0.1234,
    }
    assert json_render._plain([claim, claim])
    assert json_render._fast([claim]) == _reference([claim], html=False)

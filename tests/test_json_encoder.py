"""JSON output is the same bytes whichever encoder wrote it.

:func:`claimkb.render.json.dumps` hands data orjson writes exactly as the json module does to
orjson, and everything else to the json module. Generated data of every JSON shape - strings
with control characters, line separators and non-ASCII text, integers past 64 bits, floats of
every magnitude, infinities, nested lists, tuples and dicts with keys of other types - must
come out identical both ways, and the data the commands print must take the fast way.
"""

from __future__ import annotations

import math
from datetime import date, datetime
from pathlib import PurePosixPath
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimkb.model import Status
from claimkb.render import json as json_render

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),  # (an infinity: see the last test)
    st.floats(min_value=1e-6, max_value=1e20),
    st.floats(min_value=-1e-3, max_value=1e-3),
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


@pytest.mark.parametrize("value", [2**64, -(2**63) - 1, "\ud800", {1: "a"}, {None: 1}])
def test_what_orjson_refuses_goes_to_the_json_module(value: Any) -> None:
    data = {"x": [value]}
    assert json_render._fast(data) is None
    assert json_render.dumps(data) == _reference(data, html=False)


@pytest.mark.parametrize(
    "data",
    [
        {"x": [1e-5, 1e16, 1.5e300, -2.5e-9, 0.0001, 1e-4 / 3, -0.0, 5e-324]},
        {'a": 1e-05': 1e-05, "b": "3e5 0.00001", "c": ["1e-5", 1e-5], "d": {"e": 2e20}},
        1e-7,
        [[1e-7], {"k": [2.5e-12]}],
    ],
)
def test_floats_orjson_writes_its_own_way_are_written_as_json_writes_them(data: Any) -> None:
    assert json_render._fast(data) == _reference(data, html=False)


@pytest.mark.parametrize(
    "value",
    [PurePosixPath("a/b"), datetime(2026, 11, 6, 8, 30), date(2026, 11, 6), Status.VERIFIED],
)
def test_other_objects_are_written_as_the_json_module_writes_them(value: Any) -> None:
    data = {"x": value, "y": [value]}
    assert json_render.dumps(data) == _reference(data, html=False)


def test_an_infinity_is_written_as_null() -> None:
    """The one difference, on data claimkb never emits (values turn open bounds into null)."""
    assert json_render.dumps([math.inf]) == "[\n  null\n]"


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
    assert json_render._fast([claim]) == _reference([claim], html=False)

"""The fast YAML construction path builds exactly what PyYAML's constructor machinery built.

``yamlloader._construct`` replaces ``loader.construct_document`` for speed. These tests parse
each text both ways - the fast path, and the loader's own recursive constructors - and demand
the same values, the same lines, and the same problem (kind, message, line) when the text is
refused.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimkb import yamlblock, yamlio, yamlloader


def _reference(loader: Any, node: Any, track_aliases: bool) -> Any:
    return loader.construct_document(node)


def _outcome(text: str) -> tuple[str, Any]:
    try:
        return "ok", _shape(yamlio.parse_yaml(text))
    except yamlio.YamlProblem as problem:
        return "problem", (problem.kind, problem.message, problem.line, problem.column)
    except Exception as exc:  # the reference may raise something raw; so must the fast path
        return "error", (type(exc).__name__, str(exc))


def _shape(value: Any) -> Any:
    """The value with every line number made visible, so lines are compared too."""
    if isinstance(value, yamlio.LocatedDict):
        return ("map", value.line, [(k, value.key_lines[k], _shape(v)) for k, v in value.items()])
    if isinstance(value, yamlio.LocatedList):
        return ("seq", value.line, list(value.item_lines), [_shape(v) for v in value])
    return (type(value).__name__, value)


def _both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    with monkeypatch.context() as patch:  # both through PyYAML (the block reader has its test)
        patch.setattr(yamlio, "read_block", lambda text, shared=None: yamlblock.OUTSIDE)
        fast = _outcome(text)
        patch.setattr(yamlloader, "_construct", _reference)
        reference = _outcome(text)
    return fast, reference


CASES = [
    "",
    "# only a comment\n",
    "a: 1\nb: -2\nc: +3\nd: 007\ne: 2.80\nf: 2026-11-06\ng: no\nh: ~\ni: null\nj:\nk: True\n",
    "claims:\n  - id: x\n    value: 3 trillion\n    qualifiers: {as_of: 2026}\n  - [1, 2]\n",
    "a: 1\na: 2\n",
    "a:\n  b: 1\n  c: 2\n  b: 3\n",
    "1: one\n'1': quoted one\n",
    "~: null key\n",
    "a: &x {b: 1}\nc: *x\n",
    "a: &x 1\nc: *x\n",
    "a: &x [1, *x]\n",
    "a: &x\n  b: *x\n",
    "? [1, 2]\n: complex key\n",
    "? {a: 1}\n: complex key\n",
    "a: !!str 12\nb: !!int '12'\nc: !!bool yes\nd: !!null x\n",
    "a: !!int abc\n",
    "a: !!int {b: 1}\n",
    "a: !!bool maybe\n",
    "a: " + "9" * 5000 + "\n",
    "a: " + "9" * 18 + "\nb: " + "9" * 19 + "\n",
    "a: !!float 1.5\n",
    "a: !!timestamp 2026-11-06\n",
    "a: !!binary aGVsbG8=\n",
    "a: !!set {x, y}\n",
    "a: !!omap [{x: 1}]\n",
    "a: !custom thing\n",
    "a: !!str {b: 1}\n",
    "a: !!map [1]\n",
    "a: !!seq {b: 1}\n",
    "a: !!map {b: 1}\nc: !!seq [1]\n",
    "a: ! 12\nb: ! true\n",
    "a: R&D spending\nb: '&not an anchor'\n",
    "a: [\n",
    "a: 1\n---\nb: 2\n",
    "a: *undefined\n",
    "a: &x 1\nb: &x 2\n",
    "<<: {a: 1}\n",
    "a: |\n  literal\n  text\nb: >\n  folded\n  text\n",
    "- - - - deep\n",
    "[" * 70 + "]" * 70,
    "a: " + "[" * 63 + "1" + "]" * 63 + "\n",
    "a: " + "[" * 64 + "1" + "]" * 64 + "\n",
    "a: &x " + "[" * 64 + "1" + "]" * 64 + "\n",
    "a: " + "[" * 62 + "x" + "]" * 62 + "\n",
    "a: " + "[" * 63 + "x" + "]" * 63 + "\n",
    "a: " + "{b: " * 62 + "x" + "}" * 62 + "\n",
    "a: " + "{b: " * 63 + "x" + "}" * 63 + "\n",
    "a: " + "{b: " * 63 + "{c: 1}" + "}" * 63 + "\n",
]


@pytest.mark.parametrize("text", CASES)
def test_fast_path_matches_pyyaml_constructors(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, reference = _both(text, monkeypatch)
    assert fast == reference


_scalars = st.sampled_from(
    ["1", "-1", "+1", "01", "1.0", "0x1F", "true", "True", "yes", "no", "~", "null", "''",
     "'x'", '"2.8 万亿"', "2026-11-06", "x y", "!!str 1", "!!int 1", "!!bool true",
     "!!null ~", "&a 1", "*a", "&b x", "*b", "!!float 1"]
)  # fmt: skip
_keys = st.sampled_from(["a", "b", "1", "true", "~", "'a'", "&k c", "*k"])


def _node(depth: int) -> st.SearchStrategy[str]:
    if depth == 0:
        return _scalars
    child = _node(depth - 1)
    flow_map = st.lists(st.tuples(_keys, child), max_size=4).map(
        lambda pairs: "{" + ", ".join(f"{k}: {v}" for k, v in pairs) + "}"
    )
    flow_seq = st.lists(child, max_size=4).map(lambda items: "[" + ", ".join(items) + "]")
    anchored = st.tuples(st.sampled_from(["&a ", "&b ", "&c ", ""]), st.one_of(flow_map, flow_seq))
    return st.one_of(_scalars, anchored.map("".join))


_documents = st.lists(st.tuples(_keys, _node(3)), min_size=1, max_size=5).map(
    lambda pairs: "".join(f"{k}: {v}\n" for k, v in pairs)
)


@settings(max_examples=150, deadline=None)
@given(_documents)
def test_fast_path_matches_on_generated_documents(text: str) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        fast, reference = _both(text, monkeypatch)
    assert fast == reference

"""The block reader (``claimkb.yamlblock``) gives exactly what the full parser gives, or stands
aside.

For every text, :func:`~claimkb.yamlblock.read_block` must either return ``OUTSIDE`` or the
very value :func:`~claimkb.yamlio.parse_yaml` builds through PyYAML - same keys, same scalars,
same line of every mapping, key and item, and the str values of the keys it is told to share
interned by both (each text is read with no key shared and with :data:`SHARED`). The texts:
hand-picked edges, texts generated from a grammar of block lines (indentation, items, keys,
quotes, comments, flow collections), every YAML file of the fixtures and the bundled corpus,
and a generated benchmark KB. The tests also check that the reader does take the common
shapes, so a reader that always stood aside fails.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimkb import yamlblock, yamlio
from claimkb.located import LocatedDict, LocatedList
from conftest import PROJECT, generated_kb

SHARED = frozenset(["a", "c", "e", "id", "as-of", "key", "k", "q", "x", "source", "中", "bb"])
"""Keys whose str values the readers are told to intern: about half the keys of the texts
here and in ``test_yaml_block_compiled.py``, at every depth and in flow mappings."""


def is_interned(text: str) -> bool:
    """Whether ``text`` is the interned str of its value (asking :func:`sys.intern` about a
    copy, which interns nothing that outlives the question)."""
    return sys.intern((text + ".")[:-1]) is text


def _shape(value: Any, shared: frozenset[str] = frozenset()) -> Any:
    """The value with every line number made visible, so lines are compared too, and whether
    each str under a key of ``shared`` is interned."""
    if isinstance(value, LocatedDict):
        return (
            "map",
            value.line,
            [
                (k, value.key_lines[k], _shape(v, shared), is_interned(v))
                if k in shared and type(v) is str
                else (k, value.key_lines[k], _shape(v, shared))
                for k, v in value.items()
            ],
        )
    if isinstance(value, LocatedList):
        return ("seq", value.line, list(value.item_lines), [_shape(v, shared) for v in value])
    return (type(value).__name__, value)


def _full(text: str, shared: frozenset[str] = frozenset()) -> Any:
    """What the full parser makes of ``text``: a shape, or the problem it reports."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(yamlio, "read_block", lambda text, shared=None: yamlblock.OUTSIDE)
        try:
            return _shape(yamlio.parse_yaml(text, shared), shared)
        except yamlio.YamlProblem as problem:
            return ("problem", problem.kind, problem.message, problem.line)


READERS = tuple(dict.fromkeys((yamlblock.read_block_python, yamlblock.read_block)))
"""The Python block reader, and the compiled one where it was built: each is held to PyYAML."""


def _agrees(text: str) -> bool:
    """Whether the block readers took ``text``; fails the test if one took it wrongly (with
    no key shared, or with :data:`SHARED`) or they do not take the same texts."""
    taken = [_agrees_with(read, text) for read in READERS]
    assert len(set(taken)) == 1, text
    return taken[0]


def _agrees_with(read: Any, text: str) -> bool:
    value = read(text)
    if value is yamlblock.OUTSIDE:
        assert read(text, SHARED) is yamlblock.OUTSIDE, text
        return False
    assert _shape(value) == _full(text), text
    shared = read(text, SHARED)
    assert _shape(shared, SHARED) == _full(text, SHARED), text
    assert all(map(is_interned, shared_values(shared, SHARED))), text
    return True


def shared_values(value: Any, shared: frozenset[str]) -> list[str]:
    """Every str written directly under a key of ``shared`` in ``value``, at any depth."""
    found = []
    if isinstance(value, dict):
        found += [v for k, v in value.items() if k in shared and type(v) is str]
    if isinstance(value, dict | list):
        for item in value.values() if isinstance(value, dict) else value:
            found += shared_values(item, shared)
    return found


TAKEN = [
    "a: 1\n",
    "# lead\n\nclaims:\n  - id: x\n    value: 4.1 万亿 参数\n\n  - id: y  # trailing\n",
    "claims:\n- id: x\n  tags:\n  - a\n  - b\nentities:\n- name: N\n",
    "a: 'it''s'\nb: \"quoted: yes\"\nc: \"x\" # c\nd: plain # comment\ne:\nf: ~\n",
    "a: true\nb: False\nc: null\nd: -3\ne: +4\nf: 007\ng: 2.80\nh: 2026-11-06\ni: no\n",
    "q: {as-of: 2024, place: Paris}\nr: [a, b, 3]\ns: {}\nt: []\n",
    "a: [中卫, \"Zhongwei, Ningxia\", 'it''s', Alibaba's Qwen]\nb: {k: 'v', l: \"w, x\"}\n",
    "-   id: x\n    v: 1\n-   id: y\n",
    "- a\n- 'b'\n- [c]\n",
    "a:\n    b:\n        c: deep\n    d: 2\ne: 3\n",
    "url: https://example.org/a#b\nv: 1,234 km\nw: a:b\nx: '# not a comment'\n",
    "a:   spaced   \nb: x  y\n",
    "a: -x\nb: ?y\nc: :z\n",
    "a: |\n  line one\n    indented\n\n  # not a comment\nb: >-\n  folded\n  text\n\n  para\n",
    "a: |-\n  x\n\nb: |+\n  y\n\n\nc: >+\n  z\n\n",
    "- |\n  item text\n- >\n  folded item\n  more\n",
    "a: |\n  no final break",
    "a: >-  # why\n    deep\n    text\n  # a comment\nb: 1\n",
]

STANDS_ASIDE = [
    "",
    "# only comments\n",
    "  a: 1\n",
    "a: 1\na: 2\n",
    "a: |2\n  block\n",
    "a: |\n\n  leading blank\n",
    "a: |\n  x\n   \n  y\n",
    "a: >\n  x\n    more indented\n  y\n",
    "a: |\nb: 1\n",
    "a: &x 1\nb: *x\n",
    "a: !!str 1\n",
    'a: "esc\\"aped"\n',
    "a: plain\n  continued\n",
    "- item\n  continued\n",
    "a:\n  continued plain\n",
    "a: b: c\n",
    "a: b:\n",
    "a:\tb\n",
    "a: 1\r\nb: 2\r\n",
    "\ufeffa: 1\n",
    "a: 1\u2028b: 2\n",
    "a: x\x07\n",
    "---\na: 1\n",
    "a: 1\n---\nb: 2\n",
    "a: 1\n...\n",
    "'a': 1\n",
    "a : 1\n",
    "1: one\n",
    "true: yes\n",
    "null: x\n",
    "a: [1, [2]]\n",
    "a: {b: [1]}\n",
    "a: [x, ]\n",
    "a: {b: 1, b: 2}\n",
    "a: [1\n",
    "a: ['x]']\n",
    'a: ["x\\""]\n',
    "- - x\n",
    "-\n  a: 1\n",
    "- \n",
    "a:\n  - x\n  b: 1\n",
    "a:\n  b: 1\n c: 2\n",
    "- a: 1\n   b: 2\n",
    "a: " + "9" * 19 + "\n",
    "a: %x\n",
    "a: @x\n",
    "a: `x`\n",
    "a: 'x' y\n",
    'a: "x"y\n',
    "a: 'unclosed\n",
    'a: "unclosed\n',
    "<<: {a: 1}\n",
    "a:\n" + "".join("  " * d + "b:\n" for d in range(1, 40)),
    "just a scalar\n",
]


@pytest.mark.parametrize("text", TAKEN)
def test_takes_the_common_shapes_exactly_as_the_full_parser(text: str) -> None:
    assert _agrees(text)


@pytest.mark.parametrize("text", STANDS_ASIDE)
def test_stands_aside_outside_the_subset(text: str) -> None:
    assert yamlblock.read_block(text) is yamlblock.OUTSIDE


_plain = st.sampled_from(
    ["|", "|-", "|+", ">", ">-", ">+", "| # c", "|2", "x", "x y", "4.1 万亿 参数", "1", "-1",
     "+2", "01", "2.80", "true", "False", "no", "~",
     "null", "2026-11-06", "a:b", "a: b", "a:", "a #c", "a#b", "-x", "- x", "?x", "%x", "@x",
     "*x", "&x y", "!x", "|", ">", "[a, b]", "{k: v}", "[a, [b]]", "{k: v, k: w}", "[]",
     "{}", "[a,]", "{k: 'v'}", "['a, b', \"c\"]", "[it's]", "{k: \"v\\\"\"}",
     "1,234", "https://x.org/#y", "9" * 19, "'s'", "'it''s'",
     "'s' t", '"d"', '"d" #c', '"d\\"e"', '"d: e"', "'", '"', "x  ", "...", "---", "#c"]
)  # fmt: skip
_keys = st.sampled_from(["id", "value", "as-of", "a_b", "true", "null", "1", "'q'", "k "])
_indent = st.sampled_from([0, 0, 2, 2, 4, 1, 3, 6])


@st.composite
def _block_texts(draw: st.DrawFn) -> str:
    """A text of block lines, mostly well formed: a line is a key with a value, a key that
    opens a block, an item with a scalar or a key, a comment or a blank, at an indentation
    that follows the structure most of the time and wanders some of the time."""
    lines: list[str] = []
    depth = 0
    for _ in range(draw(st.integers(1, 14))):
        kind = draw(
            st.sampled_from(
                ["pair", "pair", "open", "item", "item-pair", "comment", "blank", "text"]
            )
        )
        wander = draw(st.integers(0, 9)) == 0
        indent = draw(_indent) if wander else 2 * depth
        pad = " " * indent
        if kind == "pair":
            lines.append(f"{pad}{draw(_keys)}: {draw(_plain)}")
        elif kind == "open":
            lines.append(f"{pad}{draw(_keys)}:")
            depth += 1
        elif kind == "item":
            lines.append(f"{pad}- {draw(_plain)}")
        elif kind == "item-pair":
            lines.append(f"{pad}- {draw(_keys)}: {draw(_plain)}")
            depth += 1
        elif kind == "text":  # a line of a block scalar, or a stray line
            lines.append(pad + "  " + draw(st.sampled_from(["text", " more", "# hash", "k: v"])))
        elif kind == "comment":
            lines.append(f"{pad}# note")
        else:
            lines.append(pad if wander else "")
        if depth and draw(st.integers(0, 3)) == 0:
            depth -= 1
    return "\n".join(lines) + draw(st.sampled_from(["\n", "", "\n\n"]))


@settings(max_examples=600, deadline=None)
@given(_block_texts())
def test_agrees_with_the_full_parser_on_generated_texts(text: str) -> None:
    _agrees(text)


def _yaml_files(*roots: Path) -> list[Path]:
    return sorted(p for root in roots for p in root.rglob("*.y*ml") if p.is_file())


def test_agrees_on_every_fixture_and_the_bundled_corpus() -> None:
    paths = _yaml_files(PROJECT / "tests" / "fixtures", PROJECT / "claims", PROJECT / "sources")
    taken = 0
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        taken += _agrees(text)
    corpus = _yaml_files(PROJECT / "claims", PROJECT / "sources")
    corpus_taken = sum(_agrees(p.read_text(encoding="utf-8")) for p in corpus)
    assert len(paths) > 300
    assert taken > len(paths) // 2
    assert corpus_taken == len(corpus)


@pytest.mark.parametrize("layout", ["100-per-file", "per-source"])
def test_agrees_on_a_generated_benchmark_kb(tmp_path: Path, layout: str) -> None:
    paths = _yaml_files(generated_kb(tmp_path, layout))
    assert paths
    assert all(_agrees(p.read_text(encoding="utf-8")) for p in paths)

"""The compiled block reader (``claimkb._yamlblock``) gives exactly what the Python one gives.

:func:`~claimkb.yamlblock.read_block_python` is the reference, itself held to PyYAML by
``test_yaml_block.py``; the compiled reader must return the very same thing for every text:
``OUTSIDE`` on the same texts, and otherwise the same value - the same types (``LocatedDict``,
``LocatedList``, ``str``, ``int``, ``bool``, ``None``), keys (interned), scalars (each str
interned or not alike: those under a shared key are), and line of every mapping, key and item,
each text read with no key shared and with ``test_yaml_block.SHARED``. The texts: every case
of the two YAML reader tests, and generated texts - the block reader test's grammar, and
adversarial mixes of the characters and shapes the reader decides on (indentation, dashes,
colons, quotes, comments, block and flow indicators, non-ASCII and unusual characters, long
integers, deep nesting). ``test_yaml_block.py`` holds both readers to PyYAML on every
fixture, the bundled corpus and generated KBs.

Where the compiled module was not built, these tests are skipped: build it with a C compiler
(``pip install -e .``).
"""

from __future__ import annotations

import copy
import gc
import pickle
import subprocess
import sys
import weakref
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimkb import yamlblock
from claimkb.located import LocatedDict, LocatedList
from test_yaml_block import (
    SHARED,
    STANDS_ASIDE,
    TAKEN,
    _block_texts,
    _plain,
    is_interned,
    shared_values,
)
from test_yaml_fast_path import CASES, _documents

try:
    from claimkb import _yamlblock
except ImportError:  # not built: every test here is skipped
    _yamlblock = None

pytestmark = pytest.mark.skipif(
    _yamlblock is None,
    reason="claimkb._yamlblock was not built: install claimkb where a C compiler and Python's "
    "headers are (pip install -e .), and see the build's output for why it failed",
)


def _compiled(text: str, shared: frozenset[str] = frozenset()) -> Any:
    assert _yamlblock is not None
    return _yamlblock.read_block(text, shared)


def _exact(value: Any) -> Any:
    """The value with its types, lines and strings' interning made visible (``True == 1`` and
    ``"a" == "a"`` are not enough: a bool is not an int, an interned str not a copy)."""
    if isinstance(value, LocatedDict):
        assert type(value) is LocatedDict
        keys = [(type(k), k, sys.intern(k) is k) for k in value]
        lines = [(k, type(n), n) for k, n in value.key_lines.items()]
        return (
            "map",
            type(value.line),
            value.line,
            keys,
            lines,
            [_exact(v) for v in value.values()],
        )
    if isinstance(value, LocatedList):
        assert type(value) is LocatedList
        lines = [(type(n), n) for n in value.item_lines]
        return ("seq", type(value.line), value.line, lines, [_exact(v) for v in value])
    if type(value) is str:
        return (str, value, is_interned(value))
    return (type(value), value)


def _same(text: str) -> bool:
    """Whether the readers took ``text``; fails the test unless both did the same, with no key
    shared and with :data:`SHARED`."""
    taken = []
    for shared in (frozenset(), SHARED):
        reference = yamlblock.read_block_python(text, shared)
        compiled = _compiled(text, shared)
        if reference is yamlblock.OUTSIDE:
            assert compiled is yamlblock.OUTSIDE, text
            taken.append(False)
            continue
        assert compiled is not yamlblock.OUTSIDE, text
        assert _exact(compiled) == _exact(reference), text
        assert all(map(is_interned, shared_values(compiled, shared))), text
        taken.append(True)
    assert taken[0] == taken[1], text
    return taken[0]


def test_read_block_is_the_compiled_reader() -> None:
    assert _yamlblock is not None and yamlblock.COMPILED
    assert yamlblock.read_block is _yamlblock.read_block
    assert yamlblock.OUTSIDE is _yamlblock.OUTSIDE
    assert yamlblock.read_block_python("a: 1\n---\n") is yamlblock.OUTSIDE


@pytest.mark.parametrize("text", TAKEN)
def test_agrees_on_the_shapes_taken(text: str) -> None:
    assert _same(text)


@pytest.mark.parametrize("text", STANDS_ASIDE + CASES)
def test_agrees_on_the_texts_left_to_the_full_parser(text: str) -> None:
    _same(text)


EDGES = [
    "",
    "\n",
    " ",
    "-",
    "- ",
    "-x",
    ":",
    "a:",
    "a:b",
    "a:\n",
    "a: ",
    "a:  \n",
    "a: b\n  ",
    "a: 1\n \n",
    "a: 1\n# c\n  # indented comment\n",
    "- a\n-b\n",
    "- a\n- \n",
    "- a\nb: 1\n",
    "- a\n-\n",
    "a:\n- x\n- y\nb: 1\n",
    "a:\n  - x\n- y\n",
    "- - x\n",
    "-  a: 1\n   b: 2\n",
    "- a: 1\n  b:\n    - c\n",
    "a: 中文\n键: 值\nb: '中''文'\nc: \"中\"\nd: [中, 文]\ne: {k: 中}\n",
    "a: 𝔘𝔫𝔦𝔠𝔬𝔡𝔢\nb: - x\n",
    "a: |\n  中文\n  𝔘\n",
    "a: 1\u00a0\nb: x\u3000y\n",
    "a: 123456789012345678\nb: -12345678901234567\nc: +1234567890123456789\n",
    "a: -1234567890123456789\nb: 0\nc: -0\nd: +0\ne: 00\nf: 0x1\ng: 1_000\n",
    "a: ~\nb: null\nc: NULL\nd: Null\ne: nULL\nf: true\ng: TRUE\nh: tRUE\ni: +\nj: -\n",
    "a: '' \nb: ''\nc: ''''\nd: 'a''\ne: 'a'' '\nf: 'x' # c\ng: 'x'#c\n",
    'a: ""\nb: "x" \nc: "x"  # c\nd: "x\\n"\ne: "x" y\nf: "a # b"\ng: "x" # \\\n',
    "a: x # c\nb: x #c\nc: x#c\nd: x  #\ne: x: y\nf: x:\ng: :x\nh: ?x\ni: -x\n",
    "a: [a, 'b', \"c\", d e, 'f''g', ~, 1, -1, true, '', \"\"]\n",
    "a: [ ]\nb: { }\nc: [a,b]\nd: [a ,b]\ne: [a , b ]\nf: {a: 1,b: 2}\n",
    "a: [a]b\nb: [a] # c\nc: [a]#c\nd: [-a]\ne: [a:]\nf: [a: b]\ng: [:a]\n",
    "a: {a:1}\nb: {a: }\nc: {'a': 1}\nd: {1: a}\ne: {true: a}\nf: {a: 1, }\n",
    "a: {bb: xx, bb: yy}\n",
    "a: {bb: xx, null: yy}\n",
    "a:\n  bb: xx\n  bb: yy\n",
    "a: {b: x, c: 'y' z}\n",
    'a: [a, , b]\nb: [,]\nc: [#]\nd: [\'a\', "b\\""]\ne: [\'a\' b]\nf: ["a" b]\n',
    "a: [a # b]\nb: [a #b]\nc: {a: b #c}\nd: [{a: 1}]\ne: [[a]]\nf: ]\ng: }\n",
    "a: |\n  x\nb: |-\n  x\nc: |+\n  x\nd: >\n  x\n  y\ne: >-\n  x\n\n  y\n",
    "a: |+\n  x\n\n\n",
    "a: |+\n  x\n\n\nb: 1\n",
    "a: |+\n  x\n  \n",
    "a: |\n  x\n\n",
    "a: |-\n  x\n\n",
    "a: >\n  x\n\n\n  y\n",
    "a: >\n  x\n   y\n",
    "a: |\n  x\n   y\n  z\n",
    "a: |\n   x\n  y\n",
    "a: | #c\n  x\n",
    "a: |#c\n  x\n",
    "a: |  \n  x\n",
    "a: |-+\n  x\n",
    "a: |1\n  x\n",
    "a: |\n",
    "a: |",
    "a: >\n x\n",
    "- |\n x\n- >-\n  y\n",
    "- |\n  x\n y\n",
    "- |\n- x\n",
    "a:\n  b: |\n    x\n  c: 1\n",
    "a:\n  b: |\n  x\n",
    "a: |\n  x\n\n\n# c\n",
    "a: 1\n\n\n",
    "a: 1" + "\n" * 300,
    "a:\n" + "".join("  " * d + f"k{d}:\n" for d in range(1, 33)),
    "a:\n" + "".join("  " * d + f"k{d}:\n" for d in range(1, 34)),
    "".join("  " * d + f"k{d}:\n" for d in range(40)) + "  " * 40 + "v: 1\n",
    "".join("  " * d + "- \n" for d in range(3)),
    "".join("  " * d + "-\n" for d in range(3)),
    "- " * 40 + "x\n",
    "a: b\tc\n",
    "a: b\rc\n",
    "a: b\x00c\n",
    "a: b\x85c\n",
    "a: b\x9f\n",
    "a: b\xa0\n",
    "a: \ufffe\n",
    "a: \uffff\n",
    "a: \ufffd\n",
    "a: \ud800\n",
    "a: \U0010ffff\n",
    "a: \x7f\n",
    "a: \x1f\n",
    "a: \x0b\n",
    "a: \x0c\n",
    "a: 1\u2029",
]


@pytest.mark.parametrize("text", EDGES)
def test_agrees_on_edges(text: str) -> None:
    _same(text)


@settings(max_examples=600, deadline=None)
@given(_block_texts())
def test_agrees_on_the_block_grammar(text: str) -> None:
    _same(text)


@settings(max_examples=150, deadline=None)
@given(_documents)
def test_agrees_on_flow_documents(text: str) -> None:
    _same(text)


# Adversarial texts: pieces of every kind the reader looks at, mixed with little regard for
# what makes sense, so that each refusal and each edge of a match is reached.

_PIECES = [" ", "  ", "-", "- ", ":", ": ", "'", "''", '"', "\\", "#", " #", "|", ">", "|-",
           ">+", "{", "}", "[", "]", ",", ", ", "a", "key", "k-1", "_", "9", "0", "-1", "+",
           "~", "null", "True", "FALSE", "中", "文 ", "𝔘", "\u00a0", "\t", "\r", "\x00",
           "\x85", "\u2028", "\ufeff", "\ud800", "!", "&", "*", "%", "@", "`", "?",
           "1234567890123456789", "123456789012345678", "\n", "\n", "\n", "\n  ",
           "\n- "]  # fmt: skip

_soup = st.lists(st.sampled_from(_PIECES), max_size=40).map("".join)
"""Any order of the pieces: mostly refused, sometimes a text the reader takes."""

_adversarial_values = st.one_of(
    _plain,
    st.sampled_from(["'a''b'", "'a'' b'", "'a' ''", '"a" "b"', "'x'#c", '"x"#c', "x #", "x#",
                     "[a, 'b, c']", "[\"a, b\"]", "[a b, c d]", "[ a , b ]", "{a: b, c: 'd'}",
                     "{a: [b]}", "{a: b c}", "{a: -b}", "[a:b]", "[a: b]", "{a b: c}",
                     "{a: 1, a: 2}", "{null: 1}", "[1, 0, -0, +5, 007, 12345678901234567890]",
                     "18446744073709551616", "-9223372036854775808", "999999999999999999",
                     "中文: 值", "值 #注", "'中''文'", "\"中\"", "[中, 文]", "a\u00a0b",
                     "|+  # c", ">-  ", "|  x", "| #", "||", "|>", "> #x"]),
    st.text(alphabet=st.sampled_from(list("ab 中:#'\"-[]{},|>~1")), min_size=1, max_size=12),
)  # fmt: skip
_adversarial_keys = st.sampled_from(
    ["a", "b", "key", "k-1", "_x", "A9", "null", "True", "~", "1", "'a'", '"a"', "a b", "中",
     "-a", "a:", "", "?"]
)  # fmt: skip


@st.composite
def _adversarial_lines(draw: st.DrawFn) -> str:
    """Lines put together from an indentation, dashes, a key, a value and a comment, each
    drawn from the forms the reader accepts and the ones it must refuse, with block scalar
    content under some of them."""
    lines: list[str] = []
    for _ in range(draw(st.integers(0, 16))):
        line = " " * draw(st.sampled_from([0, 0, 0, 1, 2, 2, 3, 4, 4, 6, 8]))
        line += draw(st.sampled_from(["", "", "", "- ", "-  ", "- - ", "-", "-\t"]))
        if draw(st.booleans()):
            line += draw(_adversarial_keys) + draw(st.sampled_from([":", ": ", ":  ", " :"]))
        if draw(st.integers(0, 3)):
            line += draw(_adversarial_values)
        if draw(st.integers(0, 5)) == 0:
            line += draw(st.sampled_from([" # c", "#c", "  #", " "]))
        lines.append(line)
        if draw(st.integers(0, 4)) == 0:  # content for a block scalar, or a stray line
            for _ in range(draw(st.integers(0, 4))):
                lines.append(
                    " " * draw(st.integers(0, 8)) + draw(st.sampled_from(["", "x", " y", "中"]))
                )
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\n\n", "\n  ", "\n\n\n"]))


@st.composite
def _deep(draw: st.DrawFn) -> str:
    """Mappings and sequences nested around the reader's depth limit (32)."""
    depth = draw(st.integers(25, 40))
    lines = []
    indent = 0
    for _ in range(depth):
        if draw(st.booleans()):
            lines.append(" " * indent + "k:")
            indent += draw(st.sampled_from([1, 2]))
        else:
            lines.append(" " * indent + "- k:")
            indent += 2 + draw(st.sampled_from([0, 1, 2]))
    lines.append(" " * indent + draw(st.sampled_from(["v: 1", "- x", "x"])))
    return "\n".join(lines) + "\n"


@settings(max_examples=1500, deadline=None)
@given(_soup)
def test_agrees_on_character_soup(text: str) -> None:
    _same(text)


@settings(max_examples=1500, deadline=None)
@given(_adversarial_lines())
def test_agrees_on_adversarial_lines(text: str) -> None:
    _same(text)


@settings(max_examples=200, deadline=None)
@given(_deep())
def test_agrees_around_the_depth_limit(text: str) -> None:
    _same(text)


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=60))
def test_agrees_on_any_text(text: str) -> None:
    _same(text)


def test_reads_a_str_subclass_and_refuses_other_types() -> None:
    class Text(str):
        pass

    assert _same(Text("a: [x, y]\nb: |\n  z\n"))
    with pytest.raises(TypeError):
        _compiled(b"a: 1\n")  # type: ignore[arg-type]
    assert _yamlblock is not None
    for wrong in [(), ("a: 1\n", SHARED, SHARED), ("a: 1\n", ["a"]), ("a: 1\n", None)]:
        with pytest.raises(TypeError):
            _yamlblock.read_block(*wrong)  # type: ignore[arg-type]


def test_shares_values_across_records_as_the_python_reader_does() -> None:
    """The str values of a shared key, in a set or a frozenset, are one object wherever they
    are written (in block and flow mappings, at any depth); other values, and the items of a
    list under a shared key, are not interned."""
    text = (
        "- source: src one\n  note: text one\n  unit: [k m]\n  deeper: {source: src one}\n"
        "- source: 'src one'\n  note: text one\n  unit: [k m]\n  deeper:\n    source: |-\n"
        "      src one\n"
    )
    for shared in ({"source", "unit"}, frozenset({"source", "unit"})):
        first, second = _compiled(text, shared)  # type: ignore[arg-type]
        assert first["source"] is second["source"] is first["deeper"]["source"]
        assert second["deeper"]["source"] is first["source"]
        assert first["note"] == second["note"] and first["note"] is not second["note"]
        assert first["unit"][0] is not second["unit"][0]
    first, second = _compiled(text)
    assert first["source"] == second["source"] and first["source"] is not second["source"]


def test_tells_apart_shared_values_kept_in_one_slot() -> None:
    """Values of shared keys of one length whose first, middle and last characters agree are
    kept in one slot by the compiled reader; each is still read as written."""
    values = ["axbya", "aybxa", "azbza", "a中b中a", "a𝔘b𝔘a", "axbya", '"aybxa"', "'azbza'"]
    text = "".join(f"- source: {value}\n  other: {value}\n" for value in values)
    assert _same(text)
    read = _compiled(text, frozenset({"source"}))
    assert [item["source"] for item in read] == [value.strip("'\"") for value in values]
    assert read[0]["source"] is read[5]["source"] and read[1]["source"] is read[6]["source"]


def test_reading_leaves_nothing_behind() -> None:
    """Every path frees what it made, the refusals half-way through a record included: reading
    a text again and again keeps no memory block and no reference to a shared object."""
    shared = [yamlblock.OUTSIDE, None, True, False]
    kept = {}
    for text in TAKEN + STANDS_ASIDE + CASES + EDGES:
        for keys in (frozenset(), SHARED):
            _compiled(text, keys)  # the first reading interns the keys and shared values
            blocks = sys.getallocatedblocks()
            references = [sys.getrefcount(o) for o in [*shared, keys]]
            for _ in range(20):
                _compiled(text, keys)
            if (
                sys.getallocatedblocks() - blocks > 5
                or [sys.getrefcount(o) for o in [*shared, keys]] != references
            ):
                kept[text, len(keys)] = sys.getallocatedblocks() - blocks
    assert kept == {}


# The containers: made without running LocatedDict's and LocatedList's __init__ (see
# new_located in _yamlblock.c), where the classes are as located.py writes them.


def test_makes_its_containers_without_calling_their_classes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert _yamlblock is not None and _yamlblock.DIRECT
    calls = []
    for cls in (LocatedDict, LocatedList):
        init = cls.__init__

        def counted(self: Any, line: int = 0, init: Any = init) -> None:
            calls.append(type(self))
            init(self, line)

        monkeypatch.setattr(cls, "__init__", counted)
    text = "a: 1\nb: [x]\nc: {d: e}\nf:\n  - g: h\n  - i\n"
    compiled = _compiled(text)
    assert calls == []
    assert _exact(compiled) == _exact(yamlblock.read_block_python(text))
    assert calls  # the Python reader calls them


def _by_the_class(value: Any) -> Any:
    """``value`` made again by calling its class (and filled in the same order), every
    container inside it too, with the same scalars (the very objects)."""
    if isinstance(value, LocatedDict):
        made = LocatedDict(value.line)
        for key, item in value.items():
            made.key_lines[key] = value.key_lines[key]
            made[key] = _by_the_class(item)
        return made
    if isinstance(value, LocatedList):
        made = LocatedList(value.line)
        for line, item in zip(value.item_lines, value, strict=True):
            made.item_lines.append(line)
            made.append(_by_the_class(item))
        return made
    return value


_UNSET = object()


def _visible(value: Any) -> Any:
    """A container's type, slots (set or not) and contents, all the way down."""
    if isinstance(value, LocatedDict | LocatedList):
        slots = [getattr(value, name, _UNSET) for name in type(value).__slots__]
        items = value.items() if isinstance(value, dict) else enumerate(value)
        return (type(value), slots, [(k, _visible(v)) for k, v in items])
    return (type(value), value)


def _outcome(call: Any) -> Any:
    try:
        return ("value", call())
    except Exception as error:  # both must fail alike
        return ("error", type(error), str(error))


def _indistinguishable(compiled: Any, made: Any) -> None:
    """Everything Python can see of a container: its type, slots and their values' types,
    contents, size, tracking by the collector, weak references, pickling and copying."""
    assert type(compiled) is type(made)
    assert compiled == made and repr(compiled) == repr(made)
    for name in type(made).__slots__:  # set or not
        slot = [getattr(value, name, _UNSET) for value in (compiled, made)]
        assert type(slot[0]) is type(slot[1]) and slot[0] == slot[1]
    assert not hasattr(compiled, "__dict__") and not hasattr(made, "__dict__")
    assert sys.getsizeof(compiled) == sys.getsizeof(made)
    assert gc.is_tracked(compiled) and gc.is_tracked(made)
    assert _outcome(lambda: weakref.ref(compiled)) == _outcome(lambda: weakref.ref(made))
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        pickled = [_outcome(lambda v=v, p=protocol: pickle.dumps(v, p)) for v in (compiled, made)]
        assert pickled[0] == pickled[1]
    for copied, copied_made in [
        (pickle.loads(pickle.dumps(compiled)), pickle.loads(pickle.dumps(made))),
        (copy.copy(compiled), copy.copy(made)),
        (copy.deepcopy(compiled), copy.deepcopy(made)),
    ]:
        assert _visible(copied) == _visible(copied_made)
    for item, item_made in zip(
        compiled.values() if isinstance(made, dict) else compiled,
        made.values() if isinstance(made, dict) else made,
        strict=True,
    ):
        if isinstance(item_made, LocatedDict | LocatedList):
            _indistinguishable(item, item_made)


@pytest.mark.parametrize(
    "text",
    [
        "a: 1\n",
        "a: {}\nb: []\nc:\n",
        "- x\n- [y, 'z']\n- {k: v}\n",
        "claims:\n  - id: x\n    value: 4.1 万亿\n    line: 300\n    q: {as-of: 2026}\n",
        "a:\n" + "".join(f"  k{n}: {n}\n" for n in range(40)) + "b: [" + "x, " * 30 + "y]\n",
        "\n" * 300 + "a: 1\n",  # a line number beyond the small ints Python keeps
    ],
)
def test_a_container_read_is_one_its_class_makes(text: str) -> None:
    compiled = _compiled(text)
    _indistinguishable(compiled, _by_the_class(compiled))
    changed = _compiled(text)  # and both change alike
    made = _by_the_class(changed)
    for value in (changed, made):
        value.line = 9
        if isinstance(value, dict):
            value.key_lines["new"] = 9
            value["new"] = 1
        del value.line
    _indistinguishable(changed, made)
    assert _outcome(lambda: changed.line) == _outcome(lambda: made.line)


_CHANGED_CLASSES = {
    "an extra slot": """
class LocatedDict(dict):
    __slots__ = ("line", "key_lines", "file")
    def __init__(self, line=0):
        self.line, self.key_lines, self.file = line, {}, "f"
expected = lambda value: value.file == "f"
""",
    "a __new__": """
class LocatedDict(dict):
    __slots__ = ("line", "key_lines")
    def __new__(cls, line=0):
        made = super().__new__(cls)
        made["new"] = 1
        return made
    def __init__(self, line=0):
        self.line, self.key_lines = line, {"new": line}
expected = lambda value: value["new"] == 1
""",
    "an __init__ that sets other values": """
class LocatedDict(dict):
    __slots__ = ("line", "key_lines")
    def __init__(self, line=0):
        self.line, self.key_lines = line + 1000, {}
expected = lambda value: value.line == 1001
""",
    "a __dict__": """
class LocatedDict(dict):
    def __init__(self, line=0):
        self.line, self.key_lines = line, {}
expected = lambda value: vars(value) == {"line": 1, "key_lines": {"a": 1}}
""",
    "a __weakref__": """
class LocatedDict(dict):
    __slots__ = ("line", "key_lines", "__weakref__")
    def __init__(self, line=0):
        self.line, self.key_lines = line, {}
expected = lambda value: weakref.ref(value)() is value
""",
    "a metaclass": """
class Meta(type):
    def __call__(cls, *args):
        made = super().__call__(*args)
        made.line = -1
        return made
class LocatedDict(dict, metaclass=Meta):
    __slots__ = ("line", "key_lines")
    def __init__(self, line=0):
        self.line, self.key_lines = line, {}
expected = lambda value: value.line == -1
""",
    "a class of another base": """
class LocatedDict(collections.OrderedDict):
    def __init__(self, line=0):
        super().__init__()
        self.line, self.key_lines = line, {}
expected = lambda value: type(value).__mro__[1] is collections.OrderedDict
""",
}


@pytest.mark.parametrize("change", sorted(_CHANGED_CLASSES))
def test_calls_a_located_class_it_does_not_know(change: str) -> None:
    """Where LocatedDict is not as the compiled reader expects (each change here made to it
    before the module is imported), the reader calls the class, as the Python reader does."""
    code = (
        "import collections, weakref\n"
        "import claimkb.located\n"
        + _CHANGED_CLASSES[change]
        + "claimkb.located.LocatedDict = LocatedDict\n"
        "from claimkb import _yamlblock\n"
        "value = _yamlblock.read_block('a: 1\\n')\n"
        "assert not _yamlblock.DIRECT\n"
        "assert type(value) is LocatedDict and value == {'a': 1} or value['new'] == 1, value\n"
        "assert expected(value) and value.key_lines['a'] == 1, value\n"
        "assert type(_yamlblock.read_block('- x\\n')) is claimkb.located.LocatedList\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)

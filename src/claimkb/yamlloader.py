"""PyYAML's way of reading a KB's YAML, for the texts :mod:`.yamlblock` leaves.

A knowledge base's files are almost always plain block YAML, which the block reader reads
alone; anything else (flow collections, anchors, tags, odd quoting, syntax errors) is read
here, through PyYAML's C parser (``CSafeLoader`` where libyaml is present) with constructors
that keep lines, refuse duplicate keys and aliases, and resolve scalars conservatively (see
:mod:`.yamlio`). Imported only when such a text comes, so a check of plain files never
imports PyYAML.
"""

from __future__ import annotations

import re
import sys
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .located import BOOLS, IMPLICIT, IMPLICIT_FIRST, LocatedDict, LocatedList
from .yamlproblem import MAX_DEPTH, YamlProblem

__all__ = ["load"]

_BaseLoader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_NULL = "tag:yaml.org,2002:null"
_BOOL = "tag:yaml.org,2002:bool"
_INT = "tag:yaml.org,2002:int"
_STR = "tag:yaml.org,2002:str"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"


def _line(node: Node) -> int:
    return int(node.start_mark.line) + 1


# The problems both ways of building values refuse (the fast path and PyYAML's machinery).


def _reused(node: Node) -> YamlProblem:
    return YamlProblem(
        "yaml-forbidden",
        "the value anchored on this line is reused through an alias (*name); aliases are not "
        "supported in a knowledge base - write the value out where it applies",
        _line(node),
    )


def _too_deep(node: Node) -> YamlProblem:
    return YamlProblem(
        "yaml-forbidden",
        f"nesting deeper than {MAX_DEPTH} levels; a KB record needs only a few",
        _line(node),
    )


def _complex_key(node: Node) -> YamlProblem:
    return YamlProblem("yaml-syntax", "a mapping key must be a plain scalar", _line(node))


def _duplicate_key(key: object, first_line: int, node: Node) -> YamlProblem:
    return YamlProblem(
        "duplicate-key",
        f"key {key!r} appears twice in one mapping (first on line {first_line}); YAML would "
        "silently keep only the last - remove or rename one",
        _line(node),
    )


class _KBLoader(_BaseLoader):
    """Safe loader with located containers and strict, YAML-1.2-like scalar resolution.

    The C composer calls :meth:`resolve` for every node, and :func:`_construct` builds the
    values; the ``construct_*`` methods below remain the reference for the rare tags and
    shapes the fast path hands back to PyYAML's machinery.
    """

    _depth = 0
    shared: frozenset[str] = frozenset()
    """The keys whose str values are interned (see :func:`load`)."""

    def resolve(self, kind: type[Node], value: Any, implicit: Any) -> str:
        """The conservative resolvers below, in one regular expression (PyYAML's generic
        resolver walks a table of them per scalar, which dominated load time)."""
        if kind is ScalarNode:
            if implicit[0] and (value[:1] in IMPLICIT_FIRST or not value):
                match = IMPLICIT.match(value)
                if match is not None:
                    return _IMPLICIT_TAGS[match.lastindex or 0]
            return _STR
        return _MAP if kind is MappingNode else _SEQ

    def construct_object(self, node: Node, deep: bool = False) -> Any:
        if node in self.constructed_objects:
            raise _reused(node)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _too_deep(node)
            return super().construct_object(node, deep=deep)
        finally:
            self._depth -= 1

    def construct_kb_mapping(self, node: Node) -> LocatedDict:
        if not isinstance(node, MappingNode):
            raise YamlProblem("yaml-syntax", "expected a mapping", _line(node))
        result = LocatedDict(_line(node))
        key_lines = result.key_lines
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                raise _complex_key(key_node)
            key = self.construct_object(key_node)
            if key in result:
                raise _duplicate_key(key, key_lines[key], key_node)
            key_lines[key] = _line(key_node)
            value = self.construct_object(value_node)
            result[key] = sys.intern(value) if key in self.shared and type(value) is str else value
        return result

    def construct_kb_sequence(self, node: Node) -> LocatedList:
        if not isinstance(node, SequenceNode):
            raise YamlProblem("yaml-syntax", "expected a sequence", _line(node))
        result = LocatedList(_line(node))
        for item in node.value:
            result.item_lines.append(_line(item))
            result.append(self.construct_object(item))
        return result

    def construct_kb_int(self, node: Node) -> int:
        if not isinstance(node, ScalarNode):  # "!!int" put on a mapping or a list
            raise YamlProblem("yaml-syntax", "the tag !!int applies only to a number", _line(node))
        try:
            return int(node.value)
        except ValueError:  # not decimal ("!!int x") or more digits than int() converts
            if not re.fullmatch(r"[-+]?[0-9]+", node.value.strip()):
                raise YamlProblem(
                    "yaml-syntax", f"!!int {node.value!r} is not a whole number", _line(node)
                ) from None
            raise YamlProblem(
                "yaml-forbidden",
                f"a number with {len(node.value):,} digits; no value needs that many - quote "
                "it if it really is text",
                _line(node),
            ) from None

    def construct_kb_bool(self, node: Node) -> bool:
        """``!!bool`` written out: only the YAML 1.2 spellings, as for a plain scalar."""
        if isinstance(node, ScalarNode) and node.value in BOOLS:
            return BOOLS[node.value]
        shown = repr(node.value) if isinstance(node, ScalarNode) else "a collection"
        raise YamlProblem("yaml-syntax", f"!!bool {shown} is not true or false", _line(node))

    def construct_kb_undefined(self, node: Node) -> Any:
        raise YamlProblem(
            "yaml-forbidden",
            f"the tag {node.tag!r} is not allowed: a knowledge base holds only plain "
            "mappings, lists, strings, numbers and booleans",
            _line(node),
        )


def _conservative_resolvers() -> dict[str | None, list[tuple[str, re.Pattern[str]]]]:
    rules = [
        (_NULL, re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""]),
        (_BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")),
        (_INT, re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$"), list("-+0123456789")),
    ]
    table: dict[str | None, list[tuple[str, re.Pattern[str]]]] = {}
    for tag, regexp, first in rules:
        for ch in first:
            table.setdefault(ch or None, []).append((tag, regexp))
    return table


_KBLoader.yaml_implicit_resolvers = _conservative_resolvers()
_IMPLICIT_TAGS = {1: _NULL, 2: _BOOL, 3: _INT}
_INT_TEXT = re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$")
_KBLoader.add_constructor(_MAP, _KBLoader.construct_kb_mapping)
_KBLoader.add_constructor(_SEQ, _KBLoader.construct_kb_sequence)
_KBLoader.add_constructor(_INT, _KBLoader.construct_kb_int)
_KBLoader.add_constructor(_BOOL, _KBLoader.construct_kb_bool)
_KBLoader.add_constructor(None, _KBLoader.construct_kb_undefined)
for _tag in (
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:timestamp",
    "tag:yaml.org,2002:binary",
    "tag:yaml.org,2002:set",
    "tag:yaml.org,2002:omap",
    "tag:yaml.org,2002:pairs",
):
    _KBLoader.add_constructor(_tag, _KBLoader.construct_kb_undefined)


def _construct(loader: _KBLoader, root: Node, track_aliases: bool) -> Any:
    """Build the document's values from its nodes, as ``loader.construct_document`` would.

    The common shapes (plain and quoted strings, null, true/false, decimal integers, mappings
    and sequences with their usual tags) are built here directly; anything else - an explicit
    tag, a collection under a scalar's tag - goes to the loader's own ``construct_object``, so
    it is accepted or refused, with the same message, exactly as before. Problems are raised
    in document order, as the recursive PyYAML constructor raises them.

    Without an anchor (``&``) in the text no node can be reached twice, so the alias
    bookkeeping is skipped.
    """
    done: set[int] = set()  # nodes built: meeting one again means an alias
    active: set[int] = set()  # nodes being built: meeting one again means a recursive alias
    shared = loader.shared

    def build(node: Node, depth: int) -> Any:
        if track_aliases:
            if id(node) in done:
                raise _reused(node)
        depth += 1
        if depth > MAX_DEPTH:
            raise _too_deep(node)
        if track_aliases:
            if id(node) in active:
                raise yaml.constructor.ConstructorError(
                    None, None, "found unconstructable recursive node", node.start_mark
                )
            active.add(id(node))
        kind = node.__class__
        tag = node.tag
        value: Any
        if kind is ScalarNode and tag == _STR:
            value = node.value
        elif kind is MappingNode and tag == _MAP:
            value = LocatedDict(node.start_mark.line + 1)
            key_lines = value.key_lines
            inline = not track_aliases and depth < MAX_DEPTH  # strings need no checks
            for key_node, value_node in node.value:
                if key_node.__class__ is not ScalarNode:
                    raise _complex_key(key_node)
                key = key_node.value if inline and key_node.tag == _STR else build(key_node, depth)
                if key in value:
                    raise _duplicate_key(key, key_lines[key], key_node)
                key_lines[key] = key_node.start_mark.line + 1
                if inline and value_node.__class__ is ScalarNode and value_node.tag == _STR:
                    item = value_node.value
                else:
                    item = build(value_node, depth)
                if key in shared and type(item) is str:
                    item = sys.intern(item)
                value[key] = item
        elif kind is SequenceNode and tag == _SEQ:
            value = LocatedList(node.start_mark.line + 1)
            item_lines = value.item_lines
            inline = not track_aliases and depth < MAX_DEPTH
            for item in node.value:
                item_lines.append(item.start_mark.line + 1)
                if inline and item.__class__ is ScalarNode and item.tag == _STR:
                    value.append(item.value)
                else:
                    value.append(build(item, depth))
        elif kind is ScalarNode and tag == _NULL:
            value = None
        elif kind is ScalarNode and tag == _BOOL and node.value in BOOLS:
            value = BOOLS[node.value]
        elif (
            kind is ScalarNode
            and tag == _INT
            and len(node.value) < 19
            and _INT_TEXT.match(node.value)
        ):
            value = int(node.value)  # a short decimal; construct_kb_int judges the rest
        else:  # an explicit or unusual tag: PyYAML's way, which refuses what we do not allow
            value = loader.construct_object(node)
        if track_aliases:
            active.discard(id(node))
            done.add(id(node))
        return value

    return build(root, 0)


def load(text: str, shared: frozenset[str] = frozenset()) -> Any:
    """Parse one YAML document through PyYAML, for a text the block reader leaves (see
    :func:`.yamlio.parse_yaml`); every str value directly under a key in ``shared`` is
    interned, as the block reader does."""
    loader = _KBLoader(text)
    loader.shared = shared
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        return _construct(loader, node, track_aliases="&" in text)
    except YamlProblem:
        raise
    except yaml.MarkedYAMLError as exc:
        raise _syntax_problem(exc) from None
    except yaml.reader.ReaderError as exc:
        # libyaml counts the position in bytes of the UTF-8 text
        line = text.encode("utf-8", "surrogatepass")[: exc.position].count(b"\n") + 1
        raise YamlProblem(
            "yaml-syntax",
            f"a control character (U+{exc.character:04X}) is not allowed in YAML text; "
            "delete it, or write it as an escape in a double-quoted string",
            line,
        ) from None
    except yaml.YAMLError as exc:
        raise YamlProblem("yaml-syntax", f"YAML error: {exc}", 1) from None
    except RecursionError:
        raise YamlProblem("yaml-forbidden", "nesting too deep to read", 1) from None
    finally:
        loader.dispose()


def _syntax_problem(exc: yaml.MarkedYAMLError) -> YamlProblem:
    """A parser error as a located problem, naming where the unfinished construct began."""
    mark = exc.problem_mark or exc.context_mark
    line = int(mark.line) + 1 if mark is not None else 1
    column = int(mark.column) + 1 if mark is not None else None
    what = exc.problem or exc.context or "invalid YAML"
    if "expected a single document" in str(exc.context or ""):
        return YamlProblem(
            "yaml-syntax",
            "a file holds more than one YAML document ('---'); keep one per file",
            line,
        )
    if "maximum nesting depth" in what:
        return YamlProblem(
            "yaml-forbidden",
            f"nesting deeper than {MAX_DEPTH} levels; a KB record needs only a few",
            line,
        )
    if what.startswith("mapping values are not allowed"):
        what += " (a line indented too deep, or an unquoted value holding ': ' - quote it)"
    started = ""
    context_mark = exc.context_mark
    if exc.context and context_mark is not None and exc.problem_mark is not None:
        context_line = int(context_mark.line) + 1
        if context_line != line:
            started = f" ({exc.context}, which starts on line {context_line})"
    return YamlProblem("yaml-syntax", f"YAML syntax error: {what}{started}", line, column)

"""Editing a YAML file record by record, so that nothing else in it changes.

ruamel.yaml reads the file in round-trip mode (comments, key order, quoting and flow style are
kept on its nodes) and says where each record starts. The edit is then made on the *text*:
a new record is inserted after the last one of its section, an edited record's lines are
replaced by ruamel's rendering of that record alone, a removed record's lines are cut. Every
other byte of the file stays as it was, whatever ruamel would have made of it.

A record's lines run from its dash to the line before the next record, less the comments and
blank lines at or left of its dash that lead into what follows (a group heading such as
``# -- a model ---`` belongs to the next record, not to the one above it).

A file that does not parse, with claimkb's strict reader or with ruamel, is never rewritten.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import Refused

__all__ = ["Layout", "YamlFile", "render_document"]

RENDER_APART = 100
"""Records written at once from which a second process shares their rendering, where one
may (:func:`claimkb.forking.map_shared`: ``claimkb draft`` on a long article writes hundreds);
a fork and the lines handed back cost about what rendering a dozen records does."""


@dataclass(frozen=True)
class Layout:
    """Where a section's items are written: the dash's column and the content's."""

    dash: int = 2
    content: int = 4

    @property
    def mapping(self) -> int:
        return max(2, self.content - self.dash)


def _yaml(layout: Layout) -> Any:
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096  # never re-wrap a line; folded text keeps its own breaks
    yaml.indent(mapping=layout.mapping, sequence=layout.content, offset=layout.dash)
    return yaml


def render_document(record: Any, layout: Layout = Layout()) -> str:
    """A new file holding one mapping (a source record, a claims file's skeleton)."""
    out = io.StringIO()
    _yaml(layout).dump(record, out)
    return out.getvalue()


class YamlFile:
    """A KB file's text and its round-trip tree, for edits that touch one record."""

    def __init__(self, rel: str, text: str):
        from ruamel.yaml.error import YAMLError

        from ..yamlio import YamlProblem, parse_yaml

        self.rel = rel
        self.text = text
        try:
            parse_yaml(text)
        except YamlProblem as problem:
            raise Refused(
                f"{rel}:{problem.line or 1}: {problem.message}; claimkb does not rewrite a file "
                "that does not parse - fix it first (claimkb check shows the problem)"
            ) from None
        try:
            self.data = _yaml(Layout()).load(text)
        except YAMLError as exc:
            raise Refused(f"{rel}: {exc}; claimkb does not rewrite it") from None
        self.lines = text.splitlines(keepends=True)
        self.newline = "\r\n" if "\r\n" in text else "\n"

    # -- reading ---------------------------------------------------------------------------

    def items(self, section: str) -> Any:
        """The section's list (a ruamel CommentedSeq), or None when the file has none."""
        from ruamel.yaml.comments import CommentedMap, CommentedSeq

        if not isinstance(self.data, CommentedMap) or self.data.get(section) is None:
            return None
        items = self.data[section]
        if not isinstance(items, CommentedSeq):
            raise Refused(f"{self.rel}: '{section}' is not a list of records; fix it first")
        if items.fa.flow_style():
            raise Refused(
                f"{self.rel}: '{section}' is written as a flow list ([...]); claimkb edits "
                "block lists (one '- ' item per record)"
            )
        return items

    def index(self, section: str, record_id: str) -> int | None:
        items = self.items(section)
        for position, item in enumerate(items or ()):
            if hasattr(item, "get") and item.get("id") == record_id:
                return position
        return None

    def layout(self, section: str) -> Layout:
        items = self.items(section)
        if not items:
            return Layout()
        dash = self._dash_line(items, 0)
        return Layout(self.lines[dash].index("-"), items.lc.item(0)[1])

    # -- editing (each returns the new text) -----------------------------------------------

    def append(self, section: str, *records: Any, build: Callable[[Any], Any] | None = None) -> str:
        """The text with ``records`` added as the last items of ``section``; with ``build``,
        each record is given as what ``build`` makes the record of (a ruamel mapping, or
        the description :func:`~claimkb.authoring.emit.styled` makes), where it is rendered
        (in a second process too, for many: see :meth:`_render_all`)."""
        items = self.items(section)
        if items:
            layout = self.layout(section)
            at = self._block(items, len(items) - 1)[1]
            return self._splice(at, at, self._render_all(records, layout, build))
        block = self._render_all(records, Layout(), build)
        if isinstance(self.data, dict) and section in self.data:  # "claims:" or "claims: []"
            key_line = self.data.lc.key(section)[0]  # type: ignore[attr-defined]
            head = self.lines[key_line]
            emptied = re.sub(r"^(\s*" + re.escape(section) + r":)\s*(\[\s*\])?", r"\1", head)
            if emptied.strip() == head.strip() and "[" in head:
                raise Refused(f"{self.rel}:{key_line + 1}: cannot add to '{section}' as written")
            return self._splice(key_line, key_line + 1, [self._line(emptied), *block])
        if self.data is not None and not isinstance(self.data, dict):
            raise Refused(f"{self.rel}: the file is not a mapping of sections; fix it first")
        sections = isinstance(self.data, dict) and any(
            isinstance(v, list | dict) for v in self.data.values()
        )
        lead = ["\n"] if sections else []  # a blank line between sections, not after "source:"
        end = len(self.lines)
        tail = [] if not self.lines or self.lines[-1].endswith("\n") else ["\n"]
        return self._splice(end, end, [*tail, *lead, f"{section}:\n", *block])

    def update(self, section: str, record_id: str, mutate: Callable[[Any], None]) -> str:
        """The text with the record ``record_id`` changed by ``mutate`` (given its ruamel
        mapping) and rewritten in place; nothing else in the file moves."""
        position = self.index(section, record_id)
        if position is None:
            raise Refused(f"{self.rel}: no {section} record '{record_id}'")
        items = self.items(section)
        start, end = self._block(items, position)
        mutate(items[position])
        return self._splice(start, end, self._render(items[position], self.layout(section)))

    def remove(self, section: str, record_id: str) -> str:
        position = self.index(section, record_id)
        if position is None:
            raise Refused(f"{self.rel}: no {section} record '{record_id}'")
        start, end = self._block(self.items(section), position)
        return self._splice(start, end, [])

    # -- lines -------------------------------------------------------------------------------

    def _dash_line(self, items: Any, position: int) -> int:
        line, column = items.lc.item(position)
        while line > 0 and not self.lines[line][:column].strip().startswith("-"):
            line -= 1  # "-" alone on its line, the record's keys below it
        return line

    def _section_end(self, items: Any) -> int:
        """The line after the last line that may belong to the section's last record."""
        first = self._dash_line(items, 0)
        later = [self.data.lc.key(k)[0] for k in self.data if self.data.lc.key(k)[0] > first]
        return min(later, default=len(self.lines))

    def _block(self, items: Any, position: int) -> tuple[int, int]:
        """[start, end) lines of one record (see the module docstring)."""
        start = self._dash_line(items, position)
        dash = self.lines[start].index("-")
        if position + 1 < len(items):
            end = self._dash_line(items, position + 1)
        else:
            end = self._section_end(items)
        while end - 1 > start and _leads_on(self.lines[end - 1], dash):
            end -= 1
        return start, end

    def _render(self, record: Any, layout: Layout) -> list[str]:
        return self._render_all([record], layout)

    def _render_all(
        self,
        records: Sequence[Any],
        layout: Layout,
        build: Callable[[Any], Any] | None = None,
    ) -> list[str]:
        """The lines of ``records`` as items of a section, each rendered as it would be
        alone. They are dumped together (one dump of many records costs little more than
        one of a record) and cut where each item's dash is; were the cut to find another
        number of items, each is dumped on its own."""
        from ruamel.yaml.comments import CommentedSeq

        if not records:
            return []
        from ..forking import map_shared
        from .emit import to_node
        from .fastyaml import render

        def made(record: Any) -> Any:
            return build(record) if build is not None else record

        def node_of(record: Any) -> Any:  # a description (emit.styled) made a ruamel mapping
            return to_node(record) if isinstance(record, list) else record

        def rendered_fast(item: int) -> list[str] | None:
            return render(made(records[item]), layout.dash, layout.mapping, layout.content)

        fast = map_shared(rendered_fast, len(records), len(records) >= RENDER_APART)
        slow = [node_of(made(r)) for r, lines in zip(records, fast, strict=True) if lines is None]
        yaml = _yaml(layout)
        out = io.StringIO()
        if slow:
            yaml.dump(CommentedSeq(slow), out)
        rendered = _items(out.getvalue().splitlines(keepends=True), layout.dash)
        if len(rendered) != len(slow):
            rendered = []
            for record in slow:
                out = io.StringIO()
                yaml.dump(CommentedSeq([record]), out)
                rendered.append(out.getvalue().splitlines(keepends=True))
        dumped = iter(rendered)
        chunks = [lines if lines is not None else next(dumped) for lines in fast]
        found: list[str] = []
        for lines in chunks:
            while len(lines) > 1 and _leads_on(lines[-1], layout.dash):
                lines.pop()  # comments ruamel keeps with the record lead into the next one
            found += [self._line(line) for line in lines]
        return found

    def _line(self, line: str) -> str:
        body = line.rstrip("\r\n")
        return body + self.newline

    def _splice(self, start: int, end: int, new: list[str]) -> str:
        before = self.lines[:start]
        if before and not before[-1].endswith("\n"):
            before[-1] = before[-1] + self.newline
        return "".join([*before, *new, *self.lines[end:]])


def _items(lines: list[str], dash: int) -> list[list[str]]:
    """The lines of a dumped section cut into its items: each starts with a dash at column
    ``dash`` (what an item holds is indented further)."""
    head = " " * dash + "-"
    chunks: list[list[str]] = []
    for line in lines:
        if line.startswith(head) or not chunks:
            chunks.append([])
        chunks[-1].append(line)
    return chunks


def _leads_on(line: str, dash: int) -> bool:
    """Whether a line after a record belongs to what follows: blank, a document marker, or a
    comment written at or left of the record's dash."""
    stripped = line.strip()
    if not stripped or stripped in ("---", "..."):
        return True
    return stripped.startswith("#") and len(line) - len(line.lstrip()) <= dash

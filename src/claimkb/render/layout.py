"""Laying rows out for a terminal of any width, without breaking what must stay whole.

An id, a ``path:line``, a date or a figure broken across lines (``claims/seed`` /
``-000.yaml:8`` / ``0``) cannot be read, copied or searched for. So a listing is laid out in
one of two ways:

* a **table**, when every *atomic* column (ids, places, dates, figures) fits at its widest and
  every text column at least at its longest word: the widths are computed here and given to
  rich fixed, so rich never narrows a column below them;
* otherwise one **block** per row: its key fields on a first line, broken only between
  fields, then its text, wrapped between words, indented under it.

Before either, a column holding the same value on every row is moved to the heading
(``claims (12) · subject kimi-k3.1-pro``), and a column empty on every row is left out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .safe import cell

__all__ = ["Column", "Block", "listing", "flow", "block", "hanging"]

MIN_TEXT = 12
"""A text column narrower than this (or its longest word) makes the listing blocks."""
_BREAKABLE = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]")
"""Wide (CJK) characters: a line may break between any two, as Chinese is written."""


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    atomic: bool = True
    """Never broken: an id, a ``path:line``, a date, a figure, a status."""
    style: str = ""
    heading: bool = True
    """Moved to the heading when every row holds the same value."""
    numeric: bool = False
    """Right-aligned, as figures are."""


@dataclass(frozen=True, slots=True)
class Block:
    """One row for a narrow terminal: fields on its first line, then indented lines."""

    head: Sequence[str | Text]
    lines: Sequence[str | Text] = ()


Row = dict[str, str]


def _longest_word(text: str) -> int:
    words = _BREAKABLE.sub(" ", text).split()
    return max((cell_len(w) for w in words), default=0)


def _widths(columns: Sequence[Column], rows: Sequence[Row], width: int) -> list[int] | None:
    """Each column's width in a table that fits ``width`` cells, or None when none does."""
    need: list[int] = []
    most: list[int] = []
    for column in columns:
        cells = [row.get(column.name, "") for row in rows]
        widest = max([cell_len(column.name), *(cell_len(c) for c in cells)])
        if column.atomic:
            need.append(widest)
        else:
            longest = max([cell_len(column.name), *(_longest_word(c) for c in cells)])
            need.append(max(longest, min(widest, MIN_TEXT)))
        most.append(widest)
    room = width - (3 * len(columns) - 3) - sum(need)  # a cell of padding each side, a rule
    # between columns, none at the edges
    if room < 0:
        return None
    widths = list(need)
    # share what is left among the text columns that want more, those wanting least first,
    # so each short one gets all it wants and the long ones share the rest evenly
    wanting = sorted(
        (i for i, c in enumerate(columns) if not c.atomic and widths[i] < most[i]),
        key=lambda i: most[i] - widths[i],
    )
    for place, i in enumerate(wanting):
        grant = min(most[i] - widths[i], room // (len(wanting) - place))
        widths[i] += grant
        room -= grant
    return widths


def _common(columns: Sequence[Column], rows: Sequence[Row]) -> tuple[list[Column], list[str]]:
    """The columns to show, and ``name value`` for each moved to the heading."""
    kept: list[Column] = []
    heading: list[str] = []
    for column in columns:
        values = {row.get(column.name, "") for row in rows}
        if values == {""}:
            continue
        if column.heading and len(rows) > 1 and len(values) == 1:
            heading.append(f"{column.name} {values.pop()}")
            continue
        kept.append(column)
    return kept, heading


def flow(parts: Sequence[str | Text], width: int, indent: int = 0, sep: str = "  ") -> Text:
    """``parts`` on as few lines as fit ``width``, broken only between parts (a part wider
    than a line keeps its own line, whole); lines after the first are indented. A plain
    string part is user text, shown printable on one line."""
    lines: list[Text] = []
    current = Text()
    for part in parts:
        piece = part if isinstance(part, Text) else Text(cell(part, one_line=True))
        if not piece.plain:
            continue
        if current.plain and cell_len(current.plain) + len(sep) + piece.cell_len > width:
            lines.append(current)
            current = Text(" " * indent)
        elif current.plain.strip():
            current.append(sep)
        current.append_text(piece)
    if current.plain.strip():
        lines.append(current)
    return Text("\n").join(lines)


def block(console: Console, row: Block, indent: int = 2) -> None:
    """Print one block: its head fields, then its lines wrapped between words, indented.
    Plain strings are user text, shown printable (:func:`.safe.cell`); a ``Text`` is shown
    as it is."""
    head = flow(row.head, console.width, 2 * indent)  # deeper than its lines, so it reads apart
    console.print(head, soft_wrap=True, overflow="ignore")
    for line in row.lines:
        hanging(console, " " * indent, line if isinstance(line, Text) else Text(cell(line)))


def hanging(console: Console, prefix: str | Text, text: Text, indent: int | None = None) -> None:
    """``prefix`` then ``text`` wrapped between words to the console's width, each line after
    the first indented as far as the prefix reaches, or by ``indent`` (no line ends in
    padding)."""
    lead = prefix if isinstance(prefix, Text) else Text(prefix)
    under = lead.cell_len if indent is None else indent
    room = max(MIN_TEXT, console.width - max(lead.cell_len, under))
    for number, piece in enumerate(text.wrap(console, room, overflow="fold")):
        piece.rstrip()
        start = lead if number == 0 else Text(" " * under)
        console.print(Text.assemble(start, piece), soft_wrap=True, overflow="ignore")


def listing(
    console: Console,
    name: str,
    columns: Sequence[Column],
    rows: Sequence[Row],
    blocks: Callable[[Row, set[str]], Block],
    empty: str,
) -> None:
    """Print ``rows`` as a table if it fits the console, else as blocks (``blocks`` makes one
    from a row and the names of the columns not moved to the heading); ``empty`` when there
    are none. Cell text is user text: it is shown printable, never read as markup."""
    if not rows:
        console.print(empty, soft_wrap=True)
        return
    rows = [{k: cell(v, one_line=True) for k, v in row.items()} for row in rows]
    kept, heading = _common(columns, rows)
    shown = {c.name for c in kept}
    widths = _widths(kept, rows, console.width)
    parts: list[str | Text] = [Text(f"{name} ({len(rows)})", style="bold"), *heading]
    console.print(flow(parts, console.width, 2, sep=" · "), soft_wrap=True, overflow="ignore")
    made = [blocks(row, shown) for row in rows]
    if widths is None or _height(kept, rows, widths) > _blocks_height(made, console.width):
        for made_block in made:  # a table that wraps more than blocks take is no help
            block(console, made_block)
        return
    table = Table(
        box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold", expand=False
    )
    for column, size in zip(kept, widths, strict=True):
        table.add_column(
            column.name,
            width=size,
            no_wrap=column.atomic,
            overflow="ellipsis" if column.atomic else "fold",  # (atomic ones fit whole)
            style=column.style or None,
            justify="right" if column.numeric else "left",
        )
    for row in rows:
        table.add_row(*(Text(row.get(c.name, "")) for c in kept))
    trimmed(console, table)


def _lines(text: str | Text, width: int) -> int:
    """About how many lines ``text`` takes wrapped to ``width`` cells."""
    size = text.cell_len if isinstance(text, Text) else cell_len(text)
    return max(1, -(-size // max(1, width)))


def _height(columns: Sequence[Column], rows: Sequence[Row], widths: Sequence[int]) -> int:
    """About how many lines the table takes: its header and rule, and each row as tall as
    its most wrapped cell."""
    return 2 + sum(
        max(_lines(row.get(c.name, ""), w) for c, w in zip(columns, widths, strict=True))
        for row in rows
    )


def _blocks_height(made: Sequence[Block], width: int) -> int:
    """About how many lines the blocks take."""
    total = 0
    for one in made:
        head = sum(cell_len(p.plain if isinstance(p, Text) else p) + 2 for p in one.head)
        total += _lines(" " * max(0, head - 2), width)
        total += sum(_lines(line, width - 2) for line in one.lines)
    return total


def trimmed(console: Console, renderable: Table) -> None:
    """Print ``renderable`` with no line ending in the padding of its last cell."""
    for line in console.render_lines(renderable, pad=False):
        text = Text.assemble(*((s.text, s.style or "") for s in line if not s.control))
        text.rstrip()
        console.print(text, soft_wrap=True, overflow="ignore")

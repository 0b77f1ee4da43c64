"""A table of many plain rows, printed as rich prints it, in a fraction of the time.

rich lays out and renders every cell of a table through its general machinery (measuring,
styling, cropping and padding segments): about 2 ms a row, a second for the 500 drafts of a
long article. The rows of claimkb's tables are plain text (no style, one line each), so this
renderable computes what rich would for them - the columns' widths by rich's own rules, each
cell wrapped with rich's word division, the box's characters - and writes each line once. The
title and header (styled on a terminal) are rendered by rich itself, as a table with no rows
and the same widths. A cell that holds a line break or a tab, or widths too narrow for a
cell's padding, and cells whose own markup styles them on a terminal, go to rich's table
whole. The output is rich's, byte for byte (a test
compares on generated tables, with and without colours, at many widths). Printed by
:meth:`PlainTable.print`, no line is measured again to be cropped (see there). The rows of a
long table are wrapped in two processes where a second may run (:data:`APART`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from itertools import pairwise

from rich._ratio import ratio_reduce
from rich._wrap import divide_line
from rich.box import HEAVY_HEAD
from rich.cells import cell_len, set_cell_size
from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.table import Table

from ..forking import map_shared

__all__ = ["PlainTable"]

_PAD = 1
APART = 200
"""Rows from which a second process shares wrapping them, where one may
(:func:`claimkb.forking.map_shared`: ``claimkb draft`` on a long article prints hundreds)."""
"""rich's cell padding, left and right (``Table(padding=(0, 1))``)."""
_TRAILING_SPACE = re.compile(r"\s+$")


class PlainTable:
    """``Table(title=title)`` with ``columns`` (each ``overflow="fold"``) and ``rows`` of
    markup strings (escaped text), as a renderable."""

    def __init__(self, title: str, columns: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        self.title = title
        self.columns = list(columns)
        self.rows = [list(row) for row in rows]

    def print(self, console: Console) -> None:
        """Print the table as ``console.print`` would, without rich's cropping of each line
        to the console's width: the rows this writes fit in it, and rich's table, which
        may not (too narrow a console), is cropped as it is rendered."""
        console.print(self, crop=False)

    def rich_table(self, widths: Sequence[int] | None = None) -> Table:
        """The rich table this one prints as (with fixed widths and no rows: its head)."""
        table = Table(title=self.title)
        for index, column in enumerate(self.columns):
            width = None if widths is None else widths[index] - 2 * _PAD
            table.add_column(column, overflow="fold", width=width)
        if widths is None:
            for row in self.rows:
                table.add_row(*row)
        return table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        styled = False

        def plain(cell: str) -> str:  # markup and emoji codes read as rich reads them
            nonlocal styled
            if "[" not in cell and ":" not in cell:  # no tag, no emoji code: as written
                return cell
            text = console.render_str(cell, markup=options.markup, highlight=False)
            styled = styled or bool(text.spans)
            return text.plain

        rows = [[plain(cell) for cell in row] for row in self.rows]
        heads = [plain(column) for column in self.columns]
        widths = _widths(options.max_width - len(self.columns) - 1, [heads, *rows])
        if (
            widths is None
            or (styled and console.color_system is not None)  # a cell's own markup shows
            or any("\n" in c or "\t" in c for c in [*heads, *_flat(rows)])
        ):
            whole = console.render(self.rich_table(), options)  # cropped, as print crops it
            for line in Segment.split_and_crop_lines(whole, options.max_width, pad=False):
                yield from line
            return
        head = console.render_lines(self.rich_table(widths), options, pad=False)
        for segments in head[:-1]:  # all but the bottom edge
            yield from segments
            yield Segment.line()
        box = HEAVY_HEAD.substitute(options, safe=console.safe_box)

        def lines_of(index: int) -> list[str]:
            last = index == len(rows) - 1
            left, right, divider = (
                (box.foot_left, box.foot_right, box.foot_vertical)
                if last
                else (box.mid_left, box.mid_right, box.mid_vertical)
            )
            row = rows[index]
            cells = [_wrap(text, width - 2 * _PAD) for text, width in zip(row, widths, strict=True)]
            height = max(len(lines) for lines in cells)
            return [
                left
                + divider.join(
                    f" {lines[n]} " if n < len(lines) else " " * width
                    for lines, width in zip(cells, widths, strict=True)
                )
                + right
                for n in range(height)
            ]

        for written in map_shared(lines_of, len(rows), len(rows) >= APART):
            for text in written:
                yield Segment(text)
                yield Segment.line()
        yield Segment(box.get_bottom(widths))
        yield Segment.line()


def _flat(rows: list[list[str]]) -> Iterator[str]:
    for row in rows:
        yield from row


def _cells(text: str) -> int:
    """rich's ``cell_len``: printable ASCII (the most of any table) is a cell a character."""
    return len(text) if text.isascii() and text.isprintable() else cell_len(text)


def _longest(text: str) -> int:
    """The cells of the longest line of ``text``: the maximum of rich's measurement of it
    (``Text.__rich_measure__``). Its minimum, the longest word, never changes the width of a
    column whose cells fold (see :func:`_cell_maximum`), so it is not measured."""
    lines = text.splitlines()
    return max(_cells(line) for line in lines) if lines else 0


def _cell_maximum(longest: int, width: int) -> int:
    """The maximum of rich's measurement of a padded cell whose longest line is ``longest``
    within ``width`` (``Measurement.get`` of ``Padding(text, (0, 1))``, each step normalised
    and capped as rich does: the minimum, at most the maximum, drops out). It grows with
    ``longest``, so a column's is that of its longest cell."""
    if width - 2 * _PAD < 1:
        return width if width >= 1 else 0
    high = min(max(0, longest), width)
    high = min(high + 2 * _PAD, width)
    return high if high >= 1 else 0


def _widths(available: int, table: list[list[str]]) -> list[int] | None:
    """The columns' widths, padding included, as ``Table._calculate_column_widths`` gives
    them (no expansion, no fixed widths); None when a cell would have no room for text."""
    if available < 1:
        return None
    longest = [max(_longest(text) for text in column) for column in zip(*table, strict=True)]
    widths = [_cell_maximum(cells, available) or 1 for cells in longest]
    if sum(widths) > available:
        widths = Table._collapse_widths(widths, [True] * len(widths), available)
        if sum(widths) > available:
            excess = sum(widths) - available
            widths = ratio_reduce(excess, [1] * len(widths), widths, widths)
        widths = [_cell_maximum(cells, width) for cells, width in zip(longest, widths, strict=True)]
    return widths if all(w > 2 * _PAD for w in widths) else None


def _wrap(text: str, width: int) -> list[str]:
    """``text`` (one line) as ``Text.wrap`` cuts it for a left-justified, folding cell:
    rich's word division, the spaces past the width dropped, each line padded to ``width``.
    A text that fits is not divided (every word of it fits where it falls)."""
    offsets = [] if _cells(text) <= width else divide_line(text, width, fold=True)
    bounds = [0, *offsets, len(text)]
    lines = []
    for start, end in pairwise(bounds):
        line = text[start:end]
        if len(line) > width:
            trailing = _TRAILING_SPACE.search(line)
            if trailing is not None:
                line = line[: len(line) - min(len(trailing.group()), len(line) - width)]
        length = _cells(line)
        if length > width:
            line = set_cell_size(line, width)
        elif length < width:
            line += " " * (width - length)
        lines.append(line)
    return lines

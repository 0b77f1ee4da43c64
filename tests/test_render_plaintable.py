""":class:`claimkb.render.plaintable.PlainTable` prints what rich's ``Table`` prints for the
same title, columns (``overflow="fold"``) and rows, byte for byte: on generated tables (words,
Chinese and wide characters, words longer than a column, runs of spaces, markup and emoji
codes, empty cells, line breaks and tabs that rich's table takes instead), at widths from
too narrow to wide, without and with colours; and on the drafts of the seed articles."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.table import Table

from claimkb.render.plaintable import PlainTable
from claimkb.render.safe import markup as escape

_PIECES = [
    "draft", "subject", "long-article-d17", "Kimi K3.1 Pro", "2.8 trillion parameters",
    "总参数2.8 万亿", "摩尔线程", "ｆｕｌｌ", "a", "", " ", "   ", "\u3000", "-", "\n", "\t",
    "supercalifragilisticexpialidocious", "[bold]x[/bold]", "[", "]", ":smile:", ":thumbs_up:",
    "\\", "é", "e\u0301", "😀",
]  # fmt: skip

_cell = st.lists(st.sampled_from(_PIECES), max_size=6).map(" ".join)


def _console(width: int, colour: bool) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    if colour:
        console = Console(file=out, width=width, force_terminal=True, color_system="truecolor")
    else:
        console = Console(file=out, width=width, color_system=None)
    return console, out


def _printed(table: Table | PlainTable, width: int, colour: bool) -> str:
    console, out = _console(width, colour)
    if isinstance(table, PlainTable):
        table.print(console)  # as claimkb prints it
    else:
        console.print(table)
    return out.getvalue()


def _rich(title: str, columns: list[str], rows: list[list[str]]) -> Table:
    table = Table(title=title)
    for column in columns:
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(*row)
    return table


@settings(max_examples=250, deadline=None)
@given(
    columns=st.lists(_cell, min_size=1, max_size=6),
    data=st.data(),
    width=st.integers(min_value=4, max_value=160),
    colour=st.booleans(),
    escaped=st.booleans(),
)
def test_the_plain_table_is_rich_s_table(
    columns: list[str], data: st.DataObject, width: int, colour: bool, escaped: bool
) -> None:
    rows = data.draw(st.lists(st.lists(_cell, min_size=len(columns), max_size=len(columns))))
    if escaped:  # as claimkb's tables hold them
        columns = [escape(c) for c in columns]
        rows = [[escape(c) for c in row] for row in rows]
    title = f"drafts ({len(rows)})"
    expected = _printed(_rich(title, columns, rows), width, colour)
    assert _printed(PlainTable(title, columns, rows), width, colour) == expected


def test_the_drafts_of_the_seed_articles_print_as_rich_prints_them() -> None:
    import claimkb
    from claimkb.authoring.drafting import draft
    from conftest import PROJECT
    from test_authoring_kb import seeds

    kb = claimkb.load(PROJECT, snapshot_dirs=[seeds()])
    made = draft(kb, "seed-001")
    columns = ["draft", "subject", "property", "value", "quote", "line"]
    rows = [
        [escape(str(x)) for x in (d.id, d.subject, d.property, d.value, d.quote, d.line)]
        for d in made
    ]
    assert len(rows) > 50
    for width in (48, 100, 200):
        for colour in (False, True):
            expected = _printed(_rich("drafts", columns, rows), width, colour)
            assert _printed(PlainTable("drafts", columns, rows), width, colour) == expected

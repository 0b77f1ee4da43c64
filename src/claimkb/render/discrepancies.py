"""Discrepancies (``claimkb conflicts``) for a person: one block each.

A block gives the code, kind, severity and triage, then the subject · property and where it
was found, then each value stated: what it was read as, each wording of it with the claims
that write it, and an excerpt of the quote of the first of them, around the value. A
discrepancy that is not between rival values (a verdict against a status, a count against
its items, a recomputation) gives its message.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from .layout import Block, block, flow
from .records import finding_block
from .safe import cell
from .values import reading

__all__ = ["discrepancies", "excerpt"]


def excerpt(quote: str, focus: str, width: int) -> str:
    """``“quote”``, or the part of it around ``focus`` (the value it states) that fits
    ``width`` cells, with ``…`` where it is cut."""
    text = " ".join(quote.split())
    if cell_len(text) + 2 <= width:
        return f"“{text}”"
    room = max(8, width - 4)
    at = text.casefold().find(focus.casefold()) if focus else -1
    start = end = max(0, at) + (len(focus) // 2 if at >= 0 else 0)
    while True:  # grow around the value, one character a side at a time
        grown = False
        if end < len(text) and cell_len(text[start : end + 1]) <= room:
            end += 1
            grown = True
        if start > 0 and cell_len(text[start - 1 : end]) <= room:
            start -= 1
            grown = True
        if not grown:
            break
    return f"“{'…' if start else ''}{text[start:end].strip()}{'…' if end < len(text) else ''}”"


def _values(finding: dict[str, Any], claims: dict[str, dict[str, Any]], width: int) -> list[Text]:
    """The lines giving each value of the discrepancy: its reading, its wordings with their
    claims, a quote."""
    by_reading: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for claim_id in finding["claims"]:
        claim = claims.get(claim_id)
        if claim is None:
            continue
        wording = claim["value"]
        by_reading.setdefault(reading(claim) or wording, {}).setdefault(wording, []).append(claim)
    lines: list[Text] = []
    for read_as, wordings in by_reading.items():
        lines.append(Text("• ").append(cell(read_as, one_line=True), style="bold"))
        for wording, stating in wordings.items():
            ids = [f"{c['id']}," for c in stating]
            ids[-1] = ids[-1].rstrip(",")
            parts = [f"“{wording}”", *ids]
            lines.append(Text("  ").append_text(flow(parts, width - 4, 4, sep=" ")))
        first = next(iter(wordings.values()))[0]
        quote = excerpt(first["quote"], first["value"], width - 6)
        lines.append(Text(f"  {cell(quote, one_line=True)}", style="dim"))
    return lines


def discrepancies(
    console: Console,
    rows: list[dict[str, Any]],
    claims: dict[str, dict[str, Any]],
    title: str = "discrepancies",
    empty: str = "no discrepancies",
) -> None:
    """Each finding as a block; ``claims`` are the claims they name (id -> claim dict)."""
    if not rows:
        console.print(empty, soft_wrap=True)
        return
    console.print(Text(f"{title} ({len(rows)})", style="bold"), soft_wrap=True)
    for finding in rows:
        console.print()
        data = finding["data"]
        where = f"{finding['file']}:{finding['line']}" if finding["file"] else "(kb)"
        head = finding_block(finding).head
        if "written" in data and "subject" in data:
            about = f"{data['subject']} · {data['property']}{data.get('qualifiers') or ''}"
            about_line = Text(cell(about, one_line=True), style="bold")
            about_line.append(f"  {cell(where, one_line=True)}", style="")
            lines: list[str | Text] = [about_line]
            if data.get("source"):
                lines.append(f"source {data['source']} states values that cannot all hold")
            lines += _values(finding, claims, console.width)
            block(console, Block(head, lines))
        else:
            block(console, Block(head, [where, finding["message"]]))

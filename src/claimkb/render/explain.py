"""A derived claim's recomputation (``claimkb explain``) for a person."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from .safe import markup as escape

_VERDICT_STYLE = {"matches": "green", "mismatch": "bold red", "error": "bold red"}


def explain(console: Console, data: dict[str, Any]) -> None:
    claim = data["claim"]
    console.print(
        f"[bold]{escape(claim['id'])}[/bold]: {escape(claim['value'])}  "
        f"[dim]({escape(claim['file'])}:{claim['line']}, {escape(claim['status'])})[/dim]",
        soft_wrap=True,
    )
    console.print(f"derived: {escape(data['expr'])}", soft_wrap=True)
    if data["note"]:
        console.print(f"note: {escape(data['note'])}", soft_wrap=True)
    if data["inputs"]:
        console.print(_inputs(data["inputs"]))
    steps = [s for s in data["steps"] if s["kind"] == "step"]
    if steps:
        table = Table(title="steps", show_lines=False)
        for column in ("sub-expression", "value [range]", "dimension"):
            table.add_column(column, overflow="fold")
        for step in steps:
            table.add_row(
                escape(step["expr"]), escape(step["text"]), escape(step["value"]["dimension"])
            )
        console.print(table)
    if data["result"] is not None:
        console.print(f"recomputed: {escape(_shown(data['result']))}", soft_wrap=True)
    if data["stated"] is not None:
        console.print(f"stated:     {escape(_shown(data['stated']))}", soft_wrap=True)
    _verdict(console, data)


def _inputs(rows: list[dict[str, Any]]) -> Table:
    table = Table(title="inputs", show_lines=False)
    for column in ("input", "as written", "range", "source", "status"):
        table.add_column(column, overflow="fold")
    for row in rows:
        if row["kind"] == "constant":
            written = row["value"] + (f" (nominal {row['nominal']})" if row["nominal"] else "")
            source = row["source"] or row["citation"] or ""
            status = "constant"
        else:
            written = row["value"]
            source = row["source"]
            status = row["status"] + (", derived" if row["derived"] else "")
        table.add_row(
            escape("{" + row["ref"] + "}"),
            escape(written),
            escape(row["text"]),
            escape(source),
            escape(status),
        )
    return table


def _shown(value: dict[str, Any]) -> str:
    from ..derive.display import Shown

    return Shown(**value).text


def _verdict(console: Console, data: dict[str, Any]) -> None:
    verdict = data["verdict"]
    style = _VERDICT_STYLE.get(verdict, "yellow")
    line = f"verdict: [{style}]{verdict}[/{style}]"
    if data["detail"]:
        column = f" (column {data['column']})" if data["column"] else ""
        line += f" — {escape(data['detail'])}{column}"
    console.print(line, soft_wrap=True)
    causes = data["causes"]
    if causes:
        first, *others = causes
        console.print(
            f"likely cause: {escape(first['kind'])}: {escape(first['detail'])}", soft_wrap=True
        )
        for other in others:
            console.print(
                f"  also fits: {escape(other['kind'])}: {escape(other['detail'])}", soft_wrap=True
            )
    elif verdict == "mismatch":
        console.print("likely cause: none of the known causes explains it", soft_wrap=True)
    for finding in data["findings"]:
        triage = f" (triaged: {finding['triaged_by']})" if finding["triaged_by"] else ""
        console.print(
            f"[dim]{escape(finding['code'])} {escape(finding['slug'])}{escape(triage)}[/dim]",
            soft_wrap=True,
        )

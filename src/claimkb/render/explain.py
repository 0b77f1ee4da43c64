"""A derived claim's recomputation (``claimkb explain``) for a person: the claim, its inputs
and steps as listings that fit the terminal (:mod:`.layout`), then the recomputed and stated
figures, the verdict and its likely causes, and the findings about it."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from .layout import Block, Column, listing
from .records import fields, heading
from .safe import cell
from .values import shown

_VERDICT_STYLE = {"matches": "green", "mismatch": "bold red", "error": "bold red"}

INPUT_COLUMNS = (
    Column("input", style="bold"),
    Column("as written", atomic=False, heading=False),
    Column("range", heading=False),
    Column("source"),
    Column("status"),
    Column("cited", atomic=False, heading=False),
)
STEP_COLUMNS = (
    Column("sub-expression", atomic=False, heading=False),
    Column("value", heading=False),
    Column("dimension"),
)


def figure(value: dict[str, Any] | None) -> str:
    """``3.84 TB (3.816–3.864 TB)``, ``48``: a range as an article would write it."""
    return "" if value is None else shown(value)


def _input_row(row: dict[str, Any]) -> dict[str, str]:
    cited = ""
    if row["kind"] == "constant":
        written = row["value"] + (f" (nominal {row['nominal']})" if row["nominal"] else "")
        source = row["source"] or ""
        cited = row["citation"] or ""
        status = "constant"
    else:
        written = row["value"]
        source = row["source"]
        status = row["status"] + (", derived" if row["derived"] else "")
    return {
        "input": "{" + row["ref"] + "}",
        "as written": written,
        "range": figure(row.get("range")) or row["text"],
        "source": source,
        "status": status,
        "cited": cited,
    }


def _input_block(row: dict[str, str], columns: set[str]) -> Block:
    head: list[str | Text] = [Text(row["input"], style="bold")]
    head += [row[n] for n in ("source", "status") if n in columns]
    lines = [f"{row['as written']} → {row['range']}"]
    return Block(head, [*lines, f"cited: {row['cited']}"] if row.get("cited") else lines)


def _step_block(row: dict[str, str], columns: set[str]) -> Block:
    return Block(
        [Text(row["value"], style="bold"), row.get("dimension", "")], [row["sub-expression"]]
    )


def explain(console: Console, data: dict[str, Any]) -> None:
    claim = data["claim"]
    heading(
        console, [claim["id"], claim["value"], claim["status"], f"{claim['file']}:{claim['line']}"]
    )
    fields(console, [("derived", data["expr"]), ("note", data["note"] or "")])
    if data["inputs"]:
        console.print()
        rows = [_input_row(r) for r in data["inputs"]]
        listing(console, "inputs", INPUT_COLUMNS, rows, _input_block, "")
    steps = [
        {
            "sub-expression": s["expr"],
            "value": figure(s["value"]),
            "dimension": s["value"]["dimension"],
        }
        for s in data["steps"]
        if s["kind"] == "step"
    ]
    if steps:
        console.print()
        listing(console, "steps", STEP_COLUMNS, steps, _step_block, "")
    console.print()
    verdict = data["verdict"]
    detail = data["detail"] or ""
    if detail and data["column"]:
        detail += f" (column {data['column']})"
    pairs = [
        ("recomputed", figure(data["result"])),
        ("stated", figure(data["stated"])),
        ("verdict", f"{verdict} — {detail}" if detail else verdict),
    ]
    causes = data["causes"]
    for number_, cause in enumerate(causes):
        label = "likely cause" if number_ == 0 else "also fits"
        pairs.append((label, f"{cause['kind']}: {cause['detail']}"))
    if not causes and verdict == "mismatch":
        pairs.append(("likely cause", "none of the known causes explains it"))
    fields(console, pairs, indent=0, styles={"verdict": _VERDICT_STYLE.get(verdict, "yellow")})
    for finding in data["findings"]:
        triage = f" (triaged: {finding['triaged_by']})" if finding["triaged_by"] else ""
        line = f"{finding['code']} {finding['slug']}{triage}"
        console.print(Text(cell(line, one_line=True), style="dim"), soft_wrap=True)

"""Query results for a person: claims, sources, the timeline and the claims left uncompared
as tables that fit the terminal or as blocks (:mod:`.layout`); discrepancies (``conflicts``)
as one block each, its values with their claims and a quote (:mod:`.discrepancies`)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from .layout import Block, Column, flow, listing
from .safe import cell
from .values import date_span, reading

__all__ = ["claims", "sources", "timeline", "uncompared", "qualifiers"]

CLAIM_COLUMNS = (
    Column("id", style="bold"),
    Column("subject"),
    Column("property"),
    Column("qualifiers", atomic=False),
    Column("value", atomic=False, heading=False),
    Column("read as", atomic=False, heading=False),
    Column("source"),
    Column("status"),
)


def qualifiers(given: dict[str, Any]) -> str:
    """``precision=MXFP4, card_memory=80GB``."""
    return ", ".join(f"{k}={v}" for k, v in given.items())


def _claim_row(claim: dict[str, Any]) -> dict[str, str]:
    return {
        "id": claim["id"],
        "subject": claim["subject_id"] or claim["subject"],
        "property": claim["property"],
        "qualifiers": qualifiers(claim["qualifiers"]),
        "value": claim["value"],
        "read as": reading(claim),
        "source": claim["source"],
        "status": claim["status"],
    }


def _claim_block(row: dict[str, str], shown: set[str]) -> Block:
    head: list[str | Text] = [Text(row["id"], style="bold")]
    head += [
        row[n] for n in ("status", "subject", "property", "qualifiers", "source") if n in shown
    ]
    value = row["value"]
    if row["read as"]:
        value = f"{value} → {row['read as']}"
    return Block(head, [value])


def claims(
    console: Console,
    rows: list[dict[str, Any]],
    title: str = "claims",
    empty: str = "no claims match",
) -> None:
    listing(console, title, CLAIM_COLUMNS, [_claim_row(r) for r in rows], _claim_block, empty)


SOURCE_COLUMNS = (
    Column("id", style="bold"),
    Column("kind"),
    Column("date"),
    Column("lang"),
    Column("claims", numeric=True),
    Column("publisher", atomic=False),
    Column("cites", atomic=False),
)


def _source_block(row: dict[str, str], shown: set[str]) -> Block:
    head: list[str | Text] = [Text(row["id"], style="bold")]
    head += [row[n] for n in ("kind", "date", "lang") if n in shown]
    if "claims" in shown:
        head.append("1 claim" if row["claims"] == "1" else f"{row['claims']} claims")
    lines = [row["publisher"]] if "publisher" in shown and row["publisher"] else []
    if "cites" in shown and row["cites"]:
        lines.append(f"cites {row['cites']}")
    return Block(head, lines)


def sources(console: Console, rows: list[dict[str, Any]]) -> None:
    shaped = [
        {
            "id": row["id"],
            "kind": row["kind"],
            "date": row.get("date") or "",
            "lang": row["language"],
            "claims": str(row["claims"]),
            "publisher": row.get("publisher") or "",
            "cites": ", ".join(row["cites"]),
        }
        for row in rows
    ]
    listing(console, "sources", SOURCE_COLUMNS, shaped, _source_block, "no sources")


TIMELINE_COLUMNS = (
    Column("when"),
    Column("precision"),
    Column("subject"),
    Column("property"),
    Column("written", atomic=False, heading=False),
    Column("source"),
    Column("claim", style="bold"),
)
LEFT_OUT_COLUMNS = (
    Column("claim", style="bold"),
    Column("where"),
    Column("written", atomic=False, heading=False),
    Column("reason"),
    Column("why", atomic=False, heading=False),
)


def _timeline_block(row: dict[str, str], shown: set[str]) -> Block:
    head: list[str | Text] = [Text(row["when"], style="bold")]
    head += [row[n] for n in ("precision", "subject", "property") if n in shown]
    line = [f"“{row['written']}”", *(row[n] for n in ("source", "claim") if n in shown)]
    return Block(head, ["  ".join(line)])


def _left_out_block(row: dict[str, str], shown: set[str]) -> Block:
    head: list[str | Text] = [Text(row["claim"], style="bold")]
    head += [row[n] for n in ("where", "reason") if n in shown]
    return Block(head, [f"“{row['written']}”: {row['why']}"])


def timeline(console: Console, data: dict[str, list[dict[str, Any]]]) -> None:
    rows = []
    for claim in data["timeline"]:
        value = claim["normalized"]
        rows.append(
            {
                "when": date_span(value["earliest"], value["latest"]),
                "precision": value["precision"],
                "subject": claim["subject_id"] or claim["subject"],
                "property": claim["property"],
                "written": claim["value"],
                "source": claim["source"],
                "claim": claim["id"],
            }
        )
    listing(console, "timeline", TIMELINE_COLUMNS, rows, _timeline_block, "no date claims")
    left_out = [
        {
            "claim": row["id"],
            "where": f"{row['file']}:{row['line']}",
            "written": row["value"],
            "reason": row["reason"],
            "why": row["value_error"] or "",
        }
        for row in data["left_out"]
    ]
    if left_out:
        console.print()
        listing(
            console, "left out of the timeline", LEFT_OUT_COLUMNS, left_out, _left_out_block, ""
        )


def uncompared(console: Console, rows: list[dict[str, Any]]) -> None:
    """Claims on one subject and property left uncompared because their qualifiers differ:
    a block for each, one line for each group of rivals (its qualifiers, then its claims)."""
    if not rows:
        console.print("no claims left uncompared: qualifiers split no subject's property")
        return
    console.print(Text(f"not compared: qualifiers differ ({len(rows)})", style="bold"))
    for row in rows:
        head: list[str | Text] = [
            Text(cell(row["subject"], one_line=True), style="bold"),
            cell(row["property"], one_line=True),
            f"(differ in {', '.join(cell(d, one_line=True) for d in row['differ_in'])})",
        ]
        console.print(flow(head, console.width, 2), soft_wrap=True, overflow="ignore")
        for group in row["groups"]:
            given = cell(qualifiers(group["qualifiers"]), one_line=True) or "(no qualifiers)"
            parts = [given, *(cell(c, one_line=True) for c in group["claims"])]
            line = flow(parts, console.width - 2, 4)
            console.print(Text("  ").append_text(line), soft_wrap=True, overflow="ignore")

"""The authoring commands' answers as rich tables and lines for a person.

Every function takes the plain data the library returns (the same dicts ``--json`` prints).
"""

from __future__ import annotations

from typing import Any

from rich.console import Console

from .plaintable import PlainTable
from .safe import markup as escape


def _table(
    console: Console, title: str, columns: tuple[str, ...], rows: list[tuple[Any, ...]]
) -> None:
    if not rows:
        console.print(f"no {title}")
        return
    cells = [[escape("" if x is None else str(x)) for x in row] for row in rows]
    PlainTable(f"{title} ({len(rows)})", columns, cells).print(console)  # rich's Table, faster


def properties(console: Console, rows: list[dict[str, Any]]) -> None:
    _table(
        console,
        "properties",
        ("id", "datatype", "dimension / kind", "single", "claims", "label"),
        [
            (
                r["id"],
                r["datatype"],
                r["dimension"] or r["entity_kind"] or "",
                "yes" if r["single_valued"] else "",
                r["claims"],
                r["label"],
            )
            for r in rows
        ],
    )


def entities(console: Console, rows: list[dict[str, Any]]) -> None:
    _table(
        console,
        "entities",
        ("id", "kind", "name", "aliases", "part of"),
        [(r["id"], r["kind"], r["name"], ", ".join(r["aliases"]), r["part_of"]) for r in rows],
    )


def change(console: Console, data: dict[str, Any]) -> None:
    """What a write did (or, with ``--dry-run``, would do)."""
    console.print(escape(str(data["summary"])))
    for note in data.get("notes", ()):
        console.print(f"  note: {escape(str(note))}")


def drafts(console: Console, rows: list[dict[str, Any]], title: str = "drafts") -> None:
    _table(
        console,
        title,
        ("draft", "subject", "property", "value", "quote", "line"),
        [
            (r["id"], r.get("subject"), r.get("property"), r["value"], r["quote"], r.get("line"))
            for r in rows
        ],
    )


def draft_reasons(console: Console, rows: list[dict[str, Any]]) -> None:
    for row in rows:
        console.print(f"[bold]{escape(row['id'])}[/bold]  “{escape(row['quote'])}”")
        for key, reason in row.get("reasons", {}).items():
            console.print(f"  {key}: {escape(str(reason))}")


def suggestions(console: Console, rows: list[dict[str, Any]]) -> None:
    _statuses(console, "status suggestions", rows, ("current", "suggested", "reason"))


def _statuses(
    console: Console, title: str, rows: list[dict[str, Any]], keys: tuple[str, ...]
) -> None:
    """A table of claims' statuses: the claim, ``keys`` (``current`` headed "status"), and
    the statuses the evidence allows."""
    headers = tuple("status" if k == "current" else k for k in keys)
    _table(
        console,
        title,
        ("claim", *headers, "allowed"),
        [(r["claim"], *(r[k] for k in keys), ", ".join(r["allowed"])) for r in rows],
    )


def open_findings(console: Console, rows: list[dict[str, Any]]) -> None:
    _table(
        console,
        "untriaged discrepancies",
        ("finding", "kind", "claims", "message"),
        [(r["ref"], r["slug"], ", ".join(r["claims"]), r["message"]) for r in rows],
    )


def resolution(console: Console, data: dict[str, Any]) -> None:
    record = data["resolution"]
    console.print(
        f"resolution {escape(record['id'])} ({escape(record['kind'])}): preferred "
        f"{escape(str(record.get('preferred')))} — {escape(record['reason'])}"
    )
    after = data.get("statuses", [])
    if after:
        keys = ("value", "current", "suggested")
        _statuses(console, "statuses the claims may then carry", after, keys)

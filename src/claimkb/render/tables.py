"""Query results as rich tables for a person."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from .safe import markup as escape


def _normalized(claim: dict[str, Any]) -> str:
    value = claim.get("normalized")
    if not value:
        return claim.get("value_error") and "unreadable" or ""
    kind = value["type"]
    if kind == "quantity":
        if value["amount"] is None:
            return f"[{_num(value['lower'])}, {_num(value['upper'])}] {value['unit']}"
        span = f"[{_num(value['lower'])}, {_num(value['upper'])}]"
        return f"{_num(value['amount'])} {value['unit']} {span}"
    if kind == "date":
        span = (
            value["earliest"]
            if value["earliest"] == value["latest"]
            else (f"{value['earliest']}..{value['latest']}")
        )
        return f"{span} ({value['precision']})"
    if kind == "entity":
        return value["entity"] or "(unknown entity)"
    if kind == "verdict":
        return value["status"]
    return str(value.get("text", value.get("value", "")))


def _num(x: float | None) -> str:
    if x is None:
        return "∞"
    return f"{x:.6g}"


def claims(console: Console, rows: list[dict[str, Any]], title: str = "claims") -> None:
    table = Table(title=f"{title} ({len(rows)})", show_lines=False)
    for column in ("id", "subject", "property", "value", "normalized", "source", "status"):
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(
            *(
                escape(str(x))
                for x in (
                    row["id"],
                    row["subject_id"],
                    row["property"],
                    row["value"],
                    _normalized(row),
                    row["source"],
                    row["status"],
                )
            )
        )
    console.print(table)


def show(console: Console, data: dict[str, Any]) -> None:
    claim = data["claim"]
    console.print(f"[bold]{escape(claim['id'])}[/bold]  ({escape(claim['file'])}:{claim['line']})")
    for key in ("subject", "property", "value", "status"):
        console.print(f"  {key}: {escape(str(claim[key]))}")
    console.print(f"  normalized: {escape(_normalized(claim))}")
    if claim["qualifiers"]:
        console.print(f"  qualifiers: {escape(str(claim['qualifiers']))}")
    source = data["source"]
    if source:
        console.print(
            f"  source: {escape(source['id'])} — {escape(source['title'])} "
            f"({escape(source.get('publisher') or 'publisher not named')}, "
            f"{escape(str(source.get('date') or 'undated'))})"
        )
    console.print(f"  quote: “{escape(claim['quote'])}”")
    if claim["note"]:
        console.print(f"  note: {escape(claim['note'])}")
    console.print(f"  rests on: {escape(', '.join(data['rests_on']))}")
    console.print(
        f"  independent evidence: {len(data['evidence'])} "
        f"({escape('; '.join(', '.join(g) for g in data['evidence']))})"
    )
    if data["rivals"]:
        claims(console, data["rivals"], title="rival claims")
    for other in data.get("uncompared", ()):
        differ = "; ".join(
            f"{d['qualifier']}: {_given(d['this'])} here, {_given(d['other'])} there"
            for d in other["qualifiers_differ"]
        )
        console.print(
            f"  not compared with {escape(other['id'])} ({escape(repr(other['value']))}, "
            f"{escape(other['source'])}): qualifiers differ ({escape(differ)})"
        )
    if data["also_claimed"]:
        claims(console, data["also_claimed"], title="other values claimed (multi-valued property)")
    for review in data["reviews"]:
        console.print(f"  reviewed by {escape(review['id'])}: {escape(review['value'])}")
    for resolution in data["resolutions"]:
        console.print(
            f"  resolution {escape(resolution['id'])} ({resolution['kind']}): preferred "
            f"{escape(str(resolution['preferred']))} — {escape(resolution['reason'])}"
        )
    for finding in data["findings"]:
        triaged = f" (triaged: {finding['triaged_by']})" if finding["triaged_by"] else ""
        console.print(
            f"  {finding['severity']} {finding['code']} {finding['slug']}: "
            f"{escape(finding['message'])}{escape(triaged)}"
        )


def entity(console: Console, data: dict[str, Any]) -> None:
    entity = data["entity"]
    console.print(
        f"[bold]{escape(entity['name'])}[/bold] ({escape(entity['id'])}, {entity['kind']})"
    )
    if entity["aliases"]:
        console.print(f"  aliases: {escape(', '.join(entity['aliases']))}")
    if entity.get("part_of"):
        console.print(f"  part of: {escape(entity['part_of'])}")
    if data["claims"]:
        claims(console, data["claims"], title="claims about it")
    else:
        console.print("  no claims about it")
    if data["named_by"]:
        claims(console, data["named_by"], title="claims naming it")
    if data.get("misspelt_by"):
        claims(console, data["misspelt_by"], title="claims misspelling it (triaged)")


def sources(console: Console, rows: list[dict[str, Any]]) -> None:
    table = Table(title=f"sources ({len(rows)})")
    for column in ("id", "kind", "publisher", "date", "lang", "claims", "cites"):
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(
            *(
                escape(str(x))
                for x in (
                    row["id"],
                    row["kind"],
                    row.get("publisher") or "",
                    row.get("date") or "",
                    row["language"],
                    row["claims"],
                    ", ".join(row["cites"]),
                )
            )
        )
    console.print(table)


def findings(console: Console, rows: list[dict[str, Any]], title: str) -> None:
    table = Table(title=f"{title} ({len(rows)})")
    for column in ("code", "kind", "where", "claims", "message", "triage"):
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(
            *(
                escape(str(x))
                for x in (
                    row["code"],
                    row["slug"],
                    f"{row['file']}:{row['line']}",
                    ", ".join(row["claims"]),
                    row["message"],
                    row["triaged_by"] or "UNTRIAGED",
                )
            )
        )
    console.print(table)


def _given(value: str | None) -> str:
    return "not given" if value is None else value


def uncompared(console: Console, rows: list[dict[str, Any]]) -> None:
    """Claims on one subject and property left uncompared because their qualifiers differ:
    one line for each group of rivals."""
    table = Table(title=f"not compared: qualifiers differ ({len(rows)})")
    for column in ("subject", "property", "qualifiers", "claims"):
        table.add_column(column, overflow="fold")
    for row in rows:
        for index, group in enumerate(row["groups"]):
            qualifiers = ", ".join(f"{k}={v}" for k, v in group["qualifiers"].items())
            table.add_row(
                *(
                    escape(x)
                    for x in (
                        row["subject"] if index == 0 else "",
                        row["property"] if index == 0 else "",
                        qualifiers or "(none)",
                        ", ".join(group["claims"]),
                    )
                ),
                end_section=index == len(row["groups"]) - 1,
            )
    console.print(table)


def timeline(console: Console, data: dict[str, list[dict[str, Any]]]) -> None:
    rows = data["timeline"]
    table = Table(title=f"timeline ({len(rows)})")
    for column in ("when", "precision", "subject", "property", "written", "source", "claim"):
        table.add_column(column, overflow="fold")
    for row in rows:
        value = row["normalized"]
        span = (
            value["earliest"]
            if value["earliest"] == value["latest"]
            else (f"{value['earliest']}..{value['latest']}")
        )
        table.add_row(
            *(
                escape(str(x))
                for x in (
                    span,
                    value["precision"],
                    row["subject_id"],
                    row["property"],
                    row["value"],
                    row["source"],
                    row["id"],
                )
            )
        )
    console.print(table)
    left_out = data["left_out"]
    if not left_out:
        return
    table = Table(title=f"left out of the timeline ({len(left_out)})")
    for column in ("claim", "where", "written", "reason", "why"):
        table.add_column(column, overflow="fold")
    for row in left_out:
        where = f"{row['file']}:{row['line']}"
        cells = (row["id"], where, row["value"], row["reason"], row["value_error"])
        table.add_row(*(escape(str(x)) for x in cells))
    console.print(table)

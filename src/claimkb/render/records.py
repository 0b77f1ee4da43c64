"""One record for a person: a claim (``show``) or an entity (``entity``), as labelled fields
whose text wraps under itself, then the claims, resolutions and findings around it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from .layout import Block, block, flow, hanging
from .safe import cell
from .tables import claims, qualifiers
from .values import reading

__all__ = ["show", "entity", "fields", "heading", "finding_block"]

_SEVERITY = {"error": "bold red", "warning": "yellow", "info": "cyan"}


def fields(
    console: Console,
    pairs: Sequence[tuple[str, str]],
    indent: int = 2,
    styles: Mapping[str, str] | None = None,
) -> None:
    """``label  value`` lines (those with a value); a long value wraps between words, under
    itself. ``styles`` gives a label's value a style."""
    given = [(label, value) for label, value in pairs if value]
    width = max((len(label) for label, _ in given), default=0)
    for label, value in given:
        prefix = Text(" " * indent).append(label.ljust(width), style="dim").append("  ")
        hanging(console, prefix, Text(cell(value), style=(styles or {}).get(label, "")))


def heading(console: Console, parts: Sequence[str]) -> None:
    shown = [Text(cell(parts[0], one_line=True), style="bold")]
    shown += [Text(cell(p, one_line=True)) for p in parts[1:] if p]
    console.print(flow(shown, console.width, 2, sep=" · "), soft_wrap=True, overflow="ignore")


def _section(console: Console, title: str) -> None:
    console.print()
    console.print(Text(title, style="bold"), soft_wrap=True)


def finding_block(finding: dict[str, Any]) -> Block:
    """A finding as a block: code, slug and severity, its triage, then its message."""
    severity = finding["severity"]
    triage = finding["triaged_by"]
    head: list[str | Text] = [
        Text(finding["code"], style="bold"),
        finding["slug"],
        Text(severity, style="dim" if triage else _SEVERITY.get(severity, "")),
        Text(f"triaged: {cell(triage, one_line=True)}", style="dim")
        if triage
        else Text("UNTRIAGED", style="bold red"),
    ]
    return Block(head, [cell(finding["message"])])


def _source(source: dict[str, Any] | None, claim: dict[str, Any]) -> str:
    if source is None:
        return f"{claim['source']} (not a known source)"
    publisher = source.get("publisher") or "publisher not named"
    return f"{source['id']}: {source['title']} ({publisher}, {source.get('date') or 'undated'})"


def _evidence(groups: list[list[str]]) -> str:
    if not groups:
        return "none"
    noun = "independent group" if len(groups) == 1 else "independent groups"
    return f"{len(groups)} {noun}: " + "; ".join(", ".join(g) for g in groups)


def show(console: Console, data: dict[str, Any]) -> None:
    claim = data["claim"]
    heading(console, [claim["id"], f"{claim['file']}:{claim['line']}"])
    subject = claim["subject"]
    if claim["subject_id"] and claim["subject_id"] != subject:
        subject = f"{subject} ({claim['subject_id']})"
    derived = claim["derived"]
    fields(
        console,
        [
            ("subject", subject),
            ("property", claim["property"]),
            ("qualifiers", qualifiers(claim["qualifiers"])),
            ("value", claim["value"]),
            ("read as", reading(claim)),
            ("cannot read", claim["value_error"] or ""),
            ("items", "; ".join(claim["items"])),
            ("derived", derived["expr"] if derived else ""),
            ("status", claim["status"]),
            ("source", _source(data["source"], claim)),
            ("via", ", ".join(claim["via"] or ())),
            ("quote", f"“{claim['quote']}”"),
            ("note", claim["note"] or ""),
            ("rests on", ", ".join(data["rests_on"])),
            ("evidence", _evidence(data["evidence"])),
        ],
    )
    if data["rivals"]:
        console.print()
        claims(console, data["rivals"], title="rival claims")
    _uncompared(console, data.get("uncompared", ()))
    if data["also_claimed"]:
        console.print()
        claims(console, data["also_claimed"], title="other values claimed (multi-valued property)")
    if data["reviews"]:
        _section(console, f"reviewed by ({len(data['reviews'])})")
        for review in data["reviews"]:
            block(
                console,
                Block([Text(review["id"], style="bold"), review["value"], review["source"]]),
            )
    if data["resolutions"]:
        _section(console, f"resolutions ({len(data['resolutions'])})")
        for resolution in data["resolutions"]:
            block(console, _resolution_block(resolution))
    if data["findings"]:
        _section(console, f"findings ({len(data['findings'])})")
        for finding in data["findings"]:
            block(console, finding_block(finding))


def _resolution_block(resolution: dict[str, Any]) -> Block:
    head: list[str | Text] = [Text(cell(resolution["id"], one_line=True), style="bold")]
    head.append(resolution["kind"])
    if resolution["preferred"]:
        head.append(f"prefers {cell(resolution['preferred'], one_line=True)}")
    return Block(head, [cell(resolution["reason"])])


def _given(value: str | None) -> str:
    return "not given" if value is None else value


def _uncompared(console: Console, others: Sequence[dict[str, Any]]) -> None:
    if not others:
        return
    _section(console, f"not compared: qualifiers differ ({len(others)})")
    for other in others:
        differ = "; ".join(
            f"{d['qualifier']}: {_given(d['other'])} there, {_given(d['this'])} here"
            for d in other["qualifiers_differ"]
        )
        head: list[str | Text] = [
            Text(cell(other["id"], one_line=True), style="bold"),
            cell(other["source"], one_line=True),
        ]
        value = cell(other["value"])
        if shown := reading(other):
            value = f"{value} → {shown}"
        block(console, Block(head, [value, cell(differ)]))


def entity(console: Console, data: dict[str, Any]) -> None:
    found = data["entity"]
    heading(
        console, [found["name"], found["id"], found["kind"], f"{found['file']}:{found['line']}"]
    )
    fields(
        console,
        [
            ("aliases", ", ".join(found["aliases"])),
            ("part of", found.get("part_of") or ""),
            ("about", found.get("description") or ""),
        ],
    )
    misspelling = data.get("misspelling")
    if misspelling:
        resolution = misspelling["resolution"]
        console.print()
        matched = cell(data["matched"], one_line=True)
        recorded = Text(
            f"“{matched}” is not one of its names: resolution "
            f"{cell(resolution['id'], one_line=True)} ({resolution['kind']}) records it as a "
            f"misspelling of {cell(found['name'], one_line=True)} in "
            f"{cell(', '.join(misspelling['claims']), one_line=True)}:"
        )
        hanging(console, "", recorded)
        hanging(console, "  ", Text(cell(resolution["reason"])))
    console.print()
    claims(console, data["claims"], title="claims about it", empty="no claims about it")
    if data["named_by"]:
        console.print()
        claims(console, data["named_by"], title="claims naming it")
    if data.get("misspelt_by"):
        console.print()
        claims(console, data["misspelt_by"], title="claims misspelling it (triaged)")

"""The query commands: claims, show, entity, sources, conflicts, timeline."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from .app import JsonOption, RootOption, app, fail, open_kb


def _emit(data: Any, as_json: bool, table: str) -> None:
    if as_json:
        from ..render.json import write

        write(data)
        return
    from ..render import tables
    from ..render.console import stdout

    getattr(tables, table)(stdout(), data)


def _warn_if_broken(kb: Any) -> None:
    if kb.load_findings:
        typer.echo(
            f"claimkb: note: {len(kb.load_findings)} record(s) or file(s) could not be read; "
            "run `claimkb check` to see them",
            err=True,
        )


@app.command()
def claims(
    root: RootOption = None,
    subject: Annotated[str | None, typer.Option(help="Entity id, name or alias.")] = None,
    property: Annotated[str | None, typer.Option("--property", help="Property id.")] = None,
    source: Annotated[str | None, typer.Option(help="Source id.")] = None,
    status: Annotated[str | None, typer.Option(help="Status (verified, refuted ...).")] = None,
    text: Annotated[
        str | None, typer.Option(help="Text in the id, value, quote or note (any case).")
    ] = None,
    json_: JsonOption = False,
) -> None:
    """List claims, filtered by subject, property, source, status or text."""
    from ..model import Status
    from ..query import claim_dict, find_claims

    if status is not None and status not in {s.value for s in Status}:
        raise fail(f"unknown status {status!r}; choose from {', '.join(s.value for s in Status)}")
    kb = open_kb(root)
    _warn_if_broken(kb)
    found = find_claims(
        kb, subject=subject, property=property, source=source, status=status, text=text
    )
    _emit([claim_dict(kb, c) for c in found], json_, "claims")


@app.command()
def show(
    claim_id: Annotated[str, typer.Argument(metavar="ID", help="Claim id.")],
    root: RootOption = None,
    json_: JsonOption = False,
) -> None:
    """Show a claim: its source and quote, evidence, rival claims and their resolution."""
    from ..api import check
    from ..query import NotFound
    from ..query import show as show_claim

    kb = open_kb(root)
    try:
        if claim_id not in kb.claims:
            raise NotFound(f"no claim with id {claim_id!r}")
        data = show_claim(kb, claim_id, check(kb, cache=True).findings)
    except NotFound as exc:
        raise fail(str(exc)) from None
    _emit(data, json_, "show")


@app.command()
def entity(
    name: Annotated[str, typer.Argument(help="Entity id, name or alias, in any language.")],
    root: RootOption = None,
    json_: JsonOption = False,
) -> None:
    """Resolve an entity by any alias and list what is claimed about it."""
    from ..query import NotFound
    from ..query import entity as find_entity

    kb = open_kb(root)
    try:
        data = find_entity(kb, name)
    except NotFound as exc:
        raise fail(str(exc)) from None
    _emit(data, json_, "entity")


@app.command()
def sources(root: RootOption = None, json_: JsonOption = False) -> None:
    """List the sources, what they cite, and how many claims each gives."""
    from ..query import sources as list_sources

    kb = open_kb(root)
    _warn_if_broken(kb)
    _emit(list_sources(kb), json_, "sources")


@app.command()
def conflicts(
    root: RootOption = None,
    untriaged: Annotated[bool, typer.Option(help="Only those without a resolution.")] = False,
    json_: JsonOption = False,
) -> None:
    """List discrepancies between claims (conflicts, rounding, misspellings ...), triaged or not."""
    from ..api import check
    from ..query import discrepancies

    kb = open_kb(root)
    found = discrepancies(check(kb, cache=True).findings)
    if untriaged:
        found = [f for f in found if not f.triaged]
    rows = [f.to_dict() for f in found]
    if json_:
        _emit(rows, True, "findings")
        return
    from ..render import tables
    from ..render.console import stdout

    tables.findings(stdout(), rows, "discrepancies")


@app.command()
def timeline(root: RootOption = None, json_: JsonOption = False) -> None:
    """Date-valued claims in order, with the precision each was written in."""
    from ..query import timeline as build_timeline

    kb = open_kb(root)
    _warn_if_broken(kb)
    _emit(build_timeline(kb), json_, "timeline")

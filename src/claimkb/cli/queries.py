"""The query commands: claims, show, entity, sources, conflicts, timeline.

A JSON answer is kept in the cache (:mod:`claimkb.cache.answers`): asked again about an
unchanged KB, the same question is answered without loading a record.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .app import JsonOption, RootOption, app, fail, open_kb

if TYPE_CHECKING:
    from ..cache.answers import Question


def _emit(data: Any, as_json: bool, table: str, question: Question | None = None) -> None:
    if as_json:
        _answer(data, question)
        return
    from ..render import tables
    from ..render.console import stdout

    getattr(tables, table)(stdout(), data)


def _answer(
    data: Any, question: Question | None, note: str = "", state: tuple[Any, ...] | None = None
) -> None:
    """Print the JSON answer, and keep it for the same question on the same KB."""
    from ..render.json import dumps

    out = dumps(data) + "\n"
    typer.echo(out, nl=False)
    if question is not None:
        question.remember(out, note, state)


def _ask(root: Path | None, as_json: bool, command: str, *arguments: object) -> Question | None:
    """For a JSON answer: print the one kept for this question if the KB has not changed, and
    end the command; otherwise the question, to keep its answer."""
    if not as_json:
        return None
    from ..cache.answers import ask
    from ..store import RootError, check_root, find_root

    try:
        question = ask(check_root(root) if root else find_root(), command, arguments)
    except RootError as exc:
        raise fail(str(exc)) from None
    known = question.answer() if question is not None else None
    if known is None:
        return question
    out, note = known
    if note:
        typer.echo(note, err=True, nl=False)
    typer.echo(out, nl=False)
    raise typer.Exit(0)


def _warn_if_broken(kb: Any) -> str:
    """Note on stderr that some records could not be read; the note, or ""."""
    if not kb.load_findings:
        return ""
    note = (
        f"claimkb: note: {len(kb.load_findings)} record(s) or file(s) could not be read; "
        "run `claimkb check` to see them\n"
    )
    typer.echo(note, err=True, nl=False)
    return note


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
    question = _ask(root, json_, "claims", subject, property, source, status, text)
    kb = open_kb(root)
    note = _warn_if_broken(kb)
    found = find_claims(
        kb, subject=subject, property=property, source=source, status=status, text=text
    )
    rows = [claim_dict(kb, c) for c in found]
    if json_:
        _answer(rows, question, note)
    else:
        _emit(rows, False, "claims")


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

    question = _ask(root, json_, "show", claim_id)
    kb = open_kb(root)
    try:
        if claim_id not in kb.claims:
            raise NotFound(f"no claim with id {claim_id!r}")
        state = _snapshot_state(kb, question)
        data = show_claim(kb, claim_id, check(kb, cache=True).findings)
    except NotFound as exc:
        raise fail(str(exc)) from None
    if json_:
        _answer(data, question, state=state)
    else:
        _emit(data, False, "show")


@app.command()
def entity(
    name: Annotated[str, typer.Argument(help="Entity id, name or alias, in any language.")],
    root: RootOption = None,
    json_: JsonOption = False,
) -> None:
    """Resolve an entity by any alias and list what is claimed about it."""
    from ..query import NotFound
    from ..query import entity as find_entity

    question = _ask(root, json_, "entity", name)
    kb = open_kb(root)
    try:
        data = find_entity(kb, name)
    except NotFound as exc:
        raise fail(str(exc)) from None
    _emit(data, json_, "entity", question)


@app.command()
def sources(root: RootOption = None, json_: JsonOption = False) -> None:
    """List the sources, what they cite, and how many claims each gives."""
    from ..query import sources as list_sources

    question = _ask(root, json_, "sources")
    kb = open_kb(root)
    note = _warn_if_broken(kb)
    if json_:
        _answer(list_sources(kb), question, note)
    else:
        _emit(list_sources(kb), False, "sources")


@app.command()
def conflicts(
    root: RootOption = None,
    untriaged: Annotated[bool, typer.Option(help="Only those without a resolution.")] = False,
    json_: JsonOption = False,
) -> None:
    """List discrepancies between claims (conflicts, rounding, misspellings ...), triaged or not."""
    from ..api import check
    from ..query import discrepancies

    question = _ask(root, json_, "conflicts", untriaged)
    kb = open_kb(root)
    state = _snapshot_state(kb, question)
    found = discrepancies(check(kb, cache=True).findings)
    if untriaged:
        found = [f for f in found if not f.triaged]
    rows = [f.to_dict() for f in found]
    if json_:
        _answer(rows, question, state=state)
        return
    from ..render import tables
    from ..render.console import stdout

    tables.findings(stdout(), rows, "discrepancies")


@app.command()
def timeline(root: RootOption = None, json_: JsonOption = False) -> None:
    """Date-valued claims in order, with the precision each was written in."""
    from ..query import timeline as build_timeline

    question = _ask(root, json_, "timeline")
    kb = open_kb(root)
    note = _warn_if_broken(kb)
    if json_:
        _answer(build_timeline(kb), question, note)
    else:
        _emit(build_timeline(kb), False, "timeline")


def _snapshot_state(kb: Any, question: Question | None) -> tuple[Any, ...] | None:
    """For an answer that includes findings: the snapshots' state before they are read."""
    if question is None:
        return None
    return question.snapshot_state(s.snapshot for s in kb.sources.values() if s.snapshot)

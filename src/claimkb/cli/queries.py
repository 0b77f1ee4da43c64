"""The query commands: claims, show, entity, sources, conflicts, timeline.

Each looks at the KB's files through the cache once (:func:`_lookup`), then answers the
quickest way that gives the same answer:

1. a JSON answer given before to the same question about the same files is printed again
   (:mod:`claimkb.cache.answers`);
2. else, if the KB was checked as it is now, from the query index the check left
   (:mod:`claimkb.cache.indexed`): only the records the question needs are rebuilt;
3. else from the whole KB, loaded (through the cache).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from .app import JsonOption, RootOption, app, fail, open_kb

if TYPE_CHECKING:
    from ..cache import Cache
    from ..cache.answers import Question
    from ..cache.indexed import Indexed
    from ..findings import Finding
    from ..kb import KB

T = TypeVar("T")


@dataclass
class _Lookup:
    """The KB a question is about, as surveyed through its cache (if the cache is on)."""

    root: Path
    cache: Cache | None = None
    key: str | None = None
    """The report key of the files as they are (None: nothing stored may be reused)."""
    question: Question | None = None
    """For a JSON answer: the question, to keep its answer."""

    def indexed(self, answer: Callable[[Indexed], T]) -> T | None:
        """``answer`` from the query index of the KB as it is, or None when there is none
        or it cannot answer (then load the KB). NotFound goes through."""
        if self.cache is None:
            return None
        from ..cache.indexed import Indexed, Unavailable

        index = Indexed.open(self.cache, self.key)
        if index is None:
            return None
        try:
            found = answer(index)
        except Unavailable:
            return None
        self.cache.save(None)  # stats that were ambiguous and have settled
        return found

    def load(self) -> KB:
        """The whole KB, read through the cache that surveyed its files (if on)."""
        return open_kb(self.root, self.cache if self.cache is not None else True)

    def checked(self, kb: KB) -> tuple[Any, tuple[Finding, ...]]:
        """(snapshot state, findings) of the loaded KB: its stored report if that holds, else
        a check now. The state (for a kept JSON answer) is taken before the quotes are read."""
        from ..api import check

        state = _snapshot_state(kb, self.question)
        return state, check(kb, cache=True).findings

    def findings(self) -> tuple[Any, tuple[Finding, ...]] | None:
        """(snapshot state, findings) of the stored report, if it holds for the KB as it is."""
        if self.cache is None:
            return None
        from ..cache.indexed import Unavailable, findings

        try:
            return findings(self.cache, self.key)
        except Unavailable:
            return None


def _lookup(root: Path | None, as_json: bool, command: str, *arguments: object) -> _Lookup:
    """Find the KB root and survey its files through the cache. For a JSON answer given
    before to this question about these files, print it and end the command."""
    from ..cache.answers import ask, survey
    from ..store import RootError, check_root, find_root

    try:
        path = check_root(root) if root is not None else find_root()
    except RootError as exc:
        raise fail(str(exc)) from None
    surveyed = survey(path)
    if surveyed is None:
        return _Lookup(path)
    cache, key = surveyed
    question = ask(cache, key, command, arguments) if as_json else None
    known = question.answer() if question is not None else None
    if known is not None:
        out, note = known
        if note:
            typer.echo(note, err=True, nl=False)
        typer.echo(out, nl=False)
        raise typer.Exit(0)
    return _Lookup(path, cache, key, question)


def _emit(data: Any, as_json: bool, table: str, lookup: _Lookup, note: str = "") -> None:
    """Print the answer: JSON (kept for the same question), or a table."""
    if note:
        typer.echo(note, err=True, nl=False)
    if as_json:
        _answer(data, lookup.question, note)
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


def _list(
    lookup: _Lookup,
    as_json: bool,
    table: str,
    from_index: Callable[[Indexed], Any],
    from_kb: Callable[[KB], Any],
) -> None:
    """Print rows (a list, or lists by name): from the query index if it can answer, else
    from the whole KB, with a note on stderr when some records could not be read."""
    found = lookup.indexed(lambda index: (from_index(index), index.load_findings))
    if found is None:
        kb = lookup.load()
        found = from_kb(kb), len(kb.load_findings)
    rows, broken = found
    _emit(rows, as_json, table, lookup, _broken_note(broken))


def _broken_note(count: int) -> str:
    """The note, for stderr, that some records could not be read ("" if none)."""
    if not count:
        return ""
    return (
        f"claimkb: note: {count} record(s) or file(s) could not be read; "
        "run `claimkb check` to see them\n"
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

    if status is not None and status not in {s.value for s in Status}:
        raise fail(f"unknown status {status!r}; choose from {', '.join(s.value for s in Status)}")
    lookup = _lookup(root, json_, "claims", subject, property, source, status, text)
    filters = {
        "subject": subject,
        "property": property,
        "source": source,
        "status": status,
        "text": text,
    }

    def from_kb(kb: KB) -> list[dict[str, Any]]:
        from ..query import claim_dict, find_claims

        return [claim_dict(kb, c) for c in find_claims(kb, **filters)]

    _list(lookup, json_, "claims", lambda index: index.claims(**filters), from_kb)


@app.command()
def show(
    claim_id: Annotated[str, typer.Argument(metavar="ID", help="Claim id.")],
    root: RootOption = None,
    json_: JsonOption = False,
) -> None:
    """Show a claim: its source and quote, evidence, rival claims and their resolution."""
    from ..query import NotFound

    lookup = _lookup(root, json_, "show", claim_id)
    try:
        found = lookup.indexed(lambda index: index.show(claim_id))
        if found is None:
            found = _show(lookup, claim_id)
    except NotFound as exc:
        raise fail(str(exc)) from None
    data, state = found
    if json_:
        _answer(data, lookup.question, state=state)
    else:
        _emit(data, False, "show", lookup)


def _show(lookup: _Lookup, claim_id: str) -> tuple[dict[str, Any], Any]:
    """``show`` from the whole KB, with the state of the snapshots its findings read."""
    from ..query import NotFound
    from ..query import show as show_claim

    kb = lookup.load()
    if claim_id not in kb.claims:
        raise NotFound(f"no claim with id {claim_id!r}")
    state, findings = lookup.checked(kb)
    return show_claim(kb, claim_id, findings), state


@app.command()
def entity(
    name: Annotated[
        str, typer.Argument(metavar="NAME", help="Entity id, name or alias, in any language.")
    ],
    root: RootOption = None,
    json_: JsonOption = False,
) -> None:
    """Resolve an entity by any alias and list what is claimed about it."""
    from ..query import NotFound
    from ..query import entity as find_entity

    lookup = _lookup(root, json_, "entity", name)
    try:
        data = lookup.indexed(lambda index: index.entity(name))
        if data is None:
            data = find_entity(lookup.load(), name)
    except NotFound as exc:
        raise fail(str(exc)) from None
    _emit(data, json_, "entity", lookup)


@app.command()
def sources(root: RootOption = None, json_: JsonOption = False) -> None:
    """List the sources, what they cite, and how many claims each gives."""
    from ..query import sources as list_sources

    lookup = _lookup(root, json_, "sources")
    _list(lookup, json_, "sources", lambda index: index.sources(), list_sources)


@app.command()
def conflicts(
    root: RootOption = None,
    untriaged: Annotated[
        bool, typer.Option("--untriaged", help="Only those without a resolution.")
    ] = False,
    uncompared: Annotated[
        bool,
        typer.Option(
            "--uncompared",
            help="Instead, list the claims on one subject and property that were not "
            "compared because their qualifiers differ, and the qualifiers that differ.",
        ),
    ] = False,
    json_: JsonOption = False,
) -> None:
    """List discrepancies between claims (conflicts, rounding, misspellings ...), triaged or not."""
    from ..query import discrepancies

    lookup = _lookup(root, json_, "conflicts", untriaged, uncompared)
    if uncompared:
        from ..query import uncompared as split_by_qualifiers

        _emit(split_by_qualifiers(lookup.load()), json_, "uncompared", lookup)
        return
    # the stored report, if it holds: the KB is not needed
    state, findings = lookup.findings() or lookup.checked(lookup.load())
    selected = discrepancies(findings)
    if untriaged:
        selected = [f for f in selected if not f.triaged]
    rows = [f.to_dict() for f in selected]
    if json_:
        _answer(rows, lookup.question, state=state)
        return
    from ..render import tables
    from ..render.console import stdout

    tables.findings(stdout(), rows, "discrepancies")


@app.command()
def timeline(root: RootOption = None, json_: JsonOption = False) -> None:
    """Date-valued claims in order, with the precision each was written in."""
    from ..query import timeline as build_timeline

    lookup = _lookup(root, json_, "timeline")
    _list(lookup, json_, "timeline", lambda index: index.timeline(), build_timeline)


def _snapshot_state(kb: Any, question: Question | None) -> tuple[Any, ...] | None:
    """For an answer that includes findings: the snapshots' state before they are read."""
    if question is None:
        return None
    return question.snapshot_state(s.snapshot for s in kb.sources.values() if s.snapshot)

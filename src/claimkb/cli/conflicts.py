"""``claimkb conflicts``: the discrepancies between claims, triaged or not (from the stored
report when it holds, so the KB need not be loaded), or the claims left uncompared because
their qualifiers differ."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from .app import JsonOption, RootOption, app, conflict
from .queries import _answer, _emit, _Lookup, _lookup

if TYPE_CHECKING:
    from ..kb import KB


@app.command(short_help="List discrepancies between claims, triaged or not.")
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

    if untriaged and uncompared:
        raise conflict("--untriaged", "--uncompared")
    lookup = _lookup(root, json_, "conflicts", untriaged, uncompared)
    if uncompared:
        from ..query import uncompared as split_by_qualifiers

        _emit(split_by_qualifiers(lookup.load()), json_, "uncompared", lookup)
        return
    # the stored report, if it holds: the KB is not needed
    kb: KB | None = None
    found = lookup.findings()
    if found is None:
        kb = lookup.load()
        found = lookup.checked(kb)
    state, findings = found
    selected = discrepancies(findings)
    if untriaged:
        selected = [f for f in selected if not f.triaged]
    rows = [f.to_dict() for f in selected]
    if json_:
        _answer(rows, lookup.question, state=state)
        return
    from ..render.console import stdout
    from ..render.discrepancies import discrepancies as render

    named = {claim_id for finding in selected for claim_id in finding.claims}
    empty = "no untriaged discrepancies" if untriaged else "no discrepancies"
    render(stdout(), rows, _claims_by_id(lookup, kb, named), empty=empty)


def _claims_by_id(lookup: _Lookup, kb: KB | None, wanted: set[str]) -> dict[str, dict[str, Any]]:
    """The claims with these ids, as claim dicts: from the query index if it can answer,
    else from the KB (loaded if it is not yet)."""
    from ..query import claim_dict

    if kb is None:
        found = lookup.indexed(lambda index: index.claims_by_id(wanted))
        if found is not None:
            return found
        kb = lookup.load()
    return {c: claim_dict(kb, kb.claims[c]) for c in sorted(wanted) if c in kb.claims}

"""``claimkb conflicts``: the discrepancies between claims, triaged or not (from the stored
report when it holds, so the KB need not be loaded), or the claims left uncompared because
their qualifiers differ."""

from __future__ import annotations

from typing import Annotated

import typer

from .app import JsonOption, RootOption, app, conflict
from .queries import answering, ask, emit


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
    if untriaged and uncompared:
        raise conflict("--untriaged", "--uncompared")
    workspace = ask(root, json_, "conflicts", untriaged, uncompared)
    if uncompared:
        emit(workspace, answering(workspace, workspace.uncompared), json_, "uncompared")
        return
    found = answering(workspace, lambda: workspace.conflicts(untriaged=untriaged))
    if json_:
        emit(workspace, found, True, "conflicts")
        return
    from ..render.console import stdout
    from ..render.discrepancies import discrepancies as render

    named = {claim_id for finding in found.data for claim_id in finding.claims}
    empty = "no untriaged discrepancies" if untriaged else "no discrepancies"
    claims = answering(workspace, lambda: workspace.claims_by_id(named))
    render(stdout(), found.to_json(), claims, empty=empty)

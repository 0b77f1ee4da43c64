"""``claimkb explain ID``: a derived claim's recomputation, step by step."""

from __future__ import annotations

from typing import Annotated

import typer

from .app import JsonOption, RootOption, app, fail, open_kb


@app.command(short_help="Recompute a derived claim, step by step.")
def explain(
    claim_id: Annotated[str, typer.Argument(metavar="ID", help="Id of a derived claim.")],
    root: RootOption = None,
    json_: JsonOption = False,
) -> None:
    """Recompute a derived claim: its inputs and sources, each step with its range and
    unit, and the verdict with its likely cause."""
    from ..derive import NotDerived
    from ..derive import explain as explain_claim
    from ..query import NotFound, no_claim

    kb = open_kb(root)
    if claim_id not in kb.claims:
        raise fail(str(no_claim(claim_id, kb.claims)))
    try:
        data = explain_claim(kb, claim_id)
    except (NotFound, NotDerived) as exc:
        raise fail(str(exc)) from None
    if json_:
        from ..render.json import write

        write(data)
        return
    from ..render.console import stdout
    from ..render.explain import explain as render

    render(stdout(), data)

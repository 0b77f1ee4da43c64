"""``claimkb explain ID``: a derived claim's recomputation, step by step."""

from __future__ import annotations

from typing import Annotated

import typer

from .app import JsonOption, RootOption, app, fail, open_kb


@app.command()
def explain(
    claim_id: Annotated[str, typer.Argument(metavar="ID", help="Id of a derived claim.")],
    root: RootOption = None,
    json_: JsonOption = False,
) -> None:
    """Recompute a derived claim: its inputs and sources, each step with its range and
    unit, and the verdict with its likely cause."""
    from ..derive import NotDerived
    from ..derive import explain as explain_claim
    from ..query import NotFound

    kb = open_kb(root)
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

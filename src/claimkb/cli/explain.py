"""``claimkb explain ID``: a derived claim's recomputation, step by step."""

from __future__ import annotations

from typing import Annotated

import typer

from .app import JsonOption, RootOption, app, fail, open_workspace


@app.command(short_help="Recompute a derived claim, step by step.")
def explain(
    claim_id: Annotated[str, typer.Argument(metavar="ID", help="Id of a derived claim.")],
    root: RootOption = None,
    json_: JsonOption = False,
) -> None:
    """Recompute a derived claim: its inputs and sources, each step with its range and
    unit, and the verdict with its likely cause."""
    from ..errors import NotDerived, NotFound
    from .progress import progress_bar

    workspace = open_workspace(root)
    try:
        with progress_bar() as bar:
            workspace.progress = bar
            data = workspace.explain(claim_id)
    except (NotFound, NotDerived) as exc:
        raise fail(str(exc)) from None
    if json_:
        from ..render.json import write

        write(data)
        return
    from ..render.console import stdout
    from ..render.explain import explain as render

    render(stdout(), data)

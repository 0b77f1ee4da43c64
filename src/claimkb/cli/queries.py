"""The query commands: claims, show, entity, sources, timeline (and conflicts, in
:mod:`.conflicts`). Each asks the KB's Workspace, which answers the quickest way that gives
the same answer (:mod:`claimkb.workspace.strategy`): a JSON answer given before to the same
question about the same files is printed again; else the query index the last check left
answers; else the whole KB is loaded.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .app import JsonOption, RootOption, app, choice, fail, open_workspace

if TYPE_CHECKING:
    from ..results import Answer
    from ..workspace import Workspace


def ask(root: Path | None, as_json: bool, command: str, *arguments: object) -> Workspace:
    """The KB's Workspace, its files surveyed through the cache. For a JSON answer given
    before to this question about these files, print it and end the command."""
    workspace = open_workspace(root)
    known = workspace.kept(command, *arguments) if as_json else None
    if known is not None:
        if known.note:
            typer.echo(known.note, err=True, nl=False)
        typer.echo(known.out, nl=False)
        raise typer.Exit(0)
    return workspace


def emit(workspace: Workspace, answer: Answer[Any], as_json: bool, table: str) -> None:
    """Print the answer (its note on stderr first): JSON, kept for the same question; or a
    table."""
    if answer.note:
        typer.echo(answer.note, err=True, nl=False)
    if as_json:
        from ..render.json import dumps

        out = dumps(answer.to_json()) + "\n"
        typer.echo(out, nl=False)
        workspace.keep(out, answer)
        return
    from ..render import records, tables
    from ..render.console import stdout

    render = getattr(records if table in ("show", "entity") else tables, table)
    render(stdout(), answer.to_json())


def answering(workspace: Workspace, question: Any) -> Any:
    """``question()``, with a long load's progress bar, a NotFound as a usage error."""
    from ..errors import NotFound
    from .progress import progress_bar

    try:
        with progress_bar() as bar:
            workspace.progress = bar
            return question()
    except NotFound as exc:
        raise fail(str(exc)) from None
    finally:
        workspace.progress = None


def _ready(workspace: Workspace, command: str) -> bool:
    """Print the ``--json`` answer the check wrote for ``command``, if it did."""
    from .quick_questions import print_ready

    return print_ready(workspace, command, _echo, _echo_err)


def _echo(text: str) -> None:
    typer.echo(text, nl=False)


def _echo_err(text: str) -> None:
    typer.echo(text, err=True, nl=False)


STATUSES = [
    "verified",
    "single-source",
    "vendor-claim",
    "imprecise",
    "disputed",
    "refuted",
    "insufficient-evidence",
    "unchecked",
]
"""The verdict scale (:class:`claimkb.model.Status`, which a test holds this to), strongest
first; spelt out here so that ``--help`` lists it without loading the model."""


@app.command(short_help="List claims, filtered by subject, property, source, status, text.")
def claims(
    root: RootOption = None,
    subject: Annotated[
        str | None,
        typer.Option(metavar="NAME", help="Entity id, name or alias, in any language."),
    ] = None,
    property: Annotated[
        str | None, typer.Option("--property", metavar="ID", help="Property id.")
    ] = None,
    source: Annotated[str | None, typer.Option(metavar="ID", help="Source id.")] = None,
    status: Annotated[
        str | None,
        typer.Option(
            metavar="STATUS", callback=choice(STATUSES), help=f"One of {', '.join(STATUSES)}."
        ),
    ] = None,
    text: Annotated[
        str | None,
        typer.Option(metavar="TEXT", help="Text in the id, value, quote or note (any case)."),
    ] = None,
    json_: JsonOption = False,
) -> None:
    """List claims, filtered by subject, property, source, status or text.

    A subject, property or source that names nothing in the KB is a usage error that offers
    the names spelt most like it.
    """
    workspace = ask(root, json_, "claims", subject, property, source, status, text)
    if json_:  # the rows the check left, if it did: printed a piece at a time
        from ..workspace.quick import claim_rows
        from .quick_questions import print_rows

        filters = {"subject": subject, "property": property, "source": source, "text": text}
        rows = claim_rows(workspace, **filters, status=status)
        if rows is not None:
            print_rows(workspace, rows, _echo, _echo_err)
            return
    found = answering(
        workspace,
        lambda: workspace.claims(
            subject=subject, property=property, source=source, status=status, text=text
        ),
    )
    emit(workspace, found, json_, "claims")


@app.command(short_help="Show a claim: source, quote, evidence, rivals, triage.")
def show(
    claim_id: Annotated[str, typer.Argument(metavar="ID", help="Claim id.")],
    root: RootOption = None,
    json_: JsonOption = False,
) -> None:
    """Show a claim: its source and quote, evidence, rival claims and their resolution."""
    workspace = ask(root, json_, "show", claim_id)
    emit(workspace, answering(workspace, lambda: workspace.show(claim_id)), json_, "show")


@app.command(short_help="Find an entity by any name; what is claimed about it.")
def entity(
    name: Annotated[
        str, typer.Argument(metavar="NAME", help="Entity id, name or alias, in any language.")
    ],
    root: RootOption = None,
    json_: JsonOption = False,
) -> None:
    """Find an entity by its id, name, any alias or a misspelling a resolution records, and
    list the claims about it, naming it and misspelling it."""
    workspace = ask(root, json_, "entity", name)
    emit(workspace, answering(workspace, lambda: workspace.entity(name)), json_, "entity")


@app.command(short_help="List the sources, what they cite, their claims.")
def sources(root: RootOption = None, json_: JsonOption = False) -> None:
    """List the sources, what they cite, and how many claims each gives."""
    workspace = ask(root, json_, "sources")
    if json_ and _ready(workspace, "sources"):
        return
    emit(workspace, answering(workspace, workspace.sources), json_, "sources")


@app.command(short_help="Date claims in order, with the precision of each.")
def timeline(root: RootOption = None, json_: JsonOption = False) -> None:
    """Date-valued claims in order, with the precision each was written in."""
    workspace = ask(root, json_, "timeline")
    if json_ and _ready(workspace, "timeline"):
        return
    emit(workspace, answering(workspace, workspace.timeline), json_, "timeline")

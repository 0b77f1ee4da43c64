"""What every authoring command shares: its options, and how a planned change is written.

A command plans a :class:`~claimkb.authoring.writes.Change` with the library, then
:func:`apply_change` writes it (or, with ``--dry-run``, prints its diff) and renders what was
done; a refusal is printed as ``claimkb: ...`` with one line per problem, each named by its
option, and exits 2.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .app import fail, open_workspace

if TYPE_CHECKING:
    from rich.console import Console

    from ..authoring.writes import Change
    from ..workspace import Workspace

DryRunOption = Annotated[
    bool, typer.Option("--dry-run", help="Print the diff of what would be written; write nothing.")
]
FileOption = Annotated[
    str | None,
    typer.Option(
        "--file",
        metavar="PATH",
        help="Write into this file (relative to the KB root, under claims/). Default: the file "
        "that already holds such records.",
        show_default=False,
    ),
]


def text(help: str) -> Any:
    """A text option with its help (every option has help: the CLI reference is its help)."""
    return typer.Option(help=help, show_default=False)


IdOption = Annotated[str | None, text("The record's id (letters, digits, . _ ~ -).")]
NoteOption = Annotated[str | None, text("A note for readers (what the record does not say).")]
DescriptionOption = Annotated[str | None, text("What it is, in a sentence.")]
SubjectOption = Annotated[str | None, text("The entity the claim is about (id, name or alias).")]
PropertyOption = Annotated[
    str | None,
    typer.Option("--property", help="The property (claimkb registry).", show_default=False),
]


StatusOption = Annotated[str | None, text("Default: the strongest status the evidence supports.")]
QualifierOption = Annotated[list[str] | None, text("NAME=VALUE (repeatable).")]
ViaOption = Annotated[list[str] | None, text("A source this claim relays (repeatable).")]
UnquotedOption = Annotated[str | None, text("Why the value is not in the quote as written.")]
DraftArgument = Annotated[str, typer.Argument(metavar="DRAFT", help="Draft id (claimkb drafts).")]


def workspace_of(root: Path | None, snapshot_dir: list[Path] | None) -> Workspace:
    """The KB's Workspace, loaded (with a progress bar on a terminal), for a command that
    plans a change."""
    from .progress import progress_bar

    workspace = open_workspace(root, True, snapshot_dir)
    with progress_bar() as bar:
        workspace.progress = bar
        workspace.kb  # noqa: B018 (loaded here, under the bar)
    workspace.progress = None
    return workspace


def run_change(
    plan: Callable[[Workspace], Change],
    root: Path | None,
    snapshot_dir: list[Path] | None,
    dry_run: bool,
    json_: bool,
    show: Callable[[Change], None] | None = None,
) -> Change:
    """Plan the change with the KB's Workspace, then write it (or print its diff); errors
    exit 2."""
    workspace = workspace_of(root, snapshot_dir)
    return apply_change(workspace, lambda: plan(workspace), dry_run, json_, show)


def show_rows(rows: Any, json_: bool, table: str) -> Console | None:
    """Print rows as JSON, or as the :mod:`claimkb.render.authoring` table ``table``; the
    console when it printed a table (for what a command adds after it)."""
    if json_:
        from ..render.json import write

        write(rows)
        return None
    from ..render import authoring as render
    from ..render.console import stdout

    console = stdout()
    getattr(render, table)(console, rows)
    return console


def apply_change(
    workspace: Workspace,
    plan: Callable[[], Change],
    dry_run: bool,
    json_: bool,
    show: Callable[[Change], None] | None = None,
) -> Change:
    """Plan the change and write it, or print its diff (``--dry-run``); print what was done
    (``show`` renders it for a person, else its summary), or the JSON of the change."""
    from ..authoring.errors import AuthoringError, Invalid

    try:
        change = plan()
        if not dry_run:
            workspace.write(change)
    except Invalid as exc:
        if json_:
            from ..render.json import write

            write({"written": False, "problems": [p.to_dict() for p in exc.problems]})
        lines = [f"  {option_name(p.field)}: {p.describe()}" for p in exc.problems]
        typer.echo(f"claimkb: {exc.what} not written:\n" + "\n".join(lines), err=True)
        raise typer.Exit(2) from None
    except AuthoringError as exc:
        raise fail(exc.message) from None
    data: dict[str, Any] = {"written": not dry_run, **change.to_dict()}
    if dry_run:
        data["diff"] = workspace.diff(change)
    if json_:
        from ..render.json import write

        write(data)
    elif dry_run:
        typer.echo(data["diff"], nl=False)
        typer.echo(f"claimkb: --dry-run: {change.summary} (nothing written)", err=True)
    elif show is not None:
        show(change)
    else:
        from ..render.authoring import change as render
        from ..render.console import stdout

        render(stdout(), data)
    return change


def option_name(field: str) -> str:
    return field if field.startswith("(") else "--" + field.replace("_", "-")


def pairs(values: list[str] | None, option: str) -> dict[str, str]:
    result: dict[str, str] = {}
    for value in values or ():
        key, sep, rest = value.partition("=")
        if not sep or not key.strip():
            raise fail(f"{option} {value!r}: write it as NAME=VALUE")
        result[key.strip()] = rest.strip()
    return result

"""``claimkb draft SOURCE``, ``claimkb drafts``, ``claimkb accept DRAFT``, ``claimkb reject DRAFT``.

Drafts go to ``claims/<source>.drafts``, which ``claimkb check`` does not read; accepting one
runs the validation of ``claimkb add claim`` with the draft's fields, corrected by the options.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from .app import JsonOption, RootOption, SnapshotDirOption, app
from .writing import (
    DraftArgument,
    DryRunOption,
    FileOption,
    NoteOption,
    PropertyOption,
    QualifierOption,
    StatusOption,
    SubjectOption,
    UnquotedOption,
    ViaOption,
    pairs,
    run_change,
    text,
    workspace_of,
)

if TYPE_CHECKING:
    from ..authoring.writes import Change

ReasonsOption = Annotated[bool, typer.Option("--reasons", help="Show the reason for each guess.")]


@app.command()
def draft(
    source: Annotated[str, typer.Argument(metavar="SOURCE", help="Source id (with a snapshot).")],
    root: RootOption = None,
    snapshot_dir: SnapshotDirOption = None,
    reasons: ReasonsOption = False,
    dry_run: DryRunOption = False,
    json_: JsonOption = False,
) -> None:
    """Propose draft claims from a source's archived text (English and Chinese, tables too):
    the value as written, the shortest quote, the subject and property guessed with reasons.
    They go to claims/SOURCE.drafts for review; no claim is written or changed."""

    def show(change: Change) -> None:
        typer.echo(change.summary, err=True)
        _show(list(change.data["drafts"]), reasons, False, change.data.get("skipped"))  # type: ignore[call-overload]

    run_change(lambda ws: ws.draft(source), root, snapshot_dir, dry_run, json_, show)


def _show(rows: list[dict[str, Any]], reasons: bool, json_: bool, skipped: Any = None) -> None:
    from .quick_draft import show_drafts

    show_drafts(rows, reasons, json_, skipped, lambda message: typer.echo(message, err=True))


@app.command()
def drafts(
    source: Annotated[
        str | None, typer.Argument(metavar="[SOURCE]", help="Only this source's drafts.")
    ] = None,
    root: RootOption = None,
    snapshot_dir: SnapshotDirOption = None,
    reasons: ReasonsOption = False,
    json_: JsonOption = False,
) -> None:
    """List the pending drafts (of one source, or of all)."""
    from ..authoring.errors import AuthoringError

    workspace = workspace_of(root, snapshot_dir)
    try:
        rows = workspace.drafts(source)
    except AuthoringError as exc:
        from .app import fail

        raise fail(exc.message) from None
    _show(rows, reasons, json_)


@app.command()
def accept(
    draft_id: DraftArgument,
    subject: SubjectOption = None,
    property: PropertyOption = None,
    value: Annotated[str | None, text("The value as the source writes it.")] = None,
    quote: Annotated[str | None, text("The verbatim quote.")] = None,
    status: StatusOption = None,
    id: Annotated[str | None, text("The claim's id.")] = None,
    qualifier: QualifierOption = None,
    via: ViaOption = None,
    unquoted: UnquotedOption = None,
    note: NoteOption = None,
    allow_unknown: Annotated[bool, typer.Option(help="Keep an unknown entity value.")] = False,
    file: FileOption = None,
    root: RootOption = None,
    snapshot_dir: SnapshotDirOption = None,
    dry_run: DryRunOption = False,
    json_: JsonOption = False,
) -> None:
    """Make a draft a claim, correcting its guesses with the options (validated as by
    claimkb add claim), and take it out of the drafts file."""
    overrides: dict[str, Any] = {
        "subject": subject, "property": property, "value": value, "quote": quote,
        "status": status, "id": id, "qualifiers": pairs(qualifier, "--qualifier"),
        "via": via or [], "unquoted": unquoted, "note": note,
    }  # fmt: skip
    options = {"allow_unknown": allow_unknown, "file": file}
    run_change(
        lambda ws: ws.accept(draft_id, overrides, **options), root, snapshot_dir, dry_run, json_
    )


@app.command()
def reject(
    draft_id: DraftArgument,
    root: RootOption = None,
    snapshot_dir: SnapshotDirOption = None,
    dry_run: DryRunOption = False,
    json_: JsonOption = False,
) -> None:
    """Drop a draft; drafting the source again does not propose it."""
    run_change(lambda ws: ws.reject(draft_id), root, snapshot_dir, dry_run, json_)

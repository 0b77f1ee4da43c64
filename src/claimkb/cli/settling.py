"""``claimkb status`` and ``claimkb resolve``: settle statuses and triage discrepancies.

Both read the KB's check (through the cache) for the evidence: which claims are in a
discrepancy, which resolutions prefer which claims. ``resolve`` asks for what it was not given
when a terminal is attached; otherwise it says what is missing.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .app import JsonOption, RootOption, SnapshotDirOption, app, fail
from .writing import DryRunOption, FileOption, apply_change, show_rows, workspace_of

if TYPE_CHECKING:
    from ..findings import Finding
    from ..kb import KB
    from ..workspace import Workspace


def _checked(root: Path | None, snapshot_dir: list[Path] | None) -> Workspace:
    """The KB's Workspace, loaded and checked (the evidence statuses are judged against)."""
    from .progress import progress_bar

    workspace = workspace_of(root, snapshot_dir)
    with progress_bar() as bar:
        workspace.progress = bar
        workspace.report()
    workspace.progress = None
    return workspace


@app.command()
def status(
    claim_id: Annotated[
        str | None, typer.Argument(metavar="[ID]", help="The claim whose status to set.")
    ] = None,
    new_status: Annotated[
        str | None, typer.Argument(metavar="[STATUS]", help="verified, refuted ...")
    ] = None,
    reason: Annotated[
        str | None,
        typer.Option(
            help="Why (added to the claim's note). Required with ID STATUS.", show_default=False
        ),
    ] = None,
    suggest: Annotated[
        bool,
        typer.Option(
            "--suggest",
            help="For each claim whose status a CKB501/CKB502 contests, the status the "
            "evidence supports, and why.",
        ),
    ] = False,
    apply: Annotated[bool, typer.Option("--apply", help="With --suggest: write them.")] = False,
    force: Annotated[
        bool, typer.Option("--force", help="Write a status the evidence does not support.")
    ] = False,
    root: RootOption = None,
    snapshot_dir: SnapshotDirOption = None,
    dry_run: DryRunOption = False,
    json_: JsonOption = False,
) -> None:
    """Set a claim's status (checked against the evidence), or suggest and apply the
    statuses the evidence supports."""
    if suggest == (claim_id is not None):
        raise fail("give either ID STATUS --reason TEXT, or --suggest [--apply]")
    if apply and not suggest:
        raise fail("--apply goes with --suggest")
    workspace = _checked(root, snapshot_dir)
    if not suggest:
        if new_status is None:
            raise fail("give the new status: claimkb status ID STATUS --reason TEXT")
        apply_change(
            workspace,
            lambda: workspace.set_status(claim_id or "", new_status, reason or "", force=force),
            dry_run,
            json_,
        )
        return
    found = workspace.suggestions()
    if not apply:
        show_rows([s.to_dict() for s in found], json_, "suggestions")
        return
    apply_change(workspace, lambda: workspace.apply_suggestions(found), dry_run, json_)


@app.command()
def resolve(
    finding: Annotated[
        str | None,
        typer.Argument(
            metavar="[FINDING]",
            help="CODE:claim (as listed without an argument), a claim id or a code.",
        ),
    ] = None,
    preferred: Annotated[
        str | None, typer.Option(help="The claim whose value is right.", show_default=False)
    ] = None,
    kind: Annotated[
        str | None,
        typer.Option(help="rounding, error, misspelling, outdated ...", show_default=False),
    ] = None,
    reason: Annotated[str | None, typer.Option(help="Why.", show_default=False)] = None,
    id: Annotated[str | None, typer.Option(help="The resolution's id.", show_default=False)] = None,
    file: FileOption = None,
    settle: Annotated[
        bool,
        typer.Option(
            "--settle", help="Also write the statuses the evidence then supports for its claims."
        ),
    ] = False,
    root: RootOption = None,
    snapshot_dir: SnapshotDirOption = None,
    dry_run: DryRunOption = False,
    json_: JsonOption = False,
) -> None:
    """Triage a discrepancy: the preferred claim, the kind and the reason (asked for on a
    terminal); shows which statuses its claims may then carry. Without FINDING, list the
    untriaged discrepancies."""
    from ..authoring.errors import AuthoringError

    workspace = _checked(root, snapshot_dir)
    if finding is None:
        rows = [{"ref": ref, **f.to_dict()} for ref, f in workspace.untriaged()]
        show_rows(rows, json_, "open_findings")
        return
    try:
        _ref, chosen = workspace.discrepancy(finding)
    except AuthoringError as exc:
        raise fail(exc.message) from None
    if interactive() and not json_:
        preferred, kind, reason = _ask(workspace.kb, chosen, preferred, kind, reason)

    def show(change: Any) -> None:
        from ..render import authoring as render
        from ..render.console import stdout

        typer.echo(change.summary, err=True)
        render.resolution(stdout(), change.data)

    apply_change(
        workspace,
        lambda: workspace.resolve(
            chosen,
            preferred=preferred,
            kind=kind,
            reason=reason,
            resolution_id=id,
            file=file,
            settle=settle,
        ),  # fmt: skip
        dry_run,
        json_,
        show,
    )


def interactive() -> bool:
    """Whether a person is at the terminal to answer questions."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _ask(
    kb: KB, finding: Finding, preferred: str | None, kind: str | None, reason: str | None
) -> tuple[str | None, str | None, str | None]:
    from ..authoring.resolving import KINDS, default_kind

    typer.echo(f"{finding.code} {finding.slug}: {finding.message}")
    for index, claim_id in enumerate(finding.claims, start=1):
        claim = kb.claims.get(claim_id)
        if claim is not None:
            typer.echo(
                f"  {index}. {claim_id}: {claim.written!r} ({claim.source}, {claim.status.value})"
            )
    if preferred is None:
        answer = typer.prompt(
            "preferred claim (number or id; empty: none)", default="", show_default=False
        )
        if answer.strip().isdigit() and 0 < int(answer) <= len(finding.claims):
            preferred = finding.claims[int(answer) - 1]
        else:
            preferred = answer.strip() or None
    if kind is None:
        kind = typer.prompt(f"kind ({', '.join(KINDS)})", default=default_kind(finding) or "")
    if reason is None:
        reason = typer.prompt("reason")
    return preferred, kind or None, reason

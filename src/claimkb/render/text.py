"""Findings as text for a person: ``file:line: severity CODE slug: message``, then a summary."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from ..findings import Finding
from ..report import Report

_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}


def location(finding: Finding) -> str:
    if finding.file is None:
        return "(kb)"
    return f"{finding.file}:{finding.line}" if finding.line else finding.file


def line(finding: Finding) -> str:
    """One finding as rich markup."""
    severity = finding.level.value
    style = "dim" if finding.triaged else _STYLE[severity]
    triage = f" [dim](triaged: {escape(finding.triaged_by or '')})[/dim]" if finding.triaged else ""
    claims = (
        f" [dim]\\[claims: {escape(', '.join(finding.claims))}][/dim]" if finding.claims else ""
    )
    return (
        f"{escape(location(finding))}: [{style}]{severity}[/{style}] "
        f"[bold]{finding.code}[/bold] {finding.slug}: {escape(finding.message)}{claims}{triage}"
    )


def summary(report: Report) -> str:
    counts = report.counts()
    return (
        f"{report.files} files, {report.sources} sources, {report.claims} claims: "
        f"{counts['error']} errors, {counts['warning']} warnings, {counts['info']} info, "
        f"{counts['triaged']} triaged"
    )


def render(report: Report, console: Console, show_triaged: bool = False) -> None:
    for finding in report.findings:
        if finding.triaged and not show_triaged:
            continue
        console.print(line(finding), soft_wrap=True)
    console.print(summary(report))
    if report.triaged_findings and not show_triaged:
        console.print(
            "[dim]triaged discrepancies: `claimkb conflicts` lists them, "
            "`claimkb check --show-triaged` prints them here[/dim]"
        )

"""Findings as text for a person: ``file:line: severity CODE slug: message``, then a summary.

Each finding is one line, for the tools that read such lines; on a terminal it is wrapped
between words instead (the terminal would break it inside a word), its later lines indented.

Each line is built from styled pieces, never from markup, so nothing a user wrote (``[...]``,
``:100:``) is read as rich markup or emoji codes. When the output is not a terminal the lines
carry no style and are written as they are - rich would print exactly the same characters,
thousands of times slower; a line holding a tab or a control character rich rewrites still
goes through rich.
"""

from __future__ import annotations

import re

from rich.console import Console
from rich.text import Text

from ..findings import Finding
from ..report import Report
from .layout import hanging
from .safe import defuse_commands, printable

_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}
_REWRITTEN_BY_RICH = re.compile("[\t\x07\x08\x0b\x0c\r]")
"""Tabs (expanded by cell width) and the control characters rich strips."""


def location(finding: Finding) -> str:
    if finding.file is None:
        return "(kb)"
    return f"{finding.file}:{finding.line}" if finding.line else finding.file


def shown(text: str) -> str:
    """User text as a finding's line shows it: printable, on one line, and never read as a CI
    workflow command (see :func:`claimkb.render.safe.defuse_commands`)."""
    return defuse_commands(printable(text, one_line=True), "\\x3a", "\\x23")


def pieces(finding: Finding) -> list[tuple[str, str]]:
    """The line as (text, style) pieces; user text is made printable and kept on one line."""
    severity = finding.level.value
    result = [
        (f"{shown(location(finding))}: ", ""),
        (severity, "dim" if finding.triaged else _STYLE[severity]),
        (" ", ""),
        (finding.code, "bold"),
        (f" {finding.slug}: {shown(finding.message)}", ""),
    ]
    if finding.claims:
        result.append((f" [claims: {shown(', '.join(finding.claims))}]", "dim"))
    if finding.triaged:
        result.append((f" (triaged: {shown(finding.triaged_by or '')})", "dim"))
    return result


def line(finding: Finding) -> Text:
    """One finding as styled text."""
    return Text.assemble(*pieces(finding))


def _count(number: int, noun: str) -> str:
    """``1 claim``, ``2 claims``: the summary line is read by people."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def summary(report: Report) -> str:
    counts = report.counts()
    line = (
        f"{_count(report.files, 'file')}, {_count(report.sources, 'source')}, "
        f"{_count(report.claims, 'claim')}: {_count(counts['error'], 'error')}, "
        f"{_count(counts['warning'], 'warning')}, {counts['info']} info, "
        f"{counts['triaged']} triaged"
    )
    unapplied = len(report.unapplied_resolutions)
    if unapplied:  # the triaged count is not what it would be once every file reads
        line += f", {_count(unapplied, 'resolution')} not applied"
    unchecked = report.unchecked_quotes
    if unchecked:
        line += f"; {_count(unchecked, 'quote')} not checked against a snapshot"
    return line


def render(report: Report, console: Console, show_triaged: bool = False) -> None:
    shown = [f for f in report.findings if show_triaged or not f.triaged]
    if console.is_terminal:  # a person reads it: each finding wrapped between words
        for finding in shown:
            hanging(console, "", line(finding), indent=4)
    else:
        for finding in shown:
            text = "".join(piece for piece, _ in pieces(finding))
            if _REWRITTEN_BY_RICH.search(text):
                console.print(Text(text), soft_wrap=True)
            else:
                console.file.write(text + "\n")
    _said(console, Text(summary(report)))
    if report.triaged_findings and not show_triaged:
        hint = (
            "triaged discrepancies: `claimkb conflicts` lists them, "
            "`claimkb check --show-triaged` prints them here"
        )
        _said(console, Text(hint, style="dim"))


def _said(console: Console, text: Text) -> None:
    """One line for a program reading the output; on a terminal, wrapped between words
    (a terminal would break it anywhere), its later lines indented."""
    if console.is_terminal:
        hanging(console, "", text, indent=2)
    else:
        console.print(text, soft_wrap=True)

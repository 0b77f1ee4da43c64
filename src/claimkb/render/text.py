"""Findings as text for a person: ``file:line: severity CODE slug: message``, then a summary.

Each finding is one line, for the tools that read such lines; on a terminal it is wrapped
between words instead (the terminal would break it inside a word), its later lines indented.

Each line is built from styled pieces, never from markup, so nothing a user wrote (``[...]``,
``:100:``) is read as rich markup or emoji codes. When the output is not a terminal the lines
carry no style and are written as they are - rich would print exactly the same characters,
thousands of times slower; a line holding a tab or a control character rich rewrites still
goes through rich. So rich is imported only for a terminal or such a line: a check whose
output goes to a file or a pipe (CI's) need not import it at all (:func:`plain`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..findings import Finding
from ..report import Report
from .safe import defuse_commands, printable

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

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
    from rich.text import Text

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


_TRIAGED_HINT = (
    "triaged discrepancies: `claimkb conflicts` lists them, "
    "`claimkb check --show-triaged` prints them here"
)


def render(report: Report, console: Console, show_triaged: bool = False) -> None:
    if not console.is_terminal:
        console.file.write(plain(report, show_triaged))
        return
    from rich.text import Text

    from .layout import hanging

    for finding in _shown(report, show_triaged):  # a person reads it: wrapped between words
        hanging(console, "", line(finding), indent=4)
    hanging(console, "", Text(summary(report)), indent=2)
    if report.triaged_findings and not show_triaged:
        hanging(console, "", Text(_TRIAGED_HINT, style="dim"), indent=2)


def plain(report: Report, show_triaged: bool = False) -> str:
    """The report as :func:`render` prints it to a console that is not a terminal: one line
    per finding, then the summary (and the hint about triaged findings), unstyled."""
    lines = []
    for finding in _shown(report, show_triaged):
        text = "".join(piece for piece, _ in pieces(finding))
        lines.append(_as_rich_prints(text) if _REWRITTEN_BY_RICH.search(text) else text + "\n")
    lines.append(summary(report) + "\n")  # counts and fixed words: nothing rich rewrites
    if report.triaged_findings and not show_triaged:
        lines.append(_TRIAGED_HINT + "\n")
    return "".join(lines)


def _shown(report: Report, show_triaged: bool) -> list[Finding]:
    return [f for f in report.findings if show_triaged or not f.triaged]


def _as_rich_prints(text: str) -> str:
    """``text`` as rich prints it to a console that is not a terminal (tabs expanded, the
    control characters it strips stripped), with its line break."""
    import io

    from rich.text import Text

    from .console import stdout

    out = io.StringIO()
    stdout(out).print(Text(text), soft_wrap=True)
    return out.getvalue()

"""Findings as GitHub Actions workflow commands, which the runner turns into annotations.

Each open finding becomes one line such as::

    ::error file=claims/a.yaml,line=6,title=CKB401 conflict::model-x / total-parameters: ...

``error`` and ``warning`` keep their names; ``info`` becomes ``notice``. Triaged findings are
accepted discrepancies and produce no annotation unless asked for (then as notices). The runner
reads ``%``, CR and LF specially in a command's message, and also ``:`` and ``,`` in its
properties, so those are percent-escaped exactly as GitHub's own toolkit does. Every line is a
command the runner parses as one (a ``##[`` inside it is not read again as a legacy command),
and a byte of a file name that is not UTF-8 is written as ``\\xe9``.

Annotation paths must be relative to the repository checkout, not to the KB root: a KB kept in
a sub-directory would otherwise be annotated on the wrong files. Paths are therefore made
relative to ``base`` (the CLI passes ``$GITHUB_WORKSPACE``, else the working directory) when
the KB root lies inside it.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..findings import Finding
from ..report import Report
from .safe import encodable
from .text import summary

COMMAND = {"error": "error", "warning": "warning", "info": "notice"}


def escape_data(text: str) -> str:
    """Escape a command's message (the part after ``::``)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a property value (``file=``, ``title=`` ...): also ``:`` and ``,``."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def path_prefix(root: Path, base: Path | None) -> str:
    """The KB root as seen from ``base`` (``""`` when they are the same or unrelated)."""
    if base is None:
        return ""
    try:
        relative = Path(os.path.relpath(root.resolve(), base.resolve()))
    except ValueError:  # another drive on Windows
        return ""
    if relative.parts and relative.parts[0] == "..":
        return ""
    text = relative.as_posix()
    return "" if text == "." else text + "/"


def annotation(finding: Finding, prefix: str = "") -> str:
    """One finding as a workflow command line."""
    if finding.triaged:
        command = "notice"
        message = f"{finding.message} (triaged by {finding.triaged_by})"
    else:
        command = COMMAND[finding.level.value]
        message = finding.message
    if finding.claims:
        message += f" [claims: {', '.join(finding.claims)}]"
    properties = []
    if finding.file is not None:
        properties.append(f"file={escape_property(prefix + finding.file)}")
        if finding.line:
            properties.append(f"line={finding.line}")
    properties.append(f"title={escape_property(f'{finding.code} {finding.slug}')}")
    return encodable(f"::{command} {','.join(properties)}::{escape_data(message)}")


def render(report: Report, base: Path | None = None, show_triaged: bool = False) -> str:
    """Every open finding (and triaged ones if asked) as workflow commands, then a summary."""
    prefix = path_prefix(report.root, base)
    lines = [
        annotation(finding, prefix)
        for finding in report.findings
        if show_triaged or not finding.triaged
    ]
    lines.append(f"claimkb: {summary(report)}")
    return "\n".join(lines) + "\n"

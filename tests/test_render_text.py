"""The text report: plain output is exactly what rich prints for the same styled lines."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

from claimkb.findings import make
from claimkb.render.text import line, plain, render, summary
from claimkb.report import Report

MESSAGES = [
    "plain",
    "brackets [bold]kept[/bold] and \\[escapes]",
    "an emoji code :100: stays text",
    "a\ttab after 模型",
    "bell\x07 and carriage\r return",
    "two\nlines",
    "trailing   ",
    "中文 全角：，",
]


def _report() -> Report:
    findings = []
    for index, detail in enumerate(MESSAGES, start=1):
        findings.append(make("yaml-syntax", f"claims/{index}.yaml", index, detail=detail))
    findings.append(make("conflict", "claims/x.yaml", 9, ["a", "b"], subject="s", property="p",
                         qualifiers="", values="1 vs 2", written={}).with_triage("r1"))  # fmt: skip
    findings.append(make("config-error", None, None, detail="no file"))
    return Report(root=Path("/kb"), findings=tuple(findings), files=3, sources=1, claims=2)


def _console(terminal: bool) -> tuple[Console, io.StringIO]:
    stream = io.StringIO()
    return Console(file=stream, width=120, force_terminal=terminal, highlight=False), stream


@pytest.mark.parametrize("show_triaged", [False, True])
def test_plain_output_is_what_rich_prints(show_triaged: bool) -> None:
    report = _report()
    console, stream = _console(terminal=False)
    render(report, console, show_triaged=show_triaged)
    reference, expected = _console(terminal=False)
    for finding in report.findings:
        if show_triaged or not finding.triaged:
            reference.print(line(finding), soft_wrap=True)
    reference.print(Text(summary(report)), soft_wrap=True)
    if not show_triaged:
        hint = "triaged discrepancies: `claimkb conflicts` lists them, "
        reference.print(Text(hint + "`claimkb check --show-triaged` prints them here"))
    assert stream.getvalue() == expected.getvalue()
    assert plain(report, show_triaged) == expected.getvalue()
    assert "an emoji code :100: stays text" in stream.getvalue()
    assert "brackets [bold]kept[/bold] and \\[escapes]" in stream.getvalue()
    assert "claims/x.yaml:9: warning CKB402" not in stream.getvalue()


def test_plain_line_shape() -> None:
    console, stream = _console(terminal=False)
    render(_report(), console, show_triaged=True)
    lines = stream.getvalue().splitlines()
    assert lines[0] == "claims/1.yaml:1: error CKB101 yaml-syntax: plain"
    assert "(kb): error CKB001 config-error: no file" in lines
    assert any(
        ln.startswith("claims/x.yaml:9: error CKB401 conflict: ")
        and ln.endswith(" [claims: a, b] (triaged: r1)")
        for ln in lines
    )
    assert lines[-1] == "3 files, 1 source, 2 claims: 9 errors, 0 warnings, 0 info, 1 triaged"


def test_terminal_output_is_styled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "xterm-256color")
    console, stream = _console(terminal=True)
    render(_report(), console)
    assert "\x1b[" in stream.getvalue() and ":100:" in stream.getvalue()


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ((1, 1, 1, 1, 1), "1 file, 1 source, 1 claim: 1 error, 1 warning, 0 info, 0 triaged"),
        ((2, 0, 3, 0, 2), "2 files, 0 sources, 3 claims: 0 errors, 2 warnings, 0 info, 0 triaged"),
    ],
)
def test_summary_counts_in_the_singular_and_plural(
    counts: tuple[int, int, int, int, int], expected: str
) -> None:
    files, sources, claims, errors, warnings = counts
    findings = [make("yaml-syntax", "claims/a.yaml", 1, detail="x")] * errors
    findings += [make("empty-file", "claims/b.yaml", 1)] * warnings
    report = Report(
        root=Path("/kb"), findings=tuple(findings), files=files, sources=sources, claims=claims
    )
    assert summary(report) == expected


def test_plain_output_imports_no_rich() -> None:
    """A check printing to a file or a pipe (CI's) need not import rich: only a line rich
    would rewrite (a tab, a control character) goes through it."""
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from claimkb.findings import make\n"
        "from claimkb.render.text import plain\n"
        "from claimkb.report import Report\n"
        "finding = make('yaml-syntax', 'claims/a.yaml', 3, detail='plain [bold] 中文')\n"
        "report = Report(root=Path('/kb'), findings=(finding,), files=1, sources=0, claims=0)\n"
        "text = plain(report)\n"
        "assert 'rich' not in sys.modules, sorted(m for m in sys.modules if 'rich' in m)\n"
        "print(text, end='')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "claims/a.yaml:3: error CKB101 yaml-syntax: plain [bold] 中文",
        "1 file, 0 sources, 0 claims: 1 error, 0 warnings, 0 info, 0 triaged",
    ]

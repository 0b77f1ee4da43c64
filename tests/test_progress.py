"""The progress bar appears only on a terminal, after a delay, and never on stdout."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import claimkb
from claimkb import api, checks
from claimkb.cli.progress import Bar, progress_bar
from conftest import FIXTURES, Invoke


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _drive(bar: Bar) -> None:
    bar.stage("reading", 3)
    for _ in range(3):
        bar.advance()
    bar.stage("checking", 2)
    bar.advance()
    bar.close()


def test_bar_draws_on_a_terminal_after_the_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "xterm")
    stream = Terminal()
    _drive(Bar(stream, delay=0.0))
    assert "reading files" in stream.getvalue()


@pytest.mark.parametrize("term", ["xterm", "dumb"])
def test_bar_stays_silent_when_quick_or_not_a_terminal(
    monkeypatch: pytest.MonkeyPatch, term: str
) -> None:
    monkeypatch.setenv("TERM", term)
    quick = Terminal()
    _drive(Bar(quick, delay=60.0))
    piped = io.StringIO()
    _drive(Bar(piped, delay=0.0))
    assert quick.getvalue() == "" and piped.getvalue() == ""
    dumb = Terminal()
    _drive(Bar(dumb, delay=0.0 if term == "dumb" else 60.0))
    assert dumb.getvalue() == ""


def test_library_reports_progress(tmp_path: Path) -> None:
    class Recorder:
        def __init__(self) -> None:
            self.events: list[tuple[str, int | None]] = []

        def stage(self, name: str, total: int | None) -> None:
            self.events.append((name, total))

        def advance(self) -> None:
            self.events.append(("+", None))

    recorder = Recorder()
    folder = FIXTURES / "invalid" / "conflict"
    report = api.check(folder, progress=recorder)
    assert report.to_dict() == claimkb.check(folder).to_dict()
    steps = len(checks.CHECKS) + 2
    assert ("reading", 5) in recorder.events and ("checking", steps) in recorder.events
    assert recorder.events.count(("+", None)) == 5 + steps


def test_progress_bar_leaves_machine_output_alone(cli: Invoke) -> None:
    folder = FIXTURES / "invalid" / "conflict"
    result = cli("check", "--root", folder, "--json")
    assert json.loads(result.stdout)["summary"]["claims"] == 2
    assert result.stderr == ""
    with progress_bar(io.StringIO()) as bar:
        assert bar.enabled is False

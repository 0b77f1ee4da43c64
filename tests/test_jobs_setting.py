"""``CLAIMKB_JOBS``: unset, 1 or 2 mean what :mod:`claimkb.jobs` says; any other value is
reported by the command line as a warning (two lines, the tool going on with the default)
rather than silently meaning the default."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from claimkb import jobs


@pytest.mark.parametrize(
    ("given", "setting", "problem"),
    [
        (None, "", False),
        ("", "", False),
        ("1", "1", False),
        (" 2 ", "2", False),
        ("3", "", True),
        ("auto", "", True),
        ("0", "", True),
        ("1,2", "", True),
    ],
)
def test_the_setting(
    given: str | None, setting: str, problem: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if given is None:
        monkeypatch.delenv(jobs.VARIABLE, raising=False)
    else:
        monkeypatch.setenv(jobs.VARIABLE, given)
    assert jobs.setting() == setting
    assert (jobs.problem() is not None) is problem


def _version(value: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, jobs.VARIABLE: value}
    script = "import sys, claimkb.cli as cli; sys.argv = ['claimkb', '--version']; cli.main()"
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=environment
    )


def test_a_value_that_means_nothing_is_a_warning_and_the_command_goes_on() -> None:
    run = _version("two")
    assert run.returncode == 0
    assert run.stdout.startswith("claimkb ")
    assert run.stderr == (
        "claimkb: warning: CLAIMKB_JOBS='two' is ignored (the default is used);\n"
        "set it to 1 for one process, or 2 for a second process whatever the KB's size\n"
    )
    assert all(len(line) <= 80 for line in run.stderr.splitlines())


def test_a_valid_value_says_nothing() -> None:
    assert _version("1").stderr == ""


@pytest.mark.parametrize(
    ("before", "after", "processors", "idle"),
    [
        ((100, 1000), (180, 1200), 2, 0.8),  # 80 of the 200 ticks of 2 idle: 0.8 of one
        ((100, 1000), (100, 1200), 2, 0.0),  # every tick busy
        ((100, 1000), (110, 1010), 2, None),  # 10 ticks: too short to tell
        (None, (100, 1000), 2, None),  # no counters when it began
        ((100, 1000), None, 2, None),  # none now
        ((100, 1000), (90, 1200), 2, None),  # counters that went back
    ],
)
def test_idle_cores(
    before: tuple[int, int] | None,
    after: tuple[int, int] | None,
    processors: int,
    idle: float | None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(jobs, "_cpu_times", lambda: before)
    monkeypatch.setattr(os, "cpu_count", lambda: processors)
    jobs.begin()
    monkeypatch.setattr(jobs, "_cpu_times", lambda: after)
    assert jobs.idle_cores() == (None if idle is None else pytest.approx(idle))


def test_the_counters_of_this_system() -> None:
    """/proc/stat where there is one: idle ticks no more than all ticks, both growing."""
    first = jobs._cpu_times()
    if first is None:
        pytest.skip("no /proc/stat on this system")
    sum(range(200_000))
    second = jobs._cpu_times()
    assert second is not None
    assert 0 <= first[0] <= first[1] and second[0] >= first[0] and second[1] >= first[1]

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
    ("before", "after", "own", "processors", "spare"),
    [
        # 200 ticks of 2 processors: 100 idle, 100 this command's own: one spare
        ((100, 1000), (200, 1200), 1.0, 2, 1.0),
        # 100 ticks busy with other work: none spare beside this command's
        ((100, 1000), (100, 1200), 1.0, 2, 0.0),
        # this command's own second process, started and waited for, is not other work
        ((100, 1000), (100, 1200), 2.0, 2, 1.0),
        # 80 idle, 20 other work, 100 own on 2: 0.8 spare
        ((100, 1000), (180, 1200), 1.0, 2, 0.8),
        # on 4 processors, 100 of 400 ticks other work: 2 spare
        ((100, 1000), (300, 1400), 1.0, 4, 2.0),
        ((100, 1000), (110, 1010), 0.1, 2, None),  # 10 ticks: too short to tell
        (None, (100, 1000), 0.0, 2, None),  # no counters when it began
        ((100, 1000), None, 0.0, 2, None),  # none now
        ((100, 1000), (90, 1200), 1.0, 2, None),  # counters that went back
    ],
)
def test_spare_cores(
    before: tuple[int, int] | None,
    after: tuple[int, int] | None,
    own: float,
    processors: int,
    spare: float | None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Spare processors: those other work left idle, besides the one this command runs on
    (its own processes' time, counted in seconds at 100 ticks a second, is not other work)."""
    monkeypatch.setattr(jobs, "_TICKS_PER_SECOND", 100)
    monkeypatch.setattr(jobs, "_cpu_times", lambda: before)
    monkeypatch.setattr(jobs, "_own_seconds", lambda: 5.0)
    monkeypatch.setattr(os, "cpu_count", lambda: processors)
    jobs.begin()
    monkeypatch.setattr(jobs, "_cpu_times", lambda: after)
    monkeypatch.setattr(jobs, "_own_seconds", lambda: 5.0 + own)
    assert jobs.spare_cores() == (None if spare is None else pytest.approx(spare))


def test_the_counters_of_this_system() -> None:
    """/proc/stat where there is one: idle ticks no more than all ticks, both growing."""
    first = jobs._cpu_times()
    if first is None:
        pytest.skip("no /proc/stat on this system")
    sum(range(200_000))
    second = jobs._cpu_times()
    assert second is not None
    assert 0 <= first[0] <= first[1] and second[0] >= first[0] and second[1] >= first[1]


@pytest.mark.parametrize(
    "first_line", [b"cpu  1 2 3 4\n", b"intr 5 6 7 8 9 10\n", b"cpu 1 2 x 4 5\n", b""]
)
def test_an_unusual_proc_stat_tells_nothing(
    first_line: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Too few counters, another first line or a word that is no number: unknown, no error."""
    import io

    monkeypatch.setattr(jobs, "open", lambda *_: io.BytesIO(first_line), raising=False)
    assert jobs._cpu_times() is None

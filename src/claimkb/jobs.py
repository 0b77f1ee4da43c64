"""How many processes a command may use: the ``CLAIMKB_JOBS`` setting.

Unset (or empty), a command from the command line uses a second process where it can pay
(:mod:`claimkb.forking`: a cold check's parsing and cache writing, the passages and records
of ``claimkb draft`` on a long article); ``1`` keeps every command in one process; ``2`` has
the second process whatever the KB's size and however busy the other processors are. Any
other value is refused with a warning and the default is used, so that a mistyped setting
is seen rather than silently meaning something.

A second process pays only on a core that would otherwise be idle: on one that other work
keeps busy, the two processes take turns and the command ends later than it would alone. So
by default it is used only when the system's processors were mostly idle but for this
command since it began (:func:`spare_cores`, from the CPU time counters of ``/proc/stat``).
"""

from __future__ import annotations

import os

__all__ = ["VARIABLE", "setting", "problem", "begin", "spare_cores"]

VARIABLE = "CLAIMKB_JOBS"
_VALUES = ("1", "2")


def setting() -> str:
    """The setting as given: ``"1"``, ``"2"``, or ``""`` for the default (also for a value
    :func:`problem` refuses)."""
    given = os.environ.get(VARIABLE, "").strip()
    return given if given in _VALUES else ""


def problem() -> str | None:
    """What is wrong with the setting, for a warning (two lines, the second of 78
    columns); None when it is unset or valid."""
    given = os.environ.get(VARIABLE)
    if given is None or given.strip() in ("", *_VALUES):
        return None
    return (
        f"{VARIABLE}={given!r} is ignored (the default is used);\n"
        "set it to 1 for one process, or 2 for a second process whatever the KB's size"
    )


_TICKS_TO_TELL = 10
"""Clock ticks (a hundredth of a second each, usually) a processor must have run since
:func:`begin` before :func:`spare_cores` tells how busy the processors were."""

_began: tuple[int, int, float] | None = None


def begin() -> None:
    """Note the processors' time counters and this process's own CPU time now, as the
    command begins."""
    global _began
    ticks = _cpu_times()
    _began = None if ticks is None else (*ticks, _own_seconds())


def spare_cores() -> float | None:
    """How many processors, on average since :func:`begin`, were neither busy with other
    work nor running this command's own (its process and the processes it started and
    waited for), or None when that is unknown: no counters, or too short a time to tell.
    On an idle machine it is one fewer than the processors."""
    now = _cpu_times()
    if _began is None or now is None:
        return None
    idle, total = now[0] - _began[0], now[1] - _began[1]
    processors = os.cpu_count() or 1
    if total < _TICKS_TO_TELL * processors or idle < 0:
        return None
    own = (_own_seconds() - _began[2]) * _TICKS_PER_SECOND
    others = max(0.0, total - idle - own)  # busy, but not with this command
    return processors * (1 - others / total) - 1


def _own_seconds() -> float:
    """The CPU time of this process and of the processes it started and waited for."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


_TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _cpu_times() -> tuple[int, int] | None:
    """(idle, all) clock ticks the system's processors have spent, from the first line of
    ``/proc/stat`` (user, nice, system, idle, iowait, irq, softirq, steal...: idle and
    iowait are idle); None where there is no such file."""
    try:
        with open("/proc/stat", "rb") as handle:
            fields = handle.readline().split()
        ticks = [int(field) for field in fields[1:9]]
    except (OSError, ValueError):
        return None
    if fields[:1] != [b"cpu"] or len(ticks) < 5:
        return None
    return ticks[3] + ticks[4], sum(ticks)

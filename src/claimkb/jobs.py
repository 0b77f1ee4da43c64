"""How many processes a cold check may use: the ``CLAIMKB_JOBS`` setting.

Unset (or empty), a check from the command line uses a second process where it can pay
(:mod:`claimkb.cache.alongside`); ``1`` keeps every check in one process; ``2`` has the
writer process whatever the KB's size. Any other value is refused with a warning and the
default is used, so that a mistyped setting is seen rather than silently meaning something.

A second process pays only on a core that would otherwise be idle: on one that other work
keeps busy, the two processes take turns and the check ends later than it would alone. So by
default it is used only when the system's processors were mostly idle but for this command
since it began (:func:`idle_cores`, from the CPU time counters of ``/proc/stat``).
"""

from __future__ import annotations

import os

__all__ = ["VARIABLE", "setting", "problem", "begin", "idle_cores"]

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
:func:`begin` before :func:`idle_cores` tells how idle the processors were."""

_began: tuple[int, int] | None = None


def begin() -> None:
    """Note the processors' time counters now, as the command begins."""
    global _began
    _began = _cpu_times()


def idle_cores() -> float | None:
    """How many processors were idle on average since :func:`begin` (the system's, this
    command's own time counted as busy), or None when that is unknown: no counters, or too
    short a time to tell."""
    now = _cpu_times()
    if _began is None or now is None:
        return None
    idle, total = now[0] - _began[0], now[1] - _began[1]
    processors = os.cpu_count() or 1
    if total < _TICKS_TO_TELL * processors or idle < 0:
        return None
    return processors * idle / total


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
    if len(fields) < 5 or fields[0] != b"cpu":
        return None
    return ticks[3] + ticks[4], sum(ticks)

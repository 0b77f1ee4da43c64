"""A second process for part of a command's work, where it is safe and can pay.

A forked process sees this process's objects as they were at the fork (copy-on-write), so
it can take on part of the work at hand without anything being sent to it: a cold check's
parsing and cache writing (:mod:`claimkb.cache.alongside`), the passages ``claimkb draft``
reads (:func:`map_shared`). It is done only on a system with ``fork`` (Linux), with no other
thread running (a lock another thread holds would stay held in the fork), more than one
processor to run on, one of them left idle by other work (:data:`SPARE_TO_SHARE`: on a
processor that other work keeps busy the two processes take turns, and the command ends
later than it would alone), and memory to spare for the pages the two come to hold apart.
``CLAIMKB_JOBS=1`` turns it off; ``2`` asks for it whatever else the processors are doing
(:mod:`claimkb.jobs`). If the forked process fails, this one does its work itself.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable
from typing import Any, TypeVar

from . import jobs
from .shares import Shares

__all__ = ["SPARE_TO_SHARE", "worth_it", "fork", "succeeded", "memory", "map_shared"]

T = TypeVar("T")

SPARE_TO_SHARE = 0.5
"""How many processors, besides the one the command runs on, must have been left idle by
other work on average since the command began (:func:`claimkb.jobs.spare_cores`; the
command's own processes do not count as other work) for a second process to be started by
default."""


def worth_it() -> bool:
    """Whether a second process is safe here and may pay (see the module's docstring)."""
    if jobs.setting() == "1":
        return False
    if not hasattr(os, "fork") or not sys.platform.startswith("linux"):
        return False
    import threading

    if threading.active_count() != 1:  # a lock another thread holds would stay held
        return False
    if len(os.sched_getaffinity(0)) < 2:
        return False
    if jobs.setting() != "2":  # by default only on a processor other work leaves idle
        spare = jobs.spare_cores()
        if spare is not None and spare < SPARE_TO_SHARE:
            return False
    resident, available = memory()
    return resident is not None and available is not None and available > 2 * resident


def fork(work: Callable[[], object]) -> int | None:
    """The pid of a forked process that does ``work`` and ends (exit 0 if it did it, 1 if
    it raised: this process does that work itself then), or None if none could be forked.
    As it ends it runs what :mod:`claimkb.ending` holds (writing the unit readings it
    found, which this process would not know to keep)."""
    try:
        sys.stdout.flush()  # nothing buffered may be written twice
        sys.stderr.flush()
        pid = os.fork()
    except OSError:
        return None
    if pid:
        return pid
    code = 1
    try:
        work()
        code = 0
    except BaseException:  # noqa: BLE001 - the parent learns it from the exit code
        pass
    try:
        from .ending import finish

        finish()  # what this process kept for later runs (unit readings) is written too
    except BaseException:  # noqa: BLE001 - best effort, as at any end
        pass
    os._exit(code)


def succeeded(pid: int) -> bool:
    """Wait for the forked process ``pid``: whether it did its work."""
    try:
        _, status = os.waitpid(pid, 0)
    except (ChildProcessError, InterruptedError):
        return False
    return os.waitstatus_to_exitcode(status) == 0


def memory() -> tuple[int | None, int | None]:
    """(this process's resident bytes, the bytes the system says are available)."""
    resident = available = None
    try:
        with open("/proc/self/statm", "rb") as handle:
            resident = int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        with open("/proc/meminfo", "rb") as handle:
            for line in handle:
                if line.startswith(b"MemAvailable:"):
                    available = int(line.split()[1]) * 1024
                    break
    except (OSError, ValueError, IndexError):
        pass
    return resident, available


def map_shared(work: Callable[[int], T], count: int, apart: bool = True) -> list[T]:
    """``[work(0), ..., work(count - 1)]``; with ``apart`` (the work is large enough to pay
    for a fork), in a process that runs one command and ends
    (:func:`claimkb.ending.one_command`), where :func:`worth_it`, a forked process takes the
    items from the front while this one takes them from the back, until they meet
    (:mod:`claimkb.shares`), and hands its results back pickled. ``work`` must depend
    on nothing one item's call changes for another's (each process calls it for its own
    items only), and its results must pickle; an item the forked process did not give back
    (it failed, or was stopped) is worked out here."""
    from .ending import one_command

    if not apart or count < 2 or not one_command() or not worth_it():
        return [work(item) for item in range(count)]
    shares = Shares.open(count)
    if shares is None:
        return [work(item) for item in range(count)]
    try:
        reading, writing = os.pipe()
    except OSError:
        shares.close()
        return [work(item) for item in range(count)]
    pid = fork(lambda: _front(work, shares, reading, writing))
    os.close(writing)
    results: dict[int, T] = {}
    if pid is not None:
        try:
            while (batch := shares.back()) is not None:
                for item in batch:
                    results[item] = work(item)
            shares.close()  # the forked process has the rest
            given = _read_to_end(reading)
        except BaseException:
            os.close(reading)  # the forked process's writing fails, and it ends
            shares.close()
            succeeded(pid)
            raise
        results.update(_handed_back(given, count))
        _reap_when_ended(pid)
    os.close(reading)
    shares.close()
    return [results[item] if item in results else work(item) for item in range(count)]


def _front(work: Callable[[int], object], shares: Shares, reading: int, writing: int) -> None:
    """The forked process's part of :func:`map_shared`: the items it takes from the front,
    and their results, pickled into ``writing`` (with ``reading`` closed, so that writing
    fails once this process's parent has stopped reading)."""
    os.close(reading)
    done = {item: work(item) for batch in shares.front() for item in batch}
    with os.fdopen(writing, "wb") as out:
        out.write(pickle.dumps(done, pickle.HIGHEST_PROTOCOL))


def _handed_back(given: bytes, count: int) -> dict[int, Any]:
    """The results the forked process handed back: it writes them all at once, after its
    work, so nothing (it failed) or a pickle cut short (it was stopped) is none."""
    if not given:
        return {}
    try:
        done = pickle.loads(given)
    except Exception:  # noqa: BLE001 - cut short or damaged: this process does that work
        return {}
    if not isinstance(done, dict):
        return {}
    return {
        item: result for item, result in done.items() if type(item) is int and 0 <= item < count
    }


_ENDING: list[int] = []
"""Forked processes that handed back their work and may still be ending."""


def _reap_when_ended(pid: int) -> None:
    """Collect the exit of a forked process that has handed back its work, without
    waiting for it: a process of a hundred megabytes takes milliseconds to end (its memory
    unmapped), which this one need not spend waiting. Those still ending are collected when
    the next one hands its work back; the last by the system once this process ends."""
    _ENDING.append(pid)
    for waiting in list(_ENDING):
        try:
            ended, _ = os.waitpid(waiting, os.WNOHANG)
        except ChildProcessError:
            ended = waiting  # collected elsewhere
        if ended:
            _ENDING.remove(waiting)


def _read_to_end(reading: int) -> bytes:
    chunks = []
    while chunk := os.read(reading, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)

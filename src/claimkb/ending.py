"""What must be done before the process ends, even when it ends without tearing down.

The command line ends with ``os._exit`` once its output is flushed (freeing a large KB's
objects one by one costs a second), which skips :mod:`atexit`. Work registered here (writing
a memo kept between runs) runs at a normal interpreter exit through :mod:`atexit`, and in
the command line through :func:`finish`, called just before it exits.
"""

from __future__ import annotations

import atexit
from collections.abc import Callable

__all__ = ["at_end", "finish", "declare_one_command", "one_command"]

_PENDING: list[Callable[[], None]] = []
_ONE_COMMAND = False


def declare_one_command() -> None:
    """Say that this process runs one command and ends (the command line does): work that
    would not be safe in a library caller's process, which may hold threads or locks, may
    then be done (a check's second process: :mod:`claimkb.cache.alongside`)."""
    global _ONE_COMMAND
    _ONE_COMMAND = True


def one_command() -> bool:
    """Whether :func:`declare_one_command` was called in this process."""
    return _ONE_COMMAND


def at_end(callback: Callable[[], None]) -> None:
    """Run ``callback`` once before the process ends (best effort: it must not raise)."""
    if callback not in _PENDING:
        _PENDING.append(callback)
        atexit.register(callback)


def finish() -> None:
    """Run every registered callback now (each once), for a process about to ``os._exit``."""
    while _PENDING:
        callback = _PENDING.pop(0)
        atexit.unregister(callback)
        try:
            callback()
        except Exception:  # noqa: BLE001 - best effort: nothing left to report it to
            pass

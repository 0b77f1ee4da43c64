"""A progress bar on stderr for long runs, and nothing at all otherwise.

The bar appears only when stderr is a terminal (not ``TERM=dumb``) and the run has already
lasted :data:`DELAY` seconds, so quick runs, pipes, CI logs and redirected output stay exactly
as they were; stdout (where JSON goes) is never touched. It is transient: it is erased before
the command prints its result. rich is imported only if a bar is actually drawn. The bar is
redrawn by the steps themselves (at most every :data:`REDRAW` seconds), not by rich's own
refresh thread: a process with no other thread may write its cache on a second core
(:mod:`claimkb.cache.alongside`).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

DELAY = 1.0
"""Seconds a run must last before a bar is drawn."""

REDRAW = 0.1
"""Seconds between two redraws of the bar."""

_LABELS = {"scanning": "looking at files", "reading": "reading files", "checking": "checking"}


class Bar:
    """Implements :class:`claimkb.api.Progress`; draws on ``stream`` once ``delay`` has passed."""

    def __init__(self, stream: IO[str], delay: float = DELAY) -> None:
        self.stream = stream
        self.delay = delay
        self.enabled = _is_terminal(stream)
        self.started = time.monotonic()
        self.name = ""
        self.total: int | None = None
        self.done = 0
        self._live: Any = None
        self._task: Any = None
        self._drawn = 0.0

    def stage(self, name: str, total: int | None) -> None:
        self.name, self.total, self.done = name, total, 0
        if self._live is not None:
            self._task = self._live.add_task(_LABELS.get(name, name), total=total)
            self._draw(force=True)
        self._maybe_start()

    def advance(self) -> None:
        self.done += 1
        if self._live is not None:
            self._live.update(self._task, completed=self.done)
            self._draw()
        elif self.enabled:
            self._maybe_start()

    def _draw(self, force: bool = False) -> None:
        now = time.monotonic()
        if force or now - self._drawn >= REDRAW:
            self._drawn = now
            self._live.refresh()

    def _maybe_start(self) -> None:
        if not self.enabled or self._live is not None:
            return
        if time.monotonic() - self.started < self.delay:
            return
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        from ..render.console import styling

        console = Console(file=self.stream, force_terminal=True, **styling())
        self._live = Progress(
            TextColumn("[progress.description]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            console=console,
            transient=True,
            auto_refresh=False,
        )
        self._live.start()
        self._task = self._live.add_task(_LABELS.get(self.name, self.name), total=self.total)
        self._live.update(self._task, completed=self.done)
        self._draw(force=True)

    def close(self) -> None:
        if self._live is not None:
            self._live.stop()
            self._live = None


def _is_terminal(stream: IO[str]) -> bool:
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        return False
    return tty and os.environ.get("TERM", "") != "dumb"


@contextmanager
def progress_bar(stream: IO[str] | None = None) -> Iterator[Bar]:
    """A :class:`Bar` on stderr, erased when the block ends (also on errors)."""
    bar = Bar(stream if stream is not None else sys.stderr)
    try:
        yield bar
    finally:
        bar.close()

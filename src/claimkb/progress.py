"""What a long run tells about its progress (the command line draws a bar from it)."""

from __future__ import annotations

from typing import Protocol

__all__ = ["Progress"]


class Progress(Protocol):
    """Told what a long run is doing (the command line draws a progress bar from it)."""

    def stage(self, name: str, total: int | None) -> None: ...

    def advance(self) -> None: ...

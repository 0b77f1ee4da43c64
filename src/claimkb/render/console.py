"""The rich consoles the CLI writes to.

Output that is not a terminal carries no escape codes (rich styles only a terminal), and
neither does a terminal when ``NO_COLOR`` is set to anything but the empty string
(https://no-color.org): rich alone would drop the colours but keep bold and dim, which are
escape codes too. ``NO_COLOR`` wins over ``FORCE_COLOR``.
"""

from __future__ import annotations

import os
from typing import IO, Any

from rich.console import Console


def no_color() -> bool:
    """Whether ``NO_COLOR`` asks for output without any styling."""
    return bool(os.environ.get("NO_COLOR"))


def styling() -> dict[str, Any]:
    """The Console arguments that honour ``NO_COLOR`` (no colour system: no escape codes)."""
    return {"color_system": None} if no_color() else {}


def stdout(file: IO[str] | None = None) -> Console:
    """The console of standard output (or of ``file``, rendered as standard output would be
    when it is not a terminal)."""
    return Console(file=file, highlight=False, soft_wrap=False, width=_width(), **styling())


def stderr() -> Console:
    return Console(stderr=True, highlight=False, width=_width(), **styling())


def _width() -> int | None:
    columns = os.environ.get("COLUMNS")
    return int(columns) if columns and columns.isdigit() else None

"""The rich consoles the CLI writes to. rich honours NO_COLOR and disables colour and
markup-driven styling when output is not a terminal, so piped output stays plain."""

from __future__ import annotations

import os

from rich.console import Console


def stdout() -> Console:
    return Console(highlight=False, soft_wrap=False, width=_width())


def stderr() -> Console:
    return Console(stderr=True, highlight=False, width=_width())


def _width() -> int | None:
    columns = os.environ.get("COLUMNS")
    return int(columns) if columns and columns.isdigit() else None

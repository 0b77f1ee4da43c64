"""Help that keeps every phrase whole.

The help is click's plain layout (typer's rich panels show an on/off flag as taking a
``<bool>``, and break phrases where the docstring's lines end). Click wraps it with
:mod:`textwrap`, which also breaks a line after any hyphen, cutting ``--fail-on``,
``single-source`` or ``claims/seed-000.yaml`` in two. The formatter here hands click text
whose hyphens cannot be broken at (U+2011, the same width) and gives them back as hyphens once
the help is laid out. :class:`App` makes every command it declares use it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

__all__ = ["App"]

_KEPT = "\u2011"
"""A non-breaking hyphen: textwrap breaks after ``-`` only."""

_Base: Any = typer.Context.formatter_class


def _kept(text: str) -> str:
    return text.replace("-", _KEPT)


class Formatter(_Base):
    """Click's help formatter, never breaking a line at a hyphen."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(_kept(prog), _kept(args), prefix)

    def write_text(self, text: str) -> None:
        super().write_text(_kept(text))

    def write_dl(self, rows: Sequence[tuple[str, str]], *args: Any, **kwargs: Any) -> None:
        super().write_dl([(_kept(a), _kept(b)) for a, b in rows], *args, **kwargs)

    def getvalue(self) -> str:
        return str(super().getvalue()).replace(_KEPT, "-")


class Context(typer.Context):
    formatter_class = Formatter


class Command(TyperCommand):
    context_class = Context


class Group(TyperGroup):
    context_class = Context


class App(typer.Typer):
    """A typer app whose commands' help never breaks at a hyphen."""

    def __init__(self, **options: Any) -> None:
        super().__init__(cls=Group, **options)

    def command(self, *args: Any, **options: Any) -> Callable[[Any], Any]:
        options.setdefault("cls", Command)
        return super().command(*args, **options)

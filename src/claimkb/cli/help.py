"""Help that keeps every phrase whole.

The help is click's plain layout (typer's rich panels show an on/off flag as taking a
``<bool>``, and break phrases where the docstring's lines end). Click wraps it with
:mod:`textwrap`, which also breaks a line after any hyphen, cutting ``--fail-on``,
``single-source`` or ``claims/seed-000.yaml`` in two. The formatter here hands click text
whose hyphens cannot be broken at (U+2011, the same width) and gives them back as hyphens once
the help is laid out. The command list gives each command's first sentence whole (click cuts
it to one line with "..."). :class:`App` makes every command it declares use these.
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

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The commands, each with what it does in a sentence, wrapped, never cut off with
        "..." (click shortens a command's help to fit one line)."""
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, summary(command)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def summary(command: Any) -> str:
    """A command's short help, or the first sentence of its help."""
    if command.short_help:
        return " ".join(str(command.short_help).split())
    text = " ".join(str(command.help or "").split("\n\n")[0].split())
    end = text.find(". ")
    return text if end < 0 else text[: end + 1]


class App(typer.Typer):
    """A typer app whose commands' help never breaks at a hyphen."""

    def __init__(self, **options: Any) -> None:
        super().__init__(cls=Group, **options)

    def command(self, *args: Any, **options: Any) -> Callable[[Any], Any]:
        options.setdefault("cls", Command)
        return super().command(*args, **options)

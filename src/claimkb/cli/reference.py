"""The command-line reference (``docs/cli.md``): every command's ``--help``, generated.

The help text is written once, on the commands; this page is derived from it (at a fixed
width, so it does not depend on the terminal), and ``python -m claimkb.docs --check`` fails
when the committed page is not what the commands say.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

__all__ = ["WIDTH", "cli_markdown"]

WIDTH = 78
"""Columns the help is wrapped at on the page: what a terminal 80 or more columns wide shows
(click keeps two columns free)."""


def _commands(group: Any, ctx: Any, path: tuple[str, ...]) -> Iterator[tuple[str, Any, Any]]:
    """(full name, command, its context) of ``group``'s commands, in the order ``--help``
    lists them, sub-commands under their group."""
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is None or command.hidden:
            continue
        sub = command.context_class(
            command, parent=ctx, info_name=name, terminal_width=WIDTH, max_content_width=WIDTH
        )
        yield " ".join((*path, name)), command, sub
        if hasattr(command, "list_commands"):  # a group: its commands follow
            yield from _commands(command, sub, (*path, name))


def _help(command: Any, ctx: Any) -> str:
    return str(command.get_help(ctx)).rstrip()


def cli_markdown() -> str:
    """The reference as Markdown: the top-level help, then each command's."""
    import typer.main

    from .commands import app

    root = typer.main.get_command(app)
    settings = {**root.context_settings, "terminal_width": WIDTH, "max_content_width": WIDTH}
    ctx = root.context_class(root, info_name="claimkb", **settings)
    lines = [
        "# Command-line reference",
        "",
        "<!-- Generated from the commands' help by `python -m claimkb.docs`; "
        "do not edit by hand. -->",
        "",
        "Each section is what `claimkb COMMAND --help` prints. Exit status: 0 clean, 1 when "
        "`check` finds what `--fail-on` names, 2 on a usage error or an unusable KB root.",
        "",
        "## claimkb",
        "",
        "```text",
        _help(root, ctx),
        "```",
        "",
    ]
    for name, command, sub in _commands(root, ctx, ()):
        lines += [f"## claimkb {name}", "", "```text", _help(command, sub), "```", ""]
    return "\n".join(lines)

"""The command answers at all: version and help, in-process."""

from __future__ import annotations

from claimkb import __version__
from conftest import Invoke


def test_version(cli: Invoke) -> None:
    result = cli("--version")
    assert result.exit_code == 0
    assert result.stdout == f"claimkb {__version__}\n"


def test_help_lists_every_command(cli: Invoke) -> None:
    result = cli("--help")
    assert result.exit_code == 0
    for command in (
        "check",
        "claims",
        "show",
        "entity",
        "sources",
        "conflicts",
        "timeline",
        "explain",
    ):
        assert command in result.stdout


def test_every_command_and_option_has_help_text() -> None:
    """Docs as tests: a command or option without help is a gap in the CLI reference."""
    import typer.main

    from claimkb.cli import app

    command = typer.main.get_command(app)
    missing = [
        f"{name} {param.name}" if param else name
        for name, sub in command.commands.items()  # type: ignore[attr-defined]
        for param in [None, *sub.params]
        if not (param.help if param is not None else sub.help)  # type: ignore[attr-defined]
        and not (param is not None and param.name == "help")
    ]
    assert missing == []
    assert {"check", "explain", "export", "schema", "claims", "show"} <= set(command.commands)  # type: ignore[attr-defined]

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

"""Work registered with :mod:`claimkb.ending` runs once, whether the process ends normally
(atexit) or through the command line's ``os._exit`` (after :func:`finish`)."""

from __future__ import annotations

from pathlib import Path

from claimkb import ending
from conftest import python_run


def test_finish_runs_each_callback_once_and_forgets_it() -> None:
    ran: list[str] = []

    def first() -> None:
        ran.append("first")

    def failing() -> None:
        raise RuntimeError("nothing to report it to")

    ending.at_end(first)
    ending.at_end(first)
    ending.at_end(failing)
    ending.finish()
    ending.finish()
    assert ran == ["first"]


def test_the_command_line_writes_the_unit_memo_before_it_exits(tmp_path: Path) -> None:
    """``claimkb`` ends with ``os._exit``: the readings it made are on disk all the same."""
    code = (
        "import sys; sys.argv = ['claimkb', '--version']\n"
        "from claimkb.values.unitwords import pint_word\n"
        "assert pint_word('Gbps', False) is not None\n"
        "from claimkb.cli import main\n"
        "main()\n"
    )
    assert python_run(code, cache=tmp_path / "cache").returncode == 0
    assert list((tmp_path / "cache" / "unit-words").iterdir())

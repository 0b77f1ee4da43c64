"""Docs as tests: the generated command-line reference (``docs/cli.md``) is current, and each
of its sections is exactly what the command's ``--help`` prints."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from claimkb.cli.reference import cli_markdown
from conftest import PROJECT

PAGE = PROJECT / "docs" / "cli.md"


def _sections(text: str) -> dict[str, str]:
    return dict(re.findall(r"^## (claimkb[^\n]*)\n\n```text\n(.*?)\n```$", text, re.S | re.M))


def test_cli_reference_is_current() -> None:
    assert PAGE.read_text(encoding="utf-8") == cli_markdown(), (
        "docs/cli.md is out of date: run `python -m claimkb.docs`"
    )


SECTIONS = _sections(cli_markdown())


def test_the_reference_has_every_command() -> None:
    assert {"claimkb", "claimkb check", "claimkb add claim", "claimkb cache clear"} <= set(SECTIONS)
    assert len(SECTIONS) >= 25


_PRINT_HELP = """
import sys
from claimkb.cli import app
for line in sys.stdin:
    print("@@ " + line.strip(), flush=True)
    try:
        app([*line.split()[1:], "--help"], prog_name="claimkb")
    except SystemExit:
        pass
    sys.stdout.flush()
"""


def test_each_section_is_the_commands_help() -> None:
    """What each command prints (in a process of its own: the in-process runner pins its
    own width)."""
    env = {**os.environ, "COLUMNS": "120"}
    names = "\n".join(SECTIONS) + "\n"
    out = subprocess.run(
        [sys.executable, "-c", _PRINT_HELP], input=names, capture_output=True, text=True, env=env
    ).stdout
    printed = {
        name: text.strip("\n")
        for name, text in re.findall(r"^@@ ([^\n]*)\n(.*?)(?=^@@ |\Z)", out, re.S | re.M)
    }
    assert printed == {name: text.strip("\n") for name, text in SECTIONS.items()}

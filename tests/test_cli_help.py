"""Help that tells the truth: every command's --help at 80 columns shows an on/off flag as a
flag (no ``<bool>``: ``--json true`` is an error), lists the choices of an option that has
them, keeps each sentence whole (no phrase broken by a line break of the docstring), and
the command list says what each command does without cutting it off."""

from __future__ import annotations

import re

import pytest

from conftest import Invoke

COMMANDS = [
    ("check",),
    ("claims",),
    ("show",),
    ("entity",),
    ("sources",),
    ("conflicts",),
    ("timeline",),
    ("explain",),
    ("export",),
    ("schema",),
    ("cache", "dir"),
    ("cache", "clear"),
]


@pytest.fixture(autouse=True)
def _eighty(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_help_shows_flags_as_flags_and_fits(cli: Invoke, command: tuple[str, ...]) -> None:
    result = cli(*command, "--help")
    assert result.exit_code == 0
    text = result.stdout
    assert "<bool>" not in text
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "\x1b" not in text
    for flag in ("--json", "--untriaged", "--show-triaged", "--no-cache", "--all", "--help"):
        for line in text.splitlines():
            if re.match(rf"\s+(-\w, )?{flag}\b", line):
                assert re.match(rf"\s+(-\w, )?{flag}(\s{{2,}}|$)", line), line


def test_choices_are_listed(cli: Invoke) -> None:
    check = cli("check", "--help").stdout
    assert "-f, --format <text|json|github|sarif|junit>" in check
    assert "--fail-on <error|warning|info>" in check
    claims = " ".join(cli("claims", "--help").stdout.split())
    assert (
        "--status STATUS One of verified, single-source, vendor-claim, imprecise, disputed, "
        "refuted, insufficient-evidence, unchecked." in claims
    )
    assert "--kind <claims|sources|registry|all>" in cli("schema", "--help").stdout


def test_sentences_are_not_broken_by_the_docstring(cli: Invoke) -> None:
    lines = cli("check", "--help").stdout.splitlines()
    assert "  Exits 0 when clean, 1 when an untriaged finding at least as severe as" in lines
    assert "  --fail-on (default: error) remains, 2 on a usage error or when there is no" in lines
    explain = " ".join(cli("explain", "--help").stdout.split())
    assert "each step with its range and unit, and the verdict" in explain


def test_the_command_list_is_whole(cli: Invoke) -> None:
    text = cli("--help").stdout
    listed = text.split("Commands:\n")[1].splitlines()
    names = [line.split()[0] for line in listed if not line.startswith("    ")]
    assert names[:7] == ["check", "claims", "show", "entity", "sources", "timeline", "conflicts"]
    assert {"explain", "export", "schema", "cache"} <= set(names)
    assert all(not line.rstrip().endswith("...") for line in listed)
    assert all(len(line) <= 80 for line in listed)


def test_a_flag_given_a_value_is_refused(cli: Invoke) -> None:
    result = cli("sources", "--json", "true")
    assert result.exit_code == 2
    assert "unexpected extra argument" in result.stderr

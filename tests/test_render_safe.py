"""Untrusted text from the KB cannot drive the reader's terminal."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimkb.render.safe import markup, printable
from conftest import Invoke


@pytest.mark.parametrize(
    "text, shown",
    [
        ("plain 文本 [x]", "plain 文本 [x]"),
        ("\x1b[2J\x1b[31mred", "\\x1b[2J\\x1b[31mred"),
        ("bell\x07", "bell\\x07"),
        ("abc\u202edcba", "abc\\u202edcba"),  # right-to-left override (Trojan Source)
        ("a\u2066b\u2069", "a\\u2066b\\u2069"),
        ("c1 \x9b", "c1 \\x9b"),
        ("tab\tand\nnewline", "tab\tand\nnewline"),
    ],
)
def test_printable_escapes_control_and_bidi_characters(text: str, shown: str) -> None:
    assert printable(text) == shown


def test_one_line_escapes_newlines_and_tabs_too() -> None:
    assert printable("a\tb\nc", one_line=True) == "a\\x09b\\x0ac"


def test_markup_escapes_after_making_printable() -> None:
    assert markup("[bold]\x1b") == "\\[bold]\\x1b"


def test_check_and_show_do_not_pass_escape_sequences_through(cli: Invoke, tmp_path: Path) -> None:
    (tmp_path / "claims").mkdir()
    (tmp_path / "sources").mkdir()
    (tmp_path / "claims" / "c.yaml").write_text(
        "entities:\n  - {id: x, name: X, kind: model}\n"
        "properties:\n  - {id: p, label: p, datatype: text}\n"
        "claims:\n"
        '  - {id: c1, subject: X, property: p, value: "\\e[31mred", quote: "q\\e]0;pwned\\a",'
        " source: nowhere, status: unchecked}\n",
        encoding="utf-8",
    )
    for args in (("check",), ("show", "c1"), ("claims",)):
        result = cli(*args, "--root", tmp_path)
        assert "\x1b" not in result.stdout and "\x07" not in result.stdout, args
    assert "\\x1b[31mred" in cli("show", "c1", "--root", tmp_path).stdout

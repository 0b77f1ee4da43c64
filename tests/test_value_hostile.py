"""Hostile and broken quantities (issue 17): each is refused with a message that says what is
wrong, never misread, never a crash, and always fast.

* a radix prefix (``0x1F``) is refused with its decimal value, not read as 0 of "x1F";
* an invisible or control character inside a value is named by its code point;
* exponents and ordinals of any length, and values of any length, are refused before they cost
  anything (a value is read from at most :data:`~claimkb.values.screen.MAX_LENGTH` characters);
* words after a count are a counted noun only if they are words: written apart from the number,
  starting with a letter, and not a magnitude claimkb refuses to guess.
"""

from __future__ import annotations

import time
import unicodedata

import pytest

from claimkb.values import ValueProblem, parse_quantity
from claimkb.values.screen import MAX_LENGTH


def problem(written: str, dimension: str | None = "count") -> str:
    with pytest.raises(ValueProblem) as raised:
        parse_quantity(written, dimension)
    return str(raised.value)


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("0x1F", "'0x1F' is a hexadecimal number; claimkb reads decimal numbers only (write 31)"),
        ("0b101", "'0b101' is a binary number; claimkb reads decimal numbers only (write 5)"),
        ("0o17", "'0o17' is an octal number; claimkb reads decimal numbers only (write 15)"),
        (
            "-0X1f cards",
            "'-0X1f' is a hexadecimal number; claimkb reads decimal numbers only (write -31)",
        ),
        (
            "about 0x10",
            "'0x10' is a hexadecimal number; claimkb reads decimal numbers only (write 16)",
        ),
        ("0x1G", "cannot read 'x1G' after the number"),
        ("48cards", "cannot read 'cards' after the number"),
    ],
)
def test_radix_prefixes_and_glued_words_are_refused_not_read_as_zero(
    written: str, message: str
) -> None:
    assert problem(written) == message


@pytest.mark.parametrize("written", ["0x", "3x", "10x", "0.5x"])
def test_a_number_times_is_still_a_ratio(written: str) -> None:
    assert parse_quantity(written, "ratio").unit == "×"


@pytest.mark.parametrize(
    "character",
    ["\u200b", "\u2060", "\u00ad", "\ufeff", "\u200e", "\u202e", "\u2061", "\x00", "\x1b"],
)
def test_an_invisible_character_in_a_number_is_named_by_its_code_point(character: str) -> None:
    name = unicodedata.name(character, "an unnamed character")
    assert problem(f"12{character}3") == (
        f"the value holds U+{ord(character):04X} ({name}), an invisible or control character, "
        "after '12': delete it"
    )


def test_an_invisible_character_at_the_start_is_located_too() -> None:
    assert problem("\u200b5 TB", "byte") == (
        "the value holds U+200B (ZERO WIDTH SPACE), an invisible or control character, at the "
        "start: delete it"
    )


@pytest.mark.parametrize("written", ["12 3", "2.8\ttrillion", "2.8\ntrillion"])
def test_ordinary_whitespace_is_no_invisible_character(written: str) -> None:
    try:
        parse_quantity(written, "parameter")
    except ValueProblem as refused:
        assert "invisible" not in str(refused)


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("1e" + "1" * 150, "an exponent of 150 digits is out of range"),
        ("10" + "¹" * 150, "an exponent of 150 digits is out of range"),
        ("1e-" + "9" * 7, "an exponent of 7 digits is out of range"),
        ("第" * 150, "no number in '" + "第" * 150 + "'"),
        ("第第四代", "no number in '第第四代'"),
    ],
)
def test_long_exponents_and_ordinals_are_findings_not_crashes(written: str, message: str) -> None:
    assert problem(written, "parameter") == message


def test_leading_zeros_of_an_exponent_are_no_digits_of_size() -> None:
    assert parse_quantity("1e" + "0" * 100 + "12", "parameter").nominal == 1e12


@pytest.mark.parametrize(
    "written",
    [
        "1e" + "1" * 4301,  # beyond Python's int-conversion limit
        "10" + "¹" * 5000,
        "第" * 1000,
        "5 " + " ".join(["unknown"] * 50_000),
        "Nov 4–" * 20_000,
        "1" * 100_000,
    ],
    ids=["exponent-4301", "superscript-5000", "ordinal-1000", "words-50000", "dashes", "digits"],
)
def test_a_value_past_the_length_bound_is_refused_at_once(written: str) -> None:
    started = time.perf_counter()
    assert problem(written) == (
        f"the value is {len(written):,} characters long; claimkb reads a quantity of at most "
        f"{MAX_LENGTH} (write the figure alone and keep the passage in the quote)"
    )
    assert time.perf_counter() - started < 0.5


def test_a_value_at_the_length_bound_is_still_read() -> None:
    written = "5" + " " * (MAX_LENGTH - 7) + " nodes"
    assert len(written) == MAX_LENGTH
    assert parse_quantity(written, "count").nominal == 5


@pytest.mark.parametrize(
    ("written", "message"),
    [
        (
            "3兆",
            "'兆' is ambiguous as a magnitude (10¹² in Taiwan and Japan but 10⁶ in mainland "
            "usage: write 万亿 or 百万)",
        ),
        ("5 #cards", "cannot read '#cards' after the number"),
        ("5 (cards)", "cannot read '(cards)' after the number"),
        ("5 s", "'5 s' is in s (second), but the property expects count"),
        ("2.8 trilion", "'trilion' is not a magnitude claimkb reads (did you mean 'trillion'?)"),
    ],
)
def test_words_after_a_count_that_are_no_counted_noun(written: str, message: str) -> None:
    assert problem(written) == message


@pytest.mark.parametrize(
    ("written", "amount"),
    [("4 nodes", 4), ("512 cards", 512), ("6 台服务器", 6), ("8 H100 GPUs", 8), ("五个段位", 5)],
)
def test_real_counted_nouns_still_read(written: str, amount: int) -> None:
    value = parse_quantity(written, "count")
    assert (value.nominal, value.lower, value.upper) == (amount, amount, amount)


def test_the_ascii_shortcut_of_the_screen_refuses_what_the_character_rule_refuses() -> None:
    """ASCII text skips the character-by-character look unless it holds a control the rule
    refuses: every ASCII character, alone and inside a value, is refused exactly when its
    category is Cc (tab, newline and return allowed), with the same message."""
    import unicodedata

    from claimkb.values.screen import screen

    for code in range(0x80):
        ch = chr(code)
        refused = unicodedata.category(ch) == "Cc" and ch not in "\t\n\r"
        for text in (ch, f"12 {ch}TB"):
            try:
                screen(text)
            except ValueProblem as problem:
                assert refused and f"U+{code:04X}" in str(problem), repr(text)
            else:
                assert not refused, repr(text)

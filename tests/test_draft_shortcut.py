"""The drafter's scanner finds the value at a start without finding the longest span that
reads there (:func:`claimkb.authoring.shortcut.value_at`), and finds what trimming that span
finds: at every start of every sentence of the seed articles and the subject fixtures'
snapshots, and of generated texts full of punctuation, " and ", full stops and Latin letters
against Chinese (where the longest span and the cutting disagree about where spans end).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from claimkb.authoring import shortcut, spans, trimming
from claimkb.authoring.candidates import _may_be_quantity, _may_hold_quantity, _quantity
from claimkb.authoring.segments import segments
from claimkb.values import Value, parse_date
from claimkb.values.date_hint import may_be_date, may_hold_date
from conftest import FIXTURES, SHARED

DIMENSIONS = frozenset({"byte", "parameter", "token", "second", "length", "USD", "CNY"})
"""The dimensions the KB has properties for: the seed articles' and other subjects' (a time,
a height, amounts in two currencies)."""


def _read_date(text: str) -> Value:
    return parse_date(text, 2026)


READERS: list[tuple[Callable[[str], Value], Callable[[str], bool], Callable[[str], bool]]] = [
    (_read_date, may_be_date, may_hold_date),
    (_quantity, _may_be_quantity, _may_hold_quantity),
]


def _exactly(
    text: str,
    start: int,
    read: Callable[[str], Value],
    may_read: Callable[[str], bool],
    may_hold: Callable[[str], bool],
) -> tuple[bool, object]:
    """Whether a span reads at ``start`` and what the cutting finds, the slow way."""
    item = spans._longest(text, start, read, may_read, may_hold)
    if item is None:
        return False, None
    longest = start + len(item.text)
    return True, trimming.what_it_says(text, start, longest, read, DIMENSIONS, may_read)


def _compare(text: str) -> tuple[int, int]:
    """(starts answered, starts left to the longest span) in ``text``, both ways compared."""
    answered = unsure = 0
    for start in spans._starts(text):
        for read, may_read, may_hold in READERS:
            answer = shortcut.value_at(
                text, start, read, may_read, may_hold, DIMENSIONS, lambda _: False
            )
            if answer is None:
                unsure += 1
                continue
            reads, best = answer
            exists, exact = _exactly(text, start, read, may_read, may_hold)
            assert best == exact, (text, start)
            assert exists or not reads, (text, start)
            answered += 1
    return answered, unsure


def _sentences() -> list[str]:
    paths = [*(FIXTURES / "subjects").glob("*/snapshots/*.txt"), *(SHARED / "seeds").glob("*.txt")]
    texts = {
        unit.text
        for path in sorted(paths)
        for unit in segments(unicodedata.normalize("NFC", path.read_text("utf-8")).splitlines())
    }
    return sorted(texts)


def test_the_value_at_each_start_of_the_articles_is_the_trimmed_longest_span_s() -> None:
    answered = unsure = 0
    for text in _sentences():
        done, left = _compare(text)
        answered, unsure = answered + done, unsure + left
    assert answered > 15_000, (answered, unsure)
    assert unsure * 200 < answered  # the longest span is rarely needed


_PIECES = st.sampled_from(
    ["3", "2.8", "1,024", " ", "GB", "TB", " GB", "万亿", "亿", "参数", "台", "服务器", "需要",
     "年", "11 月", "6 日", "Nov 5", "about ", "over ", "a ", "one ", "million", "tokens",
     " and ", ", ", ",", ".", ". ", "、", "，", "(", ")", "“", "”", "x", "Pro", "K3.1", "%",
     "\u00a0", "-", "–", " to ", "per second", "$", "US$", "亿元", "美元", " yuan", "¥",
     "8,848.86", " m", " metres", " feet", "a mile ", "2:01:09", "小时", " hours", "km",
     "人", "万人", "votes", "%"]
)  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(st.lists(_PIECES, min_size=1, max_size=16).map("".join))
def test_the_value_at_each_start_of_any_text_is_the_trimmed_longest_span_s(text: str) -> None:
    _compare(text)


def test_an_earlier_start_the_longest_span_may_begin_at_leaves_it_to_that_span() -> None:
    """Where a start before this one begins with the span found (or with the shortest span
    the cutting did not read, when none is found), only the longest span tells."""
    text = "4, according to the report"
    start = 0
    args = (text, start, _quantity, _may_be_quantity, _may_hold_quantity, DIMENSIONS)
    assert shortcut.value_at(*args, lambda _: False) is not None
    assert shortcut.value_at(*args, lambda prefix: "4".startswith(prefix)) is None

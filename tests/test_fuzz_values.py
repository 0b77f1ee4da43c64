"""A time-bounded fuzzer of the value parsers (issue 17): whatever a KB writes as a quantity or a
date, reading it raises nothing but :class:`ValueProblem` and takes less than a bound per input.

Inputs come from a seeded generator of hostile text: pieces of every form the parsers read, in
both languages, glued at random, with invisible characters, radix prefixes, superscript
exponents, full-width and traditional forms, and runs repeated into values far longer than any
real one. The generator runs for ``CLAIMKB_FUZZ_SECONDS`` (default 1.5) per parser, so the test
costs the same on any machine; the seed (``CLAIMKB_FUZZ_SEED``) makes a failure reproducible,
and the first inputs of a seed are always the same ones. A Hypothesis test over the same
generator shrinks what it finds.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from claimkb.values import DateValue, Quantity, Slack, ValueProblem, parse_date, parse_quantity
from claimkb.values.units import DIMENSIONS

BUDGET = float(os.environ.get("CLAIMKB_FUZZ_SECONDS", "1.5"))
SEED = int(os.environ.get("CLAIMKB_FUZZ_SEED", "17"))
PER_INPUT = 1.0
"""Seconds one reading may take: generous (a reading takes microseconds to a millisecond);
it only catches a hang or a quadratic blow-up."""

PIECES = (
    "0 1 2 3 4 5 6 7 8 9 00 10 100 1000 4000 2.8 .5 1,040 10,000 1e12 1E-5 ×10 ×10¹² 10^ 10** "
    "¹ ² ⁰ ⁻ ⁺ ½ - – — ~ ～ + ± . , ， : ： / per 每 × x * ^ ( ) % ％ pp 个百分点 "
    "trillion billion million thousand hundred k K M B T bn tn mln lakh crore quadrillion "
    "万亿 千亿 百亿 十亿 亿 億 万 萬 千 百 十 零 〇 一 二 两 兩 三 五 九 "
    "壹 貳 叁 拾 佰 仟 点 兆 京 "
    "about around approximately roughly nearly almost just under over more than at least up to "
    "less than fewer than between and to or so -ish odd 约 約 大约 左右 上下 级 級 超过 超過 逾 过 "
    "不到 不足 低于 将近 將近 近 多 余 餘 以上 以下 以内 tens of dozens a few several 数十 几 上百 "
    "TB TiB GB Gbps TB/s B/s 字节 bit 参数 parameters tokens 个 個 台 张 卡 cards nodes GPUs "
    "s ms min h hours minutes seconds 小时 小時 分 分钟 秒 时 m 2:01:09 1:59:40.2 3:27.5 :: "
    "第 th st nd rd first thirteenth twenty-one a an half 0x1F 0b101 0o17 0x 0b "
    "年 月 日 号 初 中旬 下旬 底 early mid- late November Nov Sept 2026 11 06 Q3 H1 季度 "
    "１ ２ ０ ． ＴＢ ＜ ＞ "
).split() + [" ", "  ", "\t", "\n"]
INVISIBLE = ["\u200b", "\u2060", "\u00ad", "\ufeff", "\u200e", "\u202e", "\x00", "\x07", "\u0301"]
DIMENSION_CHOICES = [None, *DIMENSIONS, "byte/second", "byte/parameter", "packet/second"]
SOURCE_DAY, SOURCE_MONTH = parse_date("2026-11-06"), parse_date("2026-11")
SLACKS = [None, Slack(1.0, None), Slack(None, 5.0), Slack(0.0, 0.0)]


def hostile(rng: random.Random) -> str:
    """One hostile written value."""
    shape = rng.random()
    if shape < 0.6:
        return "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 12)))
    if shape < 0.7:
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 6)))
        at = rng.randint(0, len(text))
        return text[:at] + rng.choice(INVISIBLE) + text[at:]
    if shape < 0.8:
        return "".join(chr(rng.randint(0x20, 0x3000)) for _ in range(rng.randint(0, 40)))
    if shape < 0.9:  # one piece repeated into a long value
        return rng.choice(PIECES) * rng.randint(50, 20_000)
    return rng.choice(PIECES) + " " + " ".join(rng.choice(PIECES) for _ in range(5_000))


def _read_quantity(text: str, rng: random.Random) -> object:
    slack = rng.choice(SLACKS)
    return parse_quantity(
        text, rng.choice(DIMENSION_CHOICES), exact=rng.random() < 0.2, slack=slack
    )


def _read_date(text: str, rng: random.Random) -> object:
    source_date = rng.choice([None, SOURCE_DAY, SOURCE_MONTH])
    return parse_date(text, rng.choice([None, 2026, 1, 9999]), source_date)


def _within_bounds(
    read: Callable[[str, random.Random], object], text: str, rng: random.Random
) -> None:
    started = time.perf_counter()
    try:
        value = read(text, rng)
    except ValueProblem:
        value = None
    elapsed = time.perf_counter() - started
    assert elapsed < PER_INPUT, f"{elapsed:.2f} s reading {text[:80]!r} ({len(text)} chars)"
    assert value is None or isinstance(value, Quantity | DateValue)


WARM_UP = ("2.8 trillion parameters", "12 km/h", "3.2 TB/s", "1.5 kW", "2026年11月7日", "Q3 2026")
"""Read before any reading is timed: the first readings import what reading needs (pint's
registry among it, half a second), which is no hang."""


def _fuzz(read: Callable[[str, random.Random], object]) -> int:
    rng = random.Random(SEED)
    for text in WARM_UP:
        try:
            read(text, random.Random(SEED))
        except ValueProblem:
            pass
    deadline = time.monotonic() + BUDGET
    tried = 0
    while time.monotonic() < deadline or tried < 200:
        text = hostile(rng)
        try:
            _within_bounds(read, text, rng)
        except AssertionError as failure:
            raise AssertionError(f"seed {SEED}, input {tried}: {failure}") from None
        tried += 1
    return tried


def test_quantity_reading_is_bounded_and_raises_only_value_problems() -> None:
    assert _fuzz(_read_quantity) >= 200


def test_date_reading_is_bounded_and_raises_only_value_problems() -> None:
    assert _fuzz(_read_date) >= 200


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False))
def test_hostile_values_shrink_to_a_small_failure(rng: random.Random) -> None:
    text = hostile(rng)
    _within_bounds(_read_quantity, text, rng)
    _within_bounds(_read_date, text, rng)

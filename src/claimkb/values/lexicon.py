"""The words and patterns of written quantities, in English and Chinese.

Markers (approximation, comparators, "100-odd"), vague quantities, magnitude words and
suffixes, number words and numerals, and the regular expressions that find a number's digits.
Only data lives here; :mod:`.reading` reads numbers with it and :mod:`.numbers` turns a reading
into a :class:`~claimkb.values.numbers.Quantity`.
"""

from __future__ import annotations

import re

APPROX_PREFIX = (
    "approximately",
    "approx.",
    "approx",
    "about",
    "around",
    "roughly",
    "some",
    "circa",
    "ca.",
    "an estimated",
    "estimated",
    "~",
    "≈",
    "∼",
    "大约",
    "约合",
    "约为",
    "约",
    "大概",
    "左右",
)
APPROX_SUFFIX = ("左右", "上下", "级", "or so", "-ish", "ish", "level", "-level")
LOWER_PREFIX = (
    "more than",
    "over",
    "above",
    "exceeding",
    "in excess of",
    "greater than",
    "at least",
    "upwards of",
    "no less than",
    "not less than",
    ">=",
    "≥",
    ">",
    "超过",
    "超",
    "逾",
    "多于",
    "大于",
    "不少于",
    "至少",
    "不低于",
)
UPPER_PREFIX = (
    "less than",
    "fewer than",
    "under",
    "below",
    "up to",
    "at most",
    "no more than",
    "not more than",
    "<=",
    "≤",
    "<",
    "不到",
    "不足",
    "少于",
    "小于",
    "不超过",
    "至多",
    "最多",
    "低于",
)
NEARLY_PREFIX = ("nearly", "almost", "close to", "just under", "将近", "接近", "近")
LOWER_SUFFIX = ("+", "以上", "or more", "plus")
ODD_SUFFIX = ("多", "余")
"""Chinese "100 多", "30 余": more than the number, but less than the next step of its last
significant digit (100 多 is 100 to 200, 30 余 is 30 to 40)."""
ODD_INFIX = re.compile(r"(?<=\d)\s*[多余]\s*(?=[万亿千百])")
UPPER_SUFFIX = ("以下", "以内", "or less", "or fewer")
VAGUE = {
    "tens of": (10.0, 100.0),
    "dozens of": (24.0, 100.0),
    "hundreds of": (100.0, 1e3),
    "thousands of": (1e3, 1e4),
    "millions of": (1e6, 1e7),
    "billions of": (1e9, 1e10),
    "a few": (2.0, 9.0),
    "several": (2.0, 9.0),
    "数十": (10.0, 100.0),
    "几十": (10.0, 100.0),
    "数百": (100.0, 1e3),
    "几百": (100.0, 1e3),
    "上百": (100.0, 1e3),
    "数千": (1e3, 1e4),
    "几千": (1e3, 1e4),
    "上千": (1e3, 1e4),
    "数万": (1e4, 1e5),
    "几万": (1e4, 1e5),
    "上万": (1e4, 1e5),
    "几": (2.0, 9.0),
}
MAGNITUDES = {
    "hundred": 1e2,
    "thousand": 1e3,
    "thousands": 1e3,
    "million": 1e6,
    "millions": 1e6,
    "mn": 1e6,
    "billion": 1e9,
    "billions": 1e9,
    "bn": 1e9,
    "trillion": 1e12,
    "trillions": 1e12,
    "tn": 1e12,
    "k": 1e3,
    "K": 1e3,
    "M": 1e6,
    "B": 1e9,
    "T": 1e12,
    "万亿": 1e12,
    "千亿": 1e11,
    "百亿": 1e10,
    "十亿": 1e9,
    "亿": 1e8,
    "千万": 1e7,
    "百万": 1e6,
    "十万": 1e5,
    "万": 1e4,
    "千": 1e3,
    "百": 1e2,
}
MAG_ORDER = sorted(MAGNITUDES, key=len, reverse=True)
MAGNITUDE_WORDS = tuple(word for word in MAGNITUDES if word.isascii() and len(word) > 2)
"""The spelt-out magnitudes ("trillion"), against which a misspelt one ("trilion") is told."""
MAG_RANK = {word: rank for rank, word in enumerate(MAG_ORDER)}
MAG_BY_FIRST: dict[str, tuple[str, ...]] = {}
for _word in MAG_ORDER:  # a word can only start a text that starts with its first character
    MAG_BY_FIRST[_word[0]] = (*MAG_BY_FIRST.get(_word[0], ()), _word)
WORDS = {
    "zero": 0,
    "one": 1,
    "a": 1,
    "an": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "hundred": 100,
    "dozen": 12,
    "half": 0.5,
    "double": 2,
    "twice": 2,
    "triple": 3,
    "thrice": 3,
}
ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
    "thirtieth": 30,
    "fortieth": 40,
    "fiftieth": 50,
}
"""Ordinal words (a rank: "ranks first ... and thirteenth overall") read as exact integers."""
UNIT_WORDS = "one|two|three|four|five|six|seven|eight|nine"
UNIT_ORDINALS = "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth"
CN_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
CN_UNITS = {"十": 10, "百": 100, "千": 1000}

SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
FULLWIDTH = str.maketrans("０１２３４５６７８９．，－～＋：　", "0123456789.,-~+: ", "")
NUMBER = re.compile(
    r"""(?P<num>[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<dec>\d+))?|[-+]?\.(?P<dec2>\d+))
        (?:\s*(?:[eE](?P<e1>[-+]?\d+)|[×xX*·]\s*10\s*(?:\^|\*\*)?\s*(?P<e2>[-+]?\d+)))?""",
    re.VERBOSE,
)
SUPER_EXP = re.compile(r"10([⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+)")
POWER = re.compile(r"10\s*(?:\^|\*\*)\s*(?P<e>[-+]?\d+)")
WORD_NUMBER = re.compile(rf"(?P<w>(?:[a-z]+)(?:[- ](?:{UNIT_WORDS}|{UNIT_ORDINALS}))?)\b", re.I)
COMPOUND_HYPHEN = re.compile(r"(?<=[0-9A-Za-z])-(?=[A-Za-z])")
"""A hyphen joining a number to its magnitude or noun in a compound adjective
("3-trillion-parameter", "one-million-token", "10,000-GPU"): read as a space. Ranges
("4-5") and exponents ("1e-5") have a digit after the hyphen and are untouched."""
CN_NUMBER = re.compile(r"[零〇一二两三四五六七八九十百千]+")
NOT_A_NOUN = frozenset("零〇一二两三四五六七八九十百千万亿.,，。^*×·/:;+-=<>~_")
"""First characters of a rest that continues a number rather than naming what is counted."""
RANGE_SEP = re.compile(r"\s*(?:–|—|-|~|～|to|至|到|and)\s*")

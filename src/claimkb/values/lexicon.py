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
RANGE_PREFIX = ("between", "从")
"""Words that open a range ("between 4 and 5", "从 4 到 5") and say nothing more."""
APPROX_SUFFIX = ("左右", "上下", "级", "or so", "-ish", "ish", "level", "-level")
LOWER_PREFIX = (
    "more than",
    "just over",
    "well over",
    "over",
    "above",
    "exceeding",
    "exceeded",
    "exceeds",
    "exceed",
    "in excess of",
    "greater than",
    "at least",
    "upwards of",
    "no less than",
    "not less than",
    "no fewer than",
    "not fewer than",
    ">=",
    "≥",
    ">",
    "超过",
    "超",
    "刚超过",
    "刚逾",
    "刚过",
    "逾",
    "过",
    "不止",
    "不下",
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
    "不及",
    "未满",
    "未到",
)
NEARLY_PREFIX = ("nearly", "almost", "close to", "just under", "将近", "接近", "近")
LOWER_SUFFIX = ("+", "以上", "or more", "plus")
ODD_SUFFIX = ("多", "余", "-odd", "odd")
"""Chinese "100 多", "30 余": more than the number, but less than the next step of its last
significant digit (100 多 is 100 to 200, 30 余 is 30 to 40); English "100-odd" alike."""
ODD_INFIX = re.compile(r"(?<=[\d零〇一二两三四五六七八九十百千万亿])\s*(?:[多余](?!于)|odd\b)")
"""多/余 (or "odd") right after a number, wherever it stands: "100 多万", "两百多万" (2 to 3
million), "100多台", "30余家", "1万多人", "100-odd GPUs"."""
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
    "quadrillion": 1e15,
    "mln": 1e6,
    "bln": 1e9,
    "lakh": 1e5,
    "lakhs": 1e5,
    "crore": 1e7,
    "crores": 1e7,
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
AMBIGUOUS_MAGNITUDES = {
    "兆": "10¹² in Taiwan and Japan but 10⁶ in mainland usage: write 万亿 or 百万",
    "京": "10¹⁶, rarely meant: write the number in digits",
}
"""Magnitude words claimkb refuses rather than guess (never a counted noun)."""
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
    **dict.fromkeys("零〇", 0),
    **dict.fromkeys("一壹", 1),
    **dict.fromkeys("二两贰", 2),
    **dict.fromkeys("三叁", 3),
    **dict.fromkeys("四肆", 4),
    **dict.fromkeys("五伍", 5),
    **dict.fromkeys("六陆", 6),
    **dict.fromkeys("七柒", 7),
    **dict.fromkeys("八捌", 8),
    **dict.fromkeys("九玖", 9),
}
"""Chinese digits, everyday and financial (大写) forms; traditional ones are mapped first."""
CN_UNITS = {
    **dict.fromkeys("十拾", 10),
    **dict.fromkeys("百佰", 100),
    **dict.fromkeys("千仟", 1000),
}
CN_SECTIONS = {"万": 10_000, "亿": 100_000_000}
"""The myriad units that close a section of a Chinese numeral (一千二百万 = 1200 × 万)."""
TRADITIONAL = str.maketrans(
    "億萬約過個兩餘幾數級將於內為時鐘點貳參陸對臺張條項處檔剛",
    "亿万约过个两余几数级将于内为时钟点贰叁陆对台张条项处档刚",
)
"""Traditional characters of the words above, read as their simplified forms (800億 is 800亿,
超過 is 超过, 2小時 is 2小时)."""
CLOCK_PARTS = {"分": "min", "时": "h", "个小时": "h", "钟头": "h", "个钟头": "h", "m": "min"}
"""Words that name a unit of time only inside a duration (``3分27秒``, ``1时30分``, ``2h01m``,
``两个小时``); elsewhere 分 is a point or a cent and m a metre."""

SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
FULLWIDTH = {0xFF01 + i: 0x21 + i for i in range(94)} | {0x3000: 0x20}
"""Full-width ASCII forms (１２．５ＴＢ, ＜, ％) and the ideographic space, read as ASCII."""
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
CN_NUMERAL_CHARS = "".join((*CN_DIGITS, *CN_UNITS, *CN_SECTIONS))
CN_NUMBER = re.compile(rf"[{CN_NUMERAL_CHARS}]+(?:点[{''.join(CN_DIGITS)}]+)?")
"""A Chinese numeral, with an optional decimal part (三点五)."""
NOT_A_NOUN = frozenset(CN_NUMERAL_CHARS + ".,，。^*×·/:;+-=<>~_")
"""First characters of a rest that continues a number rather than naming what is counted."""
RANGE_SEP = re.compile(r"\s*(?:–|—|-|~|～|to|至|到|and)\s*")

"""The words of units that pint's registry does not hold, defined once (data only).

pint's default registry knows every SI and customary unit, with its prefixes, symbols, names
and plurals. This module adds what the domain and the corpus' languages need on top of it:

* :data:`DOMAIN`: units of the domain in pint's definition syntax (parameter, token, packet,
  FLOP, FLOPS = FLOP/s, OPS, packets per second, percentage points, the Chinese mu), loaded
  into the one registry that both value reading and derived-claim arithmetic use;
* :data:`DIMENSIONS`: the named dimensions, each with its base unit (what values are
  normalised to) and the pint expression that fixes its signature;
* :data:`PLAIN`: the dimensionless kinds claimkb keeps apart for comparison (count, ratio,
  percent), which pint would merge into one plain number;
* :data:`WORDS`: written forms pint cannot read (Chinese unit words, ``sq``, ``pct`` ...) and
  the pint expression each stands for.

Currencies live in :mod:`.currency`: they are dimensions of their own, one per ISO 4217 code,
and never pass through pint's parser.
"""

from __future__ import annotations

DOMAIN = (
    "parameter = [parameter] = _ = param",
    "token = [token]",
    "packet = [packet]",
    "pps = packet / second",
    "FLOP = [flop]",
    "FLOPS = FLOP / second = _ = flops = Flops",
    "operation = FLOP = OP",
    "OPS = operation / second = _ = ops",
    "percentage_point = [percentage_point]",
    "chinese_mu = 10000 / 15 * meter ** 2",
)
"""Defined once on top of pint's defaults. ``FLOPs`` (small s) is the plural of FLOP, an amount
of work; ``FLOPS``, ``flops`` and ``Flops`` are per second. An operation is counted like a
FLOP, so INT8 throughput compares whether an article writes it in TOPS or in TFLOPS."""

PLAIN: dict[str, tuple[str, tuple[str, ...]]] = {
    "count": ("1", ("1", "count", "counts")),
    "percent": ("%", ("%", "％", "percent", "per cent", "pct", "percentage")),
    "ratio": ("×", ("×", "x", "X", "times", "fold", "-fold", "倍")),
}
"""Dimensionless kinds kept apart for comparison: dimension -> (base symbol, written forms)."""

BARE = "bare-number"
"""The dimension of a number read apart from its unit (a claim's ``unit:`` gives the unit):
written without one, and not an exact count."""

IMPLICIT = frozenset({"count", "parameter", "token", "ratio", BARE})
"""Dimensions whose values may be written without a unit (``2.8 trillion`` parameters)."""

DIMENSIONS: dict[str, tuple[str, str]] = {
    "count": ("1", ""),
    "ratio": ("×", ""),
    "percent": ("%", ""),
    "percentage-point": ("pp", "percentage_point"),
    "parameter": ("parameter", "parameter"),
    "token": ("token", "token"),
    "packet": ("packet", "packet"),
    "flop": ("FLOP", "FLOP"),
    "byte": ("B", "bit"),
    "second": ("s", "second"),
    "hertz": ("Hz", "second^-1"),
    "length": ("m", "meter"),
    "area": ("m²", "meter^2"),
    "volume": ("m³", "meter^3"),
    "mass": ("kg", "gram"),
    "speed": ("m/s", "meter second^-1"),
    "acceleration": ("m/s²", "meter second^-2"),
    "force": ("N", "gram meter second^-2"),
    "pressure": ("Pa", "gram meter^-1 second^-2"),
    "energy": ("J", "gram meter^2 second^-2"),
    "power": ("W", "gram meter^2 second^-3"),
    "current": ("A", "ampere"),
    "voltage": ("V", "ampere^-1 gram meter^2 second^-3"),
    "charge": ("C", "ampere second"),
    "resistance": ("Ω", "ampere^-2 gram meter^2 second^-3"),
    "temperature": ("K", "kelvin"),
    "substance": ("mol", "mole"),
    "luminous-intensity": ("cd", "candela"),
    "angle": ("rad", "radian"),
    "density": ("kg/m³", "gram meter^-3"),
}
"""Named dimensions: name -> (base unit symbol, signature: pint's root units with their
powers). Base units are coherent (kg, m, s, B ...), so one of the base unit is one unit of
the signature (a byte's 8 root bits and a kilogram's 1000 root grams are scaled, see
:data:`claimkb.values.unitreg.ROOT_SCALES`); a test checks each against pint's reading of
the base unit. Time, frequency and information keep the names the first corpus gave them
(``second``, ``hertz``, ``byte``); composites are named ``a/b`` (``byte/second``,
``power/area``)."""

COMPOSITE_BASES = {"flop/second": "FLOPS", "packet/second": "pps"}
"""Base-unit symbols of composite dimensions that have a name of their own."""

DIMENSION_ALIASES = {
    "time": "second",
    "duration": "second",
    "frequency": "hertz",
    "data": "byte",
    "information": "byte",
    "storage": "byte",
    "distance": "length",
    "height": "length",
    "velocity": "speed",
    "weight": "mass",
    "work": "flop",
    "percentage": "percent",
    "money": "currency",
    "number": "count",
}
"""Other names a property's ``dimension:`` may use for a named dimension."""

CURRENCY_FAMILY = "currency"
"""A property's ``dimension: currency`` accepts an amount in any currency; amounts in two
currencies are still never compared."""

CN_PREFIXES = {
    "千": "kilo",
    "兆": "mega",
    "吉": "giga",
    "太": "tera",
    "拍": "peta",
    "艾": "exa",
    "毫": "milli",
    "微": "micro",
    "纳": "nano",
    "奈": "nano",
    "皮": "pico",
}
"""SI prefixes written in Chinese before a Chinese unit word (千米, 毫米, 千瓦, 兆瓦, 太字节)."""

CN_UNITS = {
    "米": "meter",
    "公尺": "meter",
    "克": "gram",
    "瓦": "watt",
    "瓦特": "watt",
    "瓦时": "watt_hour",
    "瓦時": "watt_hour",
    "焦": "joule",
    "焦耳": "joule",
    "秒": "second",
    "赫": "hertz",
    "赫兹": "hertz",
    "赫茲": "hertz",
    "字节": "byte",
    "位元组": "byte",
    "位元組": "byte",
    "比特": "bit",
    "位元": "bit",
    "升": "liter",
    "公升": "liter",
    "伏": "volt",
    "伏特": "volt",
    "安": "ampere",
    "安培": "ampere",
    "帕": "pascal",
    "帕斯卡": "pascal",
    "牛": "newton",
    "牛顿": "newton",
    "牛頓": "newton",
}
"""Chinese unit words that take a Chinese SI prefix (see :data:`CN_PREFIXES`)."""

WORDS = {
    "公里": "kilometer",
    "厘米": "centimeter",
    "公分": "centimeter",
    "英尺": "foot",
    "英呎": "foot",
    "呎": "foot",
    "英寸": "inch",
    "英吋": "inch",
    "吋": "inch",
    "英里": "mile",
    "哩": "mile",
    "码": "yard",
    "碼": "yard",
    "海里": "nautical_mile",
    "公斤": "kilogram",
    "吨": "metric_ton",
    "噸": "metric_ton",
    "公吨": "metric_ton",
    "公噸": "metric_ton",
    "磅": "pound",
    "盎司": "ounce",
    "分钟": "minute",
    "分鐘": "minute",
    "小时": "hour",
    "小時": "hour",
    "钟头": "hour",
    "鐘頭": "hour",
    "天": "day",
    "周": "week",
    "週": "week",
    "星期": "week",
    "个月": "month",
    "個月": "month",
    "年": "year",
    "平米": "meter ** 2",
    "公顷": "hectare",
    "公頃": "hectare",
    "亩": "chinese_mu",
    "畝": "chinese_mu",
    "参数": "parameter",
    "个参数": "parameter",
    "個參數": "parameter",
    "參數": "parameter",
    "个token": "token",
    "個token": "token",
    "packet(s)": "packet",
    "sqm": "meter ** 2",
    "sqft": "foot ** 2",
    "kmh": "kilometer / hour",
    "km/hr": "kilometer / hour",
}
"""Written forms pint does not read, with the pint expression each stands for."""

PERCENTAGE_POINTS = ("pp", "p.p.", "percentage point", "percentage points", "个百分点", "百分点")
"""Percentage points: written forms outside pint (pint would read ``pps`` as their plural)."""

POWER_WORDS = {
    "square": 2,
    "sq": 2,
    "sq.": 2,
    "平方": 2,
    "cubic": 3,
    "cu": 3,
    "cu.": 3,
    "立方": 3,
}
"""Words that raise the unit after them to a power (``square metres``, ``平方毫米``)."""

ONE_LETTER = frozenset("mgsthdBWJVANLlΩb")
"""Single letters read as units on their own; pint's other one-letter names (``T`` tesla,
``K`` kelvin, ``M`` molar, ``k`` Boltzmann's constant, ``G`` gauss, ``c``, ``e`` ...) are
magnitudes or constants in written figures. Their longer forms (``kelvin``, ``tesla``) and
prefixed uses (``kW``, ``MHz``) are units as usual."""

STRICT_PREFIXES = frozenset(
    "y z a f p n µ μ m c d da h k M G T P E Z Y Ki Mi Gi Ti Pi Ei Zi Yi".split()
)
"""Prefix symbols read before a unit symbol where a word may be a counted noun; pint's
other spellings (``u`` and ``mc`` for micro, ``R`` ronna, ``Q`` quetta ...) turn ordinary
words into units (``units`` would be micro-nits)."""

HOMONYMS = frozenset(
    {
        "point",
        "hand",
        "stone",
        "cup",
        "chain",
        "link",
        "rod",
        "pole",
        "perch",
        "league",
        "cycle",
        "turn",
        "revolution",
        "circle",
        "degree",
        "grain",
        "bar",
        "barrel",
        "pixel",
        "dot",
        "quarter",
        "bag",
        "sheet",
        "ream",
        "mole",
    }
)
"""pint units whose names are also ordinary nouns (points scored, supermarket chains, a
university degree): after a count they name what is counted, not a unit. They stay units
for a property of their dimension."""

AFTER_NUMBERS = frozenset({"st", "nd", "rd", "th"})
"""Ordinal suffixes (``13th``): after a count they finish the number; pint would read
stones, rads and thermies."""

BINARY_PREFIXES = ("kibi", "mebi", "gibi", "tebi", "pebi", "exbi", "zebi", "yobi")

DISPLAY_SYMBOLS = {"baud": "bps", "year": "yr", "chinese_mu": "mu"}
"""Symbols shown for pint units whose own symbol readers do not write (``Gbps``, not
``GBd``; ``yr``, not ``a``)."""

DISPLAY_PREFIXED = frozenset(
    {"byte", "byte/second", "flop", "flop/second", "hertz", "packet/second", "power", "energy"}
)
"""Dimensions whose computed values are shown with decimal prefixes (3.84e12 B is 3.84 TB);
the others are shown in their base unit."""

"""Examples of the values a property's dimension takes, for the message of a value that cannot
be read (``CKB220``): a quantity in bytes is shown ``'about 5.6 TB'``, a count ``'约 18 张'``,
never the same list whatever the dimension. Every example reads as its dimension (a test reads
each one), so a message never suggests a form that would fail too."""

from __future__ import annotations

__all__ = ["EXAMPLES", "examples"]

EXAMPLES: dict[str, tuple[str, ...]] = {
    "parameter": ("2.8 trillion", "3T", "2.8 万亿", "1040 亿", "671B parameters"),
    "count": ("18", "约 18 张", "over 100", "4–5", "三家"),
    "token": ("1 million tokens", "128K", "约 100 万"),
    "byte": ("about 5.6 TB", "1.4TB", "80 GB", "216 GiB"),
    "byte/second": ("1.6TB/s", "400 Gbps", "1,200 GB/s"),
    "byte/parameter": ("1 字节 / 参数", "0.5 byte per parameter", "4.25 bits per parameter"),
    "percent": ("65.7%", "about 30%", "约 40%"),
    "percentage-point": ("0.7 个百分点", "2 percentage points", "1.5 pp"),
    "ratio": ("3×", "three times", "2.5 倍"),
    "second": ("45 s", "a few hours", "3 小时", "2 days"),
    "packet": ("400 packets",),
    "packet/second": ("400 million packets per second", "10 Mpps"),
    "hertz": ("1.5 GHz", "800 MHz"),
    "flop": ("2 PFLOPs", "1.2 EFLOPs"),
    "flop/second": ("2 PFLOPs/s",),
}
"""Forms of each dimension, most common first."""


def examples(dimension: str | None) -> str | None:
    """``'about 5.6 TB', '1.4TB', ...`` for ``dimension``: the forms listed above, else forms
    in the dimension's base unit (``'12.5 m', 'about 300 m', 'over 100 m'`` for a length,
    ``'12.5 USD'`` for dollars), each kept only if it reads as that dimension; None when
    there are none."""
    if not dimension:
        return None
    found = EXAMPLES.get(dimension) or _in_base_unit(dimension)
    return ", ".join(f"'{form}'" for form in found) if found else None


def _in_base_unit(dimension: str) -> tuple[str, ...]:
    """Forms of any dimension pint or the KB defines, written in its base unit."""
    from .numbers import parse_quantity
    from .problems import ValueProblem
    from .units import base_unit

    try:
        unit = base_unit(dimension)
    except (KeyError, ValueError, ValueProblem):
        return ()
    forms = []
    for form in (f"12.5 {unit}", f"about 300 {unit}", f"over 100 {unit}", f"4–5 {unit}"):
        try:
            if parse_quantity(form, dimension).dimension == dimension:
                forms.append(form)
        except ValueProblem:
            continue
    return tuple(forms)

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
    """``'about 5.6 TB', '1.4TB', ...`` for ``dimension``, or None when it has none listed."""
    found = EXAMPLES.get(dimension or "")
    return ", ".join(f"'{form}'" for form in found) if found else None

"""Drawing primitives for the site's pictures: scales with readable ticks, text that fits,
and the accessible frame every picture sits in.

Pictures are inline SVG, drawn by the tool (no chart library, nothing fetched): each has a
``<title>`` and a ``<desc>`` (its alternative text, read by screen readers), a caption, and
the data it draws also stands in a table or list on the same page. Colours come from the
stylesheet's classes, so the pictures follow the light, dark and print schemes.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass

from .html import e, number

__all__ = ["Scale", "figure", "fit", "text_width"]


def text_width(text: str, size: float) -> float:
    """About how wide ``text`` is at font size ``size`` (wide East Asian characters take a
    full em, others a little over half)."""
    if text.isascii():
        return 0.58 * len(text) * size
    wide = sum(1 for ch in text if unicodedata.east_asian_width(ch) in "WF")
    return (wide + 0.58 * (len(text) - wide)) * size


def fit(text: str, width: float, size: float) -> str:
    """``text`` shortened with "…" to fit ``width`` (plain text: escape it)."""
    if text_width(text, size) <= width:
        return text
    room = width - size  # for the "…"
    used = 0.0
    for n, ch in enumerate(text):
        used += size if unicodedata.east_asian_width(ch) in "WF" else 0.58 * size
        if used > room:
            return text[:n] + "…"
    return text


@dataclass(frozen=True)
class Scale:
    """Maps values in [lo, hi] onto [x0, x1], linearly or (for positive values spanning
    orders of magnitude) logarithmically."""

    lo: float
    hi: float
    x0: float
    x1: float
    log: bool = False

    @classmethod
    def around(cls, values: list[float], x0: float, x1: float) -> Scale:
        finite = [v for v in values if math.isfinite(v)]
        if not finite:
            return cls(0.0, 1.0, x0, x1)
        lo, hi = min(finite), max(finite)
        if lo > 0 and hi / lo > 100:
            return cls(
                10 ** math.floor(math.log10(lo)), 10 ** math.ceil(math.log10(hi)), x0, x1, True
            )
        span = hi - lo
        pad = span * 0.08 if span > 0 else (abs(lo) * 0.1 or 1.0)
        low = lo - pad
        if lo >= 0 and low < 0:
            low = 0.0
        return cls(low, hi + pad, x0, x1)

    def __call__(self, value: float) -> float:
        if math.isinf(value):
            return self.x1 if value > 0 else self.x0
        if self.log:
            value = max(value, self.lo)
            position = (math.log10(value) - math.log10(self.lo)) / (
                math.log10(self.hi) - math.log10(self.lo)
            )
        else:
            position = (value - self.lo) / ((self.hi - self.lo) or 1.0)
        return self.x0 + min(1.0, max(0.0, position)) * (self.x1 - self.x0)

    def ticks(self, count: int = 5) -> list[tuple[float, str]]:
        if self.log:
            first, last = round(math.log10(self.lo)), round(math.log10(self.hi))
            step = max(1, math.ceil((last - first) / 6))
            return [(10.0**p, number(10.0**p)) for p in range(first, last + 1, step)]
        raw = (self.hi - self.lo) / max(1, count)
        magnitude = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1.0
        spacing = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
        value = math.ceil(self.lo / spacing) * spacing
        found: list[tuple[float, str]] = []
        while value <= self.hi + spacing * 1e-9 and len(found) < 12:
            found.append((value, number(round(value, 12))))
            value += spacing
        return found


def axis(scale: Scale, y: float, unit: str = "") -> str:
    """A horizontal axis at ``y`` with ticks, grid lines up to 0 and the unit at its end."""
    parts = [
        f'<g class="axis"><line x1="{scale.x0:.1f}" y1="{y:.1f}" x2="{scale.x1:.1f}" y2="{y:.1f}"/>'
    ]
    for value, label in scale.ticks():
        x = scale(value)
        parts.append(
            f'<line class="grid" x1="{x:.1f}" y1="0" x2="{x:.1f}" y2="{y:.1f}"/>'
            f'<text class="tick" x="{x:.1f}" y="{y + 15:.1f}" text-anchor="middle">'
            f"{e(label)}</text>"
        )
    if unit:
        parts.append(
            f'<text class="tick" x="{scale.x1:.1f}" y="{y + 30:.1f}" text-anchor="end">'
            f"{e(unit)}</text>"
        )
    parts.append("</g>")
    return "".join(parts)


def figure(
    ident: str, width: float, height: float, body: str, title: str, desc: str, caption: str
) -> str:
    """The accessible frame of a picture: ``title``, ``desc`` and ``caption`` are text."""
    return (
        f'<figure class="chart"><div class="scroll">'
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'width="{width:.0f}" height="{height:.0f}" role="img" '
        f'aria-labelledby="{ident}-t {ident}-d" preserveAspectRatio="xMinYMin meet">'
        f'<title id="{ident}-t">{e(title)}</title><desc id="{ident}-d">{e(desc)}</desc>'
        f"{body}</svg></div><figcaption>{e(caption)}</figcaption></figure>"
    )

"""Ranges on one axis: a quantity group's claims (rounding and conflict at a glance), the
steps of a recomputation, and dates on a timeline with each date's precision as its span."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from .html import e
from .svg import Scale, axis, figure, fit

__all__ = ["Bar", "Span", "ranges_chart", "timeline_chart"]

WIDTH = 640
LABELS = 210
ROW = 36


@dataclass(frozen=True)
class Bar:
    """One row: ``label`` and ``note`` are plain text; ``kind`` is "", "conflict" or
    "preferred"; ``href`` a link (already a site path) or None."""

    label: str
    note: str
    lower: float
    upper: float
    nominal: float | None = None
    kind: str = ""
    href: str | None = None
    strong: bool = False
    """Drawn in bold: the claim whose page this is."""


@dataclass(frozen=True)
class Span:
    """One date claim: from ``earliest`` to ``latest`` (inclusive days)."""

    label: str
    note: str
    earliest: date
    latest: date
    href: str | None = None


def _row_text(label: str, note: str, y: float, strong: bool = False) -> str:
    weight = ' font-weight="700"' if strong else ""
    return (
        f'<text x="8" y="{y + 15:.1f}" font-size="13"{weight}>'
        f"{e(fit(label, LABELS - 16, 13))}</text>"
        f'<text class="small" x="8" y="{y + 29:.1f}">{e(fit(note, LABELS - 16, 11))}</text>'
    )


def _linked(href: str | None, tooltip: str, inner: str) -> str:
    tip = f"<title>{e(tooltip)}</title>"
    if href is None:
        return f"<g>{tip}{inner}</g>"
    return f'<a href="{e(href)}">{tip}{inner}</a>'


def ranges_chart(
    ident: str, bars: Sequence[Bar], unit: str, title: str, caption: str, desc: str = ""
) -> str:
    """Each bar's [lower, upper] on one axis, its stated figure as a tick; an unbounded end
    runs dashed to the edge. Bars that cannot overlap read as a conflict at a glance."""
    ends = [x for b in bars for x in (b.lower, b.upper, b.nominal) if x is not None]
    scale = Scale.around(ends, LABELS + 15, WIDTH - 30)
    rows: list[str] = []
    for n, bar in enumerate(bars):
        y = 8 + n * ROW
        left, right = scale(bar.lower), scale(bar.upper)
        kind = f" {bar.kind}" if bar.kind else ""
        if right - left < 3:  # an exact figure: a diamond
            mid = (left + right) / 2
            shape = f'<path class="range{kind}" d="M{mid:.1f} {y + 7:.1f} l7 8 l-7 8 l-7 -8 z"/>'
        else:
            shape = (
                f'<rect class="range{kind}" x="{left:.1f}" y="{y + 8:.1f}" '
                f'width="{right - left:.1f}" height="14" rx="3"/>'
            )
        for end, inf in ((left, bar.lower), (right, bar.upper)):
            if math.isinf(inf):
                shape += (
                    f'<line class="open-end" x1="{end:.1f}" y1="{y + 15:.1f}" '
                    f'x2="{end + (8 if inf > 0 else -8):.1f}" y2="{y + 15:.1f}"/>'
                )
        if bar.nominal is not None and right - left >= 3:
            x = scale(bar.nominal)
            shape += (
                f'<line class="nominal" x1="{x:.1f}" y1="{y + 5:.1f}" '
                f'x2="{x:.1f}" y2="{y + 25:.1f}"/>'
            )
        tooltip = f"{bar.label} — {bar.note}"
        rows.append(
            _linked(bar.href, tooltip, _row_text(bar.label, bar.note, y, bar.strong) + shape)
        )
    bottom = 8 + len(bars) * ROW + 4
    axis_unit = f"{unit} (logarithmic scale)" if scale.log else unit
    body = "".join(rows) + axis(scale, bottom, axis_unit)
    described = desc or "; ".join(f"{b.label}: {b.note}" for b in bars)
    return figure(ident, WIDTH, bottom + 40, body, title, described, caption)


def timeline_chart(ident: str, spans: Sequence[Span], title: str, caption: str) -> str:
    """Date claims in order, each drawn over the days it can mean: a day is a day wide, "early
    November" ten days, a month its whole month; dates that agree overlap."""
    first = min(s.earliest for s in spans)
    last = max(s.latest for s in spans) + timedelta(days=1)
    pad = max(1, (last - first).days // 20)
    start, end = first - timedelta(days=pad), last + timedelta(days=pad)
    scale = Scale(float(start.toordinal()), float(end.toordinal()), LABELS + 15, WIDTH - 30)
    rows: list[str] = []
    for n, span in enumerate(spans):
        y = 8 + n * ROW
        left = scale(float(span.earliest.toordinal()))
        right = max(left + 3, scale(float(span.latest.toordinal() + 1)))
        shape = (
            f'<rect class="range" x="{left:.1f}" y="{y + 8:.1f}" width="{right - left:.1f}" '
            f'height="14" rx="3"/>'
        )
        rows.append(
            _linked(
                span.href,
                f"{span.label} — {span.note}",
                _row_text(span.label, span.note, y) + shape,
            )
        )
    bottom = 8 + len(spans) * ROW + 4
    body = "".join(rows) + _date_axis(scale, start, end, bottom)
    desc = "; ".join(f"{s.label}: {s.note}" for s in spans)
    return figure(ident, WIDTH, bottom + 40, body, title, desc, caption)


def _date_axis(scale: Scale, start: date, end: date, y: float) -> str:
    days = (end - start).days
    ticks: list[date] = []
    if days <= 45:
        step = max(1, math.ceil(days / 9))
        ticks = [start + timedelta(days=d) for d in range(0, days + 1, step)]
        label = "day"
    elif days <= 800:
        month = date(start.year, start.month, 1)
        while month <= end:
            if month >= start:
                ticks.append(month)
            month = date(month.year + month.month // 12, month.month % 12 + 1, 1)
        every = max(1, math.ceil(len(ticks) / 9))
        ticks = ticks[::every]
        label = "month"
    else:
        every = max(1, math.ceil((end.year - start.year + 1) / 9))
        ticks = [date(y, 1, 1) for y in range(start.year + 1, end.year + 1, every)]
        label = "year"
    parts = [
        f'<g class="axis"><line x1="{scale.x0:.1f}" y1="{y:.1f}" x2="{scale.x1:.1f}" y2="{y:.1f}"/>'
    ]
    for tick in ticks:
        x = scale(float(tick.toordinal()))
        parts.append(
            f'<line class="grid" x1="{x:.1f}" y1="0" x2="{x:.1f}" y2="{y:.1f}"/>'
            f'<text class="tick" x="{x:.1f}" y="{y + 15:.1f}" text-anchor="middle">'
            f"{e(_date_label(tick, label))}</text>"
        )
    parts.append("</g>")
    return "".join(parts)


_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


def _date_label(day: date, unit: str) -> str:
    """A tick's label, the same in every locale."""
    if unit == "day":
        return f"{day.day} {_MONTHS[day.month - 1]}"
    if unit == "month":
        return f"{_MONTHS[day.month - 1]} {day.year}"
    return str(day.year)

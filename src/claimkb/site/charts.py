"""The pictures of claims: a group's values on one axis, a timeline of dates, and a derived
claim's recomputation, built from the KB's values and handed to the drawing modules."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..analysis import value_key
from ..model import Claim
from ..values import DateValue, Quantity
from .context import Context
from .parts import PRECISION, claim_label, unit_text
from .svg_charts import Bar, Span, ranges_chart, timeline_chart

__all__ = ["group_chart", "timeline_of", "MAX_ROWS"]

MAX_ROWS = 60
"""The most claims one picture draws (the table beside it lists them all)."""


def group_chart(
    ctx: Context,
    claims: Sequence[Claim],
    base: str,
    ident: str,
    *,
    preferred: str | None = None,
    conflict: bool = False,
    title: str | None = None,
    current: str | None = None,
) -> str:
    """The claims' values on one axis (quantities) or a timeline (dates); "" when fewer
    than two values can be drawn. ``preferred``'s value is drawn as preferred; with
    ``conflict``, the other values as conflicting."""
    kb = ctx.kb
    values = [(c, kb.value(c.id)) for c in claims[:MAX_ROWS]]
    quantities = [(c, v) for c, v in values if isinstance(v, Quantity)]
    dates = [(c, v) for c, v in values if isinstance(v, DateValue)]
    if len(dates) >= 2 and len(dates) >= len(quantities):
        return timeline_of(ctx, [c for c, _ in dates], base, ident, title=title)
    if len(quantities) < 2:
        return ""
    dimension = Counter(v.dimension for _, v in quantities).most_common(1)[0][0]
    quantities = [(c, v) for c, v in quantities if v.dimension == dimension]
    unit, factor = Counter((v.unit, v.factor) for _, v in quantities).most_common(1)[0][0]
    factor = factor or 1.0
    best = kb.value(preferred) if preferred else None
    best_key = value_key(best) if best is not None else None
    bars: list[Bar] = []
    for claim, value in quantities:
        key = value_key(value)
        kind = ""
        if best_key is not None and key == best_key:
            kind = "preferred"
        elif conflict:
            kind = "conflict"
        path = ctx.urls.path("claim", claim.id)
        this = "this claim · " if claim.id == current else ""
        bars.append(
            Bar(
                label=claim.written,
                note=f"{this}{claim.id} · {claim.source}",
                strong=claim.id == current,
                lower=value.lower / factor,
                upper=value.upper / factor,
                nominal=None if value.nominal is None else value.nominal / factor,
                kind=kind,
                href=None if claim.id == current or not path else base + path,
            )
        )
    shown_unit = unit_text(unit).strip()
    subject = claim_label(kb, quantities[0][0])
    heading = title or f"{subject}: each claim's range"
    caption = (
        "Each bar is the range a claim's written precision allows; the tick is the figure as "
        "stated. Bars that overlap can be roundings of one figure; bars that cannot overlap "
        "conflict."
    )
    if best_key is not None:
        caption += " The preferred value is drawn in green."
    return ranges_chart(ident, bars, shown_unit, heading, caption)


def timeline_of(
    ctx: Context, claims: Sequence[Claim], base: str, ident: str, *, title: str | None = None
) -> str:
    """Date claims on a timeline, each over the days its precision allows."""
    spans: list[Span] = []
    for claim in claims[:MAX_ROWS]:
        value = ctx.kb.value(claim.id)
        if not isinstance(value, DateValue):
            continue
        path = ctx.urls.path("claim", claim.id)
        precision = PRECISION.get(value.precision, value.precision)
        spans.append(
            Span(
                label=f"{claim.written}",
                note=f"{claim_label(ctx.kb, claim)} · {precision} · {claim.id}",
                earliest=value.earliest,
                latest=value.latest,
                href=base + path if path else None,
            )
        )
    if not spans:
        return ""
    caption = (
        "Each bar covers the days a date claim can mean: a day is one day wide, "
        '"early November" its first ten days, a month the whole month.'
    )
    return timeline_chart(ident, spans, title or "Timeline of date claims", caption)

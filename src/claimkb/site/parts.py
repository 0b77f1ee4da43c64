"""Small fragments many pages share: badges, values in words, finding items, claim tables."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..findings import Finding
from ..kb import KB
from ..model import Claim, Source
from ..values import Boolean, DateValue, EntityName, Quantity, Text, ValueProblem, Verdict
from .context import Context
from .html import e, lang_attr, number

__all__ = [
    "claim_label",
    "claims_table",
    "finding_item",
    "findings_list",
    "severity_badge",
    "source_label",
    "status_badge",
    "triage_badge",
    "value_text",
    "range_text",
]

PRECISION = {
    "day": "a day",
    "days": "a range of days",
    "part-of-month": "part of a month",
    "month": "a month",
    "quarter": "a quarter",
    "season": "a season",
    "year": "a year",
    "range": "a range",
}


def status_badge(status: str) -> str:
    return f'<span class="badge st-{e(status)}">{e(status)}</span>'


def severity_badge(finding: Finding) -> str:
    level = finding.level.value
    return f'<span class="badge sev-{e(level)}">{e(level)}</span>'


def triage_badge(finding: Finding) -> str:
    if finding.triaged_by:
        return (
            f'<span class="badge triaged">triaged</span> <span class="muted">by resolution '
            f"<code>{e(finding.triaged_by)}</code></span>"
        )
    if finding.entry.triageable:
        return '<span class="badge open">untriaged</span>'
    return '<span class="badge open">open</span>'


def unit_text(unit: str) -> str:
    return "" if unit in ("1", "") else f" {unit}"


def range_text(lower: float, upper: float, unit: str) -> str:
    """``2.75 to 2.85 × 10¹² parameter``, ``at least 100``, ``4``."""
    u = unit_text(unit)
    if lower == upper:
        return f"{number(lower)}{u}"
    if upper == float("inf"):
        return f"at least {number(lower)}{u}"
    if lower == float("-inf"):
        return f"at most {number(upper)}{u}"
    low, high = number(lower), number(upper)
    if "× 10" in low and "× 10" in high and low.split(" × ")[1] == high.split(" × ")[1]:
        return f"{low.split(' × ')[0]} to {high}{u}"
    return f"{low} to {high}{u}"


def value_text(kb: KB, claim: Claim) -> str:
    """What the tool read the value as, in words (plain text: escape it)."""
    value = kb.values.get(claim.id)
    if value is None:
        return "not read (unknown property)"
    if isinstance(value, ValueProblem):
        return f"unreadable: {value}"
    if isinstance(value, Quantity):
        factor = value.factor or 1.0
        low, high = value.lower / factor, value.upper / factor
        spread = range_text(low, high, value.unit)
        if value.nominal is None:
            return spread
        nominal = f"{number(value.nominal / factor)}{unit_text(value.unit)}"
        return nominal if low == high else f"{nominal} (range {spread})"
    if isinstance(value, DateValue):
        span = value.earliest.isoformat()
        if value.latest != value.earliest:
            span += f" – {value.latest.isoformat()}"
        return f"{span} ({PRECISION.get(value.precision, value.precision)})"
    if isinstance(value, EntityName):
        if value.entity is None:
            return f"{value.name} (no known entity)"
        entity = kb.entities.get(value.entity)
        return entity.name if entity else value.entity
    if isinstance(value, Boolean):
        return "yes" if value.value else "no"
    if isinstance(value, Verdict):
        return f"rated {value.status}"
    if isinstance(value, Text):
        return value.text
    return claim.written


def subject_label(kb: KB, claim: Claim) -> str:
    entity = kb.entities.get(kb.subject_id(claim))
    return entity.name if entity else claim.subject


def property_label(kb: KB, property_id: str) -> str:
    prop = kb.properties.get(property_id)
    return prop.label if prop else property_id


def claim_label(kb: KB, claim: Claim) -> str:
    """``Kimi K3.1 Pro · total parameter count`` (plain text)."""
    return f"{subject_label(kb, claim)} · {property_label(kb, claim.property)}"


def source_label(source: Source | None, source_id: str) -> str:
    """``Title — Publisher, 2026-11-06`` as markup (the title in the source's language)."""
    if source is None:
        return f'<code>{e(source_id)}</code> <span class="muted">(not registered)</span>'
    extra = ", ".join(str(x) for x in (source.publisher, source.date) if x)
    title = f"<span{lang_attr(source.language)}>{e(source.title)}</span>"
    return f"{title}" + (f' <span class="muted">— {e(extra)}</span>' if extra else "")


def finding_item(ctx: Context, n: int, base: str, *, claims: bool = True) -> str:
    """One finding as a list item: code, severity, triage, message, link to its page."""
    finding, name = ctx.findings[n], ctx.names[n]
    state = "is-triaged" if finding.triaged else "is-open"
    entry = finding.entry
    named = ""
    if claims and finding.claims:
        shown = [ctx.urls.link("claim", c, base) for c in dict.fromkeys(finding.claims)]
        more = f" and {len(shown) - 12} more" if len(shown) > 12 else ""
        named = f'<div class="muted">claims: {", ".join(shown[:12])}{more}</div>'
    where = ""
    if finding.file:
        where = f' <span class="muted mono">{e(finding.file)}:{e(finding.line or 1)}</span>'
    link = ctx.urls.link("finding", name, base, f"{e(entry.code)} {e(entry.title)}")
    return (
        f'<li class="{state}"><div class="finding-head">{link} {severity_badge(finding)} '
        f"{triage_badge(finding)}{where}</div>"
        f'<p class="message">{e(finding.message)}</p>{named}</li>'
    )


def findings_list(ctx: Context, indexes: Iterable[int], base: str, *, claims: bool = True) -> str:
    items = "".join(finding_item(ctx, n, base, claims=claims) for n in indexes)
    return f'<ul class="findings">{items}</ul>' if items else ""


def claims_table(
    ctx: Context,
    claims: Sequence[Claim],
    base: str,
    caption: str,
    *,
    columns: tuple[str, ...] = ("claim", "subject", "property", "value", "status", "source"),
    filterable: bool = True,
) -> str:
    """A table of claims (``caption`` is text). Each row links the claim's page; the
    number of untriaged findings about it is shown beside its status."""
    kb = ctx.kb
    heads = {
        "claim": "Claim",
        "subject": "Subject",
        "property": "Property",
        "value": "Value as written",
        "read": "Read as",
        "status": "Status",
        "source": "Source",
    }
    rows: list[str] = []
    for claim in claims:
        source = kb.sources.get(claim.source)
        lang = lang_attr(source.language if source else None)
        cells = {
            "claim": ctx.urls.link("claim", claim.id, base),
            "subject": _subject_cell(ctx, claim, base),
            "property": e(property_label(kb, claim.property)),
            "value": f"<span{lang}>{e(claim.written)}</span>",
            "read": e(value_text(kb, claim)),
            "status": status_badge(claim.status.value) + _open_mark(ctx, claim.id),
            "source": ctx.urls.link("source", claim.source, base),
        }
        rows.append("<tr>" + "".join(f"<td>{cells[c]}</td>" for c in columns) + "</tr>")
    head = "".join(f'<th scope="col">{heads[c]}</th>' for c in columns)
    marker = " data-filter" if filterable and len(rows) > 8 else ""
    return (
        f'<div class="scroll"><table{marker}><caption>{e(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def _subject_cell(ctx: Context, claim: Claim, base: str) -> str:
    subject = ctx.kb.subject_id(claim)
    label = e(subject_label(ctx.kb, claim))
    return ctx.urls.link("entity", subject, base, label)


def _open_mark(ctx: Context, claim_id: str) -> str:
    count = sum(1 for f, _ in ctx.findings_of(claim_id) if not f.triaged)
    if not count:
        return ""
    return f' <span class="badge open">{count} untriaged</span>'

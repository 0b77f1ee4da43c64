"""A claim's page: what it says, where the source says it, what it rests on, and everything
the check found about it (untriaged first), its rivals and the verdicts on it."""

from __future__ import annotations

from ..analysis import group_key, groups, independent_support
from ..model import Claim, Resolution
from .charts import group_chart
from .context import Context
from .evidence import passage_block, relay_chain, rests_on
from .html import e, lang_attr, plural
from .layout import page
from .parts import (
    claim_label,
    claims_table,
    findings_list,
    source_label,
    status_badge,
    value_text,
)

__all__ = ["claim_page"]

BASE = "../"
MAX_RIVALS = 50
"""Rivals listed on a claim's page (all are on the subject's page): a figure a thousand
sources state would otherwise make each of their pages list the thousand."""


def claim_page(ctx: Context, claim: Claim) -> str:
    kb = ctx.kb
    source = kb.sources.get(claim.source)
    lang = lang_attr(source.language if source else None)
    prop = kb.properties.get(claim.property)
    found = ctx.by_claim.get(claim.id, [])
    untriaged = sum(1 for n in found if not ctx.findings[n].triaged)
    facts: list[tuple[str, str]] = [
        ("Subject", _subject(ctx, claim)),
        ("Property", _property(ctx, claim)),
        ("Value as written", f"<span{lang}>{e(claim.written)}</span>"),
        ("Read as", e(value_text(kb, claim))),
    ]
    if claim.qualifiers:
        shown = "; ".join(f"{e(k)}: {e(v)}" for k, v in claim.qualifiers.items())
        facts.append(("Qualifiers", shown))
    facts.append(("Status", status_badge(claim.status.value)))
    facts.append(
        (
            "Source",
            f"{ctx.urls.link('source', claim.source, BASE)} {source_label(source, claim.source)}",
        )
    )
    facts.append(("Rests on", rests_on(ctx, claim, BASE)))
    facts.append(("Independent evidence", _evidence(ctx, claim)))
    if claim.derived is not None:
        link = ctx.urls.link("derived", claim.id, BASE, "the recomputation, step by step")
        facts.append(("Derived", f"<code>{e(claim.derived.expr)}</code> — {link}"))
    if claim.items:
        items = "".join(f"<li{lang}>{e(i)}</li>" for i in claim.items)
        facts.append((f"Items listed ({len(claim.items)})", f"<ul>{items}</ul>"))
    if claim.reviews:
        rated = ", ".join(ctx.urls.link("claim", r, BASE) for r in claim.reviews)
        facts.append(("Rates the claims", rated))
    if claim.note:
        facts.append(("Note", f'<span class="note">{e(claim.note)}</span>'))
    facts.append(("Recorded in", f"<code>{e(claim.file)}:{e(claim.line)}</code>"))
    dl = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in facts)
    state = (
        f'<span class="badge open">{plural(untriaged, "untriaged finding")}</span>'
        if untriaged
        else ""
    )
    body = [
        f"<h1>{e(claim_label(kb, claim))}</h1>",
        f'<p class="lede">Claim <code>{e(claim.id)}</code> '
        f"{status_badge(claim.status.value)} {state}</p>",
        f'<dl class="facts">{dl}</dl>',
        "<h2>The quote in its source</h2>",
        passage_block(ctx, claim, BASE, _nearest(ctx, claim.id)),
        "<h2>What the source relays</h2>",
        relay_chain(ctx, claim, BASE),
    ]
    if found:
        body.append(f"<h2>Findings ({len(found)}, untriaged first)</h2>")
        body.append(findings_list(ctx, found, BASE))
    body.append(_rivals(ctx, claim, prop is not None and prop.single_valued))
    reviews = kb.reviews_of.get(claim.id, [])
    if reviews:
        body.append("<h2>Fact-check verdicts on this claim</h2>")
        body.append(claims_table(ctx, reviews, BASE, "Verdict claims that rate this claim"))
    resolutions = ctx.resolutions_by_claim.get(claim.id, [])
    if resolutions:
        body.append("<h2>Resolutions naming this claim</h2>")
        body.append(_resolutions(ctx, resolutions))
    return page(
        site=ctx.site,
        title=f"{claim.id}: {claim_label(kb, claim)}",
        body="\n".join(b for b in body if b),
        base=BASE,
        current="claims",
        crumbs=(("claims.html", "Claims"),),
    )


def _subject(ctx: Context, claim: Claim) -> str:
    subject = ctx.kb.subject_id(claim)
    entity = ctx.kb.entities.get(subject)
    if entity is None:
        return f'{e(claim.subject)} <span class="muted">(not a registered entity)</span>'
    written = (
        ""
        if claim.subject in (entity.id, entity.name)
        else f' <span class="muted">(written “{e(claim.subject)}”)</span>'
    )
    return ctx.urls.link("entity", entity.id, BASE, e(entity.name)) + written


def _property(ctx: Context, claim: Claim) -> str:
    prop = ctx.kb.properties.get(claim.property)
    if prop is None:
        return f'<code>{e(claim.property)}</code> <span class="muted">(not registered)</span>'
    kind = prop.datatype.value + (f" in {prop.dimension}" if prop.dimension else "")
    single = "single-valued" if prop.single_valued else "may hold several values"
    details = f"<code>{e(prop.id)}</code>; {e(kind)}; {single}"
    return f'{e(prop.label)} <span class="muted">({details})</span>'


def _evidence(ctx: Context, claim: Claim) -> str:
    pieces = independent_support(ctx.kb, claim)
    parts = [
        "(" + ", ".join(ctx.urls.link("claim", c.id, BASE) for c in piece) + ")" for piece in pieces
    ]
    return f"{plural(len(pieces), 'independent piece')} of evidence state this value: " + "; ".join(
        parts
    )


def _nearest(ctx: Context, claim_id: str) -> str | None:
    for finding, _ in ctx.findings_of(claim_id):
        if finding.slug == "quote-not-found":
            return str(finding.args.get("nearest") or "") or None
    return None


def _rivals(ctx: Context, claim: Claim, single: bool) -> str:
    kb = ctx.kb
    members = groups(kb).get(group_key(kb, claim), [])
    others = [c for c in members if c.id != claim.id]
    if not others:
        return ""
    heading = "Rival claims" if single else "Other values claimed"
    lede = (
        "Claims of the same subject, property and qualifiers: on a single-valued property, "
        "only one value can hold."
        if single
        else "The property may hold several values, so these are not rivals."
    )
    chart = (
        group_chart(
            ctx,
            members,
            BASE,
            "group",
            title=f"{claim_label(kb, claim)}: the claims' ranges",
            current=claim.id,
        )
        if single
        else ""
    )
    columns = ("claim", "value", "read", "status", "source")
    shown = others[:MAX_RIVALS]
    caption = f"{len(others)} other claim(s)"
    if len(others) > MAX_RIVALS:
        subject = kb.subject_id(claim)
        where = ctx.urls.link("entity", subject, BASE, "the subject's page")
        caption += f", the first {MAX_RIVALS} shown"
        more = f'<p class="muted">All {len(others)} are listed on {where}.</p>'
    else:
        more = ""
    table = claims_table(ctx, shown, BASE, caption, columns=columns)
    return f"<h2>{heading} ({len(others)})</h2><p>{lede}</p>{chart}{table}{more}"


def _resolutions(ctx: Context, resolutions: list[Resolution]) -> str:
    items = []
    for resolution in resolutions:
        preferred = (
            ctx.urls.link("claim", resolution.preferred, BASE) if resolution.preferred else "none"
        )
        triaged = ctx.triaging.get(resolution.id, [])
        what = ", ".join(
            ctx.urls.link("finding", ctx.names[n], BASE, e(ctx.findings[n].code)) for n in triaged
        )
        items.append(
            f"<li><code>{e(resolution.id)}</code> ({e(resolution.kind.value)}); preferred: "
            f"{preferred}; triages: {what or 'no finding shown here'}"
            f'<p class="note">{e(resolution.reason)}</p></li>'
        )
    return f"<ul>{''.join(items)}</ul>"

"""A finding's page: what the check says, and for a discrepancy its values side by side,
each claim's quote in its source's text, what each source relays, and the resolution."""

from __future__ import annotations

from ..analysis import value_key
from ..findings import Finding
from ..model import Claim
from .charts import group_chart
from .context import Context
from .evidence import passage_block, relay_chain, rests_on
from .html import e, lang_attr
from .layout import page
from .parts import (
    claims_table,
    severity_badge,
    source_label,
    status_badge,
    triage_badge,
    value_text,
)

__all__ = ["finding_page"]

BASE = "../"
GROUPED = {"conflict", "rounding", "date-precision", "self-contradiction"}
"""Findings about rival values: their claims are shown by value, side by side."""
MAX_SIDES = 8
MAX_CARDS = 12


def finding_page(ctx: Context, n: int) -> str:
    finding = ctx.findings[n]
    entry = finding.entry
    kb = ctx.kb
    claims = [kb.claims[c] for c in dict.fromkeys(finding.claims) if c in kb.claims]
    resolution = kb.resolutions.get(finding.triaged_by) if finding.triaged_by else None
    preferred = resolution.preferred if resolution else None
    where = (
        f"<code>{e(finding.file)}:{e(finding.line or 1)}</code>"
        if finding.file
        else "the KB as a whole"
    )
    body = [
        f"<h1>{e(entry.code)} {e(entry.title)}</h1>",
        f'<p class="lede">{severity_badge(finding)} {triage_badge(finding)} · reported at '
        f"{where}</p>",
        f'<p class="message"><strong>{e(finding.message)}</strong></p>',
        f'<p class="muted">{e(entry.description)}</p>',
        _resolution(ctx, finding, claims),
    ]
    if claims:
        body.append("<h2>Side by side</h2>")
        if finding.slug in GROUPED:
            conflict = finding.slug == "conflict"
            body.append(
                group_chart(ctx, claims, BASE, "values", preferred=preferred, conflict=conflict)
            )
        body.append(_sides(ctx, finding, claims, preferred))
    body.append(_specifics(ctx, finding))
    if claims:
        body.append("<h2>Claims involved</h2>")
        body.append(claims_table(ctx, claims, BASE, f"{len(claims)} claim(s) this finding names"))
    return page(
        site=ctx.site,
        title=f"{entry.code} {entry.title}",
        body="\n".join(b for b in body if b),
        base=BASE,
        current="findings",
        crumbs=(("findings.html", "Findings"), (f"by-kind/{entry.slug}.html", entry.title)),
    )


def _resolution(ctx: Context, finding: Finding, claims: list[Claim]) -> str:
    kb = ctx.kb
    if finding.triaged_by:
        resolution = kb.resolutions.get(finding.triaged_by)
        if resolution is None:
            return ""
        preferred = (
            ctx.urls.link("claim", resolution.preferred, BASE) if resolution.preferred else "none"
        )
        return (
            f'<section class="verdict clean" aria-labelledby="resolution"><h2 id="resolution">'
            f"Resolution <code>{e(resolution.id)}</code></h2>"
            f"<p>Kind of discrepancy: <strong>{e(resolution.kind.value)}</strong>; "
            "preferred claim: "
            f'{preferred}.</p><p class="note">{e(resolution.reason)}</p></section>'
        )
    if finding.entry.triageable:
        return (
            f'<section class="verdict open" aria-labelledby="todo"><h2 id="todo">Untriaged</h2>'
            f"<p>No resolution accepts this discrepancy yet. {e(finding.entry.fix)}</p></section>"
        )
    return (
        f'<section class="verdict open" aria-labelledby="todo"><h2 id="todo">What to do</h2>'
        f"<p>{e(finding.entry.fix)}</p></section>"
    )


def _sides(ctx: Context, finding: Finding, claims: list[Claim], preferred: str | None) -> str:
    kb = ctx.kb
    columns: list[tuple[str, list[Claim]]] = []
    if finding.slug in GROUPED:
        by_value: dict[object, list[Claim]] = {}
        for claim in claims:
            value = kb.value(claim.id)
            key = value_key(value) if value is not None else ("written", claim.written)
            by_value.setdefault(key, []).append(claim)
        for members in by_value.values():
            writtens = list(dict.fromkeys(c.written for c in members))
            columns.append((" = ".join(f"“{w}”" for w in writtens), members))
    elif finding.slug == "review-disagrees" and len(claims) == 2:
        columns = [("The claim rated", [claims[0]]), ("The fact-check's verdict", [claims[1]])]
    else:
        columns = [(f"“{c.written}”", [c]) for c in claims]
    named = {c.id for c in claims}
    if preferred and preferred not in named and preferred in kb.claims:  # e.g. a misspelling's
        chosen = kb.claims[preferred]
        columns.append((f"“{chosen.written}”, the resolution's preferred claim", [chosen]))
    sides = []
    for heading, members in columns[:MAX_SIDES]:
        first = members[0]
        is_preferred = preferred is not None and any(c.id == preferred for c in members)
        mark = ' <span class="badge triaged">preferred</span>' if is_preferred else ""
        source = kb.sources.get(first.source)
        lang = lang_attr(source.language if source else None)
        cards = "".join(_card(ctx, c) for c in members[:MAX_CARDS])
        more = ""
        if len(members) > MAX_CARDS:
            more = f'<p class="muted">and {len(members) - MAX_CARDS} more claims (listed below)</p>'
        cls = "side preferred" if is_preferred else "side"
        sides.append(
            f'<section class="{cls}"><h3><span{lang}>{e(heading)}</span>{mark}</h3>'
            f'<p class="muted">Read as {e(value_text(kb, first))} · {len(members)} claim(s)</p>'
            f"{cards}{more}</section>"
        )
    if len(columns) > MAX_SIDES:
        sides.append(f'<p class="muted">and {len(columns) - MAX_SIDES} more values</p>')
    return f'<div class="sides">{"".join(sides)}</div>'


def _card(ctx: Context, claim: Claim) -> str:
    source = ctx.kb.sources.get(claim.source)
    nearest = None
    for finding, _ in ctx.findings_of(claim.id):
        if finding.slug == "quote-not-found":
            nearest = str(finding.args.get("nearest") or "") or None
    return (
        f'<div class="card"><p>{ctx.urls.link("claim", claim.id, BASE)} '
        f"{status_badge(claim.status.value)}<br>{ctx.urls.link('source', claim.source, BASE)} "
        f"{source_label(source, claim.source)}</p>"
        f"{passage_block(ctx, claim, BASE, nearest)}"
        f"<details><summary>What the source relays</summary>{relay_chain(ctx, claim, BASE)}"
        f"<p>Rests on: {rests_on(ctx, claim, BASE)}</p></details></div>"
    )


def _specifics(ctx: Context, finding: Finding) -> str:
    """What a finding's data adds beyond its claims: candidates, items, a recomputation."""
    args = finding.args
    if finding.slug == "unknown-entity":
        return (
            f"<h2>Nearest known names</h2><p>{e(args.get('candidates', ''))}</p>"
            '<p class="muted">The tool never corrects a name: register it (or an alias), or '
            "triage the claim as a misspelling.</p>"
        )
    if finding.slug == "count-mismatch":
        return (
            f"<h2>Items listed</h2><p>The claim states {e(args.get('value', ''))} and lists "
            f"{e(args.get('listed', ''))}: {e(args.get('items', ''))}</p>"
        )
    if finding.slug in ("derived-mismatch", "derived-error") and finding.claims:
        link = ctx.urls.link("derived", finding.claims[0], BASE, "the recomputation, step by step")
        return f"<h2>The recomputation</h2><p>See {link}.</p>"
    if finding.slug == "quote-not-found":
        return (
            f"<h2>Nearest passage</h2><p>Line {e(args.get('near_line', '?'))}, "
            f"{e(args.get('score', '?'))}% alike:</p>"
            f"<blockquote>{e(args.get('nearest', ''))}</blockquote>"
        )
    return ""

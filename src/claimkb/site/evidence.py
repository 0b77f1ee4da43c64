"""A claim's evidence as a reader checks it: its quote in the source's text, and what the
source relays (the chain of ``cites`` and ``via`` down to the sources it finally rests on)."""

from __future__ import annotations

from ..analysis import origins
from ..model import Claim
from .context import Context
from .html import e, lang_attr
from .parts import source_label
from .passages import Passage

__all__ = ["passage_block", "relay_chain", "rests_on"]

MAX_DEPTH = 6
"""How deep a relay chain is drawn (deeper chains end with "…")."""
MAX_BRANCHES = 12
MAX_SOURCES = 40
"""The most sources one chain lists, so a densely citing KB costs a bounded page."""


def passage_block(ctx: Context, claim: Claim, base: str, nearest: str | None = None) -> str:
    """The quote, marked inside the passage of the snapshot around it; or the quote alone
    with why the passage cannot be shown (and the nearest passage, when the check found one)."""
    source = ctx.kb.sources.get(claim.source)
    lang = lang_attr(source.language if source else None)
    found = ctx.passages.get(claim.id)
    snapshot = e(source.snapshot) if source and source.snapshot else ""
    if isinstance(found, Passage):
        before = ("… " if found.cut_before else "") + found.before
        after = found.after + (" …" if found.cut_after else "")
        return (
            f'<blockquote class="passage"{lang}><span>{e(before)}</span>'
            f"<mark>{e(found.quote)}</mark><span>{e(after)}</span>"
            f'<span class="where" lang="en">In the snapshot <code>{snapshot}</code>, line '
            f"{found.line}; the marked words are the claim's quote.</span></blockquote>"
        )
    why = found.reason if found is not None else "the snapshot was not read"
    near = ""
    if nearest:
        near = (
            f'<p class="muted">The nearest passage of the snapshot:</p>'
            f"<blockquote{lang}>{e(nearest)}</blockquote>"
        )
    return (
        f'<blockquote class="quote"{lang}>“{e(claim.quote)}”'
        f'<span class="where" lang="en">Quote as recorded; no passage shown: {e(why)}.</span>'
        f"</blockquote>{near}"
    )


def relay_chain(ctx: Context, claim: Claim, base: str) -> str:
    """The claim's source and what it relays, as nested lists: a source's ``cites`` (or the
    claim's own ``via``, which narrows them), each with what it cites in turn."""
    kb = ctx.kb
    source = kb.sources.get(claim.source)
    if claim.via is not None:
        relayed = list(claim.via)
        how = "for this claim, it relays:" if relayed else "this claim is its own reporting"
    else:
        relayed = list(source.cites) if source else []
        how = "it relays:" if relayed else "it cites nothing"
    inner = _branches(ctx, relayed, base, {claim.source}, 1, [MAX_SOURCES])
    return (
        f'<ul class="chain"><li>{ctx.urls.link("source", claim.source, base)} '
        f'{source_label(source, claim.source)} <span class="muted">({how})</span>'
        f"{inner}</li></ul>"
    )


def _branches(
    ctx: Context, ids: list[str], base: str, seen: set[str], depth: int, budget: list[int]
) -> str:
    """Nested lists of ``ids`` and what each cites; ``budget[0]`` counts the sources the
    whole chain may still list."""
    if not ids:
        return ""
    if depth > MAX_DEPTH or budget[0] <= 0:
        return '<ul><li class="muted">…</li></ul>'
    items: list[str] = []
    for source_id in ids[:MAX_BRANCHES]:
        if budget[0] <= 0:
            items.append('<li class="muted">…</li>')
            break
        budget[0] -= 1
        source = ctx.kb.sources.get(source_id)
        label = f"{ctx.urls.link('source', source_id, base)} {source_label(source, source_id)}"
        if source_id in seen:
            items.append(f'<li>{label} <span class="muted">(already above: a cycle)</span></li>')
            continue
        cites = list(source.cites) if source else []
        below = _branches(ctx, cites, base, seen | {source_id}, depth + 1, budget)
        items.append(f"<li>{label}{below}</li>")
    if len(ids) > MAX_BRANCHES:
        items.append(f'<li class="muted">and {len(ids) - MAX_BRANCHES} more</li>')
    return f"<ul>{''.join(items)}</ul>"


def rests_on(ctx: Context, claim: Claim, base: str) -> str:
    """The sources the claim finally rests on, as links."""
    found = sorted(origins(ctx.kb, claim))
    return ", ".join(ctx.urls.link("source", s, base) for s in found) or "—"

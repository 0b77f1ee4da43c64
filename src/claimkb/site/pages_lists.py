"""The site's indexes, each paginated so a page stays small however large the KB: claims
(and claims by status), sources, entities, findings (and findings by kind), derived claims,
the timeline of dates and the cites graph."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from ..model import Claim, Status
from ..values import DateValue
from .charts import timeline_of
from .context import Context
from .html import e, lang_attr
from .layout import page, page_file, pager
from .parts import claims_table, findings_list, source_label
from .svg_graph import cites_graph, components

__all__ = ["list_pages", "TIMELINE_PAGE", "GRAPH_NODES"]

T = TypeVar("T")
Page = tuple[str, str]
"""(path from the site root, HTML)."""
TIMELINE_PAGE = 60
GRAPH_NODES = 160
"""The most sources one page of the cites graph draws."""


def _chunks(items: Sequence[T], size: int) -> list[Sequence[T]]:
    return [items[i : i + size] for i in range(0, len(items), size)] or [items[:0]]


def _paged(
    ctx: Context,
    stem: str,
    items: Sequence[T],
    size: int,
    title: str,
    current: str,
    render: Callable[[Sequence[T], str, int, int], str],
    lede: str = "",
) -> Iterator[Page]:
    """The pages of a list: ``stem`` is its path without ``.html`` (``by-status/verified``)."""
    chunks = _chunks(items, size)
    directory, _, name = stem.rpartition("/")
    base = "../" if directory else ""
    for number, chunk in enumerate(chunks, start=1):
        nav = pager(name, number, len(chunks))
        heading = title if len(chunks) == 1 else f"{title} (page {number} of {len(chunks)})"
        first = (number - 1) * size + 1
        body = f"<h1>{e(heading)}</h1>{lede}{nav}{render(chunk, base, first, len(items))}{nav}"
        path = f"{directory}/{page_file(name, number)}" if directory else page_file(name, number)
        yield (
            path,
            page(site=ctx.site, title=heading, body=body, base=base, current=current),
        )


def _claims(ctx: Context, caption: str) -> Callable[[Sequence[Claim], str, int, int], str]:
    def render(chunk: Sequence[Claim], base: str, first: int, total: int) -> str:
        shown = (
            f"{caption}: {first:,}–{first + len(chunk) - 1:,} of {total:,}" if total else caption
        )
        return claims_table(ctx, chunk, base, shown) if chunk else "<p>No claims here.</p>"

    return render


def list_pages(ctx: Context) -> Iterator[Page]:
    kb, size = ctx.kb, ctx.page_size
    claims = [kb.claims[c] for c in ctx.claim_ids]
    yield from _paged(ctx, "claims", claims, size, "Claims", "claims", _claims(ctx, "Claims"))
    for status in Status:
        chosen = [c for c in claims if c.status is status]
        title = f"Claims with status {status.value}"
        yield from _paged(
            ctx, f"by-status/{status.value}", chosen, size, title, "claims", _claims(ctx, title)
        )
    yield from _paged(
        ctx,
        "sources",
        _rendered(ctx, "source", sorted(kb.sources)),
        size,
        "Sources",
        "sources",
        _sources(ctx),
    )
    entities = sorted(
        _rendered(ctx, "entity", list(kb.entities)),
        key=lambda i: (kb.entities[i].name.casefold(), i),
    )
    yield from _paged(ctx, "entities", entities, size, "Entities", "entities", _entities(ctx))
    order = sorted(range(len(ctx.findings)), key=lambda n: (ctx.findings[n].triaged, n))
    lede = "<p>Untriaged findings first, then triaged ones; each in file order.</p>"
    yield from _paged(ctx, "findings", order, size, "Findings", "findings", _findings(ctx), lede)
    from ..catalogue import CATALOGUE

    for slug, entry in CATALOGUE.items():
        of_kind = [n for n in order if ctx.findings[n].slug == slug]
        yield from _paged(
            ctx,
            f"by-kind/{slug}",
            of_kind,
            size,
            f"{entry.code} {entry.title}",
            "findings",
            _findings(ctx),
            f"<p>{e(entry.description)}</p>",
        )
    derived = [c for c in claims if c.derived is not None and ctx.urls.has("derived", c.id)]
    yield from _paged(ctx, "derived", derived, size, "Derived claims", "derived", _derived(ctx))
    dated = [
        (v.earliest, v.latest, c.id, c)
        for c in claims
        if isinstance(v := kb.value(c.id), DateValue)
    ]
    dated.sort(key=lambda r: (r[0], r[1], r[2]))
    lede = "<p>Every date claim, earliest first, each drawn over the days its precision allows.</p>"
    yield from _paged(
        ctx,
        "timeline",
        [r[3] for r in dated],
        TIMELINE_PAGE,
        "Timeline",
        "timeline",
        _timeline(ctx),
        lede,
    )
    yield from _graph_pages(ctx)


def _rendered(ctx: Context, kind: str, ids: list[str]) -> list[str]:
    return [i for i in ids if ctx.urls.has(kind, i)]


def _sources(ctx: Context) -> Callable[[Sequence[str], str, int, int], str]:
    def render(chunk: Sequence[str], base: str, first: int, total: int) -> str:
        rows = []
        for source_id in chunk:
            source = ctx.kb.sources[source_id]
            count = len(ctx.claims_by_source.get(source_id, []))
            cited_by = len(ctx.cited_by.get(source_id, []))
            rows.append(
                f"<tr><td>{ctx.urls.link('source', source_id, base)}</td>"
                f"<td>{source_label(source, source_id)}</td><td>{e(source.kind.value)}</td>"
                f'<td class="num">{count:,}</td><td class="num">{len(source.cites)}</td>'
                f'<td class="num">{cited_by}</td></tr>'
            )
        return _table(
            f"Sources {first:,}–{first + len(chunk) - 1:,} of {total:,}",
            ("Source", "Title, publisher, date", "Kind", "Claims", "Cites", "Cited by"),
            rows,
            numeric=3,
        )

    return render


def _entities(ctx: Context) -> Callable[[Sequence[str], str, int, int], str]:
    def render(chunk: Sequence[str], base: str, first: int, total: int) -> str:
        rows = []
        for entity_id in chunk:
            entity = ctx.kb.entities[entity_id]
            count = len(ctx.kb.claims_by_subject.get(entity_id, []))
            aliases = ", ".join(e(a) for a in entity.aliases[:6]) + (
                " …" if len(entity.aliases) > 6 else ""
            )
            rows.append(
                f"<tr><td>{ctx.urls.link('entity', entity_id, base, e(entity.name))}</td>"
                f"<td><code>{e(entity_id)}</code></td><td>{e(entity.kind)}</td><td>{aliases}</td>"
                f'<td class="num">{count:,}</td></tr>'
            )
        return _table(
            f"Entities {first:,}–{first + len(chunk) - 1:,} of {total:,}",
            ("Name", "Id", "Kind", "Also known as", "Claims about it"),
            rows,
            numeric=4,
        )

    return render


def _findings(ctx: Context) -> Callable[[Sequence[int], str, int, int], str]:
    def render(chunk: Sequence[int], base: str, first: int, total: int) -> str:
        if not chunk:
            return "<p>No finding of this kind.</p>"
        return findings_list(ctx, chunk, base)

    return render


def _derived(ctx: Context) -> Callable[[Sequence[Claim], str, int, int], str]:
    from .pages_derived import VERDICT_CLASS

    def render(chunk: Sequence[Claim], base: str, first: int, total: int) -> str:
        rows = []
        for claim in chunk:
            outcome = ctx.outcomes.get(claim.id)
            verdict = str(getattr(outcome, "verdict", "unchecked"))
            lang = lang_attr(
                ctx.kb.sources[claim.source].language if claim.source in ctx.kb.sources else None
            )
            assert claim.derived is not None
            rows.append(
                f"<tr><td>{ctx.urls.link('derived', claim.id, base)}</td>"
                f"<td><span{lang}>{e(claim.written)}</span></td><td><code>{e(claim.derived.expr)}</code></td>"
                f'<td><span class="badge {VERDICT_CLASS.get(verdict, "sev-info")}">'
                f"{e(verdict)}</span></td></tr>"
            )
        if not rows:
            return "<p>No claim of this KB is derived from others.</p>"
        return _table(
            f"{total:,} derived claims", ("Claim", "Stated", "Computed as", "Recomputation"), rows
        )

    return render


def _timeline(ctx: Context) -> Callable[[Sequence[Claim], str, int, int], str]:
    def render(chunk: Sequence[Claim], base: str, first: int, total: int) -> str:
        if not chunk:
            return "<p>No date claims.</p>"
        chart = timeline_of(
            ctx, chunk, base, "timeline", title=f"Date claims {first:,}–{first + len(chunk) - 1:,}"
        )
        columns = ("claim", "subject", "property", "value", "read", "source")
        return chart + claims_table(ctx, chunk, base, "The same claims", columns=columns)

    return render


def _graph_pages(ctx: Context) -> Iterator[Page]:
    """The cites graph, one picture per group of linked sources, largest first; sources
    linked to none are listed (each is independent of every other)."""
    groups = [[s for s in g if ctx.urls.has("source", s)] for g in components(ctx.kb)]
    linked = [g for g in groups if 1 < len(g) <= GRAPH_NODES]
    huge = [g for g in groups if len(g) > GRAPH_NODES]
    alone = [g[0] for g in groups if len(g) == 1]
    pages: list[list[list[str]]] = [[]]
    count = 0
    for group in linked:
        if pages[-1] and count + len(group) > GRAPH_NODES:
            pages.append([])
            count = 0
        pages[-1].append(group)
        count += len(group)
    lede = (
        "<p>Two outlets relaying one announcement are one piece of evidence, not two. Each "
        "picture is a group of sources linked by <code>cites</code>: arrows point from a "
        "source to the sources it relays; sources at the right cite nothing (heavy border); "
        "tinted ones are interested parties' own statements. Sources in different pictures "
        "share no origin.</p>"
    )
    for number, chunk in enumerate(pages, start=1):
        parts = []
        for m, group in enumerate(chunk):
            caption = (
                f"{len(group)} linked sources: "
                + ", ".join(group[:8])
                + (" …" if len(group) > 8 else "")
            )
            parts.append(cites_graph(f"g{m}", ctx.kb, group, ctx.urls, "", caption))
        if number == 1:
            for group in huge:
                parts.append(f"<h2>{len(group):,} linked sources, too many to draw</h2>")
                parts.append(
                    "<p>Each source's page draws the sources around it. They are:</p>"
                    + _table("Linked sources", ("Source", "Title"), _source_rows(ctx, group))
                )
        if number == 1 and alone:
            rows = _source_rows(ctx, alone)
            parts.append(f"<h2>Sources that cite none and are cited by none ({len(alone)})</h2>")
            parts.append(_table("Independent of every other source", ("Source", "Title"), rows))
        nav = pager("graph", number, len(pages))
        heading = (
            "Cites graph" if len(pages) == 1 else f"Cites graph (page {number} of {len(pages)})"
        )
        body = f"<h1>{heading}</h1>{lede}{nav}{''.join(parts) or '<p>No sources.</p>'}{nav}"
        yield (
            page_file("graph", number),
            page(site=ctx.site, title=heading, body=body, base="", current="graph"),
        )


def _source_rows(ctx: Context, ids: list[str]) -> list[str]:
    return [
        f"<tr><td>{ctx.urls.link('source', s, '')}</td>"
        f"<td>{source_label(ctx.kb.sources[s], s)}</td></tr>"
        for s in ids
    ]


def _table(
    caption: str, heads: tuple[str, ...], rows: list[str], numeric: int | None = None
) -> str:
    numeric_from = len(heads) if numeric is None else numeric
    cells = "".join(
        f'<th scope="col" class="num">{h}</th>'
        if i >= numeric_from
        else f'<th scope="col">{h}</th>'
        for i, h in enumerate(heads)
    )
    marker = " data-filter" if len(rows) > 8 else ""
    return (
        f'<div class="scroll"><table{marker}><caption>{e(caption)}</caption><thead><tr>{cells}</tr>'
        f"</thead><tbody>{''.join(rows)}</tbody></table></div>"
    )

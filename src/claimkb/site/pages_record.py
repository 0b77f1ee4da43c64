"""An entity's page (its claims grouped by property, its aliases) and a source's page (its
claims, what it cites and what cites it)."""

from __future__ import annotations

from itertools import groupby

from ..analysis import group_key, source_origins
from ..model import Claim, Entity, Source
from .charts import group_chart, timeline_of
from .context import Context
from .html import e, external_link, lang_attr, plural
from .layout import page
from .parts import claims_table, findings_list, property_label, source_label
from .svg_graph import cites_graph

__all__ = ["entity_page", "source_page"]

BASE = "../"
NEIGHBOURS = 40
"""The most sources a source page's graph draws."""
MAX_FINDINGS = 50


def entity_page(ctx: Context, entity: Entity) -> str:
    kb = ctx.kb
    about = sorted(
        kb.claims_by_subject.get(entity.id, []), key=lambda c: (c.property, c.file, c.line)
    )
    facts: list[tuple[str, str]] = [
        ("Id", f"<code>{e(entity.id)}</code>"),
        ("Kind", e(entity.kind)),
    ]
    if entity.aliases:
        aliases = "".join(f"<li>{e(a)}</li>" for a in entity.aliases)
        facts.append((f"Also known as ({len(entity.aliases)})", f"<ul>{aliases}</ul>"))
    chain = _part_of(ctx, entity)
    if chain:
        facts.append(("Lies within", chain))
    if entity.description:
        facts.append(("Description", f'<span class="note">{e(entity.description)}</span>'))
    facts.append(("Recorded in", f"<code>{e(entity.file)}:{e(entity.line)}</code>"))
    body = [
        f"<h1>{e(entity.name)}</h1>",
        f'<p class="lede">Entity <code>{e(entity.id)}</code> · {e(entity.kind)} · '
        f"{plural(len(about), 'claim')} about it</p>",
        '<dl class="facts">' + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in facts) + "</dl>",
    ]
    if about:
        body.append(f"<h2>Claims about it, by property ({len(about)})</h2>")
        for n, (property_id, members) in enumerate(groupby(about, key=lambda c: c.property)):
            body.append(_property_section(ctx, entity, property_id, list(members), n))
        dated = [c for c in about if _is_date(ctx, c)]
        if len(dated) >= 2:
            body.append("<h2>Timeline</h2>")
            dated.sort(key=lambda c: (ctx.kb.value(c.id).earliest, c.id))  # type: ignore[union-attr]
            body.append(timeline_of(ctx, dated, BASE, "timeline", title=f"{entity.name}: dates"))
    named = ctx.named_by.get(entity.id, [])
    if named:
        body.append(f"<h2>Named as the value of ({len(named)})</h2>")
        body.append(claims_table(ctx, named, BASE, f"Claims whose value is {entity.name}"))
    misspelt = ctx.misspellings.get(entity.id, [])
    if misspelt:
        body.append("<h2>Misspelt as</h2>")
        body.append(
            "<p>Claims naming no known entity, which a resolution of kind misspelling maps "
            "onto this one.</p>"
        )
        body.append(claims_table(ctx, misspelt, BASE, "Misspellings"))
    return page(
        site=ctx.site,
        title=entity.name,
        body="\n".join(body),
        base=BASE,
        current="entities",
        crumbs=(("entities.html", "Entities"),),
    )


def _is_date(ctx: Context, claim: Claim) -> bool:
    from ..values import DateValue

    return isinstance(ctx.kb.value(claim.id), DateValue)


def _part_of(ctx: Context, entity: Entity) -> str:
    links: list[str] = []
    seen = {entity.id}
    current = entity.part_of
    while current and current not in seen and len(links) < 12:
        seen.add(current)
        parent = ctx.kb.entities.get(current)
        links.append(ctx.urls.link("entity", current, BASE, e(parent.name if parent else current)))
        current = parent.part_of if parent else None
    return " › ".join(links)


def _property_section(
    ctx: Context, entity: Entity, property_id: str, claims: list[Claim], n: int
) -> str:
    kb = ctx.kb
    prop = kb.properties.get(property_id)
    label = property_label(kb, property_id)
    single = prop is not None and prop.single_valued
    charts = []
    if single:
        by_group: dict[object, list[Claim]] = {}
        for claim in claims:
            by_group.setdefault(group_key(kb, claim), []).append(claim)
        for m, members in enumerate(by_group.values()):
            if len(members) >= 2:
                charts.append(
                    group_chart(ctx, members, BASE, f"p{n}-{m}", title=f"{entity.name} · {label}")
                )
    columns = ("claim", "value", "read", "status", "source")
    table = claims_table(ctx, claims, BASE, f"{label}: {len(claims)} claim(s)", columns=columns)
    kind = "" if prop is None else (" · single-valued" if single else " · may hold several values")
    return (
        f'<section aria-labelledby="prop-{n}"><h3 id="prop-{n}">{e(label)} '
        f'<span class="muted">(<code>{e(property_id)}</code>{e(kind)})</span></h3>'
        f"{''.join(charts)}{table}</section>"
    )


def source_page(ctx: Context, source: Source) -> str:
    kb = ctx.kb
    claims = ctx.claims_by_source.get(source.id, [])
    lang = lang_attr(source.language)
    facts: list[tuple[str, str]] = [("Id", f"<code>{e(source.id)}</code>")]
    facts.append(
        (
            "Publisher",
            e(source.publisher) if source.publisher else '<span class="muted">not named</span>',
        )
    )
    facts.append(
        (
            "Date",
            e(source.date) if source.date is not None else '<span class="muted">undated</span>',
        )
    )
    if source.url:
        facts.append(("Address", external_link(source.url)))
    facts.append(("Language", e(source.language)))
    facts.append(
        (
            "Kind",
            e(source.kind.value)
            + (" (an interested party's own statement)" if source.interested else ""),
        )
    )
    if source.issued_by:
        issuer = kb.entity(source.issued_by)
        shown = e(issuer.name) if issuer else e(source.issued_by)
        facts.append(
            (
                "Issued by",
                ctx.urls.link("entity", issuer.id if issuer else source.issued_by, BASE, shown),
            )
        )
    if source.snapshot:
        facts.append(("Snapshot", f"<code>{e(source.snapshot)}</code>"))
    cites = _source_list(ctx, list(dict.fromkeys(source.cites)))
    facts.append(("Cites", cites or '<span class="muted">nothing</span>'))
    cited_by = ctx.cited_by.get(source.id, [])
    facts.append(
        ("Cited by", _source_list(ctx, cited_by) or '<span class="muted">no source</span>')
    )
    origins = sorted(source_origins(kb, source.id))
    facts.append(("Rests on", ", ".join(ctx.urls.link("source", s, BASE) for s in origins)))
    if source.note:
        facts.append(("Note", f'<span class="note">{e(source.note)}</span>'))
    facts.append(("Recorded in", f"<code>{e(source.file)}:{e(source.line)}</code>"))
    body = [
        f"<h1{lang}>{e(source.title)}</h1>",
        f'<p class="lede">Source <code>{e(source.id)}</code> · {e(source.kind.value)} · '
        f"{plural(len(claims), 'claim')}</p>",
        '<dl class="facts">' + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in facts) + "</dl>",
    ]
    around = _neighbourhood(ctx, source, origins, cited_by)
    if len(around) > 1:
        body.append("<h2>Who relays whom</h2>")
        caption = (
            "Arrows point from a source to the sources it cites; sources at the right cite "
            "nothing (heavy border), tinted ones are interested parties' own statements."
        )
        body.append(cites_graph("cites", kb, around, ctx.urls, BASE, caption, highlight=source.id))
    if claims:
        body.append(f"<h2>Its claims ({len(claims)})</h2>")
        body.append(
            claims_table(
                ctx,
                claims,
                BASE,
                f"Claims from {source.id}",
                columns=("claim", "subject", "property", "value", "status"),
            )
        )
        found = sorted(
            {n for c in claims for n in ctx.by_claim.get(c.id, [])},
            key=lambda n: (ctx.findings[n].triaged, n),
        )
        if found:
            open_count = sum(1 for n in found if not ctx.findings[n].triaged)
            body.append(
                f"<h2>Findings about its claims ({len(found)}, {open_count} untriaged)</h2>"
            )
            body.append(findings_list(ctx, found[:MAX_FINDINGS], BASE))
            if len(found) > MAX_FINDINGS:
                body.append(
                    f'<p class="muted">and {len(found) - MAX_FINDINGS} more, on the pages of '
                    "its claims.</p>"
                )
    return page(
        site=ctx.site,
        title=source.title,
        body="\n".join(body),
        base=BASE,
        current="sources",
        crumbs=(("sources.html", "Sources"),),
    )


def _source_list(ctx: Context, ids: list[str]) -> str:
    items = [
        f"<li>{ctx.urls.link('source', s, BASE)} {source_label(ctx.kb.sources.get(s), s)}</li>"
        for s in ids
    ]
    return f"<ul>{''.join(items)}</ul>" if items else ""


def _neighbourhood(
    ctx: Context, source: Source, origins: list[str], cited_by: list[str]
) -> list[str]:
    """The source, what it rests on, and what relays it (nearest first), up to a limit."""
    found = dict.fromkeys([source.id, *origins])
    frontier = list(cited_by)
    while frontier and len(found) < NEIGHBOURS:
        current = frontier.pop(0)
        if current in found:
            continue
        found[current] = None
        frontier.extend(ctx.cited_by.get(current, []))
    return [s for s in list(found)[:NEIGHBOURS] if s in ctx.kb.sources]

"""The sources' ``cites`` graph: who relays whom, so a reader sees which evidence is
independent. A source is drawn left of the sources it cites, an arrow to each; sources that
cite nothing (origins) stand at the right with a heavy border; interested parties' own
statements (announcements, a vendor's repository) are tinted. Two sources in different
pictures share no origin.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..kb import KB
from .html import e
from .svg import figure, fit
from .urls import Urls

__all__ = ["cites_graph", "components"]

BOX_W, BOX_H, COL, ROW = 180, 42, 235, 58


def components(kb: KB) -> list[list[str]]:
    """The sources linked by ``cites`` (either way), largest first; each sorted by id."""
    parent: dict[str, str] = {s: s for s in kb.sources}

    def find(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for source in kb.sources.values():
        for cited in source.cites:
            if cited in parent:
                parent[find(source.id)] = find(cited)
    groups: dict[str, list[str]] = {}
    for source_id in sorted(kb.sources):
        groups.setdefault(find(source_id), []).append(source_id)
    return sorted(groups.values(), key=lambda g: (-len(g), g[0]))


def _depths(kb: KB, ids: set[str]) -> dict[str, int]:
    """How many relays lie between a source and its furthest origin (0: cites nothing)."""
    depth: dict[str, int] = {}
    for start in sorted(ids):
        if start in depth:
            continue
        stack: list[tuple[str, bool]] = [(start, False)]
        on_path: set[str] = set()
        while stack:
            node, done = stack.pop()
            if done:
                on_path.discard(node)
                cited = [c for c in _cites(kb, node, ids) if c in depth]
                depth[node] = 1 + max((depth[c] for c in cited), default=-1)
                continue
            if node in depth or node in on_path:
                continue  # a cycle: its back edge is ignored for the layout
            on_path.add(node)
            stack.append((node, True))
            stack.extend((c, False) for c in _cites(kb, node, ids) if c not in depth)
    return depth


def _cites(kb: KB, source_id: str, ids: set[str]) -> list[str]:
    source = kb.sources.get(source_id)
    return [c for c in dict.fromkeys(source.cites) if c in ids] if source else []


def cites_graph(
    ident: str,
    kb: KB,
    ids: Iterable[str],
    urls: Urls,
    base: str,
    caption: str,
    highlight: str | None = None,
) -> str:
    """The picture of the sources ``ids`` and the ``cites`` between them."""
    members = set(ids)
    depth = _depths(kb, members)
    deepest = max(depth.values(), default=0)
    columns: dict[int, list[str]] = {}
    for source_id in sorted(members):
        columns.setdefault(deepest - depth[source_id], []).append(source_id)
    place: dict[str, tuple[float, float]] = {}
    for column in sorted(columns):
        order = columns[column]
        if column > 0:  # beside the sources that cite them, as far as one sweep allows
            order.sort(key=lambda s: (_barycentre(kb, s, place, members), s))
        for row, source_id in enumerate(order):
            place[source_id] = (10 + column * COL, 10 + row * ROW)
    width = 20 + (deepest + 1) * COL - (COL - BOX_W)
    height = 20 + max(len(c) for c in columns.values()) * ROW - (ROW - BOX_H)
    edges: list[str] = []
    for source_id in sorted(members):
        x0, y0 = place[source_id]
        for cited in _cites(kb, source_id, members):
            x1, y1 = place[cited]
            if x1 > x0:
                sx, sy, tx, ty = x0 + BOX_W, y0 + BOX_H / 2, x1 - 6, y1 + BOX_H / 2
            else:  # a cycle or a cite within a column: loop around
                sx, sy, tx, ty = x0 + BOX_W / 2, y0 + BOX_H, x1 + BOX_W / 2, y1 + BOX_H + 6
            bend = max(30.0, abs(tx - sx) / 2)
            edges.append(
                f'<path class="edge" marker-end="url(#{ident}-arrow)" d="M{sx:.1f} {sy:.1f} '
                f'C{sx + bend:.1f} {sy:.1f} {tx - bend:.1f} {ty:.1f} {tx:.1f} {ty:.1f}"/>'
            )
    nodes = [
        _node(kb, s, place[s], urls, base, s == highlight, depth[s] == 0) for s in sorted(members)
    ]
    defs = (
        f'<defs><marker id="{ident}-arrow" viewBox="0 0 10 10" refX="9" refY="5" '
        f'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
        f'<path class="arrow" d="M0 0 L10 5 L0 10 z"/></marker></defs>'
    )
    relays = sum(len(_cites(kb, s, members)) for s in members)
    title = f"Cites graph of {len(members)} sources"
    desc = f"{len(members)} sources and {relays} cites between them; " + "; ".join(
        _describe(kb, s, members) for s in sorted(members)
    )
    return figure(
        ident, max(width, 200), height, defs + "".join(edges) + "".join(nodes), title, desc, caption
    )


def _barycentre(
    kb: KB, source_id: str, place: dict[str, tuple[float, float]], ids: set[str]
) -> float:
    rows = [place[s][1] for s in ids if s in place and source_id in _cites(kb, s, ids)]
    return sum(rows) / len(rows) if rows else 1e9


def _node(
    kb: KB,
    source_id: str,
    at: tuple[float, float],
    urls: Urls,
    base: str,
    highlighted: bool,
    origin: bool,
) -> str:
    x, y = at
    source = kb.sources.get(source_id)
    classes = ["node"]
    if source is not None and source.interested:
        classes.append("interested")
    if origin:
        classes.append("origin")
    detail = ""
    if source is not None:
        detail = " · ".join(str(p) for p in (source.kind.value, source.publisher or "") if p)
    label = f"{source_id} (this source)" if highlighted else source_id
    weight = 700 if highlighted else 400
    inner = (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{BOX_W}" height="{BOX_H}" rx="6"/>'
        f'<text x="{x + 8:.1f}" y="{y + 17:.1f}" font-size="13" font-weight="{weight}">'
        f"{e(fit(label, BOX_W - 16, 13))}</text>"
        f'<text class="small" x="{x + 8:.1f}" y="{y + 33:.1f}">'
        f"{e(fit(detail, BOX_W - 16, 11))}</text>"
    )
    tip = f"<title>{e(source.title if source else source_id)}</title>"
    path = urls.path("source", source_id)
    cls = " ".join(classes)
    if path is None or highlighted:
        return f'<g class="{cls}">{tip}{inner}</g>'
    return f'<a class="{cls}" href="{e(base + path)}">{tip}{inner}</a>'


def _describe(kb: KB, source_id: str, ids: set[str]) -> str:
    cited = _cites(kb, source_id, ids)
    return f"{source_id} cites {', '.join(cited)}" if cited else f"{source_id} cites none of them"

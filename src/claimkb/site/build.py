"""Which pages the site has, and writing them: records first, then the indexes, the overview
last (so a site being rewritten opens on the old overview until the new one is complete)."""

from __future__ import annotations

from pathlib import Path

from ..findings import Finding
from ..kb import KB
from ..progress import Progress
from ..report import Report
from ..since import Changes, SinceError, changes_since
from .assets import SCRIPT, STYLESHEET
from .context import Context
from .pages_claim import claim_page
from .pages_derived import derived_page
from .pages_finding import finding_page
from .pages_lists import list_pages
from .pages_overview import overview_page
from .pages_record import entity_page, source_page
from .passages import passages
from .result import SiteError, SiteResult
from .urls import Urls, file_stems, finding_names
from .writer import SiteWriter

__all__ = ["build"]


def build(
    kb: KB,
    report: Report,
    out: Path,
    *,
    since: str | None = None,
    page_size: int = 500,
    progress: Progress | None = None,
    title: str | None = None,
) -> SiteResult:
    changes: Changes | None = None
    findings: list[Finding] = list(report.findings)
    if since is not None:
        try:
            changes = changes_since(kb, since)
        except SinceError as exc:
            raise SiteError(str(exc)) from None
        findings = list(changes.filter(report).findings)
    names = finding_names(findings)
    stems = {
        "claim": file_stems(kb.claims),
        "source": file_stems(kb.sources),
        "entity": file_stems(kb.entities),
        "finding": {name: name for name in names},
    }
    rendered = _rendered(kb, findings, changes) if changes is not None else None
    claim_ids = [
        c.id
        for c in sorted(kb.claims.values(), key=lambda c: (c.file, c.line, c.id))
        if rendered is None or c.id in rendered["claim"]
    ]
    shown = [kb.claims[c] for c in claim_ids]
    ctx = Context(
        kb=kb,
        report=report,
        findings=findings,
        names=names,
        urls=Urls(stems, rendered),
        passages={},
        since=changes,
        page_size=page_size,
        site=title or kb.root.resolve().name or "claimkb",
        claim_ids=claim_ids,
    )
    stems["derived"] = file_stems(c for c in ctx.outcomes if c in kb.claims)
    if rendered is not None:
        rendered["derived"] = {c for c in rendered["claim"] if c in stems["derived"]}
    ctx.passages = passages(kb, shown)
    writer = SiteWriter(out, kb.root)
    if progress is not None:
        records = len(shown) + len(findings) + len(stems["derived"])
        progress.stage("writing", records + len(kb.sources) + len(kb.entities))
    tick = progress.advance if progress is not None else (lambda: None)
    writer.write("assets/site.css", STYLESHEET)
    writer.write("assets/site.js", SCRIPT)
    for claim in shown:
        writer.write(ctx.urls.path("claim", claim.id) or "", claim_page(ctx, claim))
        tick()
    for n in range(len(findings)):
        writer.write(f"findings/{names[n]}.html", finding_page(ctx, n))
        tick()
    for claim_id in stems["derived"]:
        path = ctx.urls.path("derived", claim_id)
        if path is not None:
            writer.write(path, derived_page(ctx, kb.claims[claim_id]))
        tick()
    for source in kb.sources.values():
        path = ctx.urls.path("source", source.id)
        if path is not None:
            writer.write(path, source_page(ctx, source))
        tick()
    for entity in kb.entities.values():
        path = ctx.urls.path("entity", entity.id)
        if path is not None:
            writer.write(path, entity_page(ctx, entity))
        tick()
    for path, html in list_pages(ctx):
        writer.write(path, html)
    writer.write("index.html", overview_page(ctx))
    pages = len(writer.written)
    removed = writer.close()
    return SiteResult(
        out=out,
        pages=pages,
        removed=removed,
        findings=len(findings),
        untriaged=ctx.open_count(),
        since=since,
    )


def _rendered(kb: KB, findings: list[Finding], changes: Changes) -> dict[str, set[str]]:
    """With ``since``: the records whose pages the change involves — its claims and those
    its findings name, their sources and entities, and the records it changed."""
    claims = {c for c in changes.claims if c in kb.claims}
    claims.update(c for f in findings for c in f.claims if c in kb.claims)
    sources = {kb.claims[c].source for c in claims} | (changes.records & kb.sources.keys())
    entities = set(changes.records & kb.entities.keys())
    for claim_id in claims:
        claim = kb.claims[claim_id]
        entities.add(kb.subject_id(claim))
        value = kb.value(claim_id)
        named = getattr(value, "entity", None)
        if isinstance(named, str):
            entities.add(named)
    return {
        "claim": claims,
        "source": sources & kb.sources.keys(),
        "entity": entities & kb.entities.keys(),
        "finding": set(finding_names(findings)),
    }

"""The overview, the site's first page: the verdict, then counts (by status, by source, by
kind of discrepancy), then the untriaged findings, then the triaged ones. With ``since``, what
the change brings comes first."""

from __future__ import annotations

from collections import Counter

from ..catalogue import CATALOGUE, Severity
from ..model import Status
from .context import Context
from .html import e, plural
from .layout import page
from .parts import findings_list, source_label

__all__ = ["overview_page"]

SHOWN = 100
"""Findings listed on the overview per group (the findings pages list them all)."""
TOP_SOURCES = 15


def overview_page(ctx: Context) -> str:
    body = [f"<h1>Fact-check report: {e(ctx.site)}</h1>"]
    if ctx.since is not None:
        body.append(_since(ctx))
    body.append(_verdict(ctx))
    body.append('<h2>At a glance</h2><div class="counts">')
    body.append(_by_status(ctx))
    body.append(_by_kind(ctx))
    body.append(_by_source(ctx))
    body.append("</div>")
    order = range(len(ctx.findings))
    untriaged = [n for n in order if not ctx.findings[n].triaged]
    triaged = [n for n in order if ctx.findings[n].triaged]
    where = "this change involves" if ctx.since is not None else "the check reports"
    body.append(f'<h2 id="untriaged">Untriaged findings ({len(untriaged):,})</h2>')
    if untriaged:
        body.append(f"<p>Findings {where} that no resolution accepts, most severe first.</p>")
        untriaged.sort(key=lambda n: (-ctx.findings[n].level.rank, n))
        body.append(findings_list(ctx, untriaged[:SHOWN], ""))
        body.append(_more(len(untriaged), "untriaged"))
    else:
        body.append("<p>Every finding is triaged.</p>")
    body.append(f'<h2 id="triaged">Triaged findings ({len(triaged):,})</h2>')
    if triaged:
        body.append(
            "<p>Discrepancies a resolution accepts, with the reason: they stay visible, and "
            "no longer fail the check.</p>"
        )
        body.append(findings_list(ctx, triaged[:SHOWN], ""))
        body.append(_more(len(triaged), "triaged"))
    else:
        body.append("<p>No finding is triaged.</p>")
    return page(site=ctx.site, title="Overview", body="\n".join(body), base="", current="index")


def _more(count: int, what: str) -> str:
    if count <= SHOWN:
        return ""
    link = f'<a href="findings.html">All {count:,} {what} findings</a>'
    return f"<p>{link} are on the findings pages.</p>"


def _since(ctx: Context) -> str:
    changes = ctx.since
    assert changes is not None
    untriaged = ctx.open_count()
    state = "open" if untriaged else "clean"
    return (
        f'<section class="verdict {state}" aria-labelledby="change"><h2 id="change">This change '
        f"(since <code>{e(changes.rev)}</code>, commit <code>{e(changes.commit[:12])}</code>)</h2>"
        f"<p><strong>{plural(untriaged, 'untriaged finding')}</strong> of "
        f"{plural(len(ctx.findings), 'finding')} this change involves: "
        f"{plural(len(changes.files), 'changed file')}, {plural(len(changes.claims), 'claim')} "
        f"involved. Only the pages of what it involves are here; the findings it brings "
        f'are listed <a href="#untriaged">first</a>.</p></section>'
    )


def _verdict(ctx: Context) -> str:
    report = ctx.report
    counts = report.counts()
    untriaged = sum(counts[s.value] for s in Severity)
    failed = report.failed()
    scope = "The whole knowledge base" if ctx.since is not None else "The knowledge base"
    if untriaged == 0:
        head = f"{scope} checks clean: no untriaged finding."
    else:
        levels = ", ".join(
            plural(
                counts[s.value],
                s.value if s is not Severity.INFO else "info",
                "info" if s is Severity.INFO else None,
            )
            for s in Severity
            if counts[s.value]
        )
        outcome = "fails the check" if failed else "passes the check (no untriaged error)"
        head = f"{scope} {outcome}: {plural(untriaged, 'untriaged finding')} ({levels})."
    lines = [
        f"<p><strong>{e(head)}</strong></p>",
        f"<p>{plural(report.claims, 'claim')} from {plural(report.sources, 'source')} in "
        f"{plural(report.files, 'file')}; "
        f"{plural(counts['triaged'], 'triaged discrepancy', 'triaged discrepancies')}"
        f" accepted by {plural(len(ctx.kb.resolutions), 'resolution')}.</p>",
    ]
    if report.unchecked_quotes:
        lines.append(
            f"<p>{plural(report.unchecked_quotes, 'quote')} could not be compared with the "
            "source's text (no snapshot found).</p>"
        )
    cls = "open" if failed else "clean" if untriaged == 0 else "sev-warning"
    return (
        f'<section class="verdict {cls}" aria-labelledby="verdict">'
        f'<h2 id="verdict">Verdict</h2>{"".join(lines)}</section>'
    )


def _meter(count: int, most: int) -> str:
    """A bar as long as the count is large, drawn (the pages' policy allows no inline style);
    the number beside it says the same, so it is hidden from screen readers."""
    if not count or not most:
        return ""
    width = max(1.0, round(100 * count / most, 1))
    return (
        '<svg class="meter" viewBox="0 0 100 10" width="100" height="10" aria-hidden="true" '
        f'focusable="false" preserveAspectRatio="none"><rect width="{width}" height="10"/></svg>'
    )


def _by_status(ctx: Context) -> str:
    counts = Counter(ctx.kb.claims[c].status for c in ctx.claim_ids)
    most = max(counts.values(), default=0)
    rows = "".join(
        f'<tr><td><a href="by-status/{e(s.value)}.html">{e(s.value)}</a></td>'
        f'<td class="num">{counts[s]:,}</td><td>{_meter(counts[s], most)}</td></tr>'
        for s in Status
    )
    return _small_table("Claims by status", ("Status", "Claims", ""), rows)


def _by_kind(ctx: Context) -> str:
    open_: Counter[str] = Counter()
    done: Counter[str] = Counter()
    for finding in ctx.findings:
        (done if finding.triaged else open_)[finding.slug] += 1
    rows = "".join(
        f'<tr><td><a href="by-kind/{e(slug)}.html">{e(entry.code)} {e(entry.title)}</a></td>'
        f'<td class="num">{open_[slug]:,}</td><td class="num">{done[slug]:,}</td></tr>'
        for slug, entry in CATALOGUE.items()
        if open_[slug] or done[slug]
    )
    if not rows:
        rows = '<tr><td colspan="3">No findings.</td></tr>'
    return _small_table("Findings by kind", ("Kind", "Untriaged", "Triaged"), rows)


def _by_source(ctx: Context) -> str:
    counts = Counter(ctx.kb.claims[c].source for c in ctx.claim_ids)
    top = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:TOP_SOURCES]
    rows = "".join(
        f"<tr><td>{ctx.urls.link('source', s, '')} {source_label(ctx.kb.sources.get(s), s)}</td>"
        f'<td class="num">{n:,}</td></tr>'
        for s, n in top
    )
    more = ""
    if len(counts) > TOP_SOURCES:
        more = f'<p><a href="sources.html">All {len(counts):,} sources</a></p>'
    return _small_table("Claims by source", ("Source", "Claims"), rows) + more


def _small_table(caption: str, heads: tuple[str, ...], rows: str) -> str:
    numeric = ("Claims", "Untriaged", "Triaged")
    cells = "".join(
        f'<th scope="col" class="num">{h}</th>' if h in numeric else f'<th scope="col">{h}</th>'
        for h in heads
    )
    return (
        f'<div class="scroll"><table><caption>{e(caption)}</caption><thead><tr>{cells}</tr></thead>'
        f"<tbody>{rows}</tbody></table></div>"
    )

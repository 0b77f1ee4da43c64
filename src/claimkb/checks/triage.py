"""Applying the resolutions recorded in the data to the discrepancies the checks found.

A resolution triages a discrepancy when it lists every claim the discrepancy involves. A
discrepancy that gains a claim (a new article restating the figure) is no longer covered, so
a pull request cannot slip a new contradiction past an old resolution. When several
resolutions cover a discrepancy, the most specific one (fewest claims) triages it: an
article's self-contradiction keeps its own resolution even though the resolution of the
wider rounding discrepancy also lists its claims. Resolutions that match nothing are
reported as stale - unless a file cannot be read, when they are unknown (:mod:`.unread`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from ..findings import Finding, make
from ..kb import KB
from ..model import Resolution
from .unread import Held, sections

CODES = frozenset(
    {
        "stale-resolution",
    }
)
"""The findings (catalogue slugs) this check can report; a test holds it to what it emits."""


def apply(kb: KB, findings: Iterable[Finding], held: Held | None = None) -> list[Finding]:
    """The findings with triage applied, and a stale finding per resolution that matches
    none. While a file cannot be read (see :mod:`.unread`), such a resolution is unknown, not
    stale, and, when resolutions may have been lost, so is a discrepancy no known resolution
    covers: both are added to ``held`` instead of being reported."""
    held = held if held is not None else Held()
    unread = sections(kb)
    by_claim: dict[str, list[Resolution]] = defaultdict(list)
    for resolution in sorted(kb.resolutions.values(), key=lambda r: (len(set(r.claims)), r.id)):
        for claim_id in resolution.claims:
            by_claim[claim_id].append(resolution)
    used: set[str] = set()
    result: list[Finding] = []
    for finding in findings:
        if finding.entry.triageable and finding.claims:
            wanted = set(finding.claims)
            match = next(
                (r for r in by_claim.get(finding.claims[0], ()) if wanted <= set(r.claims)),
                None,
            )
            if match is not None:
                used.add(match.id)
                finding = finding.with_triage(match.id)
            elif "resolutions" in unread:
                held.discrepancies.append(finding)
                continue
        result.append(finding)
    for resolution in kb.resolutions.values():
        if resolution.id in used:
            continue
        if unread:
            held.resolutions.append(resolution.id)
            continue
        result.append(
            make(
                "stale-resolution",
                resolution.file,
                resolution.line,
                resolution.claims,
                resolution=resolution.id,
            )
        )
    return result

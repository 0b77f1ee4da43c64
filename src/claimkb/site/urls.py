"""Where each page of the site lives: stable, readable paths, and links only to pages that exist.

A record's page is named by its id (``claims/s004-total-params.html``): ids are already
URL- and file-name-safe (``[A-Za-z0-9._~-]``, never starting with a dot). Two ids that differ
only in case would be one file on a case-insensitive file system, and some names are devices
on Windows (``con``, ``nul``), so those ids get a short hash of the id after ``@`` (a character
ids cannot hold): still stable, still readable. A finding has no id of its own; its page is
named by its code, its first claim and a hash of what identifies it (its kind and claims, as a
resolution does), so it keeps its address while those stay the same.
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..findings import Finding
from .html import e

__all__ = ["DIRS", "Urls", "finding_names", "file_stems"]

DIRS = {
    "claim": "claims",
    "source": "sources",
    "entity": "entities",
    "finding": "findings",
    "derived": "derived",
}
"""Page kind -> the directory its pages live in."""

_SAFE = re.compile(r"[^A-Za-z0-9._~-]")
_DEVICES = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10))}
_DEVICES |= {f"lpt{i}" for i in range(10)}


def _short_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def file_stems(ids: Iterable[str]) -> dict[str, str]:
    """Id -> file name stem: the id itself, unless it would share a file with another id on
    a case-insensitive file system or name a Windows device."""
    by_folded: dict[str, list[str]] = defaultdict(list)
    for record_id in ids:
        by_folded[record_id.casefold()].append(record_id)
    stems: dict[str, str] = {}
    for folded, same in by_folded.items():
        clash = len(same) > 1 or folded.split(".")[0] in _DEVICES
        for record_id in same:
            stems[record_id] = f"{record_id}@{_short_hash(record_id)}" if clash else record_id
    return stems


def finding_identity(finding: Finding) -> str:
    """What makes a finding the same finding from one run to the next."""
    if finding.claims:
        extra = str(finding.args.get("source", "")) if finding.slug == "self-contradiction" else ""
        return "\x00".join((finding.slug, *finding.claims, extra))
    return "\x00".join((finding.slug, finding.file or "", str(finding.line or 0), finding.message))


def finding_names(findings: Iterable[Finding]) -> list[str]:
    """A file stem for each finding, in order: ``CKB401-a-params-1f2e3d4c``."""
    names: list[str] = []
    used: set[str] = set()
    for finding in findings:
        anchor = _SAFE.sub("_", finding.claims[0])[:80] if finding.claims else finding.slug
        stem = f"{finding.code}-{anchor}-{_short_hash(finding_identity(finding))}"
        candidate, n = stem, 2
        while candidate.casefold() in used:  # the same finding reported twice
            candidate, n = f"{stem}-{n}", n + 1
        used.add(candidate.casefold())
        names.append(candidate)
    return names


@dataclass
class Urls:
    """Paths of the pages the site renders, relative to its root, and links between them.

    ``stems[kind][id]`` is known for every record that has a page; ``rendered`` limits links
    to the pages actually written (``--since`` renders a part of the site): a link to any
    other page is shown as plain text, so every link resolves."""

    stems: dict[str, dict[str, str]]
    rendered: dict[str, set[str]] | None = None
    _paths: dict[tuple[str, str], str | None] = field(default_factory=dict, repr=False)

    def path(self, kind: str, record_id: str) -> str | None:
        """The page of a record, relative to the site root, or None if it has none."""
        key = (kind, record_id)
        if key in self._paths:
            return self._paths[key]
        stem = self.stems.get(kind, {}).get(record_id)
        if stem is not None and self.rendered is not None:
            if record_id not in self.rendered.get(kind, set()):
                stem = None
        found = self._paths[key] = f"{DIRS[kind]}/{stem}.html" if stem is not None else None
        return found

    def has(self, kind: str, record_id: str) -> bool:
        return self.path(kind, record_id) is not None

    def link(self, kind: str, record_id: str, base: str, text: str | None = None) -> str:
        """``<a>`` to a record's page from a page at ``base`` (``""`` or ``"../"``), or the
        text alone (in ``<span>``) when the record has no page here. ``text`` is markup;
        by default the escaped id."""
        shown = text if text is not None else f"<code>{e(record_id)}</code>"
        path = self.path(kind, record_id)
        if path is None:
            return f'<span class="nolink">{shown}</span>'
        return f'<a href="{base}{e(path)}">{shown}</a>'

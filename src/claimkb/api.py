"""The library's entry points: load a KB, check it."""

from __future__ import annotations

from pathlib import Path

from . import checks, store
from .kb import KB
from .report import Report


def load(root: str | Path | None = None) -> KB:
    """Read the KB at ``root`` (default: the nearest KB root at or above the working
    directory). Problems inside the KB become findings; only an unusable root raises
    :class:`claimkb.RootError`."""
    return store.load(root)


def check(kb: KB | str | Path | None = None) -> Report:
    """Run every check on a KB (or on the KB at a path) and return the report."""
    if not isinstance(kb, KB):
        kb = load(kb)
    findings = checks.run(kb)
    return Report(
        root=kb.root,
        findings=tuple(findings),
        files=len(kb.files),
        sources=len(kb.sources),
        claims=len(kb.claims),
    )

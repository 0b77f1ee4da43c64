"""What the cache records of each file (:class:`Entry`) and of a check's report
(:class:`StoredReport`), and the stored index of the files."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from . import disk

if TYPE_CHECKING:
    from ..findings import Finding

__all__ = ["Entry", "StoredReport", "Stat", "FileKey", "root_prefix", "read_index"]

Stat = tuple[int, int, int, int, int]
FileKey = tuple[str, str, str | None]
"""(path relative to the root, section, content hash or None if not cacheable)."""


class Entry(NamedTuple):
    """What the cache knows of one file. (Named tuples, not dataclasses, here: an unchanged
    KB's check imports this package, and dataclasses would cost it more than its survey.)"""

    section: str
    stat: Stat
    digest: str
    trusted: bool
    """False when the stat is ambiguous (the file changed just before it was read)."""
    pack: str | None = None
    """The pack holding the file's part (None: not stored)."""


class StoredReport(NamedTuple):
    """A check's report as the cache keeps it, under its report key, with the state of the
    snapshots its quote check read (the report holds only while they are unchanged)."""

    key: str
    snapshots: tuple[Any, ...]
    findings: tuple[Finding, ...]
    files: int
    sources: int
    claims: int
    unchecked: int
    """Quotes not compared with their source's text."""


def root_prefix(root: Path) -> str | None:
    """What a file's path under ``root`` starts with before its relative name (text), or None
    where paths are not written with ``/`` (then :func:`claimkb.files.relative` names it)."""
    return None if os.sep != "/" else str(root).rstrip("/") + "/"


def read_index(directory: Path, key: tuple[Any, ...]) -> dict[str, Entry]:
    """The stored index of the files, if it was written for ``key``; else empty."""
    stored = disk.read(directory / "index")
    if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == key:
        return {rel: Entry(*fields) for rel, fields in stored[1].items()}
    return {}

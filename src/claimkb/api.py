"""The library's entry points: load a KB, check it.

Both accept ``cache=True`` to go through the on-disk cache (:mod:`claimkb.cache`): files whose
content is unchanged are not parsed again, and an unchanged KB is not checked again. The
library leaves it off by default (it writes to the user's cache directory); the command line
turns it on unless ``--no-cache`` or ``CLAIMKB_NO_CACHE=1`` is given.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from .files import kb_files

if TYPE_CHECKING:
    from .cache import Cache
    from .config import Config
    from .findings import Finding
    from .kb import KB
    from .report import Report


class Progress(Protocol):
    """Told what a long run is doing (the command line draws a progress bar from it)."""

    def stage(self, name: str, total: int | None) -> None: ...

    def advance(self) -> None: ...


SnapshotDirs = Iterable[str | os.PathLike[str]] | None


def load(
    root: str | Path | None = None,
    *,
    cache: bool | Cache = False,
    progress: Progress | None = None,
    snapshot_dirs: SnapshotDirs = None,
    require_snapshots: bool = False,
) -> KB:
    """Read the KB at ``root`` (default: the nearest KB root at or above the working
    directory). Problems inside the KB become findings; only an unusable root raises
    :class:`claimkb.RootError`. ``cache`` may also be a :class:`claimkb.cache.Cache` of that
    root whose files were just surveyed: it is used as it is, so no file is looked at twice.

    ``snapshot_dirs`` names directories outside the KB that hold its sources' snapshots
    (default: ``CLAIMKB_SNAPSHOT_DIRS``); the KB's own configuration can only name
    directories inside it. ``require_snapshots`` makes an unchecked quote an error."""
    from . import store

    path = _root(root)
    if isinstance(cache, bool):
        opened = _open_cache(path, snapshot_dirs, require_snapshots) if cache else None
    else:
        opened = cache
    if progress is not None:
        progress.stage("reading", len(kb_files(path)))
    config = (
        opened.config if opened is not None else _config(path, snapshot_dirs, require_snapshots)
    )
    kb = store.load(path, cache=opened, on_file=_ticker(progress), config=config)
    if opened is not None:
        kb.memo["cache"] = opened
        opened.save(None)
    return kb


def check(
    kb: KB | str | Path | None = None,
    *,
    cache: bool = False,
    progress: Progress | None = None,
    snapshot_dirs: SnapshotDirs = None,
    require_snapshots: bool = False,
) -> Report:
    """Run every check on a KB (or on the KB at a path) and return the report.

    With ``cache=True`` and a path, the last report of an unchanged KB is returned without
    loading it. ``cache=True`` with a KB object reuses the report of a KB loaded with
    ``load(..., cache=True)`` and not modified since (the command line's queries do this).
    ``snapshot_dirs`` and ``require_snapshots`` are as for :func:`load` (a KB object keeps
    the ones it was loaded with)."""
    from .cache import Cache

    if kb is None or isinstance(kb, str | os.PathLike):
        path = _root(kb)
        opened = _open_cache(path, snapshot_dirs, require_snapshots) if cache else None
        if opened is not None:
            return _cached_check(opened, progress)
        kb = load(
            path,
            progress=progress,
            snapshot_dirs=snapshot_dirs,
            require_snapshots=require_snapshots,
        )
    attached = kb.memo.get("cache") if cache else None
    if isinstance(attached, Cache):
        key = attached.report_key()
        found = attached.load_report(key) if key else None
        if found is not None:
            return _report(kb.root, *found)
        return _run(kb, progress, attached)
    return _run(kb, progress, None)


def _cached_check(opened: Cache, progress: Progress | None) -> Report:
    from . import store

    files = kb_files(opened.root)
    if progress is not None:
        progress.stage("scanning", len(files))
    key = opened.report_key(opened.survey(files, _ticker(progress)))
    found = opened.load_report(key) if key else None
    if found is not None:
        opened.save(None)
        return _report(opened.root, *found)
    if progress is not None:
        progress.stage("reading", len(files))
    kb = store.load(opened.root, cache=opened, on_file=_ticker(progress), config=opened.config)
    return _run(kb, progress, opened)


def unchecked_quotes(kb: KB, findings: tuple[Finding, ...]) -> int:
    """How many claims' quotes the check could not compare with their source's text: those
    of sources without a snapshot and those the findings about snapshots count."""
    from .checks.quotes import UNCHECKED

    reported = sum(int(f.args.get("count", 0) or 0) for f in findings if f.slug in UNCHECKED)
    silent = 0
    if not kb.config.require_snapshots:  # else each such source has a finding of its own
        without = {s.id for s in kb.sources.values() if not s.snapshot}
        silent = sum(1 for claim in kb.claims.values() if claim.source in without)
    return reported + silent


def _run(kb: KB, progress: Progress | None, opened: Cache | None) -> Report:
    from . import checks

    snapshots = (
        opened.snapshots(s.snapshot for s in kb.sources.values() if s.snapshot) if opened else ()
    )
    if progress is not None:
        progress.stage("checking", len(checks.CHECKS) + 2)
    findings = tuple(checks.run(kb, _ticker(progress)))
    unchecked = unchecked_quotes(kb, findings)
    report = _report(kb.root, findings, len(kb.files), len(kb.sources), len(kb.claims), unchecked)
    if opened is not None:
        key = opened.report_key()
        counts = (report.files, report.sources, report.claims, unchecked)
        opened.save((snapshots, key, findings, *counts) if key else None, kb)
    return report


def _report(
    root: Path,
    findings: tuple[Finding, ...],
    files: int,
    sources: int,
    claims: int,
    unchecked: int,
) -> Report:
    from .report import Report

    return Report(
        root=root,
        findings=findings,
        files=files,
        sources=sources,
        claims=claims,
        unchecked_quotes=unchecked,
    )


def _root(root: str | os.PathLike[str] | None) -> Path:
    from .store import check_root, find_root

    return check_root(Path(root)) if root is not None else find_root()


def _config(root: Path, snapshot_dirs: SnapshotDirs, require_snapshots: bool) -> Config:
    from .config import load_config

    return load_config(root, snapshot_dirs=snapshot_dirs, require_snapshots=require_snapshots)


def _open_cache(
    root: Path, snapshot_dirs: SnapshotDirs = None, require_snapshots: bool = False
) -> Cache | None:
    from .cache import Cache, disabled

    if disabled():
        return None
    return Cache(root, snapshot_dirs=snapshot_dirs, require_snapshots=require_snapshots)


def _ticker(progress: Progress | None) -> Callable[..., None] | None:
    if progress is None:
        return None
    advance = progress.advance
    return lambda *_: advance()

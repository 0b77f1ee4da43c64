"""The library's two oldest entry points, kept: load a KB, check it. Both are a
:class:`claimkb.Workspace` (``claimkb.open``) used once; new code can use the Workspace.

Both accept ``cache=True`` to go through the on-disk cache (:mod:`claimkb.cache`): files whose
content is unchanged are not parsed again, and an unchanged KB is not checked again. The
library leaves it off by default (it writes to the user's cache directory); the command line
turns it on unless ``--no-cache`` or ``CLAIMKB_NO_CACHE=1`` is given.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from .progress import Progress
from .workspace import SnapshotDirs, Workspace
from .workspace.strategy import run_checks

if TYPE_CHECKING:
    from .kb import KB
    from .report import Report
    from .site.result import SiteResult

__all__ = ["Progress", "SnapshotDirs", "check", "load", "report_site"]

_LOADED: WeakKeyDictionary[KB, Workspace] = WeakKeyDictionary()
"""The Workspace each KB loaded with ``cache=True`` came from, so that ``check(kb,
cache=True)`` can reuse its stored report (the KB itself holds no cache state)."""


def load(
    root: str | Path | None = None,
    *,
    cache: bool = False,
    progress: Progress | None = None,
    snapshot_dirs: SnapshotDirs = None,
    require_snapshots: bool = False,
) -> KB:
    """Read the KB at ``root`` (default: the nearest KB root at or above the working
    directory). Problems inside the KB become findings; only an unusable root raises
    :class:`claimkb.RootError`.

    ``snapshot_dirs`` names directories outside the KB that hold its sources' snapshots
    (default: ``CLAIMKB_SNAPSHOT_DIRS``); the KB's own configuration can only name
    directories inside it. ``require_snapshots`` makes an unchecked quote an error."""
    workspace = Workspace(
        root,
        cache=cache,
        snapshot_dirs=snapshot_dirs,
        require_snapshots=require_snapshots,
        progress=progress,
    )
    if not cache:
        return workspace.kb
    kb = workspace.release()  # the Workspace keeps its cache, not the KB: no cycle to free
    _LOADED[kb] = workspace
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
    if kb is None or isinstance(kb, str | os.PathLike):
        workspace = Workspace(
            kb,
            cache=cache,
            snapshot_dirs=snapshot_dirs,
            require_snapshots=require_snapshots,
            progress=progress,
        )
        return workspace.report()
    loaded = _LOADED.get(kb) if cache else None
    if loaded is not None:
        loaded.progress = progress
        return loaded.report_of(kb)
    return run_checks(kb, progress)


def report_site(
    kb: KB | str | os.PathLike[str] | None,
    out_dir: str | os.PathLike[str],
    *,
    report: Report | None = None,
    since: str | None = None,
    page_size: int = 500,
    snapshot_dirs: SnapshotDirs = None,
    cache: bool = False,
    progress: Progress | None = None,
    title: str | None = None,
) -> SiteResult:
    """Write the static site of ``kb`` (a loaded KB, or the root of one) into ``out_dir``.

    ``report`` is the KB's check when it was run already (else it runs now). ``since`` (a
    git revision) renders only the pages a change since then involves, its findings first,
    as ``claimkb check --since`` selects them. ``page_size`` is the number of rows of each
    index page. ``snapshot_dirs`` and ``cache`` are as for :func:`claimkb.load`."""
    from .site.build import build
    from .site.result import SiteError

    if page_size < 1:
        raise SiteError("page_size must be at least 1")
    if kb is None or isinstance(kb, str | os.PathLike):
        workspace = Workspace(kb, cache=cache, snapshot_dirs=snapshot_dirs, progress=progress)
        return workspace.report_site(
            out_dir, report=report, since=since, page_size=page_size, title=title
        )
    if report is None:
        report = check(kb, cache=cache, progress=progress)
    return build(
        kb, report, Path(out_dir), since=since, page_size=page_size, progress=progress, title=title
    )

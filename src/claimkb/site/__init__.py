"""``claimkb report``: the knowledge base as a static HTML site, for people who review it in a
browser (editors, readers of a published fact-check, reviewers of a pull request).

    import claimkb
    from claimkb.site import report_site
    result = report_site("path/to/kb", "site/")      # or a loaded KB
    print(result.pages, "pages; open", result.index)

The site is plain HTML and CSS (a small script adds filter boxes; every page reads without
it), with relative links only, so it works from the file system and from any static host, and
fetches nothing at view time. Every record has a page at a stable address
(``claims/<id>.html``, ``sources/<id>.html``, ``entities/<id>.html``, ``derived/<id>.html``,
``findings/<code>-<claim>-<hash>.html``); indexes are paginated. Everything a KB holds is
escaped (:mod:`claimkb.site.html`), snapshot text is read through the library's confined
lookup in bounded pieces (:mod:`claimkb.site.passages`), and the output directory is written
safely (:mod:`claimkb.site.writer`).

Modules: ``build`` (what pages there are), ``context`` (indexes), ``pages_*`` (one per kind of
page), ``parts``/``evidence``/``charts`` (shared fragments), ``svg*`` (pictures), ``layout``
and ``assets`` (frame, stylesheet, script), ``urls`` (addresses), ``writer`` (the output).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..api import Progress, SnapshotDirs
    from ..kb import KB
    from ..report import Report

__all__ = ["SiteError", "SiteResult", "report_site"]


class SiteError(Exception):
    """The site cannot be written where asked (refused or unusable output directory, a
    revision ``since`` cannot use); the message says what to do."""


@dataclass(frozen=True)
class SiteResult:
    out: Path
    pages: int
    """Files written, the stylesheet and script included."""
    removed: int
    """Pages of an earlier report in the same directory that no longer exist."""
    findings: int
    untriaged: int
    since: str | None = None

    @property
    def index(self) -> Path:
        return self.out / "index.html"


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
    from ..api import check, load
    from .build import build

    if page_size < 1:
        raise SiteError("page_size must be at least 1")
    if kb is None or isinstance(kb, str | os.PathLike):
        root = None if kb is None else Path(kb)
        loaded = load(root, cache=cache, progress=progress, snapshot_dirs=snapshot_dirs)
    else:
        loaded = kb
    if report is None:
        report = check(loaded, cache=cache, progress=progress)
    return build(
        loaded,
        report,
        Path(out_dir),
        since=since,
        page_size=page_size,
        progress=progress,
        title=title,
    )

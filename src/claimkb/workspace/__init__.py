"""The library's one door to a knowledge base: ``claimkb.open(root)`` returns a
:class:`Workspace`, which answers every question about the KB at that root::

    import claimkb
    kb = claimkb.open("path/to/kb", cache=True)
    report = kb.report()                      # every finding
    for claim in kb.claims(subject="Kimi K2").data:   # typed records (claimkb.results)
        print(claim.id, claim.value)
    print(kb.render("sarif"))                 # any format of claimkb check

The Workspace owns the way answers are found (:mod:`.strategy`: kept answers, the query
index, a full load through the cache); the queries themselves (:mod:`claimkb.query`,
:mod:`claimkb.explain`) are given the findings they show, and never run the checks.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..progress import Progress
from .strategy import Kept, Options, Strategy
from .writes import Writes

if TYPE_CHECKING:
    from ..cache.indexed import Indexed
    from ..config import Config
    from ..findings import Finding
    from ..kb import KB
    from ..render.options import Options as RenderOptions
    from ..report import Report
    from ..results import Answer, ClaimRow, EntityAnswer, Shown, SourceRow, Timeline
    from ..since import Changes
    from ..site.result import SiteResult

__all__ = [
    "Answer",
    "Kept",
    "Workspace",
    "clear_caches",
    "open",
    "resolve_root",
]

T = TypeVar("T")
SnapshotDirs = Iterable[str | os.PathLike[str]] | None


def __getattr__(name: str) -> Any:
    """``Answer``, re-exported without importing the typed records for a run that needs none
    (a check)."""
    if name == "Answer":
        from ..results import Answer

        return Answer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def resolve_root(root: str | os.PathLike[str] | None) -> Path:
    """``root`` resolved (default: the nearest KB root at or above the working directory);
    :class:`claimkb.RootError` if it cannot be a KB root."""
    from ..roots import check_root, find_root

    return check_root(Path(root)) if root is not None else find_root()


class Workspace(Writes):
    """The KB at one root, for one run. ``cache`` goes through the on-disk cache (unchanged
    files are not parsed again, an unchanged KB is not checked again); ``snapshot_dirs`` and
    ``require_snapshots`` are as for :func:`claimkb.load`; ``progress`` is told what a long
    load or check is doing. The write operations (``add_claim``, ``resolve``...) are
    :class:`.writes.Writes`'."""

    def __init__(
        self,
        root: str | os.PathLike[str] | None = None,
        *,
        cache: bool = False,
        snapshot_dirs: SnapshotDirs = None,
        require_snapshots: bool = False,
        progress: Progress | None = None,
    ) -> None:
        self.root = resolve_root(root)
        dirs = tuple(snapshot_dirs) if snapshot_dirs is not None else None
        self.options = Options(dirs, require_snapshots)
        self.progress = progress
        self._strategy = Strategy(self.root, self.options, cache)

    def __repr__(self) -> str:
        return f"Workspace({str(self.root)!r}, cache={self._strategy.cached})"

    # -- the whole KB ------------------------------------------------------------------------

    @property
    def config(self) -> Config:
        return self._strategy.config

    @property
    def kb(self) -> KB:
        """The loaded KB (read on first use, once)."""
        return self._strategy.load(self.progress)

    def release(self) -> KB:
        """The KB, loaded, which the Workspace then stops holding: it keeps only its cache,
        so that :meth:`report_of` finds the KB's stored report (``claimkb.load(root,
        cache=True)`` gives the KB away like this)."""
        self._strategy.load(self.progress)
        return self._strategy.release()

    def report_of(self, kb: KB) -> Report:
        """The report of ``kb``, a KB this Workspace released: its stored report while the
        files are unchanged, else a check now."""
        return self._strategy.report_of(kb, self.progress)

    def report(self, meanwhile: Callable[[Report], object] | None = None) -> Report:
        """Every finding (an unchanged KB's stored report, unloaded, when the cache is on).
        ``meanwhile`` gets the report once, as soon as a check made it (a second process
        may still be writing the cache: rendering it then costs no time)."""
        return self._strategy.report(self.progress, meanwhile)

    def unchanged_report(self) -> Report | None:
        """The report stored for the KB as it is now, or None when there is none (the cache
        is off, nothing was checked, or a file changed): what :meth:`report` gives without
        loading the KB, and nothing more."""
        return self._strategy.unchanged_report()

    def keep_text(self, mode: str, text: str, code: int) -> None:
        """Keep ``text``, the rendering in ``mode`` (the settings it depends on) of the last
        report found or made, with exit ``code``, for :func:`claimkb.cache.rendering.replay`."""
        self._strategy.keep_text(mode, text, code)

    def render(
        self, format: str, report: Report | None = None, options: RenderOptions | None = None
    ) -> str:
        """The report (default: :meth:`report`) in one of the formats of ``claimkb check``
        (:data:`claimkb.RENDERERS`), as text; a format that shows triage gets the triage
        records from the KB's resolutions."""
        from ..render.options import Options as RenderOptions
        from ..render.registry import renderer

        chosen = renderer(format)
        found = self.report() if report is None else report
        if chosen.needs_triage and not found.triage:
            found = found.with_triage(self.kb.resolutions)
        return chosen.render(found, options or RenderOptions())

    # -- kept answers ------------------------------------------------------------------------

    def kept(self, command: str, *arguments: object) -> Kept | None:
        """The JSON answer given before to this question about the KB as it is, if the cache
        keeps one; the next :meth:`keep` keeps the answer to it."""
        return self._strategy.kept(command, arguments)

    def keep(self, out: str, answer: Answer[Any] | None = None) -> None:
        """Keep ``out``, the JSON printed for the question last asked with :meth:`kept`."""
        note = answer.note if answer is not None else ""
        self._strategy.keep(out, note, answer.snapshots if answer is not None else None)

    # -- questions ---------------------------------------------------------------------------

    def claims(
        self,
        *,
        subject: str | None = None,
        property: str | None = None,
        source: str | None = None,
        status: str | None = None,
        text: str | None = None,
    ) -> Answer[list[ClaimRow]]:
        """Claims matching every filter given (:func:`claimkb.query.find_claims`); a subject,
        property or source that names nothing raises :class:`claimkb.query.NotFound`."""
        from ..query import check_filters, claim_dict, find_claims
        from ..results import Answer, ClaimRow

        filters = {
            "subject": subject,
            "property": property,
            "source": source,
            "status": status,
            "text": text,
        }

        def from_index(index: Indexed) -> list[dict[str, Any]]:
            rows = index.claims(**filters)
            if not rows:
                index.unknown_filters(subject=subject, property=property, source=source)
            return rows

        def from_kb(kb: KB) -> list[dict[str, Any]]:
            rows = [claim_dict(kb, c) for c in find_claims(kb, **filters)]
            if not rows:
                check_filters(kb, subject=subject, property=property, source=source)
            return rows

        found = self._rows(from_index, from_kb)
        return Answer([ClaimRow.from_dict(row) for row in found.data], found.unreadable)

    def indexed(self, answer: Callable[[Indexed], T]) -> T | None:
        """``answer`` from the query index of the KB as it is, or None when there is none or
        it cannot answer (:meth:`.strategy.Strategy.indexed`)."""
        return self._strategy.indexed(answer)

    def show(self, claim_id: str) -> Answer[Shown]:
        """A claim with its source, rivals, evidence, reviews, resolutions and findings."""
        from ..query import no_claim
        from ..query import show as show_claim
        from ..results import Answer, Shown

        found = self._strategy.indexed(lambda index: index.show(claim_id))
        if found is not None:
            data, state = found
            return Answer(Shown.from_dict(data), snapshots=state)
        kb = self.kb
        if claim_id not in kb.claims:
            raise no_claim(claim_id, kb.claims)
        checked = self._strategy.checked(kb)
        shown = show_claim(kb, claim_id, checked.findings)
        return Answer(Shown.from_dict(shown), snapshots=checked.snapshots)

    def entity(self, name: str) -> Answer[EntityAnswer]:
        """An entity found by any name, and the claims about it, naming it, misspelling it."""
        from ..query import entity
        from ..results import Answer, EntityAnswer

        data = self._strategy.indexed(lambda index: index.entity(name))
        return Answer(EntityAnswer.from_dict(entity(self.kb, name) if data is None else data))

    def sources(self) -> Answer[list[SourceRow]]:
        """The sources, what they cite, how many claims each gives."""
        from ..query import sources
        from ..results import Answer, SourceRow

        found = self._rows(lambda index: index.sources(), sources)
        return Answer([SourceRow.from_dict(row) for row in found.data], found.unreadable)

    def timeline(self) -> Answer[Timeline]:
        """Date-valued claims in order, and those left out."""
        from ..query import timeline
        from ..results import Answer, Timeline

        found = self._rows(lambda index: index.timeline(), timeline)
        return Answer(Timeline.from_dict(found.data), found.unreadable)

    def conflicts(self, *, untriaged: bool = False) -> Answer[list[Finding]]:
        """The discrepancies between claims (only those without a resolution if
        ``untriaged``), from the stored report when it holds (the KB is not loaded)."""
        from ..query import discrepancies
        from ..results import Answer

        checked = self._strategy.stored()
        if checked is None:
            checked = self._strategy.checked(self.kb)
        selected = discrepancies(checked.findings)
        if untriaged:
            selected = [f for f in selected if not f.triaged]
        return Answer(selected, snapshots=checked.snapshots)

    def uncompared(self) -> Answer[list[dict[str, Any]]]:
        """The claims on one subject and property not compared because qualifiers differ."""
        from ..query import uncompared
        from ..results import Answer

        return Answer(uncompared(self.kb))

    def claims_by_id(self, wanted: Iterable[str]) -> dict[str, dict[str, Any]]:
        """These claims (those that exist), by id, in their JSON shape."""
        from ..query import claim_dict

        ids = set(wanted)
        if self._strategy.loaded is None:
            found = self._strategy.indexed(lambda index: index.claims_by_id(ids))
            if found is not None:
                return found
        kb = self.kb
        return {c: claim_dict(kb, kb.claims[c]) for c in sorted(ids) if c in kb.claims}

    def explain(self, claim_id: str) -> dict[str, Any]:
        """A derived claim's recomputation, step by step (:func:`claimkb.explain.explain`)."""
        from ..explain import explain
        from ..query import no_claim

        kb = self.kb
        if claim_id not in kb.claims:
            raise no_claim(claim_id, kb.claims)
        return explain(kb, claim_id, self._strategy.checked(kb).findings)

    def since(self, rev: str) -> Changes:
        """What changed since the git revision ``rev`` (raises
        :class:`claimkb.since.SinceError`)."""
        from ..since import changes_since

        return changes_since(self.kb, rev)

    # -- writing files -----------------------------------------------------------------------

    def export(self, format: str, *, author: str | None = None, base_url: str = "") -> str:
        """The KB as ``claimreview`` JSON-LD or ``csv`` text (see :meth:`export_sqlite`)."""
        if format == "claimreview":
            from ..export.claimreview import to_claimreview
            from ..render.json import dumps

            document = to_claimreview(self.kb, author or self.root.name, base_url)
            return dumps(document, html=True) + "\n"
        if format == "csv":
            from ..export.tabular import to_csv

            return to_csv(self.kb)
        raise ValueError(f"no export format {format!r}: claimreview, csv or sqlite")

    def export_sqlite(self, path: Path) -> None:
        """Write the KB and its findings as a SQLite database (raises OutputError)."""
        from ..export.sqlite import write_sqlite

        write_sqlite(self.kb, self.report(), path)

    def report_site(
        self,
        out_dir: str | os.PathLike[str],
        *,
        report: Report | None = None,
        since: str | None = None,
        page_size: int = 500,
        title: str | None = None,
    ) -> SiteResult:
        """Write the static HTML site of the KB into ``out_dir`` (see :mod:`claimkb.site`)."""
        from ..site.build import build
        from ..site.result import SiteError

        if page_size < 1:
            raise SiteError("page_size must be at least 1")
        kb = self.kb
        found = self.report() if report is None else report
        return build(
            kb,
            found,
            Path(out_dir),
            since=since,
            page_size=page_size,
            progress=self.progress,
            title=title,
        )

    # -- the cache ---------------------------------------------------------------------------

    @property
    def cache_dir(self) -> Path:
        """The directory holding this KB's cache (it may not exist yet)."""
        from ..cache import cache_dir

        return cache_dir(self.root)

    def clear_cache(self) -> Path | None:
        """Delete this KB's cache; the directory removed, or None if there was none."""
        from ..cache import clear

        removed = clear(self.root)
        return removed[0] if removed else None

    # -- the quickest way --------------------------------------------------------------------

    def _rows(self, from_index: Callable[[Indexed], T], from_kb: Callable[[KB], T]) -> Answer[T]:
        """From the query index if it can answer, else from the whole KB."""
        from ..results import Answer

        found = self._strategy.indexed(lambda index: (from_index(index), index.load_findings))
        if found is not None:
            return Answer(found[0], found[1])
        kb = self.kb
        return Answer(from_kb(kb), len(kb.load_findings))


def clear_caches() -> tuple[Path, list[Path]]:
    """Delete every claimkb cache (only directories claimkb marked as its own): the
    directory they live under, and those removed."""
    from ..cache import clear
    from ..cache.location import base_dir

    return base_dir(), clear(None)


def open(
    root: str | os.PathLike[str] | None = None,
    *,
    cache: bool = False,
    snapshot_dirs: SnapshotDirs = None,
    require_snapshots: bool = False,
    progress: Progress | None = None,
) -> Workspace:
    """The :class:`Workspace` of the KB at ``root`` (default: the nearest KB root at or
    above the working directory); raises :class:`claimkb.RootError` if there is none."""
    return Workspace(
        root,
        cache=cache,
        snapshot_dirs=snapshot_dirs,
        require_snapshots=require_snapshots,
        progress=progress,
    )

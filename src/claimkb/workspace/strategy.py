"""How a Workspace answers: the quickest way that gives the same answer as a full load.

With the cache on, the KB's files are surveyed once (their stats, and a hash where a stat is
not enough); then, for each question:

1. a JSON answer given before to the same question about the same files is given again
   (:mod:`claimkb.cache.answers`: the caller asks :meth:`Strategy.kept` first);
2. else, if the KB was checked as it is now, the query index the check left answers
   (:mod:`claimkb.cache.indexed`): only the records the question needs are rebuilt;
3. else the whole KB is loaded (through the cache: unchanged files are not parsed again) and,
   where findings are needed, checked (an unchanged KB's stored report is reused).

With the cache off (or ``CLAIMKB_NO_CACHE`` set) every question takes the third way, without
the cache. The cache and its tuples stay inside this module; what leaves it is typed.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..files import kb_files, kb_listing
from ..progress import Progress

if TYPE_CHECKING:
    from ..cache import Cache, StoredReport
    from ..cache.answers import Question
    from ..cache.indexed import Indexed
    from ..config import Config
    from ..findings import Finding
    from ..kb import KB
    from ..report import Report

__all__ = ["Checked", "Kept", "Options", "Strategy", "run_checks"]

T = TypeVar("T")


@dataclass(frozen=True)
class Options:
    """What the person running the tool adds to a KB's own settings."""

    snapshot_dirs: tuple[str | os.PathLike[str], ...] | None = None
    """Directories outside the KB that hold its sources' snapshots (None: from
    ``CLAIMKB_SNAPSHOT_DIRS``)."""
    require_snapshots: bool = False
    """An unchecked quote is an error."""


@dataclass(frozen=True)
class Checked:
    """The findings of a check, and the state of the snapshots they rest on (None unless an
    answer built from them is to be kept)."""

    findings: tuple[Finding, ...]
    snapshots: tuple[Any, ...] | None = None


@dataclass(frozen=True)
class Kept:
    """A JSON answer given before to the same question about the same files."""

    out: str
    """What was printed on standard output."""
    note: str
    """What was printed on standard error ("" if nothing)."""


class Strategy:
    """One KB root's way to its answers, for one run (see the module doc)."""

    def __init__(self, root: Path, options: Options, cache: bool) -> None:
        self.root = root
        self.options = options
        self._cache = _open_cache(root, options) if cache else None
        self._key: str | None = None
        self._surveyed = False
        self._kb: KB | None = None
        self._question: Question | None = None
        self._found: StoredReport | None = None
        """The stored report :meth:`_stored_report` last found to hold."""

    # -- what the KB holds -------------------------------------------------------------------

    @property
    def cached(self) -> bool:
        """Whether the cache is on for this root."""
        return self._cache is not None

    @property
    def config(self) -> Config:
        from ..config import load_config

        if self._cache is not None:
            return self._cache.config
        return load_config(
            self.root,
            snapshot_dirs=self.options.snapshot_dirs,
            require_snapshots=self.options.require_snapshots,
        )

    def survey(self, progress: Progress | None = None) -> str | None:
        """Look at every file once (through the cache); the report key of the files as they
        are (None: nothing stored may be reused)."""
        if self._cache is None:
            return None
        if not self._surveyed:
            files = kb_listing(self.root)
            if progress is not None:
                progress.stage("scanning", len(files))
            self._key = self._cache.report_key(self._cache.survey(files, _ticker(progress)))
            self._surveyed = True
        return self._key

    def load(self, progress: Progress | None = None) -> KB:
        """The whole KB, read through the cache (if on) that surveyed its files; once."""
        if self._kb is None:
            self._kb = self._read(progress)
            if self._cache is not None:
                self._cache.save(None)
        return self._kb

    def _read(self, progress: Progress | None) -> KB:
        from .. import store

        if progress is not None:
            progress.stage("reading", len(kb_files(self.root)))
        return store.load(
            self.root, cache=self._cache, on_file=_ticker(progress), config=self.config
        )

    def release(self) -> KB:
        """The loaded KB, which this strategy then stops holding (its cache stays, for
        :meth:`report_of`)."""
        kb = self.load()
        self._kb = None
        return kb

    def report_of(self, kb: KB, progress: Progress | None = None) -> Report:
        """The report of ``kb``, loaded by this strategy and held by the caller: the stored
        report while its files are unchanged, else a check now."""
        cache = self._cache
        if cache is not None:
            key = cache.report_key()
            found = cache.report(key) if key else None
            if found is not None:
                return _stored(self.root, found)
        return run_checks(kb, progress, cache)

    @property
    def loaded(self) -> KB | None:
        """The KB if it was loaded already."""
        return self._kb

    def report(
        self, progress: Progress | None = None, meanwhile: Meanwhile | None = None
    ) -> Report:
        """Every finding: the stored report of the files as they are, else a check now (and
        the report stored). The KB is loaded only when it must be checked. ``meanwhile`` is
        given the report once, before it is returned (see :func:`check_and_store`)."""
        if self._kb is not None:
            report = self.report_of(self._kb, progress)
        else:
            found = self._stored_report(progress) if self._cache is not None else None
            if found is None:
                kb = self._kb = self._read(progress)  # stored with its report, by the check
                report, self._found = check_and_store(kb, progress, self._cache, meanwhile)
                return report
            report = found
        if meanwhile is not None:
            meanwhile(report)
        return report

    def unchanged_report(self) -> Report | None:
        """The stored report if the files are as they were when it was stored, else None,
        with nothing read but the survey (and no survey when no report is stored at all)."""
        cache = self._cache
        if cache is None or self._kb is not None or not cache.has_report():
            return None
        return self._stored_report(None)

    def _stored_report(self, progress: Progress | None) -> Report | None:
        """The stored report of the files as the survey finds them, or None (cache on)."""
        cache = self._cache
        assert cache is not None
        key = self.survey(progress)
        found = cache.report(key) if key else None
        if found is None:
            return None
        cache.save(None)
        self._found = found
        return _stored(self.root, found)

    def keep_text(self, mode: str, text: str, code: int) -> None:
        """Keep the check's ``text`` in ``mode`` for the stored report last found to hold
        (by :meth:`unchanged_report`) or just made (by :meth:`report`), to be replayed
        (:mod:`claimkb.cache.rendering`): so the first check after a change already leaves
        what the next one replays. Nothing if there is no such report, or if the person
        running the tool added settings (a replay knows only the KB's own and the
        environment's)."""
        if self._cache is None or self._found is None or self.options != Options():
            return
        from ..cache import rendering

        rendering.keep(self._cache, self._found, mode, text, code)

    # -- answering quickly -------------------------------------------------------------------

    def kept(self, command: str, arguments: Iterable[object]) -> Kept | None:
        """The JSON answer given before to ``command arguments`` about these files, if it
        still holds; else None, and the answer computed next is kept by :meth:`keep`."""
        if self._cache is None:
            return None
        from ..cache.answers import ask

        self._question = ask(self._cache, self.survey(), command, tuple(arguments))
        known = self._question.answer() if self._question is not None else None
        return Kept(*known) if known is not None else None

    def keep(self, out: str, note: str, snapshots: tuple[Any, ...] | None) -> None:
        """Keep the JSON answer to the question last asked with :meth:`kept`."""
        if self._question is not None:
            self._question.remember(out, note, snapshots)

    def indexed(self, answer: Callable[[Indexed], T]) -> T | None:
        """``answer`` from the query index of the KB as it is, or None when there is none
        or it cannot answer (then load the KB). A query's NotFound goes through."""
        if self._cache is None or self._kb is not None:
            return None
        from ..cache.indexed import Indexed, Unavailable

        index = Indexed.open(self._cache, self.survey())
        if index is None:
            return None
        try:
            found = answer(index)
        except Unavailable:
            return None
        self._cache.save(None)  # stats that were ambiguous and have settled
        return found

    def stored(self) -> Checked | None:
        """The findings of the stored report, if it holds for the KB as it is (without
        loading it)."""
        if self._cache is None:
            return None
        from ..cache.indexed import Unavailable, findings

        try:
            state, found = findings(self._cache, self.survey())
        except Unavailable:
            return None
        return Checked(found, state)

    def checked(self, kb: KB) -> Checked:
        """The findings of the loaded KB: its stored report if that holds, else a check now.
        The snapshots' state (for a kept answer) is taken before the quotes are read."""
        state = None
        if self._question is not None:
            names = (s.snapshot for s in kb.sources.values() if s.snapshot)
            state = self._question.snapshot_state(names)
        return Checked(self.report().findings, state)


def run_checks(kb: KB, progress: Progress | None = None, cache: Cache | None = None) -> Report:
    """Run every check on ``kb`` (and store the report in ``cache``, the one it was loaded
    through)."""
    return check_and_store(kb, progress, cache)[0]


Meanwhile = Callable[["Report"], object]
"""Work the caller does with a report as soon as it is known (rendering it, say)."""


def check_and_store(
    kb: KB,
    progress: Progress | None = None,
    cache: Cache | None = None,
    meanwhile: Meanwhile | None = None,
) -> tuple[Report, StoredReport | None]:
    """:func:`run_checks`, with the report as it was stored (None: not stored, as when the
    cache is off or some file cannot be cached). ``meanwhile`` is given the report once, as
    soon as the checks have made it: while the process writing the query index beside the
    check may still be at work, so that its end and the caller's work overlap."""
    from .. import checks
    from ..checks.quotes import unchecked_quotes
    from ..ending import one_command

    snapshots = (
        cache.snapshots(s.snapshot for s in kb.sources.values() if s.snapshot) if cache else ()
    )
    if progress is not None:
        progress.stage("checking", len(checks.CHECKS) + 2)
    key = cache.report_key() if cache is not None else None
    writer = None
    if cache is not None and key and one_command():  # not in a library caller's process
        from ..cache import alongside

        writer = alongside.start(cache, kb, key)  # the query index written on a second core
    beside = writer.findings if writer is not None else None  # checks it ran meanwhile
    findings = tuple(checks.run(kb, _ticker(progress), beside))
    unchecked = unchecked_quotes(kb, findings)
    report = _report(kb.root, findings, len(kb.files), len(kb.sources), len(kb.claims), unchecked)
    if meanwhile is not None:
        meanwhile(report)
    if cache is None:
        return report, None
    from ..cache import StoredReport

    counts = (report.files, report.sources, report.claims, unchecked)
    stored = StoredReport(key, snapshots, findings, *counts) if key else None
    if writer is None:
        cache.save(stored, kb)
    else:
        assert key is not None  # a writer is started only under a report's key
        left = cache.queries_left(kb, key)  # built while what the checks worked out is at hand
        cache.save(None)  # the parts and the index, while the writer may still write
        if writer.finish():
            cache.save(stored, None, left)
        else:
            cache.save(stored, kb)
    return report, stored


def _stored(root: Path, found: StoredReport) -> Report:
    return _report(root, found.findings, found.files, found.sources, found.claims, found.unchecked)


def _report(
    root: Path,
    findings: tuple[Finding, ...],
    files: int,
    sources: int,
    claims: int,
    unchecked: int,
) -> Report:
    from ..report import Report

    return Report(
        root=root,
        findings=findings,
        files=files,
        sources=sources,
        claims=claims,
        unchecked_quotes=unchecked,
    )


def _open_cache(root: Path, options: Options) -> Cache | None:
    from ..cache import Cache, disabled

    if disabled():
        return None
    return Cache(
        root, snapshot_dirs=options.snapshot_dirs, require_snapshots=options.require_snapshots
    )


def _ticker(progress: Progress | None) -> Callable[..., None] | None:
    if progress is None:
        return None
    advance = progress.advance
    return lambda *_: advance()

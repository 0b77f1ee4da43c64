"""Quotes must appear verbatim in their source's snapshot text.

Where a snapshot is found is :mod:`claimkb.snapshot_location`'s question (confined to the KB
and the directories the person running the tool names); how a quote is looked for is
:mod:`claimkb.snapshot_text`'s (whitespace- and NFC-normalised, in bounded memory). When a
quote is missing, the nearest passage of the snapshot is named with its line and similarity.
A snapshot that cannot be found leaves its quotes unchecked: information by default, an error
when the KB or the person running the check requires snapshots.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import cast

from ..catalogue import Severity
from ..confinement import inside_problem
from ..files import FileProblem
from ..findings import Finding, make
from ..kb import KB
from ..model import Claim, Source
from ..snapshot_location import SearchDirs, find_snapshot, search_dirs
from ..snapshot_text import missing_quotes, normalise

__all__ = ["UNCHECKED", "check", "locate", "normalise", "unchecked_quotes"]

CODES = frozenset(
    {
        "config-error",
        "quote-not-found",
        "snapshot-missing",
        "snapshot-none",
        "snapshot-path",
    }
)
"""The findings (catalogue slugs) this check can report; a test holds it to what it emits."""


UNCHECKED = frozenset({"snapshot-missing", "snapshot-path", "snapshot-none"})
"""Findings whose ``count`` is a number of quotes the check left unchecked."""


def locate(
    kb: KB, source: Source, dirs: SearchDirs | None = None
) -> tuple[Path | None, str | None]:
    """(path of the snapshot, or None; why the path is refused, or None). ``dirs``: the
    KB's :func:`search_dirs`, when the caller looks up many."""
    assert source.snapshot is not None
    return find_snapshot(kb.root, kb.config, source.snapshot, dirs)


def check(kb: KB) -> Iterator[Finding]:
    yield from _refused_directories(kb)
    by_source: dict[str, list[Claim]] = defaultdict(list)
    for claim in kb.claims.values():
        by_source[claim.source].append(claim)
    dirs = search_dirs(kb.root, kb.config)
    for source in kb.sources.values():
        claims = by_source.get(source.id, [])
        if source.snapshot:
            yield from _check_source(kb, source, claims, dirs)
        elif claims and kb.config.require_snapshots:
            yield make(
                "snapshot-none", source.file, source.line, source=source.id, count=len(claims)
            )


NORMALISED_QUOTES = "normalised-quotes"
"""The memo (``kb.memo``) of each claim's quote as compared: claim id -> (the record, its
quote normalised), left by this check for :mod:`.value_quote`, which compares it too."""


def _required(kb: KB, finding: Finding) -> Finding:
    """A finding about unchecked quotes is an error when snapshots are required."""
    return finding.with_severity(Severity.ERROR) if kb.config.require_snapshots else finding


def _refused_directories(kb: KB) -> Iterator[Finding]:
    """Snapshot directories that cannot be used: one of the KB's own that leads outside it
    through a link (one it names outside in words is the configuration's own finding), or
    one the runner named that is not a directory."""
    own = set(kb.config.snapshot_dirs)
    for written, base, refused in search_dirs(kb.root, kb.config):
        if refused and written in own and inside_problem(written) is None:
            yield make("config-error", written, 1, detail=refused)
        elif refused and written not in own:
            yield make("config-error", None, None, detail=f"--snapshot-dir: {refused}")
        elif base is not None and written not in own and not base.is_dir():
            detail = (
                f"--snapshot-dir {written!r} is not a directory; name the directory that "
                "holds the sources' snapshot files"
            )
            yield make("config-error", None, None, detail=detail)


def _check_source(
    kb: KB, source: Source, claims: list[Claim], dirs: SearchDirs
) -> Iterator[Finding]:
    assert source.snapshot is not None
    where = (source.file, source.line_of("snapshot"))

    def unusable(detail: str) -> Finding:
        """The snapshot cannot be used: its claims' quotes are counted as unchecked."""
        return make(
            "snapshot-path",
            *where,
            source=source.id,
            snapshot=source.snapshot,
            detail=detail,
            count=len(claims),
        )

    path, refused = locate(kb, source, dirs)
    if refused:
        yield unusable(refused)
        return
    if path is None:
        searched = [w for w, base, _ in dirs if base is not None]
        finding = make(
            "snapshot-missing",
            *where,
            source=source.id,
            snapshot=source.snapshot,
            searched=", ".join(searched) or "no usable snapshot directory",
            count=len(claims),
        )
        yield _required(kb, finding)
        return
    try:
        size = os.stat(path).st_size
    except OSError as exc:
        yield unusable(f"cannot be read: {exc.strerror or exc}")
        return
    if size > kb.config.max_snapshot_bytes:
        detail = (
            f"is {size} bytes, more than max_snapshot_bytes ({kb.config.max_snapshot_bytes}); "
            f"its {len(claims)} quote(s) were not checked"
        )
        yield unusable(detail)
        return
    quotes = {claim.id: normalise(claim.quote) for claim in claims}
    known = cast(dict[str, tuple[Claim, str]], kb.memo.setdefault(NORMALISED_QUOTES, {}))
    known.update((claim.id, (claim, quotes[claim.id])) for claim in claims)
    try:
        missing = missing_quotes(path, quotes)
    except (OSError, FileProblem) as exc:
        message = exc.message if isinstance(exc, FileProblem) else (exc.strerror or str(exc))
        yield unusable(f"cannot be read: {message}")
        return
    for claim in claims:
        nearest = missing.get(claim.id)
        if nearest is None:
            continue
        yield make(
            "quote-not-found",
            claim.file,
            claim.line_of("quote"),
            [claim.id],
            claim=claim.id,
            snapshot=source.snapshot,
            nearest=nearest.passage,
            near_line=nearest.line,
            score=nearest.score,
            shown=_shown(claim.quote, nearest.passage),
        )


def _shown(quote: str, passage: str) -> str:
    """The nearest passage as the message shows it: for a quote short enough to be compared
    whole, with the words it differs in marked (``[-quote's-]{+source's+}``)."""
    from ..snapshot_text import SHOWN, normalise
    from ..worddiff import marked

    wanted = normalise(quote)
    diff = marked(wanted, passage) if len(wanted) <= SHOWN else None
    return f"{passage!r}" if diff is None else f"{diff!r} ([-quote-]{{+source+}})"


def unchecked_quotes(kb: KB, findings: tuple[Finding, ...]) -> int:
    """How many claims' quotes the check could not compare with their source's text: those
    of sources without a snapshot and those the findings about snapshots count."""
    reported = sum(int(f.args.get("count", 0) or 0) for f in findings if f.slug in UNCHECKED)
    silent = 0
    if not kb.config.require_snapshots:  # else each such source has a finding of its own
        without = {s.id for s in kb.sources.values() if not s.snapshot}
        silent = sum(1 for claim in kb.claims.values() if claim.source in without)
    return reported + silent

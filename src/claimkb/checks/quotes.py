"""Quotes must appear verbatim in their source's snapshot text.

Snapshots are found in the configured ``snapshot_dirs`` (relative to the KB root); a
snapshot path may not be absolute or climb out of its directory. Text is compared after
whitespace normalisation (runs of spaces, tabs and newlines are one space) and Unicode NFC, so
re-wrapped lines still match but a changed word does not. When a quote is missing, the nearest
passage of the snapshot is named with its line and similarity.
"""

from __future__ import annotations

import bisect
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ..files import FileProblem, decode
from ..findings import Finding, make
from ..kb import KB
from ..model import Claim, Source

MAX_SNAPSHOT_BYTES = 50 * 1024 * 1024


def normalise(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())


@dataclass
class Snapshot:
    """A snapshot's normalised text, with the original line of each normalised offset."""

    path: Path
    text: str
    starts: list[int]
    lines: list[int]

    @classmethod
    def read(cls, path: Path) -> Snapshot:
        with path.open("rb") as handle:  # never more than the limit in memory
            data = handle.read(MAX_SNAPSHOT_BYTES + 1)
        if len(data) > MAX_SNAPSHOT_BYTES:  # cut at a line end, not inside a character
            data = data[: data.rfind(b"\n", 0, MAX_SNAPSHOT_BYTES) + 1]
        raw = decode(data)
        parts: list[str] = []
        starts: list[int] = []
        lines: list[int] = []
        offset = 0
        for number, line in enumerate(raw.splitlines(), start=1):
            norm = normalise(line)
            if not norm:
                continue
            starts.append(offset)
            lines.append(number)
            parts.append(norm)
            offset += len(norm) + 1
        return cls(path, " ".join(parts), starts, lines)

    def line_at(self, offset: int) -> int:
        index = bisect.bisect_right(self.starts, offset) - 1
        return self.lines[index] if index >= 0 else 1

    def nearest(self, quote: str) -> tuple[str, int, int]:
        """(passage, line, similarity %) of the passage most like ``quote``."""
        from rapidfuzz import fuzz  # only when a quote is missing

        found = fuzz.partial_ratio_alignment(quote, self.text)
        if found is None:
            return "", 1, 0
        passage = self.text[found.dest_start : found.dest_end]
        return passage, self.line_at(found.dest_start), round(found.score)


def locate(kb: KB, source: Source) -> tuple[Path | None, str | None]:
    """(path of the snapshot, or None; why the path is refused, or None)."""
    assert source.snapshot is not None
    return find_snapshot(kb.root, kb.config.snapshot_dirs, source.snapshot)


def find_snapshot(
    root: Path, snapshot_dirs: Iterable[str], snapshot: str
) -> tuple[Path | None, str | None]:
    """Where the snapshot named ``snapshot`` is found under the KB at ``root``: (path, or
    None; why the name is refused, or None). The cache asks the same question to tell
    whether a snapshot the check read has moved or changed."""
    written = snapshot.replace("\\", "/")
    relative = PurePosixPath(written)
    if relative.is_absolute() or written[1:3] == ":/":  # /etc/x, //server/share, C:\x
        return None, "is absolute; give it relative to a snapshot directory"
    if ".." in relative.parts:
        return None, "climbs out of the snapshot directories with '..'"
    if "\x00" in snapshot:
        return None, "contains a NUL character"
    for directory in snapshot_dirs:
        try:
            base = (root / directory).resolve()
            candidate = (base / relative).resolve()
        except (OSError, RuntimeError) as exc:  # too long, a symlink loop ...
            return None, f"cannot be resolved ({getattr(exc, 'strerror', None) or exc})"
        if not candidate.is_relative_to(base):
            return None, "leads outside its snapshot directory through a symbolic link"
        if candidate.is_file():
            return candidate, None
    return None, None


def check(kb: KB) -> Iterator[Finding]:
    by_source: dict[str, list[Claim]] = defaultdict(list)
    for claim in kb.claims.values():
        by_source[claim.source].append(claim)
    for source in kb.sources.values():
        if not source.snapshot:
            continue
        claims = by_source.get(source.id, [])
        path, refused = locate(kb, source)
        if refused:
            yield make(
                "snapshot-path",
                source.file,
                source.line_of("snapshot"),
                source=source.id,
                snapshot=source.snapshot,
                detail=refused,
            )
            continue
        if path is None:
            yield make(
                "snapshot-missing",
                source.file,
                source.line_of("snapshot"),
                source=source.id,
                snapshot=source.snapshot,
                searched=", ".join(kb.config.snapshot_dirs),
                count=len(claims),
            )
            continue
        try:
            snapshot = Snapshot.read(path)
        except (OSError, FileProblem) as exc:
            message = exc.message if isinstance(exc, FileProblem) else str(exc)
            yield make(
                "snapshot-path",
                source.file,
                source.line_of("snapshot"),
                source=source.id,
                snapshot=source.snapshot,
                detail=f"cannot be read: {message}",
            )
            continue
        for claim in claims:
            quote = normalise(claim.quote)
            if quote in snapshot.text:
                continue
            passage, line, score = snapshot.nearest(quote)
            yield make(
                "quote-not-found",
                claim.file,
                claim.line_of("quote"),
                [claim.id],
                claim=claim.id,
                snapshot=source.snapshot,
                nearest=passage,
                near_line=line,
                score=score,
            )

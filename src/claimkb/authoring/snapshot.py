"""A source's archived text, for the authoring commands: the quote lookup and the drafter.

The snapshot is found only through :func:`claimkb.snapshot_location.find_snapshot` (confined to
the KB's own snapshot directories and those the person running the tool names) and read only
through :mod:`claimkb.snapshot_text` (bounded pieces, the same normalisation as the quote
check), so an authoring command can read nothing the check could not.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..files import FileProblem
from ..kb import KB
from ..model import Source
from ..snapshot_location import find_snapshot, search_dirs
from ..snapshot_text import Nearest, missing_quotes, normalise
from .errors import AuthoringError

__all__ = ["SnapshotProblem", "Text", "find", "locate", "quote_problem", "read_text"]


class SnapshotProblem(AuthoringError):
    """The source's snapshot cannot be found or read."""


@dataclass(frozen=True)
class Text:
    """A snapshot's lines as written (1-based line ``n`` is ``lines[n - 1]``)."""

    snapshot: str
    lines: tuple[str, ...]


def locate(kb: KB, source: Source) -> Path:
    return find(kb, source.id, source.snapshot)


def find(kb: KB, source_id: str, snapshot: str | None) -> Path:
    """The path of the snapshot ``snapshot`` of source ``source_id`` (raises
    :class:`SnapshotProblem` saying why there is none)."""
    if not snapshot:
        raise SnapshotProblem(f"source '{source_id}' has no snapshot (its archived text)")
    path, refused = find_snapshot(kb.root, kb.config, snapshot)
    if refused:
        raise SnapshotProblem(f"snapshot {snapshot!r} of source '{source_id}' {refused}")
    if path is None:
        searched = [w for w, base, _ in search_dirs(kb.root, kb.config) if base is not None]
        raise SnapshotProblem(
            f"snapshot {snapshot!r} of source '{source_id}' is in none of the snapshot "
            f"directories ({', '.join(searched) or 'none usable'}); archive the text there or "
            "name its directory with --snapshot-dir"
        )
    try:
        size = os.stat(path).st_size
    except OSError as exc:
        raise SnapshotProblem(f"snapshot {snapshot!r}: {exc.strerror or exc}") from None
    if size > kb.config.max_snapshot_bytes:
        raise SnapshotProblem(
            f"snapshot {snapshot!r} is {size} bytes, more than max_snapshot_bytes"
        )
    return path


def read_text(kb: KB, source: Source) -> Text:
    """The source's snapshot, line by line (raises :class:`SnapshotProblem`)."""
    from ..snapshot_text import decoded_pieces

    path = locate(kb, source)
    assert source.snapshot is not None
    parts: list[str] = []
    try:
        for raw, _line in decoded_pieces(path):
            parts.append(raw)
    except (OSError, FileProblem) as exc:
        message = exc.message if isinstance(exc, FileProblem) else (exc.strerror or str(exc))
        raise SnapshotProblem(f"snapshot {source.snapshot!r} cannot be read: {message}") from None
    return Text(source.snapshot, tuple("".join(parts).split("\n")))


def quote_problem(kb: KB, source: Source, quote: str) -> Nearest | None:
    """None when ``quote`` is in the source's snapshot, else the nearest passage there
    (raises :class:`SnapshotProblem` when the snapshot cannot be read)."""
    path = locate(kb, source)
    try:
        return missing_quotes(path, {"quote": normalise(quote)}).get("quote")
    except (OSError, FileProblem) as exc:
        message = exc.message if isinstance(exc, FileProblem) else (exc.strerror or str(exc))
        raise SnapshotProblem(f"snapshot {source.snapshot!r} cannot be read: {message}") from None

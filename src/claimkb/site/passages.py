"""Each claim's quote shown in its source's text: the passage around it, the quote marked.

Snapshot text is reached only through the library's confined lookup
(:func:`claimkb.snapshot_location.find_snapshot`: inside the KB or a directory the person running
the tool named) and read in bounded pieces by :mod:`claimkb.snapshot_text`, never whole, so a
large snapshot costs the same memory as a small one. Text is whitespace- and NFC-normalised, as
the quote check compares it, so the marked words are exactly the ones the check found.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..files import FileProblem
from ..kb import KB
from ..model import Claim, Source
from ..snapshot_location import find_snapshot
from ..snapshot_text import _pieces, normalise

__all__ = ["CONTEXT", "Passage", "Unavailable", "passages"]

CONTEXT = 180
"""Characters of the snapshot shown on each side of a quote."""


@dataclass(frozen=True, slots=True)
class Passage:
    """The quote in its source's text: ``before`` + ``quote`` + ``after``, from ``line``.
    ``cut_before``/``cut_after`` say whether the text goes on past the passage."""

    before: str
    quote: str
    after: str
    line: int
    cut_before: bool
    cut_after: bool


@dataclass(frozen=True, slots=True)
class Unavailable:
    """Why a source's passages cannot be shown (no snapshot, not found, refused, unreadable)."""

    reason: str


def passages(kb: KB, claims: Iterable[Claim]) -> dict[str, Passage | Unavailable]:
    """Claim id -> its passage (or why there is none), reading each snapshot once."""
    by_source: dict[str, list[Claim]] = {}
    for claim in claims:
        by_source.setdefault(claim.source, []).append(claim)
    result: dict[str, Passage | Unavailable] = {}
    for source_id, members in by_source.items():
        source = kb.sources.get(source_id)
        found = _source_passages(kb, source, members)
        for claim in members:
            result[claim.id] = found.get(claim.id) or Unavailable(_missing(found, source))
    return result


def _missing(found: dict[str, Passage | Unavailable], source: Source | None) -> str:
    if source is None:
        return "the source is not registered"
    reason = found.get("")
    if isinstance(reason, Unavailable):
        return reason.reason
    return "the quote is not in the snapshot's text"


def _source_passages(
    kb: KB, source: Source | None, claims: list[Claim]
) -> dict[str, Passage | Unavailable]:
    """The passages of one source's claims; key ``""`` holds why none can be shown."""
    if source is None:
        return {}
    if not source.snapshot:
        return {"": Unavailable("the source names no snapshot")}
    path, refused = find_snapshot(kb.root, kb.config, source.snapshot)
    if refused:
        return {"": Unavailable(f"its snapshot {refused}")}
    if path is None:
        return {"": Unavailable("its snapshot was not found in the snapshot directories")}
    try:
        if os.stat(path).st_size > kb.config.max_snapshot_bytes:
            return {"": Unavailable("its snapshot is larger than max_snapshot_bytes")}
        return dict(_find(path, {c.id: normalise(c.quote) for c in claims}))
    except (OSError, FileProblem) as exc:
        message = exc.message if isinstance(exc, FileProblem) else (exc.strerror or str(exc))
        return {"": Unavailable(f"its snapshot cannot be read: {message}")}


def _find(path: os.PathLike[str], quotes: dict[str, str]) -> dict[str, Passage]:
    """Each quote's first occurrence with its context. Pieces overlap by more than a quote
    and both contexts, so a passage cut short at one piece's end is found whole in the next
    one; a passage still short when the text ends is where the text ends."""
    wanted = {key: quote for key, quote in quotes.items() if quote}
    overlap = max((len(q) for q in wanted.values()), default=0) + 2 * CONTEXT + 2
    found: dict[str, Passage] = {}
    offset = 0  # where the current piece begins in the whole (normalised) text
    for piece in _pieces(Path(path), overlap):
        text = piece.text
        for key, quote in list(wanted.items()):
            start = text.find(quote)
            if start < 0:
                continue
            end = start + len(quote)
            begin, stop = max(0, start - CONTEXT), min(len(text), end + CONTEXT)
            passage = Passage(
                before=_trim_start(text[begin:start], offset + begin > 0),
                quote=text[start:end],
                after=_trim_end(text[end:stop], stop < len(text)),
                line=piece.line_at(start),
                cut_before=offset + begin > 0,
                cut_after=stop < len(text),
            )
            known = found.get(key)
            if known is None or passage.cut_after or len(passage.after) > len(known.after):
                found[key] = passage
            if passage.cut_after:  # the whole context after it is here: done
                del wanted[key]
        if not wanted:
            break
        offset += max(0, len(text) - overlap)  # the next piece repeats the rest
    return found


def _trim_start(text: str, cut: bool) -> str:
    """Context before a quote, starting at a word when the text has spaces nearby."""
    if not cut:
        return text
    space = text.find(" ", 0, 24)
    return text[space + 1 :] if space >= 0 else text


def _trim_end(text: str, cut: bool) -> str:
    if not cut:
        return text
    space = text.rfind(" ", max(0, len(text) - 24))
    return text[:space] if space >= 0 else text

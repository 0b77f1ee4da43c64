"""Looking for quotes in a snapshot's text, in bounded memory and close to linear time.

Text is compared after whitespace normalisation (runs of spaces, tabs and newlines are one
space) and Unicode NFC, so re-wrapped lines still match but a changed word does not.

A snapshot is read in pieces of at most :data:`PIECE_BYTES`, never whole, so a text of any
size costs the same memory; each piece is searched together with the end of the one before it,
so a quote that spans two pieces is still found. For the quotes that are not found, a second
pass names the nearest passage: candidate places are where the quote's most telling words
(or, in text without spaces, its character runs) occur, and only those few places are aligned
with the quote by rapidfuzz, so a long quote against a long text does not cost their product.
"""

from __future__ import annotations

import heapq
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from .files import FileProblem, decode

PIECE_BYTES = 4 * 1024 * 1024
"""How much of a snapshot is held at once (plus one line and the longest quote)."""
SHOWN = 240
"""The longest nearest passage a finding shows, in characters."""
ALIGNED = 300
"""The longest part of a quote aligned against a candidate place."""
ANCHORS = 6
"""How many of a quote's words (or character runs) locate candidate places."""
PLACES_PER_ANCHOR = 200
"""Occurrences of one anchor looked at per piece (a common word need not be counted out)."""
CANDIDATES = 8
"""Candidate places aligned per piece."""


_OTHER_SPACES = tuple(chr(c) for c in range(0x3001) if chr(c).isspace() and c != 0x20)
"""Every character ``str.split()`` splits on but the space (none lies above U+3000)."""


def normalise(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())


def normalise_long(text: str) -> str:
    """:func:`normalise` for a long text: the same result, but by whole-text replacements
    (each a fast scan) instead of a list of millions of words."""
    text = unicodedata.normalize("NFC", text)
    for space in _OTHER_SPACES:
        if space in text:
            text = text.replace(space, " ")
    while "  " in text:
        text = text.replace("  ", " ")
    return text.strip(" ")


@dataclass(frozen=True, slots=True)
class Nearest:
    passage: str
    line: int
    score: int


@dataclass(slots=True)
class _Piece:
    """Normalised text of consecutive lines, with the original line of each line start."""

    text: str
    starts: list[int]
    lines: list[int]

    def line_at(self, offset: int) -> int:
        from bisect import bisect_right

        index = bisect_right(self.starts, offset) - 1
        return self.lines[index] if index >= 0 else (self.lines[0] if self.lines else 1)


def _texts(path: Path, overlap: int) -> Iterator[str]:
    """The snapshot's normalised text in pieces, without line numbers (the fast path: most
    quotes are found); each begins with the last ``overlap`` characters of the one before."""
    tail = ""
    for raw, _line in decoded_pieces(path):
        text = normalise_long(raw)  # NFC never composes across white space: as by line
        if not text:
            continue
        joined = f"{tail} {text}" if tail else text
        yield joined
        tail = joined[-overlap:] if overlap > 0 else ""


_BREAKS = (b"\n", b" ", b"\t", b"\r")


def decoded_pieces(path: Path) -> Iterator[tuple[str, int]]:
    """The snapshot's decoded text in pieces that end at white space (a line end if there is
    one), each with the line it begins on. Pieces never split a word, so joining them with
    one space is joining the text."""
    longest_run = max(16 * PIECE_BYTES, 1024 * 1024)
    carry = b""
    first = True
    line = 1
    with path.open("rb") as handle:
        while True:
            block = handle.read(PIECE_BYTES)
            data = carry + block
            if not data:
                break
            cut = len(data)
            if block:
                cut = max(data.rfind(b"\n"), *(data.rfind(b) for b in _BREAKS[1:])) + 1
                if cut == 0:
                    if len(data) > longest_run:
                        raise FileProblem(
                            f"more than {longest_run} bytes without a space or a line break "
                            "(this is not an archived text)",
                            line,
                        )
                    carry = data
                    continue
            data, carry = data[:cut], data[cut:]
            try:
                raw = decode(data) if first else _decode_more(data)
            except FileProblem as exc:
                raise FileProblem(exc.message, (exc.line or 1) + line - 1) from None
            first = False
            yield raw, line
            line += data.count(b"\n")
            if not block and not carry:
                break


def _pieces(path: Path, overlap: int) -> Iterator[_Piece]:
    """The snapshot's normalised text in pieces, with the line of each line start; each piece
    begins with the last ``overlap`` characters of the one before (and a space), so every span
    of up to ``overlap + 1`` characters lies whole in some piece."""
    tail: _Piece | None = None
    for raw, line in decoded_pieces(path):
        piece = _normalised(raw, line, tail)
        if piece.text:
            yield piece
            tail = _tail(piece, overlap)


def _decode_more(data: bytes) -> str:
    """A later piece: the same rules as the first, without a byte-order mark."""
    if b"\x00" in data:
        return decode(data)  # reports the NUL with its line
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return decode(data)


def _normalised(raw: str, first_line: int, tail: _Piece | None) -> _Piece:
    """The piece of ``raw`` (after ``tail``), its lines numbered from ``first_line``."""
    parts: list[str] = []
    starts: list[int] = []
    lines: list[int] = []
    offset = 0
    if tail is not None and tail.text:
        parts.append(tail.text)
        starts.extend(tail.starts)
        lines.extend(tail.lines)
        offset = len(tail.text) + 1
    added = 0
    for number, text in enumerate(raw.split("\n"), start=first_line):
        norm = normalise(text)
        if not norm:
            continue
        starts.append(offset)
        lines.append(number)
        parts.append(norm)
        offset += len(norm) + 1
        added += 1
    if not added:  # nothing new
        return _Piece("", [], [])
    return _Piece(" ".join(parts), starts, lines)


def _tail(piece: _Piece, overlap: int) -> _Piece:
    """The last ``overlap`` characters of a piece, with their line starts."""
    if overlap <= 0:
        return _Piece("", [], [])
    begin = max(0, len(piece.text) - overlap)
    from bisect import bisect_right

    index = max(0, bisect_right(piece.starts, begin) - 1)
    starts = [max(0, s - begin) for s in piece.starts[index:]]
    return _Piece(piece.text[begin:], starts, piece.lines[index:])


def missing_quotes(path: Path, quotes: Mapping[str, str]) -> dict[str, Nearest]:
    """The quotes (key -> normalised quote) not in the snapshot at ``path``, each with its
    nearest passage. Raises :class:`FileProblem` for a text that cannot be read."""
    wanted = {key: quote for key, quote in quotes.items() if quote}  # "" is in every text
    longest = max((len(q) for q in wanted.values()), default=0)
    for text in _texts(path, longest):
        for key in [k for k, q in wanted.items() if q in text]:
            del wanted[key]
        if not wanted:
            break
    return _nearest_all(path, wanted) if wanted else {}


def _nearest_all(path: Path, quotes: Mapping[str, str]) -> dict[str, Nearest]:
    best: dict[str, tuple[float, Nearest]] = {}
    overlap = min(max(len(q) for q in quotes.values()), ALIGNED) * 2
    for piece in _pieces(path, overlap):
        for key, quote in quotes.items():
            found = _nearest_in(piece, quote)
            if found is not None and found[0] > best.get(key, (-1.0, None))[0]:
                best[key] = found
    return {key: best[key][1] if key in best else Nearest("", 1, 0) for key in quotes}


def _nearest_in(piece: _Piece, quote: str) -> tuple[float, Nearest] | None:
    """The passage of ``piece`` most like ``quote``, with its score."""
    from rapidfuzz import fuzz  # only when a quote is missing

    needle = quote[:ALIGNED]
    text = piece.text
    if len(text) <= 8 * len(needle) + 2048:
        regions = [(0, len(text))]
    else:
        regions = _regions(text, needle)
    found_score = -1.0
    found: tuple[int, int] | None = None
    for start, end in regions:
        aligned = fuzz.partial_ratio_alignment(needle, text[start:end])
        if aligned is not None and aligned.score > found_score:
            found_score = aligned.score
            found = (start + aligned.dest_start, start + aligned.dest_end)
    if found is None:
        return None
    start, end = _whole_words(text, *found)
    passage = text[start:end]
    if len(passage) > SHOWN:
        passage = passage[: SHOWN - 1] + "…"
    return found_score, Nearest(passage, piece.line_at(found[0]), round(found_score))


def _whole_words(text: str, start: int, end: int) -> tuple[int, int]:
    """The span widened to whole words at both ends (an alignment may start or end inside
    one: "s 2.8 trillion paramete"), by at most a word's length; Chinese has no spaces to
    widen to and is left as aligned."""
    limit = 40
    if start >= end:
        return start, end
    while start > 0 and limit and _in_word(text[start - 1]) and _in_word(text[start]):
        start, limit = start - 1, limit - 1
    limit = 40
    while end < len(text) and limit and _in_word(text[end - 1]) and _in_word(text[end]):
        end, limit = end + 1, limit - 1
    return start, end


def _in_word(char: str) -> bool:
    return char.isalnum() and char < "\u2e80"


def _regions(text: str, needle: str) -> list[tuple[int, int]]:
    """A few windows of ``text`` likely to hold the passage most like ``needle``: where its
    anchors occur, placed as they are placed in the needle, the best-supported first."""
    votes: dict[int, int] = {}
    width = len(needle)
    for anchor, offset in _anchors(needle):
        position = text.find(anchor)
        seen = 0
        while position >= 0 and seen < PLACES_PER_ANCHOR:
            bucket = max(0, position - offset) // max(1, width // 2)
            votes[bucket] = votes.get(bucket, 0) + 1
            seen += 1
            position = text.find(anchor, position + 1)
    if not votes:
        return [(0, min(len(text), 4 * width + 2048))]
    top = heapq.nlargest(CANDIDATES, votes.items(), key=lambda item: (item[1], -item[0]))
    step = max(1, width // 2)
    return [
        (max(0, bucket * step - width), min(len(text), bucket * step + 2 * width + step))
        for bucket, _ in top
    ]


def _anchors(needle: str) -> list[tuple[str, int]]:
    """The needle's most telling pieces with their offsets: its longest words, or where it
    has few spaces (Chinese, Japanese), runs of three characters spread along it."""
    words: list[tuple[str, int]] = []
    position = 0
    for word in needle.split(" "):
        if len(word) >= 3:
            words.append((word, position))
        position += len(word) + 1
    if len(words) >= 2:
        chosen = sorted(words, key=lambda item: -len(item[0]))[:ANCHORS]
        return chosen
    runs = max(1, min(ANCHORS, len(needle) // 3))
    spacing = max(1, (len(needle) - 3) // runs) if len(needle) > 3 else 1
    return [(needle[i : i + 3], i) for i in range(0, max(1, len(needle) - 2), spacing)][:ANCHORS]

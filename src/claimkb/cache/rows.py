"""Every claim's ``--json`` row, kept by the query index, so that ``claims --json`` answers
without rebuilding a record, parsing a value or loading the model.

A claim's row (:func:`claimkb.query.claim_dict`) is a pure function of the KB, which the
index's key covers, so the check that builds the index writes each row once, as the text
orjson writes for it as an item of the answer's list, in the KB's order, with where each
starts and the order ``claims`` lists them in (by file, then line). A question picks its
rows from the index's columns, exactly as :func:`claimkb.query.find_claims` would (see
:mod:`.answering`), and :func:`write` prints them as the whole answer is printed: the rows
are joined :data:`CHUNK` at a time and finished by :func:`claimkb.render.json.finish` (the
float rewrite and the defused CI commands of :func:`~claimkb.render.json.dumps`, which work
line by line), so the answer is never held whole and is byte for byte the same. When orjson
refuses some row (dumps would then take the json module's way), the index holds no rows and
the questions are answered the usual way.
"""

from __future__ import annotations

import zlib
from array import array
from collections.abc import Callable, Iterable, Sequence
from itertools import accumulate
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..kb import KB

__all__ = ["Rows", "build", "write", "CHUNK"]

CHUNK = 2000
"""How many rows :func:`write` decodes and encodes at a time."""
_CODE = "q"


def build(
    kb: KB, claims: Sequence[Any], places: Sequence[tuple[str, int]] | None = None
) -> tuple[Any, ...] | None:
    """(the rows per chunk, the start of each row in its chunk, each claim's place in the
    listing, the entity ids), or None when orjson cannot encode some row (then
    :func:`claimkb.render.json.dumps` would take the json module's way). ``places`` are the
    claims' (file, line), when the caller has read them already.

    The rows are taken in the order ``claims`` lists them (by file, then line), so that an
    answer reads its chunks one after the other, and encoded :data:`CHUNK` at a time, as a
    list; each chunk is cut where an item starts (a line ``  {``: deeper lines are indented
    more, and no string holds a raw newline) and compressed (a tenth of the size, so the
    check holds and writes little more)."""
    from ..query import claim_dicts
    from ..render.json import encode

    if places is None:  # each claim's (file, line)
        from ..model import places as model_places

        places = model_places(claims)
    order = sorted(range(len(claims)), key=places.__getitem__)
    rank = array(_CODE, bytes(len(order) * array(_CODE).itemsize))
    for place, position in enumerate(order):
        rank[position] = place
    packed: list[bytes] = []
    starts = array(_CODE)
    for begin in range(0, len(order), CHUNK):
        chunk = [claims[position] for position in order[begin : begin + CHUNK]]
        encoded = encode(claim_dicts(kb, chunk))
        if encoded is None:
            return None
        body = encoded[2:-2]  # "[\n" and "\n]"
        found = _items(body)
        if len(found) != len(chunk) or not body.startswith(_ITEM[1:]):
            return None
        starts.extend(found)
        packed.append(zlib.compress(body, 1))
    return (CHUNK, packed, starts.tobytes(), rank.tobytes(), list(kb.entities))


_BETWEEN = b",\n"
_ITEM = b"\n  {"


def _items(body: bytes) -> list[int]:
    """Where each item of a list's encoded body starts (worked out in C: the body's pieces
    between items, each with the item's mark, add up to where the next item starts)."""
    between = body.split(_ITEM)[:-1]
    ends = accumulate(map(len(_ITEM).__add__, map(len, between)))  # each mark's end
    return [0, *map((1 - len(_ITEM)).__add__, ends)]


class Rows:
    """The rows of a query index (see :func:`build`), and the claims one question lists."""

    def __init__(self, stored: Any, listed: Sequence[int] | None = None) -> None:
        if not isinstance(stored, tuple) or len(stored) != 5:
            raise ValueError("the index's rows are not what build writes")
        self._stored = stored
        self._size, self._packed, starts, rank, self.entity_ids = stored
        self._starts = _array(starts)
        self._rank = _array(rank)
        count = len(self._rank)
        if (
            type(self._size) is not int
            or self._size < 1
            or not isinstance(self._packed, list)
            or len(self._packed) != -(-count // self._size)
            or len(self._starts) != count
        ):
            raise ValueError("the index's rows do not fit their offsets")
        self.listed: Sequence[int] = range(count) if listed is None else listed
        """The places of the claims listed, in order."""
        self.unreadable = 0
        """How many records or files the KB's load could not read (for the answer's note)."""
        self._chunk: tuple[int, bytes] = (-1, b"")

    def __len__(self) -> int:
        return len(self.listed)

    def of(self, positions: Iterable[int]) -> Rows:
        """The claims at these positions of the KB, as ``claims`` lists them."""
        rank = self._rank
        return Rows(self._stored, sorted({rank[position] for position in positions}))

    def place(self, position: int) -> int:
        """Where the claim at this position of the KB is listed."""
        return self._rank[position]

    def row_of(self, position: int) -> bytes:
        """The row of the claim at this position of the KB."""
        return self._row(self._rank[position])

    def _row(self, place: int) -> bytes:
        chunk, within = divmod(place, self._size)
        if self._chunk[0] != chunk:  # the listing reads its chunks in order: keep the last
            try:
                self._chunk = (chunk, zlib.decompress(self._packed[chunk]))
            except zlib.error:
                raise ValueError("a chunk of the index's rows is damaged") from None
        body = self._chunk[1]
        last = within == self._size - 1 or place + 1 == len(self._rank)
        end = len(body) if last else self._starts[place + 1] - len(_BETWEEN)
        return body[self._starts[place] : end]

    def chunks(self) -> Iterable[bytes]:
        """The listed rows, :data:`CHUNK` at a time, each chunk's rows joined as items."""
        listed = self.listed
        for start in range(0, len(listed), CHUNK):
            yield _BETWEEN.join(map(self._row, listed[start : start + CHUNK]))


def _array(data: Any) -> array[int]:
    found = array(_CODE)
    found.frombytes(data)
    return found


def write(rows: Rows, out: Callable[[str], Any]) -> None:
    """Print the listed rows as ``dumps(rows) + "\\n"`` would, a chunk at a time."""
    from ..render.json import finish

    if not len(rows):
        out("[]\n")
        return
    separator = "[\n"
    for chunk in rows.chunks():
        out(separator + finish(chunk))  # whole lines, as dumps would write them
        separator = ",\n"
    out("\n]\n")

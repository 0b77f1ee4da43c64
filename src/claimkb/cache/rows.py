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

from array import array
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..kb import KB

__all__ = ["Rows", "build", "write", "CHUNK"]

CHUNK = 2000
"""How many rows :func:`write` decodes and encodes at a time."""
_CODE = "q"


def build(kb: KB, claims: Sequence[Any]) -> tuple[bytes, bytes, bytes, list[str]] | None:
    """(the rows, each as orjson writes it as an item of the answer's list, joined by
    ``,\\n``; where each starts, and where one after the last would; the positions in the
    order ``claims`` lists them; the entity ids), or None when orjson cannot encode some row
    (then :func:`claimkb.render.json.dumps` would take the json module's way). The rows are
    encoded :data:`CHUNK` at a time, a list each, and cut where an item starts (a line
    ``  {``: deeper lines are indented more, and no string holds a raw newline)."""
    from ..query import claim_dict
    from ..render.json import encode

    bodies: list[bytes] = []
    starts = array(_CODE)
    position = 0
    for begin in range(0, len(claims), CHUNK):
        chunk = claims[begin : begin + CHUNK]
        encoded = encode([claim_dict(kb, claim) for claim in chunk])
        if encoded is None:
            return None
        body = encoded[2:-2]  # "[\n" and "\n]"
        found = _items(body, position)
        if len(found) != len(chunk) or not body.startswith(_ITEM[1:]):
            return None
        starts.extend(found)
        bodies.append(body)
        position += len(body) + len(_BETWEEN)
    starts.append(position)
    order = sorted(range(len(claims)), key=lambda index: (claims[index].file, claims[index].line))
    return _BETWEEN.join(bodies), starts.tobytes(), array(_CODE, order).tobytes(), list(kb.entities)


_BETWEEN = b",\n"
_ITEM = b"\n  {"


def _items(body: bytes, position: int) -> list[int]:
    """Where each item of a list's encoded body starts (``position`` added)."""
    found = [position]
    at = body.find(_ITEM)
    while at != -1:
        found.append(position + at + 1)
        at = body.find(_ITEM, at + 1)
    return found


class Rows:
    """The rows of a query index (see :func:`build`), and the claims one question lists."""

    def __init__(self, stored: Any, positions: Sequence[int] | None = None) -> None:
        if not isinstance(stored, tuple) or len(stored) != 4:
            raise ValueError("the index's rows are not what build writes")
        self._blob, starts, order, self.entity_ids = stored
        self._starts = _array(starts)
        self._order = _array(order)
        end = len(self._blob) + len(_BETWEEN) if self._order else 0
        if len(self._starts) != len(self._order) + 1 or self._starts[-1] != end:
            raise ValueError("the index's rows do not fit their offsets")
        self.positions: Sequence[int] = self._order if positions is None else positions
        """The claims listed, in the answer's order."""
        self.unreadable = 0
        """How many records or files the KB's load could not read (for the answer's note)."""

    def __len__(self) -> int:
        return len(self.positions)

    def row(self, position: int) -> bytes:
        return self._blob[self._starts[position] : self._starts[position + 1] - len(_BETWEEN)]

    def listed(self, positions: Iterable[int]) -> Rows:
        """These claims, in the order ``claims`` lists them."""
        rank = array(_CODE, bytes(len(self._order) * array(_CODE).itemsize))
        for place, position in enumerate(self._order):
            rank[position] = place
        chosen = sorted(set(positions), key=rank.__getitem__)
        return Rows((self._blob, self._starts, self._order, self.entity_ids), chosen)

    def chunks(self) -> Iterable[bytes]:
        """The listed rows, :data:`CHUNK` at a time, each chunk's rows joined as items."""
        positions = self.positions
        for start in range(0, len(positions), CHUNK):
            yield _BETWEEN.join(map(self.row, positions[start : start + CHUNK]))


def _array(data: Any) -> array[int]:
    if isinstance(data, array):
        return data
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

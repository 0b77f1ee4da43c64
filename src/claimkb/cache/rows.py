"""Every claim's ``--json`` row, kept by the query index, so that ``claims --json`` answers
without rebuilding a record, parsing a value or loading the model.

A claim's row (:func:`claimkb.query.claim_dict`) is a pure function of the KB, which the
index's key covers, so the check that builds the index keeps what each row is made of: its
values as plain data (:mod:`claimkb.rowvalues`: one tuple per claim, the readings numbered
once), in the order ``claims`` lists them (by file, then line), :data:`CHUNK` claims to a
chunk, each chunk marshalled. A question picks its claims from the
index's columns, exactly as :func:`claimkb.query.find_claims` would (see :mod:`.answering`),
and :func:`write` prints their rows as the whole answer is printed
(:func:`claimkb.render.json.dumps`), a chunk at a time, so the answer is never held whole
and is byte for byte the same.

Encoding the rows as JSON is left to the question: at 100,000 claims it is most of what the
index costs a check (the rows' JSON is ten times the size of their values), and a check runs
far more often than every claim is asked for. The check still makes sure orjson encodes every
row (in one compact pass, which refuses what the indented one does): when it refuses some
row (dumps would then take the json module's way), the index holds no rows and the questions
are answered the usual way.
"""

from __future__ import annotations

import marshal
import math
from array import array
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..claimrow import FIELDS, Reading, row

if TYPE_CHECKING:
    from ..kb import KB
    from ..rowvalues import Columns

__all__ = ["Rows", "build", "write", "CHUNK"]

CHUNK = 2000
"""How many rows a chunk holds (and :func:`write` encodes at a time)."""
_CODE = "q"


def build(kb: KB, found: Columns) -> tuple[Any, ...] | None:
    """(the chunks, each claim's place in the listing, the entity ids, the readings) of the
    claims whose row values are ``found`` (in the KB's order), or None when orjson cannot
    encode some row (then :func:`claimkb.render.json.dumps` would take the json module's
    way) or marshal cannot store it."""
    from ..render.json import refuses

    places = list(zip(found.files, found.lines, strict=True))
    order = sorted(range(len(places)), key=places.__getitem__)
    rank = array(_CODE, bytes(len(order) * array(_CODE).itemsize))
    for place, position in enumerate(order):
        rank[position] = place
    if refuses(found.readings):
        return None
    packed: list[bytes] = []
    for begin in range(0, len(order), CHUNK):
        chunk = found.values(order[begin : begin + CHUNK])  # a chunk at a time: little memory
        if refuses(chunk):  # refused as its rows would be: they hold the same values
            return None
        try:
            packed.append(marshal.dumps(chunk, 2))  # (no references: quicker to write)
        except ValueError:  # a value marshal cannot store
            return None
    return (CHUNK, packed, rank.tobytes(), list(kb.entities), found.readings)


class Rows:
    """The rows of a query index (see :func:`build`), and the claims one question lists."""

    def __init__(self, stored: Any, listed: Sequence[int] | None = None) -> None:
        if not isinstance(stored, tuple) or len(stored) != 5:
            raise ValueError("the index's rows are not what build writes")
        self._stored = stored
        self._size, self._packed, rank, self.entity_ids, self.readings = stored
        self._rank = _array(rank)
        count = len(self._rank)
        if (
            type(self._size) is not int
            or self._size < 1
            or not isinstance(self._packed, list)
            or len(self._packed) != -(-count // self._size)
            or not isinstance(self.readings, list)
        ):
            raise ValueError("the index's rows do not fit their places")
        self.listed: Sequence[int] = range(count) if listed is None else listed
        """The places of the claims listed, in order."""
        self.unreadable = 0
        """How many records or files the KB's load could not read (for the answer's note)."""
        self._chunk: tuple[int, list[Any]] = (-1, [])

    def __len__(self) -> int:
        return len(self.listed)

    def of(self, positions: Iterable[int]) -> Rows:
        """The claims at these positions of the KB, as ``claims`` lists them."""
        rank = self._rank
        return Rows(self._stored, sorted({rank[position] for position in positions}))

    def row_of(self, position: int) -> dict[str, Any]:
        """The row of the claim at this position of the KB."""
        return self._row(self._rank[position], self.readings)

    def _row(self, place: int, readings: Sequence[Reading]) -> dict[str, Any]:
        """The row of the claim listed at ``place``; ValueError if it is damaged."""
        chunk, within = divmod(place, self._size)
        if self._chunk[0] != chunk:  # the listing reads its chunks in order: keep the last
            try:
                values = marshal.loads(self._packed[chunk])
            except (EOFError, ValueError, TypeError):
                raise ValueError("a chunk of the index's rows is damaged") from None
            if type(values) is not list:
                raise ValueError("a chunk of the index's rows is damaged")
            self._chunk = (chunk, values)
        try:
            found = self._chunk[1][within]
            if type(found) is not tuple or len(found) != _WIDTH:
                raise TypeError
            return row(found, readings)
        except (IndexError, TypeError):
            raise ValueError("a row of the index's rows is damaged") from None

    def chunks(self, readings: Sequence[Reading] | None = None) -> Iterable[list[dict[str, Any]]]:
        """The listed rows, :data:`CHUNK` at a time (made with ``readings``, if given, in place
        of the stored ones: the same values, written otherwise)."""
        listed, made_with = self.listed, self.readings if readings is None else readings
        made = self._row
        for start in range(0, len(listed), CHUNK):
            yield [made(place, made_with) for place in listed[start : start + CHUNK]]


_WIDTH = len(FIELDS) - 1
"""The number of a row's values (:data:`claimkb.claimrow.Values`): one per key of the row,
but one reading for ``normalized`` and ``value_error``."""


def _array(data: Any) -> array[int]:
    found = array(_CODE)
    found.frombytes(data)
    return found


def write(rows: Rows, out: Callable[[str], Any]) -> None:
    """Print the listed rows as ``dumps(rows) + "\\n"`` would, a chunk at a time: each chunk
    is encoded by orjson as the items of the list (the check made sure it encodes every
    row), with each float of the readings given as the json module writes it
    (:func:`json_floats`: a row holds no other float, its other values being text,
    integers, booleans and nulls, as the models define them), then made safe as dumps makes
    it (:func:`claimkb.render.json.finish`). Raises ValueError when a chunk is damaged."""
    from ..render.json import encode, finish

    if not len(rows):
        out("[]\n")
        return
    separator = "[\n"
    for chunk in rows.chunks(_JsonReadings(rows.readings)):
        encoded = encode(chunk)
        if encoded is None:
            raise ValueError("orjson refuses a row of the index")
        out(separator + finish(encoded[2:-2], floats=False))  # "[\n" and "\n]": whole lines
        separator = ",\n"
    out("\n]\n")


class _JsonReadings(Sequence[Reading]):
    """The readings with their floats as the json module writes them (:func:`json_floats`),
    each made when a row first asks for it: a question printing a few rows needs a few of
    the thousands of readings."""

    def __init__(self, readings: Sequence[Reading]) -> None:
        self._readings = readings
        self._made: dict[int, Reading] = {}

    def __len__(self) -> int:
        return len(self._readings)

    def __getitem__(self, index: Any) -> Any:
        made = self._made.get(index)
        if made is None:
            normalized, error = self._readings[index]
            made = self._made[index] = (json_floats(normalized), error)
        return made


def json_floats(data: Any) -> Any:
    """``data`` (a reading's ``normalized``: dicts, lists and scalars) with each finite float
    replaced by the text the json module writes for it (``repr``) as an ``orjson.Fragment``,
    which orjson writes as it is: orjson writes some floats its own way (``1e16``, where the
    json module writes ``1e+16``)."""
    if type(data) is float:
        if math.isfinite(data):
            import orjson

            return orjson.Fragment(repr(data).encode())
        return data
    if type(data) is dict:
        return {key: json_floats(value) for key, value in data.items()}
    if type(data) is list:
        return [json_floats(value) for value in data]
    return data

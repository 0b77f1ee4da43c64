"""What claims' ``--json`` rows are made of (:mod:`claimkb.claimrow`), taken from their
records column by column.

A check's query index keeps every claim's row values (:mod:`claimkb.cache.rows`) and some of
them as columns to filter by (:mod:`claimkb.cache.query_index`): at 100,000 claims a Python
step per claim and field would cost the check more than the rest of the index. So the
records' fields are read in one pass of C (``itemgetter`` over their ``__dict__``), turned
into columns (``zip``), and only what must be worked out is: the value as written where it
is not text, the status's value, the subject's entity, the value's reading, each looked up
once per distinct object and mapped over the column.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any

from .claimrow import Reading
from .claimrow import Values as RowValues
from .values import ValueProblem

if TYPE_CHECKING:
    from .kb import KB
    from .model import Claim

__all__ = ["Columns", "columns", "values_of"]

_FIELDS = (
    "id",
    "subject",
    "property",
    "value",
    "source",
    "quote",
    "status",
    "qualifiers",
    "via",
    "reviews",
    "items",
    "derived",
    "note",
)
_READ = itemgetter(*_FIELDS)
_OWN = attrgetter("__dict__")
_LOCATION = attrgetter("__pydantic_private__")


@dataclass(slots=True)
class Columns:
    """Claims' row values, a column each, in the order of the claims given."""

    ids: Sequence[str]
    subjects: Sequence[str]
    subject_ids: Sequence[str]
    properties: Sequence[str]
    written: Sequence[str]
    """Each value as written (:attr:`claimkb.model.Claim.written`)."""
    readings: list[Reading]
    """The distinct readings, numbered by :attr:`reading`."""
    reading: Sequence[int]
    sources: Sequence[str]
    quotes: Sequence[str]
    statuses: Sequence[str]
    """Each status's value."""
    qualifiers: Sequence[dict[str, Any]]
    vias: Sequence[list[str] | None]
    reviews: Sequence[list[str]]
    items: Sequence[list[str]]
    derived: Sequence[dict[str, Any] | None]
    """Each derivation as :meth:`claimkb.model.Derived.model_dump` gives it, or None."""
    notes: Sequence[str | None]
    files: Sequence[str]
    lines: Sequence[int]

    def values(self, order: Sequence[int] | None = None) -> list[RowValues]:
        """Each claim's row values (:data:`claimkb.claimrow.Values`), in ``order`` if given
        (positions in the columns)."""
        parts: tuple[Sequence[Any], ...] = (
            self.ids,
            self.subjects,
            self.subject_ids,
            self.properties,
            self.written,
            self.reading,
            self.sources,
            self.quotes,
            self.statuses,
            self.qualifiers,
            self.vias,
            self.reviews,
            self.items,
            self.derived,
            self.notes,
            self.files,
            self.lines,
        )
        if order is not None:
            if not order:
                return []
            if len(order) == 1:
                parts = tuple([part[order[0]]] for part in parts)
            else:
                pick = itemgetter(*order)  # a tuple of the items picked, in C
                parts = tuple(pick(part) for part in parts)
        return list(zip(*parts, strict=True))


def columns(kb: KB, claims: Iterable[Claim]) -> Columns:
    """The row values of ``claims``, column by column (see the module's docstring)."""
    records = list(claims)
    if not records:
        return Columns(**{name: [] for name in _COLUMN_NAMES})
    (
        ids,
        subjects,
        properties,
        values,
        sources,
        quotes,
        statuses,
        qualifiers,
        vias,
        reviews,
        items,
        derived,
        notes,
    ) = zip(*map(_READ, map(_OWN, records)), strict=True)
    readings, reading = _readings(kb, ids)
    locations = list(map(_LOCATION, records))  # claim.file and claim.line, read once
    return Columns(
        ids=ids,
        subjects=subjects,
        subject_ids=_subject_ids(kb, records, subjects),
        properties=properties,
        written=_written(records, values),
        readings=readings,
        reading=reading,
        sources=sources,
        quotes=quotes,
        statuses=_each_once(statuses, attrgetter("value")),
        qualifiers=qualifiers,
        vias=vias,
        reviews=reviews,
        items=items,
        derived=_derived(derived),
        notes=notes,
        files=[location["_file"] if location else "" for location in locations],
        lines=[location["_line"] if location else 0 for location in locations],
    )


def values_of(kb: KB, claim: Claim) -> tuple[RowValues, Reading]:
    """One claim's row values (its reading numbered 0) and its reading: what :func:`columns`
    gives for a claim alone, without building columns (a row of one claim shares nothing)."""
    (
        claim_id,
        subject,
        property_,
        value,
        source,
        quote,
        status,
        qualifiers,
        via,
        reviews,
        items,
        derived,
        note,
    ) = _READ(claim.__dict__)
    location = _LOCATION(claim)
    values = (
        claim_id,
        subject,
        kb.subject_id(claim),
        property_,
        value if type(value) is str else claim.written,
        0,
        source,
        quote,
        status.value,
        qualifiers,
        via,
        reviews,
        items,
        derived.model_dump() if derived is not None else None,
        note,
        location["_file"] if location else "",
        location["_line"] if location else 0,
    )
    return values, _reading(kb.values.at_hand().get(claim_id))


_COLUMN_NAMES = tuple(Columns.__dataclass_fields__)


def _each_once(column: Sequence[Any], work: Any) -> list[Any]:
    """``work`` of each item of ``column``, worked out once per distinct item."""
    done = {item: work(item) for item in set(column)}
    return list(map(done.__getitem__, column))


def _written(records: list[Claim], values: Sequence[Any]) -> Sequence[str]:
    """Each value as written: the text itself, but for a number or a boolean."""
    if all(type(value) is str for value in values):
        return values
    return [v if type(v) is str else c.written for c, v in zip(records, values, strict=True)]


def _subject_ids(kb: KB, records: list[Claim], subjects: Sequence[str]) -> list[str]:
    """The entity each subject names (:meth:`claimkb.kb.KB.subject_id`), once per subject."""
    first = dict(zip(subjects, records, strict=True))  # a claim of each subject as written
    known = {subject: kb.subject_id(claim) for subject, claim in first.items()}
    return list(map(known.__getitem__, subjects))


def _readings(kb: KB, ids: Sequence[str]) -> tuple[list[Reading], list[int]]:
    """(the distinct readings, each claim's number among them): claims writing a value
    alike share its reading (one object), and so their ``normalized`` dict."""
    found = list(map(kb.values.at_hand().get, ids))
    distinct = {id(value): value for value in found}
    numbered = dict(zip(distinct, range(len(distinct)), strict=True))
    readings = list(map(_reading, distinct.values()))
    return readings, list(map(numbered.__getitem__, map(id, found)))


def _reading(value: Any) -> Reading:
    """A claim's value as its row gives it (None where it has none)."""
    if value is None:
        return (None, None)
    if isinstance(value, ValueProblem):
        return (None, str(value))
    return (value.to_dict(), None)


def _derived(column: Sequence[Any]) -> Sequence[dict[str, Any] | None]:
    """Each derivation dumped (most claims have none)."""
    if column.count(None) == len(column):
        return column
    return [d.model_dump() if d is not None else None for d in column]

"""The typed records a Workspace's questions answer with (``claimkb.open(root).show(id)``...).

Each holds the fields of its documented JSON shape (the README's "JSON shapes"), in that
order, and ``to_dict()`` gives that shape exactly (what ``--json`` prints and the tables
draw). A record is read from the shape with ``from_dict`` (the query index and the queries
build the shapes). Parts whose keys depend on the KB's records (a source's fields, a
resolution, a finding) stay mappings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Generic, TypeVar

__all__ = [
    "Answer",
    "ClaimRow",
    "EntityAnswer",
    "Shown",
    "SourceRow",
    "Timeline",
    "jsonable",
]

Data = dict[str, Any]
T = TypeVar("T")


@dataclass(frozen=True)
class ClaimRow:
    """One claim as the queries show it."""

    id: str
    subject: str
    subject_id: str
    """The entity the subject names (or the subject as written, if it names none)."""
    property: str
    value: str
    """As written."""
    normalized: Data | None
    """The value as read (None if it cannot be read: see ``value_error``)."""
    value_error: str | None
    source: str
    quote: str | None
    status: str
    qualifiers: Data
    via: str | None
    reviews: list[str]
    items: list[Any]
    derived: Data | None
    note: str | None
    file: str
    line: int

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ClaimRow:
        return cls(**{f.name: data[f.name] for f in fields(cls)})

    def to_dict(self) -> Data:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _rows(data: list[Mapping[str, Any]]) -> list[ClaimRow]:
    return [ClaimRow.from_dict(row) for row in data]


@dataclass(frozen=True)
class SourceRow:
    """A source: its record's fields, how many claims give it, what it rests on."""

    record: Data
    """The source record's fields, as written (id, kind, title, url, cites, ...)."""
    claims: int
    rests_on: list[str]
    """The sources it rests on through ``cites`` and ``via``, itself included."""
    file: str
    line: int

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SourceRow:
        extra = ("claims", "rests_on", "file", "line")
        record = {k: v for k, v in data.items() if k not in extra}
        return cls(record, data["claims"], data["rests_on"], data["file"], data["line"])

    @property
    def id(self) -> str:
        return str(self.record["id"])

    def to_dict(self) -> Data:
        return {
            **self.record,
            "claims": self.claims,
            "rests_on": self.rests_on,
            "file": self.file,
            "line": self.line,
        }


@dataclass(frozen=True)
class Shown:
    """A claim with its source, rivals, evidence, reviews, resolutions and findings."""

    claim: ClaimRow
    source: SourceRow | None
    single_valued: bool
    rivals: list[ClaimRow]
    uncompared: list[Data]
    """Claims on the same subject and property left uncompared: their qualifiers differ
    (each a claim's shape with ``qualifiers_differ``)."""
    also_claimed: list[ClaimRow]
    evidence: list[list[str]]
    """The independent groups of claims that agree with it."""
    rests_on: list[str]
    reviews: list[ClaimRow]
    resolutions: list[Data]
    findings: list[Data]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Shown:
        source = data["source"]
        return cls(
            claim=ClaimRow.from_dict(data["claim"]),
            source=SourceRow.from_dict(source) if source is not None else None,
            single_valued=data["single_valued"],
            rivals=_rows(data["rivals"]),
            uncompared=data["uncompared"],
            also_claimed=_rows(data["also_claimed"]),
            evidence=data["evidence"],
            rests_on=data["rests_on"],
            reviews=_rows(data["reviews"]),
            resolutions=data["resolutions"],
            findings=data["findings"],
        )

    def to_dict(self) -> Data:
        return {f.name: jsonable(getattr(self, f.name)) for f in fields(self)}


@dataclass(frozen=True)
class EntityAnswer:
    """An entity found by a name, and the claims about it, naming it, misspelling it."""

    entity: Data
    """The entity record's fields, with its file and line."""
    matched: str
    """The name asked for."""
    misspelling: Data | None
    """When the name is a misspelling a resolution records: that resolution and its claims."""
    claims: list[ClaimRow]
    named_by: list[ClaimRow]
    misspelt_by: list[ClaimRow]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EntityAnswer:
        return cls(
            entity=data["entity"],
            matched=data["matched"],
            misspelling=data["misspelling"],
            claims=_rows(data["claims"]),
            named_by=_rows(data["named_by"]),
            misspelt_by=_rows(data["misspelt_by"]),
        )

    def to_dict(self) -> Data:
        return {f.name: jsonable(getattr(self, f.name)) for f in fields(self)}


@dataclass(frozen=True)
class Timeline:
    """Date-valued claims in order of their earliest day, and those left out (each with a
    ``reason``: ``unreadable`` or ``undated-source``)."""

    timeline: list[ClaimRow]
    left_out: list[Data]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Timeline:
        return cls(_rows(data["timeline"]), data["left_out"])

    def to_dict(self) -> Data:
        return {"timeline": jsonable(self.timeline), "left_out": self.left_out}


def jsonable(data: Any) -> Any:
    """``data`` in its JSON shape: records by their ``to_dict``, lists item by item."""
    if isinstance(data, list):
        return [jsonable(item) for item in data]
    to_dict = getattr(data, "to_dict", None)
    return to_dict() if callable(to_dict) else data


@dataclass(frozen=True)
class Answer(Generic[T]):
    """A query's answer: the data in its documented JSON shape (see the README's "JSON
    shapes"), and what a caller needs to present it."""

    data: T
    unreadable: int = 0
    """How many records or files could not be read (the answer leaves them out)."""
    snapshots: tuple[Any, ...] | None = None
    """The state of the snapshots the findings in the answer rest on (for keeping it)."""

    def to_json(self) -> Any:
        """The data in its JSON shape (what ``--json`` prints)."""
        return jsonable(self.data)

    @property
    def note(self) -> str:
        """The note, for stderr, that some records could not be read ("" if none)."""
        if not self.unreadable:
            return ""
        return (
            f"claimkb: note: {self.unreadable} record(s) or file(s) could not be read; "
            "run `claimkb check` to see them\n"
        )

"""The knowledge base's records, as pydantic models.

The shapes follow Wikidata's statement model: a claim states a value for a subject's property,
with qualifiers, a reference (source + verbatim quote) and a rank-like status on one verdict
scale. What the user writes is kept as written; everything derived from it (normalised values,
evidence counts) is computed by the library, never typed by hand.

Field names are snake_case in YAML and JSON alike. Every model forbids unknown fields so a typo
is reported rather than ignored.
"""

from __future__ import annotations

import builtins
from collections.abc import Iterable
from enum import StrEnum
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    field_validator,
    model_validator,
)

ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$"
Id = Annotated[str, StringConstraints(pattern=ID_PATTERN)]
"""Ids are short, URL- and shell-safe: letters, digits, and ``. _ ~ -`` after the first."""

NonEmpty = Annotated[str, StringConstraints(min_length=1)]
Scalar = str | int | bool


class Status(StrEnum):
    """The verdict scale. See the README for its mapping to ClaimReview and AVeriTeC."""

    VERIFIED = "verified"
    SINGLE_SOURCE = "single-source"
    VENDOR_CLAIM = "vendor-claim"
    IMPRECISE = "imprecise"
    DISPUTED = "disputed"
    REFUTED = "refuted"
    INSUFFICIENT_EVIDENCE = "insufficient-evidence"
    UNCHECKED = "unchecked"


class SourceKind(StrEnum):
    NEWS = "news"
    ANNOUNCEMENT = "announcement"
    """An official statement by an interested party (vendor press release, official account)."""
    ANALYSIS = "analysis"
    FACT_CHECK = "fact-check"
    DOCUMENTATION = "documentation"
    ISSUE_TRACKER = "issue-tracker"
    REPOSITORY = "repository"
    REPORT = "report"
    PRIMARY_RECORD = "primary-record"
    """The official record of what it states (an election commission's count, a census
    bureau's table, a standards body's specification, a court's judgment): its own statement
    verifies the figure it records."""
    OTHER = "other"


class Datatype(StrEnum):
    QUANTITY = "quantity"
    DATE = "date"
    ENTITY = "entity"
    TEXT = "text"
    BOOLEAN = "boolean"
    VERDICT = "verdict"
    """A fact-check verdict on other claims (listed in the claim's ``reviews``); the value is a
    status of the verdict scale."""


class ResolutionKind(StrEnum):
    ROUNDING = "rounding"
    PRECISION = "precision"
    MISSPELLING = "misspelling"
    ERROR = "error"
    OUTDATED = "outdated"
    DIFFERENT_SCOPE = "different-scope"
    UNVERIFIED = "unverified"
    SELF_CONTRADICTION = "self-contradiction"
    MISCOUNT = "miscount"
    ARITHMETIC = "arithmetic"
    UNIT_CONFUSION = "unit-confusion"
    ATTRIBUTION = "attribution"
    MARKETING = "marketing"
    OTHER = "other"


class SharedFields(set[str]):
    """The names of the fields a record was given, one set for every record given the same
    (:func:`shared_fields`): pydantic keeps a set per model instance, and for a large KB those
    sets were a quarter of its memory. Records are never changed after validation; should one
    be, changing the shared set is refused, and a copy (``model_copy``) gets a set of its own.
    """

    __slots__ = ()

    def _refuse(self, *_: object) -> None:
        raise TypeError("the fields set of a record read from a KB is shared; copy the record")

    add = discard = remove = pop = clear = update = _refuse  # type: ignore[assignment]
    intersection_update = difference_update = symmetric_difference_update = _refuse
    __ior__ = __iand__ = __isub__ = __ixor__ = _refuse  # type: ignore[assignment]

    def __copy__(self) -> set[str]:
        return set(self)


_FIELD_SETS: dict[frozenset[str], SharedFields] = {}


def shared_fields(names: Iterable[str]) -> SharedFields:
    """The one :class:`SharedFields` holding exactly ``names``."""
    key = frozenset(names)
    found = _FIELD_SETS.get(key)
    if found is None:
        found = _FIELD_SETS[key] = SharedFields(key)
    return found


class Located(BaseModel):
    """Base of every record: remembers the file and line it was read from.

    The location lives in pydantic's ``__pydantic_private__`` slot (compared by ``==``, kept
    by copies), set in one step by :meth:`locate`. It is not declared with ``PrivateAttr``:
    pydantic would then build default private values for every record it validates, a
    fifth of the validation time of 100,000 claims. A record never located reports file ""
    and line 0.
    """

    model_config = ConfigDict(
        extra="forbid", str_strip_whitespace=False, use_enum_values=False, defer_build=True
    )

    def locate(self, file: str, line: int, key_lines: dict[str, int]) -> None:
        """Remember where the record was read (and share its fields set: see
        :class:`SharedFields`)."""
        location = {"_file": file, "_line": line, "_key_lines": key_lines}
        object.__setattr__(self, "__pydantic_private__", location)
        fields = shared_fields(self.__pydantic_fields_set__)
        object.__setattr__(self, "__pydantic_fields_set__", fields)

    @property
    def file(self) -> str:
        location = self.__pydantic_private__
        return location["_file"] if location else ""

    @property
    def line(self) -> int:
        location = self.__pydantic_private__
        return location["_line"] if location else 0

    def line_of(self, key: str) -> int:
        """Line where ``key`` was written, or the record's own line."""
        location = self.__pydantic_private__
        if not location:
            return 0
        line: int = location["_key_lines"].get(key, location["_line"])
        return line


class Source(Located):
    id: Id
    title: NonEmpty
    publisher: NonEmpty | None = None
    """Left out when the archived text does not name it (never guessed)."""
    url: str | None = None
    date: Scalar | None = None
    """Publication date as written (``2026-11-06``, ``2026-11``); precision is kept."""
    language: Annotated[str, StringConstraints(pattern=r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")]
    kind: SourceKind
    snapshot: str | None = None
    """Archived text of the source, relative to a configured snapshot directory."""
    cites: list[Id] = Field(default_factory=list)
    """Sources this one relays. Relays of one announcement count as one piece of evidence."""
    issued_by: Id | None = None
    """The organisation (an entity) that speaks for itself in this source: a vendor's own
    repository, documentation or account. Claims resting on it are that party's own claims,
    as with an ``announcement``."""
    note: str | None = None

    @builtins.property
    def interested(self) -> bool:
        """Whether the source is an interested party's own statement."""
        return self.kind is SourceKind.ANNOUNCEMENT or self.issued_by is not None


class Entity(Located):
    id: Id
    name: NonEmpty
    kind: Id
    aliases: list[NonEmpty] = Field(default_factory=list)
    part_of: Id | None = None
    """The entity this one lies within (a city's region or country, a product's family)."""
    description: str | None = None


class Approximation(BaseModel):
    """How far an approximation marker widens a value each way: ``digits`` units of its last
    significant digit, or ``percent`` of the value; the smaller when both are given."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    digits: Annotated[float, Field(ge=0, le=100)] | None = None
    """Units of the value's last significant digit (0.5: 约69% is 68–70 %)."""
    percent: Annotated[float, Field(ge=0, le=100)] | None = None
    """Percent of the value (5: about 5.6 TB is 5.6 ± 0.33 TB before its digits' half unit)."""

    @model_validator(mode="after")
    def _one_given(self) -> Approximation:
        if self.digits is None and self.percent is None:
            raise ValueError("give digits, percent or both")
        return self


class Property(Located):
    id: Id
    label: NonEmpty
    datatype: Datatype
    dimension: str | None = None
    """For quantities: the unit dimension: its name (``length``, ``power``, ``currency`` ...),
    a composite (``bit/second``) or a unit that names one (``watt``, ``W``, ``m``, ``USD``)."""
    currency: str | None = None
    """For money: the ISO 4217 code an ambiguous symbol (``$``, ``¥``, ``元``) stands for in
    this property's claims."""
    entity_kind: Id | None = None
    """For entity values: the kind of entity expected (``place``, ``organisation`` ...)."""
    within: Id | None = None
    """For entity values: the entity expected values lie within; ranks candidates."""
    single_valued: bool = False
    tolerance: Annotated[float, Field(ge=0, le=1)] = 0.0
    """Relative widening of every value's range before comparing (0 = as written)."""
    approximation: Approximation | None = None
    """For quantities: how far an approximation marker (about, 约, ~ ...) widens a value
    (default: another half unit of its last significant digit, at most 5% of the value)."""
    description: str | None = None


class Bounds(BaseModel):
    """Explicit bounds, written in the claim's unit; they override the inferred precision."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    lower: Scalar | None = None
    upper: Scalar | None = None


class Derived(BaseModel):
    """How a claim's value follows from other claims and constants (see
    docs/derived-claims.md): an expression over ``{claim-id}`` and ``{constant-id}`` references."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    expr: NonEmpty
    note: str | None = None

    @field_validator("expr", mode="before")
    @classmethod
    def _quoted(cls, value: Any) -> Any:
        if isinstance(value, dict | list):
            raise ValueError(
                'YAML read the braces as a mapping; quote the expression: expr: "{a} * {b}"'
            )
        return value


class Claim(Located):
    id: Id
    subject: NonEmpty
    property: Id
    value: Scalar
    """The value exactly as the source wrote it (``3 万亿级``, ``about 5.6 TB``, ``Nov 4–5``)."""
    source: Id
    quote: NonEmpty
    status: Status
    qualifiers: dict[Id, Scalar] = Field(default_factory=dict)
    """Qualifiers (as_of, scope, version, configuration ...): claims that differ in any
    qualifier are not rivals."""
    via: list[Id] | None = None
    """The sources this particular claim relays, when it is narrower than the source's
    ``cites`` (``via: []`` marks the source's own reporting)."""
    unit: NonEmpty | None = None
    """The unit of a value whose text leaves it out (``29,029`` after "feet" earlier in the
    sentence): the value is read as a number in this unit, as are bare numbers in ``bounds``."""
    bounds: Bounds | None = None
    exact: bool = False
    """For quantities: the figure is exact as written, not a rounding (``4000`` is exactly
    4000, where it would otherwise be 3500–4500)."""
    items: list[NonEmpty] = Field(default_factory=list)
    """For counts: the items the source enumerates, checked against the count."""
    reviews: list[Id] = Field(default_factory=list)
    """For verdict claims: the claims this verdict rates."""
    derived: Derived | None = None
    """For figures the source computed: how to recompute them, checked by ``claimkb check``."""
    unquoted: NonEmpty | None = None
    """Why the value is not in the quote as written (a paraphrase, a unit or figure stated
    elsewhere in the text): the value is then not compared with the quote."""
    note: str | None = None

    @builtins.property
    def written(self) -> str:
        value = self.value
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)


class Constant(Located):
    """A fixed figure derivations may use (bits per parameter of a number format ...).

    ``value`` is the real figure, ``nominal`` the one the format's name suggests when they
    differ (MXFP4: 4 bits nominal, 4.25 bits with its shared scale), so a recomputation that
    only matches with the nominal figure can say so."""

    id: Id
    value: Scalar
    nominal: Scalar | None = None
    label: str | None = None
    source: Id | None = None
    """A registered source that documents the figure."""
    citation: str | None = None
    """Where the figure comes from, when it is no registered source (a specification ...)."""
    note: str | None = None


class UnitDefinition(Located):
    """A unit of the KB's own field that no library knows (a registry's ``units:``).

    With a ``definition`` (an amount of known units: ``666.67 m²``, ``1e8 CNY``) the unit is
    that amount; without one it is the base unit of ``dimension`` (a new dimension of that
    name, or a known one: ``dimension: count`` makes a word a counted noun)."""

    id: Id
    definition: Scalar | None = None
    """What one of the unit is, as an amount of known units (``666.67 m²``, ``1e8 CNY``,
    ``0.5 kg``); leave it out for the base unit of a dimension."""
    dimension: str | None = None
    """The dimension a unit without a definition measures (default: a new one named by the
    id); with a definition, checked against it."""
    symbol: str | None = None
    """How values in the unit are shown (default: the id)."""
    aliases: list[NonEmpty] = Field(default_factory=list)
    """Other written forms (``亩``, ``households``), matched exactly."""
    note: str | None = None


class Resolution(Located):
    """The triage of a discrepancy: which claims it involves, which is preferred, and why."""

    id: Id
    claims: Annotated[list[Id], Field(min_length=1)]
    preferred: Id | None = None
    kind: ResolutionKind
    reason: NonEmpty


RECORD_TYPES: dict[str, type[Located]] = {
    "sources": Source,
    "entities": Entity,
    "properties": Property,
    "claims": Claim,
    "constants": Constant,
    "resolutions": Resolution,
    "units": UnitDefinition,
}
"""Section name in a YAML file -> model of each record in it."""


def describe(model: type[BaseModel]) -> dict[str, Any]:
    """Field names of a model with whether each is required (used for hints and docs)."""
    return {name: f.is_required() for name, f in model.model_fields.items()}

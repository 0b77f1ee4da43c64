"""The loaded knowledge base: validated records, their indexes and their computed values."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from .config import Config
from .findings import Finding
from .model import Claim, Constant, Datatype, Entity, Property, Resolution, Source, Status
from .values import Quantity, Value, ValueProblem, name_key, parse_quantity, parse_value, year_of

STATUSES = frozenset(s.value for s in Status)


@dataclass(eq=False)
class KB:
    root: Path
    config: Config
    sources: dict[str, Source] = field(default_factory=dict)
    entities: dict[str, Entity] = field(default_factory=dict)
    properties: dict[str, Property] = field(default_factory=dict)
    claims: dict[str, Claim] = field(default_factory=dict)
    constants: dict[str, Constant] = field(default_factory=dict)
    resolutions: dict[str, Resolution] = field(default_factory=dict)
    load_findings: list[Finding] = field(default_factory=list)
    """Problems met while reading files (syntax, schema, duplicate ids)."""
    files: list[str] = field(default_factory=list)
    """Every YAML file read, relative to the root."""
    broken: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    """What was written but could not be loaded, so that references to it are not reported
    again as unknown (the record's or file's own finding says what to fix):

    * ``broken[<section>]``: ids of records of that section that failed validation;
    * ``broken["entity-names"]``: ``name_key`` of the names and aliases of broken entities;
    * ``broken["unread"]``: sections a file that could not be read at all may have defined."""

    memo: dict[str, object] = field(default_factory=dict, repr=False)
    """Analyses shared between checks (groups, evidence), computed once per KB."""

    # -- entities ----------------------------------------------------------------------------

    @cached_property
    def name_index(self) -> dict[str, str]:
        """``name_key`` of every entity id, name and alias -> entity id (first wins)."""
        index: dict[str, str] = {}
        for entity in self.entities.values():
            for name in (entity.id, entity.name, *entity.aliases):
                index.setdefault(name_key(name), entity.id)
        return index

    def entity(self, name: str) -> Entity | None:
        """The entity with this id, name or alias (any case, hyphenation or width)."""
        found = self.entities.get(name)
        if found is not None:
            return found
        entity_id = self.name_index.get(name_key(name))
        return self.entities.get(entity_id) if entity_id else None

    def subject_id(self, claim: Claim) -> str:
        """The entity id a claim's subject names, or the subject as written if unknown."""
        entity = self.entity(claim.subject)
        return entity.id if entity else claim.subject

    def within(self, entity_id: str, ancestor: str) -> bool:
        """Whether ``entity_id`` lies inside ``ancestor`` through ``part_of`` links."""
        seen: set[str] = set()
        current: str | None = entity_id
        while current and current not in seen:
            if current == ancestor:
                return True
            seen.add(current)
            entity = self.entities.get(current)
            current = entity.part_of if entity else None
        return False

    # -- values ------------------------------------------------------------------------------

    def source_year(self, claim: Claim) -> int | None:
        source = self.sources.get(claim.source)
        return year_of(source.date) if source else None

    @cached_property
    def values(self) -> dict[str, Value | ValueProblem]:
        """Each claim's normalised value (or why it cannot be read), computed once."""
        result: dict[str, Value | ValueProblem] = {}
        for claim in self.claims.values():
            prop = self.properties.get(claim.property)
            if prop is None:
                continue
            try:
                value = parse_value(
                    prop.datatype.value,
                    claim.written,
                    dimension=prop.dimension,
                    default_year=self.source_year(claim),
                    resolve=self.name_index,
                    statuses=STATUSES,
                )
                if claim.bounds is not None:
                    value = _with_bounds(value, claim, prop.dimension)
                result[claim.id] = value
            except ValueProblem as problem:
                result[claim.id] = problem
        return result

    def value(self, claim_id: str) -> Value | None:
        """A claim's normalised value, or None if it is unreadable or its property unknown."""
        value = self.values.get(claim_id)
        return None if isinstance(value, ValueProblem) or value is None else value

    # -- groupings ---------------------------------------------------------------------------

    @cached_property
    def claims_by_subject(self) -> dict[str, list[Claim]]:
        groups: dict[str, list[Claim]] = defaultdict(list)
        for claim in self.claims.values():
            groups[self.subject_id(claim)].append(claim)
        return dict(groups)

    @cached_property
    def reviews_of(self) -> dict[str, list[Claim]]:
        """Claim id -> the verdict claims that review it."""
        index: dict[str, list[Claim]] = defaultdict(list)
        for claim in self.claims.values():
            prop = self.properties.get(claim.property)
            if prop is not None and prop.datatype is Datatype.VERDICT:
                for reviewed in claim.reviews:
                    index[reviewed].append(claim)
        return dict(index)


def _with_bounds(value: Value, claim: Claim, dimension: str | None) -> Value:
    """Explicit bounds override the range the digits imply."""
    if not isinstance(value, Quantity) or claim.bounds is None:
        raise ValueProblem("bounds apply only to quantity values", "bounds")
    lower, upper = value.lower, value.upper
    for name in ("lower", "upper"):
        written = getattr(claim.bounds, name)
        if written is None:
            continue
        try:
            bound = parse_quantity(str(written), dimension or value.dimension)
        except ValueProblem as problem:
            raise ValueProblem(f"bounds.{name}: {problem}", "bounds") from None
        amount = bound.nominal if bound.nominal is not None else getattr(bound, name)
        lower, upper = (amount, upper) if name == "lower" else (lower, amount)
    if lower > upper:
        raise ValueProblem("bounds.lower is above bounds.upper", "bounds")
    if value.nominal is not None and not lower <= value.nominal <= upper:
        raise ValueProblem("the value lies outside its own bounds", "bounds")
    return replace(value, lower=lower, upper=upper)

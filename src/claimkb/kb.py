"""The loaded knowledge base: validated records, their indexes and their computed values."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from .claimvalue import Reader
from .config import Config
from .findings import Finding
from .model import (
    Claim,
    Constant,
    Datatype,
    Entity,
    Property,
    Resolution,
    Source,
    Status,
    UnitDefinition,
)
from .values import DateValue, Value, ValueProblem, name_key, parse_date, year_of
from .values.currency import CODES, region_currency
from .values.unitdefs import CURRENCY_FAMILY
from .values.units import Context, KBUnits, kb_units, resolve_dimension, using

STATUSES = frozenset(s.value for s in Status)

ReadingContext = tuple[Reader, DateValue | None, int | None]
"""(the reader, the source's date for relative dates, the source's year): see
:meth:`KB._reading_context`."""


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
    units: dict[str, UnitDefinition] = field(default_factory=dict)
    """The KB's own units (a registry's ``units:``), for the words of its field."""
    load_findings: list[Finding] = field(default_factory=list)
    """Problems met while reading files (syntax, schema, duplicate ids)."""
    files: list[str] = field(default_factory=list)
    """Every YAML file read, relative to the root."""
    broken: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    """What was written but could not be loaded, so that references to it are not reported
    again as unknown (the record's or file's own finding says what to fix):

    * ``broken[<section>]``: ids of records of that section that failed validation;
    * ``broken["entity-names"]``: ``name_key`` of the names and aliases of broken entities;
    * ``broken["unread"]``: sections a file that could not be read at all may have defined;
    * ``broken["unread-files"]``: those files (see :mod:`claimkb.checks.unread`)."""

    given_names: dict[str, str] | None = field(default=None, repr=False)
    """For a slice of a KB (the query index's, holding only some claims): the whole KB's
    :attr:`name_index`, given as the index stored it. None: built from :attr:`entities`."""
    given_claims_per_source: dict[str, int] | None = field(default=None, repr=False)
    """For a slice: how many claims each source gives in the whole KB. None: counted from
    :attr:`claims`."""
    memo: dict[str, object] = field(default_factory=dict, repr=False)
    """Analyses shared between checks (groups, evidence), computed once per KB."""
    _subject_ids: dict[str, str] = field(default_factory=dict, repr=False)
    """Subject as written -> entity id: many claims name one subject the same way."""
    _source_years: dict[str, int | None] = field(default_factory=dict, repr=False)
    _source_dates: dict[str, DateValue | None] = field(default_factory=dict, repr=False)
    _named: dict[str, str | None] = field(default_factory=dict, repr=False)
    """Name as written -> entity id through :attr:`name_index` (None: no entity)."""
    _readers: dict[str, Reader] = field(default_factory=dict, repr=False)
    """Property id (and for money, the currency of the source's country) -> its reader."""
    _readings: dict[tuple[object, ...], Value] = field(default_factory=dict, repr=False)
    """Values read, by reader and written form (see :meth:`_read_value`)."""
    _source_regions: dict[str, str | None] = field(default_factory=dict, repr=False)

    # -- entities ----------------------------------------------------------------------------

    @cached_property
    def name_index(self) -> dict[str, str]:
        """``name_key`` of every entity id, name and alias -> entity id (first wins)."""
        if self.given_names is not None:
            return self.given_names
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
        if name not in self._named:  # many claims write one name the same way
            self._named[name] = self.name_index.get(name_key(name))
        entity_id = self._named[name]
        return self.entities.get(entity_id) if entity_id else None

    def subject_id(self, claim: Claim) -> str:
        """The entity id a claim's subject names, or the subject as written if unknown."""
        known = self._subject_ids.get(claim.subject)
        if known is None:
            entity = self.entity(claim.subject)
            known = self._subject_ids[claim.subject] = entity.id if entity else claim.subject
        return known

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
        if claim.source in self._source_years:
            return self._source_years[claim.source]
        source = self.sources.get(claim.source)
        year = self._source_years[claim.source] = year_of(source.date) if source else None
        return year

    def source_date(self, claim: Claim) -> DateValue | None:
        """The date of a claim's source, read with its precision (None: undated, unknown or
        unreadable; the source's own finding says why), for dates relative to it."""
        if claim.source in self._source_dates:
            return self._source_dates[claim.source]
        source = self.sources.get(claim.source)
        found: DateValue | None = None
        if source is not None and source.date is not None:
            try:
                found = parse_date(str(source.date))
            except ValueProblem:
                found = None
        self._source_dates[claim.source] = found
        return found

    @cached_property
    def values(self) -> _Values:
        """Each claim's normalised value (or why it cannot be read), keyed by claim id, for
        every claim whose property is known. Each is computed on first use and kept, so a
        query that shows ten claims reads ten values, not the whole KB's."""
        return _Values(self)

    @cached_property
    def unit_system(self) -> tuple[KBUnits | None, dict[str, str]]:
        """The KB's own units (None if it declares none) and a problem per unit record that
        cannot be read (unit id -> what is wrong)."""
        return kb_units(self.units.values())

    def dimension_of(self, prop: Property) -> str | None:
        """The dimension a property's ``dimension:`` names (``watt`` -> ``power``), or None."""
        if not prop.dimension:
            return None
        return resolve_dimension(prop.dimension, self.unit_system[0])

    def _reader(self, claim: Claim, prop: Property) -> Reader:
        """The reader of a property's values: one per property, and for amounts of money one
        per country of the source too (it settles ``$`` and ``¥``)."""
        reader = self._readers.get(prop.id)
        if reader is None:
            dimension = self.dimension_of(prop)
            money = dimension is None or dimension == CURRENCY_FAMILY or dimension in CODES
            preferred = prop.currency or (dimension if dimension in CODES else None)
            context = Context(self.unit_system[0], preferred if money else None)
            reader = self._readers[prop.id] = Reader(prop, dimension, context, STATUSES, money)
        if not reader.money:
            return reader
        region = self._source_regions.get(claim.source, "")
        if region == "":
            source = self.sources.get(claim.source)
            region = self._source_regions[claim.source] = (
                region_currency(source.language) if source else None
            )
        if region is None:
            return reader
        key = f"{prop.id}\0{region}"
        regional = self._readers.get(key)
        if regional is None:
            context = replace(reader.context, region=region)
            regional = self._readers[key] = replace(reader, context=context)
        return regional

    def read_as(self, claim: Claim, written: str, *, exact: bool = False) -> Value:
        """Read ``written`` as a value of ``claim``'s property, in its source's context (the
        claim's own value is read so, ``exact`` as the claim says; the value check reads its
        quote's spans so). Raises :class:`ValueProblem`."""
        prop = self.properties[claim.property]
        reader = self._reader(claim, prop)
        with using(reader.context):
            return reader.value_of(
                claim,
                written,
                self.source_year(claim),
                self.name_index,
                source_date=self._date_context(claim, prop),
                exact=exact,
            )

    def _date_context(self, claim: Claim, prop: Property) -> DateValue | None:
        """The source's date, for a date property's values relative to it."""
        return self.source_date(claim) if prop.datatype is Datatype.DATE else None

    def _reading_context(self, claim: Claim, prop: Property) -> ReadingContext:
        """What a claim's reading depends on besides its own fields: its property's reader
        (per country of the source, for money), its source's date and year. The same for
        every claim of one property and one source."""
        return self._reader(claim, prop), self._date_context(claim, prop), self.source_year(claim)

    def _read_value(
        self, claim: Claim, prop: Property, context: ReadingContext | None = None
    ) -> Value | ValueProblem:
        """The claim's value. Claims that write the same figure the same way for the same
        reader and source date share one reading (values are immutable); problems are not
        shared, since each is the claim's own."""
        reader, date, year = context or self._reading_context(claim, prop)
        fields = claim.__dict__  # the fields read for every claim of a check, read directly
        if fields["unit"] is not None or fields["bounds"] is not None:
            return reader.read(claim, year, self.name_index, date)
        written = fields["value"]
        if type(written) is not str:
            written = claim.written
        key = (id(reader), written, fields["exact"], year, date)
        known = self._readings.get(key)
        if known is not None:
            return known
        found = reader.read(claim, year, self.name_index, date)
        if not isinstance(found, ValueProblem):
            self._readings[key] = found
        return found

    def value(self, claim: str | Claim) -> Value | None:
        """A claim's normalised value (the claim given by id or as the record), or None if it
        is unreadable or its property unknown."""
        if isinstance(claim, Claim):
            claim_id = claim.id
        elif isinstance(claim, str):
            claim_id = claim
        else:
            raise TypeError(f"KB.value takes a claim id or a Claim, not {type(claim).__name__}")
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


class _Values(Mapping[str, "Value | ValueProblem"]):
    """The lazily read values of a KB's claims (see :attr:`KB.values`)."""

    def __init__(self, kb: KB) -> None:
        self._kb = kb
        self._read: dict[str, Value | ValueProblem] = {}
        self._all: dict[str, Value | ValueProblem] | None = None

    def __getitem__(self, claim_id: str) -> Value | ValueProblem:
        found = self._read.get(claim_id)
        if found is not None:
            return found
        claim = self._kb.claims[claim_id]
        prop = self._kb.properties.get(claim.property)
        if prop is None:
            raise KeyError(claim_id)
        value = self._read[claim_id] = self._kb._read_value(claim, prop)
        return value

    def read_all(self) -> dict[str, Value | ValueProblem]:
        """Every claim's value (those of known properties), in the claims' order: read at
        once, as a check reads them all, with each reading's context (:meth:`KB._reading_context`)
        looked up once per property and source rather than for each claim. Kept: the check
        and the writer beside it (:mod:`claimkb.cache.alongside`) both ask."""
        if self._all is not None:
            return self._all
        kb, read = self._kb, self._read
        properties = kb.properties
        contexts: dict[tuple[str, str], ReadingContext] = {}
        found: dict[str, Value | ValueProblem] = {}
        for claim_id, claim in kb.claims.items():
            value = read.get(claim_id)
            if value is None:
                fields = claim.__dict__
                prop = properties.get(fields["property"])
                if prop is None:
                    continue
                where = (fields["property"], fields["source"])
                context = contexts.get(where)
                if context is None:
                    context = contexts[where] = kb._reading_context(claim, prop)
                value = read[claim_id] = kb._read_value(claim, prop, context)
            found[claim_id] = value
        self._all = found
        return found

    def at_hand(self) -> Mapping[str, Value | ValueProblem]:
        """The values as a plain dict once :meth:`read_all` has read them (looked up without
        a call into Python), else this mapping, which reads each when first asked."""
        return self._all if self._all is not None else self

    def get(self, claim_id: str, default: Any = None) -> Any:  # faster than Mapping.get
        found = self._read.get(claim_id)
        if found is not None:
            return found
        try:
            return self[claim_id]
        except KeyError:
            return default

    def __iter__(self) -> Iterator[str]:
        properties = self._kb.properties
        return (cid for cid, c in self._kb.claims.items() if c.property in properties)

    def __len__(self) -> int:
        return sum(1 for _ in self)

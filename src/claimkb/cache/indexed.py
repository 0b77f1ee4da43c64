"""Answering the query commands from the query index (:mod:`.query_index`), without loading
the KB.

For each question the index names a superset of the claims the answer can depend on (the
claims of a subject, those naming an entity, a claim's rivals and reviewers...). Only those
claims are rebuilt, from their files' cached parts, into a *slice* of the KB that also holds
every source, entity, property, constant and resolution; then the functions of
:mod:`claimkb.query` answer on the slice. They filter and order claims themselves, so a claim
the index adds needlessly is left out as it would be from the whole KB, and the answer is the
one a full load gives (the tests compare them over every fixture KB).

When a record the index points to is missing from the cache (a pack deleted meanwhile),
:class:`Unavailable` is raised and the command answers the usual way.
"""

from __future__ import annotations

import marshal
from array import array
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ..errors import ClaimkbError
from . import Cache, disk
from .query_index import APART, FILE, LAYOUT, REGISTRIES, matching, numbers

if TYPE_CHECKING:
    from ..findings import Finding
    from ..kb import KB

__all__ = ["Indexed", "Unavailable"]


class Unavailable(ClaimkbError):
    """The cache cannot answer this question after all: answer it the usual way."""


class Indexed:
    """The query index of a KB whose files are as surveyed by ``cache`` (report key ``key``)."""

    def __init__(self, cache: Cache, key: str, payload: dict[str, Any]) -> None:
        self.cache = cache
        self.key = key
        self._payload = payload

    @classmethod
    def open(cls, cache: Cache, key: str | None) -> Indexed | None:
        """The index stored for exactly these files, configuration and code, if there is one."""
        if key is None:
            return None
        payload = _read(cache, FILE, key)
        return cls(cache, key, payload) if isinstance(payload, dict) else None

    def _get(self, name: str) -> Any:
        if name in APART and name not in self._payload:
            self._payload[name] = _read(self.cache, APART[name], self.key)
        found = self._payload.get(name)
        if found is None:
            raise Unavailable(f"the index has no {name}")
        return found

    def part(self, name: str) -> Any:
        """A section of the index (:class:`Unavailable` when it holds none)."""
        return self._get(name)

    def resolved_as(self, written: str) -> str | None:
        """The entity id (or the subject itself) a subject some claim writes resolved to."""
        distinct = self._get("columns")["subject"][0]
        return self._resolved[distinct.index(written)] if written in distinct else None

    @property
    def names(self) -> dict[str, str]:
        """:attr:`claimkb.kb.KB.name_index`."""
        return self._name_index

    @property
    def load_findings(self) -> int:
        """How many problems reading the KB met (the queries mention them on stderr)."""
        count = self._get("load_findings")
        return count if isinstance(count, int) else 0

    # -- the questions -----------------------------------------------------------------------

    def claims(
        self,
        *,
        subject: str | None = None,
        property: str | None = None,
        source: str | None = None,
        status: str | None = None,
        text: str | None = None,
    ) -> list[dict[str, Any]]:
        """:func:`claimkb.query.find_claims`, each as :func:`~claimkb.query.claim_dict`."""
        from ..query import claim_dict, find_claims

        kb = self._registries()
        chosen: set[int] | None = None
        if subject is not None:
            entity = kb.entity(subject)
            chosen = _narrow(chosen, self.about(entity.id if entity else subject))
        for column, value in (("property", property), ("source", source), ("status", status)):
            if value is not None:
                chosen = _narrow(chosen, self.where(column, value))
        if text:
            chosen = _narrow(chosen, self.matching(text.casefold()))
        self._fill(kb, range(len(self._ids)) if chosen is None else chosen)
        found = find_claims(
            kb, subject=subject, property=property, source=source, status=status, text=text
        )
        return [claim_dict(kb, claim) for claim in found]

    def entity(self, name: str) -> dict[str, Any]:
        """:func:`claimkb.query.entity` (raises its NotFound)."""
        from ..query import entity, misspelt_as

        kb = self._registries()
        found = kb.entity(name)
        wanted: set[int] = set()
        if found is None:  # perhaps a misspelling a resolution records: read its claims
            misspelt = self._registries()
            recorded = {c for r in kb.resolutions.values() for c in (*r.claims, r.preferred)}
            self._fill(misspelt, self._known_positions(recorded))
            for _, entity_id, _ in misspelt_as(misspelt, name)[:1]:
                found = kb.entities.get(entity_id)
                wanted.update(self._known_positions(recorded))
        if found is not None:
            wanted.update(self.about(found.id))
            for table in ("named", "misspelt"):
                wanted.update(self.positions(self._get(table).get(found.id, ())))
            self._fill(kb, wanted)
        return entity(kb, name)

    def unknown_filters(
        self,
        *,
        subject: str | None = None,
        property: str | None = None,
        source: str | None = None,
    ) -> None:
        """:func:`claimkb.query.check_filters`, with the subjects, properties and sources the
        claims write as the index holds them (raises its NotFound)."""
        from ..query import check_filters

        used = {name: self._column(name)[0] for name in ("subject", "property", "source")}
        kb = self._registries()
        check_filters(kb, subject=subject, property=property, source=source, used=used)

    def show(self, claim_id: str) -> tuple[dict[str, Any], Any]:
        """:func:`claimkb.query.show` with the findings of the stored report (raises its
        NotFound), and the state of the snapshots those findings rest on."""
        from ..query import show

        kb = self._registries()
        index = self.position(claim_id)
        if index is None:
            return show(kb, claim_id, (), self._ids), None  # raises NotFound, as the KB does
        state, findings = self.findings()
        # its rivals share its subject and property (show's groups select by qualifiers)
        _, subjects = self._column("subject")
        _, properties = self._column("property")
        resolved = self._resolved
        subject, property = resolved[subjects[index]], properties[index]
        wanted = {
            i
            for i, (s, p) in enumerate(zip(subjects, properties, strict=True))
            if p == property and resolved[s] == subject
        }
        reviewers = map(self.position, self._get("reviewers").get(claim_id, ()))
        wanted.update(i for i in reviewers if i is not None)
        self._fill(kb, wanted)
        return show(kb, claim_id, findings), state

    def claims_by_id(self, claim_ids: Iterable[str]) -> dict[str, dict[str, Any]]:
        """Each of these claims (those that exist) as :func:`~claimkb.query.claim_dict`."""
        from ..query import claim_dict

        kb = self._registries()
        self._fill(kb, self._known_positions(claim_ids))
        return {claim.id: claim_dict(kb, claim) for claim in kb.claims.values()}

    def sources(self) -> list[dict[str, Any]]:
        """:func:`claimkb.query.sources`."""
        from ..query import sources

        return sources(self._registries())

    def timeline(self) -> dict[str, list[dict[str, Any]]]:
        """:func:`claimkb.query.timeline`, as computed after the check."""
        from .query_index import timeline_of

        try:
            return timeline_of(self._get("timeline"))
        except (EOFError, ValueError, TypeError, IndexError):
            raise Unavailable("the index's timeline is damaged") from None

    def findings(self) -> tuple[Any, tuple[Finding, ...]]:
        """The state of the snapshots and the findings of the stored report."""
        return findings(self.cache, self.key)

    # -- finding the claims ------------------------------------------------------------------

    @cached_property
    def _ids(self) -> list[str]:
        ids = marshal.loads(self._get("ids"))
        if not isinstance(ids, list):
            raise Unavailable("the index's claim ids are not a list")
        return ids

    @property
    def ids(self) -> list[str]:
        """Every claim id, in the KB's order (a claim's position is its place here)."""
        return self._ids

    @cached_property
    def _position(self) -> dict[str, int]:
        return {claim_id: index for index, claim_id in enumerate(self._ids)}

    @cached_property
    def _resolved(self) -> list[str]:
        """The entity id (or the subject as written) of each distinct written subject."""
        return list(self._get("resolved"))

    def about(self, subject_id: str) -> list[int]:
        """The positions of the claims whose subject resolves to ``subject_id``."""
        codes = {code for code, found in enumerate(self._resolved) if found == subject_id}
        _, subjects = self._column("subject")
        return [index for index, code in enumerate(subjects) if code in codes]

    def position(self, claim_id: str) -> int | None:
        """The position of one claim (a search of the ids, quicker than mapping them all)."""
        try:
            return self._ids.index(claim_id)
        except ValueError:
            return None

    def positions(self, claim_ids: Iterable[str]) -> list[int]:
        """The positions of these claims (each a claim of the KB)."""
        claim_ids = list(claim_ids)
        if len(claim_ids) < 4:  # a search each: quicker than mapping every id
            return [self._ids.index(claim_id) for claim_id in claim_ids]
        position = self._position
        return [position[claim_id] for claim_id in claim_ids]

    def _known_positions(self, claim_ids: Iterable[str | None]) -> list[int]:
        """The positions of those of ``claim_ids`` that are claims (a resolution may name
        one that is not)."""
        position = self._position
        return [position[c] for c in claim_ids if c is not None and c in position]

    def _column(self, name: str) -> tuple[list[Any], array[int]]:
        distinct, codes = self._get("columns")[name]
        return distinct, numbers(codes)

    def where(self, name: str, value: str) -> list[int]:
        """The positions of the claims whose ``name`` column holds ``value``."""
        distinct, codes = self._column(name)
        try:
            code = distinct.index(value)
        except ValueError:
            return []
        return [index for index, found in enumerate(codes) if found == code]

    def matching(self, needle: str) -> list[int]:
        """The positions of the claims whose searched text holds ``needle`` (case-folded):
        exactly those ``claims --text`` finds (see :func:`.query_index.matching`)."""
        return matching(self._get("text"), needle)

    # -- the slice ---------------------------------------------------------------------------

    def _registries(self) -> KB:
        """A new slice: a KB holding every record but the claims, and the number of claims
        per source. (The records are rebuilt once per index and shared by its slices; the
        queries only read them.)"""
        from ..kb import KB

        kb = KB(
            root=self.cache.root,
            config=self.cache.config,
            given_names=self._name_index,
            given_claims_per_source=self._claims_per_source,
        )
        for section, records in self._registry_records.items():
            getattr(kb, section).update(records)
        return kb

    @cached_property
    def _registry_records(self) -> dict[str, dict[str, Any]]:
        """Section -> id -> record, for every source, entity, property, constant, resolution."""
        from ..model import RECORD_TYPES
        from .codec import revive_record

        registries = marshal.loads(self._get("registries"))
        tables: dict[str, dict[str, Any]] = {}
        for section in REGISTRIES:
            model = RECORD_TYPES[section]
            table = tables[section] = {}
            for file, data in registries[section]:
                record = revive_record(model, data, file)
                table[record.id] = record  # type: ignore[attr-defined]
        return tables

    @cached_property
    def _name_index(self) -> dict[str, str]:
        names = self._get("name_index")
        if not isinstance(names, dict):
            raise Unavailable("the index's entity names are not a mapping")
        return names

    @cached_property
    def _claims_per_source(self) -> dict[str, int]:
        distinct, codes = self._column("source")
        counts = [0] * len(distinct)
        for code in codes:
            counts[code] += 1
        return dict(zip(distinct, counts, strict=True))

    def _records(self, wanted: Iterable[int]) -> dict[int, Any]:
        """The claims at these positions, rebuilt from the cached parts of their files."""
        from .parts import revive_records

        ids = self._ids
        files, packed = self._get("files")
        starts = numbers(packed)
        by_file: dict[int, dict[str, int]] = defaultdict(dict)
        for index in wanted:
            by_file[bisect_right(starts, index) - 1][ids[index]] = index
        records: dict[int, Any] = {}
        for number, claims in by_file.items():
            rel = files[number]
            data = self.cache.stored_part(rel)
            found = revive_records(data, rel, "claims", claims) if data is not None else {}
            if len(found) != len(claims):
                raise Unavailable(f"the cached part of {rel} is gone")
            for claim_id, record in found.items():
                records[claims[claim_id]] = record
        return records

    def _fill(self, kb: KB, wanted: Iterable[int]) -> None:
        """Put the claims at these positions into the slice, in the KB's order."""
        records = self._records(wanted)
        ids = self._ids
        for index in sorted(records):
            kb.claims[ids[index]] = records[index]


def _read(cache: Cache, file: str, key: str) -> Any:
    """What the index file holds for ``key``, or None."""
    stored = disk.read(cache.dir / file)
    if not isinstance(stored, tuple) or len(stored) != 3:
        return None
    layout, stored_key, payload = stored
    return payload if layout == LAYOUT and stored_key == key else None


def findings(cache: Cache, key: str | None) -> tuple[Any, tuple[Finding, ...]]:
    """The state of the snapshots and the findings of the report stored under ``key``;
    :class:`Unavailable` if there is none or a snapshot it read has changed."""
    found = cache.report(key) if key is not None else None
    if found is None:
        raise Unavailable("no report for these files, or a snapshot changed")
    return found.snapshots, found.findings


def _narrow(chosen: set[int] | None, found: Iterable[int]) -> set[int]:
    return set(found) if chosen is None else chosen.intersection(found)

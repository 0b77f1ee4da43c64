"""``show`` and ``entity`` answered from plain data the check keeps, without a record model.

The query index (:mod:`.query_index`) already keeps every claim's ``--json`` row
(:mod:`.rows`); what else those two answers print is kept by the check that builds the
index, from the analyses it has just run (:mod:`.shown`):

* every rival group's claims, group after group (a claim outside every group - an unreadable
  value, a verdict - keeps its key's number: it may have rivals, it is none), and for the
  single-valued keys whose claims fall in groups differing in qualifiers, the other groups
  with the qualifiers they differ in;
* the distinct lists of independent evidence and which claims each belongs to (a claim with
  none is its only evidence), and what each claim rests on: by its source or its ``via``;
* which properties are single-valued, every source's row as ``sources`` prints it, every
  resolution with the claims it names;
* every entity's record as ``entity`` prints it, the entity each id, name and alias as
  written finds, and the claims each entity's recorded misspellings write, in file order.

:func:`show` and :func:`entity` put the answer together from these, the rows and (for
``show``) the stored report's findings, as :func:`claimkb.query.show` and
:func:`claimkb.query.entity` build it, so it prints byte for byte the same (the tests compare
them). Each returns None when this cannot give the answer - nothing kept, a claim or a name
it does not know (a misspelling, nothing at all): the index then answers
the usual way, with the records, and says what is not found.
"""

from __future__ import annotations

import marshal
from array import array
from bisect import bisect_right
from collections.abc import Iterable
from typing import Any

from .indexed import Indexed, Unavailable
from .rows import Rows
from .shown import ADDRESS as _ADDRESS
from .shown import CODE as _CODE
from .shown import SECTION
from .shown import SEPARATOR as _SEPARATOR

__all__ = ["SECTION", "show", "entity"]

Data = dict[str, Any]


def show(index: Indexed, claim_id: str) -> tuple[Data, Any] | None:
    """(:func:`claimkb.query.show` of the claim with the stored report's findings, the state
    of the snapshots those rest on), or None (see the module's docstring)."""
    part = _part(index, "show")
    rows = _rows(index)
    position = index.position(claim_id)
    if part is None or rows is None or position is None:
        return None
    state, findings = index.findings()
    claim = _row(rows, position)
    places = _Places(part)
    group, members = places.group_of(claim_id, position)  # itself not among them if outside
    single = part["single"].get(claim["property"], False)
    others = part["uncompared"].get(group, []) if single else []
    same = [_row(rows, i) for i in members if i != position]
    uncompared = sorted(
        (
            {**_row(rows, i), "qualifiers_differ": differ}
            for other, differ in others
            for i in places.members(other)
        ),
        key=lambda row: (row["file"], row["line"]),
    )
    evidence = places.evidence(claim_id, position, group)
    reviewers = index.positions(index.part("reviewers").get(claim_id, ()))
    by_via = part["by_via"]
    answer = {
        "claim": claim,
        "source": part["sources"].get(claim["source"]),
        "single_valued": single,
        "rivals": same if single else [],
        "uncompared": uncompared,
        "also_claimed": [] if single else same,
        "evidence": [sorted(index.ids[i] for i in piece) for piece in evidence],
        "rests_on": by_via[claim_id] if claim_id in by_via else _rests_on(part, claim["source"]),
        "reviews": [_row(rows, i) for i in reviewers],
        "resolutions": [dump for named, dump in part["resolutions"] if claim_id in named],
        "findings": [f.to_dict() for f in findings if claim_id in f.claims],
    }
    return answer, state


class _Places:
    """The kept groups and evidence of :func:`build`, read for one claim: the claims they
    hold are named by the address their record had, mapped back to positions here."""

    def __init__(self, part: Data) -> None:
        self._part = part
        self._addresses = _numbers(part["addresses"], _ADDRESS)
        self._members = _numbers(part["members"], _ADDRESS)
        self._ends = _numbers(part["ends"])
        self._positions: dict[int, int] | None = None

    def group_of(self, claim_id: str, position: int) -> tuple[int, list[int]]:
        """(the number of the claim's group key, the positions of that group's claims)."""
        try:
            at = self._members.index(self._addresses[position])
        except ValueError:  # outside every group: its key may be a group's all the same
            group = self._part["outside"][claim_id]
            return group, self.members(group)
        group = bisect_right(self._ends, at)
        return group, self.members(group)

    def members(self, group: int) -> list[int]:
        """The positions of a group's claims (none: the key of claims outside every group)."""
        if group >= len(self._ends):
            return []
        start = self._ends[group - 1] if group else 0
        return self._position_of(self._members[start : self._ends[group]])

    def evidence(self, claim_id: str, position: int, group: int) -> list[list[int]]:
        """The positions of the claims of each piece of the claim's evidence."""
        supported = self._part["supported"]
        at = supported.find(_SEPARATOR + claim_id + _SEPARATOR)
        if at == -1:  # only itself
            return [[position]]
        number = supported.count(_SEPARATOR, 0, at)
        start = _numbers(self._part["starts"])[number]
        shapes = _numbers(self._part["shapes"])
        if shapes[start] != group:
            raise Unavailable("the kept evidence is not of the claim's group")
        count, first = shapes[start + 1], shapes[start + 2]
        addresses = _numbers(self._part["evidence"], _ADDRESS)
        pieces = []
        for size in shapes[start + 3 : start + 3 + count]:
            pieces.append(self._position_of(addresses[first : first + size]))
            first += size
        return pieces

    def _position_of(self, addresses: Iterable[int]) -> list[int]:
        """The positions of the claims whose records had these addresses."""
        wanted = list(addresses)
        if self._positions is None and len(wanted) <= 16:  # a search each, in C
            return [self._addresses.index(a) for a in wanted]
        if self._positions is None:
            self._positions = dict(zip(self._addresses, range(len(self._addresses)), strict=True))
        return [self._positions[a] for a in wanted]


def entity(index: Indexed, name: str) -> Data | None:
    """:func:`claimkb.query.entity` of an entity's id, name or alias, as its record writes it
    or spelt otherwise (:func:`claimkb.namekey.name_key`, as :meth:`claimkb.kb.KB.entity`
    finds it), or None (see the module's docstring)."""
    part = _part(index, "entity")
    rows = _rows(index)
    if part is None or rows is None:
        return None
    entity_id = part["names"].get(name)
    if entity_id is None:
        from ..namekey import name_key

        entity_id = index.names.get(name_key(name))
    if entity_id is None or entity_id not in part["entities"]:
        return None
    named = index.positions(index.part("named").get(entity_id, ()))
    misspelt = index.positions(part["misspelt"].get(entity_id, ()))
    return {
        "entity": part["entities"][entity_id],
        "matched": name,
        "misspelling": None,
        "claims": [_row(rows, i) for i in index.about(entity_id)],
        "named_by": [_row(rows, i) for i in named],
        "misspelt_by": [_row(rows, i) for i in misspelt],
    }


def _rests_on(part: Data, source: str) -> list[str]:
    """What a claim giving this source (and no ``via``) rests on: the source's row says."""
    row = part["sources"].get(source)
    return row["rests_on"] if row is not None else part["unknown_sources"][source]


def _part(index: Indexed, name: str) -> Data | None:
    """A part of what :func:`build` kept, or None (none kept, or damaged)."""
    try:
        stored = index.part(SECTION)
        part = marshal.loads(stored[name]) if isinstance(stored, dict) else None
    except (Unavailable, KeyError, EOFError, ValueError, TypeError):
        return None
    return part if isinstance(part, dict) else None


def _rows(index: Indexed) -> Rows | None:
    try:
        return Rows(index.part("rows"))
    except (Unavailable, ValueError):
        return None


def _row(rows: Rows, position: int) -> Data:
    """The claim's row (:func:`claimkb.query.claim_dict`) as data."""
    try:
        return rows.row_of(position)
    except ValueError:
        raise Unavailable("the index's rows are damaged") from None


def _numbers(data: bytes, code: str = _CODE) -> array[int]:
    found = array(code)
    found.frombytes(data)
    return found

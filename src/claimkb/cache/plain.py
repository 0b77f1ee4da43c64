"""``show`` and ``entity`` answered from plain data the check keeps, without a record model.

The query index (:mod:`.query_index`) already keeps every claim's ``--json`` row
(:mod:`.rows`); what else those two answers print is kept here, by the check that builds the
index, from the analyses it has just run:

* each claim's rival group (the number of its group key; a claim outside every group - an
  unreadable value, a verdict - keeps its key's number negated: it has rivals, it is none),
  and, for the single-valued keys whose claims fall in groups differing in qualifiers, the
  other groups with the qualifiers they differ in;
* each claim's independent evidence (a number into the distinct lists of sorted ids; -1:
  only itself), and what it rests on: by its source, or by its own ``via``;
* which properties are single-valued, every source's row as ``sources`` prints it, every
  resolution with the claims it names;
* every entity's record as ``entity`` prints it, the entity each id, name and alias as
  written finds, and the claims each entity's recorded misspellings write, in file order.

:func:`show` and :func:`entity` put the answer together from these, the rows and (for
``show``) the stored report's findings, as :func:`claimkb.query.show` and
:func:`claimkb.query.entity` build it, so it prints byte for byte the same (the tests compare
them). Each returns None when this cannot give the answer - nothing kept, a claim or a name
it does not know (another spelling, a misspelling, nothing at all): the index then answers
the usual way, with the records, and says what is not found.
"""

from __future__ import annotations

import marshal
from array import array
from collections.abc import Iterable, Sequence
from itertools import chain, compress, repeat
from operator import is_, itemgetter
from typing import TYPE_CHECKING, Any

from .indexed import Indexed, Unavailable
from .rows import Rows

if TYPE_CHECKING:
    from ..kb import KB

__all__ = ["SECTION", "build", "show", "entity"]

SECTION = "plain"
"""The index's section holding what :func:`build` keeps (a file of its own)."""
_CODE = "i"
_PARTS = ("show", "entity")

Data = dict[str, Any]


def build(
    kb: KB, claims: Sequence[Any], columns: dict[str, Sequence[Any]], sources: list[Data]
) -> dict[str, bytes] | None:
    """What ``show`` and ``entity`` need beyond the rows, each part as marshal bytes (read
    only by the question needing it); None if some value cannot be stored exactly.
    ``columns`` holds the claims' ``id``, ``source`` and ``via``, as the index read them;
    ``sources`` is :func:`claimkb.query.sources` of ``kb``."""
    try:
        return {
            "show": marshal.dumps(_show_part(kb, claims, columns, sources), 4),
            "entity": marshal.dumps(_entity_part(kb), 4),
        }
    except ValueError:
        return None


def _show_part(
    kb: KB, claims: Sequence[Any], columns: dict[str, Sequence[Any]], sources: list[Data]
) -> Data:
    """It reads no field of a claim record (the index has read those it needs) and walks the
    claims in C (``map``, ``zip``) in the KB's order, as few times as it can: a pass of
    Python code over 100,000 records, or one in another order (a group's claims lie far
    apart in memory), would cost every check a tenth of a second."""
    from ..analysis import source_origins

    grouped, codes, uncompared = _groups(kb, claims, columns["id"])
    support, evidence = _evidence(kb, columns["id"], codes)
    known = {row["id"] for row in sources}
    return {
        "groups": grouped.tobytes(),
        "uncompared": uncompared,
        "single": {p.id: bool(p.single_valued) for p in kb.properties.values()},
        "support": support.tobytes(),
        "evidence": evidence.tobytes(),
        "sources": {row["id"]: row for row in sources},
        "unknown_sources": {
            s: sorted(source_origins(kb, s)) for s in set(columns["source"]) - known
        },
        "by_via": _by_via(kb, claims, columns["via"]),
        "resolutions": [
            (list(r.claims), r.model_dump(mode="json")) for r in kb.resolutions.values()
        ],
    }


def _groups(
    kb: KB, claims: Sequence[Any], ids: Sequence[str]
) -> tuple[array[int], dict[Any, int], dict[int, list[tuple[int, list[Data]]]]]:
    """(each claim's group number, negated for a claim outside every group; the number of
    each group key; for each group key of a subject's single-valued property split by
    qualifiers, the other groups and the qualifiers they differ in: what
    :func:`claimkb.query.show` calls ``uncompared``)."""
    from ..analysis import group_key, groups, qualifier_differences, qualifier_splits, statements

    found = groups(kb)
    codes = dict(zip(found, range(len(found)), strict=True))
    stated: list[Any] = list(map(statements(kb).get, ids))  # (group key, value) or None
    outside = list(compress(range(len(ids)), map(is_, stated, repeat(None))))
    keys: dict[Any, int] = {}  # the group keys of the claims outside every group
    for index in outside:
        key = group_key(kb, claims[index])
        stated[index] = (key, None)
        keys[key] = codes.setdefault(key, len(codes))
    grouped = array(_CODE, map(codes.__getitem__, map(itemgetter(0), stated)))
    for index in outside:
        grouped[index] = ~grouped[index]
    splits = qualifier_splits(kb)
    uncompared = {}
    for key, code in [*((k, codes[k]) for split in splits.values() for k in split), *keys.items()]:
        uncompared[code] = [
            (codes[other], _differ(qualifier_differences(key, other)))
            for other in splits.get(key[:2], ())
            if other != key
        ]
    return grouped, codes, {code: others for code, others in uncompared.items() if others}


def _evidence(kb: KB, ids: Sequence[str], codes: dict[Any, int]) -> tuple[array[int], array[int]]:
    """(where each claim's evidence starts in the second array, -1: only itself; the
    distinct lists of evidence, each as its group's number, its number of pieces, each
    piece's size, then the places of the pieces' claims among the group's claims)."""
    from ..analysis import groups, statements, supported

    table = supported(kb)
    distinct = dict(zip(map(id, table.values()), table.values(), strict=True))  # shared lists
    found = groups(kb)
    stated = statements(kb)
    keys = [stated[pieces[0][0].id][0] for pieces in distinct.values()]  # one group each
    place: dict[int, int] = {}  # id(record) -> its place among its group's claims
    for key in dict.fromkeys(keys):
        place.update(zip(map(id, found[key]), range(len(found[key])), strict=True))
    start_of: dict[int, int] = {}
    evidence = array(_CODE)
    for identity, key, pieces in zip(distinct, keys, distinct.values(), strict=True):
        start_of[identity] = len(evidence)
        evidence.extend((codes[key], len(pieces)))
        evidence.extend(map(len, pieces))
        evidence.extend(map(place.__getitem__, map(id, chain.from_iterable(pieces))))
    support = array(_CODE, map(start_of.get, map(id, map(table.get, ids)), repeat(-1)))
    return support, evidence


def _by_via(kb: KB, claims: Sequence[Any], vias: Sequence[Any]) -> dict[str, list[str]]:
    """Claim id -> what a claim with its own ``via`` rests on (the same lists kept once)."""
    from ..analysis import origins

    by_via: dict[str, list[str]] = {}
    known: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for index in [index for index, via in enumerate(vias) if via is not None]:
        claim = claims[index]
        pair = (claim.source, tuple(claim.via))
        if pair not in known:
            known[pair] = sorted(origins(kb, claim))
        by_via[claim.id] = known[pair]
    return by_via


def _differ(differences: Iterable[tuple[str, str | None, str | None]]) -> list[Data]:
    return [{"qualifier": name, "this": this, "other": that} for name, this, that in differences]


def _entity_part(kb: KB) -> Data:
    from ..misspellings import misspellings

    names: dict[str, str] = {}
    for record in kb.entities.values():
        for name in (record.id, record.name, *record.aliases):
            found = kb.entity(name)
            if found is not None:
                names.setdefault(name, found.id)
    misspelt: dict[str, list[Any]] = {}
    for _, entity_id, claim in misspellings(kb):
        misspelt.setdefault(entity_id, []).append(claim)
    return {
        "names": names,
        "entities": {
            key: {**e.model_dump(mode="json"), "file": e.file, "line": e.line}
            for key, e in kb.entities.items()
        },
        "misspelt": {
            entity_id: [c.id for c in sorted(found, key=lambda c: (c.file, c.line))]
            for entity_id, found in misspelt.items()
        },
    }


# -- answering --------------------------------------------------------------------------------


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
    grouped = _numbers(part["groups"])
    group = grouped[position] if grouped[position] >= 0 else ~grouped[position]
    members = _members(grouped, group)  # itself not among them if it is outside every group
    single = part["single"].get(claim["property"], False)
    others = part["uncompared"].get(group, []) if single else []
    same = [_row(rows, i) for i in members if i != position]
    uncompared = sorted(
        (
            {**_row(rows, i), "qualifiers_differ": differ}
            for other, differ in others
            for i in _members(grouped, other)
        ),
        key=lambda row: (row["file"], row["line"]),
    )
    evidence = _evidence_of(index, part, position, group, members)
    reviewers = index.positions(index.part("reviewers").get(claim_id, ()))
    by_via = part["by_via"]
    source = part["sources"].get(claim["source"])
    answer = {
        "claim": claim,
        "source": source,
        "single_valued": single,
        "rivals": same if single else [],
        "uncompared": uncompared,
        "also_claimed": [] if single else same,
        "evidence": evidence if evidence is not None else [[claim_id]],
        "rests_on": by_via[claim_id] if claim_id in by_via else _rests_on(part, claim["source"]),
        "reviews": [_row(rows, i) for i in reviewers],
        "resolutions": [dump for named, dump in part["resolutions"] if claim_id in named],
        "findings": [f.to_dict() for f in findings if claim_id in f.claims],
    }
    return answer, state


def entity(index: Indexed, name: str) -> Data | None:
    """:func:`claimkb.query.entity` of an entity's id, name or alias as its record writes
    it, or None (see the module's docstring)."""
    part = _part(index, "entity")
    rows = _rows(index)
    entity_id = part["names"].get(name) if part is not None else None
    if part is None or rows is None or entity_id is None:
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


def _members(grouped: array[int], group: int) -> list[int]:
    """The positions of a group's claims, in the KB's order (each found by a search in C)."""
    found = []
    at = -1
    try:
        while True:
            at = grouped.index(group, at + 1)
            found.append(at)
    except ValueError:
        return found


def _evidence_of(
    index: Indexed, part: Data, position: int, group: int, members: list[int]
) -> list[list[str]] | None:
    """A claim's evidence as :func:`claimkb.query.show` gives it (None: only itself), from
    the positions of its group's claims."""
    start = _numbers(part["support"])[position]
    if start < 0:
        return None
    flat = _numbers(part["evidence"])
    if flat[start] != group:
        raise Unavailable("the kept evidence is not of the claim's group")
    count = flat[start + 1]
    at = start + 2 + count
    pieces = []
    for size in flat[start + 2 : start + 2 + count]:
        pieces.append(sorted(index.ids[members[i]] for i in flat[at : at + size]))
        at += size
    return pieces


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
    import orjson

    try:
        row = orjson.loads(rows.row_of(position))
    except (ValueError, orjson.JSONDecodeError):
        raise Unavailable("the index's rows are damaged") from None
    if not isinstance(row, dict):
        raise Unavailable("the index's rows are damaged")
    return row


def _numbers(data: bytes) -> array[int]:
    found = array(_CODE)
    found.frombytes(data)
    return found

"""What ``show`` and ``entity`` print beyond the claims' rows, kept by the check as plain data
for :mod:`.plain` (see there), so that those answers need no record model."""

from __future__ import annotations

import marshal
from array import array
from collections.abc import Iterable, Sequence
from itertools import accumulate, chain
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..kb import KB

__all__ = ["SECTION", "CODE", "ADDRESS", "SEPARATOR", "build"]

SECTION = "plain"
"""The query index's section holding what :func:`build` keeps (a file of its own)."""
CODE = "i"
"""The arrays' numbers."""
ADDRESS = "q"
"""The arrays of records' addresses (``id()``)."""
SEPARATOR = "\0"
"""Ends each id of the claims with other evidence than themselves."""

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
    """It reads no field of a claim record (the index has read those it needs) and looks
    nothing up per claim: each record is named by its address (``id()``, only reading the
    lists that hold it), and the question maps the few addresses it needs to positions. A
    pass of Python code over 100,000 records, or of lookups in the order of their groups
    (a group's claims lie far apart in memory), would cost every check a tenth of a
    second."""
    from ..analysis import source_origins

    groups, uncompared, codes = _groups(kb, claims)
    known = {row["id"] for row in sources}
    return {
        "addresses": array(ADDRESS, map(id, claims)).tobytes(),
        **groups,
        "uncompared": uncompared,
        "single": {p.id: bool(p.single_valued) for p in kb.properties.values()},
        **_evidence(kb, codes),
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
    kb: KB, claims: Sequence[Any]
) -> tuple[Data, dict[int, list[tuple[int, list[Data]]]], dict[Any, int]]:
    """(the addresses of every group's claims, group after group, where each group ends
    among them, and the group key's number of each claim outside every group, by its id;
    for each group key of a subject's single-valued property split by qualifiers, the other
    groups and the qualifiers they differ in: what :func:`claimkb.query.show` calls
    ``uncompared``; the number of each group key)."""
    from ..analysis import group_key, groups, qualifier_differences, qualifier_splits, statements

    found = groups(kb)
    codes = dict(zip(found, range(len(found)), strict=True))
    members = array(ADDRESS, map(id, chain.from_iterable(found.values())))
    outside: dict[str, int] = {}
    keys: dict[Any, int] = {}  # the group keys of the claims outside every group
    if len(members) < len(claims):
        for claim_id in sorted(kb.claims.keys() - statements(kb).keys()):
            key = group_key(kb, kb.claims[claim_id])
            outside[claim_id] = keys[key] = codes.setdefault(key, len(codes))
    splits = qualifier_splits(kb)
    uncompared = {}
    for key, code in [*((k, codes[k]) for split in splits.values() for k in split), *keys.items()]:
        uncompared[code] = [
            (codes[other], _differ(qualifier_differences(key, other)))
            for other in splits.get(key[:2], ())
            if other != key
        ]
    stored = {
        "members": members.tobytes(),
        "ends": array(CODE, accumulate(map(len, found.values()))).tobytes(),
        "outside": outside,
    }
    return stored, {code: others for code, others in uncompared.items() if others}, codes


def _evidence(kb: KB, codes: dict[Any, int]) -> Data:
    """The claims with other evidence than themselves (their ids, each ended by a NUL), where
    each one's evidence starts in the distinct lists of evidence, and those lists: each as
    its group's number, its number of pieces, each piece's size (in one array), then the
    addresses of the pieces' claims (in another)."""
    from ..analysis import statements, supported

    table = supported(kb)
    distinct = dict(zip(map(id, table.values()), table.values(), strict=True))  # shared lists
    stated = statements(kb)
    start_of: dict[int, int] = {}
    shapes = array(CODE)
    addresses = array(ADDRESS)
    for identity, pieces in distinct.items():
        start_of[identity] = len(shapes)
        key = stated[pieces[0][0].id][0]  # every piece's claims are of the claim's group
        shapes.extend((codes[key], len(pieces), len(addresses)))
        shapes.extend(map(len, pieces))
        addresses.extend(map(id, chain.from_iterable(pieces)))
    listed = "".join(map(SEPARATOR.__add__, table)) + SEPARATOR
    if listed.count(SEPARATOR) != len(table) + 1:  # some claim id holds one
        raise ValueError("a claim id holds a NUL")
    return {
        "supported": listed,
        "starts": array(CODE, map(start_of.__getitem__, map(id, table.values()))).tobytes(),
        "shapes": shapes.tobytes(),
        "evidence": addresses.tobytes(),
    }


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

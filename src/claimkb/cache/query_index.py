"""The query index: what the query commands need to answer about a checked KB without
loading it, written right after a check.

Loading 100,000 claims from the cache means rebuilding 100,000 records, about a second; a
question such as ``claims --subject Atlas-1`` needs a few dozen of them. The index tells
which, and where their records are:

* every claim id, in the KB's order, and where each file's claims start in it (a claim's
  record is taken from its file's cached part, see :meth:`claimkb.cache.Cache.stored_part`);
* columns of the claims' subjects (as written, with the entity each resolves to),
  properties, sources and statuses, each as its distinct values and, per claim, the number
  of its value;
* the text the ``--text`` filter searches, claim after claim;
* the reviewers of each claim, the claims naming each entity, and those a misspelling
  resolution ties to it (rival groups are found from the subject and property columns);
* every source, entity, property, constant, resolution and unit record (they are few), and the
  index of entity names :attr:`claimkb.kb.KB.name_index` built from them;
* the timeline, ready (it spans every file), and the number of load findings;
* every claim's ``--json`` row (:mod:`.rows`), the ``--json`` text of ``sources`` and
  ``timeline`` (:mod:`.ready`), and what else ``show`` and ``entity`` print (:mod:`.shown`),
  so that those answers need no record at all.

The index only ever finds a superset of what a question touches: the answer itself is
computed by the functions of :mod:`claimkb.query` on those records (see :mod:`.indexed`), so
it is the answer a full load gives.

It is stored under the report's key (every file's content hash, the configuration, the code),
so any change to a file, the configuration or the code leaves it unused. Answers that include
findings also need the report, whose snapshot state is checked.
"""

from __future__ import annotations

import marshal
import sys
from array import array
from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..kb import KB
    from ..rowvalues import Columns

__all__ = [
    "FILE",
    "APART",
    "LAYOUT",
    "REGISTRIES",
    "SEPARATOR",
    "build",
    "files",
    "matching",
    "numbers",
]

FILE = "queries"
"""The index's file in a KB's cache directory."""
APART = {
    "text": "queries-text",
    "timeline": "queries-timeline",
    "rows": "queries-rows",
    "ready": "queries-ready",
    "plain": "queries-plain",
}
"""Large sections few questions need, each kept in a file of its own, read when needed."""
LEFT = ("plain",)
"""Sections a writer beside the check (:mod:`.alongside`) leaves to the check: what ``show``
prints rests on the rival groups and the evidence, which the check's own checks have just
worked out, and which the writer would work out again (1.5 s at 100,000 claims)."""
_CODE = "i"
LAYOUT = (3, sys.byteorder, array(_CODE).itemsize)
"""The shape of the index and of its arrays (native integers)."""
REGISTRIES = ("sources", "entities", "properties", "constants", "resolutions", "units")
"""The record tables the index holds whole."""
SEPARATOR = "\0"
"""Ends each claim's text in the searched text (no claim's text holds one, or there is no
searched text)."""


def numbers(data: bytes) -> array[int]:
    """An array of integers packed by the index."""
    found = array(_CODE)
    found.frombytes(data)
    return found


def _column(values: Sequence[Any]) -> tuple[list[Any], bytes]:
    """(distinct values in order of appearance, the number of each value's distinct value),
    worked out in C (a Python loop over 100,000 claims per column costs a check a tenth of
    a second)."""
    distinct = list(dict.fromkeys(values))
    number = dict(zip(distinct, range(len(distinct)), strict=True))
    return distinct, array(_CODE, map(number.__getitem__, values)).tobytes()


def files(payload: dict[str, Any], key: str) -> dict[str, tuple[Any, ...]]:
    """The index's files (name -> content for :func:`claimkb.cache.disk.encode`): each
    carries the layout and the key, so a file left from another run is never used. A
    section :func:`build` left out has no file here (another process writes it)."""
    core = {name: value for name, value in payload.items() if name not in APART}
    stored: dict[str, tuple[Any, ...]] = {FILE: (LAYOUT, key, core)}
    for name, file in APART.items():
        if name in payload:
            stored[file] = (LAYOUT, key, payload[name])
    return stored


def left(kb: KB, key: str) -> dict[str, tuple[Any, ...]]:
    """The files of the sections of :data:`LEFT`, for the check to write beside a writer
    that writes the others (see :func:`files`)."""
    from .. import query
    from . import shown

    claims = list(kb.claims.values())
    columns: dict[str, Sequence[Any]] = {
        name: [claim.__dict__[name] for claim in claims] for name in _SHOWN_COLUMNS
    }
    return {APART["plain"]: (LAYOUT, key, shown.build(kb, claims, columns, query.sources(kb)))}


_SHOWN_COLUMNS = {"id": "ids", "source": "sources", "via": "vias"}
"""The claims' fields :func:`.shown.build` is given as columns, each with its name among
the :class:`~claimkb.rowvalues.Columns`."""


def build(kb: KB, leave: tuple[str, ...] = ()) -> dict[str, Any]:
    """The index of a KB just checked, by section (see :func:`files`), but for the
    sections in ``leave`` (see :data:`LEFT`). Raises :class:`~.codec.Unencodable` or
    ValueError when some record cannot be stored exactly.

    It runs after every check, so it touches each claim record once and works on columns
    after that, reusing what the checks computed (values, reviews)."""
    from .. import query
    from ..rowvalues import columns
    from . import ready, rows, shown
    from .codec import encode_record

    claims = list(kb.claims.values())
    source_rows = query.sources(kb)
    found = columns(kb, claims)  # the one pass over the records
    subject_column = _column(found.subjects)
    property_column = _column(found.properties)
    resolved = dict(zip(found.subjects, found.subject_ids, strict=True))
    dated = _timeline(kb, found)
    registries = {
        section: [(r.file, encode_record(r, r.file)) for r in getattr(kb, section).values()]
        for section in REGISTRIES
    }
    payload = {
        "ids": marshal.dumps(list(found.ids), 4),
        "files": _runs(found.files),
        "columns": {
            "subject": subject_column,
            "property": property_column,
            "source": _column(found.sources),
            "status": _column(found.statuses),
        },
        "resolved": list(map(resolved.__getitem__, subject_column[0])),
        "reviewers": {
            reviewed: [claim.id for claim in reviewers]
            for reviewed, reviewers in kb.reviews_of.items()
        },
        "named": _named(kb, claims, property_column),
        "misspelt": _misspellings(kb),
        "registries": marshal.dumps(registries, 4),
        "name_index": kb.name_index,
        "load_findings": len(kb.load_findings),
        "text": _text(found.ids, found.written, found.quotes, found.notes),
        "timeline": marshal.dumps(dated, 4),
        "rows": rows.build(kb, found),
        "ready": ready.build(source_rows, timeline_of(dated)),
    }
    if "plain" not in leave:
        shown_columns = {name: getattr(found, column) for name, column in _SHOWN_COLUMNS.items()}
        payload["plain"] = shown.build(kb, claims, shown_columns, source_rows)
    return payload


def _timeline(kb: KB, found: Columns) -> tuple[Any, ...]:
    """:func:`claimkb.query.timeline` as the row values of its claims
    (:mod:`claimkb.claimrow`): (the readings, the values of the claims in its order, those
    of the claims it leaves out, their reasons), which :func:`timeline_of` makes the answer
    of: the values are at hand already, where making each claim's row from its record
    again cost a check a fifth of a second at 100,000 claims."""
    from ..query import timeline_claims

    dated, left_out = timeline_claims(kb, found.properties)
    position = dict(zip(found.ids, range(len(found.ids)), strict=True))
    order = [position[claim.id] for claim in dated]
    left = [position[claim.id] for claim, _ in left_out]
    reasons = [reason for _, reason in left_out]
    return (found.readings, found.values(order), found.values(left), reasons)


def timeline_of(stored: Any) -> dict[str, list[dict[str, Any]]]:
    """The timeline :func:`_timeline` gave (or stored, marshalled), as
    :func:`claimkb.query.timeline` gives it (ValueError if it is not what it gives)."""
    from ..claimrow import row

    readings, dated, left, reasons = marshal.loads(stored) if type(stored) is bytes else stored
    if not (isinstance(readings, list) and len(left) == len(reasons)):
        raise ValueError("the index's timeline is not what it stores")
    return {
        "timeline": [row(values, readings) for values in dated],
        "left_out": [
            {**row(values, readings), "reason": reason}
            for values, reason in zip(left, reasons, strict=True)
        ],
    }


def _runs(files_of_claims: Sequence[str]) -> tuple[list[str], bytes]:
    """(files, the position of each file's first claim): a KB takes its claims file after
    file, so each file's claims follow one another."""
    from itertools import groupby

    files: list[str] = []
    starts = array(_CODE)
    position = 0
    for rel, run in groupby(files_of_claims):
        files.append(rel)
        starts.append(position)
        position += len(list(run))
    return files, starts.tobytes()


def _text(
    ids: Sequence[str], values: Sequence[str], quotes: Sequence[str], notes: Sequence[str | None]
) -> str | None:
    """What ``claims --text`` searches: each claim's id, written value, quote and note, then
    a :data:`SEPARATOR` (None if some claim's text holds one), case-folded as the search
    folds its needle (a written value folds as the value does: ``True`` and ``true``
    alike). Folded here, once: a question folding it would spend a seventh of a second on
    100,000 claims, more than the rest of its search."""
    pieces = [SEPARATOR] * (5 * len(ids))
    pieces[0::5] = ids
    pieces[1::5] = values
    pieces[2::5] = quotes
    pieces[3::5] = [note or "" for note in notes]
    joined = " ".join(pieces).casefold()  # no character folds into the separator
    return joined if joined.count(SEPARATOR) == len(ids) else None


def matching(text: str, needle: str) -> list[int]:
    """The positions of the claims whose part of ``text`` (the searched text :func:`_text`
    builds, case-folded) holds ``needle`` once it is case-folded too, in order, each once:
    exactly the claims ``claims --text`` finds, as each claim's part is its id, written
    value, quote and note joined by spaces, case-folded (case folding maps character by
    character, so folding the whole text folds each claim's part)."""
    joined = text
    needle = needle.casefold()
    found: list[int] = []
    index = counted = 0
    at = joined.find(needle)
    while at != -1:
        index += joined.count(SEPARATOR, counted, at)
        counted = at
        end = joined.find(SEPARATOR, at)  # the end of this claim's part
        if end == -1:
            break
        start = joined.rfind(SEPARATOR, 0, at) + 2 if index else 0  # after the last's " \0 "
        if needle in joined[start : end - 1]:  # not across the claim's end
            found.append(index)
        at = joined.find(needle, end + 1)
    return found


def _named(kb: KB, claims: list[Any], properties: tuple[list[str], bytes]) -> dict[str, list[str]]:
    """Entity id -> the claims whose value names it (only entity-valued properties have such
    values: the claims of those are read, found from the property column)."""
    from ..model import Datatype
    from ..values import EntityName

    distinct, packed = properties
    wanted = {
        code
        for code, property_id in enumerate(distinct)
        if (p := kb.properties.get(property_id)) is not None and p.datatype is Datatype.ENTITY
    }
    named: dict[str, list[str]] = {}
    for index in compress(range(len(claims)), map(wanted.__contains__, numbers(packed))):
        claim = claims[index]
        value = kb.value(claim.id)
        if isinstance(value, EntityName) and value.entity is not None:
            named.setdefault(value.entity, []).append(claim.id)
    return named


def _misspellings(kb: KB) -> dict[str, list[str]]:
    """Entity id -> the claims ``entity`` reads for its misspellings: those of every
    misspelling resolution whose preferred claim names the entity."""
    from ..model import ResolutionKind
    from ..values import EntityName

    touched: dict[str, list[str]] = {}
    for resolution in kb.resolutions.values():
        if resolution.kind is not ResolutionKind.MISSPELLING or not resolution.preferred:
            continue
        preferred = kb.value(resolution.preferred)
        if isinstance(preferred, EntityName) and preferred.entity is not None:
            found = touched.setdefault(preferred.entity, [])
            found.extend(c for c in (resolution.preferred, *resolution.claims) if c in kb.claims)
    return touched

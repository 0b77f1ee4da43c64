"""A file's part (:class:`claimkb.documents.FilePart`) as a cache file, and back, whole or
only the records a question needs."""

from __future__ import annotations

import marshal
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from ..findings import Finding
from ..model import RECORD_TYPES
from .codec import Unencodable, encode_record, revive_record
from .finding_codec import encode_finding, revive_finding

if TYPE_CHECKING:  # the YAML reader is not needed to revive records
    from ..documents import FilePart

_SECTIONS = tuple(RECORD_TYPES)
_FINDING = "f"


def encode_part(part: FilePart) -> bytes | None:
    """The part as marshal bytes (a pack frames and checksums them), or None if something
    in it cannot be stored exactly. Events are stored as a string of kinds (``f`` for a
    finding, ``A``, ``B``... for a record of the first, second... section) and two lists,
    which keeps the number of objects to rebuild small."""
    kinds: list[str] = []
    findings: list[tuple[Any, ...]] = []
    records: list[tuple[Any, ...]] = []
    try:
        for event in part.events:
            if isinstance(event, Finding):
                kinds.append(_FINDING)
                findings.append(encode_finding(event))
            else:
                section, record = event
                kinds.append(chr(ord("A") + _SECTIONS.index(section)))
                records.append(encode_record(record, part.rel))
        broken = {section: sorted(ids) for section, ids in part.broken.items()}
        return marshal.dumps((part.rel, "".join(kinds), findings, records, broken), 4)
    except (Unencodable, ValueError):
        return None


def revive_part(data: bytes) -> FilePart | None:
    """The part :func:`encode_part` stored, or None if the data does not have its shape."""
    from ..documents import FilePart

    try:
        rel, kinds, findings, records, broken = marshal.loads(data)
        next_finding = iter(findings).__next__
        next_record = iter(records).__next__
        events: list[Finding | tuple[str, Any]] = []
        append = events.append
        for kind in kinds:
            if kind == _FINDING:
                append(revive_finding(next_finding()))
            else:
                section, model = _MODELS[ord(kind) - ord("A")]
                append((section, revive_record(model, next_record(), rel)))
        return FilePart(rel, events, {section: set(ids) for section, ids in broken.items()})
    except (EOFError, TypeError, ValueError, KeyError, IndexError, StopIteration):
        return None


def revive_records(data: bytes, rel: str, section: str, ids: Collection[str]) -> dict[str, Any]:
    """The records with these ids of one section in the part :func:`encode_part` stored for
    the file ``rel``: for each id, the first record of the file with it (the one a load
    keeps when the id is not defined by an earlier file). Only those records are rebuilt.
    Empty if the data does not have the shape of a part of that file."""
    try:
        stored_rel, kinds, _, records, _ = marshal.loads(data)
        if stored_rel != rel:
            return {}
        model = RECORD_TYPES[section]
        kind_of_section = chr(ord("A") + _SECTIONS.index(section))
        found: dict[str, Any] = {}
        next_record = iter(records).__next__
        for kind in kinds:
            if kind == _FINDING:
                continue
            record = next_record()
            if kind != kind_of_section:
                continue
            record_id = record[0].get("id")
            if record_id in ids and record_id not in found:
                found[record_id] = revive_record(model, record, rel)
        return found
    except (EOFError, TypeError, ValueError, KeyError, IndexError, StopIteration, AttributeError):
        return {}


_MODELS = [(section, RECORD_TYPES[section]) for section in _SECTIONS]

"""A file's part (:class:`claimkb.documents.FilePart`) as a cache file, and back."""

from __future__ import annotations

import marshal
from typing import Any

from ..documents import FilePart
from ..findings import Finding
from ..model import RECORD_TYPES
from .codec import (
    Unencodable,
    encode_finding,
    encode_record,
    revive_finding,
    revive_record,
)

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


_MODELS = [(section, RECORD_TYPES[section]) for section in _SECTIONS]

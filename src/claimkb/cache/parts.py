"""A file's part (:class:`claimkb.store.FilePart`) as a cache file, and back."""

from __future__ import annotations

import marshal
from typing import Any

from ..findings import Finding
from ..model import RECORD_TYPES
from ..store import FilePart
from .codec import Unencodable, encode_finding, encode_record, revive_finding, revive_record

_FINDING, _RECORD = 0, 1


def encode_part(part: FilePart) -> bytes | None:
    """The part as marshal bytes (a pack frames and checksums them), or None if something
    in it cannot be stored exactly."""
    events: list[tuple[Any, ...]] = []
    try:
        for event in part.events:
            if isinstance(event, Finding):
                events.append((_FINDING, encode_finding(event)))
            else:
                section, record = event
                events.append((_RECORD, section, encode_record(record)))
        broken = {section: sorted(ids) for section, ids in part.broken.items()}
        return marshal.dumps((part.rel, events, broken), 4)
    except (Unencodable, ValueError):
        return None


def revive_part(data: bytes) -> FilePart | None:
    """The part :func:`encode_part` stored, or None if the data does not have its shape."""
    try:
        rel, events, broken = marshal.loads(data)
        revived: list[Finding | tuple[str, Any]] = []
        for event in events:
            if event[0] == _FINDING:
                revived.append(revive_finding(event[1]))
            else:
                _, section, record = event
                revived.append((section, revive_record(RECORD_TYPES[section], record)))
        return FilePart(rel, revived, {section: set(ids) for section, ids in broken.items()})
    except (EOFError, TypeError, ValueError, KeyError, IndexError):
        return None

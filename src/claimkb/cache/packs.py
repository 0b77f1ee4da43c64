"""Parts stored in packs: a few large cache files instead of one per YAML file.

Creating a file costs far more than writing its bytes, so the parts a run reads are written
together, as one pack: a table of the parts (name, length), then the parts' own marshal bytes
one after the other, written piece by piece so that a large KB's parts are never joined in
memory (and a part is sliced out of the pack when asked for). Unchanged
files keep pointing at the pack they were first written to; a run that re-reads a few files
writes a small pack of its own. Packs no file points to are deleted, and when more than
:data:`MAX_PACKS` are in use, every live part is rewritten into one, so neither the number of
packs nor the dead weight in them grows without bound.
"""

from __future__ import annotations

import hashlib
import marshal
import struct
from collections.abc import Iterable, Mapping
from pathlib import Path

from . import disk

_TABLE_LENGTH = struct.Struct("<Q")

MAX_PACKS = 4


class Packs:
    """The packs of one cache directory, read on demand."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._loaded: dict[str, tuple[memoryview, dict[str, tuple[int, int]]] | None] = {}

    def path(self, pack: str) -> Path:
        return self.directory / f"pack-{pack}"

    def get(self, pack: str, name: str) -> bytes | None:
        """The bytes of part ``name`` in ``pack``, or None if the pack or part is gone."""
        if pack not in self._loaded:
            self._loaded[pack] = _open(self.path(pack))
        content = self._loaded[pack]
        if content is None:
            return None
        payload, table = content
        where = table.get(name)
        if where is None:
            return None
        start, length = where
        return bytes(payload[start : start + length])

    def save(
        self, staged: Mapping[str, bytes], live: Mapping[str, str], old: Iterable[str]
    ) -> dict[str, str]:
        """Write ``staged`` parts as a new pack; ``live`` maps every part name still in use
        to its pack ("" for a staged part), ``old`` lists the packs in use before. Deletes
        unused packs, compacts when there are too many. Returns each live name's pack."""
        result = dict(live)
        in_use = {pack for pack in live.values() if pack}
        contents = dict(staged)
        if len(in_use) + (1 if staged else 0) > MAX_PACKS:
            for name, pack in live.items():
                if pack:
                    data = self.get(pack, name)
                    if data is None:
                        del result[name]  # lost meanwhile: that file is simply re-read
                        continue
                    contents[name] = data
            in_use = set()
            staged = contents
        if staged:
            new = hashlib.blake2b(repr(sorted(staged)).encode(), digest_size=8).hexdigest()
            _write(self.path(new), staged)
            for name in staged:
                result[name] = new
            in_use.add(new)
        for pack in set(old) - in_use:
            disk.remove(self.path(pack))
        for stray in self.directory.glob("pack-*"):  # left by a run that could not finish
            if stray.name[len("pack-") :] not in in_use:
                disk.remove(stray)
        return result


def _write(path: Path, parts: Mapping[str, bytes]) -> None:
    """A pack of ``parts``: the table's length, the table [(name, length)...], the parts."""
    table = marshal.dumps([(name, len(data)) for name, data in parts.items()], 4)
    disk.write_pieces(path, [_TABLE_LENGTH.pack(len(table)), table, *parts.values()])


def _open(path: Path) -> tuple[memoryview, dict[str, tuple[int, int]]] | None:
    """A pack's payload and where each part lies in it; None if it is missing or not intact."""
    payload = disk.read_payload(path)
    if payload is None or len(payload) < _TABLE_LENGTH.size:
        return None
    (length,) = _TABLE_LENGTH.unpack_from(payload)
    start = _TABLE_LENGTH.size + length
    try:
        rows = marshal.loads(payload[_TABLE_LENGTH.size : start])
    except (EOFError, ValueError, TypeError):
        return None
    table: dict[str, tuple[int, int]] = {}
    for row in rows if isinstance(rows, list) else ():
        if not (isinstance(row, tuple) and len(row) == 2):
            return None
        name, size = row
        if not isinstance(name, str) or not isinstance(size, int) or size < 0:
            return None
        table[name] = (start, size)
        start += size
    if start != len(payload):
        return None
    return payload, table

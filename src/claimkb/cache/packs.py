"""Parts stored in packs: a few large cache files instead of one per YAML file.

Creating a file costs far more than writing its bytes, so the parts a run reads are written
together, as one pack (a mapping of part name to the part's own marshal bytes). Unchanged
files keep pointing at the pack they were first written to; a run that re-reads a few files
writes a small pack of its own. Packs no file points to are deleted, and when more than
:data:`MAX_PACKS` are in use, every live part is rewritten into one, so neither the number of
packs nor the dead weight in them grows without bound.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from pathlib import Path

from . import disk

MAX_PACKS = 4


class Packs:
    """The packs of one cache directory, read on demand."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._loaded: dict[str, dict[str, bytes] | None] = {}

    def path(self, pack: str) -> Path:
        return self.directory / f"pack-{pack}"

    def get(self, pack: str, name: str) -> bytes | None:
        """The bytes of part ``name`` in ``pack``, or None if the pack or part is gone."""
        if pack not in self._loaded:
            stored = disk.read(self.path(pack))
            self._loaded[pack] = stored if isinstance(stored, dict) else None
        content = self._loaded[pack]
        found = content.get(name) if content is not None else None
        return found if isinstance(found, bytes) else None

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
            disk.write(self.path(new), disk.encode(dict(staged)))
            for name in staged:
                result[name] = new
            in_use.add(new)
        for pack in set(old) - in_use:
            disk.remove(self.path(pack))
        for stray in self.directory.glob("pack-*"):  # left by a run that could not finish
            if stray.name[len("pack-") :] not in in_use:
                disk.remove(stray)
        return result

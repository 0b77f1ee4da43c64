"""A file of entries kept between runs in the user's cache directory (never in the KB).

The unit readings pint made (:mod:`claimkb.values.unitmemo`) and the command line's compiled
regular expressions (:mod:`claimkb.regexcache`) are each a marshalled dict, read once as a
process starts and written as it ends. Several processes may write one (a command and the
process sharing its work, two commands at once), so a write adds this process's new entries
to what the file holds by then rather than replacing it with what this process read; and a
process forked from this one writes only the entries it found itself (:class:`Additions`),
not again those this process found before the fork and will write.
"""

from __future__ import annotations

import marshal
import os
import weakref
from pathlib import Path
from typing import Any

__all__ = ["Additions", "read", "add"]


def read(path: Path) -> dict[Any, Any] | None:
    """The entries the file holds (None: no file, or a damaged one)."""
    try:
        found = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    return found if isinstance(found, dict) else None


def add(path: Path, new: dict[Any, Any], most: int) -> None:
    """Write ``new`` added to the entries the file holds now, newest last, keeping the
    ``most`` newest. Raises OSError or ValueError when it cannot be written."""
    from .atomic import write_atomic

    kept = read(path) or {}
    for key in new:  # moved to the end of the dict: the newest
        kept.pop(key, None)
    kept.update(new)
    if len(kept) > most:  # the oldest first in a dict: keep the newest
        kept = dict(list(kept.items())[-most:])
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, marshal.dumps(kept, 4), durable=False)


class Additions:
    """The entries this process found for the kept file at ``path``, added to it (keeping
    the ``most`` newest) once, as the process ends (:mod:`claimkb.ending`; or when
    :meth:`write` is called). A process forked from this one starts with none: those found
    before the fork are this process's to write."""

    def __init__(self, path: Path, most: int) -> None:
        self.path = path
        self.most = most
        self.entries: dict[Any, Any] = {}
        _ALL.add(self)

    def put(self, key: Any, value: Any) -> None:
        if not self.entries:
            from .ending import at_end

            at_end(self.write)
        self.entries[key] = value

    def write(self) -> None:
        """Add the entries to the file (best effort: one that cannot be written only costs
        later runs the time it would have saved)."""
        if self.entries:
            try:
                add(self.path, self.entries, self.most)
            except (OSError, ValueError):
                pass
            self.entries.clear()


_ALL: weakref.WeakSet[Additions] = weakref.WeakSet()


def _forked() -> None:
    for additions in _ALL:
        additions.entries.clear()


if hasattr(os, "register_at_fork"):  # a system that forks (claimkb.forking)
    os.register_at_fork(after_in_child=_forked)

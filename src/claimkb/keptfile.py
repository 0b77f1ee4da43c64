"""A file of entries kept between runs in the user's cache directory (never in the KB).

The unit readings pint made (:mod:`claimkb.values.unitmemo`) and the command line's compiled
regular expressions (:mod:`claimkb.regexcache`) are each a marshalled dict, read once as a
process starts and written as it ends. Several processes may write one (a command and the
process sharing its work, two commands at once), so a write adds this process's new entries
to what the file holds by then rather than replacing it with what this process read.
"""

from __future__ import annotations

import marshal
from pathlib import Path
from typing import Any

__all__ = ["read", "add"]


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

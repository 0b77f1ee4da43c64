"""pint's readings of written unit words, kept between runs.

Importing pint and building its registry costs a process about half a second, more than
checking thousands of claims; yet a KB writes the same few unit words (``TB/s``, ``Gbps``,
``kilowatts``) run after run. So what :func:`claimkb.values.unitwords.pint_word` found for
a word (and :func:`claimkb.values.unitreg.pint_expression` for one of claimkb's own unit
expressions) is kept in the user's cache directory (never in the KB), beside pint's own
cache of its definitions, and a later run that meets only known words never imports pint.

A reading depends on pint's version and files and on claimkb's unit definitions and reading
rules: the kept readings are filed under a fingerprint of all of them, so any change to
either starts afresh. New readings are written once, as the process ends,
added to those the file holds by then, so that what another process kept meanwhile is kept
too; a process forked to share a command's work writes those it found itself
(:class:`claimkb.keptfile.Additions`). Keeping is best effort: a file that cannot be read or
written only costs the time it would have saved.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from pathlib import Path
from typing import Any

from ..keptfile import Additions, read
from ..userdirs import cache_base, caching_disabled

__all__ = ["Memo", "memo"]

_READERS = ("unitwords.py", "unitreg.py", "unitdefs.py", "unitmemo.py")
"""The modules whose code decides a reading."""

MAX_READINGS = 50_000
"""The most readings kept on disk (the newest: a KB writes a few hundred unit words, so this
bounds only a memo fed by many KBs over a long time, at a few MB)."""


class Memo:
    """The readings kept for this pint and these rules (``("word", form, strict)`` or
    ``("expression", text)`` -> a reading as plain data), loaded on first use."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._known: dict[Any, Any] | None = None
        self._new = Additions(path, MAX_READINGS) if path is not None else None
        """The readings this process found, written as it ends."""

    def get(self, key: tuple[Any, ...]) -> tuple[bool, Any]:
        """(found, reading)."""
        known = self._load()
        return (True, known[key]) if key in known else (False, None)

    def put(self, key: tuple[Any, ...], reading: Any) -> None:
        """Keep ``reading`` for ``key``; the readings are written once, before the process
        ends (:class:`claimkb.keptfile.Additions`)."""
        self._load()[key] = reading
        if self._new is not None:
            self._new.put(key, reading)

    def flush(self) -> None:
        """Write the new readings now, added to those the file holds (another process may
        have written some since this one read it); best effort."""
        if self._new is not None:
            self._new.write()

    def _load(self) -> dict[Any, Any]:
        if self._known is None:
            self._known = (read(self.path) if self.path is not None else None) or {}
        return self._known


_MEMO: Memo | None = None


def memo() -> Memo:
    """This process's memo of readings (one that keeps nothing on disk when caching is off
    or pint cannot be found)."""
    global _MEMO
    if _MEMO is None:
        _MEMO = Memo(None if caching_disabled() else _path())
    return _MEMO


def _path() -> Path | None:
    spec = importlib.util.find_spec("pint")
    origin = spec.origin if spec is not None else None
    if origin is None:
        return None
    digest = hashlib.blake2b(digest_size=16)
    here = Path(__file__).parent
    for path in (Path(origin), *(here / name for name in _READERS)):
        try:
            st = os.stat(path)
            digest.update(f"{path}:{st.st_size}:{st.st_mtime_ns}\0".encode())
            if path.parent == here:
                digest.update(path.read_bytes())
        except OSError:
            return None
    return cache_base() / "unit-words" / digest.hexdigest()

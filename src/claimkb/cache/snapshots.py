"""The state of the snapshot files a check read, so a cached report is reused only while
every snapshot it depended on is where it was, with the content it had.

The quote check is the only check that reads a file outside ``sources/`` and ``claims/``.
For each snapshot a source names, the state records where :func:`find_snapshot` finds it (or
why the name is refused), and that file's stat and content hash. A newly added snapshot in an
earlier snapshot directory changes where the name is found; an edited one changes its hash.
The hash is computed in blocks, so a snapshot of any size costs little memory; one larger than
``max_snapshot_bytes`` (which the check refuses unread) is not hashed but known by its stat.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..snapshot_location import SearchDirs, find_in, search_dirs
from .disk import open_regular, stat_key

if TYPE_CHECKING:
    from ..config import Config

RACY_NS = 2_000_000_000


def _stat(path: Path) -> tuple[tuple[int, ...], bool] | None:
    now = time.time_ns()
    try:
        st = os.stat(path)
    except OSError:
        return None
    stat = stat_key(st)
    return stat, max(st.st_mtime_ns, st.st_ctime_ns) < now - RACY_NS


BLOCK = 1024 * 1024
OVER_LIMIT = "over max_snapshot_bytes"


def _hash(path: Path, limit: int) -> str | None:
    """The content hash, read in blocks; :data:`OVER_LIMIT` for a file the check refuses
    for its size (so the state does not depend on content the check never reads); None
    unless it is a regular file (a FIFO put in its place must not block the check)."""
    try:
        with open_regular(path) as handle:
            if handle is None:
                return None
            if os.fstat(handle.fileno()).st_size > limit:
                return OVER_LIMIT
            digest = hashlib.blake2b(digest_size=20)
            while block := handle.read(BLOCK):
                digest.update(block)
        return digest.hexdigest()
    except OSError:
        return None


def state(root: Path, config: Config, names: Iterable[str]) -> tuple[Any, ...]:
    """The snapshot directories (as :func:`plain`) and the state of every named snapshot,
    sorted by name. Taken *before* the check reads them, so a snapshot edited while the check
    runs is seen as changed next time. The directories are part of it because the check
    reports on them too (one that leads outside the KB), whether or not a snapshot is there."""
    result: list[tuple[Any, ...]] = []
    dirs = search_dirs(root, config)
    for name in sorted(set(names)):
        path, refused = find_in(dirs, name)
        if path is None:
            result.append((name, refused, None, None, None, False))
            continue
        observed = _stat(path)
        stat, trusted = observed if observed else (None, False)
        digest = _hash(path, config.max_snapshot_bytes)
        result.append((name, refused, str(path), stat, digest, trusted))
    return plain(dirs), tuple(result)


def plain(dirs: SearchDirs) -> tuple[tuple[str, str | None, str | None], ...]:
    """Snapshot directories as a state stores them (a path as text)."""
    return tuple((w, str(base) if base is not None else None, why) for w, base, why in dirs)


def unchanged(root: Path, config: Config, recorded: Any) -> bool:
    """Whether the directories and every snapshot in ``recorded`` (from :func:`state`) are
    still as they were."""
    return unchanged_in(search_dirs(root, config), config.max_snapshot_bytes, recorded)


def unchanged_in(dirs: SearchDirs, max_snapshot_bytes: int, recorded: Any) -> bool:
    """:func:`unchanged`, for the snapshot directories ``dirs`` (from :func:`search_dirs`)."""
    if not isinstance(recorded, tuple) or len(recorded) != 2 or recorded[0] != plain(dirs):
        return False
    for name, refused, where, stat, digest, trusted in recorded[1]:
        path, now_refused = find_in(dirs, name)
        if now_refused != refused or (str(path) if path else None) != where:
            return False
        if path is None:
            continue
        observed = _stat(path)
        if observed is None:
            return False
        if trusted and observed[0] == tuple(stat):
            continue
        if digest is None or _hash(path, max_snapshot_bytes) != digest:
            return False
    return True

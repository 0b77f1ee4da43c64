"""The text ``claimkb check`` last printed for the stored report, kept and replayed.

The report's text, when it goes to a file or a pipe, is a pure function of the report and of
the few settings the caller names in ``mode`` (the width, the colour setting): no terminal is
asked anything. So it is kept in a record of its own with everything the report it renders
rested on, as this run found it: the cache key (code, root, configuration bytes), the stat
of every file (each one settled, so that its stat stands for its content), the KB's own
snapshot directories as written and the report's snapshot state (the directories as
resolved, the runner's too, and every snapshot read).

:func:`replay` answers an unchanged KB's check from that record alone: it lists the files,
compares their stats, recomputes the key and the snapshot directories and looks at every
snapshot, and prints nothing unless all of it is as recorded. It needs none of the
configuration parsing, no finding revived and no renderer, so it imports almost nothing. It
is stricter than the cache itself (a stat that differs, even for the same content, is a miss):
a miss only means the ordinary way (:meth:`claimkb.cache.Cache.report`) answers, and keeps a
new record.
"""

from __future__ import annotations

import os
import stat as stat_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..confinement import trusted_dirs
from ..files import kb_listing
from . import disk, root_prefix
from .location import cache_dir, code_fingerprint, config_fingerprint, disabled

if TYPE_CHECKING:
    from . import Cache, StoredReport

__all__ = ["FILE", "keep", "replay"]

FILE = "rendering"
"""The file, in a KB's cache directory, that holds the record."""
_VERSION = 1


def keep(cache: Cache, report: StoredReport, mode: str, text: str, code: int) -> None:
    """Keep ``text`` (and the exit code) as the rendering in ``mode`` of ``report``, the
    stored report found to hold for the files this run surveyed. Nothing is kept when a file
    could not be cached or its stat is not settled yet (best effort: the next run renders)."""
    files = []
    for rel, entry in cache.seen.items():
        if entry is None or not entry.trusted:
            return
        files.append((rel, entry.section, entry.stat))
    config = cache.config
    record = (
        _VERSION,
        cache.key,
        tuple(files),
        config.snapshot_dirs,
        config.max_snapshot_bytes,
        report.snapshots,
        mode,
        text,
        code,
    )
    try:
        disk.prepare(cache.dir)
        disk.write(cache.dir / FILE, disk.encode(record))
    except (OSError, ValueError):
        pass


def replay(root: Path, mode: str) -> tuple[str, int] | None:
    """(text, exit code) of the check of the KB at ``root`` (resolved) in ``mode``, if the
    record kept says it and everything it rests on is as recorded; else None."""
    if disabled():
        return None
    record = disk.read(cache_dir(root) / FILE)
    if not isinstance(record, tuple) or len(record) != 9 or record[0] != _VERSION:
        return None
    _, key, files, own, max_snapshot, state, kept_mode, text, code = record
    if kept_mode != mode or not isinstance(text, str) or not isinstance(code, int):
        return None
    if key != (disk.FORMAT, code_fingerprint(), str(root), config_fingerprint(root)):
        return None
    if not _same_files(root, files):
        return None
    from ..snapshot_location import search_dirs_in
    from .snapshots import unchanged_in

    # the directories, the runner's too, and the snapshots: as the report's state has them
    dirs = search_dirs_in(root, own, trusted_dirs(None))
    return (text, code) if unchanged_in(dirs, max_snapshot, state) else None


def _same_files(root: Path, files: Any) -> bool:
    """Whether the KB's files are those recorded, in order, each with its recorded stat."""
    listing = kb_listing(root)
    prefix = root_prefix(root)
    if len(listing) != len(files) or prefix is None:
        return False
    for (path, section), (rel, recorded_section, recorded) in zip(listing, files, strict=True):
        if section != recorded_section or path != prefix + rel:
            return False
        try:
            st = os.lstat(path)
        except OSError:
            return False
        if stat_module.S_ISLNK(st.st_mode):
            return False
        if disk.stat_key(st) != recorded:
            return False
    return True

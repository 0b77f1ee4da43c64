"""Reading a KB root into a :class:`~claimkb.kb.KB`, collecting every problem as a finding.

Layout::

    <root>/sources/**.yaml   one source record per file, or a ``sources:`` list
    <root>/claims/**.yaml    sections ``claims`` (with an optional file-level ``source``),
                             ``entities``, ``properties``, ``constants`` and
                             ``resolutions``, in any file

Each file is read on its own: a broken file is reported and the others still load. A record
that fails validation is left out (its id is remembered so references to it are not reported
twice) and the rest of its file still loads.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from .config import Config, load_config
from .documents import SINGULAR, FilePart, read_part
from .errors import RootError
from .files import kb_files
from .findings import make
from .kb import KB
from .model import Located
from .roots import check_root, find_root

__all__ = ["RootError", "find_root", "load"]

CODES = frozenset(
    {
        "config-error",
        "duplicate-id",
        "duplicate-key",
        "empty-file",
        "invalid-value",
        "missing-field",
        "unknown-field",
        "unreadable-file",
        "wrong-type",
        "yaml-forbidden",
        "yaml-syntax",
    }
)
"""The findings (catalogue slugs) reading a KB (its files, records and settings) can
report; a test holds it to what it emits."""


def load(
    root: str | Path | None = None,
    *,
    cache: PartCache | None = None,
    on_file: Callable[[str], None] | None = None,
    config: Config | None = None,
) -> KB:
    """Load the KB at ``root`` (or the nearest one above the working directory).

    Raises :class:`RootError` only when there is no usable root; every problem inside the KB
    is reported in ``kb.load_findings``. Each file is read into a :class:`FilePart` and
    merged in discovery order; ``cache`` may supply the part of a file it has seen before
    (:mod:`claimkb.cache`), and ``on_file`` is told each file merged (for progress).
    ``config`` is the KB's settings when already read (with the runner's additions).
    """
    path = check_root(Path(root)) if root is not None else find_root()
    kb = KB(root=path, config=config if config is not None else load_config(path))
    kb.load_findings.extend(kb.config.findings)
    paused = gc.isenabled()
    gc.disable()  # the parser allocates many small objects that are never cyclic garbage
    try:
        files = kb_files(path)
        parts: list[FilePart | None] = [None] * len(files)
        for place in _reading_order(files, cache, functools.partial(read_part, path, kb.config)):
            file_path, section = files[place]
            read = functools.partial(read_part, path, kb.config, file_path, section)
            part = read(None) if cache is None else cache.part(file_path, section, read)
            parts[place] = part
            if on_file is not None:
                on_file(part.rel)
        for place, merged in enumerate(parts):  # in the files' order: an id's first is kept
            assert merged is not None
            parts[place] = None
            _merge(kb, merged)
    finally:
        if paused:
            gc.enable()
    return kb


# -- one file at a time ----------------------------------------------------------------------


def _reading_order(
    files: list[tuple[Path, str]], cache: PartCache | None, read: Callable[..., FilePart]
) -> list[int]:
    """The positions of ``files`` in the order to read them: those a second process parses
    (:meth:`claimkb.cache.Cache.read_apart`) last, from the last one back (this process
    may take some of those from the end: see :class:`claimkb.shares.Shares`)."""
    taken = cache.read_apart(files, read) if cache is not None else set()
    if not taken:
        return list(range(len(files)))
    return [p for p in range(len(files)) if p not in taken] + sorted(taken, reverse=True)


class PartCache(Protocol):
    """Supplies a file's :class:`FilePart`, calling ``read(text)`` when it must be read; the
    text it passes (or None: read it yourself) is the one its part is remembered under."""

    def part(
        self, path: Path, section: str, read: Callable[[str | None], FilePart]
    ) -> FilePart: ...

    def read_apart(
        self, files: list[tuple[Path, str]], read: Callable[[Path, str, str], FilePart]
    ) -> set[int]:
        """The positions of the files (path, section) another process is parsing with
        ``read(path, section, text)``, whose parts are best asked for last (none: an empty
        set)."""
        ...


def _merge(kb: KB, part: FilePart) -> None:
    kb.files.append(part.rel)
    tables: dict[str, dict[str, Any]] = {}
    for event in part.events:
        if type(event) is tuple:
            section, record = event
            table = tables.get(section)
            if table is None:
                table = tables[section] = getattr(kb, section)
            record_id = record.id  # type: ignore[attr-defined]
            if record_id in table:
                _register(kb, section, record)  # reports the duplicate
            else:
                table[record_id] = record
        else:
            kb.load_findings.append(event)  # type: ignore[arg-type]
    for section, ids in part.broken.items():
        kb.broken[section].update(ids)
    if part.broken.get("unread"):  # what it may define is unknown (see checks.unread)
        kb.broken["unread-files"].add(part.rel)


def _register(kb: KB, section: str, record: Located) -> None:
    """Add a valid record to its table, or report its id as a duplicate."""
    table: dict[str, Any] = getattr(kb, section)
    record_id: str = getattr(record, "id")  # noqa: B009 - every record model has an id
    existing = table.get(record_id)
    if existing is not None:
        kb.load_findings.append(
            make(
                "duplicate-id",
                record.file,
                record.line_of("id"),
                [record_id] if section == "claims" else [],
                kind=SINGULAR[section],
                id=record_id,
                first=f"{existing.file}:{existing.line}",
            )
        )
        return
    table[record_id] = record

"""Answers to questions about an unchanged knowledge base, kept.

A query's JSON answer is a pure function of the question (command and arguments) and of what
the report key covers - every file's content, the configuration, the code - and, for answers
that include findings, of the snapshots the check read. So the last :data:`KEPT` answers are
stored under a hash of (report key, command, arguments), with the snapshot state where it
matters, and the same question on the same KB is answered without loading a record. Any
change to a file, the configuration or the code changes the report key: the answer is then
computed afresh. Only JSON answers are kept; tables depend on the terminal.

Each answer is a file of its own (in ``answered/``), so that asking costs the size of that
answer, not of every answer kept; the oldest files go when there are more than :data:`KEPT`.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from . import Cache, disk

__all__ = ["Question", "survey", "ask", "KEPT", "DIRECTORY"]

KEPT = 64
"""How many answers a KB's cache keeps (the oldest go first)."""
DIRECTORY = "answered"
"""The directory of the kept answers, in a KB's cache directory."""
_FORMER = "answers"
"""The file earlier versions kept every answer in (removed when an answer is kept)."""


class Question:
    """One question about the KB as it is now."""

    def __init__(self, cache: Cache, key: str) -> None:
        self.cache = cache
        self.key = key
        self.path = cache.dir / DIRECTORY / key

    def answer(self) -> tuple[str, str] | None:
        """(stdout, stderr) of the answer given before, if it still holds."""
        found = disk.read(self.path)
        if not isinstance(found, tuple) or len(found) != 4 or found[0] != self.key:
            return None
        _, out, err, state = found
        if state is not None:
            from . import snapshots  # reads as the quote check does: imports the checks

            if not snapshots.unchanged(self.cache.root, self.cache.config, state):
                return None
        return out, err

    def snapshot_state(self, names: Iterable[str]) -> tuple[Any, ...]:
        """The state of these snapshots, for an answer that includes findings: take it before
        the findings are computed (see :mod:`.snapshots`)."""
        return self.cache.snapshots(names)

    def remember(self, out: str, err: str, state: tuple[Any, ...] | None = None) -> None:
        """Keep this answer, and only the :data:`KEPT` latest (best effort)."""
        try:
            disk.prepare(self.cache.dir)
            disk.write(self.path, disk.encode((self.key, out, err, state)))
            _forget_oldest(self.path.parent)
            disk.remove(self.cache.dir / _FORMER)
        except (OSError, ValueError):
            pass


def _forget_oldest(directory: Path) -> None:
    with os.scandir(directory) as entries:
        kept = sorted((e.stat().st_mtime_ns, e.name) for e in entries if e.is_file())
    for _, name in kept[: max(0, len(kept) - KEPT)]:
        disk.remove(directory / name)


def survey(root: Path) -> tuple[Cache, str | None] | None:
    """The cache of the KB at ``root`` (resolved) with every file surveyed, and the report key
    of those files (None when some file cannot be cached: then nothing stored may be reused);
    None when the cache is off."""
    from ..files import kb_files
    from .location import disabled

    if disabled():
        return None
    cache = Cache(root)
    return cache, cache.report_key(cache.survey(kb_files(root)))


def ask(
    cache: Cache, report_key: str | None, command: str, arguments: Sequence[object]
) -> Question | None:
    """The question ``command arguments`` about the files ``report_key`` covers, or None
    when there is no key (then no answer may be reused)."""
    if report_key is None:
        return None
    question = repr((report_key, command, tuple(arguments))).encode("utf-8", "surrogatepass")
    return Question(cache, hashlib.blake2b(question, digest_size=20).hexdigest())

"""Answers to questions about an unchanged knowledge base, kept.

A query's JSON answer is a pure function of the question (command and arguments) and of what
the report key covers - every file's content, the configuration, the code - and, for answers
that include findings, of the snapshots the check read. So the last :data:`KEPT` answers are
stored under a hash of (report key, command, arguments), with the snapshot state where it
matters, and the same question on the same KB is answered without loading a record. Any
change to a file, the configuration or the code changes the report key: the answer is then
computed afresh. Only JSON answers are kept; tables depend on the terminal.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from . import Cache, disk, snapshots

__all__ = ["Question", "ask", "KEPT"]

KEPT = 64
"""How many answers a KB's cache keeps (the oldest go first)."""


class Question:
    """One question about the KB as it is now."""

    def __init__(self, cache: Cache, key: str) -> None:
        self.cache = cache
        self.key = key
        self.path = cache.dir / "answers"

    def _stored(self) -> dict[str, Any]:
        stored = disk.read(self.path)
        return stored if isinstance(stored, dict) else {}

    def answer(self) -> tuple[str, str] | None:
        """(stdout, stderr) of the answer given before, if it still holds."""
        found = self._stored().get(self.key)
        if not isinstance(found, tuple) or len(found) != 3:
            return None
        out, err, state = found
        if state is not None:
            if not snapshots.unchanged(self.cache.root, self.cache.config.snapshot_dirs, state):
                return None
        return out, err

    def snapshot_state(self, names: Iterable[str]) -> tuple[Any, ...]:
        """The state of these snapshots, for an answer that includes findings: take it before
        the findings are computed (see :mod:`.snapshots`)."""
        return self.cache.snapshots(names)

    def remember(self, out: str, err: str, state: tuple[Any, ...] | None = None) -> None:
        """Keep this answer (best effort)."""
        stored = self._stored()
        stored.pop(self.key, None)
        stored[self.key] = (out, err, state)
        for old in list(stored)[: max(0, len(stored) - KEPT)]:
            del stored[old]
        try:
            disk.prepare(self.cache.dir)
            disk.write(self.path, disk.encode(stored))
        except (OSError, ValueError):
            pass


def ask(root: Path, command: str, arguments: Sequence[object]) -> Question | None:
    """The question ``command arguments`` about the KB at ``root`` (resolved), or None when the
    cache is off or some file cannot be cached (then no answer may be reused)."""
    from ..api import SECTIONS
    from ..files import discover
    from .location import disabled

    if disabled():
        return None
    cache = Cache(root)
    files = [(path, section) for section in SECTIONS for path in discover(root, section)]
    report_key = cache.report_key(cache.survey(files))
    if report_key is None:
        return None
    question = repr((report_key, command, tuple(arguments))).encode("utf-8", "surrogatepass")
    return Question(cache, hashlib.blake2b(question, digest_size=20).hexdigest())

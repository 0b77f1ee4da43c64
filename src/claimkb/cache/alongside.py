"""A cold check on two cores: a second process parses about half the files, then another
writes the cache while the check runs.

A cold check of a large KB spends about a third of its time parsing and a third on what
only later runs need: encoding every file's part, and the query index with every claim's
``--json`` row and what ``show`` and ``entity`` print (:mod:`.query_index`). Forked processes
(copy-on-write: they see this process's objects as they were at the fork) do most of it:

* :func:`read_apart`: a reader parses files from the front of the list and this process
  from the back, until they meet (:mod:`claimkb.shares`: wherever their speeds make them meet, so
  neither waits for the other when one of them runs slower than foreseen); the reader
  gives each part encoded as the cache stores it; this process then revives those parts
  (a fifth of the cost of parsing them) and merges every part in the files' order, so the
  KB is the one a single process loads (the codec stores records exactly), and the
  encoded parts go to the cache as they are.
* :func:`start`: once the KB is loaded and its values read, a writer runs the checks that
  need nothing the others work out and hands their findings over (:mod:`.beside`), while
  this process runs the others; then it builds and writes the query index (it needs no
  finding) but for what ``show`` prints, which rests on the rival groups and evidence this
  process's checks have just worked out, so this process builds that
  (:data:`.query_index.LEFT`); then it encodes the parts this process parsed (handing them
  over as the reader does: :mod:`.handover`), from the front of their list, while this
  process, its checks done, encodes them from the back (:mod:`claimkb.shares`), so that
  whichever is done first takes on the other's work. The check waits for the writer before
  it stores the report, so when the command ends everything is written, in the same files
  one process writes (each replaced whole).

If either process fails, this one does its work itself. It is done only where it is safe
and can pay: in a process that runs one command and ends (the command line:
:func:`claimkb.ending.declare_one_command`), on a system with ``fork`` (Linux), with no
other thread running, more than one CPU to run on, and one of them left idle by other work
(:data:`claimkb.forking.SPARE_TO_SHARE`), and memory to spare for the pages the
processes come to hold apart; the reader only for :data:`READ_APART_BYTES` of text or more,
the writer only up to :data:`WRITER_MAX_RESIDENT`. ``CLAIMKB_JOBS=1`` turns both off.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol

from .. import forking, jobs
from ..shares import Shares, front_of
from .beside import Channel, FindingsBeside, hand_over, open_channel
from .handover import Encoded, put, taken_back

if TYPE_CHECKING:
    from ..findings import Finding
    from ..kb import KB


class Cache(Protocol):
    """What the writer needs of :class:`claimkb.cache.Cache`."""

    dir: Path

    def save_queries_apart(self, kb: KB, key: str) -> None: ...

    def unencoded(self) -> list[tuple[str, Any]]: ...

    def hand_encoded(self, handed: Callable[[], dict[str, bytes | None] | None]) -> None: ...


__all__ = ["Writer", "start", "ReadApart", "read_apart"]

WRITER_MAX_RESIDENT = 1 << 30
"""A check whose process holds more than this once the KB is loaded has no writer: the
writer comes to hold its own copy of the pages it touches (two fifths of the loaded KB's,
measured at 100,000 claims: 567 MB for the two processes against 372 MB for one), which for
a KB this large is more memory than a machine may spare, while the reader, which holds one
file at a time, still halves its parsing. ``CLAIMKB_JOBS=2`` has a writer whatever the size."""


class Writer:
    """The process writing the query index; :meth:`finish` waits for it."""

    def __init__(self, pid: int, given: FindingsBeside | None = None) -> None:
        self.pid = pid
        self._given = given

    def findings(self) -> list[list[Finding]] | None:
        """The findings of the checks it ran first (:mod:`.beside`), if it has handed them
        over by now; None: run those checks here."""
        return self._given.take() if self._given is not None else None

    def finish(self) -> bool:
        """Wait for it: whether it wrote the query index (if not, write it here)."""
        if self._given is not None:
            self._given.close()
        return forking.succeeded(self.pid)


def start(cache: Cache, kb: KB, key: str) -> Writer | None:
    """Fork a process that writes ``kb``'s query index under the report ``key`` and ends;
    None where that is not done (see the module's docstring)."""
    if not forking.worth_it() or not _writer_fits():
        return None
    kb.values.read_all()  # both processes need them: read them once, before
    from .disk import prepare

    parts = cache.unencoded()
    try:
        prepare(cache.dir)  # before the fork: both processes write into it
        results = tempfile.TemporaryFile(dir=cache.dir, prefix="encoding-")
    except OSError:
        return None
    shares = Shares.open(len(parts))
    channel = open_channel(cache.dir)
    ready, done = os.pipe()
    pid = forking.fork(lambda: _write(cache, kb, key, parts, results, done, shares, channel))
    os.close(done)  # the writer's alone: the end of its signal when it ends
    given = None
    if channel is not None:
        os.close(channel.done)  # the writer's end of the findings' signal
        given = FindingsBeside(channel)
    if pid is None:
        os.close(ready)
        results.close()
        if shares is not None:
            shares.close()
        if given is not None:
            given.close()
        return None
    cache.hand_encoded(Encoded(results, ready, parts, shares).collect)
    return Writer(pid, given)


def _write(
    cache: Cache,
    kb: KB,
    key: str,
    parts: list[tuple[str, Any]],
    results: IO[bytes],
    done: int,
    shares: Shares | None,
    channel: Channel | None = None,
) -> None:
    """The writer's work: run the checks it may run beside the check and hand their
    findings over (:mod:`.beside`), build and write the query index, and encode the parts
    this process read (as the reader does) and say so. Shared (:mod:`claimkb.shares`), the parts
    come last, from the front, while the check, its checks done, encodes them from the
    back; else before the index."""
    from .parts import encode_part

    if channel is not None:
        hand_over(kb, channel)
    if shares is not None:
        cache.save_queries_apart(kb, key)
    for batch in front_of(shares, len(parts)):
        for name, part in map(parts.__getitem__, batch):
            put(results, name, encode_part(part))
    results.flush()
    os.write(done, b"1")
    os.close(done)
    if shares is None:
        cache.save_queries_apart(kb, key)


def _writer_fits() -> bool:
    """Whether the writer's copy fits: see :data:`WRITER_MAX_RESIDENT`."""
    if jobs.setting() == "2":
        return True
    resident, _ = forking.memory()
    return resident is not None and resident <= WRITER_MAX_RESIDENT


# -- reading some of the files in a second process ---------------------------------------------

READ_APART_BYTES = 1_000_000
"""Below this much text to parse, a second reader costs more than it saves."""

READER_COST = 1.2
"""What a byte costs the reader, which parses it and encodes its part, against this
process, which parses its own (measured: 1.22 at 100,000 claims). Where the files cannot
be shared as the two go (:meth:`claimkb.shares.Shares.open` found no pipe to hold the tokens),
the reader takes 1 / (1 + READER_COST) of the text (45 %), so that it is done about when
this process has parsed the rest, and this one then revives a smaller share."""


class ReadApart:
    """A forked process parsing some of the files this run must read, each into its part,
    encoded as the cache stores it (:func:`.parts.encode_part`), while this process parses
    the others; then this one revives them (a fifth of the cost of parsing) instead of
    parsing them. A part the reader could not give is parsed here: the records are the same
    either way (the codec stores them exactly).

    With :class:`claimkb.shares.Shares`, the reader may take every file, from the front, and this
    process takes them from the back (:meth:`stolen`) once it has parsed its own: the two
    meet wherever their speeds make them meet."""

    def __init__(
        self, pid: int, results: IO[bytes], taken: list[str], shares: Shares | None
    ) -> None:
        self.pid = pid
        self.taken = set(taken)
        """The files (relative paths) the reader may take."""
        self._results = results
        self._found: dict[str, bytes] | None = None
        self._shares = shares
        self._position = {rel: place for place, rel in enumerate(taken)} if shares else {}
        self._stolen_from = len(taken)
        """The files from this position on are this process's to parse."""

    def stolen(self, rel: str) -> bool:
        """Whether this process parses ``rel``, one of :attr:`taken`, itself: it took the
        batch holding it before the reader did. Best asked from the last file back."""
        place, shares = self._position.get(rel), self._shares
        if place is None or shares is None:
            return False
        while place < self._stolen_from and (batch := shares.back()) is not None:
            self._stolen_from = batch.start
        if shares.took_all() and self._found is None:  # the reader got none: it ends
            self._found = self._collect()
        return place >= self._stolen_from

    def part(self, rel: str) -> bytes | None:
        """The encoded part the reader gave for ``rel`` (waiting for it, once), or None."""
        if self._found is None:
            self._found = self._collect()
        return self._found.pop(rel, None)

    def _collect(self) -> dict[str, bytes]:
        if self._shares is not None:
            self._shares.close()  # the reader has the rest
        if not forking.succeeded(self.pid):
            self._results.close()
            return {}
        given = taken_back(self._results) or {}
        return {rel: framed for rel, framed in given.items() if framed is not None}


def read_apart(
    directory: Path, files: list[tuple[str, Path, str, str]], read: Callable[..., Any]
) -> ReadApart | None:
    """Fork a reader for ``files`` - (rel, path, section, text) - shared as the two go
    (:mod:`claimkb.shares`; else a share by size: see :data:`READER_COST`), calling ``read(path,
    section, text)`` for each it takes; None where that is not done (see the module's
    docstring, and :data:`READ_APART_BYTES`)."""
    total = sum(len(text) for *_, text in files)
    if total < READ_APART_BYTES or not forking.worth_it():
        return None
    from .disk import prepare

    try:
        prepare(directory)
        results = tempfile.TemporaryFile(dir=directory, prefix="reading-")
    except OSError:
        return None
    shares = Shares.open(len(files))
    taken = files if shares is not None else _share(files)
    pid = forking.fork(lambda: _read_into(results, taken, read, shares))
    if pid is None:
        if shares is not None:
            shares.close()
        results.close()
        return None
    return ReadApart(pid, results, [rel for rel, *_ in taken], shares)


def _share(files: list[tuple[str, Path, str, str]]) -> list[tuple[str, Path, str, str]]:
    """The reader's share of ``files`` when they cannot be shared as they go: by size, so
    that both shares take about as long (see :data:`READER_COST`)."""
    mine = theirs = 0
    taken: list[tuple[str, Path, str, str]] = []
    for file in files:
        if theirs * READER_COST < mine:
            taken.append(file)
            theirs += len(file[3])
        else:
            mine += len(file[3])
    return taken


def _read_into(
    results: IO[bytes],
    taken: list[tuple[str, Path, str, str]],
    read: Callable[..., Any],
    shares: Shares | None,
) -> None:
    from .parts import encode_part

    for batch in front_of(shares, len(taken)):
        for rel, path, section, text in map(taken.__getitem__, batch):
            framed = encode_part(read(path, section, text))
            if framed is not None:
                put(results, rel, framed)
    results.flush()

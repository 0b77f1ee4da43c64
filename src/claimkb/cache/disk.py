"""Cache files on disk: framed, checksummed, written atomically, and read defensively.

Every cache file is ``MAGIC``, a header (format, payload length, CRC-32 of the payload), then
the payload as :mod:`marshal` data. A file that is missing, not a regular file (a FIFO would
block the read forever), truncated, of another format, or whose checksum fails reads as
``None``: the caller rebuilds it. Files are replaced with
:func:`claimkb.atomic.write_atomic`, so a reader never sees half of one. marshal is used for
speed (reading back 100,000 records is several times faster than pickle or JSON); it is not
safe against crafted data, which is one reason the cache lives only in the user's own cache
directory, never inside the knowledge base (see :mod:`claimkb.cache.location`).
"""

from __future__ import annotations

import contextlib
import marshal
import os
import stat
import struct
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, BinaryIO

__all__ = [
    "FORMAT",
    "MARKER",
    "open_regular",
    "read_regular",
    "read",
    "read_payload",
    "encode",
    "prepare",
    "write",
    "write_pieces",
    "remove",
    "clear_dir",
]

FORMAT = 2
"""Bumped whenever what the cache stores changes shape (2: packs written in pieces)."""
MAGIC = b"claimkb-cache\0"
_HEADER = struct.Struct("<IQI")  # format, payload length, crc32
MARKER = "CACHEDIR.TAG"
_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file marks a cache directory of claimkb (https://bford.info/cachedir/).\n"
    "# It is safe to delete; `claimkb cache clear` does so.\n"
)


def stat_key(st: os.stat_result) -> tuple[int, int, int, int, int]:
    """What of a file's stat changes when its content may have: size, modification and
    change times (nanoseconds), inode and device."""
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev)


@contextlib.contextmanager
def open_regular(path: Path) -> Iterator[BinaryIO | None]:
    """``path`` opened for reading if it is a regular file, else None (missing, unreadable, a
    directory, a named pipe, a device). It is opened without blocking and checked on the
    descriptor it opened, so a FIFO put in a cache file's place (or in a KB file's) can never
    make a check wait for a writer that does not come."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        descriptor = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        yield None
        return
    with os.fdopen(descriptor, "rb") as handle:
        yield handle if stat.S_ISREG(os.fstat(descriptor).st_mode) else None


def read_regular(path: Path) -> bytes | None:
    """The content of ``path`` if it is a regular file that can be read, else None."""
    try:
        with open_regular(path) as handle:
            return None if handle is None else handle.read()
    except OSError:
        return None


def read(path: Path) -> Any | None:
    """The value stored at ``path``, or None if it is absent, not a regular file (a FIFO put
    in its place), or not intact."""
    payload = read_payload(path)
    if payload is None:
        return None
    try:
        return marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return None


def write_pieces(path: Path, pieces: Sequence[bytes]) -> None:
    """Replace ``path`` with a framed file whose payload is ``pieces`` one after the other
    (read back with :func:`read_payload`), without joining them in memory: a pack of a large
    KB's parts is hundreds of megabytes, which joining would hold twice more."""
    checksum = 0
    for piece in pieces:
        checksum = zlib.crc32(piece, checksum)
    length = sum(len(piece) for piece in pieces)
    path.parent.mkdir(parents=True, exist_ok=True)
    from ..atomic import atomic_writer  # a reader (an unchanged KB's check) needs none

    with atomic_writer(path, "wb", durable=False) as handle:
        handle.write(MAGIC + _HEADER.pack(FORMAT, length, checksum))
        for piece in pieces:
            handle.write(piece)


def read_payload(path: Path) -> memoryview | None:
    """The payload of a cache file (written by :func:`write` or :func:`write_pieces`), or
    None if it is absent, not a regular file, truncated, of another format or damaged."""
    data = read_regular(path)
    if data is None:
        return None
    start = len(MAGIC) + _HEADER.size
    if len(data) < start or not data.startswith(MAGIC):
        return None
    version, length, checksum = _HEADER.unpack_from(data, len(MAGIC))
    payload = memoryview(data)[start:]
    if version != FORMAT or length != len(payload) or zlib.crc32(payload) != checksum:
        return None
    return payload


def encode(value: Any) -> bytes:
    """``value`` framed for :func:`write`; ValueError if marshal cannot store it exactly."""
    payload = marshal.dumps(value, 4)
    return MAGIC + _HEADER.pack(FORMAT, len(payload), zlib.crc32(payload)) + payload


def prepare(directory: Path) -> None:
    """Create a KB's cache directory, marked with a CACHEDIR.TAG so backup tools skip it and
    :func:`clear_dir` knows it may delete it."""
    directory.mkdir(parents=True, exist_ok=True)
    tag = directory / MARKER
    if not tag.exists():
        from ..atomic import write_atomic

        write_atomic(tag, _TAG)


def write(path: Path, framed: bytes) -> None:
    """Replace ``path`` with ``framed`` (from :func:`encode`), creating its directory."""
    path.parent.mkdir(parents=True, exist_ok=True)
    from ..atomic import write_atomic

    write_atomic(path, framed, durable=False)  # a torn file fails its checksum: rebuilt


def remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def clear_dir(directory: Path) -> bool:
    """Delete a cache directory; only one that claimkb marked as its own (CACHEDIR.TAG)."""
    if not (directory / MARKER).is_file():
        return False
    import shutil

    shutil.rmtree(directory, ignore_errors=True)
    return not directory.exists()

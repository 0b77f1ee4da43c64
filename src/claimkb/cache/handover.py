"""Parts handed from one process to another: a forked process parsing or encoding parts
writes each one (encoded as the cache stores it, :func:`.parts.encode_part`) into a file the
two share, and the check takes them back once that process is done (:mod:`.alongside`).

Each part is one length-prefixed marshal record of (name, encoded part or None); a file cut
short or damaged is no answer, and the check then does that work itself.
"""

from __future__ import annotations

import marshal
import os
import struct
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..shares import Shares

__all__ = ["Encoded", "put", "taken_back"]

_LENGTH = struct.Struct("<Q")


def put(results: IO[bytes], name: str, framed: bytes | None) -> None:
    """Hand over one part (encoded, or None: it cannot be stored) under its name."""
    record = marshal.dumps((name, framed), 4)
    results.write(_LENGTH.pack(len(record)) + record)


def taken_back(results: IO[bytes]) -> dict[str, bytes | None] | None:
    """Every part handed over in ``results`` (then closed), once the process that wrote them
    is done with it; None if the file is damaged or cannot be read."""
    found: dict[str, bytes | None] = {}
    try:
        end = results.seek(0, os.SEEK_END)
        results.seek(0)
        while len(header := results.read(_LENGTH.size)) == _LENGTH.size:
            (size,) = _LENGTH.unpack(header)
            if size > end - results.tell():  # a damaged length: no buffer that size is made
                return None
            name, framed = marshal.loads(results.read(size))  # one part at a time
            found[name] = framed
    except (OSError, EOFError, ValueError, TypeError):
        return None
    finally:
        results.close()
    return found


class Encoded:
    """The parts this process read, encoded when the check saves them, after its checks:
    by this process from the back of their list while the writer, its index written,
    encodes them from the front (:mod:`claimkb.shares`); or, not shared, all by the writer, which
    then encodes them first and has long since."""

    def __init__(
        self,
        results: IO[bytes],
        ready: int,
        parts: list[tuple[str, Any]],
        shares: Shares | None,
    ) -> None:
        self._results = results
        self._ready = ready
        self._parts = parts
        self._shares = shares

    def collect(self) -> dict[str, bytes | None] | None:
        """Name -> the part encoded (None: it cannot be stored): those encoded here and those
        the writer encoded, waiting for it to say they are written (none of the writer's if
        it ended first: the check encodes the rest itself)."""
        mine: dict[str, bytes | None] = {}
        if self._shares is not None:
            from .parts import encode_part

            while (batch := self._shares.back()) is not None:
                for name, part in map(self._parts.__getitem__, batch):
                    mine[name] = encode_part(part)
            self._shares.close()
            if self._shares.took_all():  # the writer has none: nothing to wait for
                self._close()
                return mine
        try:
            theirs = taken_back(self._results) if os.read(self._ready, 1) == b"1" else None
        except OSError:
            theirs = None
        finally:
            self._close()
        return mine if theirs is None else {**theirs, **mine}

    def _close(self) -> None:
        os.close(self._ready)
        self._results.close()  # (closed already if taken back)

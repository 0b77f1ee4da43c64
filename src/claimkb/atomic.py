"""Writing files so that a reader only ever sees the old content or the new, never a mixture.

Every regular file claimkb writes (``--output``, exports, caches) goes through
:func:`write_atomic` or :func:`atomic_path`: the data is written to a temporary file in the
target's directory, flushed and fsynced, then renamed over the target (``os.replace`` is
atomic on POSIX and Windows). If anything fails, or the process is killed, the temporary file
is removed (or left as a ``.tmp`` file nobody reads) and the original stays untouched. A
user-named ``--output`` goes through :mod:`claimkb.output` first, which writes a device or a
pipe as a stream instead of replacing it.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any


@contextlib.contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """A temporary path beside ``path`` for another library to write (an SQLite database);
    when the block succeeds it replaces ``path`` atomically, with ``path``'s permissions (or
    the umask's for a new file)."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    os.close(fd)
    try:
        yield Path(tmp_name)
        _publish(tmp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise


def _publish(tmp_name: str, target: Path) -> None:
    """Give the finished temporary file its permissions and rename it over ``target``."""
    if target.exists():
        with contextlib.suppress(OSError):
            os.chmod(tmp_name, target.stat().st_mode & 0o7777)
    else:
        with contextlib.suppress(OSError):
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp_name, 0o666 & ~umask)
    os.replace(tmp_name, target)


@contextlib.contextmanager
def atomic_writer(
    path: str | Path, mode: str = "w", encoding: str | None = "utf-8", *, durable: bool = True
) -> Iterator[IO[Any]]:
    """Open a temporary file beside ``path``; on success it replaces ``path`` atomically.

    ``durable=False`` skips the fsync: the replacement is still atomic for every reader, but
    after a power loss the file may be empty. Only for files whose damage is detected and
    harmless (the cache checksums its files and rebuilds a damaged one)."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    binary = "b" in mode
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, mode, encoding=None if binary else encoding) as handle:
            yield handle
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        _publish(tmp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise


def write_atomic(path: str | Path, data: str | bytes, *, durable: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically (see :func:`atomic_writer` for ``durable``)."""
    if isinstance(data, bytes):
        with atomic_writer(path, "wb", durable=durable) as handle:
            handle.write(data)
    else:
        with atomic_writer(path, "w", durable=durable) as handle:
            handle.write(data)

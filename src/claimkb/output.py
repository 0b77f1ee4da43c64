"""Writing a report or an export where the person running claimkb asked: ``--output`` / ``-o``.

The target may be anything a path can name, and each is written the way it must be:

* a new path, or an existing regular file (through a symbolic link too): replaced atomically
  (:mod:`claimkb.atomic`), so a reader sees the old content or the new, never half;
* a character device (``/dev/null``, a terminal), a named pipe, or a link to one: opened and
  written as a stream, never replaced - renaming a file over ``/dev/null`` as root in a CI
  container would replace the system's ``/dev/null``;
* an open descriptor (``/dev/stdout``, ``/proc/self/fd/1``, or a link to one): written through
  it, appending when it is open on a regular file, as writing to the descriptor would;
* ``-`` (or no ``--output``): standard output;
* a directory, a socket, or anything that cannot be opened: an :class:`OutputError` naming
  the path, which the command line reports as a usage error (exit 2).

Every command that writes user-named output goes through :func:`write_output` (text or bytes)
or :func:`output_file` (a file another library fills, such as an SQLite database).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, Literal

from .atomic import atomic_path, write_atomic
from .errors import ClaimkbError

__all__ = ["STDOUT", "OutputError", "output_file", "write_output"]

STDOUT = "-"
"""The ``--output`` that means standard output."""

Target = str | os.PathLike[str] | None
Kind = Literal["stdout", "file", "stream"]


class OutputError(ClaimkbError):
    """The output cannot be written where it was asked (a usage error: exit status 2)."""


def write_output(target: Target, data: str | bytes) -> None:
    """Write ``data`` (text is written as UTF-8) to ``target``; see the module docstring."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    kind, where = _classify(target)
    try:
        if kind == "file":
            write_atomic(where, payload)
        elif kind == "stdout":
            _write_stdout(payload)
        else:
            with _stream(where) as handle:
                if handle is None:  # it became a regular file since it was looked at
                    write_atomic(where, payload)
                else:
                    handle.write(payload)
    except OSError as exc:
        raise _error(where, exc) from None


@contextlib.contextmanager
def output_file(target: Target) -> Iterator[Path]:
    """A path to build the output in; when the block succeeds it is published to ``target``
    (renamed over a regular file, copied into a device, a pipe or standard output)."""
    kind, where = _classify(target)
    try:
        if kind == "file":
            with atomic_path(where) as building:
                yield building
            return
        with tempfile.TemporaryDirectory(prefix="claimkb-") as directory:
            building = Path(directory) / "output"
            yield building
            with building.open("rb") as built:
                if kind == "stdout":
                    sys.stdout.flush()
                    shutil.copyfileobj(built, sys.stdout.buffer)
                    sys.stdout.buffer.flush()
                    return
                with _stream(where) as handle:
                    if handle is None:
                        shutil.copyfile(building, where)
                    else:
                        shutil.copyfileobj(built, handle)
    except OSError as exc:
        raise _error(where, exc) from None


def _classify(target: Target) -> tuple[Kind, str]:
    """What ``target`` is, and the path to write: a regular file's real path (so a link to
    it is written through, not replaced by a file), a special file's path as given."""
    if target is None or os.fspath(target) == STDOUT:
        return "stdout", STDOUT
    path = os.fspath(target)
    try:
        if _descriptor(path):  # /dev/stdout, /proc/self/fd/1: what the descriptor is open on
            return "stream", path
        info = os.stat(path)
    except FileNotFoundError:  # a new file, or a link to a file not yet there
        return "file", os.path.realpath(path) if os.path.islink(path) else path
    except OSError as exc:
        raise _error(path, exc) from None
    if stat.S_ISDIR(info.st_mode):
        raise OutputError(
            f"cannot write {path}: it is a directory; name a file in it (or - for standard output)"
        )
    if stat.S_ISREG(info.st_mode):
        return "file", os.path.realpath(path)
    if stat.S_ISSOCK(info.st_mode):
        raise OutputError(f"cannot write {path}: it is a socket; name a file, a device or a pipe")
    return "stream", path


_FD_DIRECTORY = re.compile(r"/proc/[^/]+(?:/task/[^/]+)?/fd")


def _descriptor(path: str) -> bool:
    """Whether ``path``, or a link it leads through, names an open file descriptor
    (``/proc/<pid>/fd/N``, ``/dev/fd/N``, ``/dev/stdout``). Such a link does not lead to a
    path: its target may be a pipe, a deleted file, or a log the shell opened for appending,
    so it is written through the descriptor, never replaced."""
    current = os.path.abspath(path)
    for _ in range(40):  # the kernel's own limit on links followed
        if _FD_DIRECTORY.fullmatch(os.path.realpath(os.path.dirname(current))):
            return True
        if not os.path.islink(current):
            return False
        current = os.path.join(os.path.dirname(current), os.readlink(current))
    return False


@contextlib.contextmanager
def _stream(path: str) -> Iterator[BinaryIO | None]:
    """``path`` (a device, a pipe, a descriptor) opened for writing, never created or
    truncated, and appended to when it is a regular file behind a descriptor (as a shell's
    ``>>`` does). None if what is there now is a regular file that is not a descriptor's: it
    is replaced atomically instead. Opening a pipe waits for its reader, as ``>`` does."""
    flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    descriptor = os.open(path, flags)
    if stat.S_ISREG(os.fstat(descriptor).st_mode) and not _descriptor(path):
        os.close(descriptor)
        yield None
        return
    with os.fdopen(descriptor, "wb") as handle:
        yield handle


def _write_stdout(payload: bytes) -> None:
    sys.stdout.flush()
    sys.stdout.buffer.write(payload)
    sys.stdout.buffer.flush()


def _error(path: str, exc: OSError) -> OutputError:
    where = "standard output" if path == STDOUT else path
    return OutputError(f"cannot write {where}: {exc.strerror or exc}")

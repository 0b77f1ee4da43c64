"""Finding and reading the KB's files safely.

Everything that can go wrong between a path and a decoded text becomes a :class:`FileProblem`
with a line where one exists: a directory where a file should be, a file that cannot be
opened, one that is too large, binary (NUL bytes), UTF-16 or otherwise not UTF-8, or a symlink
that leads outside the KB root. The caller turns it into a finding and goes on.
"""

from __future__ import annotations

import codecs
import os
import stat as stat_module
from collections.abc import Iterator
from pathlib import Path

from .errors import ClaimkbError

YAML_SUFFIXES = (".yaml", ".yml")
SECTIONS = ("sources", "claims")
"""The directories of a KB root that hold its files, in the order they are read."""


class FileProblem(ClaimkbError):
    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.line = line


def kb_files(root: Path) -> list[tuple[Path, str]]:
    """Every file of the KB at ``root`` as (path, section), in the order it is read: sources
    first, so that claims find them."""
    return [(Path(path), section) for path, section in kb_listing(root)]


def kb_listing(root: Path) -> list[tuple[str, str]]:
    """:func:`kb_files` with each path as text (``str`` of the same path): what a survey of
    thousands of files needs, without building a Path for each."""
    return [(path, section) for section in SECTIONS for path in _discover(root, section)]


def discover(root: Path, section: str) -> Iterator[Path]:
    """YAML files under ``root/section``, sorted, without following directory symlinks.

    Hidden files and directories (``.git``, editor backups) are skipped. A path with a YAML
    suffix that is not a regular file (a directory, a socket) is still yielded, so that
    reading it reports the problem instead of ignoring what the user meant as data.
    """
    return (Path(path) for path in _discover(root, section))


def _discover(root: Path, section: str) -> Iterator[str]:
    """:func:`discover`, each path as ``str(root / section / ...)``."""
    base_path = root / section
    if not base_path.is_dir():
        return
    base = str(base_path)
    if not base_path.resolve().is_relative_to(root.resolve()):
        yield base  # a link out of the root: reading it reports that, nothing there is listed
        return
    unlistable: list[str] = []
    walk = os.walk(base, followlinks=False, onerror=lambda e: unlistable.append(e.filename))
    for dirpath, dirnames, filenames in walk:
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        here = dirpath + os.sep if not dirpath.endswith(os.sep) else dirpath
        for name in sorted(filenames) + [d for d in dirnames if d.endswith(YAML_SUFFIXES)]:
            if name.startswith(".") or not name.endswith(YAML_SUFFIXES):
                continue
            yield here + name
        dirnames[:] = [d for d in dirnames if not d.endswith(YAML_SUFFIXES)]
    yield from (str(Path(path)) for path in unlistable)  # reading it reports it


def read_text(path: Path, root: Path, max_bytes: int) -> str:
    """Read a KB file as text, refusing anything that is not plain UTF-8 within the root.

    ``path`` comes from :func:`discover`, which lists no directory outside the root and follows
    no directory link, so only a path that is itself a symbolic link can lead elsewhere: it is
    resolved and refused before anything is opened when it leaves the root.
    """
    return read_encoded(path, root, max_bytes)[0]


def read_encoded(
    path: str | Path, root: Path, max_bytes: int, status: os.stat_result | None = None
) -> tuple[str, bytes]:
    """:func:`read_text`, with the text's UTF-8 bytes as read (what the cache hashes: no
    encoding it again) and ``status``, the file's ``lstat`` when the caller took it already
    (the survey does, for every file of the KB)."""
    target: str | Path = path
    found = status if status is not None else _status(path)  # one lstat per file
    if found is not None and stat_module.S_ISLNK(found.st_mode):
        try:
            target = Path(path).resolve(strict=True)
        except (OSError, RuntimeError):
            raise FileProblem(
                "a symbolic link that leads nowhere (or loops); remove it or point it at a "
                "file inside the knowledge base"
            ) from None
        if not target.is_relative_to(root.resolve()):
            raise FileProblem(
                "a symbolic link that leads outside the knowledge base root; claimkb reads "
                "only files inside the root - copy the file in instead"
            )
        found = _status(target, follow=True)
    if found is not None and stat_module.S_ISDIR(found.st_mode):
        if not os.path.basename(path).endswith(YAML_SUFFIXES):
            raise FileProblem("a directory that cannot be listed, so its files were not read")
        raise FileProblem("a directory where a YAML file is expected; rename it")
    try:
        if found is None or not stat_module.S_ISREG(found.st_mode):
            raise FileProblem("not a regular file (a pipe, socket or device); remove it")
        size = found.st_size
        if size > max_bytes:
            raise FileProblem(_too_large(size, max_bytes))
        with open(target, "rb") as handle:
            data = handle.read(size + 1)  # a buffer the file's size, not the limit's
            if len(data) > size:  # it grew after stat(): the rest, up to past the limit
                data += handle.read(max_bytes + 1 - len(data))
    except PermissionError:
        raise FileProblem(
            "permission denied: the file cannot be read (check its permissions)"
        ) from None
    except FileProblem:
        raise
    except OSError as exc:
        raise FileProblem(f"cannot be read: {exc.strerror or exc}") from None
    if len(data) > max_bytes:  # it grew after stat()
        raise FileProblem(_too_large(len(data), max_bytes))
    return _decoded(data)


def _status(path: str | Path, *, follow: bool = False) -> os.stat_result | None:
    """The file's status (its link's own unless ``follow``), or None when there is none to
    read (gone, or a name that cannot be looked up), as pathlib's ``is_file`` would say
    False; no permission to look is said as such."""
    try:
        return os.stat(path) if follow else os.lstat(path)
    except PermissionError:
        raise FileProblem(
            "permission denied: the file cannot be read (check its permissions)"
        ) from None
    except (OSError, ValueError):
        return None


def _too_large(size: int, max_bytes: int) -> str:
    return (
        f"the file is {size:,} bytes, over the limit of {max_bytes:,} (max_file_bytes); "
        "split it into smaller files"
    )


def decode(data: bytes) -> str:
    """Decode UTF-8 (a UTF-8 byte-order mark is accepted and dropped)."""
    return _decoded(data)[0]


def _decoded(data: bytes) -> tuple[str, bytes]:
    """:func:`decode`, with the bytes decoded (``data`` without its byte-order mark)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or data.startswith(
        (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)
    ):
        raise FileProblem("the file is UTF-16 or UTF-32; save it as UTF-8", 1)
    nul = data.find(b"\x00")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        if data[1::2].count(0) > len(data) // 4 or data[0::2].count(0) > len(data) // 4:
            raise FileProblem(
                "the file looks like UTF-16 without a byte-order mark; save it as UTF-8", line
            )
        raise FileProblem("a NUL byte: this is a binary file, not YAML text", line)
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    try:
        return data.decode("utf-8"), data
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        if exc.reason == "unexpected end of data" and exc.end == len(data):
            raise FileProblem(
                "the file ends in the middle of a UTF-8 character; was it cut off?", line
            ) from None
        raise FileProblem(f"not valid UTF-8 at byte {exc.start}{_guess(data)}", line) from None


def _guess(data: bytes) -> str:
    """A hint at the encoding a non-UTF-8 text is probably in."""
    for codec, name in (("gb2312", "GBK/GB18030"), ("cp1252", "Latin-1/Windows-1252")):
        try:
            data.decode(codec)
        except UnicodeDecodeError:
            continue
        return f" (it looks like {name}; re-save it as UTF-8)"
    return "; re-save it as UTF-8"


def relative(path: Path, root: Path) -> str:
    """A path as shown in findings: relative to the root, with forward slashes."""
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()

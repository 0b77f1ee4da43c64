"""Writing KB files safely: confined, checked for concurrent changes, atomic, previewable.

A write is planned first, as a :class:`Change` holding, for each file, the text read and the
text to write. Nothing touches the disk until :func:`commit`, which

* writes only under the KB's ``claims/`` and ``sources/`` (never through a link, never into a
  hidden file or directory, never a special file);
* refuses when a file changed since it was read (or appeared, for a new one), so two editors
  never silently overwrite each other;
* replaces each file atomically (:func:`claimkb.atomic.write_atomic`: temporary file, flush,
  fsync, rename), so a ``kill -9`` at any moment leaves the old file or the new one.

``--dry-run`` prints :func:`diff` instead of committing.
"""

from __future__ import annotations

import codecs
import difflib
import hashlib
import os
import stat as stat_module
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from ..files import FileProblem, decode
from .errors import Refused, Stale

__all__ = ["Change", "FileEdit", "Original", "commit", "confine", "diff", "read_for_edit"]

WRITABLE = ("claims", "sources")
"""The only directories of a KB the authoring commands write into."""
SUFFIXES = (".yaml", ".yml", ".drafts")


@dataclass(frozen=True)
class Original:
    """A file as it was read before an edit (``text`` None: it does not exist yet)."""

    rel: str
    path: Path
    text: str | None
    digest: str | None
    bom: bool = False


@dataclass(frozen=True)
class FileEdit:
    original: Original
    text: str

    @property
    def rel(self) -> str:
        return self.original.rel


@dataclass
class Change:
    """What a command will write: the edited files, and what the edit means (for output)."""

    summary: str
    edits: list[FileEdit] = field(default_factory=list)
    data: dict[str, object] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    """Things the person should know (a quote that could not be checked ...)."""

    def to_dict(self) -> dict[str, object]:
        return {
            "summary": self.summary,
            "files": [e.rel for e in self.edits],
            "notes": list(self.notes),
            **self.data,
        }


def confine(root: Path, rel: str) -> Path:
    """The path of ``rel`` under ``root``, or :class:`Refused` when it is not a KB data file
    the authoring commands may write (see the module docstring)."""
    written = PurePosixPath(rel.replace("\\", "/"))
    parts = written.parts
    if written.is_absolute() or len(parts) < 2 or parts[0] not in WRITABLE:
        raise Refused(f"{rel}: claimkb writes only files under claims/ and sources/")
    if any(part in ("", ".", "..") or part.startswith(".") for part in parts):
        raise Refused(f"{rel}: a hidden or relative path part; name a plain file under claims/")
    if not written.name.endswith(SUFFIXES):
        raise Refused(f"{rel}: not a .yaml file")
    real_root = root.resolve()
    base = (real_root / parts[0]).resolve()
    if not base.is_relative_to(real_root):
        raise Refused(f"{parts[0]}/ leads outside the KB through a symbolic link")
    path = real_root.joinpath(*parts)
    parent = path.parent.resolve()
    if not parent.is_relative_to(base):
        raise Refused(f"{rel}: its directory leads outside {parts[0]}/ through a symbolic link")
    if not parent.is_dir():
        raise Refused(f"{rel}: the directory {path.parent.relative_to(real_root)} does not exist")
    return parent / path.name


def read_for_edit(root: Path, rel: str, max_bytes: int) -> Original:
    """Read a file to edit it (or note that it does not exist), refusing what must not be
    rewritten: a link, a special file, an oversized or undecodable file."""
    path = confine(root, rel)
    data = _read(path, rel, max_bytes)
    if data is None:
        return Original(rel, path, None, None)
    try:
        text = decode(data)
    except FileProblem as problem:
        where = f"{rel}:{problem.line}" if problem.line else rel
        raise Refused(f"{where}: {problem.message}; claimkb does not rewrite it") from None
    return Original(
        rel, path, text, hashlib.sha256(data).hexdigest(), data.startswith(codecs.BOM_UTF8)
    )


def _read(path: Path, rel: str, max_bytes: int | None) -> bytes | None:
    """The file's bytes (None: it does not exist), at most ``max_bytes`` (None: all)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise Refused(f"{rel}: cannot be read ({exc.strerror or exc})") from None
    if stat_module.S_ISLNK(mode):
        raise Refused(f"{rel}: a symbolic link; claimkb does not rewrite links")
    if not stat_module.S_ISREG(mode):
        raise Refused(f"{rel}: not a regular file; claimkb does not rewrite it")
    try:
        with path.open("rb") as handle:
            data = handle.read() if max_bytes is None else handle.read(max_bytes + 1)
    except OSError as exc:
        raise Refused(f"{rel}: cannot be read ({exc.strerror or exc})") from None
    if max_bytes is not None and len(data) > max_bytes:
        raise Refused(f"{rel}: larger than max_file_bytes ({max_bytes}); claimkb does not edit it")
    return data


def diff(change: Change) -> str:
    """The change as a unified diff (``--dry-run``)."""
    out: list[str] = []
    for edit in change.edits:
        before = edit.original.text
        old = (before or "").splitlines(keepends=True)
        new = edit.text.splitlines(keepends=True)
        source = f"a/{edit.rel}" if before is not None else "/dev/null"
        for line in difflib.unified_diff(old, new, source, f"b/{edit.rel}"):
            out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def commit(change: Change) -> None:
    """Write every edited file atomically, after checking that none changed since it was
    read. A file that changed is :class:`Stale`, and then nothing at all is written."""
    from ..atomic import write_atomic

    paths = [edit.original.path for edit in change.edits]
    if len(set(paths)) != len(paths):
        raise Stale("internal error: one change edits a file twice; nothing was written")
    for edit in change.edits:
        _unchanged(edit.original)
    for edit in change.edits:
        data = edit.text.encode("utf-8")
        if edit.original.bom:
            data = codecs.BOM_UTF8 + data
        write_atomic(edit.original.path, data)


def _unchanged(original: Original) -> None:
    try:
        data = _read(original.path, original.rel, None)
    except Refused as exc:
        raise Stale(f"{exc.message} (it changed since it was read); nothing was written") from None
    if original.digest is None:
        if data is not None:
            raise Stale(f"{original.rel} was created since claimkb looked; nothing was written")
        return
    if data is None or hashlib.sha256(data).hexdigest() != original.digest:
        raise Stale(
            f"{original.rel} changed since claimkb read it (another editor or command?); "
            "nothing was written - run the command again"
        )

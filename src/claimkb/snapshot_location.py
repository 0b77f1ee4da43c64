"""Where a source's snapshot is: the one place a snapshot name becomes a path.

A KB is untrusted input, its configuration included (a pull request can change both), so the
directories it names and the names its sources give are confined: a KB's own snapshot
directories lie inside its root, and neither they nor a snapshot's name may be absolute, climb
out with ``..``, go through a hidden file or directory (``.git`` holds credentials) or lead
elsewhere through a symbolic link. Directories outside the KB are *trusted*: only the person
running the tool names them (``--snapshot-dir``, ``CLAIMKB_SNAPSHOT_DIRS``), and a name still
cannot leave the directory it is found in.

The quote check, the cache (to tell whether a snapshot moved or changed) and ``--since`` all ask
:func:`find_snapshot`, so they cannot disagree about which file a name means.
"""

from __future__ import annotations

import os
import stat as stat_module
from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from .confinement import PathEscape, inside_problem, path_escape

if TYPE_CHECKING:
    from .config import Config

__all__ = [
    "SearchDirs",
    "find_in",
    "find_snapshot",
    "search_dirs",
    "search_dirs_in",
    "name_problem",
]

SearchDirs = tuple[tuple[str, Path | None, str | None], ...]
"""Snapshot directories in search order: (as written, resolved path or None, why refused)."""


def search_dirs(root: Path, config: Config) -> SearchDirs:
    """Each snapshot directory in search order: (as written, resolved path or None, why it is
    refused or None). The KB's own come first, then the trusted ones."""
    return search_dirs_in(root, config.snapshot_dirs, config.trusted_snapshot_dirs)


def search_dirs_in(root: Path, own: Iterable[str], trusted: Iterable[Path]) -> SearchDirs:
    """:func:`search_dirs` of the KB's own directories as written and the trusted ones."""
    result: list[tuple[str, Path | None, str | None]] = []
    try:
        real_root = root.resolve()
    except (OSError, RuntimeError):
        real_root = root
    for written in own:
        refused = inside_problem(written)
        if refused:
            result.append((written, None, f"snapshot directory {written!r} {refused}"))
            continue
        try:
            base = (root / written).resolve()
        except (OSError, RuntimeError) as exc:
            result.append((written, None, f"snapshot directory {written!r}: {_why(exc)}"))
            continue
        if not base.is_relative_to(real_root):
            why = "leads outside the KB root through a symbolic link"
            result.append((written, None, f"snapshot directory {written!r} {why}"))
            continue
        result.append((written, base, None))
    for named in trusted:
        try:
            result.append((str(named), named.resolve(), None))
        except (OSError, RuntimeError) as exc:
            result.append((str(named), None, f"snapshot directory {str(named)!r}: {_why(exc)}"))
    return tuple(result)


_NAME_PROBLEMS: dict[PathEscape, str] = {
    "absolute": "is absolute; give it relative to a snapshot directory",
    "climbs": "climbs out of the snapshot directories with '..'",
    "hidden": "names a hidden file or directory (such as .git), which is not part of the KB",
}


def name_problem(snapshot: str) -> str | None:
    """Why a snapshot name as a source writes it is refused, or None."""
    if "\x00" in snapshot:
        return "contains a NUL character"
    escape = path_escape(snapshot)
    return _NAME_PROBLEMS[escape] if escape else None


def find_snapshot(
    root: Path, config: Config, snapshot: str, dirs: SearchDirs | None = None
) -> tuple[Path | None, str | None]:
    """Where the snapshot named ``snapshot`` is: (path, or None; why it is refused, or None).

    The first directory holding a file of that name wins. A refused directory is skipped
    (the configuration's finding already names it); a name that resolves through a link to
    outside its directory, or to something that is not a regular file, is refused. ``dirs``:
    :func:`search_dirs` of the same root and configuration, for a caller that looks up many
    names in one go."""
    return find_in(dirs if dirs is not None else search_dirs(root, config), snapshot)


def find_in(dirs: SearchDirs, snapshot: str) -> tuple[Path | None, str | None]:
    """:func:`find_snapshot` in these directories (from :func:`search_dirs`)."""
    refused = name_problem(snapshot)
    if refused:
        return None, refused
    relative = PurePosixPath(snapshot.replace("\\", "/"))
    for _written, base, _why_refused in dirs:
        if base is None:
            continue
        try:
            candidate, mode = _looked_up(base, relative)
        except _Outside:
            return None, "leads outside its snapshot directory through a symbolic link"
        except FileNotFoundError:
            continue
        except (OSError, RuntimeError, ValueError) as exc:  # too long, a loop, no permission
            if isinstance(exc, NotADirectoryError):
                continue
            return None, f"cannot be resolved ({_why(exc)})"
        if stat_module.S_ISDIR(mode):
            continue
        if not stat_module.S_ISREG(mode):
            return None, "is not a regular file (a pipe, device or socket)"
        return candidate, None
    return None, None


class _Outside(Exception):
    """A name that a symbolic link leads out of its snapshot directory."""


def _looked_up(base: Path, relative: PurePosixPath) -> tuple[Path, int]:
    """``(base / relative).resolve()`` for a resolved ``base``, and the mode of what it is.

    Only the name's own components are looked at (the base was resolved once), each with
    ``lstat``; a name with neither ``..`` nor ``.`` in it (:func:`name_problem` refuses the
    one, the parsing drops the other) cannot leave the base unless one of them is a symbolic
    link, and then the whole path is resolved and :class:`_Outside` raised if it leaves."""
    path = str(base)
    mode = stat_module.S_IFDIR
    for part in relative.parts:
        path = os.path.join(path, part)
        mode = os.lstat(path).st_mode
        if stat_module.S_ISLNK(mode):
            resolved = (base / relative).resolve()
            if not resolved.is_relative_to(base):
                raise _Outside
            return resolved, os.stat(resolved).st_mode
    return Path(path), mode


def _why(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__

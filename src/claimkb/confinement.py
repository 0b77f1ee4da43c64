"""How a path a KB writes could leave the KB, by its words alone.

A KB is untrusted input, its configuration included: the snapshot directories it names and
the snapshot names its sources give must stay inside it. These rules read only the words of
a path (symbolic links are checked where a path is resolved, in
:mod:`claimkb.snapshot_location`), so they need nothing of the configuration that names it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from typing import Literal

__all__ = [
    "SNAPSHOT_DIRS_VARIABLE",
    "PathEscape",
    "inside_problem",
    "path_escape",
    "trusted_dirs",
]

SNAPSHOT_DIRS_VARIABLE = "CLAIMKB_SNAPSHOT_DIRS"
"""Snapshot directories named by whoever runs the tool, separated by ``os.pathsep``."""

PathEscape = Literal["absolute", "climbs", "hidden"]


def path_escape(written: str) -> PathEscape | None:
    """How a path the KB writes could, by its words alone, leave the directory it is relative
    to: it is absolute (``/etc/x``, ``//server/share``, ``C:\\x``), it climbs out with ``..``,
    or it goes through a hidden part (``.git`` holds credentials); None if none of these.
    Symbolic links are checked where the path is resolved."""
    words = written.replace("\\", "/")
    relative = PurePosixPath(words)
    if relative.is_absolute() or words[1:3] == ":/":
        return "absolute"
    if ".." in relative.parts:
        return "climbs"
    if any(part.startswith(".") and part != "." for part in relative.parts):
        return "hidden"
    return None


_OUTSIDE = (
    f"name a directory outside the KB with --snapshot-dir or {SNAPSHOT_DIRS_VARIABLE} instead"
)
_INSIDE_PROBLEMS: dict[PathEscape, str] = {
    "absolute": f"is not relative to the KB root; {_OUTSIDE}",
    "climbs": f"climbs out of the KB root with '..'; {_OUTSIDE}",
    "hidden": "goes through a hidden file or directory (such as .git), which is not part of the KB",
}


def inside_problem(written: str) -> str | None:
    """Why a path the KB writes (a snapshot directory or name) could reach outside the KB or
    into what is not part of it, or None. ``~`` (a home directory to a shell) is refused as
    absolute too."""
    escape: PathEscape | None = "absolute" if written.startswith("~") else path_escape(written)
    return _INSIDE_PROBLEMS[escape] if escape else None


def trusted_dirs(named: Iterable[str | os.PathLike[str]] | None) -> tuple[Path, ...]:
    """The snapshot directories the person running the tool named, absolute, in order."""
    if named is None:
        variable = os.environ.get(SNAPSHOT_DIRS_VARIABLE, "")
        named = [part for part in variable.split(os.pathsep) if part.strip()]
    result: list[Path] = []
    for entry in named:
        path = Path(entry).expanduser().absolute()
        if path not in result:
            result.append(path)
    return tuple(result)

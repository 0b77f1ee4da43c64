"""The query index's files (:mod:`.query_index`) written into a KB's cache directory: all of
them by one process, or shared, the writer beside the check (:mod:`.alongside`) writing
them but for the sections it leaves to the check (:data:`.query_index.LEFT`), which the
check writes once the writer is done."""

from __future__ import annotations

import marshal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import disk

if TYPE_CHECKING:
    from ..kb import KB

__all__ = ["save", "save_left", "drop"]


def save(directory: Path, kb: KB, key: str, leave: tuple[str, ...] = ()) -> None:
    """Write the query index of ``kb`` under the report's ``key`` (none if some record
    cannot be stored exactly), but for the sections in ``leave``."""
    from .codec import Unencodable
    from .query_index import build, files

    try:
        _write(directory, files(build(kb, leave), key))
    except (Unencodable, ValueError):
        drop(directory)


def save_left(directory: Path, left: dict[str, Any]) -> None:
    """Write the files of the sections left to the check (:func:`.query_index.left`), once
    the writer has written the others: not if it found the index cannot be kept."""
    from .query_index import FILE

    if (directory / FILE).is_file():
        _write(directory, left)


def drop(directory: Path) -> None:
    """Remove every file of the query index."""
    from .query_index import APART, FILE

    for name in (FILE, *APART.values()):
        disk.remove(directory / name)


def _write(directory: Path, stored: dict[str, Any]) -> None:
    for name in list(stored):  # one file at a time, each written in pieces
        disk.write_pieces(directory / name, [marshal.dumps(stored.pop(name), 4)])

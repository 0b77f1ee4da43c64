"""Where a knowledge base is: the root named on the command line, or the nearest one above.

Apart from the rest of :mod:`claimkb.store` so that finding a root imports nothing heavy: a
check of an unchanged KB is answered before the record models are ever imported.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import RootError

__all__ = ["check_root", "find_root"]


def find_root(start: Path | None = None) -> Path:
    """The nearest directory at or above ``start`` that holds ``claims/`` and ``sources/``."""
    try:
        here = (start or Path.cwd()).resolve()
        for candidate in (here, *here.parents):
            if _is_dir(candidate / "claims") and _is_dir(candidate / "sources"):
                return candidate
    except OSError as exc:  # the working directory was deleted, or a name is too long
        raise RootError(f"cannot look for a knowledge base: {exc.strerror or exc}") from None
    raise RootError(
        f"no knowledge base at or above {here}: a KB root holds claims/ and sources/ "
        "(pass --root DIR)"
    )


def check_root(root: Path) -> Path:
    """``root`` resolved, or a :class:`RootError` saying why it cannot be a KB root (it is
    missing, not a directory, has neither ``claims/`` nor ``sources/``, or cannot even be
    looked at: a name too long, a permission denied)."""
    try:
        info = os.stat(root)
    except FileNotFoundError:
        raise RootError(f"{root}: no such directory") from None
    except OSError as exc:
        raise RootError(f"{root}: cannot be used as a KB root: {exc.strerror or exc}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise RootError(f"{root}: not a directory")
    if not _is_dir(root / "claims") and not _is_dir(root / "sources"):
        raise RootError(f"{root}: not a knowledge base root (it has neither claims/ nor sources/)")
    try:
        resolved = root.resolve()
        os.stat(resolved)  # every file is opened by its absolute path, which may be too long
    except (OSError, RuntimeError) as exc:
        detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise RootError(f"{root}: cannot be used as a KB root: {detail}") from None
    return resolved


def _is_dir(path: Path) -> bool:
    """Whether ``path`` is a directory; False when it cannot be looked at (a name too long)."""
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False

"""An unchanged KB's check, answered from the text its last printing kept.

The second door to a KB, beside :class:`claimkb.workspace.Workspace`, for the one answer that
must cost almost nothing: ``claimkb check`` run again on files that have not changed. It
imports only what lists and stats the files (see :mod:`claimkb.cache.rendering`); the text it
replays was kept through :meth:`claimkb.workspace.Workspace.keep_text`.
"""

from __future__ import annotations

from pathlib import Path

from .roots import check_root, find_root

__all__ = ["check_text"]


def check_text(root: Path | None, mode: str) -> tuple[str, int] | None:
    """(text, exit code) the check of the KB at ``root`` (None: the nearest) printed last in
    ``mode``, if nothing it rested on has changed; else None. :class:`claimkb.RootError` if
    ``root`` cannot be a KB root."""
    from .cache.rendering import replay

    return replay(check_root(root) if root is not None else find_root(), mode)

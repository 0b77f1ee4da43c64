"""The user's own cache directory for claimkb, and whether caching is switched off.

At the bottom of the package so that every layer can find it: the KB caches
(:mod:`claimkb.cache.location`) and the parsed unit definitions
(:mod:`claimkb.values.unitreg`) live under the same directory and obey the same switch.
"""

from __future__ import annotations

import os
from pathlib import Path

from .errors import ClaimkbError

__all__ = ["ENV_DIR", "ENV_OFF", "CacheDirUnknown", "cache_base", "caching_disabled", "problem"]

ENV_DIR = "CLAIMKB_CACHE_DIR"
"""Directory holding claimkb's caches."""
ENV_OFF = "CLAIMKB_NO_CACHE"
"""Set to anything but ``0`` or the empty string to neither read nor write a cache."""


def caching_disabled() -> bool:
    return os.environ.get(ENV_OFF, "") not in ("", "0")


class CacheDirUnknown(ClaimkbError):
    """The cache directory cannot be found: ``$CLAIMKB_CACHE_DIR`` names the home directory
    of a user the system does not know (``~nobody-here/cache``), or there is no home
    directory for ``~/.cache`` (no ``$HOME``, and none for the user). The command line warns
    and runs with caching off (:func:`problem`)."""

    def __init__(self, setting: str | None, what: str, fix: str) -> None:
        super().__init__(f"{setting + ' ' if setting else ''}{what}; {fix}")
        self.setting = setting
        """The setting at fault (``CLAIMKB_CACHE_DIR='~x/cache'``), if one is."""
        self.what = what
        self.fix = fix


def cache_base() -> Path:
    """``$CLAIMKB_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/claimkb`` (when absolute), else
    ``~/.cache/claimkb``. Raises :class:`CacheDirUnknown` when that names a home directory
    that cannot be found."""
    chosen = os.environ.get(ENV_DIR)
    try:
        if chosen:
            return Path(chosen).expanduser().absolute()
        xdg = os.environ.get("XDG_CACHE_HOME")
        if xdg and os.path.isabs(xdg):
            return Path(xdg) / "claimkb"
        return Path.home() / ".cache" / "claimkb"
    except RuntimeError:  # pathlib's "Could not determine home directory"
        if chosen:
            user = chosen.split("/", 1)[0]
            raise CacheDirUnknown(
                f"{ENV_DIR}={chosen!r}",
                f"names the home of {user!r}, a user this system does not know",
                "set it to a directory path",
            ) from None
        raise CacheDirUnknown(
            None,
            "there is no home directory to keep the cache in ($HOME is not set)",
            f"set {ENV_DIR} to a directory path",
        ) from None


def problem() -> str | None:
    """Why the cache directory cannot be found (see :class:`CacheDirUnknown`), for a
    warning, a line each: the setting at fault (if one is), what is wrong, what to do; None
    when it can be found, or when caching is off anyway."""
    if caching_disabled():
        return None
    try:
        cache_base()
    except CacheDirUnknown as unknown:
        lines = [unknown.setting, f"{unknown.what};", unknown.fix]
        return "\n".join(line for line in lines if line)
    return None

"""The user's own cache directory for claimkb, and whether caching is switched off.

At the bottom of the package so that every layer can find it: the KB caches
(:mod:`claimkb.cache.location`) and the parsed unit definitions
(:mod:`claimkb.values.unitreg`) live under the same directory and obey the same switch.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["ENV_DIR", "ENV_OFF", "cache_base", "caching_disabled"]

ENV_DIR = "CLAIMKB_CACHE_DIR"
"""Directory holding claimkb's caches."""
ENV_OFF = "CLAIMKB_NO_CACHE"
"""Set to anything but ``0`` or the empty string to neither read nor write a cache."""


def caching_disabled() -> bool:
    return os.environ.get(ENV_OFF, "") not in ("", "0")


def cache_base() -> Path:
    """``$CLAIMKB_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/claimkb`` (when absolute), else
    ``~/.cache/claimkb``."""
    chosen = os.environ.get(ENV_DIR)
    if chosen:
        return Path(chosen).expanduser().absolute()
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "claimkb"
    return Path.home() / ".cache" / "claimkb"

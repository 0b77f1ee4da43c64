"""Where a knowledge base's cache lives, and what a cache must match to be used.

The cache lives in the user's cache directory, never inside the KB:

* ``$CLAIMKB_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/claimkb`` (when absolute), else
  ``~/.cache/claimkb``;
* one subdirectory per KB root, named after the root and a hash of its absolute path.

Why not ``<root>/.claimkb-cache``: the KB is a git repository whose content comes from pull
requests, and ``claimkb check`` gates them in CI. A cache inside the checkout is content the
pull request controls: a planted cache could carry a forged clean report (keyed on content
hashes an author can compute) and make the gate pass. A cache in the user's own directory can
only hold what claimkb wrote there. It also leaves the working tree untouched.

A cache is used only if it was written by this exact claimkb code, for this root, under this
configuration: :func:`code_fingerprint` and :func:`config_fingerprint` are part of its key.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import sys
from pathlib import Path

from ..userdirs import ENV_DIR, ENV_OFF
from ..userdirs import cache_base as base_dir
from ..userdirs import caching_disabled as disabled
from ..version import __version__
from .disk import clear_dir, read_regular

__all__ = [
    "ENV_DIR",
    "ENV_OFF",
    "base_dir",
    "cache_dir",
    "disabled",
    "code_fingerprint",
    "config_fingerprint",
]


CONFIG_FILES = ("claimkb.toml", "pyproject.toml")
"""The files :func:`claimkb.config.load_config` may read, at the KB root."""
LIBRARIES = ("pydantic", "pydantic_core", "yaml", "rapidfuzz", "pint", "rich")
"""Libraries whose behaviour shows in findings (validation messages, YAML errors, scores,
the units a value is read in) or in the text a check keeps (rich)."""


def cache_dir(root: Path) -> Path:
    """The cache directory of the KB at ``root`` (an absolute, resolved path)."""
    digest = hashlib.sha256(os.fsencode(str(root))).hexdigest()[:16]
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", root.name)[:40] or "root"
    return base_dir() / f"{name}-{digest}"


def _stat_line(path: str) -> str:
    try:
        st = os.stat(path)
    except OSError:
        return f"{path}:-"
    return f"{path}:{st.st_size}:{st.st_mtime_ns}:{st.st_ino}"


_CODE: str | None = None


def code_fingerprint() -> str:
    """What the cache's content depends on in the code: claimkb's version and every one of
    its source files (size and modification time, so an edit in a development checkout
    counts), the Python version, and the installed files of the libraries whose behaviour
    shows in findings. Nothing is imported to compute it."""
    global _CODE
    if _CODE is None:
        lines = [__version__, sys.version, sys.implementation.cache_tag or ""]
        package = Path(__file__).resolve().parents[1]
        for directory, subdirs, files in os.walk(package):
            subdirs[:] = sorted(d for d in subdirs if d != "__pycache__")
            lines.extend(_stat_line(os.path.join(directory, f)) for f in sorted(files))
        for library in LIBRARIES:
            spec = importlib.util.find_spec(library)
            origin = spec.origin if spec is not None else None
            lines.append(_stat_line(origin) if origin else f"{library}:absent")
        _CODE = hashlib.blake2b("\n".join(lines).encode(), digest_size=16).hexdigest()
    return _CODE


def config_fingerprint(root: Path) -> str:
    """A hash of the configuration files at the root as they are now (absent ones too).
    Taken before the configuration is read, so a change in between discards the cache."""
    digest = hashlib.blake2b(digest_size=16)
    for name in CONFIG_FILES:
        data = read_regular(root / name)  # a FIFO in the KB must not block the check
        digest.update(name.encode() + (b"\0-" if data is None else b"\0+" + data) + b"\0")
    return digest.hexdigest()


def clear(root: Path | None = None) -> list[Path]:
    """Delete the cache of the KB at ``root``, or every claimkb cache when ``root`` is None.
    Only directories claimkb marked as its own are removed. Returns those removed."""
    if root is not None:
        targets = [cache_dir(root)]
    else:
        base = base_dir()
        targets = sorted(p for p in base.iterdir() if p.is_dir()) if base.is_dir() else []
    return [d for d in targets if clear_dir(d)]

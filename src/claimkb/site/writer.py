"""Writing the site into its output directory safely.

* The directory may not be the KB root or lie inside its ``claims/`` or ``sources/`` (the
  site's own ``claims/`` pages would land among the KB's files).
* A directory that is not empty must be a site this tool wrote (it holds the manifest
  :data:`MANIFEST`), so a mistyped ``-o`` cannot scatter pages into someone's project.
* Each file is written to a temporary file beside it and renamed over it (a reader sees the
  old page or the new, never half of one), without ``fsync`` for each of 100,000 pages: a
  site is regenerated, not restored.
* Nothing planted in the output directory can redirect a write: every directory is opened
  relative to its parent without following symbolic links (``O_NOFOLLOW``, ``dir_fd``), and
  a rename replaces a planted link itself, never what it points to. Pages of an earlier run
  that this run did not write are removed the same way, by the names the manifest lists.
"""

from __future__ import annotations

import errno
import os
import secrets
from pathlib import Path, PurePosixPath

from .result import SiteError

__all__ = ["MANIFEST", "SiteWriter"]

MANIFEST = ".claimkb-report"
"""Lists the files a report wrote (one path a line), so the next run may replace them."""
_HEADER = "# claimkb report: the files this site holds (do not edit)\n"
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
_FILE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)


class SiteWriter:
    """Writes files under ``out``; :meth:`close` records them and removes stale pages."""

    def __init__(self, out: Path, kb_root: Path) -> None:
        if not _supported():
            raise SiteError(
                "writing a report needs a system with dir_fd support (Linux, macOS, BSD)"
            )
        self.out = out
        _refuse_inside_kb(out, kb_root)
        try:
            out.mkdir(parents=True, exist_ok=True)
            self._root = os.open(out, _DIR_FLAGS & ~getattr(os, "O_NOFOLLOW", 0))
        except OSError as exc:
            raise SiteError(f"cannot use {out} as the output directory: {_why(exc)}") from None
        self._dirs: dict[str, int] = {"": self._root}
        self.written: list[str] = []
        self._previous = self._read_manifest()

    def _read_manifest(self) -> list[str]:
        entries = os.listdir(self._root)
        if not entries:
            return []
        if MANIFEST not in entries:
            raise SiteError(
                f"{self.out} is not empty and holds no claimkb report ({MANIFEST} is missing); "
                "give a new or empty directory"
            )
        try:
            fd = os.open(MANIFEST, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0), dir_fd=self._root)
            with os.fdopen(fd, encoding="utf-8") as handle:
                text = handle.read(64 * 1024 * 1024)
        except (OSError, UnicodeDecodeError) as exc:
            raise SiteError(f"cannot read {self.out / MANIFEST}: {_why(exc)}") from None
        return [line for line in text.splitlines() if line and not line.startswith("#")]

    def _directory(self, relative: str) -> int:
        """The descriptor of ``relative`` (made if missing), never through a symbolic link."""
        found = self._dirs.get(relative)
        if found is not None:
            return found
        parent_path, _, name = relative.rpartition("/")
        parent = self._directory(parent_path)
        try:
            os.mkdir(name, 0o777, dir_fd=parent)
        except FileExistsError:
            pass
        except OSError as exc:
            raise SiteError(f"cannot make {self.out / relative}: {_why(exc)}") from None
        try:
            fd = os.open(name, _DIR_FLAGS, dir_fd=parent)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
                raise SiteError(
                    f"{self.out / relative} is a symbolic link or not a directory; "
                    "the report does not write through it (remove it)"
                ) from None
            raise SiteError(f"cannot open {self.out / relative}: {_why(exc)}") from None
        self._dirs[relative] = fd
        return fd

    def _existing(self, relative: str) -> int | None:
        """The descriptor of an existing directory (no link followed), or None."""
        found = self._dirs.get(relative)
        if found is not None or not relative:
            return found
        parent_path, _, name = relative.rpartition("/")
        parent = self._existing(parent_path)
        if parent is None:
            return None
        try:
            fd = os.open(name, _DIR_FLAGS, dir_fd=parent)
        except OSError:
            return None
        self._dirs[relative] = fd
        return fd

    def write(self, relative: str, data: str | bytes) -> None:
        """Replace the file at ``relative`` (a path this package made) atomically."""
        directory, _, name = relative.rpartition("/")
        fd = self._directory(directory)
        payload = data.encode("utf-8") if isinstance(data, str) else data
        temporary = f".{name}.{secrets.token_hex(6)}.tmp"
        try:
            handle = os.open(temporary, _FILE_FLAGS, 0o666, dir_fd=fd)
            try:
                view = memoryview(payload)
                while view:
                    view = view[os.write(handle, view) :]
            finally:
                os.close(handle)
            os.replace(temporary, name, src_dir_fd=fd, dst_dir_fd=fd)
        except OSError as exc:
            try:
                os.unlink(temporary, dir_fd=fd)
            except OSError:
                pass
            raise SiteError(f"cannot write {self.out / relative}: {_why(exc)}") from None
        self.written.append(relative)

    def close(self) -> int:
        """Write the manifest, remove files of the last run not written now; how many."""
        kept = set(self.written)
        removed = 0
        for relative in self._previous:
            if relative in kept or not _ours(relative):
                continue
            directory, _, name = relative.rpartition("/")
            fd = self._existing(directory)
            if fd is None:
                continue
            try:
                os.unlink(name, dir_fd=fd)  # a link is removed itself, never what it names
                removed += 1
            except OSError:
                continue
        self.write(MANIFEST, _HEADER + "".join(f"{p}\n" for p in sorted(kept)))
        for fd in self._dirs.values():
            os.close(fd)
        self._dirs = {}
        return removed


def _ours(relative: str) -> bool:
    """Whether a manifest line names a file a report could have written (a plain relative
    path of visible names), so a doctored manifest cannot delete anything else."""
    path = PurePosixPath(relative)
    return (
        not path.is_absolute()
        and "\\" not in relative
        and all(p not in ("", ".", "..") and not p.startswith(".") for p in path.parts)
        and relative.endswith((".html", ".css", ".js"))
    )


def _refuse_inside_kb(out: Path, kb_root: Path) -> None:
    try:
        target = out.resolve()
        root = kb_root.resolve()
    except (OSError, RuntimeError) as exc:
        raise SiteError(f"cannot resolve {out}: {_why(exc)}") from None
    if target == root:
        raise SiteError(f"{out} is the KB root; write the report to a directory of its own")
    for section in ("claims", "sources"):
        inside = {root / section, (root / section).resolve()}
        if any(target.is_relative_to(place) for place in inside):
            raise SiteError(f"{out} lies inside the KB's {section}/; write the report elsewhere")


def _supported() -> bool:
    return os.open in os.supports_dir_fd and os.rename in os.supports_dir_fd


def _why(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__

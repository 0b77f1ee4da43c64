"""Settings of a knowledge base, read from its root.

Looked for, in order: ``claimkb.toml`` at the KB root (settings at top level), then the
``[tool.claimkb]`` table of ``pyproject.toml`` at the KB root. A problem in either is a finding,
and the defaults apply, so a bad setting never hides the rest of the check.

The configuration is part of the KB, and so as untrusted as its data (a pull request can change
it): nothing it says may make the tool read a file outside the KB. Its ``snapshot_dirs`` must
lie inside the root; directories elsewhere (an archive beside the repository) are named by the
person running the tool, with ``--snapshot-dir`` or ``CLAIMKB_SNAPSHOT_DIRS``.
"""

from __future__ import annotations

import dataclasses
import os
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .confinement import (
    SNAPSHOT_DIRS_VARIABLE,
    PathEscape,
    inside_problem,
    path_escape,
    trusted_dirs,
)
from .findings import Finding, make

__all__ = [
    "Config",
    "PathEscape",
    "SNAPSHOT_DIRS_VARIABLE",
    "inside_problem",
    "load_config",
    "path_escape",
    "trusted_dirs",
]

DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024
DEFAULT_MAX_SNAPSHOT_BYTES = 256 * 1024 * 1024
LARGEST_LIMIT = 4 * 1024 * 1024 * 1024
"""No size setting may exceed 4 GiB: a larger one would only make a hostile file costlier."""


@dataclass(frozen=True)
class Config:
    snapshot_dirs: tuple[str, ...] = ("snapshots",)
    """Directories searched, in order, for source snapshots; relative to the KB root and
    inside it. With the trusted ones, the only places outside claims/ and sources/ the tool
    reads."""
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    """Larger YAML files are refused (unreadable-file) instead of parsed."""
    max_snapshot_bytes: int = DEFAULT_MAX_SNAPSHOT_BYTES
    """Larger snapshots are refused (snapshot-path) instead of read."""
    require_snapshots: bool = False
    """A snapshot that cannot be found is an error, not information: every quote is checked."""
    trusted_snapshot_dirs: tuple[Path, ...] = field(default=(), compare=False)
    """Snapshot directories named by the person running the tool (``--snapshot-dir``,
    ``CLAIMKB_SNAPSHOT_DIRS``), absolute; searched after the KB's own. Never from the KB."""
    warn_mixed_qualifiers: bool = False
    """Warn (mixed-qualifiers) when claims that could be rivals are split between claims
    with no qualifiers and claims with some, so they are never compared."""
    file: str | None = None
    """Where the settings came from, relative to the root (None = defaults)."""
    findings: tuple[Finding, ...] = field(default=(), compare=False)


_SETTINGS: dict[str, type] = {
    "snapshot_dirs": list,
    "max_file_bytes": int,
    "max_snapshot_bytes": int,
    "require_snapshots": bool,
    "warn_mixed_qualifiers": bool,
}
_WANTED = {
    "snapshot_dirs": "a list of directory names",
    "max_file_bytes": "a whole number of bytes",
    "max_snapshot_bytes": "a whole number of bytes",
    "require_snapshots": "true or false",
    "warn_mixed_qualifiers": "true or false",
}


def load_config(
    root: Path,
    *,
    snapshot_dirs: Iterable[str | os.PathLike[str]] | None = None,
    require_snapshots: bool | None = None,
) -> Config:
    """The KB's settings, with what the person running the tool adds: ``snapshot_dirs``
    (default: ``CLAIMKB_SNAPSHOT_DIRS``) and ``require_snapshots`` (True forces it on)."""
    config = _from_files(root)
    trusted = trusted_dirs(snapshot_dirs)
    changes: dict[str, object] = {"trusted_snapshot_dirs": trusted}
    if require_snapshots:
        changes["require_snapshots"] = True
    return dataclasses.replace(config, **changes)  # type: ignore[arg-type]


def _from_files(root: Path) -> Config:
    for name, table_path in (("claimkb.toml", ()), ("pyproject.toml", ("tool", "claimkb"))):
        path = root / name
        if not path.is_file():
            continue
        text = ""
        try:
            text = path.read_text(encoding="utf-8")
            data = tomllib.loads(text)
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as exc:
            if isinstance(exc, UnicodeDecodeError):
                problem = f"not valid UTF-8 at byte {exc.start}"
            elif isinstance(exc, RecursionError):
                problem = "tables or arrays nested too deep to read"
            else:
                problem = str(exc)
            detail = f"{problem}; the defaults apply until it is fixed"
            return Config(
                findings=(make("config-error", name, _error_line(exc, text), detail=detail),)
            )
        for key in table_path:
            data = data.get(key, {}) if isinstance(data, dict) else {}
        if name == "pyproject.toml" and not data:
            continue
        if not isinstance(data, dict):
            detail = "[tool.claimkb] should be a table of settings"
            line = _key_line(text, "claimkb", "[tool]")
            return Config(findings=(make("config-error", name, line, detail=detail),))
        return _from_table(data, name, text, "[tool.claimkb]" if table_path else None)
    return Config()


def _error_line(exc: Exception, text: str) -> int:
    """The line a TOML or decoding error points at (1 when it names none)."""
    if isinstance(exc, UnicodeDecodeError):
        return exc.object[: exc.start].count(b"\n") + 1
    found = getattr(exc, "lineno", None) or re.search(r"at line (\d+)", str(exc))
    if isinstance(found, re.Match):
        return int(found.group(1))
    if "end of document" in str(exc):
        return text.count("\n") or 1
    return found if isinstance(found, int) else 1


def _key_line(text: str, key: str, header: str | None) -> int:
    """Line of ``key = ...`` (after ``header`` when the settings sit in a table)."""
    lines = text.splitlines()
    start = 0
    if header is not None:
        start = next((i + 1 for i, ln in enumerate(lines) if ln.strip() == header), 0)
    pattern = re.compile(rf"^\s*[\"']?{re.escape(key)}[\"']?\s*=")
    for number in range(start, len(lines)):
        if pattern.match(lines[number]):
            return number + 1
    return start or 1


def _problem(key: str, value: object) -> str | None:
    """Why a setting's value is unusable, or None."""
    expected = _SETTINGS.get(key)
    if expected is None:
        from rapidfuzz import process

        near = process.extractOne(key, list(_SETTINGS), score_cutoff=70)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        return f"unknown setting {key!r}{hint}; known: {', '.join(sorted(_SETTINGS))}"
    if not isinstance(value, expected) or (isinstance(value, bool) and expected is not bool):
        return f"setting {key!r} should be {_WANTED[key]}"
    if isinstance(value, list):
        if not all(isinstance(v, str) and v.strip() and "\x00" not in v for v in value):
            return "snapshot_dirs should list directory names (non-empty strings)"
        for entry in value:
            refused = inside_problem(entry)
            if refused:
                return f"snapshot_dirs entry {entry!r} {refused}"
    if isinstance(value, int) and not isinstance(value, bool):
        if value <= 0:
            return f"{key} should be a positive number of bytes"
        if value > LARGEST_LIMIT:
            return f"{key} should be at most {LARGEST_LIMIT} bytes (4 GiB)"
    return None


def _from_table(table: dict[str, object], file: str, text: str, header: str | None) -> Config:
    findings: list[Finding] = []
    values: dict[str, object] = {}
    for key, value in table.items():
        problem = _problem(key, value)
        if problem is not None:
            line = _key_line(text, key, header)
            findings.append(make("config-error", file, line, detail=problem))
        else:
            values[key] = tuple(value) if isinstance(value, list) else value
    return Config(file=file, findings=tuple(findings), **values)  # type: ignore[arg-type]

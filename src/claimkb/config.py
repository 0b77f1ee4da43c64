"""Settings of a knowledge base, read from its root.

Looked for, in order: ``claimkb.toml`` at the KB root (settings at top level), then the
``[tool.claimkb]`` table of ``pyproject.toml`` at the KB root. A problem in either is a finding,
and the defaults apply, so a bad setting never hides the rest of the check.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .findings import Finding, make

DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024


@dataclass(frozen=True)
class Config:
    snapshot_dirs: tuple[str, ...] = ("snapshots",)
    """Directories searched, in order, for source snapshots; relative to the KB root. They
    are the only places outside claims/ and sources/ the tool reads."""
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    """Larger YAML files are refused (unreadable-file) instead of parsed."""
    warn_mixed_qualifiers: bool = False
    """Warn (mixed-qualifiers) when claims that could be rivals are split between claims
    with no qualifiers and claims with some, so they are never compared."""
    file: str | None = None
    """Where the settings came from, relative to the root (None = defaults)."""
    findings: tuple[Finding, ...] = field(default=(), compare=False)


_SETTINGS = {"snapshot_dirs": list, "max_file_bytes": int, "warn_mixed_qualifiers": bool}
_WANTED = {
    "snapshot_dirs": "a list of directory names",
    "max_file_bytes": "a whole number of bytes",
    "warn_mixed_qualifiers": "true or false",
}


def load_config(root: Path) -> Config:
    for name, table_path in (("claimkb.toml", ()), ("pyproject.toml", ("tool", "claimkb"))):
        path = root / name
        if not path.is_file():
            continue
        text = ""
        try:
            text = path.read_text(encoding="utf-8")
            data = tomllib.loads(text)
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            problem = (
                f"not valid UTF-8 at byte {exc.start}"
                if isinstance(exc, UnicodeDecodeError)
                else str(exc)
            )
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
        return f"unknown setting {key!r}; known: {', '.join(sorted(_SETTINGS))}"
    if not isinstance(value, expected) or (isinstance(value, bool) and expected is not bool):
        return f"setting {key!r} should be {_WANTED[key]}"
    if isinstance(value, list) and not all(
        isinstance(v, str) and v.strip() and "\x00" not in v for v in value
    ):
        return "snapshot_dirs should list directory names (non-empty strings)"
    if expected is int and isinstance(value, int) and value <= 0:
        return "max_file_bytes should be a positive number of bytes"
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

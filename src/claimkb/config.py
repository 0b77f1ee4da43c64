"""Settings of a knowledge base, read from its root.

Looked for, in order: ``claimkb.toml`` at the KB root (settings at top level), then the
``[tool.claimkb]`` table of ``pyproject.toml`` at the KB root. A problem in either is a finding,
and the defaults apply, so a bad setting never hides the rest of the check.
"""

from __future__ import annotations

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
    file: str | None = None
    """Where the settings came from, relative to the root (None = defaults)."""
    findings: tuple[Finding, ...] = field(default=(), compare=False)


_SETTINGS = {"snapshot_dirs": list, "max_file_bytes": int}


def load_config(root: Path) -> Config:
    for name, table_path in (("claimkb.toml", ()), ("pyproject.toml", ("tool", "claimkb"))):
        path = root / name
        if not path.is_file():
            continue
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            return Config(findings=(make("config-error", name, None, detail=f"{exc}"),))
        for key in table_path:
            data = data.get(key, {}) if isinstance(data, dict) else {}
        if name == "pyproject.toml" and not data:
            continue
        return _from_table(data, name)
    return Config()


def _from_table(table: dict[str, object], file: str) -> Config:
    findings: list[Finding] = []
    values: dict[str, object] = {}
    for key, value in table.items():
        expected = _SETTINGS.get(key)
        if expected is None:
            findings.append(
                make(
                    "config-error",
                    file,
                    None,
                    detail=f"unknown setting {key!r}; known: {', '.join(sorted(_SETTINGS))}",
                )
            )
        elif not isinstance(value, expected) or isinstance(value, bool):
            findings.append(
                make(
                    "config-error",
                    file,
                    None,
                    detail=f"setting {key!r} should be a {expected.__name__}",
                )
            )
        elif key == "snapshot_dirs" and not all(isinstance(v, str) for v in value):  # type: ignore[attr-defined]
            findings.append(
                make("config-error", file, None, detail="snapshot_dirs should list strings")
            )
        else:
            values[key] = tuple(value) if isinstance(value, list) else value
    return Config(file=file, findings=tuple(findings), **values)  # type: ignore[arg-type]

"""Findings: what a check reports, as data.

A finding holds its catalogue slug, the location (file relative to the KB root, 1-based line),
the claim ids involved and the arguments of its message template. The message is rendered
from the catalogue, so every output format shows the same words and a program can read the
arguments instead of parsing text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .catalogue import Entry, Severity, entry


@dataclass(frozen=True, slots=True)
class Triage:
    """The resolution that accepted a discrepancy, as the reports that show triage need it
    (SARIF's suppression, JUnit's skipped test): its id, reason and where it is written."""

    id: str
    reason: str
    file: str | None = None
    line: int | None = None


@dataclass(frozen=True, slots=True)
class Finding:
    slug: str
    file: str | None
    line: int | None
    claims: tuple[str, ...] = ()
    args: Mapping[str, Any] = field(default_factory=dict)
    severity: Severity | None = None
    """``None`` means the catalogue's default severity."""
    triaged_by: str | None = None
    """Id of the resolution that accepted this discrepancy, if any."""

    @property
    def entry(self) -> Entry:
        return entry(self.slug)

    @property
    def code(self) -> str:
        return self.entry.code

    @property
    def level(self) -> Severity:
        return self.severity or self.entry.severity

    @property
    def message(self) -> str:
        try:
            return self.entry.template.format(**self.args)
        except (KeyError, IndexError, ValueError):
            return f"{self.entry.title}: {dict(self.args)}"

    @property
    def triaged(self) -> bool:
        return self.triaged_by is not None

    def with_triage(self, resolution_id: str) -> Finding:
        return replace(self, triaged_by=resolution_id)

    def with_severity(self, severity: Severity) -> Finding:
        """The same finding at another severity (a setting made it stricter)."""
        return replace(self, severity=severity)

    def sort_key(self) -> tuple[str, int, str, tuple[str, ...]]:
        return (self.file or "", self.line or 0, self.code, self.claims)

    def to_dict(self) -> dict[str, Any]:
        """The stable JSON shape of a finding (documented in the README)."""
        return {
            "code": self.code,
            "slug": self.slug,
            "severity": self.level.value,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "claims": list(self.claims),
            "triaged_by": self.triaged_by,
            "data": {k: _jsonable(v) for k, v in self.args.items()},
        }


def triage_of(findings: Iterable[Finding], resolutions: Mapping[str, Any]) -> dict[str, Triage]:
    """The triage record of every resolution that accepted one of ``findings`` (resolution
    id -> :class:`Triage`; ``resolutions`` are the KB's records)."""
    found: dict[str, Triage] = {}
    for finding in findings:
        rid = finding.triaged_by
        if rid is not None and rid not in found and rid in resolutions:
            record = resolutions[rid]
            found[rid] = Triage(rid, record.reason, record.file or None, record.line)
    return found


def _jsonable(value: Any) -> Any:
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, Iterable):
        return [_jsonable(v) for v in value]
    return str(value)


def make(
    slug: str,
    file: str | None,
    line: int | None,
    claims: Iterable[str] = (),
    **args: Any,
) -> Finding:
    """Create a finding; fails loudly if the slug is not in the catalogue."""
    entry(slug)
    return Finding(slug=slug, file=file, line=line, claims=tuple(claims), args=args)

"""The result of checking a KB: its findings and what they add up to."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .catalogue import Severity
from .findings import Finding, Triage, triage_of

REPORT_VERSION = 1


@dataclass(frozen=True)
class Report:
    root: Path
    findings: tuple[Finding, ...]
    files: int
    sources: int
    claims: int
    unchecked_quotes: int = 0
    """How many claims' quotes were not compared with their source's text (no snapshot, or
    one that could not be found or read)."""
    triage: Mapping[str, Triage] = field(default_factory=dict, compare=False)
    """The record of each resolution that triaged a finding, by id (filled by
    :meth:`with_triage` for the formats that show it; empty when not asked for)."""
    since: Mapping[str, Any] | None = None
    """When the findings are those a change since a git revision involves: the revision,
    its commit and the changed files (``claimkb check --since``)."""

    def with_triage(self, resolutions: Mapping[str, Any]) -> Report:
        """The same report holding the triage records of its findings, taken from the KB's
        resolutions."""
        return replace(self, triage=triage_of(self.findings, resolutions))

    @property
    def open_findings(self) -> list[Finding]:
        """Findings not accepted by a resolution."""
        return [f for f in self.findings if not f.triaged]

    @property
    def triaged_findings(self) -> list[Finding]:
        return [f for f in self.findings if f.triaged]

    def counts(self) -> dict[str, int]:
        counts = {s.value: 0 for s in Severity}
        for finding in self.open_findings:
            counts[finding.level.value] += 1
        counts["triaged"] = len(self.findings) - len(self.open_findings)
        return counts

    @property
    def unapplied_resolutions(self) -> list[str]:
        """Resolutions that could not be applied because a file cannot be read (neither
        triaging anything nor stale: see :mod:`claimkb.checks.unread`)."""
        return [
            resolution
            for f in self.findings
            if f.slug == "check-incomplete"
            for resolution in f.args.get("resolutions", ())
        ]

    def failed(self, fail_on: Severity = Severity.ERROR) -> bool:
        """True when an untriaged finding is at least as severe as ``fail_on``."""
        return any(f.level.rank >= fail_on.rank for f in self.open_findings)

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": REPORT_VERSION,
            "root": str(self.root),
            "summary": {
                "files": self.files,
                "sources": self.sources,
                "claims": self.claims,
                "unchecked_quotes": self.unchecked_quotes,
                **self.counts(),
                "unapplied_resolutions": len(self.unapplied_resolutions),
            },
            "findings": [f.to_dict() for f in self.findings],
            **({"since": dict(self.since)} if self.since is not None else {}),
        }

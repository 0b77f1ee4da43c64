"""A finding as plain data for the stored report, and back.

Apart from the records' codec (:mod:`.codec`), which needs pydantic, so that reading a stored
report - all a check of an unchanged KB does - imports no record model.
"""

from __future__ import annotations

from typing import Any

from ..catalogue import Severity
from ..findings import Finding

__all__ = ["encode_finding", "revive_finding"]


def encode_finding(finding: Finding) -> tuple[Any, ...]:
    return (
        finding.slug,
        finding.file,
        finding.line,
        finding.claims,
        dict(finding.args),
        None if finding.severity is None else finding.severity.value,
        finding.triaged_by,
    )


def revive_finding(data: tuple[Any, ...]) -> Finding:
    slug, file, line, claims, args, severity, triaged_by = data
    return Finding(
        slug=slug,
        file=file,
        line=line,
        claims=tuple(claims),
        args=args,
        severity=None if severity is None else Severity(severity),
        triaged_by=triaged_by,
    )

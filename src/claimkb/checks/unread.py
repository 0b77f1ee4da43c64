"""What a file that cannot be read may define, and what the checks therefore cannot judge.

A file that cannot be read in full (a syntax error, a binary file, a section that is not a
list) may have defined any record of its kind: a claims file claims, entities, properties,
constants and resolutions; a sources file sources. Until it is fixed, nothing that depends on
those records is reported as if they were known not to exist:

* a reference to them is not "unknown" (:mod:`.references`);
* a status judged by the absence of evidence (too few independent sources, no rival, no
  resolution or verdict, no interested party) is not "unsupported" when the evidence could be
  in the file (:mod:`.statuses`);
* a resolution that matches no finding is not "stale": the claims it names, or what makes
  them disagree, may be in the file; and while resolutions may have been lost with it, a
  discrepancy no known resolution covers is not reported as open (:mod:`.triage`).

What was held back is said once: one ``check-incomplete`` finding at the first such file, and
the summary line counts the resolutions that could not be applied. The file's own finding
(``yaml-syntax``, ``unreadable-file`` ...) already fails the check.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..findings import Finding, make
from ..kb import KB

CODES = frozenset(
    {
        "check-incomplete",
    }
)
"""The findings (catalogue slugs) this check can report; a test holds it to what it emits."""


SHOWN_IDS = 5
"""Resolutions named in the message; the finding's data lists them all."""


def sections(kb: KB) -> frozenset[str]:
    """The sections some file that could not be read may have defined."""
    return frozenset(kb.broken.get("unread", ()))


@dataclass
class Held:
    """What the checks did not report because it depends on what cannot be read."""

    resolutions: list[str] = field(default_factory=list)
    """Ids of resolutions that match no finding: unknown, not stale."""
    discrepancies: list[Finding] = field(default_factory=list)
    """Discrepancies a lost resolution may triage."""
    statuses: int = 0
    """Status findings that rest on the absence of evidence the file may hold."""

    def __bool__(self) -> bool:
        return bool(self.resolutions or self.discrepancies or self.statuses)


def finding(kb: KB, held: Held) -> Finding | None:
    """The one finding that says what was held back, at the first file that cannot be read
    (on the line of that file's own finding), or None when nothing was."""
    files = sorted(kb.broken.get("unread-files", ()))
    if not held or not files:
        return None
    first = files[0]
    line = min((f.line or 1 for f in kb.load_findings if f.file == first), default=1)
    others = len(files) - 1
    where = first if not others else f"{first} (and {_count(others, 'other file')})"
    return make(
        "check-incomplete",
        first,
        line,
        files=files,
        where=where,
        resolutions=list(held.resolutions),
        discrepancies=len(held.discrepancies),
        statuses=held.statuses,
        detail=_detail(held),
    )


def _detail(held: Held) -> str:
    parts = []
    if held.resolutions:
        shown = ", ".join(held.resolutions[:SHOWN_IDS])
        more = len(held.resolutions) - SHOWN_IDS
        listed = f"{shown}, and {more} more" if more > 0 else shown
        parts.append(
            f"{_count(len(held.resolutions), 'resolution')} could not be applied ({listed})"
        )
    if held.discrepancies:
        parts.append(
            f"{_count(len(held.discrepancies), 'discrepancy', 'discrepancies')} that a "
            "resolution there may triage were not reported"
        )
    if held.statuses:
        parts.append(f"the status of {_count(held.statuses, 'claim')} was not judged")
    return "; ".join(parts)


def _count(number: int, noun: str, plural: str | None = None) -> str:
    return f"{number} {noun if number == 1 else plural or noun + 's'}"

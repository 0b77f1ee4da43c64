"""Rivals split by qualifiers: claims on one subject's single-valued property, some with no
qualifiers and some with, are never compared (a claim with no qualifier and one with
``{workload: dense}`` about the same figure are not rivals). Often one was written without
the qualifier it meant; so, when the KB asks for it (``warn_mixed_qualifiers``), a warning
names them. Off by default: many KBs qualify some figures on purpose and leave the rest
plain.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..analysis import groups, qualifier_splits
from ..findings import Finding, make
from ..kb import KB
from ..model import Claim

CODES = frozenset(
    {
        "mixed-qualifiers",
    }
)
"""The findings (catalogue slugs) this check can report; a test holds it to what it emits."""


def check(kb: KB) -> Iterator[Finding]:
    if not getattr(kb.config, "warn_mixed_qualifiers", False):
        return
    found = groups(kb)
    for (subject, prop), keys in qualifier_splits(kb).items():
        plain = [c for k in keys if not k[2] for c in found[k]]
        if not plain:
            continue
        qualified = [c for k in keys if k[2] for c in found[k]]
        names = sorted({name for k in keys for name, _ in k[2]})
        everyone = sorted([*plain, *qualified], key=lambda c: (c.file, c.line))
        first = min(plain, key=lambda c: (c.file, c.line))
        yield make(
            "mixed-qualifiers",
            first.file,
            first.line,
            [c.id for c in everyone],
            subject=subject,
            property=prop,
            unqualified=_ids(plain),
            qualified=_ids(qualified),
            qualifiers=", ".join(names),
        )


def _ids(claims: list[Claim]) -> str:
    ordered = [c.id for c in sorted(claims, key=lambda c: (c.file, c.line))]
    return ", ".join(ordered[:3]) + (f" +{len(ordered) - 3}" if len(ordered) > 3 else "")

"""Qualifier values and names that look like a variant of a more frequent one.

Claims whose qualifiers differ are never compared, so a typo in a qualifier silently splits a
group of rivals: ``{survey: 2020 China-Nepal}`` on forty claims and ``{survey: 2020 Chna-Nepal}``
on one. A qualifier name or value written by a single claim (or by fewer than a third as many)
beside one written by several, and spelt the same but for case, separators or a letter or two,
is reported with the frequent spelling as a did-you-mean. Figures are meaningful: values that
differ in their digits (``2020`` and ``2024``) are never variants of each other.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterator

from ..findings import Finding, make
from ..kb import KB
from ..model import Claim
from ..values import name_key

CODES = frozenset(
    {
        "qualifier-variant",
    }
)
"""The findings (catalogue slugs) this check can report; a test holds it to what it emits."""


SIMILAR = 88
"""rapidfuzz ratio (of the folded forms) at or above which two spellings are variants."""
_DIGITS = re.compile(r"\d+")


def check(kb: KB) -> Iterator[Finding]:
    names: Counter[str] = Counter()
    values: dict[str, Counter[str]] = defaultdict(Counter)
    first: dict[tuple[str, str | None], Claim] = {}
    for claim in kb.claims.values():
        for key, value in claim.qualifiers.items():
            names[key] += 1
            values[key][str(value)] += 1
            first.setdefault((key, None), claim)
            first.setdefault((key, str(value)), claim)
    for rare, frequent in _variants(names):
        claim = first[(rare, None)]
        yield _finding(claim, "qualifier", rare, frequent, names[rare], names[frequent])
    for key, counts in values.items():
        for rare, frequent in _variants(counts):
            claim = first[(key, rare)]
            what = f"value of qualifier {key!r}"
            yield _finding(claim, what, rare, frequent, counts[rare], counts[frequent])


def _variants(counts: Counter[str]) -> Iterator[tuple[str, str]]:
    """(rare spelling, the frequent one it looks like) pairs, each rare spelling once."""
    if len(counts) < 2:
        return
    from rapidfuzz import fuzz

    ranked = counts.most_common()
    for rare, rare_count in ranked:
        for frequent, frequent_count in ranked:
            if frequent_count < max(2, 3 * rare_count) or frequent == rare:
                continue
            if _DIGITS.findall(rare) != _DIGITS.findall(frequent):
                continue
            a, b = name_key(rare), name_key(frequent)
            if a == b or fuzz.ratio(a, b) >= SIMILAR:
                yield rare, frequent
                break


def _finding(
    claim: Claim, what: str, rare: str, frequent: str, rare_count: int, frequent_count: int
) -> Finding:
    return make(
        "qualifier-variant",
        claim.file,
        claim.line_of("qualifiers"),
        [claim.id],
        what=what,
        written=rare,
        count=rare_count,
        frequent=frequent,
        frequent_count=frequent_count,
    )

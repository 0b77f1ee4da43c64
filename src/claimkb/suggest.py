"""Did-you-mean: the known names closest to one that names nothing.

A person types an id, a name or an option value from memory; when it names nothing, the few
known ones spelt most like it are the likeliest meant. Two spellings are compared ignoring
case, width and separators (``memory-capacty`` ~ ``memory-capacity``, ``MTT S5001`` ~
``mtt-s5000``), and with their words in either order (``s004-mxfp4-weights`` is
``s004-weights-mxfp4``), so a slip of a letter or two, or words swapped, is found, in a short
word too (``cvs``: ``csv``), as is the start of a name (``warn``: ``warning``); a name that
only shares a few letters with another (``DeepSeek-V3`` and ``DeepEP``) is not offered.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping

__all__ = ["closest", "did_you_mean", "quoted_list"]

CUTOFF = 75
"""How alike (0-100, rapidfuzz's normalised Indel similarity) a name must be to be offered."""

MARGIN = 10
"""Only names nearly as alike as the best one are offered beside it."""

_SEPARATORS = re.compile(r"[\s\-_·./:]+")


def _key(name: str) -> str:
    return _SEPARATORS.sub(" ", unicodedata.normalize("NFKC", name).casefold()).strip()


def closest(
    name: str, choices: Iterable[str], limit: int = 3, offer: Mapping[str, str] | None = None
) -> list[str]:
    """The known ``choices`` most like ``name``, best first, at most ``limit``; ``offer``
    maps a choice to what to offer for it (an alias to its entity's name), each offered once."""
    from rapidfuzz import fuzz, process
    from rapidfuzz.distance import OSA

    keyed: dict[str, str] = {}
    for choice in choices:
        keyed.setdefault(_key(choice), offer.get(choice, choice) if offer else choice)
    if not keyed:
        return []
    wanted = _key(name)

    def score(a: str, b: str, **_: object) -> float:
        alike = max(fuzz.ratio(a, b), fuzz.token_sort_ratio(a, b))
        if len(a) >= 3 and OSA.distance(a, b) == 1:  # one slip in a short word: cvs, csv
            alike = max(alike, 90.0)
        if len(a) >= 3 and b.startswith(a):  # the start of it: warn, warning
            alike = max(alike, 80.0)
        return alike

    hits = process.extract(wanted, list(keyed), scorer=score, limit=None, score_cutoff=CUTOFF)
    ranked = sorted(hits, key=lambda hit: (-hit[1], hit[0]))
    if not ranked:
        return []
    best = ranked[0][1]  # a near-exact match makes the merely similar ones noise
    offered: list[str] = []
    for key, alike, _ in ranked:
        if alike >= best - MARGIN and keyed[key] not in offered:
            offered.append(keyed[key])
    return offered[:limit]


def quoted_list(names: Iterable[str], conjunction: str = "or") -> str:
    """``'a'``, ``'a' or 'b'``, ``'a', 'b' or 'c'``."""
    quoted = [f"'{n}'" for n in names]
    if len(quoted) < 2:
        return "".join(quoted)
    return f"{', '.join(quoted[:-1])} {conjunction} {quoted[-1]}"


def did_you_mean(
    name: str, choices: Iterable[str], limit: int = 3, offer: Mapping[str, str] | None = None
) -> str:
    """``"; did you mean 'x'?"`` for the closest choices, or ``""`` when none is close."""
    near = closest(name, choices, limit, offer)
    return f"; did you mean {quoted_list(near)}?" if near else ""

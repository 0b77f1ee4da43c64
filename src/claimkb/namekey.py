"""The form names are compared in (:func:`name_key`): for entities, aliases and subjects.

Apart from :mod:`claimkb.values` so that a question answered from the cache (``entity`` by
another spelling) can key a name without importing the value readers.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["name_key"]

_SEPARATORS = re.compile(r"[\s\-_·•・]+")
_TYPOGRAPHY = str.maketrans(
    {
        **dict.fromkeys("\u2018\u2019\u201a\u201b\u2032\u02bc\u02b9\uff07`´", "'"),
        **dict.fromkeys("\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb", '"'),
        **dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63", "-"),
        **dict.fromkeys("\u00ad\u200b\u200c\u200d\u2060\ufeff", ""),
    }
)
"""Typographic variants of one character (curly and straight apostrophes and quotes, the
dashes, invisible joiners and soft hyphens), which NFKC leaves apart."""


def name_key(name: str) -> str:
    """The form names are compared in: NFKC, case-folded, typography and separators ignored.

    ``Kimi-K3.1 Pro``, ``kimi k3.1 pro``, ``Kimi K3.1  Pro`` and ``KimiK3.1Pro`` share one key,
    and so do ``基米 X`` and ``基米X`` (a space between Chinese and Latin letters is optional)
    and ``X’s Party`` and ``X's Party`` (a curly apostrophe is an apostrophe), so an alias list
    need not spell out each hyphenation, spacing, typography and capitalisation.
    """
    folded = unicodedata.normalize("NFKC", name).casefold().translate(_TYPOGRAPHY)
    return _SEPARATORS.sub("", folded)

"""The words a text is compared by when guessing a value's property: English words (lower
case, crudely stemmed, common words left out) and the character pairs of Chinese runs."""

from __future__ import annotations

import re

__all__ = ["tokens"]

_WORDS = re.compile(r"[A-Za-z][A-Za-z-]{2,}|[\u3400-\u9fff]+")
_STOP = frozenset(
    "the and for with that this its are was were has have had from into over than then which "
    "who whom what when where how also been being their they them there these those such not "
    "but all any can may will would could should about more most other some only very per "
    "via our out one two three".split()
)


def tokens(text: str) -> set[str]:
    """The words a text is compared by: English words (lower case, a plural's s dropped) and
    the character pairs of Chinese runs."""
    found: set[str] = set()
    for match in _WORDS.finditer(text):
        word = match.group()
        if word[0].isascii():
            word = word.lower().strip("-")
            if word not in _STOP:
                found.add(_stem(word))
        elif len(word) == 1:
            found.add(word)
        else:
            found.update(word[i : i + 2] for i in range(len(word) - 1))
    return found


_SUFFIXES = ("ing", "ies", "ed", "es", "s", "e")


def _stem(word: str) -> str:
    """A crude English stem, enough for "activates", "activated" and "activating" to meet."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word

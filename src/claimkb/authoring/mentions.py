"""Where a text names a known entity, by its name or any alias, in any language.

Names are compared as the KB compares them (:func:`claimkb.values.name_key`: case, width,
spaces and hyphens ignored), so "Kimi-K3.1 Pro" and "Kimi K3.1 Pro" are one mention. The
longest name wins ("Kimi K3.1 Pro", not "Kimi K3" inside it), mentions do not overlap, and a
Latin name must stand as a word: "K3" is not in "K3.1" nor in "XK3".

The index is built once per KB (keys by their first two characters), so finding mentions costs a few
dictionary lookups per character of text, whatever the number of entities.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from bisect import bisect_left
from collections import defaultdict
from dataclasses import dataclass
from itertools import compress

from ..kb import KB
from ..values import name_key

__all__ = ["Mention", "Mentions"]

MIN_KEY = 2
"""Names shorter than this (after folding) are not looked for: a letter is not a name."""


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    entity: str
    written: str


class Mentions:
    """The entity names of a KB, ready to be found in text."""

    def __init__(self, kb: KB):
        self.kb = kb
        names: dict[str, str] = {}
        for entity in kb.entities.values():
            for name in (entity.name, *entity.aliases, entity.id):
                key = name_key(name)
                if len(key) >= MIN_KEY:
                    names.setdefault(key, entity.id)
        self._by_first: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for key, entity_id in names.items():
            self._by_first[key[:MIN_KEY]].append((key, entity_id))
        for options in self._by_first.values():
            options.sort(key=lambda item: -len(item[0]))
        firsts = "|".join(re.escape(first) for first in sorted(self._by_first))
        self._starts = re.compile(f"(?=(?:{firsts}))") if firsts else None

    def find(self, text: str) -> list[Mention]:
        """The mentions in ``text``, in order: at each position (left to right, after the
        last mention) the longest name there that stands alone. Only the positions where
        some name's first two characters are written are tried (one search finds them)."""
        if self._starts is None:
            return []
        key, origin = _folded(text)
        found: list[Mention] = []
        position = 0
        for hit in self._starts.finditer(key):
            at = hit.start()
            if at < position:
                continue
            match = self._match(text, key, origin, at)
            if match is None:
                continue
            found.append(match)
            position = bisect_left(origin, match.end, at)  # the key's first after the mention
        return found

    def _match(self, text: str, key: str, origin: list[int], position: int) -> Mention | None:
        for name, entity_id in self._by_first.get(key[position : position + MIN_KEY], ()):
            if not key.startswith(name, position):
                continue
            start = origin[position]
            end = origin[position + len(name) - 1] + 1
            if _stands_alone(text, start, end):
                return Mention(start, end, entity_id, text[start:end])
        return None


def _folded(text: str) -> tuple[str, list[int]]:
    """``name_key`` of ``text``, with the position in ``text`` of each of its characters.
    Where every character folds to one character or none (all but a few ligatures and
    letters such as ß), both are made by the string and iterator machinery in one pass
    each, not character by character (every sentence of a long article is folded)."""
    folds = {char: _fold(char) for char in set(text)}
    if all(len(piece) <= 1 for piece in folds.values()):
        key = text.translate({ord(char): piece for char, piece in folds.items()})
        return key, list(compress(range(len(text)), map(folds.__getitem__, text)))
    chars: list[str] = []
    origin: list[int] = []
    for index, char in enumerate(text):
        for piece in folds[char]:
            chars.append(piece)
            origin.append(index)
    return "".join(chars), origin


@functools.lru_cache(maxsize=1 << 14)
def _fold(char: str) -> str:
    """What one character of a text becomes in its key (a text has few distinct ones)."""
    folded = name_key(char) if not char.isspace() else ""
    if not folded and not char.isspace() and char not in "-_·•・":
        folded = unicodedata.normalize("NFKC", char).casefold()
    return folded


def _latin(char: str) -> bool:
    return char.isascii() and char.isalnum()


LONG_NAME = 6
"""A name this long may touch a digit of another script class: "Kimi K3.1 Pro6 台" is a table
row run together, and the name is still there."""


def _joined(a: str, b: str, long: bool) -> bool:
    """Whether two adjacent characters belong to one word."""
    if not (_latin(a) and _latin(b)):
        return False
    return not long or a.isdigit() == b.isdigit()


def _stands_alone(text: str, start: int, end: int) -> bool:
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    long = len(name_key(text[start:end])) >= LONG_NAME
    if _joined(before, text[start], long) or _joined(text[end - 1], after, long):
        return False
    if after in ".," and text[end + 1 : end + 2].isdigit():  # K3 in "K3.1"
        return False
    return not (before in ".," and start > 1 and text[start - 2].isdigit())

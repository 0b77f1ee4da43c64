"""The words around a value, as the guess of its property weighs them.

Every property that fits a value is weighed against the same words (those near the value
fully, the rest of its part of the sentence half), and a property with a dimension also
against which of them name that dimension as a unit. So the words are gathered, and asked
what they name, once per value rather than once per property (a value fits several).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .spans import word_dimension

__all__ = ["Around"]

NEAR_SHARE = 1.0
WIDER_SHARE = 0.5
"""What a word of the rest of the sentence counts for, against one near the value."""


@dataclass
class Around:
    pools: tuple[tuple[float, tuple[str, ...]], ...]
    """(share, words): the words near the value, then the others of its part of the
    sentence, each in the order of the set it was gathered in (the weights are added in
    that order)."""
    _named: dict[str, str | None] | None = field(default=None, repr=False)
    _naming: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, near: set[str], wider: set[str]) -> Around:
        """The words ``near`` a value and the others of ``wider``."""
        return cls(((NEAR_SHARE, tuple(near)), (WIDER_SHARE, tuple(wider - near))))

    def naming(self, dimension: str | None) -> frozenset[str]:
        """The words that name ``dimension`` as a unit ("parameters", "参数"); none for no
        dimension."""
        if dimension is None:
            return frozenset()
        found = self._naming.get(dimension)
        if found is None:
            if self._named is None:
                self._named = {w: word_dimension(w) for _, pool in self.pools for w in pool}
            found = frozenset(w for w, named in self._named.items() if named == dimension)
            self._naming[dimension] = found
        return found

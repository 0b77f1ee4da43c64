"""The block YAML reader of :mod:`claimkb.yamlblock`, compiled (``_yamlblock.c``)."""

from typing import Any, Final

OUTSIDE: Final[object]
"""Returned when a text is not in the subset; :data:`claimkb.yamlblock.OUTSIDE` is this."""

DIRECT: Final[bool]
"""Whether the reader makes its ``LocatedDict`` and ``LocatedList`` values without calling
their classes (their ``__init__`` is not run; the instances are the same): checked at import,
where the classes are what the reader knows of them, else it calls them."""

def read_block(text: str, shared: frozenset[str] = ..., /) -> Any:
    """The value of ``text`` if it is in the plain block subset of YAML, else :data:`OUTSIDE`;
    every str value directly under a key in ``shared`` is interned."""

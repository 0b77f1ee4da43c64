"""The block YAML reader of :mod:`claimkb.yamlblock`, compiled (``_yamlblock.c``)."""

from typing import Any, Final

OUTSIDE: Final[object]
"""Returned when a text is not in the subset; :data:`claimkb.yamlblock.OUTSIDE` is this."""

def read_block(text: str, shared: frozenset[str] = ..., /) -> Any:
    """The value of ``text`` if it is in the plain block subset of YAML, else :data:`OUTSIDE`;
    every str value directly under a key in ``shared`` is interned."""

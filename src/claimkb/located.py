"""Values read from YAML that remember where they were written, and how plain scalars resolve.

Both YAML readers (:mod:`claimkb.yamlio`'s full one and :mod:`claimkb.yamlblock`'s fast one)
build these containers and resolve plain scalars by these rules, so the two can never differ on
what a text means.

The compiled block reader (``_yamlblock.c``) makes the containers without running their
``__init__``, setting the two slots to what it sets, as long as the classes keep the shape it
checks at import (their bases, ``__slots__``, no ``__new__``, what ``__init__`` leaves); any
other class it calls. So an ``__init__`` with an effect beyond its slots needs that reader
changed too.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["BOOLS", "IMPLICIT", "IMPLICIT_FIRST", "LocatedDict", "LocatedList"]


class LocatedDict(dict[Any, Any]):
    """A mapping that remembers where it and each of its keys were written."""

    __slots__ = ("line", "key_lines")

    def __init__(self, line: int = 0) -> None:
        super().__init__()
        self.line = line
        self.key_lines: dict[Any, int] = {}

    def line_of(self, key: Any) -> int:
        """Line of ``key`` if present, else the line of the mapping itself."""
        return self.key_lines.get(key, self.line)


class LocatedList(list[Any]):
    """A sequence that remembers its own line and the line of each item."""

    __slots__ = ("line", "item_lines")

    def __init__(self, line: int = 0) -> None:
        super().__init__()
        self.line = line
        self.item_lines: list[int] = []


IMPLICIT = re.compile(
    r"^(?:(~|null|Null|NULL|)|(true|True|TRUE|false|False|FALSE)|([-+]?(?:0|[1-9][0-9]*)))$"
)
"""The plain scalars that are not strings (YAML 1.2 core style): group 1 null, group 2 a
boolean, group 3 a decimal integer. ``2.80``, ``2026-11-06`` and ``no`` stay text."""

IMPLICIT_FIRST = frozenset("~nNtTfF+-0123456789")
"""The characters a non-empty text matching :data:`IMPLICIT` can start with."""

BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}

"""Reading YAML the way a knowledge base needs it.

PyYAML's safe loaders drop every line number and silently keep the last of two duplicate keys.
A fact-check KB needs both: each finding names a file and line, and a duplicated ``value:`` in a
pull request must not quietly overwrite the first. So this module builds on PyYAML's C parser
(``CSafeLoader`` where libyaml is present) with its own constructors that

* return :class:`LocatedDict` mappings carrying the line of the mapping and of each key,
* reject duplicate keys, aliases (anchors that are reused), non-scalar keys and excessive depth,
* resolve plain scalars conservatively (YAML 1.2 core style): only ``null``, ``true``/``false``
  and decimal integers become non-strings. ``2.80`` stays the text ``"2.80"`` (precision is in
  the digits), ``2026-11-06`` stays a string (dates keep the precision the author wrote) and
  ``no`` stays ``"no"``.

Every problem is raised as :class:`YamlProblem` with a 1-based line, never a PyYAML exception.
Plain block YAML (nearly every KB file) is read by :mod:`.yamlblock` alone; PyYAML's way
(:mod:`.yamlloader`) is imported for the other texts only.
"""

from __future__ import annotations

from typing import Any

from .located import LocatedDict, LocatedList
from .yamlblock import OUTSIDE, read_block
from .yamlproblem import MAX_DEPTH, YamlProblem

__all__ = ["LocatedDict", "LocatedList", "YamlProblem", "parse_yaml", "MAX_DEPTH"]


def parse_yaml(text: str, shared: frozenset[str] = frozenset()) -> Any:
    """Parse one YAML document into plain Python with located containers.

    An empty (or comment-only) text yields ``None``. Several documents in one file are refused:
    a reviewer reading the first would not expect a second.

    Every str value written directly under a key in ``shared``, in a mapping at any depth, is
    interned (:func:`sys.intern`) as the value is built: the values a KB's records repeat (a
    source, a status) are then one string each. Both readers do it, with the same result.
    """
    value = read_block(text, shared)
    if value is not OUTSIDE:
        return value
    from .yamlloader import load

    return load(text, shared)

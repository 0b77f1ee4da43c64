"""How a new record is written: the KB's house style, so a written record reads like a typed one.

* keys in the order the README documents (``id`` first, ``note`` last), empty fields left out;
* a quote in double quotes (it is verbatim text, often with colons and quotation marks);
* a string another YAML reader would take for a date, number, boolean or null in double
  quotes (``"2026-11-05"``, ``"2.80"``, ``"yes"``), so the file means the same to every tool;
* short lists in flow style (``aliases: [月之暗面, Moonshot]``), long ones one item a line;
* prose longer than a line (note, reason, description) folded (``>-``) at word boundaries.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["Description", "Styled", "node", "prose", "styled", "to_node"]

QUOTED_KEYS = frozenset({"quote"})
PROSE_KEYS = frozenset({"note", "reason", "description", "citation", "unquoted"})
WIDTH = 96
"""Column at which folded prose is broken."""
FLOW_LIST = 64
"""Lists whose items fit in this many characters are written on one line."""
_AMBIGUOUS = re.compile(
    r"(?i)^(?:y|n|yes|no|on|off|true|false|null|~|"
    r"[-+]?[0-9][0-9_,]*(?:\.[0-9_]*)?(?:e[-+]?[0-9]+)?|[-+]?\.[0-9]+|\.(?:inf|nan)|"
    r"[0-9]{4}-[0-9]{1,2}(?:-[0-9]{1,2})?(?:[Tt ].*)?|[0-9]+(?::[0-5]?[0-9])+(?:\.[0-9]*)?)$"
)


Styled = tuple[Any, ...]
"""How one value is written, decided once for both writers (ruamel's, through :func:`to_node`,
and :mod:`~claimkb.authoring.fastyaml`'s): ``("plain", text)`` for a string whose style is
the emitter's to choose, ``("double", text)`` in double quotes, ``("folded", text, folds)``
folded at those spaces, ``("as is", value)`` for a number or another scalar,
``("map", flow, [(key, styled), ...])`` and ``("list", flow, [styled, ...])``."""

Description = list[tuple[str, Styled]]
"""A record's fields in order, each with how it is written."""


def node(fields: Mapping[str, Any], indent: int = 4) -> Any:
    """A ruamel mapping of ``fields`` (None and empty values left out), styled as above.
    ``indent`` is the column the record's keys are written at (for folding prose)."""
    return to_node(styled(fields, indent))


def styled(fields: Mapping[str, Any], indent: int = 4) -> Description:
    """How each of ``fields`` is written (None and empty values left out): what :func:`node`
    makes ruamel objects of, and what :mod:`~claimkb.authoring.fastyaml` writes without."""
    return [
        (key, _styled(key, value, indent))
        for key, value in fields.items()
        if not (value is None or (isinstance(value, list | dict) and not value))
    ]


def to_node(description: Description) -> Any:
    """The ruamel mapping that writes as ``description`` says."""
    from ruamel.yaml.comments import CommentedMap

    return CommentedMap((key, _made(how)) for key, how in description)


def _made(how: Styled) -> Any:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString, FoldedScalarString

    kind = how[0]
    if kind in ("plain", "as is"):
        return how[1]
    if kind == "double":
        return DoubleQuotedScalarString(how[1])
    if kind == "folded":
        folded = FoldedScalarString(how[1])
        folded.fold_pos = list(how[2])
        return folded
    made: Any = (
        CommentedMap((k, _made(v)) for k, v in how[2])
        if kind == "map"
        else CommentedSeq(_made(v) for v in how[2])
    )
    if how[1]:
        made.fa.set_flow_style()
    return made


def _styled(key: str, value: Any, indent: int) -> Styled:
    if isinstance(value, Mapping):
        if all(len(str(v)) <= 24 for v in value.values()):
            return ("map", True, [(k, _scalar(str(k), v)) for k, v in value.items()])
        return ("map", False, [(k, _prose(str(v), indent + 2)) for k, v in value.items()])
    if isinstance(value, list | tuple):
        flow = sum(len(str(v)) + 2 for v in value) <= FLOW_LIST and not any(
            _needs_block(str(v)) for v in value
        )
        return ("list", flow, [_scalar(key, v) for v in value])
    if isinstance(value, str) and key in QUOTED_KEYS:
        return ("double", value)
    if isinstance(value, str) and key in PROSE_KEYS:
        return _prose(value, indent + 2)
    return _scalar(key, value)


def _scalar(key: str, value: Any) -> Styled:
    if not isinstance(value, str):
        return ("as is", value)
    if _AMBIGUOUS.match(value.strip()) or value != value.strip():
        return ("double", value)
    return ("plain", value)


def _needs_block(text: str) -> bool:
    """Items a flow list would have to quote heavily: commas, brackets, colons."""
    return any(c in text for c in ",[]{}:#\"'") or text != text.strip()


def prose(text: str, indent: int) -> Any:
    """``text`` folded at word boundaries to fit :data:`WIDTH`, or as it is when it fits on
    the key's line or cannot be folded (a line break, or spaces a fold would lose)."""
    return _made(_prose(text, indent))


def _prose(text: str, indent: int) -> Styled:
    if len(text) + indent <= WIDTH or "\n" in text or "  " in text or text != text.strip():
        return _scalar("", text)
    return ("folded", text, tuple(_folds(text, WIDTH - indent)))


def _folds(text: str, width: int) -> Iterable[int]:
    """Positions of the spaces to break ``text`` at, each line at most ``width`` long
    (a word longer than that gets a line of its own)."""
    start = 0
    while len(text) - start > width:
        cut = text.rfind(" ", start, start + width + 1)
        if cut <= start:
            cut = text.find(" ", start + width)
            if cut < 0:
                return
        yield cut
        start = cut + 1

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

__all__ = ["node", "prose"]

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


def node(fields: Mapping[str, Any], indent: int = 4) -> Any:
    """A ruamel mapping of ``fields`` (None and empty values left out), styled as above.
    ``indent`` is the column the record's keys are written at (for folding prose)."""
    from ruamel.yaml.comments import CommentedMap

    record = CommentedMap()
    for key, value in fields.items():
        if value is None or (isinstance(value, list | dict) and not value):
            continue
        record[key] = _styled(key, value, indent)
    return record


def _styled(key: str, value: Any, indent: int) -> Any:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString

    if isinstance(value, Mapping):
        if all(len(str(v)) <= 24 for v in value.values()):
            inner = CommentedMap((k, _scalar(str(k), v)) for k, v in value.items())
            inner.fa.set_flow_style()
            return inner
        return CommentedMap((k, prose(str(v), indent + 2)) for k, v in value.items())
    if isinstance(value, list | tuple):
        items = CommentedSeq(_scalar(key, v) for v in value)
        if sum(len(str(v)) + 2 for v in value) <= FLOW_LIST and not any(
            _needs_block(str(v)) for v in value
        ):
            items.fa.set_flow_style()
        return items
    if isinstance(value, str) and key in QUOTED_KEYS:
        return DoubleQuotedScalarString(value)
    if isinstance(value, str) and key in PROSE_KEYS:
        return prose(value, indent + 2)
    return _scalar(key, value)


def _scalar(key: str, value: Any) -> Any:
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString

    if isinstance(value, str) and (_AMBIGUOUS.match(value.strip()) or value != value.strip()):
        return DoubleQuotedScalarString(value)
    return value


def _needs_block(text: str) -> bool:
    """Items a flow list would have to quote heavily: commas, brackets, colons."""
    return any(c in text for c in ",[]{}:#\"'") or text != text.strip()


def prose(text: str, indent: int) -> Any:
    """``text`` folded at word boundaries to fit :data:`WIDTH`, or as it is when it fits on
    the key's line or cannot be folded (a line break, or spaces a fold would lose)."""
    from ruamel.yaml.scalarstring import FoldedScalarString

    if len(text) + indent <= WIDTH or "\n" in text or "  " in text or text != text.strip():
        return _scalar("", text)
    folded = FoldedScalarString(text)
    folded.fold_pos = list(_folds(text, WIDTH - indent))
    return folded


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

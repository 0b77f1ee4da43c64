"""Checking a record against the KB before it is written: its shape, its references, its id.

Each helper returns :class:`~claimkb.authoring.errors.Problem` records rather than raising, so
that a command reports every problem of a record at once. A reference that names nothing gets
the nearest ids and names the KB holds (a did-you-mean), never an automatic correction.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from ..kb import KB
from ..model import Entity, Located
from .errors import Invalid, Problem, did_you_mean

__all__ = [
    "entity_problem",
    "id_problem",
    "model_record",
    "name_problem",
    "reference_problem",
    "require",
]


def require(what: str, problems: Iterable[Problem | None]) -> None:
    """Raise :class:`Invalid` when any problem was found."""
    found = [p for p in problems if p is not None]
    if found:
        raise Invalid(what, found)


def model_record(model: type[Located], fields: Mapping[str, Any]) -> tuple[Any, list[Problem]]:
    """Validate ``fields`` as ``model``: (the record or None, the problems)."""
    data = {k: v for k, v in fields.items() if v is not None and v != [] and v != {}}
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        return None, [_problem(error) for error in exc.errors()]


def _problem(error: Any) -> Problem:
    location = [str(part) for part in error.get("loc", ())]
    field = location[0] if location else "(record)"
    message = str(error.get("msg", "invalid"))
    if error.get("type") == "string_pattern_mismatch" and field in ("id", "kind", "part_of"):
        message = (
            "use letters, digits and . _ ~ - only (at most 128), starting with a letter or digit"
        )
    if error.get("type") == "missing":
        message = "required"
    return Problem(field, message)


def id_problem(kb: KB, section: str, record_id: str) -> Problem | None:
    """A duplicate id is refused (records that failed to load still hold theirs)."""
    table: Mapping[str, Located] = getattr(kb, section)
    existing = table.get(record_id)
    if existing is not None:
        where = f"{existing.file}:{existing.line}"
        return Problem("id", f"'{record_id}' is already the id of a record at {where}")
    if record_id in kb.broken.get(section, set()):
        return Problem("id", f"'{record_id}' is the id of a record that does not load; fix it")
    return None


def reference_problem(
    kb: KB, field: str, wanted: str, section: str, what: str, labels: bool = False
) -> Problem | None:
    """``wanted`` must be the id of a record of ``section``."""
    table: Mapping[str, Any] = getattr(kb, section)
    if wanted in table:
        return None
    choices = list(table)
    if labels:
        choices += [getattr(record, "label", "") for record in table.values()]
    close = did_you_mean(wanted, choices)
    if labels:  # a label found means its property
        by_label = {getattr(r, "label", ""): r.id for r in table.values()}
        close = tuple(dict.fromkeys(by_label.get(c, c) for c in close))
    hint = "" if close else f" (claimkb registry lists the {section})"
    return Problem(field, f"no {what} '{wanted}'{hint}", close)


def entity_problem(
    kb: KB, field: str, name: str, kind: str | None = None
) -> tuple[Entity | None, Problem | None]:
    """The entity ``name`` names (by id, name or alias), or a problem with the nearest names
    (of ``kind`` first, when given)."""
    entity = kb.entity(name)
    if entity is not None:
        return entity, None
    pool = [e for e in kb.entities.values() if kind is None or e.kind == kind] or list(
        kb.entities.values()
    )
    names = [n for e in pool for n in (e.id, e.name, *e.aliases)]
    close = did_you_mean(name, names)
    what = f"a known {kind}" if kind else "a known entity"
    hint = "" if close else " (register it with claimkb add entity, or an alias with claimkb alias)"
    return None, Problem(field, f"'{name}' is not {what} (id, name or alias){hint}", close)


def name_problem(kb: KB, field: str, name: str, entity_id: str | None = None) -> Problem | None:
    """A name or alias must not already name another entity."""
    other = kb.entity(name)
    if other is not None and other.id != entity_id:
        return Problem(field, f"'{name}' already names entity '{other.id}' ({other.name})")
    return None


def kinds_problem(kb: KB, field: str, kind: str, allow_new: bool) -> Problem | None:
    """A new entity kind is most often a typo of a known one (organization/organisation)."""
    kinds = {e.kind for e in kb.entities.values()} | {
        p.entity_kind for p in kb.properties.values() if p.entity_kind
    }
    if kind in kinds or allow_new or not kinds:
        return None
    close = did_you_mean(kind, kinds)
    return Problem(
        field,
        f"'{kind}' is a kind no entity or property uses yet; pass --new-kind if it is meant",
        close,
    )


def model_fields(model: type[BaseModel]) -> tuple[str, ...]:
    return tuple(model.model_fields)

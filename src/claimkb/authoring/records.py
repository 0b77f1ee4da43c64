"""``claimkb add source|entity|property`` and ``claimkb alias``: new registry records, validated.

Each function takes the fields as keyword arguments (the command line's options), checks the
record the way ``claimkb check`` would (its shape, its references, a unique id, names that do
not already name another entity, a snapshot that exists) and returns the planned
:class:`~claimkb.authoring.writes.Change`; nothing is written until it is committed.
"""

from __future__ import annotations

from typing import Any

from ..kb import KB
from ..model import Entity, Property, Source
from ..values import ValueProblem, name_key, parse_date
from .emit import node
from .errors import Problem, did_you_mean
from .placement import plan_append, plan_new, plan_update, usual_file
from .validate import (
    entity_problem,
    id_problem,
    kinds_problem,
    model_record,
    name_problem,
    reference_problem,
    require,
)
from .writes import Change

__all__ = ["add_alias", "add_entity", "add_property", "add_source"]

SOURCE_KEYS = (
    "id", "title", "publisher", "url", "date", "language", "kind",
    "snapshot", "cites", "issued_by", "note",
)  # fmt: skip
ENTITY_KEYS = ("id", "name", "kind", "aliases", "part_of", "description")
PROPERTY_KEYS = (
    "id", "label", "datatype", "dimension", "entity_kind", "within",
    "single_valued", "tolerance", "description",
)  # fmt: skip


def _ordered(fields: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    return {k: fields[k] for k in keys if k in fields}


def add_source(kb: KB, **fields: Any) -> Change:
    """A new source in ``sources/<id>.yaml``. Its snapshot, when named, must be found."""
    fields = _ordered(fields, SOURCE_KEYS)
    record, found = model_record(Source, fields)
    problems: list[Problem | None] = list(found)
    source_id = str(fields.get("id", ""))
    problems.append(id_problem(kb, "sources", source_id) if source_id else None)
    for cited in fields.get("cites") or ():
        problems.append(reference_problem(kb, "cites", cited, "sources", "source"))
    if fields.get("issued_by"):
        problems.append(entity_problem(kb, "issued_by", fields["issued_by"], "organisation")[1])
    if fields.get("date") is not None:
        try:
            parse_date(str(fields["date"]))
        except ValueProblem as problem:
            problems.append(Problem("date", f"{problem} (write it as 2026-11-05, 2026-11 or 2026)"))
    notes: list[str] = []
    if isinstance(fields.get("snapshot"), str) and fields["snapshot"]:
        from .snapshot import SnapshotProblem, find

        try:
            find(kb, source_id, fields["snapshot"])
        except SnapshotProblem as exc:
            problems.append(Problem("snapshot", exc.message))
    require(f"source '{source_id}'", problems)
    edit = plan_new(kb, f"sources/{source_id}.yaml", node(fields, indent=0))
    if not fields.get("snapshot"):
        notes.append("no snapshot: the quotes of its claims cannot be checked or drafted")
    return Change(f"added source '{source_id}'", [edit], {"source": fields}, notes)


def add_entity(kb: KB, *, file: str | None = None, new_kind: bool = False, **fields: Any) -> Change:
    fields = _ordered(fields, ENTITY_KEYS)
    record, found = model_record(Entity, fields)
    problems: list[Problem | None] = list(found)
    entity_id = str(fields.get("id", ""))
    problems.append(id_problem(kb, "entities", entity_id) if entity_id else None)
    for field, name in [("id", entity_id), ("name", fields.get("name"))] + [
        ("aliases", a) for a in fields.get("aliases") or ()
    ]:
        if isinstance(name, str) and name:
            problems.append(name_problem(kb, field, name))
    keys = [name_key(a) for a in fields.get("aliases") or ()]
    if len(set(keys)) != len(keys):
        problems.append(Problem("aliases", "two aliases are the same name"))
    if fields.get("kind"):
        problems.append(kinds_problem(kb, "kind", str(fields["kind"]), new_kind))
    if fields.get("part_of"):
        problems.append(reference_problem(kb, "part_of", fields["part_of"], "entities", "entity"))
    require(f"entity '{entity_id}'", problems)
    rel = file or usual_file(kb, "entities")
    edit = plan_append(kb, rel, "entities", node(fields))
    return Change(f"added entity '{entity_id}' to {rel}", [edit], {"entity": fields})


def add_property(
    kb: KB, *, file: str | None = None, new_kind: bool = False, **fields: Any
) -> Change:
    fields = _ordered(fields, PROPERTY_KEYS)
    record, found = model_record(Property, fields)
    problems: list[Problem | None] = list(found)
    property_id = str(fields.get("id", ""))
    problems.append(id_problem(kb, "properties", property_id) if property_id else None)
    if record is not None:
        problems.extend(_property_problems(kb, record, new_kind))
    require(f"property '{property_id}'", problems)
    rel = file or usual_file(kb, "properties")
    edit = plan_append(kb, rel, "properties", node(fields))
    return Change(f"added property '{property_id}' to {rel}", [edit], {"property": fields})


def _property_problems(kb: KB, prop: Property, new_kind: bool) -> list[Problem | None]:
    from ..model import Datatype
    from ..values.units import known_dimension

    problems: list[Problem | None] = []
    if prop.datatype is Datatype.QUANTITY:
        if not prop.dimension:
            problems.append(
                Problem("dimension", "a quantity property needs a dimension (byte ...)")
            )
        elif not known_dimension(prop.dimension):
            dims = {p.dimension for p in kb.properties.values() if p.dimension}
            close = did_you_mean(prop.dimension, dims)
            problems.append(Problem("dimension", f"unknown dimension {prop.dimension!r}", close))
    elif prop.dimension:
        problems.append(Problem("dimension", "only a quantity property has a dimension"))
    if prop.entity_kind and prop.datatype is not Datatype.ENTITY:
        problems.append(Problem("entity_kind", "only an entity property expects a kind"))
    if prop.entity_kind:
        problems.append(kinds_problem(kb, "entity_kind", prop.entity_kind, new_kind))
    if prop.within:
        problems.append(reference_problem(kb, "within", prop.within, "entities", "entity"))
    return problems


def add_alias(kb: KB, entity: str, name: str) -> Change:
    """Add ``name`` to the aliases of the entity ``entity`` names (by id, name or alias)."""
    found, problem = entity_problem(kb, "entity", entity)
    problems: list[Problem | None] = [problem]
    if found is None:
        problems.append(name_problem(kb, "name", name))
    elif name_key(name) in {name_key(n) for n in (found.id, found.name, *found.aliases)}:
        problems.append(Problem("name", f"'{name}' already names '{found.id}'"))
    else:
        problems.append(name_problem(kb, "name", name, found.id))
    if not name.strip():
        problems.append(Problem("name", "the alias is empty"))
    require(f"alias '{name}'", problems)
    assert found is not None

    def add(record: Any) -> None:
        from ruamel.yaml.comments import CommentedSeq

        aliases = record.get("aliases")
        if aliases is None:
            fresh = CommentedSeq([name])
            fresh.fa.set_flow_style()
            at = list(record).index("kind") + 1 if "kind" in record else len(record)
            record.insert(at, "aliases", fresh)
        else:
            aliases.append(name)

    edit = plan_update(kb, found.file, "entities", found.id, add)
    summary = f"added alias '{name}' to entity '{found.id}' in {found.file}"
    return Change(summary, [edit], {"entity": found.id, "alias": name})

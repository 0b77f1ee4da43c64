"""``claimkb registry``, ``claimkb add source|entity|property|claim`` and ``claimkb alias``.

Each write command validates the record against the KB first (every problem at once, each
named by its option, with a did-you-mean where the KB knows something close), then writes it
atomically, keeping the rest of the file byte for byte; ``--dry-run`` prints the diff instead.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from .app import JsonOption, RootOption, SnapshotDirOption, app, fail
from .help import App
from .writing import (
    DescriptionOption,
    DryRunOption,
    FileOption,
    IdOption,
    NoteOption,
    PropertyOption,
    QualifierOption,
    StatusOption,
    SubjectOption,
    UnquotedOption,
    ViaOption,
    pairs,
    run_change,
    show_rows,
    text,
    workspace_of,
)

add_app = App(
    name="add",
    help="Add a source, entity, property or claim, validated before anything is written.",
    no_args_is_help=True,
)
app.add_typer(add_app)


@app.command()
def registry(
    what: Annotated[
        str, typer.Argument(metavar="[properties|entities]", help="What to list.")
    ] = "properties",
    root: RootOption = None,
    kind: Annotated[
        str | None,
        typer.Option(help="Entities of this kind; properties expecting entities of this kind."),
    ] = None,
    datatype: Annotated[
        str | None, typer.Option(help="Properties of this datatype (quantity, date, entity ...).")
    ] = None,
    text: Annotated[
        str | None, typer.Option(help="Text in the id, label, name or an alias (any case).")
    ] = None,
    snapshot_dir: SnapshotDirOption = None,
    json_: JsonOption = False,
) -> None:
    """List the KB's properties (datatype, dimension, single-valued, entity kind, label) or
    entities (kind, aliases, part of), so no one reads YAML to find an id."""
    if what not in ("properties", "entities"):
        raise fail(f"registry lists 'properties' or 'entities', not {what!r}")
    if what == "entities" and datatype:
        raise fail("--datatype filters properties; entities have a --kind")
    workspace = workspace_of(root, snapshot_dir)
    if what == "entities":
        rows = workspace.registry("entities", kind=kind, text=text)
    else:
        rows = workspace.registry("properties", datatype=datatype, kind=kind, text=text)
    show_rows(rows, json_, what)


@add_app.command("source")
def add_source(
    id: IdOption = None,
    title: Annotated[str | None, text("The headline, as published.")] = None,
    language: Annotated[str | None, typer.Option(help="en, zh ...", show_default=False)] = None,
    kind: Annotated[
        str | None, typer.Option(help="news, announcement, analysis ...", show_default=False)
    ] = None,
    publisher: Annotated[str | None, text("Who published it (left out when not named).")] = None,
    url: Annotated[str | None, text("Where it was published.")] = None,
    date: Annotated[
        str | None, typer.Option(help="2026-11-05, 2026-11 or 2026.", show_default=False)
    ] = None,
    snapshot: Annotated[
        str | None,
        typer.Option(
            help="The archived text, relative to a snapshot directory.", show_default=False
        ),
    ] = None,
    cite: Annotated[
        list[str] | None, typer.Option(help="A source it relays (repeatable).", show_default=False)
    ] = None,
    issued_by: Annotated[
        str | None, text("The organisation speaking for itself in it (an entity).")
    ] = None,
    note: NoteOption = None,
    root: RootOption = None,
    snapshot_dir: SnapshotDirOption = None,
    dry_run: DryRunOption = False,
    json_: JsonOption = False,
) -> None:
    """Register a source in sources/ID.yaml (its snapshot must be found)."""
    fields = {
        "id": id, "title": title, "publisher": publisher, "url": url, "date": date,
        "language": language, "kind": kind, "snapshot": snapshot, "cites": cite or [],
        "issued_by": issued_by, "note": note,
    }  # fmt: skip
    run_change(lambda ws: ws.add_source(**fields), root, snapshot_dir, dry_run, json_)


@add_app.command("entity")
def add_entity(
    id: IdOption = None,
    name: Annotated[str | None, text("Its canonical name.")] = None,
    kind: Annotated[
        str | None,
        typer.Option(help="organisation, model, hardware, place ...", show_default=False),
    ] = None,
    alias: Annotated[
        list[str] | None, typer.Option(help="Another name (repeatable).", show_default=False)
    ] = None,
    part_of: Annotated[str | None, text("The entity it lies within (a region, a family).")] = None,
    description: DescriptionOption = None,
    new_kind: Annotated[bool, typer.Option(help="Allow a kind no record uses yet.")] = False,
    file: FileOption = None,
    root: RootOption = None,
    snapshot_dir: SnapshotDirOption = None,
    dry_run: DryRunOption = False,
    json_: JsonOption = False,
) -> None:
    """Register an entity with its names in every language the sources use."""
    fields = {
        "file": file, "new_kind": new_kind, "id": id, "name": name, "kind": kind,
        "aliases": alias or [], "part_of": part_of, "description": description,
    }  # fmt: skip
    run_change(lambda ws: ws.add_entity(**fields), root, snapshot_dir, dry_run, json_)


@add_app.command("property")
def add_property(
    id: IdOption = None,
    label: Annotated[str | None, text("What it is, as a table header would say.")] = None,
    datatype: Annotated[
        str | None,
        typer.Option(help="quantity, date, entity, text, boolean or verdict.", show_default=False),
    ] = None,
    dimension: Annotated[
        str | None, typer.Option(help="For quantities: byte, parameter ...", show_default=False)
    ] = None,
    entity_kind: Annotated[str | None, text("For entity values: the kind expected.")] = None,
    within: Annotated[str | None, text("For entity values: the entity they lie within.")] = None,
    single_valued: Annotated[
        bool, typer.Option("--single-valued/--multi-valued", help="One value per subject?")
    ] = False,
    tolerance: Annotated[
        float | None, text("Relative widening of values before comparing (0 to 1).")
    ] = None,
    description: DescriptionOption = None,
    new_kind: Annotated[
        bool, typer.Option(help="Allow an entity kind no record uses yet.")
    ] = False,
    file: FileOption = None,
    root: RootOption = None,
    snapshot_dir: SnapshotDirOption = None,
    dry_run: DryRunOption = False,
    json_: JsonOption = False,
) -> None:
    """Register a property: what claims may state about a subject."""
    fields: dict[str, Any] = {
        "file": file, "new_kind": new_kind, "id": id, "label": label, "datatype": datatype,
        "dimension": dimension, "entity_kind": entity_kind, "within": within,
        "single_valued": single_valued or None, "tolerance": tolerance, "description": description,
    }  # fmt: skip
    run_change(lambda ws: ws.add_property(**fields), root, snapshot_dir, dry_run, json_)


@add_app.command("claim")
def add_claim(
    subject: SubjectOption = None,
    property: PropertyOption = None,
    value: Annotated[
        str | None,
        typer.Option(help="The value exactly as the source writes it.", show_default=False),
    ] = None,
    quote: Annotated[
        str | None, typer.Option(help="The verbatim sentence stating it.", show_default=False)
    ] = None,
    source: Annotated[str | None, text("The source id (claimkb sources).")] = None,
    status: StatusOption = None,
    id: Annotated[str | None, text("Default: <source prefix>-<property>.")] = None,
    qualifier: QualifierOption = None,
    via: ViaOption = None,
    item: Annotated[
        list[str] | None,
        typer.Option(help="An item a count lists (repeatable).", show_default=False),
    ] = None,
    unquoted: UnquotedOption = None,
    note: NoteOption = None,
    allow_unknown: Annotated[
        bool,
        typer.Option(help="Keep an entity value that names no known entity (to triage it)."),
    ] = False,
    file: FileOption = None,
    root: RootOption = None,
    snapshot_dir: SnapshotDirOption = None,
    dry_run: DryRunOption = False,
    json_: JsonOption = False,
) -> None:
    """Add a claim: its value is read for its property, its quote looked up in the source's
    snapshot, its status checked against the evidence."""
    fields: dict[str, Any] = {
        "file": file, "allow_unknown": allow_unknown, "id": id, "subject": subject,
        "property": property, "value": value, "source": source,
        "qualifiers": pairs(qualifier, "--qualifier"), "quote": quote, "via": via or [],
        "status": status, "items": item or [], "unquoted": unquoted, "note": note,
    }  # fmt: skip
    run_change(lambda ws: ws.add_claim(**fields), root, snapshot_dir, dry_run, json_)


@app.command()
def alias(
    entity: Annotated[str, typer.Argument(metavar="ENTITY", help="Entity id, name or alias.")],
    name: Annotated[str, typer.Argument(metavar="NAME", help="The new alias.")],
    root: RootOption = None,
    snapshot_dir: SnapshotDirOption = None,
    dry_run: DryRunOption = False,
    json_: JsonOption = False,
) -> None:
    """Add an alias to an entity (refused when the name already names another)."""
    run_change(lambda ws: ws.add_alias(entity, name), root, snapshot_dir, dry_run, json_)

"""JSON Schema (draft 2020-12) for the files of a knowledge base, generated from the models.

Editors that speak JSON Schema (VS Code and others through yaml-language-server) use it to
validate claims and sources as they are typed, to complete field names and enum values, and to
show each field's documentation on hover. The record schemas come from the pydantic models
(:mod:`claimkb.model`), so they cannot drift from what ``claimkb check`` accepts; this module
composes them into the three kinds of file:

* a **claims file**: a mapping with an optional default ``source`` and the sections
  ``claims``, ``entities``, ``properties``, ``constants`` and ``resolutions`` (a claim may leave out
  ``source`` only when the file gives one);
* a **sources file**: one source, or a ``sources:`` list;
* a **registry file**: ``entities``, ``properties`` and ``constants`` only (a claims file may
  hold them too).

``all`` accepts any KB file. Two adjustments make the schema agree with claimkb's YAML reading
rather than with an editor's: claimkb reads a plain ``2.8`` as the text ``"2.8"`` (precision
lives in the digits), so wherever a written value is expected a YAML number is allowed too.
"""

from __future__ import annotations

import ast
import copy
import inspect
import textwrap
from typing import Any

from .model import ID_PATTERN, RECORD_TYPES

DRAFT = "https://json-schema.org/draft/2020-12/schema"
KINDS = ("claims", "sources", "registry", "all")
MODELS = tuple(RECORD_TYPES.values())
SECTION_HELP = {
    "claims": "Claims: one value of a subject's property each.",
    "entities": "Entities with their names and aliases.",
    "properties": "Properties with datatype and unit dimension.",
    "constants": "Fixed figures that derived claims may use.",
    "resolutions": "Triaged discrepancies, with the reason.",
    "units": "The KB's own units: words of its field no library knows, and their meaning.",
}
REGISTRY_SECTIONS = ("entities", "properties", "constants", "units")
"""Sections that define vocabulary rather than claims; a registry file holds only these."""

FIELD_HELP = {
    "id": "Permanent id: letters, digits and . _ ~ - (first a letter or digit), at most 128.",
    "subject": "The entity the claim is about: an entity id, name or alias.",
    "property": "The property id (from the property registry).",
    "value": "The value exactly as the source writes it: '2.8 trillion', '3 万亿级', 'Nov 4–5'.",
    "source": "The source id the claim is taken from.",
    "quote": "The verbatim passage of the source that states the claim.",
    "status": "The verdict on the claim, on claimkb's verdict scale.",
    "note": "Free text for reviewers.",
    "title": "The source's title, as published.",
    "publisher": "Who published the source.",
    "url": "Where the source was published.",
    "language": "The source's language (BCP 47: en, zh, zh-Hant ...).",
    "kind": "What kind of record this is (see the README).",
    "name": "The canonical name.",
    "aliases": "Other names in any language or spelling; compared ignoring case and width.",
    "label": "A human-readable label.",
    "datatype": "The datatype of the property's values.",
    "single_valued": "One true value per subject: rival claims can conflict.",
    "claims": "The claims this resolution triages (every claim the discrepancy involves).",
    "preferred": "The claim whose value is preferred.",
    "reason": "Why: what a reviewer needs to accept the discrepancy.",
    "description": "Free text describing the record.",
    "bounds": "Explicit lower and upper bounds in the claim's unit; they override the range "
    "inferred from the digits written.",
}


def schema(kind: str = "all") -> dict[str, Any]:
    """The JSON Schema for one kind of KB file (``claims``, ``sources``, ``registry``) or for
    any of them (``all``)."""
    if kind not in KINDS:
        raise ValueError(f"unknown schema kind {kind!r}; choose from {', '.join(KINDS)}")
    defs = definitions()
    head: dict[str, Any] = {"$schema": DRAFT}
    if kind == "all":
        body: dict[str, Any] = {
            "title": "claimkb knowledge-base file",
            "description": "Any file under claims/ or sources/ of a claimkb knowledge base.",
            "anyOf": [{"$ref": "#/$defs/ClaimsFile"}, {"$ref": "#/$defs/SourcesFile"}],
        }
    else:
        body = copy.deepcopy(defs[f"{kind.capitalize()}File"])
    return {**head, **body, "$defs": defs}


def definitions() -> dict[str, Any]:
    """The record schemas from the models plus the three file-level schemas."""
    from pydantic.json_schema import models_json_schema

    _, generated = models_json_schema(
        [(model, "validation") for model in MODELS], ref_template="#/$defs/{model}"
    )
    defs: dict[str, Any] = generated["$defs"]
    for model in MODELS:
        _describe_fields(defs[model.__name__], model)
    for definition in defs.values():
        _allow_numbers_as_written(definition)
    defs["ClaimInFile"] = _claim_in_file(defs["Claim"])
    defs["ClaimsFile"] = _claims_file()
    defs["SourcesFile"] = _sources_file()
    defs["RegistryFile"] = _registry_file()
    return dict(sorted(defs.items()))


def _section(ref: str, what: str) -> dict[str, Any]:
    return {
        "description": what,
        "anyOf": [{"type": "array", "items": {"$ref": f"#/$defs/{ref}"}}, {"type": "null"}],
    }


def _claims_file() -> dict[str, Any]:
    return {
        "title": "claimkb claims file",
        "description": "Claims taken from a source, and any of the registries and resolutions.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "source": {
                "description": "Default source id of every claim in this file that names none.",
                "type": "string",
                "pattern": ID_PATTERN,
            },
            **{
                section: _section(_ref(section), SECTION_HELP[section])
                for section in RECORD_TYPES
                if section != "sources"
            },
        },
        "if": {"not": {"required": ["source"]}},
        "then": {"properties": {"claims": {"items": {"required": ["source"]}}}},
    }


def _sources_file() -> dict[str, Any]:
    return {
        "title": "claimkb sources file",
        "description": "One source record, or a 'sources:' list of them.",
        "anyOf": [
            {"$ref": "#/$defs/Source"},
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["sources"],
                "properties": {"sources": _section("Source", "Source records.")},
            },
        ],
    }


def _registry_file() -> dict[str, Any]:
    return {
        "title": "claimkb registry file",
        "description": "The registries: entities, properties, constants and units.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            section: _section(_ref(section), SECTION_HELP[section]) for section in REGISTRY_SECTIONS
        },
    }


def _ref(section: str) -> str:
    """The definition a section's records use (claims in a file may inherit ``source``)."""
    return "ClaimInFile" if section == "claims" else RECORD_TYPES[section].__name__


def _claim_in_file(claim: dict[str, Any]) -> dict[str, Any]:
    """A claim inside a claims file: ``source`` may come from the file instead."""
    result = copy.deepcopy(claim)
    result["title"] = "Claim"
    result["required"] = [name for name in claim["required"] if name != "source"]
    return result


def _allow_numbers_as_written(node: Any) -> None:
    """Where text, integer and boolean are all accepted (a value as written), accept a YAML
    number too: claimkb reads ``2.8`` as the text ``"2.8"``. Mappings keyed by ids (the
    qualifiers) accept no other keys."""
    if isinstance(node, dict):
        options = node.get("anyOf")
        if isinstance(options, list):
            types = {o.get("type") for o in options if isinstance(o, dict)}
            if {"string", "integer", "boolean"} <= types and "number" not in types:
                options.insert(1, {"type": "number"})
        patterns = node.get("patternProperties")
        if isinstance(patterns, dict) and "additionalProperties" not in node:
            node["additionalProperties"] = False  # keys must match the id pattern
        for child in node.values():
            _allow_numbers_as_written(child)
    elif isinstance(node, list):
        for child in node:
            _allow_numbers_as_written(child)


def _describe_fields(definition: dict[str, Any], model: type) -> None:
    docs = attribute_docs(model)
    for name, field_schema in definition.get("properties", {}).items():
        text = docs.get(name) or FIELD_HELP.get(name)
        if text and "description" not in field_schema:
            field_schema["description"] = text


def attribute_docs(model: type) -> dict[str, str]:
    """The docstrings written under a model's fields (``x: int`` then ``\"\"\"...\"\"\"``),
    which pydantic leaves out of its schema unless the model asks for them."""
    docs: dict[str, str] = {}
    for cls in reversed(model.__mro__):
        if cls.__module__ != model.__module__:
            continue
        try:
            source = textwrap.dedent(inspect.getsource(cls))
        except (OSError, TypeError):
            continue
        tree = ast.parse(source)
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for node, following in zip(body, body[1:], strict=False):
            if (
                isinstance(node, ast.AnnAssign)
                and isinstance(node.target, ast.Name)
                and isinstance(following, ast.Expr)
                and isinstance(following.value, ast.Constant)
                and isinstance(following.value.value, str)
            ):
                text = " ".join(following.value.value.split())
                docs[node.target.id] = text.replace("``", "`")
    return docs

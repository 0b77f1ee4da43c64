"""The peer of the benchmark: check-jsonschema validating the same files against JSON Schemas.

The schemas are derived from claimkb's own pydantic models (``model_json_schema``): one for
source files (a source record, or a ``sources:`` list) and one for claims files (the sections
``source``, ``claims``, ``entities``, ``properties``, ``resolutions``; a claim's ``source``
is optional there, since a file-level ``source:`` supplies it). check-jsonschema checks
structure only - none of claimkb's references, values, quotes, conflicts or statuses.

    python bench/peer.py write-schemas DIR   # writes DIR/sources.json and DIR/claims.json
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def _record_schema(model: Any, defs: dict[str, Any]) -> dict[str, Any]:
    schema = copy.deepcopy(model.model_json_schema(ref_template="#/$defs/{model}"))
    defs.update(schema.pop("$defs", {}))
    return schema


def schemas() -> tuple[dict[str, Any], dict[str, Any]]:
    """(schema of a source file, schema of a claims file)."""
    from claimkb.model import Claim, Entity, Property, Resolution, Source

    source_defs: dict[str, Any] = {}
    source = _record_schema(Source, source_defs)
    sources_file = {
        "$schema": DRAFT,
        "title": "claimkb source file",
        "$defs": {**source_defs, "Source": source},
        "anyOf": [
            {"$ref": "#/$defs/Source"},
            {
                "type": "object",
                "properties": {"sources": {"type": "array", "items": {"$ref": "#/$defs/Source"}}},
                "required": ["sources"],
                "additionalProperties": False,
            },
        ],
    }
    defs: dict[str, Any] = {}
    claim = _record_schema(Claim, defs)
    claim["required"] = [name for name in claim.get("required", []) if name != "source"]
    records = {
        "Claim": claim,
        "Entity": _record_schema(Entity, defs),
        "Property": _record_schema(Property, defs),
        "Resolution": _record_schema(Resolution, defs),
    }
    claims_file = {
        "$schema": DRAFT,
        "title": "claimkb claims file",
        "$defs": {**defs, **records},
        "type": "object",
        "properties": {
            "source": claim["properties"]["source"],
            "claims": {"type": ["array", "null"], "items": {"$ref": "#/$defs/Claim"}},
            "entities": {"type": ["array", "null"], "items": {"$ref": "#/$defs/Entity"}},
            "properties": {"type": ["array", "null"], "items": {"$ref": "#/$defs/Property"}},
            "resolutions": {"type": ["array", "null"], "items": {"$ref": "#/$defs/Resolution"}},
        },
        "additionalProperties": False,
    }
    return sources_file, claims_file


def write_schemas(directory: Path) -> tuple[Path, Path]:
    directory.mkdir(parents=True, exist_ok=True)
    sources_file, claims_file = schemas()
    paths = directory / "sources.json", directory / "claims.json"
    for path, schema in zip(paths, (sources_file, claims_file), strict=True):
        path.write_text(json.dumps(schema, indent=2, ensure_ascii=False), "utf-8")
    return paths


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "write-schemas":
        sys.exit(__doc__)
    print(*write_schemas(Path(sys.argv[2])))

"""Building small knowledge bases with derived claims for tests, in a temporary folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

import claimkb
from claimkb.kb import KB

REGISTRY: dict[str, Any] = {
    "entities": [
        {"id": "kimi", "name": "Kimi K3.1 Pro", "kind": "model"},
        {"id": "opus", "name": "Claude Opus 5.5", "kind": "model"},
    ],
    "properties": [
        {"id": pid, "label": pid, "datatype": "quantity", "dimension": dim, "single_valued": True}
        for pid, dim in (
            ("total-parameters", "parameter"),
            ("active-parameters", "parameter"),
            ("weight-size", "byte"),
            ("card-memory", "byte"),
            ("cluster-memory", "byte"),
            ("server-count", "count"),
            ("cards-per-server", "count"),
            ("cards-needed", "count"),
            ("servers-needed", "count"),
            ("benchmark-score", "percent"),
            ("score-gap", "percentage-point"),
            ("score-change", "percent"),
        )
    ]
    + [{"id": "release-date", "label": "release date", "datatype": "date", "single_valued": True}],
    "constants": [
        {
            "id": "mxfp4",
            "value": "4.25 bit/parameter",
            "nominal": "4 bit/parameter",
            "citation": "OCP Microscaling Formats (MX) v1.0: 4-bit elements, one 8-bit scale "
            "per 32-element block",
        },
        {"id": "fp8", "value": "1 byte/parameter"},
        {"id": "bf16", "value": "2 bytes/parameter"},
    ],
}


def claim(
    claim_id: str,
    prop: str,
    value: str,
    expr: str | None = None,
    *,
    subject: str = "kimi",
    source: str = "news-a",
    status: str = "single-source",
    **extra: Any,
) -> dict[str, Any]:
    record: dict[str, Any] = {
        "id": claim_id,
        "subject": subject,
        "property": prop,
        "value": value,
        "quote": f"{claim_id} is {value}.",
        "status": status,
        "source": source,
    }
    if expr is not None:
        record["derived"] = {"expr": expr}
    record.update(extra)
    return record


def write_kb(
    root: Path,
    claims: list[dict[str, Any]],
    *,
    constants: list[dict[str, Any]] | None = None,
    resolutions: list[dict[str, Any]] | None = None,
) -> Path:
    (root / "claims").mkdir(parents=True, exist_ok=True)
    (root / "sources").mkdir(parents=True, exist_ok=True)
    for name in ("news-a", "news-b"):
        source = {
            "id": name,
            "title": f"{name} title",
            "publisher": f"{name} publisher",
            "date": "2026-11-06",
            "language": "en",
            "kind": "news",
        }
        _dump(root / "sources" / f"{name}.yaml", source)
    registry = dict(REGISTRY)
    if constants is not None:
        registry["constants"] = constants
    _dump(root / "claims" / "registry.yaml", registry)
    document: dict[str, Any] = {"claims": claims}
    if resolutions:
        document["resolutions"] = resolutions
    _dump(root / "claims" / "claims.yaml", document)
    return root


def load_kb(root: Path, claims: list[dict[str, Any]], **kwargs: Any) -> KB:
    return claimkb.load(write_kb(root, claims, **kwargs))


def _dump(path: Path, data: Any) -> None:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")

"""Writing a synthetic knowledge base as YAML files, in one of three layouts (see generate.py)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from synthetic import KB, Claim, Resolution, Source
from vocabulary import PROPERTIES, VERDICT, Prop

LAYOUTS = ("per-source", "100-per-file", "1000-per-file")

_PLAIN = re.compile(r"^[A-Za-z0-9\u4e00-\u9fff][^:#\"'\[\]{},&*!|>%@`]*$")
_NUMERIC = re.compile(r"^[0-9][0-9.,:_-]*$")
_RESERVED = re.compile(r"^(?:true|false|yes|no|null|on|off|y|n)$", re.I)


def scalar(value: object) -> str:
    """A YAML scalar a person would write: plain where that is unambiguous, else quoted."""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    if (
        _PLAIN.match(text)
        and not _RESERVED.match(text)
        and not _NUMERIC.match(text)
        and text == text.strip()
    ):
        return text
    return json.dumps(text, ensure_ascii=False)


def _flow(items: list[str]) -> str:
    return "[" + ", ".join(scalar(i) for i in items) + "]"


def _claim_yaml(claim: Claim, with_source: bool) -> str:
    lines = [
        f"  - id: {claim.id}",
        f"    subject: {scalar(claim.subject)}",
        f"    property: {claim.property}",
        f"    value: {scalar(claim.value)}",
    ]
    if with_source:
        lines.append(f"    source: {claim.source}")
    lines.append(f"    quote: {json.dumps(claim.quote, ensure_ascii=False)}")
    lines.append(f"    status: {claim.status}")
    if claim.qualifiers:
        inner = ", ".join(f"{k}: {scalar(v)}" for k, v in claim.qualifiers.items())
        lines.append(f"    qualifiers: {{{inner}}}")
    if claim.reviews:
        lines.append(f"    reviews: {_flow(claim.reviews)}")
    if claim.note:
        lines.append(f"    note: {scalar(claim.note)}")
    return "\n".join(lines) + "\n"


def _source_yaml(source: Source, indent: str, first: str) -> str:
    zh = source.language == "zh"
    title = f"{source.id} 报道模型发布" if zh else f"{source.id}: a model launch in numbers"
    publisher = "示例新闻网" if zh else "Example Tech News"
    fields = [
        ("id", source.id),
        ("title", json.dumps(title, ensure_ascii=False)),
        ("publisher", scalar(publisher)),
        ("url", f"https://news.example/{source.id}"),
        ("date", f'"2026-11-{source.day:02d}"'),
        ("language", source.language),
        ("kind", source.kind),
    ]
    if source.snapshot:
        fields.append(("snapshot", source.snapshot))
    if source.cites:
        fields.append(("cites", _flow(source.cites)))
    out = []
    for index, (key, value) in enumerate(fields):
        out.append(f"{first if index == 0 else indent}{key}: {value}")
    return "\n".join(out) + "\n"


def _entity_yaml(entity: dict[str, object]) -> str:
    out = [f"  - id: {entity['id']}", f"    name: {scalar(entity['name'])}"]
    out.append(f"    kind: {entity['kind']}")
    out.append(f"    aliases: {_flow(entity['aliases'])}")  # type: ignore[arg-type]
    if "part_of" in entity:
        out.append(f"    part_of: {entity['part_of']}")
    return "\n".join(out) + "\n"


def _property_yaml(prop: Prop) -> str:
    out = [f"  - id: {prop.id}", f"    label: {prop.label}", f"    datatype: {prop.datatype}"]
    if prop.dimension:
        out.append(f"    dimension: {prop.dimension}")
    if prop.entity_kind:
        out.append(f"    entity_kind: {prop.entity_kind}")
    if prop.within:
        out.append(f"    within: {prop.within}")
    out.append(f"    single_valued: {'true' if prop.single_valued else 'false'}")
    return "\n".join(out) + "\n"


def _resolution_yaml(resolution: Resolution) -> str:
    return (
        f"  - id: {resolution.id}\n"
        f"    claims: {_flow(resolution.claims)}\n"
        f"    preferred: {resolution.preferred}\n"
        f"    kind: {resolution.kind}\n"
        f"    reason: {json.dumps(resolution.reason)}\n"
    )


def _write_chunks(
    directory: Path, section: str, rendered: list[str], size: int, digits: int
) -> None:
    """Records already rendered as YAML list items, ``size`` to a file named after the
    section and the file's number (``entities-000.yaml``)."""
    for start in range(0, len(rendered), size):
        text = f"{section}:\n" + "".join(rendered[start : start + size])
        (directory / f"{section}-{start // size:0{digits}d}.yaml").write_text(text, "utf-8")


def write(kb: KB, out: Path, layout: str) -> None:
    if out.exists():
        shutil.rmtree(out)
    (out / "sources").mkdir(parents=True)
    (out / "claims").mkdir()
    (out / "snapshots").mkdir()
    if layout == "1000-per-file":
        rendered = [_source_yaml(s, "    ", "  - ") for s in kb.sources]
        _write_chunks(out / "sources", "sources", rendered, 100, 4)
    else:
        for source in kb.sources:
            (out / "sources" / f"{source.id}.yaml").write_text(
                _source_yaml(source, "", ""), "utf-8"
            )
    registry = out / "claims" / "registry"
    registry.mkdir()
    _write_chunks(registry, "entities", [_entity_yaml(e) for e in kb.entities], 1000, 3)
    text = "properties:\n" + "".join(_property_yaml(p) for p in [*PROPERTIES, VERDICT])
    (registry / "properties.yaml").write_text(text, "utf-8")
    triage = out / "claims" / "triage"
    triage.mkdir()
    _write_chunks(triage, "resolutions", [_resolution_yaml(r) for r in kb.resolutions], 500, 3)
    _write_claims(kb, out / "claims", layout)
    _write_snapshots(kb, out / "snapshots")


def _write_claims(kb: KB, claims_dir: Path, layout: str) -> None:
    if layout == "per-source":
        by_source: dict[str, list[Claim]] = {}
        for claim in kb.claims:
            by_source.setdefault(claim.source, []).append(claim)
        for source_id, claims in by_source.items():
            text = f"source: {source_id}\nclaims:\n" + "".join(
                _claim_yaml(c, with_source=False) for c in claims
            )
            (claims_dir / f"{source_id}.yaml").write_text(text, "utf-8")
        return
    size = 100 if layout == "100-per-file" else 1000
    for start in range(0, len(kb.claims), size):
        chunk = kb.claims[start : start + size]
        folder = claims_dir / f"batch-{start // (size * 100):02d}"
        folder.mkdir(exist_ok=True)
        text = "claims:\n" + "".join(_claim_yaml(c, with_source=True) for c in chunk)
        (folder / f"claims-{start // size:05d}.yaml").write_text(text, "utf-8")


def _write_snapshots(kb: KB, snapshots: Path) -> None:
    quotes: dict[str, list[str]] = {}
    for claim in kb.claims:
        if claim.quote_in_snapshot:
            quotes.setdefault(claim.source, []).append(claim.quote)
        else:
            quotes.setdefault(claim.source, []).append(claim.quote.replace(" ", " reportedly ", 1))
    for source in kb.sources:
        if source.snapshot:
            body = "\n\n".join(quotes.get(source.id, []))
            (snapshots / source.snapshot).write_text(f"{source.id}\n\n{body}\n", "utf-8")

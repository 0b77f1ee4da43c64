"""``claimkb schema``: the JSON Schema editors use must accept what ``claimkb check`` accepts
and reject what it rejects as a schema error."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

import claimkb
from claimkb.schema import KINDS, attribute_docs, schema
from conftest import FIXTURES, Invoke

SCHEMA_CODES = {"CKB201", "CKB202", "CKB203", "CKB204"}


class Yaml12Loader(yaml.SafeLoader):
    """Reads YAML as yaml-language-server does (YAML 1.2 core schema): ``2026-11-06`` and
    ``no`` stay strings, ``2.8`` is a number."""


Yaml12Loader.yaml_implicit_resolvers = {}
for tag, pattern, first in (
    ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    (
        "float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        "-+0123456789.",
    ),
):
    Yaml12Loader.add_implicit_resolver(f"tag:yaml.org,2002:{tag}", re.compile(pattern), list(first))


def load12(text: str) -> Any:
    return yaml.load(text, Loader=Yaml12Loader)  # noqa: S506 - a SafeLoader subclass


@functools.cache
def validator(kind: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema(kind))


def kind_of(path: Path, root: Path) -> str:
    relative = path.relative_to(root).as_posix()
    if relative.startswith("sources/"):
        return "sources"
    return "registry" if path.name == "registry.yaml" else "claims"


def kb_files(root: Path) -> list[Path]:
    return sorted(p for d in ("claims", "sources") for p in (root / d).rglob("*.y*ml"))


@pytest.mark.parametrize("kind", KINDS)
def test_schema_is_valid_draft_2020_12(kind: str) -> None:
    document = schema(kind)
    assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(document)


VALID = sorted(p for p in (FIXTURES / "valid").iterdir() if p.is_dir())


@pytest.mark.parametrize("folder", VALID, ids=lambda p: p.name)
def test_valid_fixture_files_validate(folder: Path) -> None:
    for path in kb_files(folder):
        data = load12(path.read_text(encoding="utf-8"))
        for kind in (kind_of(path, folder), "all"):
            errors = [e.message for e in validator(kind).iter_errors(data)]
            assert errors == [], f"{path.relative_to(folder)} ({kind})"


def _schema_findings() -> list[tuple[Path, str]]:
    """(file, kind) of every invalid fixture file that has a schema finding."""
    found = []
    for folder in sorted(p for p in (FIXTURES / "invalid").iterdir() if p.is_dir()):
        expect = yaml.safe_load((folder / "expect.yaml").read_text(encoding="utf-8"))
        for code, file, *_ in expect.get("findings") or []:
            path = folder / file
            if code in SCHEMA_CODES and path.suffix in (".yaml", ".yml"):
                found.append((path, kind_of(path, folder)))
    return sorted(set(found))


@pytest.mark.parametrize(
    ("path", "kind"), _schema_findings(), ids=lambda x: getattr(x, "name", x) or ""
)
def test_invalid_fixture_files_fail(path: Path, kind: str) -> None:
    data = load12(path.read_text(encoding="utf-8"))
    assert not validator(kind).is_valid(data)


def claims_file(*lines: str, source: bool = True) -> str:
    """A claims file with one complete claim plus ``lines`` (YAML under the claim)."""
    head = "source: news-a\n" if source else ""
    body = [
        "id: a-1",
        "subject: Model X",
        "property: total-parameters",
        "quote: 'Model X has 104 billion.'",
        *lines,
    ]
    return head + "claims:\n  - " + "\n    ".join(body) + "\n"


def source_file(*lines: str) -> str:
    return "\n".join(("id: s", "title: T", "publisher: P", *lines)) + "\n"


OK = ("value: 104 billion", "status: verified")
CASES = {
    # name: (kind, file text, valid?)
    "claim": ("claims", claims_file(*OK), True),
    "number-as-written": ("claims", claims_file("value: 2.80", "status: verified"), True),
    "integer-value": ("claims", claims_file("value: 6", "status: verified"), True),
    "unknown-field": ("claims", claims_file(*OK, "vaule: 2"), False),
    "missing-value": ("claims", claims_file("status: verified"), False),
    "bad-status": ("claims", claims_file("value: 1", "status: true-ish"), False),
    "bad-id": ("claims", claims_file(*OK).replace("a-1", "a 1"), False),
    "no-source-anywhere": ("claims", claims_file(*OK, source=False), False),
    "own-source": ("claims", claims_file(*OK, "source: news-a", source=False), True),
    "qualifier": ("claims", claims_file(*OK, "qualifiers: {as_of: 2026-11}"), True),
    "bad-qualifier-key": ("claims", claims_file(*OK, "qualifiers: {as of: x}"), False),
    "list-as-value": ("claims", claims_file("value: [1, 2]", "status: verified"), False),
    "unknown-section": ("claims", "claim: []\n", False),
    "empty-sections": ("claims", "claims:\nentities:\n", True),
    "entity": (
        "registry",
        "entities:\n  - {id: x, name: X, kind: model, aliases: [埃克斯]}\n",
        True,
    ),
    "tolerance-too-big": (
        "registry",
        "properties:\n  - {id: p, label: P, datatype: quantity, tolerance: 2}\n",
        False,
    ),
    "bad-datatype": ("registry", "properties:\n  - {id: p, label: P, datatype: number}\n", False),
    "resolution-without-claims": (
        "claims",
        "resolutions:\n  - {id: r, claims: [], kind: rounding, reason: why}\n",
        False,
    ),
    "source": ("sources", source_file("date: 2026-11-06", "language: zh-Hans", "kind: news"), True),
    "source-list": (
        "sources",
        "sources:\n  - {id: s, title: T, publisher: P, language: en, kind: news}\n",
        True,
    ),
    "source-list-and-more": ("sources", "sources: []\nnote: x\n", False),
    "bad-language": ("sources", source_file("language: English", "kind: news"), False),
    "bad-kind": ("sources", source_file("language: en", "kind: blog"), False),
}


@pytest.mark.parametrize("name", CASES)
def test_schema_agrees_with_claimkb(name: str, tmp_path: Path) -> None:
    kind, text, valid = CASES[name]
    data = load12(text)
    assert validator(kind).is_valid(data) is valid
    assert validator("all").is_valid(data) is valid
    # claimkb itself reads the same text the same way
    (tmp_path / "claims").mkdir()
    (tmp_path / "sources").mkdir()
    folder = "sources" if kind == "sources" else "claims"
    (tmp_path / folder / "file.yaml").write_text(text, encoding="utf-8")
    found = {f.code for f in claimkb.load(tmp_path).load_findings} & SCHEMA_CODES
    assert (found == set()) is valid, found


def test_fields_carry_their_documentation() -> None:
    claim = schema("claims")["$defs"]["ClaimInFile"]["properties"]
    assert claim["qualifiers"]["description"] == (
        "Qualifiers (as_of, scope, version, configuration ...): claims that differ in any "
        "qualifier are not rivals."
    )
    assert (
        claim["quote"]["description"] == "The verbatim passage of the source that states the claim."
    )
    assert schema("claims")["$defs"]["Status"]["enum"][0] == "verified"
    assert attribute_docs(claimkb.model.Source)["cites"] == (
        "Sources this one relays. Relays of one announcement count as one piece of evidence."
    )


@pytest.mark.parametrize("kind", KINDS)
def test_cli_prints_the_schema(cli: Invoke, kind: str) -> None:
    result = cli("schema", "--kind", kind)
    assert result.exit_code == 0
    assert json.loads(result.stdout) == schema(kind)


def test_cli_default_is_all_and_output_writes_a_file(cli: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "claimkb.schema.json"
    result = cli("schema", "--output", target)
    assert (result.exit_code, result.stdout) == (0, "")
    assert json.loads(target.read_text(encoding="utf-8")) == schema("all")


def test_cli_unknown_kind_and_unwritable_output(cli: Invoke, tmp_path: Path) -> None:
    assert cli("schema", "--kind", "everything").exit_code == 2
    result = cli("schema", "--output", tmp_path / "missing" / "s.json")
    assert result.exit_code == 2
    assert result.stderr.startswith("claimkb: cannot write ")

"""The authoring commands in-process: registry listings, --dry-run diffs that write nothing,
--json answers, and usage errors (exit 2, a message, no traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import Invoke
from test_authoring_kb import corpus_copy, files, seeds


def test_registry_lists_properties_and_entities_filtered(cli: Invoke, tmp_path: Path) -> None:
    root = corpus_copy(tmp_path)
    rows = json.loads(cli("registry", "--kind", "place", "--root", root, "--json").stdout)
    assert [(r["id"], r["datatype"], r["single_valued"]) for r in rows] == [
        ("datacenter-location", "entity", False)
    ]
    rows = json.loads(
        cli("registry", "entities", "--text", "乌兰", "--root", root, "--json").stdout
    )
    assert [(r["id"], r["kind"], r["part_of"]) for r in rows] == [
        ("ulanqab", "place", "inner-mongolia"),
        ("ulaanbaatar", "place", "mongolia"),
    ]
    table = cli("registry", "--datatype", "date", "--root", root)
    assert table.exit_code == 0
    assert "weights-release-date" in table.stdout and "full weights released on" in table.stdout


USAGE = [
    (("registry", "claims"), "registry lists 'properties' or 'entities', not 'claims'"),
    (
        ("registry", "entities", "--datatype", "date"),
        "--datatype filters properties; entities have a --kind",
    ),
    (("status", "--apply"), "give either ID STATUS --reason TEXT, or --suggest [--apply]"),
    (
        ("status", "s000-total-params"),
        "give the new status: claimkb status ID STATUS --reason TEXT",
    ),
    (("add", "claim", "--qualifier", "as_of"), "--qualifier 'as_of': write it as NAME=VALUE"),
    (("reject", "seed-000-d1"), "draft not written:\n  --draft: no pending draft 'seed-000-d1'"),
]


@pytest.mark.parametrize(("args", "message"), USAGE)
def test_usage_errors_exit_2_with_a_message(
    cli: Invoke, tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    result = cli(*args, "--root", corpus_copy(tmp_path), "--snapshot-dir", seeds())
    assert result.exit_code == 2
    assert result.stderr == f"claimkb: {message}\n"


def test_dry_run_prints_the_diff_and_writes_nothing(cli: Invoke, tmp_path: Path) -> None:
    root = corpus_copy(tmp_path)
    old = files(root)
    result = cli(
        "add", "claim", "--subject", "Kimi K3.1 Pro", "--property", "developer",
        "--value", "Moonshot AI", "--quote", "the Kimi K3.1 Pro model from Moonshot AI",
        "--source", "seed-000", "--via", "ithome-alibaba", "--id", "s000-developer-again",
        "--root", root, "--snapshot-dir", seeds(), "--dry-run",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[:2] == [
        "--- a/claims/seed-000.yaml",
        "+++ b/claims/seed-000.yaml",
    ]
    assert [line for line in result.stdout.splitlines() if line.startswith("+ ")] == [
        "+  - id: s000-developer-again",
        "+    subject: Kimi K3.1 Pro",
        "+    property: developer",
        "+    value: Moonshot AI",
        '+    quote: "the Kimi K3.1 Pro model from Moonshot AI"',
        "+    via: [ithome-alibaba]",
        "+    status: verified",
    ]
    assert result.stderr.startswith("claimkb: --dry-run: added claim 's000-developer-again'")
    assert files(root) == old


def test_a_write_answers_in_json(cli: Invoke, tmp_path: Path) -> None:
    root = corpus_copy(tmp_path)
    result = cli("alias", "moonshot-ai", "Moonshot Inc", "--root", root, "--json")
    assert json.loads(result.stdout) == {
        "written": True,
        "summary": "added alias 'Moonshot Inc' to entity 'moonshot-ai' in claims/registry.yaml",
        "files": ["claims/registry.yaml"],
        "notes": [],
        "entity": "moonshot-ai",
        "alias": "Moonshot Inc",
    }
    refused = cli("alias", "moonshot-ai", "Moonshot Inc", "--root", root, "--json")
    assert refused.exit_code == 2
    assert json.loads(refused.stdout) == {
        "written": False,
        "problems": [
            {
                "field": "name",
                "message": "'Moonshot Inc' already names 'moonshot-ai'",
                "candidates": [],
            }
        ],
    }


def test_a_file_that_does_not_parse_is_never_rewritten(cli: Invoke, tmp_path: Path) -> None:
    root = corpus_copy(tmp_path)
    registry = root / "claims" / "registry.yaml"
    broken = registry.read_text("utf-8").replace("  - id: nvidia\n", "  - id: nvidia\n    id: x\n")
    registry.write_text(broken, "utf-8")
    result = cli("add", "entity", "--id", "acme", "--name", "Acme", "--kind", "organisation",
                 "--root", root, "--new-kind")  # fmt: skip
    assert result.exit_code == 2
    assert result.stderr.startswith("claimkb: claims/registry.yaml:43: key 'id' appears twice")
    assert result.stderr.endswith(
        "claimkb does not rewrite a file that does not parse - fix it first (claimkb check "
        "shows the problem)\n"
    )
    assert registry.read_text("utf-8") == broken

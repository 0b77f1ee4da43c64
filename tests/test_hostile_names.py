"""File names a KB (or a careless caller) can hold never crash a renderer or an exporter: a
name that is not UTF-8 is shown as ``\\xe9`` in every format, and a root whose name is too long
is a usage error, never ``claimkb: internal error``."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import sys
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from conftest import FIXTURES, Invoke

BASE = FIXTURES / "broken" / "_base"
SHOWN = "claims/caf\\xe9.yaml"
"""How every format shows claims/caf<0xE9>.yaml (Latin-1 bytes, not UTF-8)."""

pytestmark = pytest.mark.skipif(
    sys.platform in ("darwin", "win32"), reason="the file system must accept non-UTF-8 names"
)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    kb = tmp_path / "kb"
    shutil.copytree(BASE, kb)
    name = os.fsencode(kb / "claims") + b"/caf\xe9.yaml"
    with open(name, "wb") as handle:
        handle.write(
            b"source: news-a\nclaims:\n  - id: b\n    subject: Model X\n"
            b"    property: total-parameters\n    value: 105 billion\n"
            b'    quote: "Model X has 105 billion parameters."\n    status: verified\n'
        )
    return kb


def _run(cli: Invoke, *args: str | Path) -> str:
    """stdout of a run, twice (the second through the cache), strictly UTF-8."""
    outputs = []
    for _ in range(2):
        result = cli(*args)
        assert "internal error" not in result.stderr
        assert result.exit_code in (0, 1), result.stderr
        outputs.append(result.stdout_bytes.decode("utf-8"))
    assert outputs[0] == outputs[1] or "timestamp" in outputs[0]
    return outputs[0]


def test_text(root: Path, cli: Invoke) -> None:
    out = _run(cli, "check", "--root", root)
    assert out.startswith(f"{SHOWN}:8: error CKB501 status-unsupported: ")


def test_json(root: Path, cli: Invoke) -> None:
    report = json.loads(_run(cli, "check", "--root", root, "--format", "json"))
    assert [f["file"] for f in report["findings"]] == [SHOWN]


def test_github(root: Path, cli: Invoke) -> None:
    out = _run(cli, "check", "--root", root, "--format", "github")
    assert out.startswith("::error file=claims/caf\\xe9.yaml,line=8,title=CKB501 ")


def test_sarif_uri_is_the_files_own_bytes(root: Path, cli: Invoke) -> None:
    sarif = json.loads(_run(cli, "check", "--root", root, "--format", "sarif"))
    (result,) = sarif["runs"][0]["results"]
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "claims/caf%E9.yaml", "uriBaseId": "KBROOT"}


def test_junit(root: Path, cli: Invoke) -> None:
    out = _run(cli, "check", "--root", root, "--format", "junit")
    (failure,) = ET.fromstring(out).iter("failure")
    assert (failure.text or "").startswith(f"{SHOWN}:8: error CKB501")


def test_csv(root: Path, cli: Invoke) -> None:
    out = _run(cli, "export", "--root", root, "--format", "csv")
    assert f",{SHOWN},3\r\n" in out


def test_claimreview(root: Path, cli: Invoke) -> None:
    graph = json.loads(_run(cli, "export", "--root", root, "--format", "claimreview"))["@graph"]
    assert [review["identifier"] for review in graph] == ["b"]


def test_sqlite(root: Path, cli: Invoke, tmp_path: Path) -> None:
    database = tmp_path / "kb.db"
    _run(cli, "export", "--root", root, "--format", "sqlite", "--output", database)
    with sqlite3.connect(database) as connection:
        files = connection.execute("SELECT file FROM claims ORDER BY id").fetchall()
        findings = connection.execute("SELECT file FROM findings").fetchall()
    assert files == [("claims/news-a.yaml",), (SHOWN,)]
    assert findings == [(SHOWN,)]


def test_queries(root: Path, cli: Invoke) -> None:
    assert json.loads(_run(cli, "show", "b", "--root", root, "--json"))["claim"]["file"] == SHOWN
    assert "b" in _run(cli, "claims", "--root", root)


@pytest.mark.parametrize("command", [("check",), ("claims",), ("export", "--format", "csv")])
@pytest.mark.parametrize("where", ["relative", "inside"])
def test_a_root_name_too_long_is_a_usage_error(
    command: tuple[str, ...], where: str, tmp_path: Path, cli: Invoke
) -> None:
    name = "a" * 300
    root = Path(name) if where == "relative" else BASE / name
    result = cli(*command, "--root", root, cwd=tmp_path)
    assert result.exit_code == 2
    assert result.stderr == f"claimkb: {root}: cannot be used as a KB root: File name too long\n"


def test_a_root_beyond_the_path_length_limit_is_a_usage_error(tmp_path: Path, cli: Invoke) -> None:
    previous = Path.cwd()
    os.chdir(tmp_path)
    try:
        for _ in range(20):  # 20 x 251 characters: beyond PATH_MAX (4096)
            os.mkdir("d" * 250)
            os.chdir("d" * 250)
        os.mkdir("claims")
        os.mkdir("sources")
        result = cli("check", "--root", ".")
    finally:
        os.chdir(previous)
    assert result.exit_code == 2
    assert result.stderr == "claimkb: .: cannot be used as a KB root: File name too long\n"

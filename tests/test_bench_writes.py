"""bench/writes.py on a small generated KB: the writes it times happen, on its copy only."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

PROJECT = Path(__file__).resolve().parent.parent


@pytest.fixture
def bench(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The benchmark's modules, writing under ``tmp_path`` instead of ``bench/out``."""
    monkeypatch.syspath_prepend(str(PROJECT / "bench"))
    import run  # type: ignore[import-not-found]
    import writes  # type: ignore[import-not-found]

    monkeypatch.setattr(run, "OUT", tmp_path)
    monkeypatch.setattr(writes, "OUT", tmp_path)
    return writes


def test_the_writes_change_the_copy_and_leave_the_generated_kb(bench: Any, tmp_path: Path) -> None:
    if not (Path(sys.executable).parent / "claimkb").exists():
        pytest.skip("claimkb is not installed beside this interpreter")
    result = bench.bench(100, "100-per-file", 2, bench.environment())
    assert result["claims"] == 100
    assert sorted(result["results"]) == sorted(
        ["floor", "status", "add claim", "alias", "check after"]
    )
    assert all(len(r["runs_s"]) == 2 for r in result["results"].values())

    copy, generated = tmp_path / "writes-100-100-per-file", tmp_path / "kb-100-100-per-file"
    written = "".join(p.read_text("utf-8") for p in sorted(copy.rglob("*.yaml")))
    assert "id: bench-write-1\n" in written and "id: bench-write-2\n" in written
    assert "Bench alias 1" in written and "Bench alias 2" in written
    assert "Status disputed: benchmark round 1. Status verified: benchmark round 2" in written
    untouched = "".join(p.read_text("utf-8") for p in sorted(generated.rglob("*.yaml")))
    assert "bench-write" not in untouched and "Bench alias" not in untouched

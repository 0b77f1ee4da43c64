"""Writes are atomic: a reader sees the old file or the new one, never a mixture, even when the
writer is killed mid-write; nothing it leaves behind is read as part of the KB."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

import claimkb
from claimkb.atomic import atomic_writer, write_atomic
from claimkb.files import discover
from conftest import FIXTURES, write_tree

OLD = "source: news-a\nclaims: []\n# the old file, complete\n"

SLOW_WRITER = """
import sys, time
from claimkb.atomic import atomic_writer
with atomic_writer(sys.argv[1]) as handle:
    handle.write("claims: [] # the new file, never finished\\n")
    handle.flush()
    print("writing", flush=True)
    while True:
        handle.write("# " + "x" * 4096 + "\\n")
        handle.flush()
        time.sleep(0.001)
"""

BIG_WRITER = """
import sys
from claimkb.atomic import write_atomic
write_atomic(sys.argv[1], sys.argv[2] * (20 * 1024 * 1024 // len(sys.argv[2])))
"""


def _kb(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    base = FIXTURES / "broken" / "_base"
    write_tree(root, {str(p.relative_to(base)): p.read_bytes() for p in base.rglob("*.yaml")})
    (root / "claims" / "out.yaml").write_text(OLD, encoding="utf-8")
    return root


def _spawn(script: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_writer_killed_mid_write_leaves_the_old_file_whole(tmp_path: Path) -> None:
    root = _kb(tmp_path)
    target = root / "claims" / "out.yaml"
    writer = _spawn(SLOW_WRITER, str(target))
    assert writer.stdout is not None
    assert writer.stdout.readline() == "writing\n"  # the new content is half written now
    writer.send_signal(signal.SIGKILL)
    writer.communicate(timeout=30)
    assert writer.returncode == -signal.SIGKILL

    assert target.read_text(encoding="utf-8") == OLD
    leftovers = sorted(p.name for p in target.parent.iterdir() if p.name.endswith(".tmp"))
    assert len(leftovers) == 1 and leftovers[0].startswith(".out.yaml.")
    # the half-written temporary file is hidden and not a .yaml file: the KB never reads it
    assert [p.name for p in discover(root, "claims")] == [
        "news-a.yaml",
        "out.yaml",
        "registry.yaml",
    ]
    assert claimkb.check(root).open_findings == []


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("delay", [0.0, 0.02, 0.05, 0.1, 0.2, 0.4])
def test_killing_a_large_write_at_any_moment_gives_old_or_new(tmp_path: Path, delay: float) -> None:
    target = tmp_path / "report.json"
    target.write_text(OLD, encoding="utf-8")
    unit = "new-content-"
    writer = _spawn(BIG_WRITER, str(target), unit)
    time.sleep(delay)
    writer.send_signal(signal.SIGKILL)
    writer.communicate(timeout=60)
    content = target.read_text(encoding="utf-8")
    new = unit * (20 * 1024 * 1024 // len(unit))
    assert content == OLD or content == new
    for leftover in tmp_path.iterdir():
        assert leftover == target or (
            leftover.name.startswith(".report.json.") and leftover.name.endswith(".tmp")
        )


def test_a_completed_write_replaces_the_file_and_leaves_nothing(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_text(OLD, encoding="utf-8")
    target.chmod(0o640)
    write_atomic(target, "new\n")
    assert target.read_text(encoding="utf-8") == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # the original's permissions are kept
    write_atomic(target, b"\x00binary")
    assert target.read_bytes() == b"\x00binary"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]


def test_a_new_file_gets_the_umask_permissions(tmp_path: Path) -> None:
    umask = os.umask(0o022)
    try:
        write_atomic(tmp_path / "fresh.txt", "x")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "fresh.txt").stat().st_mode) == 0o644


def test_a_failed_write_leaves_the_original_untouched_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_text(OLD, encoding="utf-8")
    with pytest.raises(RuntimeError, match="disk full"), atomic_writer(target) as handle:
        handle.write("half of the new")
        raise RuntimeError("disk full")
    assert target.read_text(encoding="utf-8") == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]


def test_writing_into_a_missing_directory_fails_without_creating_anything(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        write_atomic(tmp_path / "missing" / "report.json", "x")
    assert list(tmp_path.iterdir()) == []

"""A cache file replaced by something that is not a regular file (a FIFO would block a read
forever) is a cache miss: the check answers, in time, exactly as without the cache."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from claimkb.cache.disk import read, read_regular
from conftest import CLI, FIXTURES, Invoke

BASE = FIXTURES / "broken" / "_base"
SUMMARY = (
    "3 files, 1 source, 1 claim: 0 errors, 0 warnings, 0 info, 0 triaged; "
    "1 quote not checked against a snapshot\n"
)


def _claimkb(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """claimkb in a child process, so that a hang is a failed test, not a stuck suite."""
    return subprocess.run(
        [sys.executable, "-c", CLI, *map(str, args)],
        capture_output=True,
        text=True,
        timeout=20,
        check=False,
    )


@pytest.mark.parametrize(
    "name, command",
    [
        ("report", "check"),
        ("index", "check"),
        ("pack", "check"),  # a file's part, read when there is no report to reuse
        ("queries", "claims"),
    ],
)
def test_a_cache_file_replaced_by_a_fifo_is_a_miss(
    name: str, command: str, cli: Invoke, _private_cache: Path
) -> None:
    for warm in ("check", "claims"):
        assert cli(warm, "--root", BASE).exit_code == 0
    (directory,) = _private_cache.iterdir()
    if name == "pack":
        (directory / "report").unlink()
        (target,) = directory.glob("pack-*")
    else:
        target = directory / name
    target.unlink()
    os.mkfifo(target)
    done = _claimkb(command, "--root", BASE)
    assert done.returncode == 0, done.stderr
    if command == "check":
        assert done.stdout == SUMMARY
    else:
        assert "a-params" in done.stdout


def test_reading_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert read_regular(fifo) is None and read(fifo) is None
    assert read_regular(tmp_path) is None  # a directory
    assert read_regular(tmp_path / "missing") is None
    if os.path.exists("/dev/zero"):
        assert read_regular(Path("/dev/zero")) is None  # would never end
    (tmp_path / "file").write_bytes(b"data")
    assert read_regular(tmp_path / "file") == b"data"

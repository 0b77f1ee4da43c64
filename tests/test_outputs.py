"""``--output`` knows what it writes to: a regular file or a new path is replaced atomically; a
device, a named pipe or an open descriptor is written as a stream and stays what it was; a
directory is a usage error. Every command with ``--output`` goes through one mechanism."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from claimkb.output import OutputError, output_file, write_output
from conftest import CLI, FIXTURES, Invoke

BASE = FIXTURES / "broken" / "_base"

COMMANDS = [
    ("check", "--format", "json"),
    ("check",),
    ("export", "--format", "csv"),
    ("export", "--format", "claimreview"),
    ("export", "--format", "sqlite"),
    ("schema",),
]
"""Every command that takes ``--output`` (the text report is written through it too)."""


def _args(command: tuple[str, ...], output: Path | str) -> list[str | Path]:
    root: list[str | Path] = [] if command[0] == "schema" else ["--root", BASE]
    return [*command, *root, "--output", output]


def _read_fifo(fifo: Path, into: list[bytes]) -> threading.Thread:
    def read() -> None:
        with open(fifo, "rb") as handle:  # blocks until the writer opens it
            into.append(handle.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return reader


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_a_named_pipe_is_written_as_a_stream_and_stays_a_pipe(
    command: tuple[str, ...], tmp_path: Path, cli: Invoke
) -> None:
    fifo = tmp_path / "report"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = _read_fifo(fifo, received)
    result = cli(*_args(command, fifo))
    reader.join(timeout=20)
    assert result.exit_code == 0, result.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert len(received) == 1 and received[0]
    if command[:3] == ("check", "--format", "json"):
        assert json.loads(received[0])["summary"]["error"] == 0
    if command[-1] == "sqlite":
        assert received[0].startswith(b"SQLite format 3\0")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report"]  # no temporary left


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_a_link_to_a_device_is_written_through_and_stays_a_link(
    command: tuple[str, ...], tmp_path: Path, cli: Invoke
) -> None:
    link = tmp_path / "sink"
    link.symlink_to(os.devnull)
    result = cli(*_args(command, link))
    assert result.exit_code == 0, result.stderr
    assert os.readlink(link) == os.devnull
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sink"]


def _restore_devnull() -> None:
    """If a broken build replaced the system's /dev/null, put the device back (as root)."""
    if not stat.S_ISCHR(os.lstat(os.devnull).st_mode):
        os.unlink(os.devnull)
        os.mknod(os.devnull, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        os.chmod(os.devnull, 0o666)


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="needs /dev/null")
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_dev_null_itself_stays_a_character_device(command: tuple[str, ...], cli: Invoke) -> None:
    before = os.lstat(os.devnull)
    try:
        result = cli(*_args(command, os.devnull))
        after = os.lstat(os.devnull)
    finally:
        _restore_devnull()
    assert result.exit_code == 0, result.stderr
    assert stat.S_ISCHR(after.st_mode)
    assert (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)


def test_a_character_device_inside_a_directory_is_not_replaced(tmp_path: Path, cli: Invoke) -> None:
    device = tmp_path / "dev" / "null"
    device.parent.mkdir()
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, AttributeError):
        pytest.skip("creating a device node needs root (CAP_MKNOD)")
    result = cli("check", "--root", BASE, "--format", "json", "--output", device)
    assert result.exit_code == 0, result.stderr
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    assert os.listdir(device.parent) == ["null"]


def _claimkb(*args: str | Path, stdout: int | object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-c", CLI, *map(str, args)],
        stdout=stdout,  # type: ignore[arg-type]
        stderr=subprocess.PIPE,
        timeout=60,
        check=False,
        env={**os.environ, "CLAIMKB_NO_CACHE": "1"},
    )


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc")
def test_a_link_to_proc_self_fd_1_writes_to_standard_output(tmp_path: Path) -> None:
    link = tmp_path / "out"
    link.symlink_to("/proc/self/fd/1")
    done = _claimkb("check", "--root", BASE, "-f", "json", "-o", link, stdout=subprocess.PIPE)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["summary"]["error"] == 0
    assert os.readlink(link) == "/proc/self/fd/1"


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc")
@pytest.mark.parametrize("name", ["/dev/stdout", "link"])
def test_a_descriptor_open_on_a_log_is_appended_to_not_replaced(tmp_path: Path, name: str) -> None:
    log = tmp_path / "ci.log"
    log.write_text("earlier steps\n", encoding="utf-8")
    target = Path(name) if name.startswith("/") else tmp_path / name
    if not name.startswith("/"):
        target.symlink_to("/proc/self/fd/1")
    original = os.readlink(target) if target.is_symlink() else None
    try:
        with log.open("ab") as handle:  # a shell's >> ci.log
            done = _claimkb("check", "--root", BASE, "-o", target, stdout=handle)
    finally:
        if original is not None and not target.is_symlink():  # a broken build replaced it
            target.unlink()
            target.symlink_to(original)
    assert done.returncode == 0, done.stderr
    assert log.read_text(encoding="utf-8") == (
        "earlier steps\n3 files, 1 source, 1 claim: 0 errors, 0 warnings, 0 info, 0 triaged; "
        "1 quote not checked against a snapshot\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == (
        ["ci.log"] if name.startswith("/") else ["ci.log", "link"]
    )
    assert target.is_symlink()


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_a_directory_is_a_usage_error_and_is_left_alone(
    command: tuple[str, ...], tmp_path: Path, cli: Invoke
) -> None:
    result = cli(*_args(command, tmp_path))
    assert result.exit_code == 2
    assert result.stderr == (
        f"claimkb: cannot write {tmp_path}: it is a directory; name a file in it "
        "(or - for standard output)\n"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_dash_is_standard_output(command: tuple[str, ...], tmp_path: Path, cli: Invoke) -> None:
    result = cli(*_args(command, "-"), cwd=tmp_path)
    assert result.exit_code == 0, result.stderr
    assert result.stdout_bytes
    assert list(tmp_path.iterdir()) == []  # no file named "-"


def test_a_regular_file_is_replaced_atomically_and_a_link_to_it_written_through(
    tmp_path: Path, cli: Invoke
) -> None:
    real = tmp_path / "real.json"
    real.write_text("old\n", encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(real.name)
    result = cli("check", "--root", BASE, "-f", "json", "-o", link)
    assert result.exit_code == 0, result.stderr
    assert link.is_symlink() and os.readlink(link) == "real.json"
    assert json.loads(real.read_text(encoding="utf-8"))["summary"]["claims"] == 1
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "real.json"]


def test_an_sqlite_export_through_a_link_writes_the_linked_database(
    tmp_path: Path, cli: Invoke
) -> None:
    real = tmp_path / "kb.db"
    real.write_bytes(b"not a database")
    (tmp_path / "link.db").symlink_to(real.name)
    result = cli("export", "--root", BASE, "-f", "sqlite", "-o", tmp_path / "link.db")
    assert result.exit_code == 0, result.stderr
    with sqlite3.connect(real) as connection:
        assert connection.execute("SELECT id FROM claims").fetchall() == [("a-params",)]
    assert (tmp_path / "link.db").is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kb.db", "link.db"]


def test_the_library_raises_its_own_error_type(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="it is a directory"):
        write_output(tmp_path, "x")
    with pytest.raises(OutputError, match="No such file or directory"):
        write_output(tmp_path / "missing" / "report.json", "x")
    with (
        pytest.raises(OutputError, match="No such file or directory"),
        output_file(tmp_path / "missing" / "kb.db"),
    ):
        pass
    assert list(tmp_path.iterdir()) == []

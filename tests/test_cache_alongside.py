"""The cache written on a second core beside the check (:mod:`claimkb.cache.alongside`) is
byte for byte the cache one process writes, on KBs of any subject; when the writing process
fails the check saves everything itself, and a part that cannot be stored leaves no report
in either way."""

from __future__ import annotations

import fcntl
import marshal
import os
import shutil
import subprocess
import sys
import termios
import threading
import time
from array import array
from pathlib import Path
from typing import Any

import pytest

from claimkb import api, ending, forking, jobs, shares, store
from claimkb.cache import (
    Cache,
    alongside,
    cache_dir,
    disk,
    packs,
    parts,
    query_index,
    shown,
)
from claimkb.cache.packs import Packs
from conftest import FIXTURES, PROJECT, SHARED

KBS = [
    FIXTURES / "valid" / "dates-other-subjects",
    FIXTURES / "valid" / "chinese-only",
    FIXTURES / "valid" / "derived",
    FIXTURES / "valid" / "every-datatype",
    FIXTURES / "invalid" / "conflict",
    FIXTURES / "invalid" / "everest-survey-dates",
    FIXTURES / "invalid" / "duplicate-id",
    FIXTURES / "invalid" / "yaml-syntax",
    FIXTURES / "invalid" / "unknown-field",
]


def _existing(paths: list[Path]) -> list[Path]:
    found = [p for p in paths if p.is_dir()]
    assert len(found) >= 3, "the fixture KBs this test names have moved"
    return found


def _copy(folder: Path, tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    shutil.copytree(folder, root, ignore=shutil.ignore_patterns("expect.yaml"))
    for path in root.rglob("*"):  # older than the racy window, as files usually are
        st = path.stat()
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns - 10_000_000_000))
    return root


def _files(directory: Path) -> dict[str, Any]:
    """What each file of a cache directory holds: the values it stores, for the framed ones
    (marshal's bytes for the same values depend on how many references each object had
    when it was written, which differs between processes), else its bytes."""
    found: dict[str, Any] = {}
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        name = path.relative_to(directory).as_posix()
        if path.name.startswith("pack-"):
            opened = packs._open(path)
            assert opened is not None, name
            payload, table = opened
            found[name] = {
                part: _settled(bytes(payload[start : start + size]))
                for part, (start, size) in table.items()
            }
        elif path.name.startswith("queries"):
            payload = disk.read_payload(path)
            found[name] = None if payload is None else _settled(bytes(payload))
        elif name.startswith("regex/"):  # which patterns a run meets depends on its hash
            found[name] = "patterns"  # seed (:data:`claimkb.regexcache.MAX_PATTERNS`)
        elif path.name == "index":  # whether a stat is trusted depends on the clock: not kept
            key, entries = disk.read(path)
            found[name] = (key, {rel: e[:3] + e[4:] for rel, e in entries.items()})
        else:
            stored = disk.read(path)
            found[name] = _settled(stored) if stored is not None else path.read_bytes()
    return found


def _settled(value: Any) -> Any:
    """``value`` with the marshal data stored in it (at any depth) as the values it holds,
    and the records' addresses the plain part names them by (:mod:`claimkb.cache.shown`:
    ``id()``, which differs from process to process) as their positions."""
    if isinstance(value, dict) and isinstance(value.get("addresses"), bytes):
        return _positions(value)
    if isinstance(value, bytes):
        try:
            return ("marshal", _settled(marshal.loads(value)))
        except (EOFError, ValueError, TypeError):
            return value
    if isinstance(value, dict):
        return {key: _settled(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_settled(item) for item in value)
    return value


def _check_into(root: Path, base: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, ...]:
    monkeypatch.setenv("CLAIMKB_CACHE_DIR", str(base))
    report = api.check(root, cache=True).to_dict()
    return report, _files(cache_dir(root))


def _checked_alone(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Path, tuple[Any, ...]]:
    """A copy of ``folder`` and what one process checking it reports and caches (under
    ``tmp_path / "alone"``); then a second process is let in again for what follows."""
    root = _copy(folder, tmp_path)
    monkeypatch.setattr(forking, "worth_it", lambda: False)
    alone = _check_into(root, tmp_path / "alone", monkeypatch)
    monkeypatch.setattr(forking, "worth_it", lambda: True)
    return root, alone


def _counting_parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files this process parses from now on."""
    parsed: list[str] = []
    original = store.read_part

    def counting(root: Path, config: Any, path: Path, section: str, text: str | None) -> Any:
        parsed.append(path.name)
        return original(root, config, path, section, text)

    monkeypatch.setattr(store, "read_part", counting)
    return parsed


def _positions(part: dict[str, Any]) -> dict[str, Any]:
    def numbers(data: bytes) -> list[int]:
        found = array(shown.ADDRESS)
        found.frombytes(data)
        return list(found)

    place = {address: at for at, address in enumerate(numbers(part["addresses"]))}
    settled = {}
    for key, item in part.items():
        wide = isinstance(item, bytes) and len(item) % array(shown.ADDRESS).itemsize == 0
        named = numbers(item) if wide and key != "addresses" else None
        if key == "addresses":
            settled[key] = len(place)
        elif named and all(address in place for address in named):
            settled[key] = [place[address] for address in named]
        else:
            settled[key] = _settled(item)
    return settled


def _after_the_readers_first(back: Any) -> Any:
    """``Shares.back`` taking its first batch only once the other process (the reader, the
    writer) has taken one (or one ended): on a KB of a few small files this process would
    otherwise often take them all first, and the tests could not see the other's used."""

    def waiting(self: shares.Shares) -> Any:
        if not getattr(self, "waited", False):
            self.waited = True
            deadline = time.monotonic() + 10
            while _tokens_left(self) >= self.tokens and not _a_child_ended():
                if time.monotonic() > deadline:
                    raise AssertionError("the reader took no file in 10 s")
                time.sleep(0.001)
        return back(self)

    return waiting


def _a_child_ended() -> bool:
    """Whether a process this one forked has ended (it is left to be waited for)."""
    try:
        return os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True


def _tokens_left(handed: shares.Shares) -> int:
    try:
        found = fcntl.ioctl(handed.fileno(), termios.FIONREAD, b"\0\0\0\0")
    except OSError:
        return 0
    return int.from_bytes(found, sys.byteorder)


@pytest.fixture
def two_processes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Let checks read half their files and write their cache in a second process, here
    too, whatever the KB's size; the processes started ("read", "write")."""
    started: list[str] = []

    def recording(kind: str, original: Any) -> Any:
        def recorded(*arguments: Any) -> Any:
            found = original(*arguments)
            if found is not None:
                started.append(kind)
            return found

        return recorded

    monkeypatch.setattr(ending, "_ONE_COMMAND", True)
    monkeypatch.setattr(forking, "worth_it", lambda: True)
    monkeypatch.setattr(shares.Shares, "back", _after_the_readers_first(shares.Shares.back))
    monkeypatch.setattr(alongside, "READ_APART_BYTES", 0)
    monkeypatch.setattr(alongside, "start", recording("write", alongside.start))
    monkeypatch.setattr(alongside, "read_apart", recording("read", alongside.read_apart))
    return started


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")
@pytest.mark.parametrize("folder", _existing(KBS), ids=lambda p: p.name)
def test_cache_written_alongside_is_the_cache_written_alone(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, two_processes: list[str]
) -> None:
    root, alone = _checked_alone(folder, tmp_path, monkeypatch)
    parsed = _counting_parses(monkeypatch)
    built: list[Any] = []
    original = query_index.build
    monkeypatch.setattr(
        query_index, "build", lambda kb, *leave: built.append(kb) or original(kb, *leave)
    )
    encoded: list[Any] = []
    encode = parts.encode_part
    monkeypatch.setattr(parts, "encode_part", lambda part: encoded.append(part) or encode(part))
    beside = _check_into(root, tmp_path / "beside", monkeypatch)
    assert two_processes == ["read", "write"]
    assert built == []  # the writer built the query index
    # the reader encoded its parts, and the writer and this process shared the others:
    # this one encoded none of the reader's, and none twice
    assert len(encoded) == len({id(part) for part in encoded}) <= len(parsed)
    files = len(alone[1]["index"][1])
    assert len(parsed) < files or files < 2  # the reader parsed some of them
    assert beside[0] == alone[0]
    assert beside[1].keys() == alone[1].keys()
    assert {"index", "report"} <= beside[1].keys()
    assert beside[1] == alone[1]
    # and the next run finds it all: the stored report, the question answered from the index
    assert api.check(root, cache=True).to_dict() == alone[0]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")
def test_a_failing_writer_leaves_the_check_to_write_the_query_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, two_processes: list[str]
) -> None:
    root, alone = _checked_alone(FIXTURES / "invalid" / "conflict", tmp_path, monkeypatch)

    def failing(self: Cache, kb: Any, key: str) -> None:
        raise OSError("no space left on device")

    monkeypatch.setattr(Cache, "save_queries_apart", failing)
    beside = _check_into(root, tmp_path / "beside", monkeypatch)
    assert two_processes == ["read", "write"]
    assert beside == alone


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")
def test_a_writer_failing_to_encode_leaves_the_check_to_encode_the_parts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, two_processes: list[str]
) -> None:
    root, alone = _checked_alone(FIXTURES / "invalid" / "conflict", tmp_path, monkeypatch)

    def failing(cache: Any, kb: Any, key: str, taken: Any, results: Any, *rest: Any) -> None:
        for _ in rest[-1].front() if rest[-1] is not None else ():  # takes all it can
            pass
        results.write(b"half a record")
        raise MemoryError

    monkeypatch.setattr(alongside, "_write", failing)
    # no reader: one quick enough to take every file would leave this process none to encode
    monkeypatch.setattr(alongside, "READ_APART_BYTES", 1 << 62)
    encoded: list[Any] = []
    encode = parts.encode_part
    monkeypatch.setattr(parts, "encode_part", lambda part: encoded.append(part) or encode(part))
    beside = _check_into(root, tmp_path / "beside", monkeypatch)
    assert two_processes == ["write"]
    assert encoded  # this process encoded what the writer did not give
    assert beside == alone


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")
@pytest.mark.parametrize("folder", _existing(KBS)[-4:], ids=lambda p: p.name)
def test_a_failing_reader_leaves_the_check_to_parse_everything(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, two_processes: list[str]
) -> None:
    root, alone = _checked_alone(folder, tmp_path, monkeypatch)

    def failing(results: Any, taken: list[Any], *_: Any) -> None:
        results.write(b"half a record")
        raise MemoryError

    monkeypatch.setattr(alongside, "_read_into", failing)
    parsed = _counting_parses(monkeypatch)
    beside = _check_into(root, tmp_path / "beside", monkeypatch)
    assert two_processes == ["read", "write"]
    assert beside == alone
    assert len(parsed) == len(list((root / "claims").rglob("*.yaml"))) + len(
        list((root / "sources").rglob("*.yaml"))
    )


@pytest.mark.parametrize("apart", [False, True], ids=["alone", "beside"])
def test_a_part_that_cannot_be_stored_leaves_no_report(
    apart: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, two_processes: list[str]
) -> None:
    if apart and not hasattr(os, "fork"):
        pytest.skip("no fork on this system")
    root = _copy(FIXTURES / "invalid" / "conflict", tmp_path)
    monkeypatch.setattr(forking, "worth_it", lambda: apart)
    original = parts.encode_part

    def refusing(part: Any) -> bytes | None:
        return None if part.rel.startswith("sources/") else original(part)

    monkeypatch.setattr(parts, "encode_part", refusing)
    report, stored = _check_into(root, tmp_path / "cache", monkeypatch)
    assert two_processes == (["read", "write"] if apart else [])
    assert "report" not in stored
    assert not any(name.startswith("queries") for name in stored)
    cache = Cache(root)
    claims_files = {rel for rel in cache.index if rel.startswith("claims/")}
    assert claims_files and not any(rel.startswith("sources/") for rel in cache.index)
    assert api.check(root, cache=True).to_dict() == report  # read again, the same


def test_one_process_where_a_second_cannot_pay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(jobs.VARIABLE, raising=False)
    monkeypatch.setattr(forking, "memory", lambda: (100, 1000))
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(jobs, "spare_cores", lambda: None)  # unknown: as if spare
    assert forking.worth_it() is hasattr(os, "fork")
    monkeypatch.setattr(jobs, "spare_cores", lambda: 0.9)
    assert forking.worth_it() is hasattr(os, "fork")
    monkeypatch.setattr(jobs, "spare_cores", lambda: 0.2)  # other work keeps the others busy
    assert not forking.worth_it()
    monkeypatch.setenv(jobs.VARIABLE, "2")  # asked for: whatever else runs
    assert forking.worth_it() is hasattr(os, "fork")
    monkeypatch.setattr(jobs, "spare_cores", lambda: None)
    monkeypatch.setenv(jobs.VARIABLE, "1")
    assert not forking.worth_it()
    monkeypatch.delenv(jobs.VARIABLE)
    monkeypatch.setattr(forking, "memory", lambda: (100, 150))  # no room for a copy
    assert not forking.worth_it()
    monkeypatch.setattr(forking, "memory", lambda: (100, 1000))
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0}, raising=False)
    assert not forking.worth_it()
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert not forking.worth_it()  # a lock another thread holds would stay held
    finally:
        stop.set()
        other.join()


def test_no_writer_for_a_process_past_its_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(jobs.VARIABLE, raising=False)
    monkeypatch.setattr(forking, "memory", lambda: (alongside.WRITER_MAX_RESIDENT, 0))
    assert alongside._writer_fits()
    monkeypatch.setattr(forking, "memory", lambda: (alongside.WRITER_MAX_RESIDENT + 1, 0))
    assert not alongside._writer_fits()
    monkeypatch.setenv(jobs.VARIABLE, "2")  # asked for whatever the size
    assert alongside._writer_fits()


def test_only_the_command_line_uses_a_second_core(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A library caller's process may hold threads or locks: its checks stay in it."""
    monkeypatch.setattr(forking, "worth_it", lambda: True)
    started: list[Any] = []
    monkeypatch.setattr(alongside, "start", lambda *a: started.append(a))
    root = _copy(FIXTURES / "invalid" / "conflict", tmp_path)
    _check_into(root, tmp_path / "cache", monkeypatch)
    assert started == []


def test_memory_is_read_from_the_system() -> None:
    resident, available = forking.memory()
    if not Path("/proc/self/statm").is_file():
        pytest.skip("no /proc on this system")
    assert resident is not None and resident > 1_000_000
    assert available is not None and available > 0


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")
def test_the_command_line_writes_the_same_cache_either_way(tmp_path: Path) -> None:
    """As a user runs it: the console script, with and without ``CLAIMKB_JOBS=1``."""
    root = _copy(FIXTURES / "valid" / "dates-other-subjects", tmp_path)
    outputs = []
    for setting, base in (("1", "alone"), ("", "beside")):
        env = dict(os.environ, CLAIMKB_CACHE_DIR=str(tmp_path / base), CLAIMKB_JOBS=setting)
        env["COLUMNS"] = "100"
        run = subprocess.run(
            [sys.executable, "-c", "from claimkb.cli import main; main()", "check"],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        outputs.append((run.returncode, run.stdout, run.stderr))
        directory = tmp_path / base
        written = {p.relative_to(directory).as_posix() for p in directory.rglob("*")}
        assert any(name.endswith("/report") for name in written), run.stderr
    assert outputs[0] == outputs[1]
    assert _files(tmp_path / "alone") == _files(tmp_path / "beside")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")
def test_the_corpus_is_checked_alike_with_a_second_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, two_processes: list[str]
) -> None:
    """The bundled KB, with its snapshots: every finding and triage the same."""
    seeds = SHARED / "seeds"
    if not seeds.is_dir():
        pytest.skip("the seed articles are not beside the project")
    reports = []
    for apart, base in ((False, "alone"), (True, "beside")):
        monkeypatch.setattr(forking, "worth_it", lambda apart=apart: apart)
        monkeypatch.setenv("CLAIMKB_CACHE_DIR", str(tmp_path / base))
        reports.append(api.check(PROJECT, cache=True, snapshot_dirs=[seeds]).to_dict())
        assert (cache_dir(PROJECT) / "report").is_file()
    assert two_processes == ["read", "write"]
    assert reports[1] == reports[0]
    assert reports[0]["summary"]["error"] == 0 and reports[0]["summary"]["triaged"] == 44


def test_the_command_line_says_it_runs_one_command() -> None:
    """So that its checks may use a second core (a library caller's process never does)."""
    script = (
        "import claimkb.cli as cli, claimkb.ending as ending\n"
        "print(ending.one_command())\n"
        "cli._run = lambda: print(ending.one_command()) or 0\n"
        "cli.main()\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert (run.returncode, run.stdout) == (0, "False\nTrue\n"), run.stderr


@pytest.mark.parametrize("apart", [False, True], ids=["alone", "beside"])
def test_a_check_writes_its_packs_once(
    apart: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, two_processes: list[str]
) -> None:
    """The parts and the report are saved apart when a writer runs, but the packs (and the
    sweep of those a failed run left) are written once."""
    if apart and not hasattr(os, "fork"):
        pytest.skip("no fork on this system")
    root = _copy(FIXTURES / "invalid" / "conflict", tmp_path)
    monkeypatch.setattr(forking, "worth_it", lambda: apart)
    saved: list[int] = []
    original = Packs.save
    monkeypatch.setattr(
        Packs, "save", lambda self, *a: saved.append(len(a[0])) or original(self, *a)
    )
    _, stored = _check_into(root, tmp_path / "cache", monkeypatch)
    assert two_processes == (["read", "write"] if apart else [])
    assert len(saved) == 1 and saved[0] > 0
    assert "report" in stored


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")
def test_the_callers_work_is_done_before_the_writer_is_waited_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, two_processes: list[str]
) -> None:
    """``Workspace.report(meanwhile)`` hands the report over once, as soon as the checks
    made it: before the check waits for the writer (and saves the report)."""
    import claimkb

    root = _copy(FIXTURES / "invalid" / "conflict", tmp_path)
    events: list[str] = []
    finish = alongside.Writer.finish
    monkeypatch.setattr(alongside.Writer, "finish", lambda w: events.append("wait") or finish(w))
    workspace = claimkb.open(root, cache=True)
    report = workspace.report(lambda r: events.append(f"meanwhile {len(r.findings)}"))
    assert two_processes == ["read", "write"]
    assert events == [f"meanwhile {len(report.findings)}", "wait"]
    # the stored report, and a check without the cache: handed over once too
    for cache in (True, False):
        given: list[Any] = []
        again = claimkb.open(root, cache=cache).report(given.append)
        assert [r.to_dict() for r in given] == [again.to_dict()] == [report.to_dict()]

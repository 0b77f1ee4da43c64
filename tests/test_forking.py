"""Work shared with a forked process (:func:`claimkb.forking.map_shared`) gives what one
process gives, in order, whichever process did each item and whatever goes wrong in either;
and ``claimkb draft``, which shares learning from the KB's claims, its passages and the
rendering of its records that way, drafts and writes the same bytes with a second process as
without, on KBs of several subjects (heights, GPU specs, race times, population, votes,
revenue) and on a long article of the seed articles; and a table whose rows are wrapped that
way prints what rich prints."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import claimkb
from claimkb import ending, forking, shares
from claimkb.authoring import drafting, learning, yamledit
from claimkb.authoring.drafts import propose
from claimkb.render import plaintable
from claimkb.render.safe import markup as escape
from conftest import FIXTURES, PROJECT
from test_authoring_kb import seeds
from test_cache_alongside import _after_the_readers_first
from test_render_plaintable import _printed, _rich

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")

SUBJECTS = FIXTURES / "subjects"


@pytest.fixture
def forks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Share every piece of work with a forked process, here too, and let it take the first
    items before this process takes any; the pids of the processes forked (each collected
    at the end, so that no test after sees one of them ended)."""
    forked: list[int] = []
    original = forking.fork

    def recorded(work: Any) -> int | None:
        pid = original(work)
        if pid is not None:
            forked.append(pid)
        return pid

    monkeypatch.setattr(ending, "_ONE_COMMAND", True)
    monkeypatch.setattr(forking, "worth_it", lambda: True)
    monkeypatch.setattr(forking, "fork", recorded)
    monkeypatch.setattr(shares.Shares, "back", _after_the_readers_first(shares.Shares.back))
    yield forked
    for pid in forked:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)
    forking._ENDING.clear()


def _open_descriptors() -> set[str]:
    return set(os.listdir("/proc/self/fd")) if Path("/proc/self/fd").is_dir() else set()


def test_both_processes_work_and_the_results_come_in_order(forks: list[int]) -> None:
    here = os.getpid()

    def work(item: int) -> tuple[int, int]:
        time.sleep(0.001)  # long enough for the other process to take some too
        return item * item, os.getpid()

    found = forking.map_shared(work, 200)
    assert [value for value, _ in found] == [item * item for item in range(200)]
    assert len(forks) == 1
    workers = {pid for _, pid in found}
    assert workers == {here, forks[0]}  # each took some: the forked one from the front
    assert found[0][1] == forks[0] and found[-1][1] == here


def test_items_the_forked_process_failed_are_worked_out_here(forks: list[int]) -> None:
    here = os.getpid()

    def work(item: int) -> int:
        if os.getpid() != here and item == 3:
            raise RuntimeError("the forked process fails")
        return item + 1

    before = _open_descriptors()
    assert forking.map_shared(work, 50) == list(range(1, 51))
    assert len(forks) == 1
    assert _open_descriptors() == before


def test_results_that_cannot_be_handed_back_are_worked_out_here(forks: list[int]) -> None:
    here = os.getpid()
    found = forking.map_shared(lambda item: (lambda: item) if os.getpid() != here else item, 20)
    assert found == list(range(20))  # a lambda does not pickle: the forked process failed


@pytest.mark.parametrize("cut", [1, 2, 3], ids=["a byte", "half", "all but a byte"])
def test_results_handed_back_cut_short_are_worked_out_here(
    cut: int, forks: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A forked process stopped while handing back its results leaves a pickle cut short:
    none of it is used, and this process works out every item itself."""
    import pickle

    here = os.getpid()

    def front(work: Any, shared: Any, reading: int, writing: int) -> None:
        os.close(reading)
        done = {item: -1 for batch in shared.front() for item in batch}  # wrong if used
        whole = pickle.dumps(done, pickle.HIGHEST_PROTOCOL)
        os.write(writing, whole[: max(1, len(whole) * cut // 4 - (cut == 3))])
        os.close(writing)

    monkeypatch.setattr(forking, "_front", front)

    def work(item: int) -> int:
        time.sleep(0.001)  # the forked process takes some
        return item if os.getpid() == here else -1

    assert forking.map_shared(work, 60) == list(range(60))
    assert len(forks) == 1


def test_a_forked_process_is_collected_without_waiting_for_it(forks: list[int]) -> None:
    """Once it has handed back its work, its ending is not waited for; it is collected when
    the next forked process hands its work back."""
    forking.map_shared(lambda item: item, 20)
    first = forks[0]
    for _ in range(500):  # until it has ended (a zombie, not yet collected), 5 s at most
        if _state(first) in ("Z", None):
            break
        time.sleep(0.01)
    forking.map_shared(lambda item: item, 20)
    assert _state(first) is None  # collected
    with pytest.raises(ChildProcessError):
        os.waitpid(first, os.WNOHANG)


def _state(pid: int) -> str | None:
    """A process's state letter (``Z``: ended, not yet collected), None when there is none."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[0]


def test_a_failure_here_is_raised_and_leaves_nothing_behind(forks: list[int]) -> None:
    here = os.getpid()

    def work(item: int) -> int:
        if os.getpid() == here:
            raise ValueError(f"item {item}")
        time.sleep(0.001)  # the forked process leaves some to this one
        return item

    before = _open_descriptors()
    with pytest.raises(ValueError, match="item"):
        forking.map_shared(work, 50)
    assert _open_descriptors() == before
    with pytest.raises(ChildProcessError):
        os.waitpid(forks[0], os.WNOHANG)  # waited for


@pytest.mark.parametrize("why", ["small", "library", "not worth it"])
def test_no_second_process_where_it_may_not_pay(
    why: str, forks: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    if why == "library":
        monkeypatch.setattr(ending, "_ONE_COMMAND", False)
    if why == "not worth it":
        monkeypatch.setattr(forking, "worth_it", lambda: False)
    found = forking.map_shared(lambda item: os.getpid(), 10, apart=why != "small")
    assert found == [os.getpid()] * 10
    assert forks == []
    assert forking.map_shared(lambda item: item, 1) == [0]
    assert forking.map_shared(lambda item: item, 0) == []


def kb_claims(root: Path) -> list[str]:
    return list(claimkb.load(root).claims)


def _sources(root: Path) -> list[str]:
    kb = claimkb.load(root)
    return [source.id for source in kb.sources.values() if source.snapshot]


def _drafted(root: Path, source: str, snapshot_dirs: list[Path] | None = None) -> Any:
    kb = claimkb.load(root, snapshot_dirs=snapshot_dirs)
    change = propose(kb, source)
    return list(change.data["drafts"]), [edit.text for edit in change.edits]


@pytest.mark.parametrize("subject", sorted(p.name for p in SUBJECTS.iterdir() if p.is_dir()))
def test_drafts_are_the_same_with_a_second_process(
    subject: str, forks: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = SUBJECTS / subject
    sources = _sources(root)
    with monkeypatch.context() as alone:
        alone.setattr(forking, "worth_it", lambda: False)
        expected = [_drafted(root, source) for source in sources]
    assert any(drafts for drafts, _ in expected)
    monkeypatch.setattr(learning, "APART", 0)
    monkeypatch.setattr(drafting, "APART", 0)
    monkeypatch.setattr(yamledit, "RENDER_APART", 0)
    assert [_drafted(root, source) for source in sources] == expected
    assert forks  # the second process was used


def test_a_long_article_is_drafted_the_same_with_a_second_process(
    tmp_path: Path, forks: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seed articles one after another, twice: long enough for both thresholds."""
    folder = tmp_path / "snapshots"
    folder.mkdir()
    texts = [p.read_text("utf-8") for p in sorted(seeds().glob("*.txt"))]
    snapshot = claimkb.load(PROJECT).sources["seed-001"].snapshot
    assert snapshot
    (folder / snapshot).write_text("\n\n".join(texts * 2), "utf-8")
    assert sum(len(text) for text in texts) * 2 > drafting.APART
    shared = _drafted(PROJECT, "seed-001", [folder])
    assert len(kb_claims(PROJECT)) >= learning.APART
    assert len(forks) == 3  # the KB's claims, the passages, then the records
    assert len(shared[0]) >= yamledit.RENDER_APART
    monkeypatch.setattr(forking, "worth_it", lambda: False)
    assert _drafted(PROJECT, "seed-001", [folder]) == shared


@pytest.mark.parametrize("colour", [False, True], ids=["plain", "colour"])
def test_a_table_wrapped_in_two_processes_prints_as_rich_prints_it(
    colour: bool, forks: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    kb = claimkb.load(PROJECT, snapshot_dirs=[seeds()])
    columns = ["draft", "subject", "property", "value", "quote", "line"]
    rows = [
        [escape(str(x)) for x in (d.id, d.subject, d.property, d.value, d.quote, d.line)]
        for d in drafting.draft(kb, "seed-001")
    ]
    monkeypatch.setattr(plaintable, "APART", 0)
    forks.clear()  # those of the drafting
    for width in (60, 100):
        expected = _printed(_rich("drafts", columns, rows), width, colour)
        assert _printed(plaintable.PlainTable("drafts", columns, rows), width, colour) == expected
    assert len(forks) == 2

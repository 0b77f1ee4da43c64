"""Work shared by two processes taking it from either end (:mod:`claimkb.shares`):
every item goes to exactly one of them, whatever their speeds, the number of items and the
size of the batches."""

from __future__ import annotations

import os
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimkb import shares
from claimkb.shares import Shares


def _taken_back(handed: Shares) -> list[int]:
    taken: list[int] = []
    while (batch := handed.back()) is not None:
        taken.extend(batch)
    return taken


@given(count=st.integers(1, 200), most=st.integers(1, 50))
def test_one_process_alone_takes_every_item_once_from_either_end(count: int, most: int) -> None:
    original = shares.MOST_TOKENS
    shares.MOST_TOKENS = most
    try:
        front, back = Shares.open(count), Shares.open(count)
    finally:
        shares.MOST_TOKENS = original
    assert front is not None and back is not None
    assert [i for batch in front.front() for i in batch] == list(range(count))
    assert not back.took_all()
    assert sorted(_taken_back(back)) == list(range(count))
    assert back.back() is None and back.took_all()
    assert [i for batch in shares.front_of(None, count) for i in batch] == list(range(count))
    assert front.tokens == back.tokens <= most


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")
@settings(max_examples=25, deadline=None)
@given(count=st.integers(1, 300), most=st.integers(1, 64), pause=st.sampled_from([0, 1e-4]))
def test_two_processes_share_every_item_exactly_once(count: int, most: int, pause: float) -> None:
    original = shares.MOST_TOKENS
    shares.MOST_TOKENS = most
    try:
        handed = Shares.open(count)
    finally:
        shares.MOST_TOKENS = original
    assert handed is not None
    reading, writing = os.pipe()
    pid = os.fork()
    if pid == 0:  # the reader: from the front, a little slower when paused
        os.close(reading)
        code = 0
        try:
            for batch in handed.front():
                time.sleep(pause)
                os.write(writing, b"".join(i.to_bytes(4, "little") for i in batch))
        except BaseException:  # noqa: BLE001 - reported by the exit code
            code = 1
        os._exit(code)
    os.close(writing)
    mine = _taken_back(handed)
    theirs_bytes = b""
    while chunk := os.read(reading, 65536):
        theirs_bytes += chunk
    os.close(reading)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    theirs = [
        int.from_bytes(theirs_bytes[i : i + 4], "little") for i in range(0, len(theirs_bytes), 4)
    ]
    assert sorted(mine + theirs) == list(range(count))  # each once, none left
    if theirs and mine:  # the reader's from the front, this one's from the back
        assert max(theirs) < min(mine)


def test_no_shares_where_the_pipe_holds_fewer_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    written = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: written(fd, data[: len(data) // 2]))
    assert Shares.open(10) is None


def test_nothing_to_share() -> None:
    assert Shares.open(0) is None


def test_tokens_given_up_are_the_other_processes() -> None:
    handed = Shares.open(5)
    assert handed is not None
    assert handed.back() == range(4, 5)
    handed.close()
    assert handed.back() is None
    assert list(handed.front()) == []

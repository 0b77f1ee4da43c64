"""Checks run beside the check (:mod:`claimkb.cache.beside`): the writer runs
:data:`claimkb.checks.BESIDE` first and hands their findings over; the check places them
where one process finds them, so the report and the cache are the ones one process makes;
findings not handed over in time, or not at all, are found by the check itself."""

from __future__ import annotations

import functools
import os
import select
from pathlib import Path
from typing import Any

import pytest

from claimkb import checks, store
from claimkb.cache import beside
from conftest import FIXTURES, PROJECT
from test_cache_alongside import KBS, _check_into, _checked_alone, _existing, two_processes

__all__ = ["two_processes"]  # the fixture, used by name

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The checks of :data:`claimkb.checks.BESIDE` this process runs from now on (the
    writer, a copy of it, counts its own)."""
    ran: list[str] = []

    def counting(check: Any) -> Any:
        @functools.wraps(check)
        def counted(kb: Any) -> Any:
            ran.append(check.__module__)
            return check(kb)

        return counted

    wrapped = {check: counting(check) for check in checks.BESIDE}
    monkeypatch.setattr(checks, "BESIDE", tuple(wrapped.values()))
    monkeypatch.setattr(checks, "CHECKS", tuple(wrapped.get(c, c) for c in checks.CHECKS))
    return ran


def _waiting_for_the_writer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check takes the writer's findings once they are there (it would not wait for
    them: on a KB this small its own checks are often done first)."""
    take = beside.FindingsBeside.take

    def waiting(self: beside.FindingsBeside) -> Any:
        if self._open:
            select.select([self._ready], [], [], 30)
        return take(self)

    monkeypatch.setattr(beside.FindingsBeside, "take", waiting)


@pytest.mark.parametrize("folder", _existing(KBS)[:5], ids=lambda p: p.name)
def test_the_findings_the_writer_hands_over_make_the_report_one_process_makes(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, two_processes: list[str]
) -> None:
    root, alone = _checked_alone(folder, tmp_path, monkeypatch)
    ran = _counted(monkeypatch)
    _waiting_for_the_writer(monkeypatch)
    together = _check_into(root, tmp_path / "beside", monkeypatch)
    assert two_processes[-1] == "write"
    assert ran == []  # the writer ran them all
    assert together == alone


def _silent(kb: Any, channel: beside.Channel) -> None:
    """A writer that fails before it hands anything over."""
    os.close(channel.done)
    raise MemoryError


def _broken(kb: Any, channel: beside.Channel) -> None:
    """A writer that says it handed the findings over, in a file it cut short."""
    channel.results.write(b"half a finding")
    channel.results.flush()
    os.write(channel.done, b"1")
    os.close(channel.done)


@pytest.mark.parametrize("failing", [_silent, _broken], ids=["silent", "broken"])
def test_findings_the_writer_does_not_hand_over_whole_are_found_here(
    failing: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, two_processes: list[str]
) -> None:
    root, alone = _checked_alone(FIXTURES / "invalid" / "conflict", tmp_path, monkeypatch)
    monkeypatch.setattr("claimkb.cache.alongside.hand_over", failing)
    _waiting_for_the_writer(monkeypatch)
    ran = _counted(monkeypatch)
    together = _check_into(root, tmp_path / "beside", monkeypatch)
    assert two_processes[-1] == "write"
    assert sorted(ran) == sorted(check.__module__ for check in checks.BESIDE)
    assert together == alone


@pytest.mark.parametrize(
    "folder",
    [*_existing(KBS), PROJECT, FIXTURES / "subjects" / "everest"],
    ids=lambda p: p.name,
)
def test_checks_given_from_elsewhere_take_their_places(folder: Path) -> None:
    """In one process: the findings given for :data:`BESIDE` (or found again when none are
    given) land where running every check in turn puts them, before sorting too."""
    kb = store.load(folder)
    alone = checks.run(kb)
    given = [list(check(store.load(folder))) for check in checks.BESIDE]
    assert checks.run(store.load(folder), beside=lambda: given) == alone
    assert checks.run(store.load(folder), beside=lambda: None) == alone
    assert checks.run(store.load(folder), beside=lambda: given[:1]) == alone

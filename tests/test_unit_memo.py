"""pint's readings of unit words are kept between runs (:mod:`claimkb.values.unitmemo`): a
run that meets only words read before does not import pint, and reads them as pint did; what
two processes found (a command and the process sharing its work) is kept together."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from claimkb.values import unitdefs, unitmemo, unitreg, unitwords
from claimkb.values.unitmemo import Memo
from conftest import python_run

WORDS = ["TB", "Gbps", "kilowatts", "feet", "ft", "TFLOPS", "km", "MiB", "°C", "units", "zzz"]

_READ = """
import json, sys
from claimkb.values.unitwords import pint_word
readings = {}
for word in json.loads(sys.argv[1]):
    for strict in (False, True):
        found = pint_word(word, strict)
        readings[f"{word} {strict}"] = repr(found)
print(json.dumps({"readings": readings, "pint": "pint" in sys.modules}))
"""


def _run(cache: Path, *, off: bool = False) -> dict[str, object]:
    done = python_run(
        _READ, json.dumps(WORDS), cache=cache, **({"CLAIMKB_NO_CACHE": "1"} if off else {})
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_a_second_run_reads_the_same_words_without_pint(tmp_path: Path) -> None:
    first = _run(tmp_path / "cache")
    second = _run(tmp_path / "cache")
    assert first["pint"] is True and second["pint"] is False
    assert second["readings"] == first["readings"]
    assert list((tmp_path / "cache" / "unit-words").iterdir())


def test_with_caching_off_nothing_is_kept(tmp_path: Path) -> None:
    first = _run(tmp_path / "cache", off=True)
    second = _run(tmp_path / "cache", off=True)
    assert first["pint"] is True and second["pint"] is True
    assert not (tmp_path / "cache" / "unit-words").exists()


def test_a_damaged_memo_is_read_as_empty_and_replaced(tmp_path: Path) -> None:
    path = tmp_path / "memo"
    path.write_bytes(b"\xff\x00 not marshal")
    memo = Memo(path)
    assert memo.get(("word", "TB", False)) == (False, None)
    memo.put(("word", "TB", False), ("reading",))
    assert Memo(path).get(("word", "TB", False)) == (False, None)  # written at the end
    memo.flush()
    assert Memo(path).get(("word", "TB", False)) == (True, ("reading",))


def test_an_unwritable_place_keeps_readings_for_the_process_only(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    memo = Memo(blocker / "under-a-file" / "memo")
    memo.put(("word", "TB", False), None)
    memo.flush()
    assert memo.get(("word", "TB", False)) == (True, None)


def test_the_memo_is_filed_under_the_rules_that_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLAIMKB_CACHE_DIR", str(tmp_path))
    path = unitmemo._path()
    assert path is not None and path.parent == tmp_path / "unit-words"
    monkeypatch.setattr(unitmemo, "_READERS", (*unitmemo._READERS[:-1], "unitexpr.py"))
    assert unitmemo._path() != path  # other reading code: other readings


def test_in_process_readings_match_a_fresh_reading_with_pint() -> None:
    for word in WORDS:
        for strict in (False, True):
            assert unitwords.pint_word(word, strict) == unitwords._read_with_pint(word, strict)
    for expression in sorted({*unitdefs.WORDS.values(), *unitdefs.CN_UNITS.values()}):
        assert unitreg.pint_expression(expression) == unitreg._read_expression(expression)


def test_the_memo_keeps_the_newest_readings_up_to_its_bound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(unitmemo, "MAX_READINGS", 3)
    path = tmp_path / "memo"
    first = Memo(path)
    for n in range(5):
        first.put(("word", f"w{n}", False), n)
    first.flush()
    kept = Memo(path)
    assert [kept.get(("word", f"w{n}", False)) for n in range(5)] == [
        (False, None),
        (False, None),
        (True, 2),
        (True, 3),
        (True, 4),
    ]


def test_readings_of_two_processes_are_both_kept(tmp_path: Path) -> None:
    """Each writes what it found added to what the file holds by then."""
    path = tmp_path / "memo"
    one, other = Memo(path), Memo(path)
    one.put(("word", "TB", False), ("one",))
    other.put(("word", "Gbps", False), ("other",))
    one.flush()
    other.flush()
    kept = Memo(path)
    assert kept.get(("word", "TB", False)) == (True, ("one",))
    assert kept.get(("word", "Gbps", False)) == (True, ("other",))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")
@pytest.mark.parametrize("before", [False, True], ids=["fresh", "dirty"])
def test_readings_a_forked_process_found_are_kept(
    before: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process sharing a command's work (:func:`claimkb.forking.fork`) writes the readings
    it found as it ends, and only those (the command writes what it found before the fork);
    the command, which never saw them, keeps them in the file too."""
    from claimkb import ending, forking

    monkeypatch.setattr(ending, "_PENDING", [])
    path = tmp_path / "memo"
    memo = Memo(path)
    if before:
        memo.put(("word", "km", False), ("before",))
    pid = forking.fork(lambda: memo.put(("word", "feet", False), ("forked",)))
    assert pid is not None and forking.succeeded(pid)
    written = Memo(path)
    assert written.get(("word", "feet", False)) == (True, ("forked",))
    assert written.get(("word", "km", False)) == (False, None)  # not yet: the command's to write
    memo.put(("word", "MiB", False), ("after",))
    ending.finish()  # as the command ends
    kept = Memo(path)
    assert kept.get(("word", "feet", False)) == (True, ("forked",))
    assert kept.get(("word", "MiB", False)) == (True, ("after",))
    assert kept.get(("word", "km", False)) == ((True, ("before",)) if before else (False, None))

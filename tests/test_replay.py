"""An unchanged KB's ``claimkb check`` replayed from the text its last printing kept
(:mod:`claimkb.cache.rendering`): the same bytes and exit code as the ``check`` command, and
never once anything it rested on changed - a file, the list of files, the configuration, the
snapshots, the snapshot directories, what the person running the tool named, the output's
settings. A miss is no answer (None): the ordinary way then answers.

Files written by a test are seconds old, and the cache trusts a stat only once it has settled
(see :data:`claimkb.cache.RACY_NS`); the tests settle them at once, as time would.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

import claimkb.cache
import claimkb.cache.snapshots
from claimkb.cache import cache_dir
from claimkb.cache.rendering import FILE
from claimkb.cli.quick import plain_mode, quick_check
from claimkb.replay import check_text
from conftest import write_tree
from kbs import copy_fixture

KBS = [
    "valid/launch",
    "invalid/conflict",
    "invalid/count-mismatch",
    "valid/dates-other-subjects",  # other subjects, date forms
    "valid/chinese-only",
    "valid/derived",  # unit arithmetic through pint
    "invalid/value-not-quoted",  # a snapshot, another subject
]


@pytest.fixture(autouse=True)
def settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every stat counts as settled (no file changes twice within a test's moment unseen:
    each change below changes a size or a name)."""
    monkeypatch.setattr(claimkb.cache, "RACY_NS", -(10**15))
    monkeypatch.setattr(claimkb.cache.snapshots, "RACY_NS", -(10**15))
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "COLUMNS", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)


def _copy(name: str, tmp_path: Path) -> Path:
    return copy_fixture(name, tmp_path / "kb")


def _kept(root: Path, cli, capsys: pytest.CaptureFixture[str]) -> tuple[str, int]:
    """Check with the app, then once through the quick path (which keeps the text); the
    app's answer."""
    checked = cli("check", "--root", root)
    capsys.readouterr()
    assert quick_check(["check", "--root", str(root)]) == checked.exit_code
    assert capsys.readouterr().out == checked.stdout
    return checked.stdout, checked.exit_code


def _mode() -> str:
    mode = plain_mode()
    assert mode is not None  # pytest captures stdout: not a terminal
    return mode


@pytest.mark.parametrize("name", KBS)
def test_the_replay_is_the_check_commands_answer(
    name: str, tmp_path: Path, cli, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _copy(name, tmp_path)
    answer = _kept(root, cli, capsys)
    assert (cache_dir(root.resolve()) / FILE).is_file()
    assert check_text(root, _mode()) == answer
    capsys.readouterr()
    assert quick_check(["check", "--root", str(root)]) == answer[1]
    assert capsys.readouterr().out == answer[0]


@pytest.mark.parametrize("name", KBS)
def test_a_check_run_now_keeps_its_text_for_the_next(
    name: str, tmp_path: Path, cli, capsys: pytest.CaptureFixture[str]
) -> None:
    """The first check of a KB (nothing stored: every check runs) keeps what it printed, so
    the very next one is a replay; and the app, answering from the stored report, agrees."""
    root = _copy(name, tmp_path)
    code = quick_check(["check", "--root", str(root)])
    printed = capsys.readouterr().out
    assert code is not None and printed
    assert check_text(root, _mode()) == (printed, code)
    checked = cli("check", "--root", root)
    assert (checked.stdout, checked.exit_code) == (printed, code)


def test_a_check_after_a_change_keeps_the_new_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _copy("invalid/conflict", tmp_path)
    quick_check(["check", "--root", str(root)])
    before = capsys.readouterr().out
    write_tree(root, {"claims/zz-new.yaml": "claims: []\nextra: 1\n"})
    code = quick_check(["check", "--root", str(root)])
    after = capsys.readouterr().out
    assert after != before
    assert check_text(root, _mode()) == (after, code)


def test_nothing_is_replayed_before_a_text_was_kept(tmp_path: Path, cli) -> None:
    root = _copy("valid/launch", tmp_path)
    assert check_text(root, _mode()) is None
    cli("check", "--root", root)  # the app keeps a report, not a text
    assert check_text(root, _mode()) is None


def _edit(path: Path, text: str = "\n# edited\n") -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def _first(root: Path, section: str) -> Path:
    return sorted((root / section).glob("*.yaml"))[0]


CHANGES = {
    "a claims file edited": lambda root: _edit(_first(root, "claims")),
    "a sources file edited": lambda root: _edit(_first(root, "sources")),
    "a claims file added": lambda root: write_tree(root, {"claims/zz-new.yaml": "claims: []\n"}),
    "a claims file removed": lambda root: _first(root, "claims").unlink(),
    "a file renamed": lambda root: _first(root, "claims").rename(root / "claims" / "zz.yaml"),
    "the configuration added": lambda root: write_tree(root, {"claimkb.toml": "\n"}),
    "a claims file made a symbolic link": lambda root: _linked(_first(root, "claims")),
}


def _linked(path: Path) -> None:
    target = path.with_name(".moved")
    path.rename(target)
    path.symlink_to(target.name)


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_change_to_the_kb_is_never_replayed(
    change: str, tmp_path: Path, cli, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _copy("invalid/conflict", tmp_path)
    _kept(root, cli, capsys)
    CHANGES[change](root)
    assert check_text(root, _mode()) is None


SNAPSHOTTED = "invalid/value-not-quoted"
"""A KB whose source has its snapshot in the KB's own ``snapshots/``."""
SNAPSHOT = "snapshots/bulletin.txt"


def test_a_changed_snapshot_is_never_replayed(
    tmp_path: Path, cli, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _copy(SNAPSHOTTED, tmp_path)
    answer = _kept(root, cli, capsys)
    assert check_text(root, _mode()) == answer
    _edit(root / SNAPSHOT, "More text.\n")
    assert check_text(root, _mode()) is None


def test_a_snapshot_directory_turned_into_a_link_out_of_the_kb_is_never_replayed(
    tmp_path: Path, cli, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _copy(SNAPSHOTTED, tmp_path)
    stdout, _ = _kept(root, cli, capsys)
    outside = tmp_path / "elsewhere"
    (root / "snapshots").rename(outside)  # the same file, the same stat, now outside
    (root / "snapshots").symlink_to(outside)
    assert check_text(root, _mode()) is None
    refused = cli("check", "--root", root).stdout
    assert "leads outside the KB root" in refused and refused != stdout


def test_a_refused_snapshot_directory_made_usable_is_never_replayed(
    tmp_path: Path, cli, capsys: pytest.CaptureFixture[str]
) -> None:
    """No snapshot moves, but the check's finding about the directory goes."""
    root = _copy(SNAPSHOTTED, tmp_path)
    write_tree(root, {"claimkb.toml": 'snapshot_dirs = ["snapshots", "extra"]\n'})
    (tmp_path / "outside").mkdir()
    (root / "extra").symlink_to(tmp_path / "outside")
    stdout, _ = _kept(root, cli, capsys)
    assert "leads outside the KB root" in stdout
    (root / "extra").unlink()
    (root / "extra").mkdir()
    assert check_text(root, _mode()) is None
    assert "leads outside the KB root" not in cli("check", "--root", root).stdout


def test_other_snapshot_directories_named_by_the_runner_are_never_replayed(
    tmp_path: Path, cli, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _copy(SNAPSHOTTED, tmp_path)
    _kept(root, cli, capsys)
    (tmp_path / "archive").mkdir()
    monkeypatch.setenv("CLAIMKB_SNAPSHOT_DIRS", str(tmp_path / "archive"))
    assert check_text(root, _mode()) is None


def test_other_output_settings_are_rendered_afresh(
    tmp_path: Path, cli, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _copy("invalid/conflict", tmp_path)
    _kept(root, cli, capsys)
    monkeypatch.setenv("COLUMNS", "120")
    assert check_text(root, _mode()) is None


@pytest.mark.parametrize("setting", ["FORCE_COLOR", "TTY_COMPATIBLE"])
def test_settings_that_may_style_a_pipe_are_never_kept_or_replayed(
    setting: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(setting, "1")
    assert plain_mode() is None


def test_an_unsettled_file_keeps_no_text(
    tmp_path: Path, cli, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(claimkb.cache, "RACY_NS", 10**15)  # every stat too recent to trust
    root = _copy("invalid/conflict", tmp_path)
    checked = cli("check", "--root", root)
    capsys.readouterr()
    quick_check(["check", "--root", str(root)])
    assert capsys.readouterr().out in ("", checked.stdout)
    assert check_text(root, _mode()) is None


def test_a_damaged_record_is_no_answer(
    tmp_path: Path, cli, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _copy("invalid/conflict", tmp_path)
    answer = _kept(root, cli, capsys)
    record = cache_dir(root.resolve()) / FILE
    data = bytearray(record.read_bytes())
    data[-3] ^= 0xFF
    record.write_bytes(bytes(data))
    assert check_text(root, _mode()) is None
    capsys.readouterr()
    assert quick_check(["check", "--root", str(root)]) == answer[1]  # rendered again
    assert capsys.readouterr().out == answer[0]
    assert check_text(root, _mode()) == answer


def test_caching_off_replays_nothing(
    tmp_path: Path, cli, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _copy("invalid/conflict", tmp_path)
    _kept(root, cli, capsys)
    monkeypatch.setenv("CLAIMKB_NO_CACHE", "1")
    assert check_text(root, _mode()) is None


def test_a_replay_opens_nothing_outside_the_kb_and_its_cache(
    tmp_path: Path, cli, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _copy(SNAPSHOTTED, tmp_path)
    answer = _kept(root, cli, capsys)
    opened: list[str] = []
    real_open = os.open

    def watching(path: str | os.PathLike[str], *args: object, **kwargs: object) -> int:
        opened.append(os.fspath(path))
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", watching)
    assert check_text(root, _mode()) == answer
    places = (str(root.resolve()) + os.sep, str(cache_dir(root.resolve())) + os.sep)
    assert opened and all(path.startswith(places) for path in opened)


def test_a_terminal_is_rendered_each_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A terminal's text depends on its width and colours, asked of it each time."""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdout", Terminal())
    assert plain_mode() is None

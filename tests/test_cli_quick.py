"""``claimkb check`` on an unchanged KB is answered without the typer app, and answered the
same: the same bytes on stdout and the same exit code as the ``check`` command, or nothing at
all (then the app answers) whenever the stored report does not hold or the command line is
not one of the two forms the quick path knows."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimkb.cli.quick import quick_check
from kbs import copy_fixture

KBS = ["valid/launch", "invalid/conflict", "invalid/count-mismatch"]


def _copy(name: str, tmp_path: Path) -> Path:
    return copy_fixture(name, tmp_path / "kb")


@pytest.mark.parametrize("name", KBS)
def test_an_unchanged_kb_gets_the_check_commands_answer(
    name: str, tmp_path: Path, cli, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _copy(name, tmp_path)
    checked = cli("check", "--root", root)  # the app: checks and stores the report
    for arguments in (["check", "--root", str(root)], ["check", f"--root={root}"]):
        capsys.readouterr()
        code = quick_check(arguments)
        out = capsys.readouterr().out
        assert (code, out) == (checked.exit_code, checked.stdout)
    assert checked.stdout  # a summary at least, so the comparison means something


def test_the_nearest_root_when_none_is_named(
    tmp_path: Path, cli, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _copy("invalid/conflict", tmp_path)
    checked = cli("check", cwd=root)
    monkeypatch.chdir(root / "claims")
    capsys.readouterr()
    assert quick_check(["check"]) == checked.exit_code
    assert capsys.readouterr().out == checked.stdout


def test_no_stored_report_or_a_changed_file_goes_to_the_app(
    tmp_path: Path, cli, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _copy("invalid/conflict", tmp_path)
    arguments = ["check", "--root", str(root)]
    assert quick_check(arguments) is None  # never checked
    cli("check", "--root", root)
    changed = next((root / "claims").glob("*.yaml"))
    changed.write_text(changed.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert quick_check(arguments) is None
    assert capsys.readouterr().out == ""


def test_caching_off_goes_to_the_app(tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _copy("valid/launch", tmp_path)
    cli("check", "--root", root)
    monkeypatch.setenv("CLAIMKB_NO_CACHE", "1")
    assert quick_check(["check", "--root", str(root)]) is None


@pytest.mark.parametrize(
    "arguments",
    [
        [],
        ["claims"],
        ["check", "--json"],
        ["check", "--root"],
        ["check", "--root="],
        ["check", "--root", "--json"],
        ["check", "--root", "{root}", "--show-triaged"],
        ["check", "--root", "{root}", "--format", "text"],
        ["--root", "{root}", "check"],
        ["check", "-r", "{root}"],
    ],
)
def test_any_other_command_line_goes_to_the_app(
    arguments: list[str], tmp_path: Path, cli, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _copy("valid/launch", tmp_path)
    cli("check", "--root", root)
    capsys.readouterr()
    assert quick_check([a.format(root=root) for a in arguments]) is None
    assert capsys.readouterr().out == ""


def test_an_unusable_root_goes_to_the_app(tmp_path: Path) -> None:
    assert quick_check(["check", "--root", str(tmp_path / "missing")]) is None
    assert quick_check(["check", "--root", str(tmp_path)]) is None  # no claims/, no sources/

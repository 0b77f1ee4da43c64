"""``claimkb check`` is answered without the typer app, and answered the same: the same bytes
on stdout and the same exit code as the ``check`` command, whether its report was stored or is
checked now, or nothing at all (then the app answers) when the root cannot be used or the
command line is not one of the two forms the quick path knows."""

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


def test_no_stored_report_or_a_changed_file_gets_the_check_commands_answer(
    tmp_path: Path, cli, capsys: pytest.CaptureFixture[str]
) -> None:
    """Checked now, without the app: the same bytes and exit code as the check command."""
    root = _copy("invalid/conflict", tmp_path)
    arguments = ["check", "--root", str(root)]
    capsys.readouterr()
    code = quick_check(arguments)  # never checked
    out = capsys.readouterr().out
    checked = cli("check", "--root", root)
    assert (code, out) == (checked.exit_code, checked.stdout) and code == 1
    changed = root / "claims" / "news-a.yaml"
    text = changed.read_text(encoding="utf-8")
    changed.write_text(text.replace("value: 104 billion", "value: 105 billion"), "utf-8")
    capsys.readouterr()
    code = quick_check(arguments)
    out = capsys.readouterr().out
    checked = cli("check", "--root", root)
    assert (code, out) == (checked.exit_code, checked.stdout)
    assert "value-not-quoted" in out  # the changed value is checked


def test_caching_off_gets_the_check_commands_answer(
    tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _copy("valid/launch", tmp_path)
    monkeypatch.setenv("CLAIMKB_NO_CACHE", "1")
    checked = cli("check", "--root", root)
    capsys.readouterr()
    assert quick_check(["check", "--root", str(root)]) == checked.exit_code
    assert capsys.readouterr().out == checked.stdout


def test_a_root_that_cannot_be_used_goes_to_the_app(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert quick_check(["check", "--root", str(tmp_path / "nowhere")]) is None
    assert capsys.readouterr() == ("", "")


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

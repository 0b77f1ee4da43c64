"""``claimkb draft SOURCE`` answered without typer (:mod:`claimkb.cli.quick_draft`) prints
and writes exactly what the ``draft`` command does, and leaves every other form to it."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from claimkb import cli as cli_module
from claimkb.cli.quick_draft import _parse, quick_draft
from conftest import FIXTURES
from test_authoring_kb import corpus_copy, seeds


def _both(
    tmp_path: Path, make: object, arguments: list[str], cli, capsys: pytest.CaptureFixture[str]
) -> None:
    """Run ``arguments`` (with ``{root}`` filled in) both ways, each on a fresh copy made by
    ``make``, twice (the second run finds the first's drafts), and compare everything."""
    results = []
    for way in ("typer", "quick"):
        root = make(tmp_path / way)  # type: ignore[operator]
        runs = []
        for _ in range(2):
            argv = [a.format(root=root) for a in arguments]
            if way == "typer":
                done = cli(*argv)
                runs.append((done.exit_code, done.stdout, done.stderr))
            else:
                capsys.readouterr()
                with pytest.MonkeyPatch.context() as patch:  # the command line's own way in
                    patch.setattr(sys, "argv", ["claimkb", *argv])
                    patch.setattr(cli_module, "_app", _no_typer)
                    code = cli_module._run()
                captured = capsys.readouterr()
                runs.append((code, captured.out, captured.err))
            drafts = sorted((root / "claims").glob("*.drafts"))
            runs.append(tuple((p.name, p.read_bytes()) for p in drafts))  # type: ignore[arg-type]
        results.append(runs)
    assert results[0][0][1], "the draft printed its table"
    assert results[0] == results[1]


def _no_typer() -> int:
    raise AssertionError("the draft went to the typer app")


def _corpus(where: Path) -> Path:
    where.mkdir()
    return corpus_copy(where)


def _everest(where: Path) -> Path:
    shutil.copytree(FIXTURES / "subjects" / "everest", where)
    return where


@pytest.mark.parametrize("extra", [[], ["--reasons"]], ids=["plain", "reasons"])
def test_a_seed_article_is_drafted_the_same_both_ways(
    tmp_path: Path, cli, capsys: pytest.CaptureFixture[str], extra: list[str]
) -> None:
    arguments = ["draft", "seed-001", "--root", "{root}", "--snapshot-dir", str(seeds())]
    _both(tmp_path, _corpus, arguments + extra, cli, capsys)


def test_a_fixture_source_is_drafted_the_same_both_ways(
    tmp_path: Path, cli, capsys: pytest.CaptureFixture[str]
) -> None:
    _both(tmp_path, _everest, ["draft", "zhwiki", "--reasons", "--root={root}"], cli, capsys)


def test_what_the_quick_way_cannot_answer_goes_to_typer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _everest(tmp_path / "kb")
    for arguments in (
        ["draft", "no-such-source", "--root", str(root)],  # the command says why
        ["draft", "zhwiki", "--root", str(tmp_path / "missing")],
        ["draft", "zhwiki", "--root", str(root), "--json"],
        ["draft", "zhwiki", "--root", str(root), "--dry-run"],
    ):
        assert quick_draft(arguments) is None, arguments
        assert capsys.readouterr() == ("", "")
        assert not list((root / "claims").glob("*.drafts"))


@pytest.mark.parametrize(
    ("arguments", "parsed"),
    [
        (["draft", "s"], ("s", None, [], False)),
        (["draft", "--reasons", "s", "--root=r"], ("s", Path("r"), [], True)),
        (
            ["draft", "s", "--snapshot-dir", "a", "--snapshot-dir=b", "--root", "r"],
            ("s", Path("r"), [Path("a"), Path("b")], False),
        ),
        (["draft"], None),
        (["draft", "s", "t"], None),
        (["draft", "-s"], None),
        (["draft", "s", "--root"], None),
        (["draft", "s", "--root", "--reasons"], None),
        (["draft", "s", "--root", "a", "--root", "b"], None),
        (["draft", "s", "--reasons", "--reasons"], None),
        (["draft", "s", "--"], None),
        (["draft", "s", "--root="], None),
        (["drafts", "s"], None),
        (["check"], None),
    ],
)
def test_the_forms_answered_quickly(arguments: list[str], parsed: object) -> None:
    assert _parse(arguments) == parsed

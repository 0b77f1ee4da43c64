"""``show ID --json`` and ``entity NAME --json`` answered before typer, from the plain data a
check keeps (:mod:`claimkb.cache.plain`), print the bytes the whole KB gives with the cache off.

Every claim id (``show``) and every entity id, name and alias (``entity``), as written and
spelt otherwise (case, hyphens), of the bundled corpus, of fixture KBs of other subjects and
of the fixture KBs whose claims have rivals, qualifiers told apart, reviews, unknown sources
or subjects, is asked both ways: through the Workspace with ``CLAIMKB_NO_CACHE`` set (what
the commands print then), and on the quick path with loading the KB and the index's record
rebuild both forbidden. A recorded misspelling and names or ids that name nothing take the
usual ways, which answer as before. A separate interpreter shows the quick answers import
no pydantic.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from claimkb import api
from claimkb.cache import plain
from claimkb.cache.answers import survey
from claimkb.cache.indexed import Indexed
from claimkb.render.json import dumps
from claimkb.workspace import Workspace, strategy
from conftest import FIXTURES, PROJECT, Invoke, forbid_loading
from kbs import copy_fixture
from test_query_rows import _generated, _quick, _uncached

ROOTS = [
    PROJECT,
    *sorted((FIXTURES / "subjects").iterdir()),
    *sorted((FIXTURES / "valid").iterdir()),
    *(
        FIXTURES / "invalid" / name
        for name in (
            "ambiguous-name",
            "conflict",
            "count-mismatch",
            "duplicate-id",
            "mixed-qualifiers",
            "qualifier-variant",
            "review-disagrees",
            "rounding",
            "stale-resolution",
            "unknown-entity",
            "unknown-source",
            "unknown-subject",
            "unparseable-value",
        )
    ),
]


def _names(workspace: Workspace) -> list[str]:
    """Every entity id, name and alias, as the records write them, and spelt otherwise
    (upper case, lower case, hyphens for spaces) where that still names an entity."""
    kb = workspace.kb
    found = [n for e in kb.entities.values() for n in (e.id, e.name, *e.aliases)]
    spelt = [
        other
        for n in found
        for other in (n.upper(), n.casefold(), n.replace(" ", "-"))
        if kb.entity(other) is not None
    ]
    return list(dict.fromkeys([*found, *spelt]))


def _printed(answer: object) -> tuple[int, str, str]:
    """What ``--json`` prints for an answer: (exit code, stdout, stderr)."""
    return (0, dumps(answer.to_json()) + "\n", answer.note)  # type: ignore[attr-defined]


def _whole(
    root: Path, monkeypatch: pytest.MonkeyPatch, every: int = 1
) -> tuple[dict[str, tuple], dict]:
    """The answers of every show and entity question with the cache off (each answer runs
    the checks again then: the KB's one report is taken each time instead)."""
    checked: dict[int, Any] = {}
    run_checks = strategy.run_checks

    def check_once(kb: Any, *arguments: Any) -> Any:
        if id(kb) not in checked:
            checked[id(kb)] = run_checks(kb, *arguments)
        return checked[id(kb)]

    with monkeypatch.context() as off:
        off.setenv("CLAIMKB_NO_CACHE", "1")
        off.setattr(strategy, "run_checks", check_once)
        workspace = Workspace(root, cache=True)
        claim_ids = list(workspace.kb.claims)[::every]
        shows = {c: _printed(workspace.show(c)) for c in claim_ids}
        names = {n: _printed(workspace.entity(n)) for n in _names(workspace)[::every]}
    return shows, names


def _forbid_records(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make any answer but the plain one fail the test."""
    forbid_loading(monkeypatch, "the plain answers")

    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("the index rebuilt records: the plain answers should answer")

    monkeypatch.setattr(Indexed, "show", refuse)
    monkeypatch.setattr(Indexed, "entity", refuse)


def _compare(root: Path, monkeypatch: pytest.MonkeyPatch, every: int = 1) -> int:
    shows, names = _whole(root, monkeypatch, every)
    api.check(root, cache=True)
    at = ["--root", str(root)]
    asked = 0
    with monkeypatch.context() as patch:
        _forbid_records(patch)
        for claim_id, expected in shows.items():
            assert _quick(["show", claim_id, "--json", *at]) == expected, claim_id
            asked += 1
        for name, expected in names.items():
            assert _quick(["entity", name, "--json", *at]) == expected, name
            asked += 1
    return asked


@pytest.mark.parametrize(
    "root", ROOTS, ids=lambda p: "corpus" if p == PROJECT else f"{p.parent.name}-{p.name}"
)
def test_show_and_entity_print_what_the_whole_kb_prints(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _compare(root, monkeypatch) > 0


def test_show_and_entity_of_a_generated_kb(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The benchmark's generator: figures in two units, Chinese aliases, triage, many
    sources stating one value (evidence in several pieces); every fifth question."""
    assert _compare(_generated(tmp_path), monkeypatch, every=5) > 120


def test_the_commands_print_what_the_workspace_gives(
    tmp_path: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Workspace's answer with the cache off is what the commands print then, exit
    code included (tying the comparison above to the command line)."""
    root = copy_fixture("valid/launch", tmp_path / "kb")
    shows, names = _whole(root, monkeypatch)
    for command, answers in (("show", shows), ("entity", names)):
        for argument, (code, out, _) in list(answers.items())[:3]:
            printed = _uncached(monkeypatch, cli, command, argument, "--json", "--root", root)
            assert (printed.exit_code, printed.stdout) == (code, out)


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return copy_fixture("valid/launch", tmp_path / "kb")


@pytest.mark.parametrize("name", ["moonshot ai", "MOONSHOT-AI", "基米X"])
def test_another_spelling_is_answered_from_the_plain_data(
    corpus: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """A name written otherwise than a record writes it (case, separators) is keyed as the
    KB keys names and answered from the plain data too: the same answer, no record."""
    expected = _uncached(monkeypatch, cli, "entity", name, "--json", "--root", corpus)
    assert expected.exit_code == 0
    api.check(corpus, cache=True)
    _forbid_records(monkeypatch)
    assert _quick(["entity", name, "--json", "--root", str(corpus)]) == (0, expected.stdout, "")


def test_a_recorded_misspelling_is_answered_by_the_index(
    tmp_path: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The corpus records "Ulanbaatoi" as a misspelling of Ulanqab."""
    at = ["--root", str(PROJECT)]
    expected = _uncached(monkeypatch, cli, "entity", "Ulanbaatoi", "--json", *at)
    assert expected.exit_code == 0 and '"misspelling": {' in expected.stdout
    api.check(PROJECT, cache=True)
    forbid_loading(monkeypatch, "the index")
    assert _quick(["entity", "Ulanbaatoi", "--json", *at]) == (0, expected.stdout, "")


@pytest.mark.parametrize(
    "arguments", [["show", "no-such-claim"], ["show", "relay-param"], ["entity", "Moonshoot"]]
)
def test_what_names_nothing_goes_to_the_app(
    corpus: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch, arguments: list[str]
) -> None:
    """Not found, and the names spelt like it: the app says so, as with the cache off."""
    at = ["--json", "--root", str(corpus)]
    expected = _uncached(monkeypatch, cli, *arguments, *at)
    assert expected.exit_code != 0
    api.check(corpus, cache=True)
    assert _quick([*arguments, *at]) == (None, "", "")
    answered = cli(*arguments, *at)
    assert (answered.exit_code, answered.stdout, answered.stderr) == (
        expected.exit_code,
        expected.stdout,
        expected.stderr,
    )
    assert "did you mean" in expected.stderr or arguments[1] == "no-such-claim"


def test_without_the_plain_part_the_index_answers(
    corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cache written without the plain part (or with it damaged) answers the old way."""
    shows, names = _whole(corpus, monkeypatch)
    api.check(corpus, cache=True)
    surveyed = survey(corpus.resolve())
    assert surveyed is not None
    path = surveyed[0].dir / "queries-plain"
    data = path.read_bytes()
    at = ["--root", str(corpus)]
    claim_id, name = next(iter(shows)), next(iter(names))
    forbid_loading(monkeypatch, "the index")
    for damaged in (data[: len(data) // 2], b""):
        path.write_bytes(damaged)
        shutil.rmtree(surveyed[0].dir / "answered", ignore_errors=True)  # asked afresh
        assert _quick(["show", claim_id, "--json", *at]) == shows[claim_id]
        assert _quick(["entity", name, "--json", *at]) == names[name]


def test_a_part_that_is_not_what_build_wrote_is_not_used() -> None:
    class Index:
        def part(self, name: str) -> object:
            return {"show": b"not marshal", "entity": 7}

    assert plain._part(Index(), "show") is None  # type: ignore[arg-type]
    assert plain._part(Index(), "entity") is None  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "question", [["show", "relay-params"], ["entity", "基米 X"], ["entity", "moonshot-ai"]]
)
def test_the_quick_answers_import_no_pydantic(corpus: Path, question: list[str]) -> None:
    api.check(corpus, cache=True)
    script = (
        "import sys\n"
        "from claimkb.cli.quick_questions import quick_question\n"
        "code = quick_question(sys.argv[1:])\n"
        "assert code == 0, code\n"
        "assert 'pydantic' not in sys.modules, 'pydantic was imported'\n"
        "assert 'claimkb.model' not in sys.modules, 'the record models were imported'\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, "-c", script, *question, "--json", "--root", str(corpus)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("{\n")

"""``claims --json`` from the rows a check leaves prints the bytes a whole-KB answer prints.

:mod:`claimkb.cache.rows` keeps every claim's JSON row after a check and prints an answer a
chunk of rows at a time; :mod:`claimkb.cli.quick_questions` does so before typer is
assembled. Every filter worth asking of every fixture KB, the bundled corpus and a generated
KB is answered both ways (the rows, and the whole KB through :func:`claimkb.render.json.dumps`)
and the texts compared; then the command line, the quick path and what they do when the rows
are damaged, stale or missing.
"""

from __future__ import annotations

import io
import marshal
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import claimkb
from claimkb import api, query
from claimkb.cache import rows as rows_module
from claimkb.cache.answering import ready, select
from claimkb.cache.answers import survey
from claimkb.cache.indexed import Indexed
from claimkb.cli import quick_questions
from claimkb.cli.quick_questions import quick_question
from claimkb.render import json as json_render
from claimkb.rowvalues import columns
from claimkb.values import ValueProblem
from conftest import FIXTURES, PROJECT, Invoke, forbid_loading, generated_kb
from kbs import copy_fixture
from test_query_index import KB_ROOTS, _filters, _index


def _generated(tmp_path: Path) -> Path:
    """A small synthetic KB from the benchmark's generator (floats, Chinese text, triage)."""
    return generated_kb(tmp_path / "generated")


def _rows_text(index: Indexed, filters: dict[str, str]) -> str | None:
    found = select(index, **filters)
    if found is None:
        return None
    pieces: list[str] = []
    rows_module.write(found, pieces.append)
    return "".join(pieces)


def _compare(root: Path) -> int:
    api.check(root, cache=True)
    surveyed = survey(root.resolve())
    assert surveyed is not None
    index = Indexed.open(*surveyed)
    if index is None:
        assert root.name == "unreadable-file"
        return 0
    kb = claimkb.load(root)
    asked = 0
    for filters in _filters(kb):
        expected = [query.claim_dict(kb, c) for c in query.find_claims(kb, **filters)]
        got = _rows_text(index, filters)
        if not expected:
            assert got is None, filters  # the usual way says which filter names nothing
            continue
        assert got == json_render.dumps(expected) + "\n", filters
        asked += 1
    assert asked > 0 or not kb.claims
    return asked


@pytest.mark.parametrize(
    "root", KB_ROOTS, ids=lambda p: "corpus" if p == PROJECT else f"{p.parent.name}-{p.name}"
)
def test_rows_print_what_the_whole_kb_prints(root: Path) -> None:
    _compare(root)


@pytest.mark.parametrize(
    "root",
    [*KB_ROOTS, *sorted((FIXTURES / "subjects").iterdir())],
    ids=lambda p: "corpus" if p == PROJECT else f"{p.parent.name}-{p.name}",
)
def test_the_rows_built_at_once_are_each_claims_own(root: Path) -> None:
    """The index builds every row with :func:`claimkb.query.claim_dicts`, which reads each
    claim's fields once and shares a reading's normalized form: the rows must be the claims'
    documented shape, read off the records' public attributes (:func:`_row`), claim by claim
    (problems, derived figures, booleans and undated dates included), alone or together."""
    kb = claimkb.load(root)
    claims = list(kb.claims.values())
    expected = [_row(kb, c) for c in claims]
    assert query.claim_dicts(kb, claims) == expected
    assert [query.claim_dict(kb, c) for c in claims] == expected


def _row(kb: Any, claim: Any) -> dict[str, Any]:
    """A claim's ``--json`` row as the README documents it, from the record's attributes."""
    value = kb.values.get(claim.id)
    problem = isinstance(value, ValueProblem)
    return {
        "id": claim.id,
        "subject": claim.subject,
        "subject_id": kb.subject_id(claim),
        "property": claim.property,
        "value": claim.written,
        "normalized": None if value is None or problem else value.to_dict(),
        "value_error": str(value) if problem else None,
        "source": claim.source,
        "quote": claim.quote,
        "status": claim.status.value,
        "qualifiers": dict(claim.qualifiers),
        "via": claim.via,
        "reviews": list(claim.reviews),
        "items": list(claim.items),
        "derived": claim.derived.model_dump() if claim.derived else None,
        "note": claim.note,
        "file": claim.file,
        "line": claim.line,
    }


def test_rows_of_a_generated_kb(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rows_module, "CHUNK", 7)  # many chunks, each finished apart
    assert _compare(_generated(tmp_path)) > 20


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return copy_fixture("valid/launch", tmp_path / "kb")


QUESTIONS = [
    ["claims", "--json"],
    ["claims", "--subject", "基米 X", "--json"],
    ["claims", "--json", "--text=TRILLION", "--property", "parameters"],
    ["claims", "--source=no-such-source", "--json"],
    ["sources", "--json"],
    ["--json", "timeline"][::-1],
    ["show", "--json", "relay-params"],
    ["entity", "Moonshot AI", "--json"],
    ["conflicts", "--json", "--untriaged"],
    ["conflicts", "--json"],
]
FROM_THE_CHECK = {"claims", "sources", "timeline", "show", "entity", "conflicts"}
"""The commands the quick path answers from what the check left."""


def _quick(arguments: list[str]) -> tuple[int | None, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "stdout", out)
        patch.setattr(sys, "stderr", err)
        code = quick_question(arguments)
    return code, out.getvalue(), err.getvalue()


def _uncached(patch: pytest.MonkeyPatch, cli: Invoke, *arguments: str) -> Any:
    """The app's answer with the cache off: what loading the whole KB gives."""
    with patch.context() as off:
        off.setenv("CLAIMKB_NO_CACHE", "1")
        return cli(*arguments)


@pytest.mark.parametrize("question", QUESTIONS, ids=" ".join)
def test_the_command_and_the_quick_path_answer_as_the_whole_kb(
    corpus: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch, question: list[str]
) -> None:
    at = ["--root", str(corpus)]
    expected = _uncached(monkeypatch, cli, *question, *at)
    assert _quick([*question, *at])[0] is None  # never checked: the app answers
    cli("check", *at)
    found = expected.exit_code == 0
    quick = found and question[0] in FROM_THE_CHECK
    with monkeypatch.context() as patch:
        if found:
            forbid_loading(patch, "the rows")
        answer = (0, expected.stdout, expected.stderr) if quick else (None, "", "")
        assert _quick([*question, *at]) == answer
        answered = cli(*question, *at)
        assert (answered.exit_code, answered.stdout) == (expected.exit_code, expected.stdout)
        if found:  # asked again: the kept answer
            assert _quick([*question, *at]) == (0, expected.stdout, expected.stderr)


def test_the_checks_answers_are_the_whole_kbs(tmp_path: Path) -> None:
    """sources and timeline as the check wrote them, on every fixture KB and a generated one."""
    for root in [*KB_ROOTS[:-1], _generated(tmp_path)]:
        index = _index(root)
        if index is None:
            continue
        kb = claimkb.load(root)
        assert ready(index, "sources")[0] == json_render.dumps(query.sources(kb)) + "\n"
        assert ready(index, "timeline")[0] == json_render.dumps(query.timeline(kb)) + "\n"
        assert ready(index, "sources")[1] == len(kb.load_findings)


def test_a_long_answer_is_printed_in_pieces_and_not_kept(
    corpus: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = ["--root", str(corpus)]
    expected = _uncached(monkeypatch, cli, "claims", "--json", *at).stdout
    cli("check", *at)
    monkeypatch.setattr(quick_questions, "KEEP_ROWS", 1)
    monkeypatch.setattr(rows_module, "CHUNK", 2)
    written: list[str] = []
    monkeypatch.setattr(sys, "stdout", _Collect(written))
    assert quick_question(["claims", "--json", *at]) == 0
    assert "".join(written) == expected and len(written) > 3
    cache, _ = survey(corpus.resolve()) or (None, None)
    assert cache is not None
    assert not (cache.dir / "answered").exists()


class _Collect:
    def __init__(self, pieces: list[str]) -> None:
        self.write = pieces.append


@pytest.mark.parametrize(
    "arguments",
    [
        ["claims"],  # a table
        ["claims", "--status", "verified", "--json"],
        ["claims", "--json", "--subject"],  # a value missing
        ["claims", "--subject", "--json"],
        ["claims", "--json", "--subject", "a", "--subject", "b"],
        ["claims", "--json", "--root", ""],
        ["claims", "--json", "--no-such-option", "x"],
        ["show", "--json"],  # no claim id
        ["show", "a", "b", "--json"],
        ["show", "no-such-claim", "--json"],  # the app says which are spelt like it
        ["entity", "no such entity", "--json"],
        ["conflicts", "--uncompared", "--json"],
        ["conflicts", "--untriaged", "--untriaged", "--json"],
    ],
)
def test_other_command_lines_go_to_the_app(corpus: Path, cli: Invoke, arguments: list[str]) -> None:
    cli("check", "--root", corpus)
    assert _quick([*arguments, "--root", str(corpus)]) == (None, "", "")


@pytest.mark.parametrize("damage", ["truncate", "garble", "remove"])
def test_damaged_rows_are_never_used(
    corpus: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    at = ["--root", str(corpus)]
    expected = _uncached(monkeypatch, cli, "claims", "--json", *at).stdout
    cli("check", *at)
    cache, _ = survey(corpus.resolve()) or (None, None)
    assert cache is not None
    path = cache.dir / "queries-rows"
    data = path.read_bytes()
    if damage == "truncate":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "garble":
        path.write_bytes(data[:-10] + bytes(10))
    else:
        path.unlink()
    assert _quick(["claims", "--json", *at]) == (None, "", "")
    assert cli("claims", "--json", *at).stdout == expected


def test_rows_that_do_not_fit_their_places_are_refused() -> None:
    for stored in [
        "not rows",
        (1, [b""], b"\0" * 16, [], []),  # two claims of a chunk each, one chunk
        (0, [], b"", [], []),
        (2, [b""], b"\0" * 16, [], "no readings"),
    ]:
        with pytest.raises(ValueError):
            rows_module.Rows(stored)
    garbled = rows_module.Rows((2, [b"not marshal"], b"\0" * 8, [], []))
    with pytest.raises(ValueError, match="chunk of the index's rows is damaged"):
        garbled.row_of(0)
    short = rows_module.Rows((2, [marshal.dumps([], 2)], b"\0" * 8, [], []))
    with pytest.raises(ValueError, match="row of the index's rows is damaged"):
        short.row_of(0)
    narrow = rows_module.Rows((2, [marshal.dumps([("one", "value")], 2)], b"\0" * 8, [], []))
    with pytest.raises(ValueError, match="row of the index's rows is damaged"):
        narrow.row_of(0)


@pytest.mark.parametrize(
    "text",
    [b"", b"1e-05", b"x e-5", b"ae5", b"3e5", b"0.00001", b"0.000", b"e5", b"9E5", b"1e+16"],
)
def test_the_quick_odd_float_search_is_the_regex(text: bytes) -> None:
    assert json_render._odd(text) == (json_render._ODD.search(text) is not None)


def test_a_kb_orjson_cannot_encode_keeps_no_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    kb: Any = claimkb.load(FIXTURES / "valid" / "launch")
    monkeypatch.setattr(json_render, "refuses", lambda data: True)
    assert rows_module.build(kb, columns(kb, kb.claims.values())) is None


def test_show_of_every_claim_on_the_quick_path(
    corpus: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = ["--root", str(corpus)]
    claim_ids = list(claimkb.load(corpus).claims)
    expected = {c: _uncached(monkeypatch, cli, "show", c, "--json", *at).stdout for c in claim_ids}
    cli("check", *at)
    forbid_loading(monkeypatch, "the rows")
    for claim_id in claim_ids:
        assert _quick(["show", claim_id, "--json", *at]) == (0, expected[claim_id], "")


def test_rows_are_listed_by_file_and_line_whatever_the_order_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kb: Any = claimkb.load(FIXTURES / "valid" / "launch")
    claims = list(kb.claims.values())[::-1]  # positions count in this order
    monkeypatch.setattr(rows_module, "CHUNK", 3)
    rows = rows_module.Rows(rows_module.build(kb, columns(kb, claims)))

    def text(found: rows_module.Rows) -> str:
        pieces: list[str] = []
        rows_module.write(found, pieces.append)
        return "".join(pieces)

    def expected(chosen: list[Any]) -> str:
        listed = sorted(chosen, key=lambda c: (c.file, c.line))
        return json_render.dumps([query.claim_dict(kb, c) for c in listed]) + "\n"

    assert len(claims) > 6
    assert text(rows) == expected(claims)
    some = [0, 5, 2, len(claims) - 1]
    assert text(rows.of(some)) == expected([claims[i] for i in some])
    assert [rows.row_of(i) for i in range(len(claims))] == [query.claim_dict(kb, c) for c in claims]


@settings(max_examples=300, deadline=None)
@given(
    st.recursive(
        st.floats(allow_nan=False, allow_infinity=False) | st.integers(-(2**60), 2**60),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
        ),
        max_leaves=12,
    )
)
def test_a_readings_floats_are_printed_as_the_json_module_prints_them(data: Any) -> None:
    """The rows give every float of a reading as json's text (orjson writes some its own way:
    ``1e16`` for json's ``1e+16``), so their printing skips the float rewrite."""
    import json

    import orjson

    written = orjson.dumps(rows_module.json_floats(data), option=orjson.OPT_INDENT_2)
    assert written.decode() == json.dumps(data, ensure_ascii=False, indent=2)

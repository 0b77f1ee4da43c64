"""The terminal's rules on the bundled corpus and every command: no escape code when
``NO_COLOR`` is set or stdout is not a terminal; at 80 columns every line fits (unless one
unbreakable word is wider) and every claim id the answer holds is shown whole; an empty
answer says so; a short wrong quote shows its nearest passage with the words that differ."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from rich.cells import cell_len

from conftest import FIXTURES, PROJECT, Invoke

LAUNCH = FIXTURES / "valid" / "launch"
QUESTIONS = [
    ("check", "--show-triaged"),
    ("claims",),
    ("show", "s004-weights-mxfp4"),
    ("entity", "Ulanbaatoi"),
    ("sources",),
    ("conflicts",),
    ("conflicts", "--uncompared"),
    ("timeline",),
    ("explain", "s004-cluster-memory"),
]


@pytest.mark.parametrize("args", QUESTIONS, ids=" ".join)
def test_no_escape_codes_without_a_terminal_or_with_no_color(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...]
) -> None:
    assert "\x1b" not in cli(*args, "--root", PROJECT).stdout  # not a terminal
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    assert "\x1b[" in cli(*args, "--root", PROJECT).stdout  # a terminal: styled
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b" not in cli(*args, "--root", PROJECT).stdout  # not even bold or dim
    monkeypatch.setenv("NO_COLOR", "")  # an empty NO_COLOR asks for nothing
    assert "\x1b[" in cli(*args, "--root", PROJECT).stdout


@pytest.mark.parametrize("args", QUESTIONS[1:], ids=" ".join)
def test_the_corpus_reads_at_80_columns(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...]
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    result = cli(*args, "--root", PROJECT)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    for line in lines:
        assert cell_len(line) <= 80 or " " not in line.strip(), line
        assert line == line.rstrip(), line
    data = json.loads(cli(*args, "--root", PROJECT, "--json").stdout)
    ids: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("id"), str) and "quote" in value:  # a claim
                ids.add(value["id"])
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(data)
    for claim_id in ids:
        assert any(claim_id in line for line in lines), f"{claim_id} is broken or missing"
    for python in ("None", "{'", "e+1", "e+0", "[]"):
        assert python not in result.stdout, python


@pytest.mark.parametrize(
    "args, said",
    [
        (("claims", "--subject", "Moonshot AI"), "no claims match"),
        (("conflicts", "--untriaged"), "no untriaged discrepancies"),
        (("conflicts", "--uncompared"), "no claims left uncompared"),
    ],
)
def test_an_empty_answer_says_so(cli: Invoke, args: tuple[str, ...], said: str) -> None:
    result = cli(*args, "--root", LAUNCH)
    assert result.exit_code == 0
    assert result.stdout.startswith(said)


def test_empty_kb_answers_say_so(cli: Invoke, tmp_path: Path) -> None:
    (tmp_path / "claims").mkdir()
    (tmp_path / "sources").mkdir()
    assert cli("sources", "--root", tmp_path).stdout == "no sources\n"
    assert cli("timeline", "--root", tmp_path).stdout == "no date claims\n"
    assert cli("conflicts", "--root", tmp_path).stdout == "no discrepancies\n"
    assert cli("claims", "--root", tmp_path).stdout == "no claims match\n"


def test_a_short_wrong_quote_shows_the_words_that_differ(cli: Invoke, tmp_path: Path) -> None:
    root = tmp_path / "kb"
    shutil.copytree(FIXTURES / "invalid" / "quote-not-found", root)
    result = cli("check", "--root", root)
    [line] = [ln for ln in result.stdout.splitlines() if "CKB301" in ln]
    assert line.endswith(
        "nearest passage (line 4, 97% similar): 'Model X has [-140-]{+104+} billion "
        "parameters.' ([-quote-]{+source+}) [claims: a-params-again]"
    )
    path = root / "claims" / "news-a.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("has 140 billion parameters.", "has 140 billion"), "utf-8")
    [line] = [ln for ln in cli("check", "--root", root).stdout.splitlines() if "CKB301" in ln]
    # the passage is whole words, not the fragment the alignment found
    assert "'Model X has [-140-]{+104+} billion' ([-quote-]{+source+})" in line


def test_every_record_of_the_corpus_renders_at_80_columns() -> None:
    """A claim of every shape (``show``: each property, with and without via, items,
    qualifiers, a derivation), every derived claim (``explain``) and every entity of the
    bundled corpus, rendered as a person sees it: nothing raises, every line fits, none ends
    in padding."""
    from io import StringIO

    from rich.console import Console

    import claimkb
    from claimkb import query
    from claimkb.explain import explain
    from claimkb.render import records
    from claimkb.render.explain import explain as render_explain

    kb = claimkb.load(PROJECT)
    findings = claimkb.check(kb).findings
    out = StringIO()
    console = Console(file=out, width=80, color_system=None, highlight=False)
    shapes = {}
    for claim in kb.claims.values():
        shape = (claim.property, bool(claim.via), bool(claim.items), bool(claim.qualifiers))
        shapes.setdefault((*shape, claim.derived is not None, claim.status), claim.id)
    for claim_id in shapes.values():
        records.show(console, query.show(kb, claim_id, findings))
        if kb.claims[claim_id].derived is not None:
            render_explain(console, explain(kb, claim_id, findings))
    for entity in kb.entities.values():
        records.entity(console, query.entity(kb, entity.id))
    lines = out.getvalue().splitlines()
    assert len(lines) > len(shapes) * 10
    for line in lines:
        assert cell_len(line) <= 80 or " " not in line.strip(), line
        assert line == line.rstrip(), line

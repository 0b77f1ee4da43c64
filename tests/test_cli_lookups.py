"""A lookup that misses says so and offers what was meant: a claim id, an entity, a filter of
`claims`, a status or a format spelt a letter or two off; a misspelling a resolution records
finds its entity. Asked of the whole KB and of the query index a check leaves, the answer is
the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimkb.suggest import closest, did_you_mean, quoted_list
from conftest import FIXTURES, PROJECT, Invoke
from test_entity_misspellings import _kb

# -- the suggestions ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, choices, expected",
    [
        ("memory-capacty", ["memory-capacity", "memory-bandwidth"], ["memory-capacity"]),
        ("MTT S5001", ["MTT S5000", "mtt-s5000", "Moore Threads"], ["MTT S5000"]),
        ("s004-mxfp4-weights", ["s004-weights-mxfp4", "s004-weights-fp8"], ["s004-weights-mxfp4"]),
        ("DeepSeek-V3", ["DeepEP", "DeepGEMM"], []),
        ("jsn", ["text", "json", "github", "sarif", "junit"], ["json"]),
        ("yaml", ["text", "json", "github", "sarif", "junit"], []),
        ("", ["a"], []),
        ("x", [], []),
    ],
)
def test_closest_offers_names_spelt_alike_only(
    name: str, choices: list[str], expected: list[str]
) -> None:
    assert closest(name, choices) == expected


def test_closest_offers_each_thing_once_and_what_the_caller_names() -> None:
    names = {
        "Ulaanbaatar": "Ulaanbaatar",
        "ulaanbaatar": "Ulaanbaatar",
        "Ulan Bator": "Ulaanbaatar",
    }
    assert closest("Ulanbaatox", names, offer=names) == ["Ulaanbaatar"]
    assert did_you_mean("verifed", ["verified", "refuted"]) == "; did you mean 'verified'?"
    assert did_you_mean("zzz", ["verified"]) == ""
    assert quoted_list(["a", "b", "c"]) == "'a', 'b' or 'c'"


# -- the corpus, as the issue found it --------------------------------------------------------


@pytest.mark.parametrize("checked", [False, True], ids=["whole KB", "query index"])
@pytest.mark.parametrize(
    "args, message",
    [
        (
            ("show", "s004-mxfp4-weights"),
            "no claim with id 's004-mxfp4-weights'; did you mean 's004-weights-mxfp4' or "
            "'s004-faq-weights-mxfp4'?",
        ),
        (
            ("claims", "--subject", "MTT S5001"),
            "--subject 'MTT S5001' names no entity and no claim's subject; did you mean "
            "'MTT S5000'?",
        ),
        (
            ("claims", "--property", "memory-capacty"),
            "--property 'memory-capacty' is not a property of this KB; did you mean "
            "'memory-capacity'?",
        ),
        (
            ("explain", "s004-cluster-memry"),
            "no claim with id 's004-cluster-memry'; did you mean 's004-cluster-memory' or "
            "'s004-faq-cluster-memory'?",
        ),
    ],
    ids=lambda x: " ".join(x) if isinstance(x, tuple) else None,
)
def test_corpus_typos_get_what_was_meant(
    cli: Invoke, args: tuple[str, ...], message: str, checked: bool
) -> None:
    if checked:
        cli("check", "--root", PROJECT)
    result = cli(*args, "--root", PROJECT)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"claimkb: {message}\n"


@pytest.mark.parametrize("checked", [False, True], ids=["whole KB", "query index"])
def test_a_recorded_misspelling_finds_its_entity_with_its_resolution(
    cli: Invoke, checked: bool
) -> None:
    if checked:
        cli("check", "--root", PROJECT)
    data = json.loads(cli("entity", "Ulanbaatoi", "--root", PROJECT, "--json").stdout)
    assert data["entity"]["id"] == "ulanqab"
    assert data["matched"] == "Ulanbaatoi"
    assert data["misspelling"]["resolution"]["id"] == "r-ulanbaatoi"
    assert data["misspelling"]["resolution"]["kind"] == "misspelling"
    assert data["misspelling"]["claims"] == ["s000-dc-ulanbaatoi"]
    assert (
        json.loads(cli("entity", "Ulanqab", "--root", PROJECT, "--json").stdout)["misspelling"]
        is None
    )


def test_the_misspelling_is_said_in_the_text(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    result = cli("entity", "ulanbaatoi", "--root", _kb(tmp_path))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[:6] == [
        "Ulanqab · ulanqab · place · claims/wire.yaml:4",
        "  aliases  Wulanchabu, 乌兰察布",
        "",
        "“ulanbaatoi” is not one of its names: resolution r-spelling (misspelling)",
        "records it as a misspelling of Ulanqab in misspelt:",
        "  Ulanbaatoi is Ulanqab misspelt.",
    ]


# -- choices --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, option, message",
    [
        (
            ("check", "--format", "jsn"),
            "'--format' / '-f'",
            "'jsn' is not one of text, json, github, sarif, junit; did you mean 'json'?",
        ),
        (
            ("check", "--format", "yaml"),
            "'--format' / '-f'",
            "'yaml' is not one of text, json, github, sarif, junit",
        ),
        (
            ("check", "--fail-on", "warn"),
            "'--fail-on'",
            "'warn' is not one of error, warning, info; did you mean 'warning'?",
        ),
        (
            ("export", "-f", "cvs"),
            "'--format' / '-f'",
            "'cvs' is not one of claimreview, csv, sqlite; did you mean 'csv'?",
        ),
        (
            ("schema", "--kind", "claim"),
            "'--kind'",
            "'claim' is not one of claims, sources, registry, all; did you mean 'claims'?",
        ),
    ],
)
def test_a_bad_choice_lists_the_choices_without_python_words(
    cli: Invoke, args: tuple[str, ...], option: str, message: str
) -> None:
    result = cli(*args, "--root", PROJECT) if args[0] != "schema" else cli(*args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines()[-1] == f"Error: Invalid value for {option}: {message}"
    assert "Value error" not in result.stderr


@pytest.mark.parametrize("given", [("--format", "sarif"), ("-f", "text"), ("-f", "junit")])
def test_json_with_another_format_is_a_usage_error(cli: Invoke, given: tuple[str, str]) -> None:
    launch = FIXTURES / "valid" / "launch"
    result = cli("check", "--json", *given, "--root", launch)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"claimkb: --json and --format {given[1]} cannot be given together; give one of them\n"
    )
    both = cli("check", "--json", "--format", "json", "--root", launch)
    assert both.exit_code == 0 and both.stdout == cli("check", "--json", "--root", launch).stdout

"""``claimkb explain``: the library's data and the command's rendering."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import claimkb
from claimkb.explain import NotDerived, explain
from claimkb.query import NotFound
from conftest import FIXTURES, Invoke

MISMATCH = FIXTURES / "invalid" / "derived-mismatch"
ERRORS = FIXTURES / "invalid" / "derived-error"
VALID = FIXTURES / "valid" / "derived"


def _explain(root: Path, claim_id: str) -> dict[str, object]:
    """The library's explain of ``claim_id``, with the findings of the KB's check."""
    kb = claimkb.load(root)
    return explain(kb, claim_id, claimkb.check(kb).findings)


def test_explain_data_of_a_prefix_mix_up() -> None:
    data = _explain(MISMATCH, "cluster-memory")
    assert data["verdict"] == "mismatch" and data["detail"] is None
    assert [(i["ref"], i["value"], i["text"], i["source"]) for i in data["inputs"]] == [
        ("servers", "6 台", "6", "news-a"),
        ("cards-per-server", "8 卡", "8", "news-a"),
        ("card-memory", "80GB", "80 GB [79.5, 80.5]", "news-a"),
    ]
    assert [(s["expr"], s["kind"], s["text"]) for s in data["steps"]] == [
        ("{servers}", "input", "6"),
        ("{cards-per-server}", "input", "8"),
        ("{servers} * {cards-per-server}", "step", "48"),
        ("{card-memory}", "input", "80 GB [79.5, 80.5]"),
        ("{servers} * {cards-per-server} * {card-memory}", "step", "3.84 TB [3.816, 3.864]"),
    ]
    assert data["result"]["unit"] == "TB"
    assert data["result"]["nominal"] == pytest.approx(3.84)
    assert (data["stated"]["lower"], data["stated"]["upper"]) == pytest.approx((3.745, 3.755))
    assert (data["cause"]["kind"], data["cause"]["factor"]) == ("prefix", 1.024)
    assert [(f["code"], f["triaged_by"]) for f in data["findings"]] == [("CKB411", None)]


def test_explain_text(cli: Invoke) -> None:
    result = cli("explain", "cluster-memory", "--root", MISMATCH)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == [
        "cluster-memory · 约 3.75 TB · single-source · claims/news-a.yaml:24",
        "  derived  {servers} * {cards-per-server} * {card-memory}",
        "",
        "inputs (3) · source news-a · status single-source",
        "input                as written   range",
        "─" * 54,
        "{servers}            6 台         6",
        "{cards-per-server}   8 卡         8",
        "{card-memory}        80GB         80 GB (79.5–80.5 GB)",
        "",
        "steps (2)",
        "sub-expression                                   value                      dimension",
        "─" * 88,
        "{servers} * {cards-per-server}                   48                         plain number",
        "{servers} * {cards-per-server} * {card-memory}   3.84 TB (3.816–3.864 TB)   byte",
        "",
        "recomputed    3.84 TB (3.816–3.864 TB)",
        "stated        3.75 TB (3.745–3.755 TB)",
        "verdict       mismatch",
        "likely cause  prefix: decimal/binary prefix mix-up: the stated value × 1.024 ≈ the "
        "recomputed one (1024 taken for 1000,",
        "              or the reverse, in one conversion step)",
        "CKB411 derived-mismatch",
    ]


def test_explain_at_80_columns_keeps_ids_and_figures_whole(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    lines = cli("explain", "mxfp4-weights", "--root", MISMATCH).stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "  likely cause  nominal: constant 'mxfp4' taken at its nominal 4 bit/parameter" in [
        "  " + line for line in lines
    ]
    assert "{mxfp4}  constant" in lines


def test_explain_shows_other_fitting_causes_and_triage(cli: Invoke) -> None:
    result = cli("explain", "mxfp4-weights", "--root", MISMATCH)
    assert result.stdout.splitlines()[-9:] == [
        "stated        1.4 TB (1.35–1.45 TB)",
        "verdict       mismatch",
        "likely cause  nominal: constant 'mxfp4' taken at its nominal 4 bit/parameter instead of "
        "its real 4.25 bit/parameter",
        "              gives 1.4 TB [1.375, 1.425]",
        "also fits     prefix: decimal/binary prefix mix-up: the stated value × 1.07374 ≈ the "
        "recomputed one (GB and GiB confused",
        "              (1024^3 vs 1000^3))",
        "also fits     rounding: the stated 1.4 looks like the result (1.4875 TB [1.46094, "
        "1.51406]) rounded or truncated to 0.1",
        "              TB",
        "CKB411 derived-mismatch (triaged: r-mxfp4-weights)",
    ]


def test_explain_an_error_names_the_column(cli: Invoke) -> None:
    result = cli("explain", "weights", "--root", ERRORS)
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-2:] == [
        "verdict  error — cannot add parameter and byte: '{params}' is in parameter, "
        "'{card-memory}' in byte (column 12)",
        "CKB231 derived-error",
    ]


def test_explain_json_is_the_library_data(cli: Invoke) -> None:
    result = cli("explain", "a-gap", "--root", VALID, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data == json.loads(json.dumps(_explain(VALID, "a-gap")))
    assert (data["verdict"], data["result"]["unit"], data["stated"]["unit"]) == (
        "matches",
        "pp",
        "pp",
    )
    assert [i["text"] for i in data["inputs"]] == ["66.4 % [66.35, 66.45]", "65.7 % [65.65, 65.75]"]


@pytest.mark.parametrize(
    ("claim_id", "message"),
    [
        ("a-params", "claimkb: claim 'a-params' is not derived (it has no 'derived:' section)\n"),
        ("nope", "claimkb: no claim with id 'nope'\n"),
    ],
)
def test_explain_refuses_what_it_cannot_explain(cli: Invoke, claim_id: str, message: str) -> None:
    result = cli("explain", claim_id, "--root", VALID)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", message)
    with pytest.raises((NotDerived, NotFound)):
        _explain(VALID, claim_id)


def test_pint_is_imported_only_for_derived_claims() -> None:
    code = (
        "import sys, claimkb, claimkb.cli\n"
        "from claimkb.cli import app\n"
        f"claimkb.check({str(FIXTURES / 'valid' / 'minimal')!r})\n"
        "assert 'pint' not in sys.modules, 'pint imported without a derived claim'\n"
        f"claimkb.check({str(VALID)!r})\n"
        "assert 'pint' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)

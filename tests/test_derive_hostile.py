"""Derived claims written to game or stop the check (issue 17): an expression without inputs
verifies nothing, a value beyond the float range is a finding and never a match, the cause
search is bounded, and one bad expression leaves the rest of the check running."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import claimkb
from claimkb.derive import arithmetic_support, outcomes
from claimkb.derive import causes as causes_module
from claimkb.derive.causes import MAX_RETRIES
from claimkb.explain import explain
from derived_kb import claim, load_kb, write_kb

PARAMS = claim("params", "total-parameters", "2.8 万亿")
WRONG = claim("wrong", "weight-size", "6.0 TB", "{params} * {bf16}")
"""A plain mismatch, to show the check goes on past a hostile expression."""


def _found(root: Path) -> list[tuple[str, int | None, tuple[str, ...], str]]:
    report = claimkb.check(root)
    return [(f.slug, f.line, f.claims, f.message) for f in report.open_findings]


def test_an_expression_without_inputs_verifies_nothing(tmp_path: Path) -> None:
    kb = load_kb(tmp_path, [claim("n", "cards-needed", "4", "4", status="verified")])
    assert outcomes(kb)["n"].verdict == "error"
    assert arithmetic_support(kb, kb.claims["n"]) is None
    assert _found(tmp_path) == [
        (
            "status-unsupported",
            7,
            ("n",),
            "claim 'n' is 'verified' but only one independent source states this value (it "
            "rests on news-a); sources that relay one another or that one organisation issued "
            "count once; or derive it from verified inputs; the evidence supports "
            "'single-source', 'insufficient-evidence' or 'unchecked'",
        ),
        (
            "derived-no-inputs",
            9,
            ("n",),
            "claim 'n', derived '4': the expression references no claim or constant, so "
            "recomputing it checks nothing and supports no status: write the figures it is "
            "computed from as references ({claim-id} * {constant-id}), or remove 'derived:'",
        ),
    ]


@pytest.mark.parametrize(
    ("expr", "detail"),
    [
        pytest.param(
            "{params} * 0 + 1e999 parameters",
            "column 16: the number '1e999 parameters' is beyond the float range (±1.8e308): "
            "too large to compute with; check its exponent",
            id="infinite-literal",
        ),
        pytest.param(
            "{params} * 1e999 * 0",
            "column 12: the number '1e999' is beyond the float range (±1.8e308): too large to "
            "compute with; check its exponent",
            id="infinity-times-zero",
        ),
        pytest.param(
            "{params} * 1e200 * 1e200",
            "column 1: '{params} * 1e200 * 1e200' gives a value beyond the float range "
            "(±1.8e308); check the exponents and units of its figures",
            id="overflow",
        ),
        pytest.param(
            "{params} / 1e-300",
            "column 1: '{params} / 1e-300' gives a value beyond the float range (±1.8e308); "
            "check the exponents and units of its figures",
            id="tiny-divisor",
        ),
        pytest.param(
            "{params} * 1e-170 * 1e-170",
            "column 1: '{params} * 1e-170 * 1e-170' gives a value below the smallest float "
            "(2.2e-308) but not 0; check the exponents and units of its figures",
            id="vanishing",
        ),
        pytest.param(
            "{params} - {params} + 1e-400 parameters",
            "column 23: the number '1e-400 parameters' is below the smallest float (2.2e-308) "
            "but not 0: it would read as 0; check its exponent",
            id="literal-read-as-zero",
        ),
    ],
)
def test_a_value_beyond_the_float_range_never_matches_and_the_check_goes_on(
    tmp_path: Path, expr: str, detail: str
) -> None:
    kb = load_kb(
        tmp_path,
        [PARAMS, claim("x", "total-parameters", "2.8 万亿", expr, status="verified"), WRONG],
    )
    assert outcomes(kb)["x"].verdict == "error"
    assert arithmetic_support(kb, kb.claims["x"]) is None
    found = [(slug, claims, message) for slug, _, claims, message in _found(tmp_path)]
    assert ("derived-not-finite", ("x",), f"claim 'x', derived {expr!r}, {detail}") in found
    assert [slug for slug, claims, _ in found if claims == ("wrong",)] == ["derived-mismatch"]


def test_a_result_near_the_float_range_is_reported_in_a_finite_unit(tmp_path: Path) -> None:
    claims = [
        claim("x", "weight-size", "1e300 B", qualifiers={"part": "x"}),
        claim("w", "weight-size", "1e300 bit", "{x} * 1e8"),
    ]
    write_kb(tmp_path, claims)
    assert _found(tmp_path) == [
        (
            "derived-mismatch",
            14,
            ("w",),
            "claim 'w' states '1e300 bit' ([5e299, 1.5e300] bit) but {x} * 1e8 gives "
            "1e290 EB [5e289, 1.5e290]",
        )
    ]


def _slot(i: int) -> dict[str, str]:
    return {"slot": str(i)}  # a new dict each time: yaml.safe_dump would anchor a shared one


def test_the_cause_search_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    claims: list[dict[str, Any]] = []
    for i in range(12):  # 12 inputs with 20 rivals each: 240 wrong-input hypotheses alone
        claims.append(
            claim(f"in{i}", "total-parameters", "1.2345678 trillion", qualifiers=_slot(i))
        )
        claims += [
            claim(f"in{i}-{r}", "total-parameters", f"{r + 2}.5 trillion", qualifiers=_slot(i))
            for r in range(20)
        ]
    expr = " + ".join(f"{{in{i}}}" for i in range(12))
    kb = load_kb(tmp_path, [*claims, claim("total", "total-parameters", "1 trillion", expr)])
    calls = 0
    evaluate = causes_module.evaluate

    def counted(*args: Any) -> Any:
        nonlocal calls
        calls += 1
        return evaluate(*args)

    monkeypatch.setattr(causes_module, "evaluate", counted)
    assert outcomes(kb)["total"].verdict == "mismatch"
    assert calls == MAX_RETRIES


def test_a_huge_expression_is_quoted_short_and_explained(tmp_path: Path) -> None:
    expr = "{params}" + " + 0 parameters" * 7000
    kb = load_kb(tmp_path, [PARAMS, claim("x", "total-parameters", "2.8 万亿", expr)])
    (finding,) = [f for f in claimkb.check(kb).open_findings if f.claims == ("x",)]
    assert finding.slug == "derived-limit"
    assert finding.message == (
        f"claim 'x', derived {expr[:119] + '…'!r}, column 2001: the expression is longer than "
        "2000 characters (105008); split it into derived claims of their own"
    )
    assert len(finding.args["expr"]) == 2000
    explained = explain(kb, "x", claimkb.check(kb).findings)
    assert (explained["verdict"], explained["column"]) == ("error", 2001)
    assert [f["code"] for f in explained["findings"]] == ["CKB233"]

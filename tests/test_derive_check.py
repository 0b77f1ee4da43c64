"""Derived claims end to end: exact recomputations, each kind of mismatch with its cause,
and every kind of derivation error, through ``claimkb.check``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import claimkb
from claimkb.derive import outcomes
from derived_kb import claim, load_kb, write_kb

PARAMS = claim("params", "total-parameters", "2.8 万亿")
CARD = claim("card", "card-memory", "80GB")
SERVERS = claim("servers", "server-count", "6 台")
PER_SERVER = claim("per-server", "cards-per-server", "8 卡")
KIMI = claim("kimi-score", "benchmark-score", "65.7%", qualifiers={"benchmark": "tb4"})
OPUS = claim(
    "opus-score", "benchmark-score", "66.4%", subject="opus", qualifiers={"benchmark": "tb4"}
)


def _findings(root: Path) -> list[tuple[str, str, int | None, tuple[str, ...]]]:
    report = claimkb.check(root)
    return [(f.slug, f.file or "", f.line, f.claims) for f in report.open_findings]


def _derived_findings(root: Path) -> list[Any]:
    return [f for f in claimkb.check(root).findings if f.slug.startswith("derived")]


# -- exact recomputations ----------------------------------------------------------------------

EXACT = [
    pytest.param(
        [PARAMS, claim("w", "weight-size", "5.6 TB", "{params} * {bf16}")], 5.6e12, id="bf16"
    ),
    pytest.param(
        [KIMI, OPUS, claim("gap", "score-gap", "0.7 个百分点", "pp({opus-score}, {kimi-score})")],
        0.7,
        id="percentage-points",
    ),
    pytest.param(
        [PARAMS, claim("n", "cards-needed", "35 张", "ceil({params} * {fp8} / 80 GB)")],
        35.0,
        id="ceil-cards",
    ),
    pytest.param(
        [
            SERVERS,
            PER_SERVER,
            CARD,
            claim("m", "cluster-memory", "3.84 TB", "{servers} * {per-server} * {card}"),
        ],
        3.84e12,
        id="cluster-memory",
    ),
    pytest.param(
        [
            claim("new", "benchmark-score", "61.2%", qualifiers={"benchmark": "code"}),
            claim("old", "benchmark-score", "55.95%", qualifiers={"benchmark": "code", "v": "k3"}),
            claim("up", "score-change", "9.4%", "change({new}, {old})"),
        ],
        9.383378016085787,
        id="relative-change",
    ),
    pytest.param(
        [PARAMS, claim("half", "weight-size", "1.4 TB", "{params} * {fp8} * 50%")],
        1.4e12,
        id="percent-literal",
    ),
    pytest.param(
        [
            SERVERS,
            PER_SERVER,
            claim("all", "cards-needed", "56", "sum({servers}, {per-server} * {servers}, 2)"),
        ],
        56.0,
        id="sum",
    ),
    pytest.param(
        [
            CARD,
            claim(
                "min",
                "card-memory",
                "64 GiB",
                "min({card}, 64 GiB, 100 GB)",
                qualifiers={"q": "min"},
            ),
        ],
        64 * 2.0**30,
        id="min-binary-literal",
    ),
]


@pytest.mark.parametrize(("claims", "nominal"), EXACT)
def test_exact_recomputations_match(
    tmp_path: Path, claims: list[dict[str, Any]], nominal: float
) -> None:
    kb = load_kb(tmp_path, claims)
    derived = list(outcomes(kb).values())
    assert [(o.verdict, o.problem) for o in derived] == [("matches", None)]
    result = derived[0].result
    assert result is not None
    base = result.value.mid / (0.01 if "%" in claims[-1]["value"] else 1.0)
    assert base == pytest.approx(nominal, rel=1e-12)
    assert _findings(tmp_path) == []


def test_ceil_of_a_rounded_input_is_a_range(tmp_path: Path) -> None:
    kb = load_kb(
        tmp_path,
        [PARAMS, CARD, claim("n", "cards-needed", "35", "ceil({params} * {fp8} / {card})")],
    )
    (outcome,) = outcomes(kb).values()
    assert outcome.result is not None
    value = outcome.result.value
    assert (value.lo, value.mid, value.hi) == (35.0, 35.0, 36.0)


# -- mismatches and their causes ----------------------------------------------------------------


def _mismatch(tmp_path: Path, claims: list[dict[str, Any]], **kwargs: Any) -> dict[str, Any]:
    write_kb(tmp_path, claims, **kwargs)
    found = _derived_findings(tmp_path)
    assert [f.slug for f in found] == ["derived-mismatch"]
    return dict(found[0].args)


def test_prefix_confusion_tb_vs_tib(tmp_path: Path) -> None:
    cluster = claim("m", "cluster-memory", "约 3.75 TB", "{servers} * {per-server} * {card}")
    args = _mismatch(tmp_path, [SERVERS, PER_SERVER, CARD, cluster])
    assert args["stated_range"] == pytest.approx([3.745, 3.755])
    assert args["recomputed_range"] == pytest.approx([3.816, 3.864])
    assert args["recomputed_nominal"] == pytest.approx(3.84)
    assert args["unit"] == "TB"
    cause = args["cause"]
    assert (cause["kind"], cause["factor"], cause["direction"]) == ("prefix", 1.024, "multiply")
    assert cause["distance"] == pytest.approx(0.0, abs=1e-12)
    message = claimkb.check(tmp_path).open_findings[0].message
    assert message == (
        "claim 'm' states '约 3.75 TB' ([3.745, 3.755] TB) but {servers} * {per-server} * "
        "{card} gives 3.84 TB [3.816, 3.864]; likely cause: prefix: decimal/binary prefix "
        "mix-up: the stated value × 1.024 ≈ the recomputed one (1024 taken for 1000, or the "
        "reverse, in one conversion step)"
    )


def test_nominal_versus_real_bits_of_mxfp4(tmp_path: Path) -> None:
    weights = claim("w", "weight-size", "约 1.4 TB", "{params} * {mxfp4}")
    args = _mismatch(tmp_path, [PARAMS, weights])
    assert args["recomputed_nominal"] == pytest.approx(1.4875)
    assert args["recomputed_range"] == pytest.approx([1.4609375, 1.5140625])
    cause = args["cause"]
    assert (cause["kind"], cause["constant"], cause["nominal"], cause["real"]) == (
        "nominal",
        "mxfp4",
        "4 bit/parameter",
        "4.25 bit/parameter",
    )
    assert cause["recomputed"]["nominal"] == pytest.approx(1.4)
    kinds = [c["kind"] for c in args["causes"]]
    assert kinds[0] == "nominal" and "rounding" in kinds  # other fits stay visible


def test_wrong_input_uses_the_rival_figure(tmp_path: Path) -> None:
    rival = claim("params-3t", "total-parameters", "3 trillion", source="news-b")
    weights = claim("w", "weight-size", "6.0 TB", "{params} * {bf16}", qualifiers={"f": "bf16"})
    args = _mismatch(
        tmp_path,
        [PARAMS, rival, weights],
        resolutions=[
            {
                "id": "r-params",
                "claims": ["params", "params-3t"],
                "preferred": "params",
                "kind": "rounding",
                "reason": "3 trillion rounds 2.8 trillion",
            }
        ],
    )
    cause = args["cause"]
    assert (cause["kind"], cause["input"], cause["rival"], cause["rival_value"]) == (
        "wrong-input",
        "params",
        "params-3t",
        "3 trillion",
    )
    assert cause["recomputed"]["nominal"] == pytest.approx(6.0)
    assert [c["kind"] for c in args["causes"]][:2] == ["wrong-input", "input-rounding"]


def test_input_rounded_before_computing(tmp_path: Path) -> None:
    active = claim("active", "active-parameters", "1040 亿")
    weights = claim("w", "weight-size", "200 GB", "{active} * {bf16}")
    args = _mismatch(tmp_path, [active, weights])
    cause = args["cause"]
    assert (cause["kind"], cause["input"], cause["rounded"]) == ("input-rounding", "active", 1e11)
    assert args["recomputed_nominal"] == pytest.approx(208.0)


@pytest.mark.parametrize(
    ("stated", "expr", "place"),
    [
        ("约 380 张", "{servers} * {per-server}", 10.0),  # 48 × 8 = 384, trailing zero
        ("4.3 台", "35 / {per-server}", 0.1),  # 4.375 truncated
    ],
)
def test_rounding_of_the_result(tmp_path: Path, stated: str, expr: str, place: float) -> None:
    servers = claim("servers", "server-count", "48 台")
    args = _mismatch(tmp_path, [servers, PER_SERVER, claim("n", "cards-needed", stated, expr)])
    cause = args["cause"]
    assert (cause["kind"], cause["place"]) == ("rounding", pytest.approx(place))
    assert [c["kind"] for c in args["causes"]] == ["rounding"]  # no prefix cause for counts


def test_mismatch_without_a_known_cause(tmp_path: Path) -> None:
    args = _mismatch(tmp_path, [PARAMS, claim("w", "weight-size", "10 TB", "{params} * {bf16}")])
    assert args["cause"] is None and args["causes"] == []
    assert args["because"] == ""


def test_a_mismatch_is_triaged_by_a_resolution(tmp_path: Path) -> None:
    weights = claim("w", "weight-size", "约 1.4 TB", "{params} * {mxfp4}", status="refuted")
    write_kb(
        tmp_path,
        [PARAMS, weights],
        resolutions=[
            {
                "id": "r-mxfp4",
                "claims": ["w"],
                "kind": "arithmetic",
                "reason": "4.25 bits per parameter give 1.49 TB, not 1.4 TB",
            }
        ],
    )
    report = claimkb.check(tmp_path)
    assert report.open_findings == []
    assert [(f.slug, f.triaged_by) for f in report.triaged_findings] == [
        ("derived-mismatch", "r-mxfp4")
    ]


# -- errors ---------------------------------------------------------------------------------------

ERRORS = [
    pytest.param(
        "{params} + {card}",
        "weight-size",
        "claim 'w', derived '{params} + {card}', column 12: cannot add parameter and byte: "
        "'{params}' is in parameter, '{card}' in byte",
        id="bytes-plus-parameters",
    ),
    pytest.param(
        "ceil({params} * {fp8})",
        "cards-needed",
        "claim 'w', derived 'ceil({params} * {fp8})', column 6: ceil needs a plain number, but "
        "'{params} * {fp8}' is in byte: divide by a unit first, e.g. ceil({size} / 80 GB)",
        id="ceil-of-a-size",
    ),
    pytest.param(
        "{params} * {fp8}",
        "cards-needed",
        "claim 'w', derived '{params} * {fp8}': the expression gives byte, but property "
        "'cards-needed' is in count",
        id="result-in-another-unit",
    ),
    pytest.param(
        "pp({card}, {card})",
        "score-gap",
        "claim 'w', derived 'pp({card}, {card})', column 4: pp needs two percentages, but "
        "'{card}' is in byte",
        id="pp-of-sizes",
    ),
    pytest.param(
        "{card} / (2 - 2)",
        "card-memory",
        "claim 'w', derived '{card} / (2 - 2)', column 10: cannot divide by '(2 - 2)': "
        "division by zero",
        id="division-by-zero",
    ),
    pytest.param(
        "ceil({params} / {card}",
        "cards-needed",
        "claim 'w', derived 'ceil({params} / {card}', column 23: missing ')' after the "
        "arguments of ceil",
        id="unclosed",
    ),
    pytest.param(
        "{params} {card}",
        "cards-needed",
        "claim 'w', derived '{params} {card}', column 10: expected an operator before '{card}'",
        id="missing-operator",
    ),
    pytest.param(
        "weights * 2",
        "cards-needed",
        "claim 'w', derived 'weights * 2', column 1: unknown name 'weights': claim and "
        "constant ids go in braces, {weights}; functions are ceil, floor, round, min, max, sum, "
        "pp, change",
        id="unknown-name",
    ),
    pytest.param(
        "sqrt({card})",
        "card-memory",
        "claim 'w', derived 'sqrt({card})', column 1: unknown function 'sqrt'; known: ceil, "
        "floor, round, min, max, sum, pp, change",
        id="unknown-function",
    ),
    pytest.param(
        "{card} * 3 flurbs",
        "card-memory",
        "claim 'w', derived '{card} * 3 flurbs', column 12: unknown unit 'flurbs'",
        id="unknown-unit",
    ),
    pytest.param(
        "{card} ** 2",
        "card-memory",
        "claim 'w', derived '{card} ** 2', column 9: unexpected '*'",
        id="power",
    ),
    pytest.param(
        "{bad id} * 2",
        "card-memory",
        "claim 'w', derived '{bad id} * 2', column 1: '{bad id}' does not hold a claim or "
        "constant id",
        id="bad-id",
    ),
    pytest.param(
        "max()",
        "card-memory",
        "claim 'w', derived 'max()', column 1: max takes at least 1 argument(s), not 0",
        id="arity",
    ),
    pytest.param(
        "{card} $ 2",
        "card-memory",
        "claim 'w', derived '{card} $ 2', column 8: unexpected character '$'",
        id="bad-character",
    ),
]


@pytest.mark.parametrize(("expr", "prop", "message"), ERRORS)
def test_derivation_errors_are_located(tmp_path: Path, expr: str, prop: str, message: str) -> None:
    value = "1 TB" if prop in ("weight-size", "card-memory") else "1"
    if prop == "score-gap":
        value = "1 pp"
    write_kb(tmp_path, [PARAMS, CARD, claim("w", prop, value, expr)])
    found = _derived_findings(tmp_path)
    assert [(f.slug, f.file, f.line, f.claims, f.message) for f in found] == [
        ("derived-error", "claims/claims.yaml", 23, ("w",), message)
    ]


def test_unknown_reference_is_an_unknown_claim_with_a_hint(tmp_path: Path) -> None:
    write_kb(tmp_path, [PARAMS, claim("w", "weight-size", "1 TB", "{param} * {bf16}")])
    found = [f for f in claimkb.check(tmp_path).findings if f.slug == "unknown-claim"]
    assert [(f.line, f.message) for f in found] == [
        (16, "claim 'w' (derived) refers to unknown claim 'param' (did you mean 'params'?)")
    ]


def test_cycles_are_reported_once(tmp_path: Path) -> None:
    claims = [
        claim("a", "card-memory", "80 GB", "{b} * 2"),
        claim("b", "card-memory", "40 GB", "{a} / 2"),
        claim("c", "card-memory", "40 GB", "{c}"),
        claim("d", "card-memory", "80 GB", "{a} * 1"),
        claim("e", "cluster-memory", "1 TB", "{g} + {d}"),
        claim("f", "cluster-memory", "1 TB", "{e} * 1", qualifiers={"q": "f"}),
        claim("g", "cluster-memory", "1 TB", "{f} * 1 + {h}", qualifiers={"q": "g"}),
        claim("h", "cluster-memory", "0 TB", "{d} * 0", qualifiers={"q": "h"}),
    ]
    write_kb(tmp_path, claims)
    found = _derived_findings(tmp_path)
    assert sorted((f.claims, f.message) for f in found) == [
        (("a", "b"), "claim 'a': the derivations form a cycle: a → b → a"),
        (("c",), "claim 'c': the derivations form a cycle: c → c"),
        (("e", "f", "g"), "claim 'e': the derivations form a cycle: e → g → f → e"),
    ]
    # a claim that merely uses a claim inside a cycle is still recomputed (from stated values)
    assert outcomes(claimkb.load(tmp_path))["d"].verdict == "matches"


def test_inputs_must_be_bounded_quantities(tmp_path: Path) -> None:
    claims = [
        claim("day", "release-date", "2026-11-04"),
        claim("many", "server-count", "over 100"),
        claim("x", "server-count", "1", "{day} * 2"),
        claim("y", "server-count", "200", "{many} * 2"),
    ]
    write_kb(tmp_path, claims)
    assert [f.message for f in _derived_findings(tmp_path)] == [
        "claim 'x', derived '{day} * 2', column 1: input {day} is not a quantity (property "
        "'release-date' is a date)",
        "claim 'y', derived '{many} * 2', column 1: input {many} ('over 100') is open-ended; "
        "arithmetic needs a bounded value (give the claim explicit bounds)",
    ]


def test_an_unreadable_input_is_reported_once_and_not_recomputed(tmp_path: Path) -> None:
    claims = [
        claim("bad", "card-memory", "eighty-ish GB"),
        claim("w", "card-memory", "1 TB", "{bad} * 2"),
    ]
    kb = load_kb(tmp_path, claims)
    assert outcomes(kb)["w"].verdict == "unchecked"
    assert [f.slug for f in claimkb.check(kb).open_findings] == ["unparseable-value"]


def test_only_quantities_can_be_derived(tmp_path: Path) -> None:
    write_kb(tmp_path, [SERVERS, claim("d", "release-date", "2026-11-04", "{servers} + 1")])
    assert [f.message for f in _derived_findings(tmp_path)] == [
        "claim 'd', derived '{servers} + 1': only quantities can be derived, and property "
        "'release-date' is a date"
    ]


def test_constant_problems(tmp_path: Path) -> None:
    constants = [
        {"id": "bad", "value": "4.25 flurbs/parameter"},
        {"id": "mixed", "value": "4.25 bit/parameter", "nominal": "4 bit"},
        {"id": "open", "value": "over 4 bit/parameter"},
        {"id": "card", "value": "80 GB"},
        {"id": "cited", "value": "1 byte/parameter", "source": "news-c"},
    ]
    write_kb(tmp_path, [CARD], constants=constants)
    found = [
        (f.slug, f.line, f.message)
        for f in claimkb.check(tmp_path).open_findings
        if f.file == "claims/registry.yaml"
    ]
    assert found == [
        (
            "derived-error",
            75,
            "constant 'bad': cannot read value '4.25 flurbs/parameter': unknown unit "
            "'flurbs/parameter'",
        ),
        (
            "derived-error",
            78,
            "constant 'mixed': nominal '4 bit' is in byte but value '4.25 bit/parameter' is in "
            "byte/parameter",
        ),
        (
            "derived-error",
            80,
            "constant 'open': value 'over 4 bit/parameter' is open-ended; a constant needs a "
            "figure",
        ),
        (
            "derived-error",
            81,
            "constant 'card': a claim has the same id (claims/claims.yaml:2); expressions "
            "could not tell them apart",
        ),
        (
            "unknown-source",
            85,
            "constant 'cited' refers to unknown source 'news-c' (did you mean 'news-a'?)",
        ),
    ]


# -- statuses --------------------------------------------------------------------------------------


def _status_findings(root: Path) -> list[tuple[str, str]]:
    return [
        (f.claims[0], f.message)
        for f in claimkb.check(root).open_findings
        if f.slug.startswith("status")
    ]


def test_a_derived_claim_is_verified_by_arithmetic_from_verified_inputs(tmp_path: Path) -> None:
    claims = [
        claim("params", "total-parameters", "2.8 万亿", status="verified"),
        claim("params-b", "total-parameters", "2.8 trillion", source="news-b", status="verified"),
        claim("w", "weight-size", "5.6 TB", "{params} * {bf16}", status="verified"),
    ]
    write_kb(tmp_path, claims)
    assert _status_findings(tmp_path) == []


def test_verified_by_arithmetic_needs_verified_inputs(tmp_path: Path) -> None:
    claims = [PARAMS, claim("w", "weight-size", "5.6 TB", "{params} * {bf16}", status="verified")]
    write_kb(tmp_path, claims)
    assert _status_findings(tmp_path) == [
        (
            "w",
            "claim 'w' is 'verified' but only one independent source states this value (it "
            "rests on news-a); sources that relay one another or that one organisation "
            "issued count once; or derive it from verified inputs; the evidence supports "
            "'single-source', 'insufficient-evidence' or 'unchecked'",
        )
    ]


def test_a_failed_recomputation_refutes_and_cannot_be_verified(tmp_path: Path) -> None:
    claims = [
        claim("params", "total-parameters", "2.8 万亿", status="verified"),
        claim("params-b", "total-parameters", "2.8 trillion", source="news-b", status="verified"),
        claim("w", "weight-size", "约 1.4 TB", "{params} * {mxfp4}", status="verified"),
        claim(
            "w2",
            "weight-size",
            "约 1.4 TB",
            "{params} * {mxfp4}",
            status="refuted",
            source="news-b",
        ),
    ]
    write_kb(tmp_path, claims)
    assert _status_findings(tmp_path) == [
        (
            "w",
            "claim 'w' is 'verified' but recomputing it does not give the stated value (see "
            "`claimkb explain`); the evidence supports 'single-source', 'imprecise', "
            "'disputed', 'refuted', 'insufficient-evidence' or 'unchecked'",
        )
    ]


@pytest.mark.parametrize(
    ("expr_line", "slug", "message"),
    [
        (
            "      expr: {params} * {bf16}",
            "yaml-syntax",
            "YAML syntax error: did not find expected alphabetic or numeric character (quote an "
            'expression that starts with a brace: expr: "{a} * {b}")',
        ),
        (
            "      expr: {params}",
            "invalid-value",
            "claim 'w': field 'derived.expr' is a mapping: Value error, YAML read the braces as "
            'a mapping; quote the expression: expr: "{a} * {b}"',
        ),
    ],
)
def test_an_unquoted_expression_gets_a_hint(
    tmp_path: Path, expr_line: str, slug: str, message: str
) -> None:
    write_kb(tmp_path, [PARAMS])
    (tmp_path / "claims" / "w.yaml").write_text(
        "claims:\n  - id: w\n    subject: kimi\n    property: weight-size\n    value: 5.6 TB\n"
        "    quote: q\n    status: single-source\n    source: news-a\n    derived:\n"
        f"{expr_line}\n",
        encoding="utf-8",
    )
    found = [(f.slug, f.line, f.message) for f in claimkb.check(tmp_path).open_findings]
    assert found == [(slug, 10, message)]


def test_a_vague_rival_is_not_offered_as_the_cause(tmp_path: Path) -> None:
    """'a trillion-parameter model' spans one to ten trillion: it would "explain" any weight
    size, so it is no cause; a rival stated to its digits still is (the test above)."""
    vague = claim("params-vague", "total-parameters", "trillion-parameter", source="news-b")
    weights = claim("w", "weight-size", "9 TB", "{params} * {bf16}", qualifiers={"f": "bf16"})
    args = _mismatch(
        tmp_path,
        [PARAMS, vague, weights],
        resolutions=[
            {
                "id": "r-params",
                "claims": ["params", "params-vague"],
                "preferred": "params",
                "kind": "precision",
                "reason": "an order of magnitude beside the figure",
            }
        ],
    )
    assert all(c["kind"] != "wrong-input" for c in args["causes"])

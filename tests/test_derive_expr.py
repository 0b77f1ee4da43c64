"""The expression language: what parses into what, and where errors point."""

from __future__ import annotations

import pytest

from claimkb.derive.expr import (
    Binary,
    Call,
    ExprError,
    Node,
    Number,
    Ref,
    Unary,
    parse,
    refs,
    walk,
)


def test_references_literals_and_precedence() -> None:
    tree = parse("ceil({s004-fp8-weights} / 80 GB) + 2 * -{x.y~z}")
    assert isinstance(tree, Binary) and tree.op == "+"
    left, right = tree.left, tree.right
    assert isinstance(left, Call) and left.name == "ceil"
    (division,) = left.args
    assert isinstance(division, Binary) and division.op == "/"
    assert division.left == Ref(5, 23, "s004-fp8-weights")
    literal = division.right
    assert isinstance(literal, Number) and literal.value == 80e9
    assert literal.unit is not None and literal.unit.symbol == "GB"
    assert isinstance(right, Binary) and right.op == "*"
    assert isinstance(right.right, Unary) and right.right.op == "-"
    assert [r.id for r in refs(tree)] == ["s004-fp8-weights", "x.y~z"]


@pytest.mark.parametrize(
    ("text", "value", "symbol", "dimension"),
    [
        ("4.25 bit/parameter", 0.53125, "bit/parameter", "byte/parameter"),
        ("2 bytes/parameter", 2.0, "B/parameter", "byte/parameter"),
        ("50%", 50.0, "%", "percent"),
        ("0.7 pp", 0.7, "pp", "percentage-point"),
        ("3.75 TiB", 3.75 * 2.0**40, "TiB", "byte"),
        ("400 Gbps", 5e10, "Gbps", "byte/second"),
        ("1.6 TB/s", 1.6e12, "TB/s", "byte/second"),
        ("2.8e12 parameters", 2.8e12, "parameter", "parameter"),
        ("1,200 GB/s", 1.2e12, "GB/s", "byte/second"),
        ("8 字节", 8.0, "B", "byte"),
    ],
)
def test_numbers_with_units(text: str, value: float, symbol: str, dimension: str) -> None:
    tree = parse(text)
    assert isinstance(tree, Number) and tree.unit is not None
    assert tree.value == pytest.approx(value)
    assert (tree.unit.symbol, tree.unit.dimension) == (symbol, dimension)


def test_a_unit_after_a_slash_belongs_to_the_literal_only_when_it_is_a_unit() -> None:
    per = parse("{w} / 2 B/parameter")
    assert isinstance(per, Binary) and isinstance(per.right, Number)
    assert per.right.unit is not None and per.right.unit.dimension == "byte/parameter"
    ratio = parse("80 GB / 2")
    assert isinstance(ratio, Binary) and ratio.op == "/"
    assert isinstance(ratio.right, Number) and ratio.right.unit is None


def test_a_bare_unit_is_one_of_it_and_min_is_a_function_before_a_parenthesis() -> None:
    per_gb = parse("{w} / GB")
    assert isinstance(per_gb, Binary) and isinstance(per_gb.right, Number)
    assert per_gb.right.value == 1e9
    assert isinstance(parse("min({a}, {b})"), Call)
    minutes = parse("5 min")
    assert isinstance(minutes, Number) and minutes.value == 300.0


def test_unicode_operators() -> None:
    tree = parse("6 × 8 × 80 GB − 1 GB ÷ 2")
    assert isinstance(tree, Binary) and tree.op == "-"
    assert isinstance(tree.left, Binary) and tree.left.op == "*"
    assert isinstance(tree.right, Binary) and tree.right.op == "/"


def test_parentheses_widen_the_node_to_its_text() -> None:
    text = "2 * ({a} + {b})"
    tree = parse(text)
    assert isinstance(tree, Binary)
    assert text[tree.right.start : tree.right.end] == "({a} + {b})"


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ("", "the expression is empty", 1),
        ("{a} +", "the expression ends too early", 6),
        ("({a} + 1", "missing ')'", 9),
        ("{a})", "unbalanced ')'", 4),
        ("round({a}, 2)", "round takes 1 argument(s), not 2", 1),
        ("pp({a})", "pp takes 2 argument(s), not 1", 1),
        ("{}", "'{}' does not hold a claim or constant id", 1),
        ("2 apples", "unknown unit 'apples'", 3),
        ("2 * ) ", "unexpected ')'", 5),
    ],
)
def test_errors_point_at_their_column(text: str, message: str, column: int) -> None:
    with pytest.raises(ExprError) as caught:
        parse(text)
    assert (caught.value.message, caught.value.column) == (message, column)


def test_deep_nesting_and_long_text_are_refused() -> None:
    with pytest.raises(ExprError, match="nested too deeply"):
        parse("(" * 200 + "1" + ")" * 200)
    with pytest.raises(ExprError, match="longer than"):
        parse("1 + " * 1000 + "1")


# -- bounds: pull-request input cannot exhaust the parser ---------------------------------------


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        pytest.param(
            "-" * 500 + "{a}",
            "the expression is nested too deeply: more than 60 levels of parentheses, "
            "function calls and signs",
            60,
            id="500-signs",
        ),
        pytest.param(
            "(" * 900 + "{a}" + ")" * 900,
            "the expression is nested too deeply: more than 60 levels of parentheses, "
            "function calls and signs",
            61,
            id="900-parentheses",
        ),
        pytest.param(
            "ceil(" * 70 + "{a}" + ")" * 70,
            "the expression is nested too deeply: more than 60 levels of parentheses, "
            "function calls and signs",
            6 + 5 * 59,
            id="70-calls",
        ),
        pytest.param(
            "+".join(["1"] * 999),
            "the expression has more than 100 numbers, references and units; split it into "
            "derived claims of their own",
            201,
            id="999-terms",
        ),
        pytest.param(
            "{a}" + " + 0 parameters" * 7000,
            "the expression is longer than 2000 characters (105003); split it into derived "
            "claims of their own",
            2001,
            id="100-kb",
        ),
        pytest.param(
            "{a} * " + "1" * 5000,
            "the expression is longer than 2000 characters (5006); split it into derived "
            "claims of their own",
            2001,
            id="5000-digits",
        ),
    ],
)
def test_limits_are_refused_with_the_limit_and_its_column(
    text: str, message: str, column: int
) -> None:
    with pytest.raises(ExprError) as caught:
        parse(text)
    assert (caught.value.kind, caught.value.message, caught.value.column) == (
        "limit",
        message,
        column,
    )


@pytest.mark.parametrize(
    ("within", "past"),
    [
        pytest.param("-" * 59 + "{a}", "-" * 60 + "{a}", id="signs"),
        pytest.param("(" * 59 + "{a}" + ")" * 59, "(" * 60 + "{a}" + ")" * 60, id="parentheses"),
        pytest.param("+".join(["1"] * 100), "+".join(["1"] * 101), id="operands"),
        pytest.param("{a}" + " " * 1997, "{a}" + " " * 1998, id="length"),
    ],
)
def test_each_limit_is_exact(within: str, past: str) -> None:
    tree = parse(within)
    assert [n.id for n in refs(tree)] in (["a"], [])
    with pytest.raises(ExprError) as caught:
        parse(past)
    assert caught.value.kind == "limit"


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        (
            "1e999",
            "the number '1e999' is beyond the float range (±1.8e308): too large to "
            "compute with; check its exponent",
            1,
        ),
        (
            "{a} * 1e" + "9" * 1900,
            f"the number '1e{'9' * 37}…' is beyond the float range (±1.8e308): too large to "
            "compute with; check its exponent",
            7,
        ),
        (
            "{a} * " + "1" * 1900,
            f"the number '{'1' * 39}…' is beyond the float range (±1.8e308): too large to "
            "compute with; check its exponent",
            7,
        ),
        (
            "1e300 PB",
            "the number '1e300 PB' is beyond the float range (±1.8e308): too large "
            "to compute with; check its exponent",
            1,
        ),
        (
            "2 * 1e-400",
            "the number '1e-400' is below the smallest float (2.2e-308) but not 0: "
            "it would read as 0; check its exponent",
            5,
        ),
    ],
)
def test_numbers_a_float_cannot_hold_are_refused(text: str, message: str, column: int) -> None:
    with pytest.raises(ExprError) as caught:
        parse(text)
    assert (caught.value.kind, caught.value.message, caught.value.column) == (
        "not-finite",
        message,
        column,
    )
    assert parse("0e999") == Number(0, 5, 0.0, None)


def test_messages_quote_a_long_token_cut_short() -> None:
    with pytest.raises(ExprError) as caught:
        parse("x" * 1500)
    assert caught.value.message == (
        f"unknown name '{'x' * 39}…': claim and constant ids go in braces, {{{'x' * 39}…}}; "
        "functions are ceil, floor, round, min, max, sum, pp, change"
    )


def test_walk_is_iterative_and_children_first() -> None:
    node: Node = Number(0, 1, 1.0, None)
    for _ in range(50_000):
        node = Unary(0, 1, "-", node)
    order = list(walk(node))
    assert len(order) == 50_001
    assert isinstance(order[0], Number) and order[-1] is node
    tree = parse("min({a}, -{b}) * ({c} + 2)")
    assert [type(n).__name__ for n in walk(tree)] == [
        "Ref",
        "Ref",
        "Unary",
        "Call",
        "Ref",
        "Number",
        "Binary",
        "Binary",
    ]


def test_the_findings_reference_states_the_limits_in_force() -> None:
    from claimkb.catalogue import entry
    from claimkb.derive.expr import MAX_DEPTH, MAX_LENGTH, MAX_OPERANDS

    description = entry("derived-limit").description
    assert f"longer than {MAX_LENGTH} characters" in description
    assert f"more than {MAX_OPERANDS} numbers, references and units" in description
    assert f"more than {MAX_DEPTH} levels deep" in description

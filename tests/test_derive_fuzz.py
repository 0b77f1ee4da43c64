"""Fuzzing the expression parser and evaluator of derived claims for a bounded time: whatever
an expression holds (hostile characters, runs of operators, huge literals, deep nesting), the
parser raises only :class:`ExprError`, the evaluator only :class:`EvalError`, each input takes
under :data:`PER_INPUT` seconds, and the whole check reports it as a located finding.

Example counts are fixed (``CLAIMKB_FUZZ_SCALE`` multiplies them for a long hunt, as in
test_fuzz.py); the ``@example`` inputs are the ones that once stopped the check.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import claimkb
from claimkb.derive import dimensions as dims
from claimkb.derive.evaluate import EvalError, Operand, evaluate
from claimkb.derive.expr import ExprError, parse, refs
from claimkb.derive.interval import Interval
from conftest import FIXTURES

SCALE = float(os.environ.get("CLAIMKB_FUZZ_SCALE", "1"))
PER_INPUT = 1.0
"""Seconds one expression may take to parse and evaluate (it takes milliseconds)."""
WHOLE_CHECK = 20.0
"""Seconds the whole check of a KB holding one fuzzed expression may take."""

# -- expressions: the grammar's pieces, hostile characters, and long runs -----------------------

PIECES = [
    *("{a}", "{b}", "{zero}", "{huge}", "{tiny}", "{x.y~z}", "{a-params}", "{}", "{ a }"),
    *("{", "}", "{{", "}}", "(", ")", "((", "))", ",", "%", "+", "-", "*", "/", "**", "^"),
    *("−", "×", "·", "÷", "ceil(", "floor(", "round(", "min(", "max(", "sum(", "pp(", "change("),
    *("eval(", "__import__('os')", "lambda", "os.system", "nan", "inf", "NaN", "Infinity"),
    *("GB", "TiB", "B", "bit", "parameters", "bit/parameter", "B/parameter", "TB/s", "pp", "%"),
    *("0", "1", "2", "80", "0.5", ".5", "1,000", "2.8e12", "1e308", "1e309", "1e999", "0e999"),
    *("1e-308", "1e-320", "1e-400", "9" * 400, "0." + "0" * 400 + "1", "1e" + "9" * 400),
    *(" ", "\t", "\n", "\r", "\x00", "\x1b[31m", "\u202e", "\u200b", "\u2060", "\ufeff", "\xad"),
    *("١٢", "１２", "²", "½", "万亿", "e", "E", "'", '"', "\\", "$", ";", "#", "\U0001f600"),
]
runs = st.builds(
    lambda piece, count: piece * count,
    st.sampled_from(["-", "+", "(", ")", "*", "/", "**", "2**", "-(", "ceil(", "{a} + ", "1"]),
    st.integers(min_value=1, max_value=2500),
)
expressions = (
    st.lists(st.sampled_from(PIECES) | runs, min_size=1, max_size=12).map("".join)
    | st.text(max_size=80)
    | st.text(alphabet="-+*/()%,{}ab1e. ", max_size=300)
)

HOSTILE = [
    "-" * 500 + "1",
    "+".join(["1"] * 999),
    "1e999 * 0",
    "{a} * 0 + 1e999 parameters",
    "(" * 1000 + "1" + ")" * 1000,
    "1" * 5000,
    "2**" * 300 + "2",
    "{a}" + " + 0 parameters" * 7000,
    "{huge} * {huge} - {huge} * {huge}",
    "{tiny} * {tiny} / {huge}",
    "change({a}, {zero})",
]


def _operands() -> dict[str, Operand]:
    plain = dims.dimensionless()
    return {
        "a": Operand(Interval(2.75e12, 2.85e12, 2.8e12), dims.unit_of("parameter")),
        "b": Operand(Interval(79.5e9, 80.5e9, 80e9), dims.unit_of("byte")),
        "zero": Operand(Interval(-1.0, 1.0, 0.0), plain),
        "huge": Operand(Interval.point(1e300), plain),
        "tiny": Operand(Interval.point(1e-300), plain),
    }


OPERANDS = _operands()
"""Built at import, so pint's registry is ready before the first timed input."""


def _env(text: str) -> dict[str, Operand]:
    """An operand for every reference: the named ones, or one chosen by the id's letters."""
    tree = parse(text)
    pool = list(OPERANDS.values())
    return {r.id: OPERANDS.get(r.id, pool[sum(map(ord, r.id)) % len(pool)]) for r in refs(tree)}


def _with_hostile_examples(test: Callable[..., None]) -> Callable[..., None]:
    for text in HOSTILE:
        test = example(text)(test)
    return test


@settings(
    max_examples=int(400 * SCALE),
    deadline=timedelta(seconds=PER_INPUT),
    suppress_health_check=[HealthCheck.too_slow],
)
@given(expressions)
@_with_hostile_examples
def test_parser_and_evaluator_raise_only_their_own_errors_quickly(text: str) -> None:
    started = time.perf_counter()
    try:
        env = _env(text)
        evaluate(parse(text), text, env)
    except (ExprError, EvalError) as error:
        assert error.message and error.column >= 1
    assert time.perf_counter() - started < PER_INPUT


@settings(
    max_examples=int(25 * SCALE),
    deadline=timedelta(seconds=WHOLE_CHECK),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(expressions)
@example("-" * 500 + "{a-params}")
@example("{a-params} * 1e999 * 0")
def test_the_whole_check_reports_any_expression_as_a_located_finding(
    kb_root: Path, text: str
) -> None:
    path = kb_root / "claims" / "b.yaml"
    record = {
        "id": "b-params",
        "subject": "Model X",
        "property": "total-parameters",
        "value": "104 billion",
        "quote": "Model X has 104 billion parameters.",
        "status": "unchecked",
        "derived": {"expr": text},
    }
    path.write_text(yaml.safe_dump({"source": "news-a", "claims": [record]}), encoding="utf-8")
    started = time.perf_counter()
    report = claimkb.check(kb_root)
    assert time.perf_counter() - started < WHOLE_CHECK
    located = [f for f in report.findings if f.file == "claims/b.yaml"]
    assert all(isinstance(f.line, int) and f.line >= 1 for f in located)
    try:
        parse(text)
    except ExprError:
        assert located  # a bad expression is reported where it is written


@pytest.fixture(scope="module")
def kb_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("derive-fuzz") / "kb"
    shutil.copytree(FIXTURES / "broken" / "_base", root)
    return root

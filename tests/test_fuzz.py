"""Property-based fuzzing: whatever is written, claimkb answers with its own located findings
and never with an exception or a traceback; value parsing raises only ValueProblem and, when
it succeeds, keeps lower ≤ amount ≤ upper; written forms round-trip.

Example counts are kept small so the whole suite stays fast; Hypothesis's database replays any
failure it once found.
"""

from __future__ import annotations

import calendar
import math
import os
import string
from datetime import date
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import claimkb
from claimkb.files import FileProblem, decode
from claimkb.values import ValueProblem, parse_date, parse_quantity, parse_value
from claimkb.values.units import DIMENSIONS
from claimkb.yamlio import YamlProblem, parse_yaml
from conftest import FIXTURES, Invoke

SCALE = float(os.environ.get("CLAIMKB_FUZZ_SCALE", "1"))
"""Multiply every example count (``CLAIMKB_FUZZ_SCALE=50 pytest tests/test_fuzz.py`` for a
long hunt); the default keeps the suite fast."""
FAST = settings(max_examples=int(150 * SCALE), deadline=None)
FILES = settings(
    max_examples=int(40 * SCALE),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)

# -- text that looks like what people write ------------------------------------------------

PIECES = (
    "2.8|3|104|1,040|0.5|10|1e12|×10¹²|10^|-|–|—|~|+| |  |.|,|%|trillion|billion|million|"
    "thousand|T|B|M|K|万亿|亿|万|千|百|十|一|两|零|about|约|级|左右|over|超过|up to|不到|nearly|"
    "tens of|数十|a few|几|times|倍|TB|TiB|GB|Gbps|TB/s|B/s|字节|/|参数|parameters|tokens|台|s|"
    "ms|hours|GHz|FLOPs|pp|个百分点|x|to|and|or less|以上|多|年|月|日|号|初|中旬|下旬|底|early|"
    "mid-|late|November|Nov|Sept|4|5|2026|11|06|th|of|the|¹|²|⁰|⁻|１|．|９|e|E|400|"
    "99999999999999999999|^|**|·|(|)|½|\t|\n|<|≥|以下|-ish|per|每|Ki|bit"
).split("|")
numbers = st.from_regex(r"[-+]?[0-9]{1,400}(\.[0-9]{0,5})?([eE][-+]?[0-9]{1,4})?", fullmatch=True)
written = (
    st.lists(st.sampled_from(PIECES) | numbers, max_size=8).map("".join)
    | st.tuples(numbers, st.sampled_from(PIECES)).map(" ".join)
    | st.text(max_size=30)
)
dimensions = st.sampled_from([None, *DIMENSIONS, "byte/second", "byte/parameter", "packet/second"])


def _sound(value: Any) -> None:
    """What every successfully parsed value must satisfy."""
    if hasattr(value, "lower"):
        assert not math.isnan(value.lower) and not math.isnan(value.upper)
        assert value.lower <= value.upper
        if value.nominal is not None:
            assert math.isfinite(value.nominal)
            assert value.lower <= value.nominal <= value.upper
        assert value.precision >= 0
    if hasattr(value, "earliest"):
        assert value.earliest <= value.latest
    value.to_dict()


@FAST
@given(written, dimensions)
def test_parse_quantity_raises_only_value_problems_and_keeps_bounds_ordered(
    text: str, dimension: str | None
) -> None:
    try:
        quantity = parse_quantity(text, dimension)
    except ValueProblem as problem:
        assert str(problem)
        return
    _sound(quantity)
    if dimension is not None:
        assert quantity.dimension == dimension


@FAST
@given(written, st.none() | st.integers(min_value=1, max_value=9999))
def test_parse_date_raises_only_value_problems(text: str, year: int | None) -> None:
    try:
        value = parse_date(text, year)
    except ValueProblem as problem:
        assert str(problem)
        return
    _sound(value)


@FAST
@given(
    st.sampled_from(["quantity", "date", "entity", "text", "boolean", "verdict"]),
    written,
    dimensions,
)
def test_parse_value_raises_only_value_problems(
    datatype: str, text: str, dimension: str | None
) -> None:
    try:
        value = parse_value(
            datatype,
            text,
            dimension=dimension,
            default_year=2026,
            resolve={"modelx": "model-x"},
            statuses=frozenset({"verified", "refuted"}),
        )
    except ValueProblem as problem:
        assert str(problem)
        return
    _sound(value)


# -- round trips -------------------------------------------------------------------------

MAGNITUDE_WORDS = {
    "": 1.0,
    " thousand": 1e3,
    " million": 1e6,
    " billion": 1e9,
    " trillion": 1e12,
    "T": 1e12,
    " 万": 1e4,
    " 亿": 1e8,
    " 万亿": 1e12,
}


@FAST
@given(
    st.integers(min_value=1, max_value=99_999),
    st.integers(min_value=0, max_value=3),
    st.sampled_from(sorted(MAGNITUDE_WORDS)),
)
def test_written_numbers_round_trip_with_half_a_significant_digit_of_width(
    digits: int, decimals: int, magnitude: str
) -> None:
    text = f"{digits / 10**decimals:.{decimals}f}{magnitude}"
    quantity = parse_quantity(text, "parameter")
    scale = MAGNITUDE_WORDS[magnitude]
    expected = digits / 10**decimals * scale
    zeros = len(str(digits)) - len(str(digits).rstrip("0")) if decimals == 0 else 0
    half = 0.5 * 10.0 ** (zeros - decimals) * scale  # an integer's trailing zeros: not significant
    assert quantity.precision == pytest.approx(0.5 * 10.0**-decimals * scale, rel=1e-12)
    assert quantity.nominal == pytest.approx(expected, rel=1e-12)
    assert quantity.lower == pytest.approx(expected - half, rel=1e-12)
    assert quantity.upper == pytest.approx(expected + half, rel=1e-12)


@FAST
@given(st.floats(min_value=1e-6, max_value=1e6), st.sampled_from(["TB", "GB", "TiB", "Gbps"]))
def test_units_round_trip_through_the_base_unit(amount: float, unit: str) -> None:
    text = f"{amount:.6g} {unit}"
    dimension = "byte/second" if unit == "Gbps" else "byte"
    quantity = parse_quantity(text, dimension)
    assert quantity.in_unit(quantity.nominal or 0) == pytest.approx(float(f"{amount:.6g}"))
    assert quantity.binary is (unit == "TiB")


@FAST
@given(st.dates(min_value=date(1000, 1, 1), max_value=date(9999, 12, 31)))
def test_dates_round_trip_in_every_day_form(day: date) -> None:
    forms = [
        day.isoformat(),
        f"{day.year} 年 {day.month} 月 {day.day} 日",
        f"{calendar.month_name[day.month]} {day.day}, {day.year}",
        f"{day.day} {calendar.month_abbr[day.month]} {day.year}",
    ]
    for form in forms:
        value = parse_date(form)
        assert (value.earliest, value.latest, value.precision) == (day, day, "day")
    without_year = parse_date(f"{day.month} 月 {day.day} 日", default_year=day.year)
    assert without_year.earliest == day


# -- the loader ------------------------------------------------------------------------------


YAML_PIECES = (
    "claims:¦source: news-a¦id: x¦value: ¦- ¦  ¦    ¦\n¦\r\n¦[¦]¦{¦}¦&a ¦*a¦"
    "!!python/object:os.system ¦!tag ¦!!str ¦!!int ¦\"¦'¦# c¦---\n¦...\n¦: ¦,¦? ¦|\n¦>\n¦\t¦"
    "<<: ¦%YAML 1.1\n¦1¦true¦~¦\x07¦\ufeff¦\\u¦<<<<<<< HEAD\n¦=======\n¦模型¦" + "9" * 30
).split("¦")
yaml_text = st.lists(st.sampled_from(YAML_PIECES), max_size=30).map("".join) | st.text(max_size=300)


@FAST
@given(yaml_text)
def test_parse_yaml_raises_only_located_yaml_problems(text: str) -> None:
    try:
        parse_yaml(text)
    except YamlProblem as problem:
        assert problem.kind in {"yaml-syntax", "duplicate-key", "yaml-forbidden"}
        assert isinstance(problem.line, int) and problem.line >= 1
        assert problem.message


@FAST
@given(st.binary(max_size=300))
def test_decode_raises_only_file_problems(data: bytes) -> None:
    try:
        text = decode(data)
    except FileProblem as problem:
        assert problem.message
        assert problem.line is None or problem.line >= 1
        return
    assert "\x00" not in text


SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.text(max_size=20)
    | st.sampled_from(
        [
            "Model X",
            "news-a",
            "total-parameters",
            "104 billion",
            "unchecked",
            "2026-11-05",
            "verified",
            "release-date",
            "约 3 万亿级",
            "Nov 4–5",
        ]
    )
)
KEYS = st.sampled_from(
    [
        "id",
        "subject",
        "property",
        "value",
        "source",
        "quote",
        "status",
        "qualifiers",
        "via",
        "bounds",
        "items",
        "reviews",
        "note",
        "claims",
        "entities",
        "properties",
        "resolutions",
        "sources",
        "name",
        "kind",
        "aliases",
        "datatype",
        "dimension",
        "single_valued",
        "preferred",
        "reason",
        "title",
        "publisher",
        "date",
        "language",
        "snapshot",
        "cites",
        "lower",
        "upper",
        "as_of",
    ]
) | st.text(max_size=8)
TREES = st.recursive(
    SCALARS,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(KEYS, children, max_size=6),
    max_leaves=25,
)


CLAIM_RECORDS = st.fixed_dictionaries(
    {"id": st.sampled_from(["f1", "f2", "a-params", "bad id"]) | st.text(max_size=6)},
    optional={
        "subject": SCALARS,
        "property": st.sampled_from(["total-parameters", "release-date", "nope"]) | SCALARS,
        "value": SCALARS | st.lists(SCALARS, max_size=2),
        "source": st.sampled_from(["news-a", "news-b", "nowhere"]),
        "quote": SCALARS,
        "status": st.sampled_from(["verified", "refuted", "imprecise", "disputed", "nope"]),
        "qualifiers": st.dictionaries(st.sampled_from(["as_of", "scope"]), SCALARS, max_size=2),
        "bounds": st.dictionaries(st.sampled_from(["lower", "upper"]), SCALARS, max_size=2),
        "items": st.lists(SCALARS, max_size=3),
        "reviews": st.lists(st.sampled_from(["a-params", "f1", "zz"]), max_size=2),
        "via": st.lists(st.sampled_from(["news-a", "zz"]), max_size=2) | st.none(),
    },
)
CLAIMS_FILES = st.fixed_dictionaries(
    {"claims": st.lists(CLAIM_RECORDS, max_size=4)},
    optional={"source": st.sampled_from(["news-a", "news-b"]) | SCALARS, "extra": TREES},
)


@pytest.fixture(scope="module")
def fuzz_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import shutil

    root = tmp_path_factory.mktemp("fuzz") / "kb"
    shutil.copytree(FIXTURES / "broken" / "_base", root)
    return root


def _check_calmly(root: Path, fuzzed: str) -> None:
    report = claimkb.check(root)
    for finding in report.findings:
        assert finding.code and finding.message
        if finding.file == fuzzed:
            assert isinstance(finding.line, int) and finding.line >= 1


@FILES
@given(yaml_text | st.binary(max_size=400))
def test_check_survives_arbitrary_file_content(fuzz_root: Path, content: str | bytes) -> None:
    path = fuzz_root / "claims" / "fuzz.yaml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8", errors="surrogatepass")
    _check_calmly(fuzz_root, "claims/fuzz.yaml")


@FILES
@given(TREES, st.sampled_from(["claims/fuzz.yaml", "sources/fuzz.yaml"]))
def test_check_survives_arbitrary_yaml_trees(fuzz_root: Path, tree: Any, where: str) -> None:
    for stale in ("claims/fuzz.yaml", "sources/fuzz.yaml"):
        (fuzz_root / stale).unlink(missing_ok=True)
    (fuzz_root / where).write_text(yaml.safe_dump(tree, allow_unicode=True), encoding="utf-8")
    _check_calmly(fuzz_root, where)


@FILES
@given(CLAIMS_FILES)
def test_check_survives_claims_shaped_documents(fuzz_root: Path, document: Any) -> None:
    text = yaml.safe_dump(document, allow_unicode=True, sort_keys=False)
    (fuzz_root / "claims" / "fuzz.yaml").write_text(text, encoding="utf-8")
    _check_calmly(fuzz_root, "claims/fuzz.yaml")


@settings(
    max_examples=int(25 * SCALE),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(CLAIMS_FILES | TREES, st.sampled_from([("check",), ("claims", "--json"), ("timeline",)]))
def test_the_command_never_prints_a_traceback(
    fuzz_root: Path, cli: Invoke, document: Any, command: tuple[str, ...]
) -> None:
    text = yaml.safe_dump(document, allow_unicode=True, sort_keys=False)
    (fuzz_root / "claims" / "fuzz.yaml").write_text(text, encoding="utf-8")
    result = cli(*command, "--root", fuzz_root)  # the cli fixture lets exceptions through
    assert result.exit_code in (0, 1)
    assert "Traceback" not in result.stdout + result.stderr


@FAST
@given(st.text(alphabet=string.printable + "模型万亿", max_size=40))
def test_snapshot_paths_never_escape_or_raise(fuzz_root: Path, snapshot: str) -> None:
    assume("\r" not in snapshot and snapshot.strip())
    from claimkb.checks.quotes import locate
    from claimkb.model import Source

    kb = claimkb.load(fuzz_root)
    source = Source(id="s", title="t", publisher="p", language="en", kind="news", snapshot=snapshot)
    path, refused = locate(kb, source)
    if path is not None:
        base = (fuzz_root / "snapshots").resolve()
        assert path.is_relative_to(base)
    assert refused is None or isinstance(refused, str)

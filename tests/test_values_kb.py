"""Values by datatype, explicit bounds, and the located findings for values that cannot be
read: the message names the claim, the written value and what was expected."""

from __future__ import annotations

from pathlib import Path

import pytest

import claimkb
from claimkb.values import (
    Boolean,
    EntityName,
    Text,
    ValueProblem,
    Verdict,
    expected_forms,
    name_key,
    parse_value,
)
from conftest import write_tree

REGISTRY = """\
entities:
  - id: model-x
    name: Model X
    kind: model
    aliases: [模型 X]
properties:
  - id: total-parameters
    label: total parameters
    datatype: quantity
    dimension: parameter
  - id: memory
    label: memory
    datatype: quantity
    dimension: byte
  - id: release-date
    label: release date
    datatype: date
  - id: open-weights
    label: open weights
    datatype: boolean
"""
SOURCE = """\
id: news-a
title: Model X launches
publisher: Example News
date: "2026-11-05"
language: en
kind: news
"""


def _kb(tmp_path: Path, claims: str, source: str = SOURCE) -> Path:
    return write_tree(
        tmp_path,
        {
            "claims/registry.yaml": REGISTRY,
            "sources/news-a.yaml": source,
            "claims/news-a.yaml": "source: news-a\nclaims:\n" + claims,
        },
    )


def _claim(cid: str, prop: str, value: str, extra: str = "") -> str:
    return (
        f"  - id: {cid}\n    subject: Model X\n    property: {prop}\n    value: {value}\n"
        f'    quote: "q"\n    status: unchecked\n{extra}'
    )


@pytest.mark.parametrize(
    "written, expected",
    [
        ("true", True),
        ("yes", True),
        ("是", True),
        ("Y", True),
        ("false", False),
        ("no", False),
        ("否", False),
        ("不", False),
    ],
)
def test_boolean_forms(written: str, expected: bool) -> None:
    assert parse_value("boolean", written) == Boolean(expected)


def test_boolean_that_is_neither() -> None:
    with pytest.raises(ValueProblem, match="^'maybe' is neither true nor false$"):
        parse_value("boolean", "maybe")


def test_entity_values_resolve_through_the_name_index() -> None:
    index = {name_key("Moonshot AI"): "moonshot", name_key("月之暗面"): "moonshot"}
    assert parse_value("entity", "moonshot ai", resolve=index) == EntityName(
        "moonshot ai", "moonshot"
    )
    assert parse_value("entity", "月之暗面", resolve=index).entity == "moonshot"  # type: ignore[union-attr]
    assert parse_value("entity", "Moonshot", resolve=index) == EntityName("Moonshot", None)
    with pytest.raises(ValueProblem, match="^the value is empty$"):
        parse_value("entity", "  ")


def test_verdicts_text_and_expected_forms() -> None:
    assert parse_value("verdict", "refuted", statuses=frozenset({"refuted", "verified"})) == (
        Verdict("refuted")
    )
    with pytest.raises(ValueProblem, match="^'wrong' is not one of refuted, verified$"):
        parse_value("verdict", "wrong", statuses=frozenset({"refuted", "verified"}))
    assert parse_value("text", "Apache-2.0") == Text("Apache-2.0")
    assert expected_forms("boolean") == "true or false"
    assert expected_forms("quantity", "byte") == (
        "a quantity in byte (e.g. 'about 5.6 TB', '1.4TB', '80 GB', '216 GiB')"
    )
    assert expected_forms("quantity", "parameter").startswith(
        "a quantity in parameter (e.g. '2.8 trillion', '3T', '2.8 万亿'"
    )
    assert expected_forms("date").startswith("a date (e.g. '2026-11-06', '2026-11'")


@pytest.mark.parametrize(
    "a, b",
    [
        ("Kimi-K3.1 Pro", "kimi k3.1 pro"),
        ("Kimi K3.1  Pro", "KIMI_K3.1·PRO"),
        ("ＭＯＤＥＬ", "model"),
        ("基米 X", "基米X"),
        ("KimiK3.1Pro", "Kimi K3.1 Pro"),
    ],
)
def test_name_key_ignores_case_width_and_separators(a: str, b: str) -> None:
    assert name_key(a) == name_key(b)


def test_unreadable_values_are_located_findings_that_say_what_was_expected(
    tmp_path: Path,
) -> None:
    root = _kb(
        tmp_path,
        _claim("c-params", "total-parameters", "lots")
        + _claim("c-memory", "memory", "80")
        + _claim("c-date", "release-date", "Novembr 4")
        + _claim("c-open", "open-weights", "maybe"),
    )
    found = [(f.code, f.file, f.line, f.message) for f in claimkb.check(root).open_findings]
    numbers = expected_forms("quantity", "parameter")
    assert found == [
        (
            "CKB220",
            "claims/news-a.yaml",
            6,
            f"claim 'c-params': cannot read 'lots' as {numbers}: no number in 'lots'",
        ),
        (
            "CKB220",
            "claims/news-a.yaml",
            12,
            f"claim 'c-memory': cannot read '80' as {expected_forms('quantity', 'byte')}: "
            "'80' has no unit; a byte value needs one (e.g. B)",
        ),
        (
            "CKB220",
            "claims/news-a.yaml",
            18,
            f"claim 'c-date': cannot read 'Novembr 4' as {expected_forms('date')}: "
            "'Novembr 4' is not a date form claimkb reads",
        ),
        (
            "CKB220",
            "claims/news-a.yaml",
            24,
            "claim 'c-open': cannot read 'maybe' as true or false: 'maybe' is neither true nor "
            "false",
        ),
    ]


def test_a_date_without_year_takes_the_sources_year(tmp_path: Path) -> None:
    root = _kb(tmp_path, _claim("c-date", "release-date", "Nov 4"))
    kb = claimkb.load(root)
    assert kb.value("c-date").to_dict()["earliest"] == "2026-11-04"  # type: ignore[union-attr]


def test_a_date_without_year_from_an_undated_source_is_located(tmp_path: Path) -> None:
    undated = SOURCE.replace('date: "2026-11-05"\n', "")
    root = _kb(tmp_path, _claim("c-date", "release-date", "Nov 4"), source=undated)
    [finding] = claimkb.check(root).open_findings
    assert (finding.code, finding.line) == ("CKB220", 6)
    assert finding.message.endswith(
        "the date has no year and its source has no date to take it from"
    )


def test_an_unreadable_source_date_is_located(tmp_path: Path) -> None:
    root = _kb(tmp_path, "", source=SOURCE.replace('"2026-11-05"', "2026-13-45"))
    [finding] = claimkb.check(root).open_findings
    assert (finding.code, finding.file, finding.line) == ("CKB204", "sources/news-a.yaml", 4)
    assert finding.message == (
        "source 'news-a': field 'date' is '2026-13-45': month 13 does not exist "
        "(write e.g. 2026-11-06 or 2026-11)"
    )


def test_explicit_bounds_override_the_digits(tmp_path: Path) -> None:
    bounds = '    bounds: {lower: "2.7 trillion", upper: "2.9 trillion"}\n'
    root = _kb(tmp_path, _claim("c-params", "total-parameters", "2.8 trillion", bounds))
    value = claimkb.load(root).value("c-params")
    assert (value.nominal, value.lower, value.upper) == (2.8e12, 2.7e12, 2.9e12)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "bounds, line, detail",
    [
        ('{lower: "3 trillion", upper: "2 trillion"}', 9, "bounds.lower is above bounds.upper"),
        ('{lower: "2.81 trillion"}', 9, "the value lies outside its own bounds"),
        ('{upper: "many"}', 9, "bounds.upper: no number in 'many'"),
    ],
)
def test_inconsistent_bounds_are_located(
    tmp_path: Path, bounds: str, line: int, detail: str
) -> None:
    root = _kb(
        tmp_path,
        _claim("c-params", "total-parameters", "2.8 trillion", f"    bounds: {bounds}\n"),
    )
    [finding] = claimkb.check(root).open_findings
    assert (finding.code, finding.line) == ("CKB220", line)
    assert finding.message.endswith(f": {detail}")


def test_bounds_on_a_date_are_refused(tmp_path: Path) -> None:
    root = _kb(
        tmp_path, _claim("c-date", "release-date", "Nov 4", '    bounds: {lower: "Nov 1"}\n')
    )
    [finding] = claimkb.check(root).open_findings
    assert (finding.code, finding.line) == ("CKB220", 9)
    assert finding.message.endswith(": bounds apply only to quantity values")

"""The located YAML reader: lines for every mapping, key and item; conservative scalars; every
problem a YamlProblem with a kind and a 1-based line."""

from __future__ import annotations

import sys

import pytest

from claimkb import yamlio
from claimkb.yamlio import LocatedDict, LocatedList, YamlProblem, parse_yaml


def test_mappings_keys_and_items_remember_their_lines() -> None:
    data = parse_yaml("# comment\nclaims:\n  - id: a\n    value: 1\n\n  - id: b\n")
    assert isinstance(data, LocatedDict) and data.line == 2
    assert data.line_of("claims") == 2
    claims = data["claims"]
    assert isinstance(claims, LocatedList) and claims.item_lines == [3, 6]
    assert claims[0].line_of("value") == 4
    assert claims[0].line_of("missing") == 3


@pytest.mark.parametrize(
    "scalar, expected",
    [
        ("2.80", "2.80"),  # precision is in the digits
        ("2026-11-06", "2026-11-06"),  # dates keep the precision written
        ("no", "no"),
        ("on", "on"),
        ("1e12", "1e12"),
        (".inf", ".inf"),
        ("0x1F", "0x1F"),
        ("007", "007"),
        ("12", 12),
        ("-3", -3),
        ("true", True),
        ("False", False),
        ("~", None),
        ("null", None),
        ("'12'", "12"),
    ],
)
def test_scalars_resolve_conservatively(scalar: str, expected: object) -> None:
    assert parse_yaml(f"value: {scalar}\n")["value"] == expected


def test_an_anchor_without_alias_is_harmless() -> None:
    assert parse_yaml("a: &x 1\nb: 2\n") == {"a": 1, "b": 2}


def test_empty_and_comment_only_texts_are_none() -> None:
    assert parse_yaml("") is None
    assert parse_yaml("# nothing\n") is None


@pytest.mark.parametrize(
    "text, kind, line, message",
    [
        (
            "a: 1\na: 2\n",
            "duplicate-key",
            2,
            "key 'a' appears twice in one mapping (first on line 1)",
        ),
        ("a: &x 1\nb: *x\n", "yaml-forbidden", 1, "aliases are not supported"),
        ("a: !!python/object:os.system {}\n", "yaml-forbidden", 1, "is not allowed"),
        ("a: !!float 1.5\n", "yaml-forbidden", 1, "tag:yaml.org,2002:float"),
        ("a: 1\n---\nb: 2\n", "yaml-syntax", 2, "keep one per file"),
        ("a: [1,\nb: 2\n", "yaml-syntax", 3, "which starts on line 1"),
        ("模型: 一\nb: c\x07\n", "yaml-syntax", 2, "U+0007"),
        ("? [a]\n: 1\n", "yaml-syntax", 1, "a mapping key must be a plain scalar"),
        ("a: " + "[" * 70 + "]" * 70 + "\n", "yaml-forbidden", 1, "deeper than 64 levels"),
        ("a: " + "9" * 5000 + "\n", "yaml-forbidden", 1, "5,000 digits"),
        ("a:\n  b: c\n d: e\n", "yaml-syntax", 3, "did not find expected key"),
    ],
)
def test_problems_are_located(text: str, kind: str, line: int, message: str) -> None:
    with pytest.raises(YamlProblem) as problem:
        parse_yaml(text)
    assert (problem.value.kind, problem.value.line) == (kind, line)
    assert message in problem.value.message


@pytest.mark.parametrize(
    "text, message",
    [
        ("!!int \nclaims:", "the tag !!int applies only to a number"),  # found by Hypothesis
        ("a: !!int [1]", "the tag !!int applies only to a number"),
        ("a: !!int x", "!!int 'x' is not a whole number"),
        ("a: !!int 0x10", "!!int '0x10' is not a whole number"),
        ("a: !!bool maybe", "!!bool 'maybe' is not true or false"),
        ("a: !!bool yes", "!!bool 'yes' is not true or false"),
        ("a: !!bool [x]", "!!bool a collection is not true or false"),
    ],
)
def test_explicit_int_or_bool_tag_on_the_wrong_value_is_located(text: str, message: str) -> None:
    with pytest.raises(YamlProblem) as problem:
        parse_yaml(text)
    assert (problem.value.kind, problem.value.line, problem.value.message) == (
        "yaml-syntax",
        1,
        message,
    )


_RECORDS = (
    "claims:\n"
    "  - source: src one\n    note: text one\n    tags: [src one]\n"
    "  - source: 'src one'\n    note: text one\n    tags: [src one]\n"
    "    qualifiers: {source: src one}\n"
)


@pytest.mark.parametrize(
    "text",
    [
        _RECORDS,  # read by the block reader
        _RECORDS + "x: &anchor 1\n",  # by PyYAML
        _RECORDS + "x: !!str tagged\n",  # by PyYAML
    ],
)
@pytest.mark.parametrize("reference", [False, True])
def test_values_of_shared_keys_are_one_string_across_records(
    text: str, reference: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every reader interns the str values of the keys it is told to share, in a mapping at
    any depth, and nothing else; without a key to share, no value is interned."""
    if reference:  # PyYAML's own constructors (yamlloader._KBLoader's), not the fast path
        from claimkb import yamlblock, yamlloader

        monkeypatch.setattr(yamlio, "read_block", lambda text, shared=None: yamlblock.OUTSIDE)
        monkeypatch.setattr(
            yamlloader,
            "_construct",
            lambda loader, node, track_aliases: loader.construct_document(node),
        )
    first, second = parse_yaml(text, frozenset({"source", "tags"}))["claims"]
    assert first["source"] is second["source"] is second["qualifiers"]["source"]
    assert first["source"] is sys.intern("src one")
    assert first["note"] == second["note"] and first["note"] is not second["note"]
    assert first["tags"][0] is not second["tags"][0]  # an item, not a value of the key
    first, second = parse_yaml(text)["claims"]
    assert first["source"] == second["source"] and first["source"] is not second["source"]

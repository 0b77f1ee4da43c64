"""Round-trip edits: only the record written changes; comments, key order, quoting, blank lines
and every other byte of the file stay; a file that does not parse is never rewritten."""

from __future__ import annotations

import difflib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claimkb.authoring.emit import node
from claimkb.authoring.errors import Refused
from claimkb.authoring.yamledit import YamlFile
from claimkb.yamlio import parse_yaml

REGISTRY = """\
# The registry.
entities:
  # -- organisations --------
  - id: acme
    name: "Acme"   # quoted on purpose
    kind: organisation
    aliases: [阿克米, 'ACME Corp']

  - id: widget
    name: Widget
    kind: product
    part_of: acme

# -- properties ---------------
properties:
  - id: weight
    label: weight
    datatype: quantity
    dimension: byte
"""


def _changes(old: str, new: str) -> list[tuple[str, list[str], list[str]]]:
    a, b = old.splitlines(keepends=True), new.splitlines(keepends=True)
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    return [
        (tag, a[i1:i2], b[j1:j2]) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"
    ]


def test_append_inserts_the_record_after_the_last_of_its_section_and_nothing_else() -> None:
    new = YamlFile("claims/r.yaml", REGISTRY).append(
        "entities", node({"id": "gadget", "name": "Gadget", "kind": "product"})
    )
    assert _changes(REGISTRY, new) == [
        ("insert", [], ["  - id: gadget\n", "    name: Gadget\n", "    kind: product\n"])
    ]
    assert new.index("id: gadget") < new.index("# -- properties")  # not under the heading


def test_update_rewrites_only_the_record_keeping_its_quotes_and_comments() -> None:
    new = YamlFile("claims/r.yaml", REGISTRY).update(
        "entities", "acme", lambda record: record["aliases"].append("Acme Inc")
    )
    assert _changes(REGISTRY, new) == [
        (
            "replace",
            ["    aliases: [阿克米, 'ACME Corp']\n"],
            ["    aliases: [阿克米, 'ACME Corp', Acme Inc]\n"],
        )
    ]
    assert '    name: "Acme"   # quoted on purpose\n' in new


def test_update_of_the_last_record_of_a_section_keeps_the_next_heading() -> None:
    new = YamlFile("claims/r.yaml", REGISTRY).update(
        "entities", "widget", lambda record: record.__setitem__("kind", "gadget")
    )
    assert _changes(REGISTRY, new) == [("replace", ["    kind: product\n"], ["    kind: gadget\n"])]


def test_remove_cuts_the_record_and_leaves_what_leads_into_the_next() -> None:
    new = YamlFile("claims/r.yaml", REGISTRY).remove("entities", "acme")
    assert _changes(REGISTRY, new) == [
        (
            "delete",
            [
                "  - id: acme\n",
                '    name: "Acme"   # quoted on purpose\n',
                "    kind: organisation\n",
                "    aliases: [阿克米, 'ACME Corp']\n",
            ],
            [],
        )
    ]  # the blank line before "widget" is widget's


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "claims:\n  - id: c\n"),
        ("source: s\n", "source: s\nclaims:\n  - id: c\n"),
        ("source: s\nclaims:\n", "source: s\nclaims:\n  - id: c\n"),
        ("source: s\nclaims: []  # none yet\n", "source: s\nclaims:  # none yet\n  - id: c\n"),
        ("entities:\n  - id: e\n", "entities:\n  - id: e\n\nclaims:\n  - id: c\n"),
        ("source: s\nclaims:\n  - id: b\n", "source: s\nclaims:\n  - id: b\n  - id: c\n"),
        ("source: s\nclaims:\n  - id: b", "source: s\nclaims:\n  - id: b\n  - id: c\n"),
    ],
)
def test_append_to_a_missing_empty_or_unterminated_section(text: str, expected: str) -> None:
    assert YamlFile("claims/c.yaml", text).append("claims", node({"id": "c"})) == expected


def test_windows_line_endings_are_kept() -> None:
    text = REGISTRY.replace("\n", "\r\n")
    new = YamlFile("claims/r.yaml", text).append("properties", node({"id": "p", "label": "p"}))
    assert new.startswith(text.rsplit("\r\n", 1)[0])
    assert new.endswith("  - id: p\r\n    label: p\r\n")
    assert "\n" not in new.replace("\r\n", "")


def test_a_section_in_flow_style_is_refused() -> None:
    with pytest.raises(Refused, match="flow list"):
        YamlFile("claims/c.yaml", "claims: [{id: a}]\n").append("claims", node({"id": "c"}))


@pytest.mark.parametrize(
    "text",
    [
        "claims:\n  - id: a\n    id: b\n",  # a duplicate key: claimkb's reader refuses it
        "claims:\n  - id: a\n   bad: [\n",  # a syntax error
        "claims:\n  - &x {id: a}\n  - *x\n",  # an alias
        "<<<<<<< HEAD\nclaims: []\n",
    ],
)
def test_a_file_that_does_not_parse_is_refused(text: str) -> None:
    with pytest.raises(Refused, match="does not (parse|rewrite)"):
        YamlFile("claims/c.yaml", text)


# -- any layout of comments and blank lines ------------------------------------------------

_comment = st.sampled_from(["", "# a\n", "  # b\n", "    # c\n", "\n", "# -- group --\n\n"])
_name = st.text(alphabet="abcxyz 阿克米-", min_size=1, max_size=8).map(str.strip).filter(bool)


@st.composite
def _files(draw: Any) -> tuple[str, list[str]]:
    ids = draw(st.lists(st.sampled_from(list("abcdefgh")), min_size=1, max_size=6, unique=True))
    parts = [draw(_comment), "entities:\n"]
    for entity_id in ids:
        parts.append(draw(_comment))
        name = draw(_name)
        parts.append(f"  - id: {entity_id}\n    name: '{name}'\n")
        if draw(st.booleans()):
            parts.append("    # inside the record\n")
        parts.append("    kind: thing\n")
    parts.append(draw(_comment))
    if draw(st.booleans()):
        parts.append("properties:\n  - id: p\n    label: p\n    datatype: text\n")
    return "".join(parts), ids


def _records(text: str) -> dict[str, dict[str, Any]]:
    data = parse_yaml(text)
    return {r["id"]: dict(r) for r in data["entities"]}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_files())
def test_append_leaves_every_other_line_and_record(case: tuple[str, list[str]]) -> None:
    text, _ids = case
    new = YamlFile("claims/r.yaml", text).append("entities", node({"id": "new", "name": "Nadia"}))
    changes = _changes(text, new)
    assert [tag for tag, _old, _new in changes] == ["insert"]
    assert changes[0][2] == ["  - id: new\n", "    name: Nadia\n"]
    assert _records(new) == {**_records(text), "new": {"id": "new", "name": "Nadia"}}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_files(), st.data())
def test_update_changes_one_line_of_one_record(case: tuple[str, list[str]], data: Any) -> None:
    text, ids = case
    chosen = data.draw(st.sampled_from(ids))
    new = YamlFile("claims/r.yaml", text).update(
        "entities", chosen, lambda r: r.__setitem__("kind", "other")
    )
    assert _changes(text, new) == [("replace", ["    kind: thing\n"], ["    kind: other\n"])]
    expected = _records(text)
    expected[chosen]["kind"] = "other"
    assert _records(new) == expected

"""Typographic variants of a name are the same name: a curly apostrophe, a typographic dash or
quote, a soft hyphen or a zero-width joiner (which NFKC leaves alone) do not make "X’s Party"
an unknown name beside "X's Party"."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

import claimkb
from claimkb.values import name_key
from conftest import write_tree

VARIANTS = {
    "'": "\u2019\u2018\u02bc\u2032",
    "-": "\u2010\u2011\u2013\u2014\u2212",
    '"': "\u201c\u201d",
}


@given(
    st.lists(
        st.sampled_from(["Taiwan", "People's", "Party", "Kuo-Min", '"New"', "党"]), min_size=1
    ),
    st.data(),
)
def test_a_typographic_variant_has_the_same_key(words: list[str], data: st.DataObject) -> None:
    plain = " ".join(words)
    fancy = "".join(
        data.draw(st.sampled_from(list(VARIANTS[c]))) if c in VARIANTS else c for c in plain
    )
    assert name_key(fancy) == name_key(plain)


def test_different_letters_still_differ() -> None:
    assert name_key("People's Party") != name_key("Peoples Parity")


def test_a_curly_apostrophe_names_the_known_party(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {
            "claims/registry.yaml": (
                "entities:\n"
                "  - {id: tpp, name: Taiwan People's Party, kind: party}\n"
                "  - {id: ko, name: Ko Wen-je, kind: person}\n"
                "properties:\n"
                "  - {id: party, label: party, datatype: entity, entity_kind: party}\n"
            ),
            "claims/news.yaml": (
                "source: news\nclaims:\n"
                "  - id: ko-party\n    subject: Ko Wen‐je\n    property: party\n"
                "    value: Taiwan People\u2019s Party\n"
                '    quote: "Ko Wen-je of the Taiwan People\u2019s Party"\n'
                "    status: unchecked\n"
            ),
            "sources/news.yaml": (
                "id: news\ntitle: t\npublisher: p\ndate: '2024-01-14'\nlanguage: en\nkind: news\n"
            ),
        },
    )
    report = claimkb.check(tmp_path)
    assert [(f.code, f.message) for f in report.open_findings] == []

"""A claim's value must be what its quote says, compared as values (issue: a value copied
wrongly, ``0.26%`` from "only 0.62%", checked clean).

Each row is one claim, on subjects far from the bundled corpus: the property's datatype and
dimension, the value as the claim writes it, the quote, and what a careful fact-checker says:
``None`` when the value is what the quote says, else the figure the quote does state (which
the finding must name), or ``""`` when the quote states no figure of that kind at all.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import claimkb
from claimkb.checks import value_quote
from claimkb.namekey import name_key
from conftest import write_tree

PROPERTIES = {
    "share": ("quantity", "percent"),
    "parameters": ("quantity", "parameter"),
    "memory": ("quantity", "byte"),
    "bandwidth": ("quantity", "byte/second"),
    "population": ("quantity", "count"),
    "opened": ("date", None),
    "maker": ("entity", None),
    "price": ("quantity", "USD"),
    "price-cny": ("quantity", "CNY"),
}

ROWS: list[tuple[str, str, str, str | None]] = [
    # the case: two digits swapped
    ("share", "0.26%", "the error rate was only 0.62% compared with last year", "0.62%"),
    ("share", "0.62%", "the error rate was only 0.62% compared with last year", None),
    ("share", "65.7%", "turnout reached 65.7 per cent in the capital", None),
    ("share", "41%", "the party won 14% of the vote", "14%"),
    # separators, decimal marks, full-width digits, Chinese magnitudes, unit spacing
    ("parameters", "2.8 trillion", "一个拥有 2.8 万亿参数的模型", None),
    ("parameters", "1,040亿", "模型共有 1040 亿参数", None),
    ("parameters", "104 billion", "模型共有 1040 亿参数", None),
    ("parameters", "1.04 trillion", "模型共有 1040 亿参数", "1040 亿"),
    ("parameters", "3T", "a model of 3 trillion parameters", None),
    ("parameters", "2.9 trillion", "一个拥有 2.8 万亿参数的模型", "2.8 万亿"),
    ("memory", "5.6TB", "the weights take about 5.6 TB on disk", None),
    ("memory", "5.6 TB", "the weights take about 6.5 TB on disk", "6.5 TB"),
    ("memory", "80 GB", "each card carries ８０GB of memory", None),
    ("bandwidth", "3.35 TB/s", "memory bandwidth of 3.35TB/s per GPU", None),
    ("population", "21,893,095", "the census counted 21893095 residents", None),
    ("population", "21,893,095", "the census counted 21,893,059 residents", "21,893,059"),
    # a figure inside a longer number or a name is not the figure
    ("population", "5", "a fleet of 15 ships sailed", "15"),
    ("population", "5000", "the MTT S5000 card is sold in 4-card boxes", "4"),
    ("population", "12", "no figure is given here", ""),
    # dates, in the source's year
    ("opened", "November 5", "the bridge opened on Nov 5 to traffic", None),
    ("opened", "Nov 5", "the bridge opened on 4 November to traffic", "4 November"),
    ("opened", "2026-11-05", "大桥于 11月5日 通车", None),
    # entities: the name written, or any alias of the entity it resolves to
    ("maker", "Acme Corp", "the engine is built by ACME corp. in Ohio", None),
    ("maker", "Acme Corp", "该发动机由艾克米公司制造", None),
    ("maker", "Acme Corp", "the engine is built in Ohio", "entity"),
    # an amount whose currency comes first, in any form the currency module knows
    ("price", "30,000 USD", "the card sells for US$30,000 in America", None),
    ("price", "25,000 USD", "the card sells for US$30,000 in America", "US$30,000"),
    ("price-cny", "1,200 CNY", "each is priced at RMB 1,200 in China", None),
]


def _kb(root: Path, rows: list[tuple[str, str, str, str | None]], extra: str = "") -> Path:
    registry = [
        "entities:",
        "  - {id: acme, name: Acme Corp, kind: organisation, aliases: [艾克米公司]}",
    ]
    for number in range(len(rows)):
        registry.append(f"  - {{id: thing-{number}, name: Thing {number}, kind: thing}}")
    registry.append("properties:")
    for prop, (datatype, dimension) in PROPERTIES.items():
        line = f"  - {{id: {prop}, label: {prop}, datatype: {datatype}"
        line += f", dimension: {dimension}}}" if dimension else "}"
        if datatype == "entity":
            line = line[:-1] + ", entity_kind: organisation}"
        registry.append(line)
    claims = ["source: news-a", "claims:"]
    for number, (prop, value, quote, _) in enumerate(rows):
        claims += [
            f"  - id: c{number}",
            f"    subject: Thing {number}",
            f"    property: {prop}",
            f'    value: "{value}"',
            f'    quote: "{quote}"',
            "    status: unchecked",
            *([extra] if extra else []),
        ]
    source = "id: news-a\ntitle: t\npublisher: p\ndate: '2026-11-06'\nlanguage: en\nkind: news\n"
    return write_tree(
        root,
        {
            "claims/registry.yaml": "\n".join(registry) + "\n",
            "claims/news-a.yaml": "\n".join(claims) + "\n",
            "sources/news-a.yaml": source,
        },
    )


def test_each_value_is_compared_with_what_its_quote_says(tmp_path: Path) -> None:
    report = claimkb.check(_kb(tmp_path, ROWS))
    found = {f.claims[0]: f for f in report.open_findings if f.code == "CKB305"}
    others = [(f.code, f.message) for f in report.open_findings if f.code != "CKB305"]
    assert others == []
    expected = {f"c{n}": row[3] for n, row in enumerate(ROWS) if row[3] is not None}
    assert sorted(found) == sorted(expected)
    for claim_id, stated in expected.items():
        finding = found[claim_id]
        assert finding.line == 6 + 6 * int(claim_id[1:])  # the value's line
        if stated == "entity":
            assert "does not name it" in finding.message
        elif stated == "":
            assert finding.args["stated"] is None and "states no value" in finding.message
        else:  # the span read there: the figure, and the unit or noun that follows it
            assert finding.args["stated"].startswith(stated), finding.message


def test_a_value_that_says_why_it_is_not_quoted_is_not_compared(tmp_path: Path) -> None:
    rows = [("share", "0.26%", "the error rate was only 0.62% compared with last year", "0.62%")]
    extra = "    unquoted: the article gives the rate in a table below the quote"
    report = claimkb.check(_kb(tmp_path, rows, extra))
    assert [f.code for f in report.open_findings] == []
    assert [f.code for f in claimkb.check(_kb(tmp_path / "b", rows)).open_findings] == ["CKB305"]


_ASCII = st.characters(min_codepoint=0, max_codepoint=127)


@settings(max_examples=500, deadline=None)
@given(st.text(_ASCII), st.text(_ASCII, min_size=1), st.text(_ASCII))
def test_an_ascii_name_written_in_an_ascii_quote_is_named_by_its_key(
    before: str, written: str, after: str
) -> None:
    """The check takes an ASCII name written as is in an ASCII quote as named without keying
    the quote (:func:`claimkb.checks.value_quote._names_entity`): keying ASCII maps each
    character alone, so the key of a piece of a text is a piece of the text's key."""
    if name_key(written):
        assert name_key(written) in name_key(before + written + after)


def _verbatim_by_patterns(written: str, quote: str) -> bool:
    """The check's test of a figure written whole, as regular expressions say it."""
    import re

    bare = re.fullmatch(r"[0-9０-９.,，\s+\-−]+", written)
    joins_before = re.compile(r"[0-9０-９.,，A-Za-z]" if bare else r"[0-9０-９.,，]")
    joins_after = re.compile(r"[0-9０-９]|[.,，][0-9０-９]")
    start = quote.find(written) if written else -1
    while start >= 0:
        before = quote[start - 1 : start]
        after = quote[start + len(written) : start + len(written) + 2]
        if not joins_before.match(before) and not joins_after.match(after):
            return True
        start = quote.find(written, start + 1)
    return False


_FIGURES = st.text(st.sampled_from("05.,，０５ Sx台-"), max_size=6)


@settings(max_examples=600, deadline=None)
@given(_FIGURES, _FIGURES, _FIGURES)
def test_a_figure_written_whole_as_the_patterns_say(before: str, written: str, after: str) -> None:
    quote = before + written + after + written
    assert value_quote._verbatim(written, quote) == _verbatim_by_patterns(written, quote)

"""How `claimkb check` compares the values of a rival group, on subjects far from the bundled
corpus: a country's population by census, an election's vote count and share, and the time
sunlight takes to reach Earth, in seconds and minutes, and a race's winner.

The figures are the published ones (the 2020 US census count, 331,449,281; Joe Biden's 2020
popular vote, 81,283,501 or 51.3%; sunlight's 499 seconds, 8.3 minutes; the 2023 Tour de
France won by Jonas Vingegaard); the outlets and their wordings are typical of how the
figures were reported. What a careful fact-checker flags, written before running the tool:

* population: "331.4 million" and "more than 330 million" round the census count; "331.5
  million" does not (331,449,281 is 331.4 million): a conflict, which names every 2020
  claim, and a rounding, which names the claims that hold with the count. The 2010 count is
  another census, never compared; so is a figure with no census named.
* votes: "more than 81 million" beside the exact count is a rounding, and no source
  contradicts itself by giving both; "about 51%" beside 51.3% likewise. A digest whose chart
  says 52.3% and whose text says 51.3% contradicts itself and conflicts with the rest.
* sunlight: "8.3 minutes (499 seconds)" is one figure in two units: no finding, and the
  minutes claim is verified by the independent source that gives the seconds.
* the winner: a misspelt name is one finding (unknown entity), not also a conflict.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import claimkb
from claimkb import agreement
from conftest import Invoke, write_tree

SOURCE = "id: {id}\ntitle: {id}\nlanguage: en\nkind: {kind}\n"


def _claim(
    cid: str, source: str, subject: str, prop: str, value: str, status: str, **extra: str
) -> str:
    lines = [
        f"  - id: {cid}",
        f"    source: {source}",
        f"    subject: {subject}",
        f"    property: {prop}",
        f"    value: {value!r}",
        f"    quote: {value!r}",
        f"    status: {status}",
    ]
    lines += [f"    {k}: {v}" for k, v in extra.items()]
    return "\n".join(lines) + "\n"


def _kb(root: Path, registry: str, sources: dict[str, str], claims: dict[str, list[str]]) -> Path:
    """A KB: the registry, one source record each, and claims files of the given claims."""
    files = {"claims/registry.yaml": registry}
    for sid, kind in sources.items():
        files[f"sources/{sid}.yaml"] = SOURCE.format(id=sid, kind=kind)
    for name, records in claims.items():
        files[f"claims/{name}.yaml"] = "claims:\n" + "".join(records)
    return write_tree(root, files)


def _found(root: Path) -> list[tuple[str, str | None, int | None, tuple[str, ...]]]:
    report = claimkb.check(root)
    return [(f.code, f.file, f.line, f.claims) for f in report.findings]


# --- a population by census -----------------------------------------------------------------

CENSUS_REGISTRY = """\
entities:
  - {id: united-states, name: United States, kind: place, aliases: [US, U.S.]}
properties:
  - {id: population, label: resident population, datatype: quantity, dimension: count,
     single_valued: true}
"""
CENSUS_SOURCES = {
    "census-bureau": "report",
    "news-a": "news",
    "news-b": "news",
    "news-c": "news",
    "news-d": "news",
}
CENSUS_2020 = "{census: 2020}"
CENSUS = {
    "census-bureau": [
        _claim(
            "bureau-2020",
            "census-bureau",
            "United States",
            "population",
            "331,449,281",
            "single-source",
            qualifiers=CENSUS_2020,
        ),
        _claim(
            "bureau-2010",
            "census-bureau",
            "United States",
            "population",
            "308,745,538",
            "single-source",
            qualifiers="{census: 2010}",
        ),
    ],
    "news-a": [
        _claim(
            "a-2020",
            "news-a",
            "US",
            "population",
            "331.4 million",
            "single-source",
            qualifiers=CENSUS_2020,
        )
    ],
    "news-b": [
        _claim(
            "b-2020",
            "news-b",
            "U.S.",
            "population",
            "331.5 million",
            "disputed",
            qualifiers=CENSUS_2020,
        )
    ],
    "news-c": [
        _claim(
            "c-2020",
            "news-c",
            "US",
            "population",
            "more than 330 million",
            "disputed",
            qualifiers=CENSUS_2020,
        )
    ],
    "news-d": [
        _claim("d-population", "news-d", "US", "population", "about 330 million", "single-source")
    ],
}


def test_a_census_group_reports_its_conflict_and_its_rounding(tmp_path: Path) -> None:
    report = claimkb.check(_kb(tmp_path, CENSUS_REGISTRY, CENSUS_SOURCES, CENSUS))
    every_2020 = ("bureau-2020", "a-2020", "b-2020", "c-2020")
    assert [(f.code, f.file, f.line, f.claims) for f in report.findings] == [
        ("CKB401", "claims/census-bureau.yaml", 6, every_2020),
        ("CKB402", "claims/census-bureau.yaml", 6, ("bureau-2020", "a-2020", "c-2020")),
    ]
    conflict, rounding = report.findings
    assert conflict.message == (
        "united-states / population [census=2020]: '331,449,281' (bureau-2020) ~ "
        "'331.4 million' (a-2020) ~ 'more than 330 million' (c-2020) vs '331.5 million' (b-2020)"
    )
    assert rounding.message == (
        "united-states / population [census=2020]: '331,449,281' (bureau-2020) ~ "
        "'331.4 million' (a-2020) ~ 'more than 330 million' (c-2020)"
    )


def test_a_claim_consistent_with_both_sides_of_a_conflict_is_named(tmp_path: Path) -> None:
    """'more than 330 million' holds with every figure: it is named by the conflict and the
    rounding, so its status 'disputed' has the rival it needs (no CKB501)."""
    report = claimkb.check(_kb(tmp_path, CENSUS_REGISTRY, CENSUS_SOURCES, CENSUS))
    assert [f.code for f in report.findings if "c-2020" in f.claims] == ["CKB401", "CKB402"]
    assert [f for f in report.findings if f.code == "CKB501"] == []


# --- an election: a vote count and a vote share ---------------------------------------------

VOTES_REGISTRY = """\
entities:
  - {id: joe-biden, name: Joe Biden, kind: person}
properties:
  - {id: popular-vote, label: popular votes won, datatype: quantity, dimension: count,
     single_valued: true}
  - {id: vote-share, label: share of the popular vote, datatype: quantity, dimension: percent,
     single_valued: true, tolerance: TOLERANCE}
"""
VOTES_SOURCES = {"fec": "report", "wire": "news", "digest": "news"}
VOTES = {
    "fec": [
        _claim("fec-votes", "fec", "Joe Biden", "popular-vote", "81,283,501", "verified"),
        _claim("fec-share", "fec", "Joe Biden", "vote-share", "51.3%", "verified"),
    ],
    "wire": [
        _claim(
            "wire-votes-lead",
            "wire",
            "Joe Biden",
            "popular-vote",
            "more than 81 million",
            "single-source",
        ),
        _claim("wire-votes", "wire", "Joe Biden", "popular-vote", "81,283,501", "verified"),
        _claim("wire-share-lead", "wire", "Joe Biden", "vote-share", "about 51%", "single-source"),
        _claim("wire-share", "wire", "Joe Biden", "vote-share", "51.3%", "verified"),
    ],
    "digest": [
        _claim("digest-share-chart", "digest", "Joe Biden", "vote-share", "52.3%", "disputed"),
        _claim("digest-share-text", "digest", "Joe Biden", "vote-share", "51.3%", "verified"),
    ],
}
VOTE_FINDINGS = [
    ("CKB402", "claims/fec.yaml", 6, ("fec-votes", "wire-votes-lead", "wire-votes")),
    (
        "CKB401",
        "claims/digest.yaml",
        6,
        ("digest-share-chart", "digest-share-text", "fec-share", "wire-share-lead", "wire-share"),
    ),
    (
        "CKB402",
        "claims/digest.yaml",
        13,
        ("digest-share-text", "fec-share", "wire-share-lead", "wire-share"),
    ),
    ("CKB407", "claims/digest.yaml", 6, ("digest-share-chart", "digest-share-text")),
]


def _votes(root: Path, tolerance: float = 0.0, claims: dict[str, list[str]] = VOTES) -> Path:
    return _kb(root, VOTES_REGISTRY.replace("TOLERANCE", str(tolerance)), VOTES_SOURCES, claims)


def test_a_bound_or_a_rounding_beside_the_exact_figure_is_no_self_contradiction(
    tmp_path: Path,
) -> None:
    found = _found(_votes(tmp_path))
    assert sorted(found) == sorted(VOTE_FINDINGS)
    # the wire gives 'more than 81 million' and '81,283,501', 'about 51%' and '51.3%': all hold
    assert [f for f in found if f[0] == "CKB407" and "wire-votes" in f[3]] == []


def test_a_source_whose_values_cannot_both_hold_contradicts_itself(tmp_path: Path) -> None:
    report = claimkb.check(_votes(tmp_path))
    (contradiction,) = [f for f in report.findings if f.code == "CKB407"]
    assert contradiction.message == (
        "source 'digest' states values that cannot all hold for joe-biden / vote-share: "
        "'52.3%' (digest-share-chart) vs '51.3%' (digest-share-text)"
    )


def test_each_wording_is_compared_at_its_own_precision(tmp_path: Path) -> None:
    """'41%' and '41.0%' state one value at two precisions: '40.5%' holds with the first
    (41% is 40.5-41.5%) but not with the second (40.95-41.05%). Which wording comes first
    in the file does not matter."""
    shares = [
        _claim("poll-rounded", "wire", "Joe Biden", "vote-share", "41%", "verified"),
        _claim("poll-exact", "fec", "Joe Biden", "vote-share", "41.0%", "verified"),
        _claim("poll-other", "digest", "Joe Biden", "vote-share", "40.5%", "disputed"),
    ]
    for order, records in (("forward", shares), ("backward", shares[::-1])):
        report = claimkb.check(_votes(tmp_path / order, claims={"polls": records}))
        found = {(f.code, frozenset(f.claims)) for f in report.findings}
        assert found == {
            ("CKB401", frozenset({"poll-rounded", "poll-exact", "poll-other"})),
            ("CKB402", frozenset({"poll-rounded", "poll-other"})),
        }, order
        conflict = next(f for f in report.findings if f.code == "CKB401")
        assert conflict.args["values"].endswith("vs '41.0%' (poll-exact)"), order


# --- one figure in two units ----------------------------------------------------------------

SUNLIGHT_REGISTRY = """\
entities:
  - {id: sunlight-to-earth, name: sunlight's journey to Earth, kind: phenomenon}
properties:
  - {id: travel-time, label: time taken, datatype: quantity, dimension: second,
     single_valued: true}
"""
SUNLIGHT = {
    "nasa": [
        _claim(
            "nasa-seconds", "nasa", "sunlight-to-earth", "travel-time", "499 seconds", "verified"
        )
    ],
    "explainer": [
        _claim(
            "explainer-minutes",
            "explainer",
            "sunlight-to-earth",
            "travel-time",
            "8.3 minutes",
            "verified",
        ),
        _claim(
            "explainer-seconds",
            "explainer",
            "sunlight-to-earth",
            "travel-time",
            "499 seconds",
            "verified",
        ),
    ],
}


def test_one_figure_in_two_units_is_the_same_value(tmp_path: Path, cli: Invoke) -> None:
    """'8.3 minutes (499 seconds)': no rounding, no self-contradiction; and the minutes are
    verified, since an independent source states the same value in seconds."""
    root = _kb(
        tmp_path, SUNLIGHT_REGISTRY, {"nasa": "documentation", "explainer": "news"}, SUNLIGHT
    )
    assert _found(root) == []
    assert cli("check", "--root", root).exit_code == 0
    shown = claimkb.query.show(claimkb.load(root), "explainer-minutes", ())
    assert shown["evidence"] == [["explainer-minutes", "explainer-seconds"], ["nasa-seconds"]]

    # "8 minutes" rounds 499 seconds further than a change of unit needs: a rounding, and
    # the seconds are left with one source
    claims = {
        **SUNLIGHT,
        "explainer": [
            _claim(
                "explainer-minutes",
                "explainer",
                "sunlight-to-earth",
                "travel-time",
                "8 minutes",
                "single-source",
            )
        ],
    }
    root = _kb(
        tmp_path / "rounded",
        SUNLIGHT_REGISTRY,
        {"nasa": "documentation", "explainer": "news"},
        claims,
    )
    assert _found(root) == [
        ("CKB402", "claims/explainer.yaml", 6, ("explainer-minutes", "nasa-seconds")),
        ("CKB501", "claims/nasa.yaml", 8, ("nasa-seconds",)),  # verified by one source only
    ]


def test_a_resolution_preferring_a_figure_accepts_its_conversion(tmp_path: Path) -> None:
    """A rounding resolution preferring '499 seconds' rejects the quiz's '8 minutes' (which
    must then be imprecise), not the explainer's '8.3 minutes': the same value, which stays
    verified."""
    claims = {
        **SUNLIGHT,
        "quiz": [
            _claim(
                "quiz-minutes", "quiz", "sunlight-to-earth", "travel-time", "8 minutes", "imprecise"
            )
        ],
    }
    triage = """\
resolutions:
  - id: r-travel-time
    claims: [nasa-seconds, explainer-minutes, explainer-seconds, quiz-minutes]
    preferred: nasa-seconds
    kind: rounding
    reason: 499 seconds is 8 minutes 19 seconds; 8 minutes rounds it further.
"""
    sources = {"nasa": "documentation", "explainer": "news", "quiz": "news"}
    root = _kb(tmp_path, SUNLIGHT_REGISTRY, sources, claims)
    (root / "claims" / "triage.yaml").write_text(triage, encoding="utf-8")
    report = claimkb.check(root)
    assert [(f.code, f.claims, f.triaged_by) for f in report.findings] == [
        (
            "CKB402",
            ("explainer-minutes", "explainer-seconds", "nasa-seconds", "quiz-minutes"),
            "r-travel-time",
        )
    ]


# --- a misspelt winner ----------------------------------------------------------------------

RACE_REGISTRY = """\
entities:
  - {id: tour-2023, name: 2023 Tour de France, kind: race}
  - {id: jonas-vingegaard, name: Jonas Vingegaard, kind: person}
  - {id: tadej-pogacar, name: Tadej Pogačar, kind: person, aliases: [Tadej Pogacar]}
properties:
  - {id: winner, label: overall winner, datatype: entity, entity_kind: person,
     single_valued: true}
"""
RACE = {
    "wire": [
        _claim(
            "wire-winner",
            "wire",
            "2023 Tour de France",
            "winner",
            "Jonas Vingegaard",
            "single-source",
        )
    ],
    "blog": [
        _claim(
            "blog-winner",
            "blog",
            "2023 Tour de France",
            "winner",
            "Jonas Vingegard",
            "single-source",
        )
    ],
}


def test_a_misspelt_entity_is_reported_once(tmp_path: Path) -> None:
    root = _kb(tmp_path, RACE_REGISTRY, {"wire": "news", "blog": "news"}, RACE)
    assert _found(root) == [("CKB404", "claims/blog.yaml", 6, ("blog-winner",))]


def test_a_misspelling_beside_a_real_conflict_stays_out_of_it(tmp_path: Path) -> None:
    claims = {
        **RACE,
        "quiz": [
            _claim(
                "quiz-winner", "quiz", "2023 Tour de France", "winner", "Tadej Pogacar", "disputed"
            )
        ],
    }
    root = _kb(tmp_path, RACE_REGISTRY, {"wire": "news", "blog": "news", "quiz": "news"}, claims)
    assert _found(root) == [
        ("CKB404", "claims/blog.yaml", 6, ("blog-winner",)),
        ("CKB401", "claims/quiz.yaml", 6, ("quiz-winner", "wire-winner")),
    ]


# --- the order of claims --------------------------------------------------------------------


BOTH_REGISTRIES = """\
entities:
  - {id: joe-biden, name: Joe Biden, kind: person}
  - {id: united-states, name: United States, kind: place, aliases: [US, U.S.]}
properties:
"""


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from([0.0, 0.001]))
def test_findings_do_not_depend_on_the_order_of_claims(
    rng: random.Random, tolerance: float
) -> None:
    """Open-ended values ('more than 81 million', 'more than 330 million') in groups with
    other values, at tolerance 0 (where inf × 0 once made a NaN) and above: shuffled into one
    file, the same findings name the same claims."""
    records = [r for rs in (*VOTES.values(), *CENSUS.values()) for r in rs]
    rng.shuffle(records)
    properties = [
        registry.partition("properties:\n")[2] for registry in (VOTES_REGISTRY, CENSUS_REGISTRY)
    ]
    registry = (BOTH_REGISTRIES + "".join(properties)).replace("TOLERANCE", str(tolerance))
    with tempfile.TemporaryDirectory() as tmp:
        sources = {**VOTES_SOURCES, **CENSUS_SOURCES}
        root = _kb(Path(tmp), registry, sources, {"all": records})
        found = {(f.code, frozenset(f.claims)) for f in claimkb.check(root).findings}
    assert found == {(code, frozenset(claims)) for code, *_, claims in _EXPECTED_SHUFFLED}


_EXPECTED_SHUFFLED = [
    *VOTE_FINDINGS,
    ("CKB401", None, None, ("bureau-2020", "a-2020", "b-2020", "c-2020")),
    ("CKB402", None, None, ("bureau-2020", "a-2020", "c-2020")),
]


# --- cost -----------------------------------------------------------------------------------


def test_a_group_of_ten_thousand_claims_is_compared_by_its_distinct_values(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """10,000 claims of one count, one lower bound and one figure apart: the comparisons made
    do not grow with the claims, only with the three values they state."""
    records = [
        f"  - {{id: v{i}, source: fec, subject: Joe Biden, property: popular-vote, "
        f"value: '81,283,501', quote: 'a total of 81,283,501 votes', status: disputed}}\n"
        for i in range(10_000)
    ]
    records.append(
        _claim("lead", "wire", "Joe Biden", "popular-vote", "more than 81 million", "disputed")
    )
    records.append(
        _claim("typo", "digest", "Joe Biden", "popular-vote", "81.2 million", "disputed")
    )
    root = _votes(tmp_path, claims={"many": records})
    calls = {"ends_before": 0, "same_value": 0}
    for name in calls:
        original = getattr(agreement, name)

        def counted(*args, _name=name, _original=original):  # type: ignore[no-untyped-def]
            calls[_name] += 1
            return _original(*args)

        monkeypatch.setattr(agreement, name, counted)
    report = claimkb.check(root)
    # the bound holds with both figures; it is classed with the one whose range ends first
    assert [(f.code, len(f.claims), f.claims[-2:]) for f in report.findings] == [
        ("CKB401", 10_002, ("lead", "typo")),
        ("CKB402", 2, ("lead", "typo")),
    ]
    assert calls["ends_before"] <= 10 and calls["same_value"] <= 10

"""Dates of other subjects through the commands: each claim's date read in its source's
context (``check``, ``show``, ``conflicts``), and a ``timeline`` that says which date claims
it left out and why."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import claimkb
from claimkb.query import timeline
from conftest import FIXTURES, Invoke, write_tree

EVEREST = FIXTURES / "invalid" / "everest-survey-dates"
OTHERS = FIXTURES / "valid" / "dates-other-subjects"


def run_json(cli: Invoke, *args: str | Path) -> Any:
    result = cli(*args, "--json")
    assert "Traceback" not in result.stdout + result.stderr
    return json.loads(result.stdout)


def test_timeline_of_other_subjects_reads_every_date_in_its_source_context(cli: Invoke) -> None:
    data = run_json(cli, "timeline", "--root", OTHERS)
    assert data["left_out"] == []
    spans = [
        (
            r["id"],
            r["normalized"]["earliest"],
            r["normalized"]["latest"],
            r["normalized"]["precision"],
        )
        for r in data["timeline"]
    ]
    assert spans == [
        ("us-commission-held", "2020-11-03", "2020-11-03", "day"),
        ("us-wire-held", "2020-11-03", "2020-11-03", "day"),  # "yesterday", on 2020-11-04
        ("census-office-held", "2021-03-21", "2021-03-21", "day"),
        ("census-paper-held", "2021-03-21", "2021-03-21", "day"),  # "on Sunday", 2021-03-23
        ("olympics-recap-held", "2022-02-04", "2022-02-20", "days"),
        ("olympics-zh-held", "2022-02-04", "2022-02-20", "days"),  # "2月4日至昨天"
        ("widget-results-shipped", "2022-07-01", "2022-09-30", "quarter"),
        ("widget-zh-shipped", "2022-07-01", "2022-09-30", "quarter"),
        ("cup-preview-held", "2022-11-20", "2022-12-18", "days"),
        ("cup-zh-held", "2022-11-20", "2022-12-18", "days"),  # "明天至12月18日"
        ("cn-taiwan-held", "2024-01-13", "2024-01-13", "day"),  # "昨天", on 2024-01-14
        ("tw-commission-held", "2024-01-13", "2024-01-13", "day"),
    ]


def test_timeline_says_which_date_claims_it_left_out_and_why(cli: Invoke) -> None:
    data = run_json(cli, "timeline", "--root", EVEREST)
    assert [r["id"] for r in data["timeline"]] == [
        "monthly-india-surveyed",
        "retro-2005-announced",
        "gazette-2005-announced",
        "monthly-2020-announced",
        "wire-2020-announced",
        "xinhua-2020-announced",
    ]
    assert [
        (r["id"], r["file"], r["line"], r["value"], r["reason"], r["value_error"])
        for r in data["left_out"]
    ] == [
        (
            "blog-2020-announced",
            "claims/blog.yaml",
            3,
            "last December",
            "undated-source",
            "'last December' is relative to the date of its source, which has none: give the "
            "source a date (date: 2026-11-06, or 2026-11 if only the month is known)",
        ),
        (
            "retro-india-surveyed",
            "claims/retrospective.yaml",
            10,
            "50年代",
            "unreadable",
            "'50年代' does not say which century: write it in full (1950年代 or 20世纪50年代)",
        ),
    ]
    table = cli("timeline", "--root", EVEREST).stdout
    assert "timeline (6)" in table
    assert "left out of the timeline (2)" in table
    assert "│ blog-2020-announced  │ claims/blog.yaml:3 " in table
    assert "undated-source" in table and "unreadable" in table


def test_a_relative_date_in_an_undated_source_is_a_located_error() -> None:
    report = claimkb.check(EVEREST)
    (finding,) = [f for f in report.open_findings if f.claims == ("blog-2020-announced",)]
    assert (finding.code, finding.file, finding.line) == ("CKB220", "claims/blog.yaml", 7)
    assert finding.message.endswith(
        "'last December' is relative to the date of its source, which has none: give the "
        "source a date (date: 2026-11-06, or 2026-11 if only the month is known)"
    )


def test_show_and_conflicts_use_dates_read_against_their_sources(cli: Invoke) -> None:
    shown = run_json(cli, "show", "wire-2020-announced", "--root", EVEREST)
    assert shown["claim"]["normalized"] == {
        "type": "date",
        "earliest": "2020-12-08",
        "latest": "2020-12-08",
        "precision": "day",
    }
    # the undated blog's claim cannot be read, so it is no rival
    assert [r["id"] for r in shown["rivals"]] == ["monthly-2020-announced", "xinhua-2020-announced"]
    found = run_json(cli, "conflicts", "--root", EVEREST)
    assert [(r["code"], r["claims"]) for r in found] == [
        ("CKB401", ["gazette-2005-announced", "retro-2005-announced"]),
        ("CKB403", ["monthly-2020-announced", "wire-2020-announced", "xinhua-2020-announced"]),
    ]


def test_a_wrong_weekday_is_a_warning_that_keeps_the_date(cli: Invoke) -> None:
    report = claimkb.check(FIXTURES / "invalid" / "weekday-mismatch")
    (finding,) = report.open_findings
    assert finding.message == (
        "claim 'wire-held-on': 'Saturday, 8 October 2023' says Saturday, but 2023-10-08 was "
        "a Sunday"
    )
    assert finding.entry.triageable


def test_a_resolution_triages_a_wrong_weekday(tmp_path: Path) -> None:
    source = FIXTURES / "invalid" / "weekday-mismatch"
    files = {str(p.relative_to(source)): p.read_text() for p in source.rglob("*.yaml")}
    files["claims/triage.yaml"] = (
        "resolutions:\n"
        "  - id: r-weekday\n"
        "    claims: [wire-held-on]\n"
        "    kind: error\n"
        "    reason: The race was run on Sunday 8 October 2023; the wire misprinted the day.\n"
    )
    report = claimkb.check(write_tree(tmp_path, files))
    assert list(report.open_findings) == []
    assert [(f.code, f.triaged_by) for f in report.triaged_findings] == [("CKB409", "r-weekday")]


def test_the_source_date_with_its_precision_reaches_a_relative_claim(tmp_path: Path) -> None:
    """A source dated to the month only makes "yesterday" a month-wide range, not a day."""
    root = write_tree(
        tmp_path,
        {
            "sources/s.yaml": "id: s\ntitle: T\ndate: '2021-03'\nlanguage: en\nkind: news\n",
            "claims/c.yaml": (
                "entities:\n  - {id: census, name: Census 2021, kind: census}\n"
                "properties:\n  - {id: held-on, label: held on, datatype: date}\n"
                "source: s\nclaims:\n"
                "  - {id: c1, subject: census, property: held-on, value: yesterday,"
                " quote: yesterday, status: single-source}\n"
            ),
        },
    )
    assert [f.code for f in claimkb.check(root).open_findings] == []
    (row,) = timeline(claimkb.load(root))["timeline"]
    assert row["normalized"] == {
        "type": "date",
        "earliest": "2021-02-28",
        "latest": "2021-03-30",
        "precision": "range",
    }


def test_a_quote_that_dates_the_event_relative_to_its_source_states_that_date(
    tmp_path: Path,
) -> None:
    """A claim may write the calendar date of what its quote says relatively: "yesterday" in a
    report of 2020-11-04 states 2020-11-03, and not 2020-11-02."""
    root = write_tree(
        tmp_path,
        {
            "sources/s.yaml": "id: s\ntitle: T\ndate: '2020-11-04'\nlanguage: en\nkind: news\n",
            "claims/c.yaml": (
                "entities:\n  - {id: vote, name: 2020 US election, kind: election}\n"
                "properties:\n  - {id: held-on, label: held on, datatype: date}\n"
                "source: s\nclaims:\n"
                "  - {id: right, subject: vote, property: held-on, value: 2020-11-03,"
                " quote: Americans voted yesterday, status: single-source}\n"
                "  - {id: wrong, subject: vote, property: held-on, value: 2020-11-02,"
                " quote: Americans voted yesterday, status: single-source}\n"
            ),
        },
    )
    findings = [(f.code, f.claims, f.message) for f in claimkb.check(root).open_findings]
    assert findings == [
        (
            "CKB305",
            ("wrong",),
            "claim 'wrong': value '2020-11-02' is not what its quote says: the quote states "
            "'yesterday'",
        )
    ]

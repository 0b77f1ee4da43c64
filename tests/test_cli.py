"""Every command in-process: exact JSON, the key lines of text output, exit codes 0/1/2,
root discovery and NO_COLOR. The KB is tests/fixtures/valid/launch: a vendor announcement, a
wire story relaying it, a Chinese article and a fact-check, with two triaged discrepancies."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from claimkb import __version__
from conftest import FIXTURES, Invoke, write_tree

LAUNCH = FIXTURES / "valid" / "launch"
CONFLICT = FIXTURES / "invalid" / "conflict"


def run_json(cli: Invoke, *args: str | Path) -> Any:
    result = cli(*args, "--json")
    assert result.stderr == ""
    return json.loads(result.stdout)


def ids(rows: list[dict[str, Any]]) -> list[str]:
    return [row["id"] for row in rows]


# -- check ---------------------------------------------------------------------------------


def test_check_text_lists_each_finding_then_a_summary(cli: Invoke) -> None:
    result = cli("check", "--root", CONFLICT)
    assert result.exit_code == 1
    assert result.stderr == ""
    assert result.stdout.splitlines() == [
        "claims/news-a.yaml:6: error CKB401 conflict: model-x / total-parameters: "
        "'104 billion' (a-params) vs '1.2 万亿' (b-params) [claims: a-params, b-params]",
        "claims/news-b.yaml:8: error CKB501 status-unsupported: claim 'b-params' is 'refuted' "
        "but no resolution prefers a rival value and no verdict refutes it; the evidence "
        "supports 'single-source', 'disputed', 'insufficient-evidence' or 'unchecked' "
        "[claims: b-params]",
        "5 files, 2 sources, 2 claims: 2 errors, 0 warnings, 0 info, 0 triaged"
        "; 2 quotes not checked against a snapshot",
    ]


def test_check_json_is_the_documented_report(cli: Invoke) -> None:
    result = cli("check", "--root", CONFLICT, "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == {
        "version": 1,
        "root": str(CONFLICT.resolve()),
        "summary": {
            "files": 5,
            "sources": 2,
            "claims": 2,
            "unchecked_quotes": 2,
            "error": 2,
            "warning": 0,
            "info": 0,
            "triaged": 0,
            "unapplied_resolutions": 0,
        },
        "findings": [
            {
                "code": "CKB401",
                "slug": "conflict",
                "severity": "error",
                "message": "model-x / total-parameters: '104 billion' (a-params) vs "
                "'1.2 万亿' (b-params)",
                "file": "claims/news-a.yaml",
                "line": 6,
                "claims": ["a-params", "b-params"],
                "triaged_by": None,
                "data": {
                    "subject": "model-x",
                    "property": "total-parameters",
                    "qualifiers": "",
                    "values": "'104 billion' (a-params) vs '1.2 万亿' (b-params)",
                    "written": {"a-params": "104 billion", "b-params": "1.2 万亿"},
                },
            },
            {
                "code": "CKB501",
                "slug": "status-unsupported",
                "severity": "error",
                "message": "claim 'b-params' is 'refuted' but no resolution prefers a rival "
                "value and no verdict refutes it; the evidence supports 'single-source', "
                "'disputed', 'insufficient-evidence' or 'unchecked'",
                "file": "claims/news-b.yaml",
                "line": 8,
                "claims": ["b-params"],
                "triaged_by": None,
                "data": {
                    "claim": "b-params",
                    "status": "refuted",
                    "detail": "no resolution prefers a rival value and no verdict refutes it",
                    "supported": "'single-source', 'disputed', 'insufficient-evidence' or "
                    "'unchecked'",
                },
            },
        ],
    }
    assert cli("check", "--root", CONFLICT, "--json").stdout == result.stdout


def test_check_clean_kb_exits_0_and_hides_triaged_findings(cli: Invoke) -> None:
    result = cli("check", "--root", LAUNCH)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "10 files, 4 sources, 8 claims: 0 errors, 0 warnings, 0 info, 2 triaged"
        "; 8 quotes not checked against a snapshot",
        "triaged discrepancies: `claimkb conflicts` lists them, `claimkb check --show-triaged` "
        "prints them here",
    ]


def test_check_show_triaged_prints_them_with_their_resolution(cli: Invoke) -> None:
    lines = cli("check", "--root", LAUNCH, "--show-triaged").stdout.splitlines()
    assert lines[:2] == [
        "claims/news-relay.yaml:6: warning CKB402 rounding: kimi-x / total-parameters: '2.8T' "
        "= '2.8 trillion' (relay-params, pr-params) ~ '3 万亿级' (zh-params) "
        "[claims: relay-params, pr-params, zh-params] (triaged: r-params)",
        "claims/vendor-pr.yaml:12: warning CKB403 date-precision: kimi-x / release-date: "
        "'2026-11-04' (pr-date) ~ '11 月初' (zh-date) [claims: pr-date, zh-date] "
        "(triaged: r-date)",
    ]


def test_check_json_counts_triaged_findings_apart(cli: Invoke) -> None:
    report = run_json(cli, "check", "--root", LAUNCH)
    assert report["summary"] == {
        "files": 10,
        "sources": 4,
        "claims": 8,
        "unchecked_quotes": 8,
        "error": 0,
        "warning": 0,
        "info": 0,
        "triaged": 2,
        "unapplied_resolutions": 0,
    }
    assert [(f["code"], f["triaged_by"]) for f in report["findings"]] == [
        ("CKB402", "r-params"),
        ("CKB403", "r-date"),
    ]


@pytest.mark.parametrize(
    "fixture, fail_on, exit_code",
    [
        ("rounding", "error", 0),
        ("rounding", "warning", 1),
        ("snapshot-missing", "warning", 0),
        ("snapshot-missing", "info", 1),
        ("conflict", "error", 1),
    ],
)
def test_check_fail_on_sets_the_threshold(
    cli: Invoke, fixture: str, fail_on: str, exit_code: int
) -> None:
    result = cli("check", "--root", FIXTURES / "invalid" / fixture, "--fail-on", fail_on)
    assert result.exit_code == exit_code


# -- claims --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "filters, expected",
    [
        (
            (),
            [
                "fc-verdict",
                "relay-params",
                "relay-developer",
                "pr-params",
                "pr-date",
                "zh-params",
                "zh-date",
                "zh-datacenter",
            ],
        ),
        (
            ("--subject", "基米X", "--property", "total-parameters"),
            ["relay-params", "pr-params", "zh-params"],
        ),
        (("--subject", "kimi x pro", "--property", "release-date"), ["pr-date", "zh-date"]),
        (("--source", "zh-news"), ["zh-params", "zh-date", "zh-datacenter"]),
        (("--status", "imprecise"), ["zh-params", "zh-date"]),
        (("--text", "TRILLION"), ["fc-verdict", "pr-params"]),
        (("--text", "chinese name"), ["relay-developer"]),
        (("--subject", "Moonshot AI"), []),
        (("--subject", "kimi-x", "--source", "fact-check", "--status", "refuted"), []),
    ],
    ids=lambda x: " ".join(x) if isinstance(x, tuple) else None,
)
def test_claims_filters(cli: Invoke, filters: tuple[str, ...], expected: list[str]) -> None:
    assert ids(run_json(cli, "claims", "--root", LAUNCH, *filters)) == expected


def test_claims_json_carries_the_documented_claim_shape(cli: Invoke) -> None:
    [claim] = run_json(cli, "claims", "--root", LAUNCH, "--text", "3 万亿级", "--source", "zh-news")
    assert claim == {
        "id": "zh-params",
        "subject": "基米 X",
        "subject_id": "kimi-x",
        "property": "total-parameters",
        "value": "3 万亿级",
        "normalized": {
            "type": "quantity",
            "amount": 3e12,
            "lower": 2.35e12,
            "upper": 3.65e12,
            "unit": "parameter",
            "dimension": "parameter",
            "written_unit": "parameter",
            "precision": 5e11,
            "approximate": True,
            "binary_prefix": False,
        },
        "value_error": None,
        "source": "zh-news",
        "quote": "基米 X 拥有 3 万亿级参数",
        "status": "imprecise",
        "qualifiers": {},
        "via": None,
        "reviews": [],
        "items": [],
        "derived": None,
        "note": None,
        "file": "claims/zh-news.yaml",
        "line": 3,
    }


def test_claims_table_shows_written_values_and_what_they_read_as(cli: Invoke) -> None:
    result = cli("claims", "--root", LAUNCH, "--property", "release-date")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "claims (2) · subject kimi-x · property release-date",
        "id        value        read as                           source      status",
        "─" * 81,
        "pr-date   2026-11-04   4 Nov 2026                        vendor-pr   vendor-claim",
        "zh-date   11 月初      1–10 Nov 2026 (part of a month)   zh-news     imprecise",
    ]


def test_claims_matching_nothing_says_so(cli: Invoke) -> None:
    result = cli("claims", "--root", LAUNCH, "--subject", "Moonshot AI")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "no claims match\n", "")


@pytest.mark.parametrize(
    "filters, message",
    [
        (
            ("--subject", "kimi y"),
            "--subject 'kimi y' names no entity and no claim's subject; did you mean 'Kimi X'?",
        ),
        (
            ("--subject", "nobody"),
            "--subject 'nobody' names no entity and no claim's subject; `claimkb entity NAME` "
            "finds an entity by any of its names",
        ),
        (
            ("--property", "total-parameter", "--status", "verified"),
            "--property 'total-parameter' is not a property of this KB; did you mean "
            "'total-parameters'?",
        ),
        (
            ("--source", "zh-new"),
            "--source 'zh-new' is not a source of this KB; did you mean 'zh-news'?",
        ),
        (
            ("--source", "elsewhere"),
            "--source 'elsewhere' is not a source of this KB; `claimkb sources` lists them",
        ),
    ],
    ids=lambda x: " ".join(x) if isinstance(x, tuple) else None,
)
def test_claims_filter_naming_nothing_is_a_usage_error_with_suggestions(
    cli: Invoke, filters: tuple[str, ...], message: str
) -> None:
    for json_ in ((), ("--json",)):
        result = cli("claims", "--root", LAUNCH, *filters, *json_)
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == f"claimkb: {message}\n"


def test_claims_rejects_an_unknown_status_with_exit_2(cli: Invoke) -> None:
    result = cli("claims", "--root", LAUNCH, "--status", "verifed")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines()[-1] == (
        "Error: Invalid value for '--status': 'verifed' is not one of verified, single-source, "
        "vendor-claim, imprecise, disputed, refuted, insufficient-evidence, unchecked; did you "
        "mean 'verified'?"
    )


def test_the_status_choices_are_the_verdict_scale() -> None:
    from claimkb.cli.queries import STATUSES
    from claimkb.model import Status

    assert STATUSES == [s.value for s in Status]


# -- show ----------------------------------------------------------------------------------


def test_show_json_gives_source_rivals_evidence_reviews_and_resolutions(cli: Invoke) -> None:
    data = run_json(cli, "show", "zh-params", "--root", LAUNCH)
    assert data["claim"]["id"] == "zh-params"
    assert data["source"] == {
        "id": "zh-news",
        "title": "月之暗面发布基米 X",
        "publisher": "示例科技网",
        "url": None,
        "date": "2026-11-06",
        "language": "zh",
        "kind": "news",
        "snapshot": None,
        "cites": [],
        "issued_by": None,
        "note": None,
        "claims": 3,
        "rests_on": ["zh-news"],
        "file": "sources/zh-news.yaml",
        "line": 1,
    }
    assert data["single_valued"] is True
    assert ids(data["rivals"]) == ["relay-params", "pr-params"]
    assert data["evidence"] == [["zh-params"]]
    assert data["rests_on"] == ["zh-news"]
    assert ids(data["reviews"]) == ["fc-verdict"]
    assert data["resolutions"] == [
        {
            "id": "r-params",
            "claims": ["pr-params", "relay-params", "zh-params"],
            "preferred": "pr-params",
            "kind": "rounding",
            "reason": "3 万亿级 rounds 2.8 trillion up",
        }
    ]
    assert [(f["code"], f["triaged_by"]) for f in data["findings"]] == [("CKB402", "r-params")]


def test_show_counts_relays_of_one_announcement_as_one_piece_of_evidence(cli: Invoke) -> None:
    data = run_json(cli, "show", "relay-params", "--root", LAUNCH)
    assert data["rests_on"] == ["news-relay", "vendor-pr"]
    assert data["evidence"] == [["pr-params", "relay-params"]]


def test_show_text(cli: Invoke) -> None:
    result = cli("show", "zh-params", "--root", LAUNCH)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "zh-params · claims/zh-news.yaml:3",
        "  subject   基米 X (kimi-x)",
        "  property  total-parameters",
        "  value     3 万亿级",
        "  read as   3 trillion parameters (2.35–3.65 trillion)",
        "  status    imprecise",
        "  source    zh-news: 月之暗面发布基米 X (示例科技网, 2026-11-06)",
        "  quote     “基米 X 拥有 3 万亿级参数”",
        "  rests on  zh-news",
        "  evidence  1 independent group: zh-params",
        "",
        "rival claims (2) · subject kimi-x · property total-parameters · status vendor-claim",
        "id             value          read as                                        source",
        "─" * 87,
        "relay-params   2.8T           2.8 trillion parameters (2.75–2.85 trillion)   news-relay",
        "pr-params      2.8 trillion   2.8 trillion parameters (2.75–2.85 trillion)   vendor-pr",
        "",
        "reviewed by (1)",
        "fc-verdict  imprecise  fact-check",
        "",
        "resolutions (1)",
        "r-params  rounding  prefers pr-params",
        "  3 万亿级 rounds 2.8 trillion up",
        "",
        "findings (1)",
        "CKB402  rounding  warning  triaged: r-params",
        "  kimi-x / total-parameters: '2.8T' = '2.8 trillion' (relay-params, pr-params) ~ "
        "'3 万亿级' (zh-params)",
    ]


@pytest.mark.parametrize(
    "claim_id, message",
    [
        ("nope", "no claim with id 'nope'"),
        ("params-zh", "no claim with id 'params-zh'; did you mean 'zh-params'?"),
        ("pr-param", "no claim with id 'pr-param'; did you mean 'pr-params'?"),
    ],
)
def test_show_unknown_claim_exits_2_with_the_ids_spelt_most_like_it(
    cli: Invoke, claim_id: str, message: str
) -> None:
    cli("check", "--root", LAUNCH)  # the query index answers, as it does the whole KB
    for _ in range(2):
        result = cli("show", claim_id, "--root", LAUNCH)
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == f"claimkb: {message}\n"
        cli("cache", "clear", "--root", LAUNCH)


# -- entity --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Ulanqab", "wulanchabu", "乌兰察布", "ulanqab", "ＵＬＡＮＱＡＢ"])
def test_entity_by_any_alias_in_either_language(cli: Invoke, name: str) -> None:
    data = run_json(cli, "entity", name, "--root", LAUNCH)
    assert data["entity"] == {
        "id": "ulanqab",
        "name": "Ulanqab",
        "kind": "place",
        "aliases": ["Wulanchabu", "乌兰察布"],
        "part_of": "china",
        "description": None,
        "file": "claims/registry.yaml",
        "line": 14,
    }
    assert data["matched"] == name
    assert data["claims"] == []
    assert ids(data["named_by"]) == ["zh-datacenter"]


def test_entity_lists_the_claims_about_it(cli: Invoke) -> None:
    data = run_json(cli, "entity", "基米 X", "--root", LAUNCH)
    assert data["entity"]["id"] == "kimi-x"
    assert sorted(ids(data["claims"])) == [
        "fc-verdict",
        "pr-date",
        "pr-params",
        "relay-developer",
        "relay-params",
        "zh-datacenter",
        "zh-date",
        "zh-params",
    ]
    assert data["named_by"] == []


def test_entity_text(cli: Invoke) -> None:
    result = cli("entity", "月之暗面", "--root", LAUNCH)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "Moonshot AI · moonshot · organisation · claims/registry.yaml:6",
        "  aliases  月之暗面",
        "",
        "no claims about it",
        "",
        "claims naming it (1)",
        "relay-developer  single-source  kimi-x  developer  news-relay",
        "  月之暗面 → moonshot",
    ]


def test_entity_unknown_exits_2(cli: Invoke) -> None:
    result = cli("entity", "Ulanbaatoi", "--root", LAUNCH)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "claimkb: no entity named 'Ulanbaatoi' (ids, names, aliases and recorded misspellings "
        "are searched)\n"
    )
    result = cli("entity", "Ulanqabb", "--root", LAUNCH)
    assert result.stderr.endswith("are searched); did you mean 'Ulanqab'?\n")


# -- sources, conflicts, timeline ------------------------------------------------------------


def test_sources_json(cli: Invoke) -> None:
    rows = run_json(cli, "sources", "--root", LAUNCH)
    assert [(r["id"], r["kind"], r["claims"], r["cites"], r["rests_on"]) for r in rows] == [
        ("fact-check", "fact-check", 1, [], ["fact-check"]),
        ("news-relay", "news", 2, ["vendor-pr"], ["news-relay", "vendor-pr"]),
        ("vendor-pr", "announcement", 2, [], ["vendor-pr"]),
        ("zh-news", "news", 3, [], ["zh-news"]),
    ]
    assert rows[2] == {
        "id": "vendor-pr",
        "title": "Introducing Kimi X",
        "publisher": "Moonshot AI",
        "url": "https://example.com/kimi-x",
        "date": "2026-11-04",
        "language": "en",
        "kind": "announcement",
        "snapshot": None,
        "cites": [],
        "issued_by": None,
        "note": None,
        "claims": 2,
        "rests_on": ["vendor-pr"],
        "file": "sources/vendor-pr.yaml",
        "line": 1,
    }


def test_sources_table(cli: Invoke) -> None:
    result = cli("sources", "--root", LAUNCH)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "sources (4)",
        "id           kind           date         lang   claims   publisher        cites",
        "─" * 83,
        "fact-check   fact-check     2026-11-10   en          1   Example Checks",
        "news-relay   news           2026-11-05   en          2   Example Wire     vendor-pr",
        "vendor-pr    announcement   2026-11-04   en          2   Moonshot AI",
        "zh-news      news           2026-11-06   zh          3   示例科技网",
    ]


def test_conflicts_lists_triaged_discrepancies_and_untriaged_filters_them(cli: Invoke) -> None:
    rows = run_json(cli, "conflicts", "--root", LAUNCH)
    assert [(r["code"], r["claims"], r["triaged_by"]) for r in rows] == [
        ("CKB402", ["relay-params", "pr-params", "zh-params"], "r-params"),
        ("CKB403", ["pr-date", "zh-date"], "r-date"),
    ]
    assert run_json(cli, "conflicts", "--root", LAUNCH, "--untriaged") == []
    untriaged = run_json(cli, "conflicts", "--root", CONFLICT, "--untriaged")
    assert [(r["code"], r["file"], r["line"], r["triaged_by"]) for r in untriaged] == [
        ("CKB401", "claims/news-a.yaml", 6, None)
    ]


def test_conflicts_text_gives_each_value_with_its_claims_and_quote(cli: Invoke) -> None:
    result = cli("conflicts", "--root", CONFLICT)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "discrepancies (1)",
        "",
        "CKB401  conflict  error  UNTRIAGED",
        "  model-x · total-parameters  claims/news-a.yaml:6",
        "  • 104 billion parameters (103.5–104.5 billion)",
        "    “104 billion” a-params",
        "    “Model X has 104 billion parameters.”",
        "  • 1.2 trillion parameters (1.15–1.25 trillion)",
        "    “1.2 万亿” b-params",
        "    “模型 X 共有 1.2 万亿参数。”",
    ]
    assert cli("conflicts", "--root", LAUNCH, "--untriaged").stdout == (
        "no untriaged discrepancies\n"
    )


def test_conflicts_untriaged_and_uncompared_cannot_be_given_together(cli: Invoke) -> None:
    result = cli("conflicts", "--root", LAUNCH, "--untriaged", "--uncompared")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "claimkb: --untriaged and --uncompared cannot be given together; give one of them\n"
    )


def test_timeline_orders_date_claims_by_earliest_day(cli: Invoke) -> None:
    data = run_json(cli, "timeline", "--root", LAUNCH)
    assert data["left_out"] == []
    assert [(r["id"], r["normalized"]) for r in data["timeline"]] == [
        (
            "zh-date",
            {
                "type": "date",
                "earliest": "2026-11-01",
                "latest": "2026-11-10",
                "precision": "part-of-month",
            },
        ),
        (
            "pr-date",
            {"type": "date", "earliest": "2026-11-04", "latest": "2026-11-04", "precision": "day"},
        ),
    ]
    assert cli("timeline", "--root", LAUNCH).stdout.splitlines() == [
        "timeline (2) · subject kimi-x · property release-date",
        "when            precision       written      source      claim",
        "─" * 64,
        "1–10 Nov 2026   part-of-month   11 月初      zh-news     zh-date",
        "4 Nov 2026      day             2026-11-04   vendor-pr   pr-date",
    ]


# -- the command as a whole ----------------------------------------------------------------


def test_version(cli: Invoke) -> None:
    result = cli("--version")
    assert (result.exit_code, result.stdout, result.stderr) == (0, f"claimkb {__version__}\n", "")


def test_root_is_found_from_a_subdirectory(cli: Invoke) -> None:
    result = cli("check", "--json", cwd=LAUNCH / "sub" / "deeper")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["root"] == str(LAUNCH.resolve())
    claims = cli("claims", "--json", "--status", "imprecise", cwd=LAUNCH / "sub")
    assert ids(json.loads(claims.stdout)) == ["zh-params", "zh-date"]


def test_no_kb_root_exits_2_with_a_message(cli: Invoke, tmp_path: Path) -> None:
    result = cli("check", cwd=tmp_path)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"claimkb: no knowledge base at or above {tmp_path.resolve()}: a KB root holds claims/ "
        "and sources/ (pass --root DIR)\n"
    )


@pytest.mark.parametrize("command", ["check", "claims", "sources", "conflicts", "timeline"])
def test_unusable_root_exits_2(cli: Invoke, tmp_path: Path, command: str) -> None:
    missing = tmp_path / "missing"
    result = cli(command, "--root", missing)
    assert (result.exit_code, result.stderr) == (2, f"claimkb: {missing}: no such directory\n")
    (tmp_path / "file").write_text("x")
    result = cli(command, "--root", tmp_path / "file")
    assert (result.exit_code, result.stderr) == (
        2,
        f"claimkb: {tmp_path / 'file'}: not a directory\n",
    )
    result = cli(command, "--root", tmp_path)
    assert result.exit_code == 2
    assert result.stderr == (
        f"claimkb: {tmp_path}: not a knowledge base root (it has neither claims/ nor sources/)\n"
    )


def test_usage_errors_exit_2(cli: Invoke) -> None:
    assert cli("check", "--format", "xml", "--root", LAUNCH).exit_code == 2
    assert cli("check", "--no-such-option").exit_code == 2
    assert cli("no-such-command").exit_code == 2
    assert cli("show").exit_code == 2


def test_queries_on_a_broken_kb_say_so_on_stderr(cli: Invoke, tmp_path: Path) -> None:
    root = write_tree(tmp_path, {"claims/a.yaml": "claims: [\n", "sources/.keep": ""})
    result = cli("claims", "--root", root, "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == []
    assert result.stderr == (
        "claimkb: note: 1 record(s) or file(s) could not be read; run `claimkb check` to see them\n"
    )


def test_no_color_is_honoured(cli: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    plain = cli("check", "--root", CONFLICT).stdout
    assert "\x1b[" not in plain
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    coloured = cli("check", "--root", CONFLICT).stdout
    assert "\x1b[1;31merror\x1b[0m" in coloured
    monkeypatch.setenv("NO_COLOR", "1")  # no escape code at all, not even bold or dim
    no_color = cli("check", "--root", CONFLICT).stdout
    assert "\x1b" not in no_color
    assert " ".join(no_color.split()) == " ".join(plain.split())  # on a terminal, wrapped

"""``claimkb check --format github|sarif|junit`` and ``--output``, checked against the published
specifications in ../shared/specs (SARIF 2.1.0 JSON Schema, Ant JUnit XSD)."""

from __future__ import annotations

import dataclasses
import json
from datetime import datetime
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import xmlschema

import claimkb
from claimkb.catalogue import CATALOGUE, Severity
from claimkb.findings import make
from claimkb.render.github import annotation, escape_data, escape_property
from claimkb.render.junit import to_junit, xml_text
from claimkb.render.sarif import fingerprint, to_sarif
from conftest import PROJECT, SHARED, Invoke, shared
from kbs import conflict_kb, triaged_kb

SPECS = SHARED / "specs"
A_MSG = "model-x / total-parameters: '104 billion' (a-params) vs '1.2 万亿' (b-params)"
B_MSG = (
    "claim 'b-params' is 'refuted' but no resolution prefers a rival value and no verdict "
    "refutes it"
)
REASON = "1.2 万亿 is a typo for 1040 亿: the quote says 1040 亿"


@pytest.fixture(scope="module")
def sarif_validator() -> jsonschema.protocols.Validator:
    spec = json.loads(shared(SPECS / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    validator_class = jsonschema.validators.validator_for(spec)
    validator_class.check_schema(spec)
    return validator_class(spec, format_checker=validator_class.FORMAT_CHECKER)


@pytest.fixture(scope="module")
def junit_schema() -> xmlschema.XMLSchema:
    return xmlschema.XMLSchema(str(shared(SPECS / "JUnit.xsd")))


# -- GitHub workflow commands ---------------------------------------------------------------


def test_github_escaping_follows_the_runner_rules() -> None:
    assert escape_data("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext: a, b"
    assert escape_property("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext%3A a%2C b"
    finding = make("yaml-syntax", "claims/a,b:c.yaml", 3, detail="line one\nline 100%")
    assert annotation(finding) == (
        "::error file=claims/a%2Cb%3Ac.yaml,line=3,title=CKB101 yaml-syntax::line one%0Aline 100%25"
    )


def test_github_annotations_exact(cli: Invoke, tmp_path: Path, monkeypatch) -> None:
    root = conflict_kb(tmp_path / "kb")
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path))
    result = cli("check", "--root", root, "--format", "github")
    assert result.exit_code == 1
    assert result.stdout == (
        "::error file=kb/claims/news-a.yaml,line=6,title=CKB401 conflict::"
        f"{A_MSG} [claims: a-params, b-params]\n"
        "::error file=kb/claims/news-b.yaml,line=8,title=CKB501 status-unsupported::"
        f"{B_MSG} [claims: b-params]\n"
        "claimkb: 5 files, 2 sources, 2 claims: 2 errors, 0 warnings, 0 info, 0 triaged"
        "; 2 quotes not checked against a snapshot\n"
    )
    assert result.stderr == ""


def test_github_paths_stay_kb_relative_outside_the_workspace(
    cli: Invoke, tmp_path: Path, monkeypatch
) -> None:
    root = conflict_kb(tmp_path / "kb")
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path / "elsewhere"))
    lines = cli("check", "--root", root, "-f", "github").stdout.splitlines()
    assert lines[0].startswith("::error file=claims/news-a.yaml,line=6,")


def test_github_triaged_only_when_asked(cli: Invoke, tmp_path: Path, monkeypatch) -> None:
    root = triaged_kb(tmp_path / "kb")
    monkeypatch.setenv("GITHUB_WORKSPACE", str(root))
    result = cli("check", "--root", root, "--format", "github")
    assert result.exit_code == 0
    assert result.stdout == (
        "claimkb: 6 files, 2 sources, 2 claims: 0 errors, 0 warnings, 0 info, 1 triaged"
        "; 2 quotes not checked against a snapshot\n"
    )
    shown = cli("check", "--root", root, "--format", "github", "--show-triaged")
    assert shown.stdout.splitlines()[0] == (
        "::notice file=claims/news-a.yaml,line=6,title=CKB401 conflict::"
        f"{A_MSG} (triaged by r-params) [claims: a-params, b-params]"
    )


# -- SARIF ------------------------------------------------------------------------------------


def test_sarif_rules_come_from_the_catalogue(sarif_validator, tmp_path: Path) -> None:
    log = to_sarif(claimkb.check(conflict_kb(tmp_path / "kb")))
    sarif_validator.validate(log)
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [e.code for e in CATALOGUE.values()]
    assert rules[[e.slug for e in CATALOGUE.values()].index("conflict")] == {
        "id": "CKB401",
        "name": "conflict",
        "shortDescription": {"text": "Conflicting values"},
        "fullDescription": {"text": CATALOGUE["conflict"].description},
        "help": {
            "text": CATALOGUE["conflict"].fix,
            "markdown": f"**Conflicting values** (CKB401 `conflict`)\n\n"
            f"{CATALOGUE['conflict'].description}\n\n"
            f"**What to do:** {CATALOGUE['conflict'].fix}",
        },
        "defaultConfiguration": {"level": "error"},
        "properties": {"tags": ["claimkb", "discrepancies"], "triageable": True},
    }
    levels = {r["name"]: r["defaultConfiguration"]["level"] for r in rules}
    assert (levels["rounding"], levels["snapshot-missing"]) == ("warning", "note")


def test_sarif_results_exact(cli: Invoke, sarif_validator, tmp_path: Path) -> None:
    root = conflict_kb(tmp_path / "kb")
    result = cli("check", "--root", root, "--format", "sarif")
    assert result.exit_code == 1
    log = json.loads(result.stdout)
    sarif_validator.validate(log)
    run = log["runs"][0]
    assert log["version"] == "2.1.0"
    assert run["originalUriBaseIds"] == {"KBROOT": {"uri": root.resolve().as_uri() + "/"}}
    codes = [e.code for e in CATALOGUE.values()]
    report = claimkb.check(root)
    assert run["results"] == [
        {
            "ruleId": "CKB401",
            "ruleIndex": codes.index("CKB401"),
            "level": "error",
            "message": {"text": A_MSG},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": "claims/news-a.yaml", "uriBaseId": "KBROOT"},
                        "region": {"startLine": 6},
                    }
                }
            ],
            "partialFingerprints": {"claimkbFinding/v1": fingerprint(report.findings[0])},
            "properties": {"slug": "conflict", "claims": ["a-params", "b-params"]},
        },
        {
            "ruleId": "CKB501",
            "ruleIndex": codes.index("CKB501"),
            "level": "error",
            "message": {"text": B_MSG},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": "claims/news-b.yaml", "uriBaseId": "KBROOT"},
                        "region": {"startLine": 8},
                    }
                }
            ],
            "partialFingerprints": {"claimkbFinding/v1": fingerprint(report.findings[1])},
            "properties": {"slug": "status-unsupported", "claims": ["b-params"]},
        },
    ]


def test_sarif_triaged_finding_is_a_suppression(sarif_validator, tmp_path: Path) -> None:
    kb = claimkb.load(triaged_kb(tmp_path / "kb"))
    log = to_sarif(claimkb.check(kb), kb.resolutions)
    sarif_validator.validate(log)
    (result,) = log["runs"][0]["results"]
    assert result["suppressions"] == [
        {
            "kind": "inSource",
            "status": "accepted",
            "justification": REASON,
            "location": {
                "physicalLocation": {
                    "artifactLocation": {"uri": "claims/triage.yaml", "uriBaseId": "KBROOT"},
                    "region": {"startLine": 2},
                }
            },
            "properties": {"resolution": "r-params"},
        }
    ]


def test_sarif_uris_are_percent_encoded_and_findings_without_place_have_no_location(
    sarif_validator, tmp_path: Path
) -> None:
    root = conflict_kb(tmp_path / "kb")
    (root / "claims" / "新 闻.yaml").write_text("", encoding="utf-8")
    (root / "claimkb.toml").write_text("colour = 1\n", encoding="utf-8")
    log = to_sarif(claimkb.check(root))
    sarif_validator.validate(log)
    located = {
        r["ruleId"]: r.get("locations", [{}])[0].get("physicalLocation")
        for r in log["runs"][0]["results"]
    }
    assert located["CKB105"]["artifactLocation"]["uri"] == "claims/%E6%96%B0%20%E9%97%BB.yaml"
    assert located["CKB001"] == {
        "artifactLocation": {"uri": "claimkb.toml", "uriBaseId": "KBROOT"},
        "region": {"startLine": 1},
    }  # a bad setting is located on its line


def test_sarif_fingerprint_ignores_the_line() -> None:
    first = make("conflict", "claims/a.yaml", 6, ["x", "y"], subject="s")
    moved = make("conflict", "claims/a.yaml", 16, ["y", "x"], subject="s")
    other = make("conflict", "claims/a.yaml", 6, ["x", "z"], subject="s")
    assert fingerprint(first) == fingerprint(moved) != fingerprint(other)
    assert len(fingerprint(first)) == 32


# -- JUnit ------------------------------------------------------------------------------------


def _junit(root: Path, fail_on: Severity = Severity.ERROR) -> str:
    kb = claimkb.load(root)
    return to_junit(
        claimkb.check(kb),
        timestamp=datetime(2026, 11, 12, 8, 30, 5),
        hostname="ci-runner",
        fail_on=fail_on,
        resolutions=kb.resolutions,
    )


FAMILY_4 = sorted(
    (e for e in CATALOGUE.values() if e.code.startswith("CKB4")), key=lambda e: e.code
)
"""The discrepancy family, as the catalogue defines it (codes are only ever added)."""


def _suite(document: str, name: str) -> Any:
    from xml.etree import ElementTree as ET

    for suite in ET.fromstring(document.split("\n", 1)[1]):
        if suite.get("name") == name:
            return suite
    raise AssertionError(name)


def test_junit_valid_and_exact(junit_schema, tmp_path: Path) -> None:
    root = conflict_kb(tmp_path / "kb")
    document = _junit(root)
    junit_schema.validate(document)
    discrepancies = _suite(document, "claimkb.discrepancies")
    assert dict(discrepancies.attrib) == {
        "name": "claimkb.discrepancies",
        "package": "claimkb",
        "id": "4",
        "timestamp": "2026-11-12T08:30:05",
        "hostname": "ci-runner",
        "tests": str(len(FAMILY_4)),
        "failures": "1",
        "errors": "0",
        "skipped": "0",
        "time": "0",
    }
    cases = discrepancies.findall("testcase")
    assert [c.get("name") for c in cases] == [
        "CKB401 conflict claims/news-a.yaml:6 [a-params, b-params]",
        *(f"{e.code} {e.slug}" for e in FAMILY_4[1:]),
    ]
    failure = cases[0].find("failure")
    assert dict(failure.attrib) == {"message": A_MSG, "type": "CKB401"}
    assert failure.text == (
        f"claims/news-a.yaml:6: error CKB401 conflict\n{A_MSG}\nclaims: a-params, b-params\n"
        f"what to do: {CATALOGUE['conflict'].fix}\n"
    )
    assert [c.find("failure") for c in cases[1:]] == [None] * (len(FAMILY_4) - 1)
    names = [s.get("name") for s in _suite_list(document)]
    assert names == [
        "claimkb.configuration",
        "claimkb.files",
        "claimkb.schema",
        "claimkb.quotes",
        "claimkb.discrepancies",
        "claimkb.statuses",
        "claimkb.triage",
    ]
    assert _suite(document, "claimkb.statuses").get("failures") == "1"
    total = sum(int(s.get("tests")) for s in _suite_list(document))
    assert total == len(CATALOGUE)  # one case per code, each code found at most once here


def _suite_list(document: str) -> list[Any]:
    from xml.etree import ElementTree as ET

    return list(ET.fromstring(document.split("\n", 1)[1]))


def test_junit_triaged_is_skipped_and_warnings_pass(junit_schema, tmp_path: Path) -> None:
    root = triaged_kb(tmp_path / "kb")
    (root / "claims" / "empty.yaml").write_text("\n", encoding="utf-8")
    document = _junit(root)
    junit_schema.validate(document)
    conflict = _suite(document, "claimkb.discrepancies").find("testcase")
    assert conflict.find("skipped").get("message") == f"triaged by r-params: {REASON}"
    files = _suite(document, "claimkb.files")
    assert (files.get("failures"), files.get("skipped")) == ("0", "0")
    assert files.find("system-out").text == (
        "claims/empty.yaml:1: warning CKB105 empty-file: the file is empty; add records or "
        "delete it\n"
    )
    stricter = _junit(root, fail_on=Severity.WARNING)
    junit_schema.validate(stricter)
    failing = _suite(stricter, "claimkb.files")
    assert failing.get("failures") == "1"
    assert failing.find("system-out").text is None


def test_junit_test_case_names_are_unique_in_each_suite(junit_schema) -> None:
    """In the bundled corpus one claim is rated by two verdicts of one file: two findings with
    one code and place. CI servers that merge test cases by name would lose one."""
    document = _junit(PROJECT)
    junit_schema.validate(document)
    for suite in _suite_list(document):
        names = [case.get("name") for case in suite.findall("testcase")]
        assert len(names) == len(set(names)), suite.get("name")


def test_junit_numbers_a_repeated_test_case_name(junit_schema, tmp_path: Path) -> None:
    """Two findings alike in code, place and claims (a check reporting one thing twice) still
    make two test cases with names of their own."""
    root = conflict_kb(tmp_path / "kb")
    report = claimkb.check(root)
    doubled = dataclasses.replace(report, findings=(*report.findings, *report.findings))
    document = to_junit(doubled, timestamp=datetime(2026, 11, 12), hostname="ci-runner")
    junit_schema.validate(document)
    names = [c.get("name") for c in _suite(document, "claimkb.discrepancies").findall("testcase")]
    assert names[:2] == [
        "CKB401 conflict claims/news-a.yaml:6 [a-params, b-params]",
        "CKB401 conflict claims/news-a.yaml:6 [a-params, b-params] #2",
    ]


def test_junit_carries_no_character_xml_forbids() -> None:
    assert xml_text("a\x00b\x1bc\ud800d\te") == "a\ufffdb\ufffdc\ufffdd\te"


def test_junit_cli_is_valid(cli: Invoke, junit_schema, tmp_path: Path) -> None:
    result = cli("check", "--root", conflict_kb(tmp_path / "kb"), "--format", "junit")
    assert result.exit_code == 1
    junit_schema.validate(result.stdout)
    assert result.stdout.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n')


# -- --output and --json ----------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["text", "json", "github", "sarif"])
def test_output_writes_what_stdout_would_show(
    cli: Invoke, tmp_path: Path, fmt: str, monkeypatch
) -> None:
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path))
    root = conflict_kb(tmp_path / "kb")
    printed = cli("check", "--root", root, "--format", fmt)
    target = tmp_path / "out" / f"report.{fmt}"
    target.parent.mkdir()
    written = cli("check", "--root", root, "--format", fmt, "--output", target)
    assert (written.exit_code, printed.exit_code) == (1, 1)
    assert written.stdout == ""
    assert target.read_text(encoding="utf-8") == printed.stdout
    assert sorted(p.name for p in target.parent.iterdir()) == [target.name]


def test_text_output_is_plain_even_when_colour_is_forced(
    cli: Invoke, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR")
    target = tmp_path / "report.txt"
    cli("check", "--root", conflict_kb(tmp_path / "kb"), "--output", target)
    assert target.read_text(encoding="utf-8").splitlines()[0] == (
        f"claims/news-a.yaml:6: error CKB401 conflict: {A_MSG} [claims: a-params, b-params]"
    )


def test_output_replaces_an_existing_file(cli: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_text("old", encoding="utf-8")
    result = cli("check", "--root", triaged_kb(tmp_path / "kb"), "--json", "-o", target)
    assert result.exit_code == 0
    assert json.loads(target.read_text(encoding="utf-8"))["summary"]["triaged"] == 1


def test_output_that_cannot_be_written_is_a_usage_error(cli: Invoke, tmp_path: Path) -> None:
    root = conflict_kb(tmp_path / "kb")
    result = cli("check", "--root", root, "--format", "sarif", "--output", tmp_path / "no" / "x")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"claimkb: cannot write {tmp_path / 'no' / 'x'}: ")
    directory = cli("check", "--root", root, "--output", tmp_path)
    assert directory.exit_code == 2
    assert directory.stderr.startswith(f"claimkb: cannot write {tmp_path}: ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kb"]  # no temporary file left


def test_json_flag_is_format_json(cli: Invoke, tmp_path: Path) -> None:
    root = conflict_kb(tmp_path / "kb")
    assert cli("check", "--root", root, "--json").stdout == (
        cli("check", "--root", root, "--format", "json").stdout
    )


def test_unknown_format_is_a_usage_error(cli: Invoke, tmp_path: Path) -> None:
    result = cli("check", "--root", conflict_kb(tmp_path / "kb"), "--format", "xml")
    assert result.exit_code == 2
    assert "xml" in result.stderr


def test_help_path_imports_none_of_the_output_libraries() -> None:
    import subprocess
    import sys

    heavy = (
        "sqlite3",
        "xml.etree.ElementTree",
        "jsonschema",
        "xmlschema",
        "pydantic",
        "claimkb.since",
        "claimkb.schema",
        "claimkb.export.sqlite",
        "claimkb.render.sarif",
    )
    code = f"import sys, claimkb.cli\nprint(','.join(m for m in {heavy!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, "\n", "")

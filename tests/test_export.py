"""``claimkb export``: ClaimReview JSON-LD checked against the schema.org vocabulary in
../shared/specs/schemaorg, CSV, and SQLite."""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import claimkb
from claimkb.export.claimreview import RATINGS, to_claimreview
from claimkb.model import Status
from conftest import PROJECT, SHARED, Invoke, shared
from kbs import NEWS_C_CLAIMS, NEWS_C_SOURCE, conflict_kb, copy_fixture, triaged_kb

SCHEMAORG = SHARED / "specs" / "schemaorg"
PREFIX = "https://schema.org/"
LITERAL_RANGES = {
    str: {"Text", "URL", "Date", "DateTime"},
    int: {"Number", "Integer", "Text"},
    float: {"Number", "Text"},
    bool: {"Boolean"},
}


# -- the schema.org vocabulary ----------------------------------------------------------------


def _names(cell: str) -> set[str]:
    return {part.strip().removeprefix(PREFIX) for part in cell.split(",") if part.strip()}


@cache
def vocabulary() -> tuple[dict[str, set[str]], dict[str, dict[str, Any]]]:
    """(type -> its direct supertypes, property -> its row) from the published CSVs."""
    with shared(SCHEMAORG / "schemaorg-current-https-types.csv").open(encoding="utf-8") as handle:
        types = {row["label"]: _names(row["subTypeOf"]) for row in csv.DictReader(handle)}
    with (SCHEMAORG / "schemaorg-current-https-properties.csv").open(encoding="utf-8") as f:
        properties = {row["label"]: row for row in csv.DictReader(f)}
    return types, properties


def ancestry(type_name: str) -> set[str]:
    """A type with all its supertypes."""
    types, _ = vocabulary()
    seen, stack = set(), [type_name]
    while stack:
        current = stack.pop()
        if current not in seen:
            seen.add(current)
            stack.extend(types.get(current, ()))
    return seen


def vocabulary_problems(node: Any, path: str = "$") -> list[str]:
    """Every use of a type or property that schema.org does not define or allow there."""
    types, properties = vocabulary()
    problems: list[str] = []
    if isinstance(node, list):
        for index, item in enumerate(node):
            problems += vocabulary_problems(item, f"{path}[{index}]")
        return problems
    if not isinstance(node, dict):
        return problems
    type_name = node.get("@type")
    if type_name is not None and type_name not in types:
        problems.append(f"{path}: no schema.org type {type_name!r}")
    lineage = ancestry(type_name) if type_name in types else set()
    for key, value in node.items():
        if key.startswith("@"):
            if key not in {"@context", "@type", "@graph", "@id"}:
                problems.append(f"{path}: unexpected JSON-LD keyword {key}")
            if key == "@graph":
                problems += vocabulary_problems(value, f"{path}.@graph")
            continue
        where = f"{path}.{key}"
        row = properties.get(key)
        if row is None:
            problems.append(f"{where}: no schema.org property {key!r}")
            continue
        if row["supersededBy"]:
            problems.append(f"{where}: {key} is superseded by {row['supersededBy']}")
        if type_name is None:
            problems.append(f"{where}: property on an object without @type")
        elif not _names(row["domainIncludes"]) & lineage:
            problems.append(f"{where}: {key} is not a property of {type_name}")
        ranges = _names(row["rangeIncludes"])
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict):
                if not ancestry(item.get("@type", "")) & ranges:
                    problems.append(f"{where}: a {item.get('@type')} is outside {sorted(ranges)}")
            elif not LITERAL_RANGES[type(item)] & ranges:
                problems.append(f"{where}: {item!r} is outside {sorted(ranges)}")
        problems += vocabulary_problems(value, where)
    return problems


def test_the_vocabulary_check_can_fail() -> None:
    assert vocabulary_problems(
        {
            "@type": "Claim",
            "reviewRating": {"@type": "Rating", "ratingValue": 1},
            "colour": "red",
            "author": {"@type": "Rating"},
            "appearance": {"@type": "Opinion"},
        }
    ) == [
        "$.reviewRating: reviewRating is not a property of Claim",
        "$.colour: no schema.org property 'colour'",
        "$.author: a Rating is outside ['Organization', 'Person']",
        "$.appearance: a Opinion is outside ['CreativeWork']",
        "$.appearance: no schema.org type 'Opinion'",
    ]
    assert ancestry("ClaimReview") >= {"Review", "CreativeWork", "Thing"}


def relay_kb(target: Path) -> Path:
    """The triaged KB plus a third outlet that relays news-a, with a url and an unchecked
    claim."""
    root = triaged_kb(target)
    (root / "sources" / "news-c.yaml").write_text(
        NEWS_C_SOURCE + "url: https://example.org/c\ncites: [news-a]\n", encoding="utf-8"
    )
    claims = NEWS_C_CLAIMS.replace("2 trillion", "104 billion").replace("c-params", "c-relay")
    claims += (
        "  - id: c-own\n    subject: Model X\n    property: total-parameters\n"
        "    value: 104 billion\n    quote: q\n    status: unchecked\n    via: []\n"
    )
    (root / "claims" / "news-c.yaml").write_text(claims, encoding="utf-8")
    return root


def test_claimreview_uses_only_schema_org_terms_where_allowed(tmp_path: Path) -> None:
    kb = claimkb.load(relay_kb(tmp_path / "kb"))
    document = to_claimreview(kb, "Example Checks")
    assert len(document["@graph"]) == 3  # c-own is unchecked
    assert vocabulary_problems(document) == []


def test_claimreview_exact(tmp_path: Path) -> None:
    kb = claimkb.load(relay_kb(tmp_path / "kb"))
    graph = to_claimreview(kb, "Example Checks")["@graph"]
    assert [r["identifier"] for r in graph] == ["a-params", "b-params", "c-relay"]
    news_a = {
        "@type": "CreativeWork",
        "identifier": "news-a",
        "headline": "Model X launches",
        "datePublished": "2026-11-05",
        "inLanguage": "en",
        "publisher": {"@type": "Organization", "name": "Example News"},
    }
    assert graph[2] == {
        "@type": "ClaimReview",
        "url": "claims/c-relay.html",  # its page of the HTML report, relative to the document
        "identifier": "c-relay",
        "claimReviewed": "Model X has 104 billion parameters.",
        "itemReviewed": {
            "@type": "Claim",
            "text": "Model X — total parameter count: 104 billion",
            "about": {"@type": "Thing", "identifier": "model-x", "name": "Model X"},
            "appearance": {
                "@type": "CreativeWork",
                "identifier": "news-c",
                "url": "https://example.org/c",
                "headline": "Model X, again",
                "datePublished": "2026-11-07",
                "inLanguage": "en",
                "publisher": {"@type": "Organization", "name": "Another Outlet"},
            },
            "firstAppearance": news_a,  # news-c relays news-a
        },
        "reviewRating": {
            "@type": "Rating",
            "ratingValue": 4,
            "bestRating": 5,
            "worstRating": 1,
            "alternateName": "Unconfirmed",
        },
        "author": {"@type": "Organization", "name": "Example Checks"},
    }
    refuted = graph[1]["reviewRating"]
    assert (refuted["ratingValue"], refuted["alternateName"]) == (1, "False")
    assert refuted["ratingExplanation"] == (
        "1.2 万亿 is a typo for 1040 亿: the quote says 1040 亿"
    )  # the resolution's reason
    assert graph[0]["itemReviewed"]["firstAppearance"] == news_a


def test_ratings_are_the_readme_status_table() -> None:
    readme = (PROJECT / "README.md").read_text(encoding="utf-8")
    statuses = {s.value for s in Status}
    table = {
        match[1]: match[2].strip()
        for match in re.finditer(r"^\| `([a-z-]+)` \|(?:[^|]*\|){2}([^|]*)\|", readme, re.M)
        if match[1] in statuses
    }
    assert set(table) == statuses
    assert table.pop("unchecked") == "(not exported)"
    assert {s: f"{v} {n}" for s, (v, n) in RATINGS.items()} == table


def test_cli_claimreview(cli: Invoke, tmp_path: Path) -> None:
    root = triaged_kb(tmp_path / "kb")
    result = cli("export", "--root", root, "--format", "claimreview")
    assert result.exit_code == 0
    document = json.loads(result.stdout)
    assert document == to_claimreview(claimkb.load(root), "kb")  # author: the root's name
    target = tmp_path / "reviews.jsonld"
    named = cli("export", "--root", root, "-f", "claimreview", "--author", "Org", "-o", target)
    assert (named.exit_code, named.stdout) == (0, "")
    assert json.loads(target.read_text(encoding="utf-8"))["@graph"][0]["author"] == {
        "@type": "Organization",
        "name": "Org",
    }


# -- CSV --------------------------------------------------------------------------------------

HEADER = (
    "id,subject,subject_id,property,value,value_type,amount,lower,upper,unit,dimension,"
    "written_unit,precision,approximate,binary_prefix,earliest,latest,date_precision,"
    "entity_id,boolean,value_error,source,quote,status,qualifiers,via,items,derived,note,file,line"
)


def test_csv_exact(cli: Invoke, tmp_path: Path) -> None:
    root = copy_fixture("valid/minimal", tmp_path / "kb")
    result = cli("export", "--root", root, "--format", "csv")
    assert result.exit_code == 0
    assert result.stdout_bytes.decode("utf-8") == (
        f"{HEADER}\r\n"
        "a-params,Model X,model-x,total-parameters,104 billion,quantity,104000000000.0,"
        "103500000000.0,104500000000.0,parameter,parameter,parameter,500000000.0,false,false,"
        ",,,,,,news-a,Model X has 104 billion parameters.,verified,{},,[],,,claims/news-a.yaml,3"
        "\r\n"
        "b-params,模型 X,model-x,total-parameters,1040 亿,quantity,104000000000.0,"
        "103500000000.0,104500000000.0,parameter,parameter,parameter,50000000.0,false,false,"
        ",,,,,,news-b,模型 X 共有 1040 亿参数。,verified,{},,[],,,claims/news-b.yaml,3\r\n"
    )
    target = tmp_path / "claims.csv"
    assert cli("export", "--root", root, "-f", "csv", "-o", target).exit_code == 0
    assert target.read_bytes() == result.stdout_bytes


def test_csv_dates_entities_and_quoting(cli: Invoke, tmp_path: Path) -> None:
    root = copy_fixture("valid/minimal", tmp_path / "kb")
    (root / "claims" / "more.yaml").write_text(
        "source: news-a\n"
        "properties:\n"
        "  - {id: release-date, label: release date, datatype: date}\n"
        "  - {id: maker, label: maker, datatype: entity, entity_kind: organisation}\n"
        "entities:\n  - {id: acme, name: Acme, kind: organisation}\n"
        "claims:\n"
        "  - {id: d, subject: Model X, property: release-date, value: 'Nov 4–5',"
        " quote: 'q, \"x\"', status: single-source, qualifiers: {scope: beta}}\n"
        "  - {id: m, subject: Model X, property: maker, value: Acme, quote: q,"
        " status: unchecked}\n",
        encoding="utf-8",
    )
    rows = list(csv.DictReader(io.StringIO(cli("export", "--root", root, "-f", "csv").stdout)))
    by_id = {row["id"]: row for row in rows}
    assert (by_id["d"]["earliest"], by_id["d"]["latest"], by_id["d"]["date_precision"]) == (
        "2026-11-04",
        "2026-11-05",
        "days",
    )
    assert (by_id["d"]["value_type"], by_id["d"]["amount"], by_id["d"]["precision"]) == (
        "date",
        "",
        "",
    )
    assert by_id["d"]["quote"] == 'q, "x"'
    assert by_id["d"]["qualifiers"] == '{"scope": "beta"}'
    assert (by_id["m"]["value_type"], by_id["m"]["entity_id"]) == ("entity", "acme")
    assert [row["id"] for row in rows] == ["d", "m", "a-params", "b-params"]  # file order


# -- SQLite -----------------------------------------------------------------------------------


def _database(cli: Invoke, root: Path, target: Path) -> sqlite3.Connection:
    result = cli("export", "--root", root, "--format", "sqlite", "--output", target)
    assert (result.exit_code, result.stdout) == (0, "")
    return sqlite3.connect(target)


def test_sqlite_tables_keys_and_indexes(cli: Invoke, tmp_path: Path) -> None:
    db = _database(cli, relay_kb(tmp_path / "kb"), tmp_path / "kb.db")
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    assert sorted(tables) == [
        "aliases",
        "claim_reviews",
        "claims",
        "constants",
        "entities",
        "finding_claims",
        "findings",
        "properties",
        "resolution_claims",
        "resolutions",
        "source_cites",
        "sources",
    ]
    for table in tables:
        assert any(row[5] for row in db.execute(f"PRAGMA table_info({table})")), table
    references = {
        (table, row[3], row[2])
        for table in tables
        for row in db.execute(f"PRAGMA foreign_key_list({table})")
    }
    assert {
        ("claims", "source", "sources"),
        ("claims", "subject_id", "entities"),
        ("claims", "property", "properties"),
        ("resolution_claims", "claim_id", "claims"),
        ("findings", "triaged_by", "resolutions"),
        ("aliases", "entity_id", "entities"),
    } <= references
    indexes = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='index'")}
    assert {"claims_subject", "claims_status", "aliases_key", "finding_claims_claim"} <= indexes
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []


def test_sqlite_content(cli: Invoke, tmp_path: Path) -> None:
    db = _database(cli, relay_kb(tmp_path / "kb"), tmp_path / "kb.db")
    assert db.execute(
        "SELECT c.id, c.amount, c.lower, c.status FROM claims c "
        "JOIN aliases a ON a.entity_id = c.subject_id WHERE a.alias_key = '模型x' ORDER BY c.id"
    ).fetchall() == [
        ("a-params", 104e9, 103.5e9, "single-source"),
        ("b-params", 1.2e12, 1.15e12, "refuted"),
        ("c-own", 104e9, 103.5e9, "unchecked"),
        ("c-relay", 104e9, 103.5e9, "single-source"),
    ]
    assert db.execute("SELECT * FROM source_cites").fetchall() == [("news-c", "news-a")]
    assert db.execute("SELECT * FROM resolution_claims ORDER BY position").fetchall() == [
        ("r-params", "a-params", 0),
        ("r-params", "b-params", 1),
    ]
    assert db.execute(
        "SELECT f.code, f.triaged_by, group_concat(fc.claim_id) FROM findings f "
        "JOIN finding_claims fc ON fc.finding_id = f.id WHERE f.code = 'CKB401' GROUP BY f.id"
    ).fetchall() == [("CKB401", None, "a-params,b-params,c-own,c-relay")]  # reopened
    assert db.execute(
        "SELECT subject_name, property_label, source_title FROM claim_overview "
        "WHERE id = 'b-params'"
    ).fetchall() == [("Model X", "total parameter count", "模型 X 发布")]
    assert db.execute("SELECT single_valued, tolerance FROM properties").fetchall() == [(1, 0.0)]


def test_sqlite_keeps_unknown_references_for_foreign_key_check(cli: Invoke, tmp_path: Path) -> None:
    root = conflict_kb(tmp_path / "kb")
    path = root / "claims" / "news-b.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("news-b", "news-z"), "utf-8")
    db = _database(cli, root, tmp_path / "kb.db")
    assert db.execute("PRAGMA foreign_key_check(claims)").fetchall() == [
        ("claims", 2, "sources", 0)
    ]


def test_sqlite_replaces_atomically_and_needs_output(cli: Invoke, tmp_path: Path) -> None:
    root = triaged_kb(tmp_path / "kb")
    target = tmp_path / "out" / "kb.db"
    target.parent.mkdir()
    target.write_bytes(b"not a database")
    _database(cli, root, target).close()
    _database(cli, root, target).close()  # a second export replaces the first
    assert sorted(p.name for p in target.parent.iterdir()) == ["kb.db"]
    result = cli("export", "--root", root, "--format", "sqlite")
    assert result.exit_code == 2
    assert result.stderr == "claimkb: --format sqlite writes a database file: give --output FILE\n"
    missing = cli("export", "--root", root, "-f", "sqlite", "-o", tmp_path / "no" / "kb.db")
    assert missing.exit_code == 2
    assert missing.stderr.startswith("claimkb: cannot write ")


def test_export_notes_records_it_could_not_read(cli: Invoke, tmp_path: Path) -> None:
    root = triaged_kb(tmp_path / "kb")
    (root / "claims" / "broken.yaml").write_text("claims: [\n", encoding="utf-8")
    result = cli("export", "--root", root, "-f", "csv")
    assert result.exit_code == 0
    assert result.stderr == (
        "claimkb: note: 1 record(s) or file(s) could not be read and are not exported; "
        "run `claimkb check` to see them\n"
    )


@pytest.mark.parametrize("fmt", ["claimreview", "csv", "sqlite"])
def test_export_needs_a_kb(cli: Invoke, tmp_path: Path, fmt: str) -> None:
    result = cli("export", "--root", tmp_path / "none", "-f", fmt, "-o", tmp_path / "x")
    assert result.exit_code == 2
    assert result.stderr.startswith("claimkb: ")


def test_sqlite_keeps_every_record(cli: Invoke, tmp_path: Path) -> None:
    """A source without a publisher and the constants of derived claims are exported, not
    dropped: record tables insert strictly."""
    root = copy_fixture("valid/derived", tmp_path / "kb")
    (root / "sources" / "anonymous.yaml").write_text(
        "id: anonymous\ntitle: An unsigned post\nlanguage: en\nkind: other\n", encoding="utf-8"
    )
    kb = claimkb.load(root)
    db = _database(cli, root, tmp_path / "kb.db")
    assert db.execute("SELECT publisher FROM sources WHERE id = 'anonymous'").fetchall() == [
        (None,)
    ]
    assert sorted(r[0] for r in db.execute("SELECT id FROM sources")) == sorted(kb.sources)
    assert sorted(r[0] for r in db.execute("SELECT id FROM constants")) == sorted(kb.constants)
    derived = {c.id: c.derived.expr for c in kb.claims.values() if c.derived}
    assert kb.constants and derived
    assert dict(db.execute("SELECT id, derived FROM claims WHERE derived IS NOT NULL")) == derived


def test_every_claimreview_has_the_url_of_its_claims_report_page(
    cli: Invoke, tmp_path: Path
) -> None:
    root = relay_kb(tmp_path / "kb")
    result = cli("export", "--root", root, "-f", "claimreview", "--base-url", "https://ex.org/r")
    assert result.exit_code == 0, result.stderr
    graph = json.loads(result.stdout)["@graph"]
    assert [r["url"] for r in graph] == [
        f"https://ex.org/r/claims/{r['identifier']}.html" for r in graph
    ]
    site = tmp_path / "site"
    assert cli("report", "--root", root, "-o", site).exit_code == 0
    for review in graph:  # each url names a page the report writes
        assert (site / review["url"].removeprefix("https://ex.org/r/")).is_file()
    bad = cli("export", "--root", root, "-f", "claimreview", "--base-url", "javascript:alert(1)")
    assert bad.exit_code == 2 and "http(s) address" in bad.stderr


@pytest.mark.skipif(
    not (SHARED / "seeds").is_dir(), reason="the seed articles are not beside the project"
)
def test_the_corpus_claimreviews_all_have_a_url_and_schema_org_terms() -> None:
    kb = claimkb.load(PROJECT, snapshot_dirs=[SHARED / "seeds"])
    document = to_claimreview(kb, "claimkb", "https://example.org/report/")
    assert len(document["@graph"]) == 349
    assert all(
        r["url"].startswith("https://example.org/report/claims/") for r in document["@graph"]
    )
    assert vocabulary_problems(document) == []

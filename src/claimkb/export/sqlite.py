"""SQLite export: the whole KB and its findings as a database for SQL clients and Datasette.

Tables (primary keys and foreign keys declared, indexes on the columns people filter on):

* ``sources``, ``source_cites`` (which sources a source relays);
* ``entities``, ``aliases`` (``alias_key`` is the case- and width-folded form claimkb matches);
* ``properties``, ``constants`` (fixed figures derived claims use);
* ``claims`` (the columns of :mod:`claimkb.export.rows`), ``claim_reviews`` (which claims a
  verdict claim rates);
* ``resolutions``, ``resolution_claims``;
* ``findings`` (the full check, triaged ones included), ``finding_claims``;
* the view ``claim_overview``: each claim with its subject's name, property label and source.

A reference the KB cannot resolve (an unknown source, a deleted claim) is kept as written, so
``PRAGMA foreign_key_check`` lists exactly what ``claimkb check`` reports as unknown. The
database is built in a temporary file beside the target and renamed over it when complete (or
built aside and copied, when the target is a device or a pipe).
"""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..kb import KB
from ..output import output_file
from ..render.safe import encodable
from ..report import Report
from ..values import name_key
from .rows import CLAIM_COLUMNS, claim_row, claims_in_order

if TYPE_CHECKING:
    import sqlite3

_REAL = {"amount", "lower", "upper", "precision"}
_INTEGER = {"approximate", "binary_prefix", "boolean", "line"}
_REFERENCES = {
    "subject_id": "entities(id)",
    "entity_id": "entities(id)",
    "property": "properties(id)",
    "source": "sources(id)",
}
_NOT_NULL = {"subject", "property", "value", "source", "quote", "status", "qualifiers", "items"}


def _claims_table() -> str:
    columns = ["id TEXT PRIMARY KEY"]
    for name in CLAIM_COLUMNS[1:]:
        kind = "REAL" if name in _REAL else "INTEGER" if name in _INTEGER else "TEXT"
        column = f"{name} {kind}"
        if name in _NOT_NULL:
            column += " NOT NULL"
        if name in _REFERENCES:
            column += f" REFERENCES {_REFERENCES[name]}"
        columns.append(column)
    return "CREATE TABLE claims (\n  " + ",\n  ".join(columns) + "\n);"


SCHEMA = f"""
CREATE TABLE sources (
  id TEXT PRIMARY KEY, title TEXT NOT NULL, publisher TEXT, url TEXT, date TEXT,
  language TEXT NOT NULL, kind TEXT NOT NULL, snapshot TEXT, note TEXT,
  file TEXT NOT NULL, line INTEGER NOT NULL
);
CREATE TABLE source_cites (
  source_id TEXT NOT NULL REFERENCES sources(id),
  cited_id TEXT NOT NULL REFERENCES sources(id),
  PRIMARY KEY (source_id, cited_id)
);
CREATE INDEX source_cites_cited ON source_cites(cited_id);
CREATE TABLE entities (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL,
  part_of TEXT REFERENCES entities(id), description TEXT, file TEXT NOT NULL, line INTEGER NOT NULL
);
CREATE INDEX entities_kind ON entities(kind);
CREATE TABLE aliases (
  entity_id TEXT NOT NULL REFERENCES entities(id), alias TEXT NOT NULL, alias_key TEXT NOT NULL,
  PRIMARY KEY (entity_id, alias)
);
CREATE INDEX aliases_key ON aliases(alias_key);
CREATE TABLE properties (
  id TEXT PRIMARY KEY, label TEXT NOT NULL, datatype TEXT NOT NULL, dimension TEXT,
  entity_kind TEXT, within TEXT REFERENCES entities(id), single_valued INTEGER NOT NULL,
  tolerance REAL NOT NULL, description TEXT, file TEXT NOT NULL, line INTEGER NOT NULL
);
{_claims_table()}
CREATE INDEX claims_subject ON claims(subject_id);
CREATE INDEX claims_property ON claims(property);
CREATE INDEX claims_source ON claims(source);
CREATE INDEX claims_status ON claims(status);
CREATE INDEX claims_entity ON claims(entity_id);
CREATE TABLE claim_reviews (
  claim_id TEXT NOT NULL REFERENCES claims(id),
  reviewed_id TEXT NOT NULL REFERENCES claims(id),
  PRIMARY KEY (claim_id, reviewed_id)
);
CREATE INDEX claim_reviews_reviewed ON claim_reviews(reviewed_id);
CREATE TABLE constants (
  id TEXT PRIMARY KEY, value TEXT NOT NULL, nominal TEXT, label TEXT,
  source TEXT REFERENCES sources(id), citation TEXT, note TEXT,
  file TEXT NOT NULL, line INTEGER NOT NULL
);
CREATE TABLE resolutions (
  id TEXT PRIMARY KEY, preferred TEXT REFERENCES claims(id), kind TEXT NOT NULL,
  reason TEXT NOT NULL, file TEXT NOT NULL, line INTEGER NOT NULL
);
CREATE TABLE resolution_claims (
  resolution_id TEXT NOT NULL REFERENCES resolutions(id),
  claim_id TEXT NOT NULL REFERENCES claims(id),
  position INTEGER NOT NULL,
  PRIMARY KEY (resolution_id, claim_id)
);
CREATE INDEX resolution_claims_claim ON resolution_claims(claim_id);
CREATE TABLE findings (
  id INTEGER PRIMARY KEY, code TEXT NOT NULL, slug TEXT NOT NULL, severity TEXT NOT NULL,
  message TEXT NOT NULL, file TEXT, line INTEGER,
  triaged_by TEXT REFERENCES resolutions(id), data TEXT NOT NULL
);
CREATE INDEX findings_code ON findings(code);
CREATE INDEX findings_file ON findings(file);
CREATE TABLE finding_claims (
  finding_id INTEGER NOT NULL REFERENCES findings(id),
  claim_id TEXT NOT NULL REFERENCES claims(id),
  PRIMARY KEY (finding_id, claim_id)
);
CREATE INDEX finding_claims_claim ON finding_claims(claim_id);
CREATE VIEW claim_overview AS
  SELECT c.id, c.subject_id, e.name AS subject_name, c.property, p.label AS property_label,
         c.value, c.value_type, c.amount, c.lower, c.upper, c.unit, c.earliest, c.latest,
         c.status, c.source, s.title AS source_title, s.publisher AS source_publisher,
         s.date AS source_date, c.quote
  FROM claims c
  LEFT JOIN entities e ON e.id = c.subject_id
  LEFT JOIN properties p ON p.id = c.property
  LEFT JOIN sources s ON s.id = c.source;
"""


def write_sqlite(kb: KB, report: Report, path: str | Path) -> None:
    """Write the database to ``path`` (see :func:`claimkb.output.output_file`: built beside a
    regular file and renamed over it, or built aside and copied into a device or a pipe).
    Raises :class:`claimkb.output.OutputError` when it cannot be written there."""
    import sqlite3

    with output_file(path) as building:
        connection = sqlite3.connect(building)
        try:
            connection.executescript(SCHEMA)
            with connection:
                _fill(connection, kb, report)
        finally:
            connection.close()


_LINK_TABLES = frozenset(
    {"source_cites", "aliases", "claim_reviews", "resolution_claims", "finding_claims"}
)
"""Tables of pairs, where a list naming an item twice (an alias written twice) is harmless and
the repeat is skipped. Record tables insert strictly: a constraint failure there is a bug and
must not silently drop a record."""


def _insert(connection: sqlite3.Connection, table: str, rows: list[dict[str, Any]]) -> None:
    if not rows:
        return
    columns = list(rows[0])
    verb = "INSERT OR IGNORE" if table in _LINK_TABLES else "INSERT"
    connection.executemany(
        f"{verb} INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})",
        [tuple(_stored(row[c]) for c in columns) for row in rows],
    )


def _stored(value: Any) -> Any:
    """A value SQLite can store: text in UTF-8, so a byte of a file name that is not UTF-8 is
    written as ``\\xe9`` (see :func:`claimkb.render.safe.encodable`)."""
    return encodable(value) if isinstance(value, str) else value


_COLUMNS = {
    "sources": ("id", "title", "publisher", "url", "date", "language", "kind", "snapshot", "note"),
    "entities": ("id", "name", "kind", "part_of", "description"),
    "properties": (
        "id",
        "label",
        "datatype",
        "dimension",
        "entity_kind",
        "within",
        "single_valued",
        "tolerance",
        "description",
    ),
    "resolutions": ("id", "preferred", "kind", "reason"),
    "constants": ("id", "value", "nominal", "label", "source", "citation", "note"),
}


def _record(table: str, record: Any) -> dict[str, Any]:
    """The table's columns of a record (enums as their values, dates as written)."""
    row: dict[str, Any] = {}
    for column in _COLUMNS[table]:
        value = getattr(record, column)
        if isinstance(value, Enum):
            value = value.value
        elif column in ("date", "value", "nominal") and value is not None:
            value = str(value)
        row[column] = value
    return {**row, "file": record.file, "line": record.line}


def _fill(connection: sqlite3.Connection, kb: KB, report: Report) -> None:
    sources = sorted(kb.sources.values(), key=lambda s: s.id)
    _insert(connection, "sources", [_record("sources", s) for s in sources])
    _insert(
        connection,
        "source_cites",
        [{"source_id": s.id, "cited_id": cited} for s in sources for cited in s.cites],
    )
    entities = sorted(kb.entities.values(), key=lambda e: e.id)
    _insert(connection, "entities", [_record("entities", e) for e in entities])
    _insert(
        connection,
        "aliases",
        [
            {"entity_id": e.id, "alias": alias, "alias_key": name_key(alias)}
            for e in entities
            for alias in e.aliases
        ],
    )
    _insert(
        connection,
        "properties",
        [_record("properties", p) for p in sorted(kb.properties.values(), key=lambda p: p.id)],
    )
    constants = sorted(kb.constants.values(), key=lambda c: c.id)
    _insert(connection, "constants", [_record("constants", c) for c in constants])
    claims = claims_in_order(kb)
    _insert(connection, "claims", [claim_row(kb, c) for c in claims])
    _insert(
        connection,
        "claim_reviews",
        [{"claim_id": c.id, "reviewed_id": r} for c in claims for r in c.reviews],
    )
    resolutions = sorted(kb.resolutions.values(), key=lambda r: r.id)
    _insert(connection, "resolutions", [_record("resolutions", r) for r in resolutions])
    _insert(
        connection,
        "resolution_claims",
        [
            {"resolution_id": r.id, "claim_id": claim, "position": position}
            for r in resolutions
            for position, claim in enumerate(r.claims)
        ],
    )
    findings = [f.to_dict() for f in report.findings]
    _insert(
        connection,
        "findings",
        [
            {
                "id": number,
                **{k: f[k] for k in ("code", "slug", "severity", "message", "file", "line")},
                "triaged_by": f["triaged_by"],
                "data": json.dumps(f["data"], ensure_ascii=False, sort_keys=True),
            }
            for number, f in enumerate(findings, start=1)
        ],
    )
    _insert(
        connection,
        "finding_claims",
        [
            {"finding_id": number, "claim_id": claim}
            for number, f in enumerate(findings, start=1)
            for claim in f["claims"]
        ],
    )

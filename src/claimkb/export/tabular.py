"""CSV export: one row per claim (see :mod:`claimkb.export.rows` for the columns).

RFC 4180 style: a header row, comma-separated, fields quoted when needed, CRLF line ends,
UTF-8 without a byte-order mark. Empty fields are nulls; booleans are ``true``/``false``.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from ..kb import KB
from .rows import CLAIM_COLUMNS, claim_row, claims_in_order


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def to_csv(kb: KB) -> str:
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CLAIM_COLUMNS)
    for claim in claims_in_order(kb):
        row = claim_row(kb, claim)
        writer.writerow([_cell(row[column]) for column in CLAIM_COLUMNS])
    return buffer.getvalue()

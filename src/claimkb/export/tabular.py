"""CSV export: one row per claim (see :mod:`claimkb.export.rows` for the columns).

RFC 4180 style: a header row, comma-separated, fields quoted when needed, CRLF line ends,
UTF-8 without a byte-order mark. Empty fields are nulls; booleans are ``true``/``false``.

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return as a formula, and a KB's text comes from pull requests. Following OWASP's advice on CSV
injection, such a text cell is written with a leading apostrophe (``'=HYPERLINK(...)``), which
spreadsheets show as text and do not keep as part of the value. Numbers (``amount``, ``lower``,
``upper``, ``precision``, ``line``) are written as numbers, a negative one with its ``-``: they
come from the parsed value, never from text, so they cannot hold a formula. A byte of a file
name that is not UTF-8 is written as ``\\xe9`` (see :func:`claimkb.render.safe.encodable`).
"""

from __future__ import annotations

import csv
import io
from typing import Any

from ..kb import KB
from ..render.safe import encodable
from .rows import CLAIM_COLUMNS, claim_row, claims_in_order

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection")."""


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    text = encodable(str(value))
    return "'" + text if text.startswith(FORMULA_START) else text


def to_csv(kb: KB) -> str:
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CLAIM_COLUMNS)
    for claim in claims_in_order(kb):
        row = claim_row(kb, claim)
        writer.writerow([_cell(row[column]) for column in CLAIM_COLUMNS])
    return buffer.getvalue()

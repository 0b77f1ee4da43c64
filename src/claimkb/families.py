"""Check families: the finding codes grouped by their hundreds digit (``CKB4xx`` are the
discrepancies between claims). The CI formats group by family (a JUnit test suite per family,
a SARIF tag) and so does the findings reference."""

from __future__ import annotations

from .catalogue import Entry

FAMILIES = {
    "0": "configuration",
    "1": "files",
    "2": "schema",
    "3": "quotes",
    "4": "discrepancies",
    "5": "statuses",
    "6": "triage",
}
"""Names of the families the catalogue defines; a code in a range not named here belongs to
the family ``CKB<d>xx``."""


def family(entry: Entry) -> str:
    digit = entry.code[3:4]
    return FAMILIES.get(digit, f"CKB{digit}xx")

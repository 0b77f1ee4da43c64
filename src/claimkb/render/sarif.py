"""Findings as a SARIF 2.1.0 log, the format code-scanning services (GitHub, Azure DevOps) read.

* ``tool.driver.rules`` is generated from the finding catalogue, one rule per code in catalogue
  order, so a rule's index never depends on what a run happened to find. The rule id is the
  stable code (``CKB401``), its name the slug, and its descriptions and help come from the
  catalogue's title, description and fix.
* Each finding is a result with its rule id and index, level (``info`` is SARIF's ``note``),
  message and location. URIs are relative to the KB root, named by the ``KBROOT`` base id that
  ``originalUriBaseIds`` resolves to the root's absolute ``file:`` URI; a file name's bytes
  are percent-escaped, so a name that is not UTF-8 is still the URI of that file.
* A triaged finding is a result with a suppression: accepted, kept in the data (``inSource``)
  at the resolution's file and line, with the resolution's reason as justification.
* ``partialFingerprints`` identify a finding by code, file and claims (not line), so a
  code-scanning service keeps tracking an alert when lines above it move.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from ..catalogue import CATALOGUE, Entry
from ..families import family
from ..findings import Finding, Triage
from ..model import Resolution
from ..report import Report
from ..version import __version__

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
ROOT_ID = "KBROOT"
LEVEL = {"error": "error", "warning": "warning", "info": "note"}
FINGERPRINT = "claimkbFinding/v1"


def rules() -> list[dict[str, Any]]:
    """Every catalogue entry as a SARIF reporting descriptor."""
    return [_rule(e) for e in CATALOGUE.values()]


def _rule(entry: Entry) -> dict[str, Any]:
    return {
        "id": entry.code,
        "name": entry.slug,
        "shortDescription": {"text": entry.title},
        "fullDescription": {"text": entry.description},
        "help": {
            "text": entry.fix,
            "markdown": f"**{entry.title}** ({entry.code} `{entry.slug}`)\n\n"
            f"{entry.description}\n\n**What to do:** {entry.fix}",
        },
        "defaultConfiguration": {"level": LEVEL[entry.severity.value]},
        "properties": {
            "tags": ["claimkb", family(entry)],
            "triageable": entry.triageable,
        },
    }


def to_sarif(
    report: Report, resolutions: Mapping[str, Resolution | Triage] | None = None
) -> dict[str, Any]:
    """The report as a SARIF log (a JSON-ready dict)."""
    index = {e.code: i for i, e in enumerate(CATALOGUE.values())}
    resolutions = report.triage if resolutions is None else resolutions
    results = [_result(f, index[f.code], resolutions) for f in report.findings]
    root_uri = report.root.resolve().as_uri().rstrip("/") + "/"
    return {
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "claimkb",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": rules(),
                    }
                },
                "originalUriBaseIds": {ROOT_ID: {"uri": root_uri}},
                "results": results,
            }
        ],
    }


def _location(file: str, line: int | None) -> dict[str, Any]:
    uri = quote(file.encode("utf-8", "surrogateescape"))  # a name's own bytes, %-escaped
    physical: dict[str, Any] = {"artifactLocation": {"uri": uri, "uriBaseId": ROOT_ID}}
    if line:
        physical["region"] = {"startLine": line}
    return {"physicalLocation": physical}


def _result(
    finding: Finding, rule_index: int, resolutions: Mapping[str, Resolution | Triage]
) -> Any:
    result: dict[str, Any] = {
        "ruleId": finding.code,
        "ruleIndex": rule_index,
        "level": LEVEL[finding.level.value],
        "message": {"text": finding.message},
    }
    if finding.file is not None:
        result["locations"] = [_location(finding.file, finding.line)]
    result["partialFingerprints"] = {FINGERPRINT: fingerprint(finding)}
    if finding.triaged_by is not None:
        result["suppressions"] = [_suppression(finding.triaged_by, resolutions)]
    result["properties"] = {"slug": finding.slug, "claims": list(finding.claims)}
    return result


def _suppression(
    resolution_id: str, resolutions: Mapping[str, Resolution | Triage]
) -> dict[str, Any]:
    suppression: dict[str, Any] = {"kind": "inSource", "status": "accepted"}
    resolution = resolutions.get(resolution_id)
    if resolution is not None:
        suppression["justification"] = resolution.reason
        if resolution.file:
            suppression["location"] = _location(resolution.file, resolution.line)
    suppression["properties"] = {"resolution": resolution_id}
    return suppression


def fingerprint(finding: Finding) -> str:
    """A line-independent identity of a finding: code, file, and its claims or message."""
    what = "\0".join(sorted(finding.claims)) if finding.claims else finding.message
    key = "\n".join((finding.code, finding.file or "", what))
    return hashlib.sha256(key.encode("utf-8", "surrogateescape")).hexdigest()[:32]

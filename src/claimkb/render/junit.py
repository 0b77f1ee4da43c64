"""Findings as JUnit XML (the Ant JUnit schema CI servers read: Jenkins, GitLab, Azure ...).

One ``<testsuite>`` per check family (configuration, files, schema, quotes, discrepancies,
statuses, triage), in catalogue order. Inside it, every finding code of the family is a test:

* a code with no finding is one passing test case (``CKB401 conflict``), so the report shows
  what was checked, not only what failed;
* each finding is a test case of its own, named by code and location:

  - open and at least as severe as ``--fail-on`` (by default: errors): a ``<failure>`` whose
    type is the code, with the message and, as text, the location, claims and what to do;
  - open but below ``--fail-on`` (by default: warnings and info): a passing test case, its
    message listed in the suite's ``<system-out>``, so the JUnit verdict matches the exit code;
  - triaged: ``<skipped>``, with the resolution and its reason as the message.

A CI runner reads this document when it is printed: no line of it starts with ``::`` and no
``##[`` appears (a character reference stands for the colon or the hash), so a file name or a
quote cannot smuggle a workflow command into the job (see :mod:`claimkb.render.safe`).

The schema requires a timestamp (without a time zone: the CLI gives UTC) and a host name; the
caller passes them so output can be pinned in tests. claimkb does not time checks one by one,
so every ``time`` is 0.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING

from ..catalogue import CATALOGUE, Entry, Severity
from ..families import family
from ..findings import Finding, Triage
from ..model import Resolution
from ..report import Report
from ..version import __version__
from .safe import defuse_commands, encodable
from .text import location

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(text: str) -> str:
    """Text XML 1.0 can carry: a byte of a file name that is not UTF-8 written as ``\\xe9``
    (see :func:`claimkb.render.safe.encodable`), other control characters replaced."""
    return _NOT_XML.sub("\ufffd", encodable(text))


def to_junit(
    report: Report,
    *,
    timestamp: datetime,
    hostname: str,
    fail_on: Severity = Severity.ERROR,
    resolutions: Mapping[str, Resolution | Triage] | None = None,
) -> str:
    """The report as a JUnit XML document (text, with its XML declaration)."""
    from xml.etree import ElementTree as ET

    by_code: dict[str, list[Finding]] = defaultdict(list)
    for finding in report.findings:
        by_code[finding.code].append(finding)
    families: dict[str, list[Entry]] = {}
    for entry in CATALOGUE.values():
        families.setdefault(family(entry), []).append(entry)

    root = ET.Element("testsuites")
    properties = {
        "claimkb.version": __version__,
        "root": str(report.root),
        "fail-on": fail_on.value,
    }
    for number, (name, entries) in enumerate(families.items()):
        suite = ET.SubElement(root, "testsuite")
        tests, failures, skipped = _suite(
            suite,
            f"claimkb.{name}",
            entries,
            by_code,
            fail_on,
            report.triage if resolutions is None else resolutions,
            properties,
        )
        suite.attrib = {
            "name": f"claimkb.{name}",
            "package": "claimkb",
            "id": str(number),
            "timestamp": timestamp.strftime("%Y-%m-%dT%H:%M:%S"),
            "hostname": xml_text(hostname.strip()) or "localhost",
            "tests": str(tests),
            "failures": str(failures),
            "errors": "0",
            "skipped": str(skipped),
            "time": "0",
        }
    ET.indent(root)
    # a carriage return in text would reach a reader as a line feed (XML end-of-line handling)
    body = ET.tostring(root, encoding="unicode").replace("\r", "&#13;")
    body = defuse_commands(body, "&#58;", "&#35;")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


def _suite(
    suite: Element,
    classname: str,
    entries: list[Entry],
    by_code: Mapping[str, list[Finding]],
    fail_on: Severity,
    resolutions: Mapping[str, Resolution | Triage],
    properties: Mapping[str, str],
) -> tuple[int, int, int]:
    """Fill a suite with its properties, test cases and output; return the counts."""
    from xml.etree import ElementTree as ET

    listed = ET.SubElement(suite, "properties")
    for key, value in properties.items():
        ET.SubElement(listed, "property", name=key, value=xml_text(value))
    tests = failures = skipped = 0
    passed_lines: list[str] = []
    names: dict[str, int] = {}
    for entry in entries:
        found = by_code.get(entry.code, [])
        if not found:
            ET.SubElement(
                suite, "testcase", name=f"{entry.code} {entry.slug}", classname=classname, time="0"
            )
            tests += 1
            continue
        for finding in found:
            case = ET.SubElement(
                suite,
                "testcase",
                name=xml_text(_unique(names, _case_name(entry, finding))),
                classname=classname,
                time="0",
            )
            tests += 1
            if finding.triaged_by is not None:
                resolution = resolutions.get(finding.triaged_by)
                reason = f": {resolution.reason}" if resolution is not None else ""
                ET.SubElement(
                    case,
                    "skipped",
                    message=xml_text(f"triaged by {finding.triaged_by}{reason}"),
                )
                skipped += 1
            elif finding.level.rank >= fail_on.rank:
                failure = ET.SubElement(
                    case, "failure", message=xml_text(finding.message), type=entry.code
                )
                failure.text = xml_text(_details(finding, entry))
                failures += 1
            else:
                passed_lines.append(
                    f"{location(finding)}: {finding.level.value} {entry.code} {entry.slug}: "
                    f"{finding.message}"
                )
    out = ET.SubElement(suite, "system-out")
    if passed_lines:
        out.text = xml_text("\n".join(passed_lines) + "\n")
    ET.SubElement(suite, "system-err")
    return tests, failures, skipped


def _details(finding: Finding, entry: Entry) -> str:
    lines = [
        f"{location(finding)}: {finding.level.value} {entry.code} {entry.slug}",
        finding.message,
    ]
    if finding.claims:
        lines.append(f"claims: {', '.join(finding.claims)}")
    lines.append(f"what to do: {entry.fix}")
    return "\n".join(lines) + "\n"


def _case_name(entry: Entry, finding: Finding) -> str:
    """Code, slug, location and the claims involved: a finding's test case name."""
    name = f"{entry.code} {entry.slug} {location(finding)}"
    return f"{name} [{', '.join(finding.claims)}]" if finding.claims else name


def _unique(names: dict[str, int], name: str) -> str:
    """``name``, numbered from its second use in a suite (CI servers merge test cases that
    share a name, and two findings can share code, place and claims: one claim rated by two
    verdicts of one file)."""
    count = names[name] = names.get(name, 0) + 1
    return name if count == 1 else f"{name} #{count}"

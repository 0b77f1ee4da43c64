"""Reading one KB file into a :class:`FilePart`: its valid records and its findings.

A file is read on its own, with no knowledge of the rest of the KB, so that a cache can keep
what a file contributes and a broken file never stops the others. Problems become located
findings: an unreadable or empty file, a merge-conflict marker, YAML syntax, a document of the
wrong shape, an unknown section, a record that fails validation. Records that fail keep their
ids (and an entity its names) in ``broken``, so references to them are not reported again.

Layout of a claims file: a mapping with an optional default ``source`` and the sections
``claims``, ``entities``, ``properties``, ``constants``, ``resolutions`` and ``units``. A
sources file: one source record, or a ``sources:`` list.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from .config import Config
from .files import FileProblem, read_text, relative
from .findings import Finding, make
from .model import RECORD_TYPES, Located
from .validation import findings_for, type_name
from .values import name_key
from .yamlio import LocatedDict, LocatedList, YamlProblem, parse_yaml

__all__ = [
    "CLAIM_SECTIONS",
    "CLAIMS_FILE_KEYS",
    "FilePart",
    "SINGULAR",
    "parse_document",
    "read_part",
    "records_as_written",
]

CLAIM_SECTIONS = ("claims", "entities", "properties", "constants", "resolutions", "units")
CLAIMS_FILE_KEYS = ("source", "qualifiers", *CLAIM_SECTIONS)
_CONFLICT_MARKER = re.compile(r"^(?:<{7}|={7}|>{7})(?: |$)", re.M)
_UNQUOTED_EXPR = re.compile(r"^\s*(?:derived:\s*\{\s*)?expr:\s*\{")


def _line_at(text: str, line: int | None) -> str:
    lines = text.splitlines()
    return lines[line - 1] if line and 0 < line <= len(lines) else ""


def _may_have_marker(text: str) -> bool:
    """A cheap test before the multi-line search: a marker holds seven <, = or >."""
    return "<<<<<<<" in text or "=======" in text or ">>>>>>>" in text


@dataclass
class FilePart:
    """What one file contributes to a KB: its findings and valid records, in the order they
    were met (so merging reports duplicate ids exactly where a single pass would), and what
    was written but could not be loaded (see :attr:`claimkb.kb.KB.broken`)."""

    rel: str
    events: list[Finding | tuple[str, Located]] = field(default_factory=list)
    broken: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    def report(self, finding: Finding) -> None:
        self.events.append(finding)

    def add(self, section: str, record: Located) -> None:
        self.events.append((section, record))


def read_part(root: Path, config: Config, path: Path, section: str, text: str | None) -> FilePart:
    """Read one file (``text``, if given, is its content) into a :class:`FilePart`."""
    part = FilePart(relative(path, root))
    _read_file(part, root, config, path, section, text)
    part.broken = dict(part.broken)
    return part


def _read_file(
    part: FilePart, root: Path, config: Config, path: Path, section: str, text: str | None
) -> None:
    rel = part.rel
    if text is None:
        try:
            text = read_text(path, root, config.max_file_bytes)
        except FileProblem as problem:  # a whole-file problem is reported on line 1
            part.report(make("unreadable-file", rel, problem.line or 1, detail=problem.message))
            _unread(part, section)
            return
    if not text.strip():  # empty, or only spaces, tabs and newlines
        part.report(make("empty-file", rel, 1))
        return
    marker = _CONFLICT_MARKER.search(text) if _may_have_marker(text) else None
    if marker:
        line = text.count("\n", 0, marker.start()) + 1
        part.report(
            make(
                "yaml-syntax",
                rel,
                line,
                detail="a merge-conflict marker: resolve the conflict and remove the markers",
            )
        )
        _unread(part, section)
        return
    try:
        data = parse_yaml(text, shared=_SHARED)
    except YamlProblem as problem:
        detail = problem.message
        if "\t" in text and "cannot start any token" in detail:
            detail += " (a tab character: YAML indents with spaces only)"
        elif _UNQUOTED_EXPR.match(_line_at(text, problem.line)):
            detail += ' (quote an expression that starts with a brace: expr: "{a} * {b}")'
        part.report(make(problem.kind, rel, problem.line, detail=detail))
        _unread(part, section)
        return
    if data is None or (isinstance(data, dict | list) and not data):
        part.report(make("empty-file", rel, 1))
        return
    if section == "sources":
        _load_sources_document(part, data, rel)
    else:
        _load_claims_document(part, data, rel)


def _unread(part: FilePart, section: str, *record_sections: str) -> None:
    """Remember that records of these sections may have been lost with an unreadable file or
    section, so references to them are not reported as unknown: the file's own finding says
    what to fix, and one broken registry must not bury it under a finding per claim."""
    defined = record_sections or (("sources",) if section == "sources" else CLAIM_SECTIONS)
    part.broken["unread"].update(defined)


def _not_a_mapping(part: FilePart, data: Any, rel: str, section: str, expected: str) -> None:
    """Report a file whose top level is not the mapping its section needs; nothing is read."""
    _wrong_type(part, rel, getattr(data, "line", 1), "the file", "(top)", expected, data)
    _unread(part, section)


def _wrong_type(
    part: FilePart, rel: str, line: int, what: str, field: str, expected: str, value: object
) -> None:
    """Report a value that is not of the type its place needs."""
    detail = f"should be {expected}, not {type_name(value)}"
    part.report(make("wrong-type", rel, line, what=what, field=field, detail=detail))


def _unknown_top_key(
    part: FilePart, data: LocatedDict, rel: str, key: object, what: str, hint: str
) -> None:
    """Report a top-level key the file's kind does not have."""
    part.report(make("unknown-field", rel, data.line_of(key), what=what, field=str(key), hint=hint))


def _load_sources_document(part: FilePart, data: Any, rel: str) -> None:
    if not isinstance(data, LocatedDict):
        _not_a_mapping(part, data, rel, "sources", "a mapping (one source) or a 'sources:' list")
        return
    if "sources" in data:
        for key in data:
            if key != "sources":
                hint = " (a sources file holds only 'sources:')"
                _unknown_top_key(part, data, rel, key, "a sources file", hint)
        _load_section(part, data, "sources", rel, default_source=None)
    else:
        _add_record(part, "sources", data, rel, "source")


def _load_claims_document(part: FilePart, data: Any, rel: str) -> None:
    if not isinstance(data, LocatedDict):
        expected = f"a mapping with sections {', '.join(CLAIMS_FILE_KEYS)}"
        _not_a_mapping(part, data, rel, "claims", expected)
        return
    for key in data:
        if key not in CLAIMS_FILE_KEYS:
            import difflib  # only for a key no claims file has

            close = difflib.get_close_matches(str(key), CLAIMS_FILE_KEYS, n=1)
            hint = (
                f" (did you mean '{close[0]}'?)"
                if close
                else (f" (a claims file has the sections {', '.join(CLAIMS_FILE_KEYS)})")
            )
            _unknown_top_key(part, data, rel, key, "the file", hint)
    default_source = data.get("source")
    if default_source is not None and not isinstance(default_source, str):
        line = data.line_of("source")
        _wrong_type(part, rel, line, "the file", "source", "text (a source id)", default_source)
        default_source = None
    defaults = _default_qualifiers(part, data, rel)
    for section in CLAIM_SECTIONS:
        if section in data:
            _load_section(
                part, data, section, rel, default_source, data.line_of("source"), defaults
            )


def _default_qualifiers(part: FilePart, data: LocatedDict, rel: str) -> LocatedDict | None:
    """The file's ``qualifiers:``: given to every claim of the file (a claim's own win), so a
    KB about one election need not repeat ``{election: 2024-presidential}`` a hundred times."""
    defaults = data.get("qualifiers")
    if defaults is None:
        return None
    if not isinstance(defaults, LocatedDict):
        line, expected = data.line_of("qualifiers"), "a mapping of qualifiers"
        _wrong_type(part, rel, line, "the file", "qualifiers", expected, defaults)
        return None
    return defaults


def _load_section(
    part: FilePart,
    data: LocatedDict,
    section: str,
    rel: str,
    default_source: str | None,
    source_line: int = 0,
    default_qualifiers: LocatedDict | None = None,
) -> None:
    items = data[section]
    if items is None:
        return
    if not isinstance(items, LocatedList):
        expected = "a list of records"
        _wrong_type(part, rel, data.line_of(section), "the file", section, expected, items)
        _unread(part, section, section)
        return
    singular = SINGULAR[section]
    for index, item in enumerate(items):
        if not isinstance(item, LocatedDict):
            line = items.item_lines[index]
            _wrong_type(part, rel, line, f"{section}[{index}]", "(record)", "a mapping", item)
            _unread(part, section, section)
            continue
        if section == "claims" and default_source is not None and "source" not in item:
            item["source"] = default_source
            item.key_lines["source"] = source_line
        if section == "claims" and default_qualifiers:
            _give_qualifiers(item, default_qualifiers, data.line_of("qualifiers"))
        _add_record(part, section, item, rel, singular)


def _give_qualifiers(item: LocatedDict, defaults: LocatedDict, line: int) -> None:
    own = item.get("qualifiers")
    if own is None:
        merged = LocatedDict(line)
        item.key_lines["qualifiers"] = line
    elif isinstance(own, LocatedDict):
        merged = LocatedDict(own.line)
        merged.key_lines.update(own.key_lines)
    else:
        return  # not a mapping: the schema reports it
    for key, value in defaults.items():
        if own is None or key not in own:
            merged[key] = value
            merged.key_lines[key] = defaults.line_of(key)
    if own is not None:
        merged.update(own)
    item["qualifiers"] = merged


SINGULAR = {
    "sources": "source",
    "claims": "claim",
    "entities": "entity",
    "properties": "property",
    "constants": "constant",
    "resolutions": "resolution",
    "units": "unit",
}


_SHARED = frozenset(
    ("source", "subject", "property", "status", "kind", "language", "unit", "datatype")
)
"""Fields whose few values recur in thousands of records (the names of other records, the
verdicts, the kinds): each value is kept as one string (:func:`sys.intern`), not one per
record, a tenth of a large KB's memory. The YAML readers intern them as they read a file
(:func:`claimkb.yamlio.parse_yaml`), wherever such a key is written."""


_VALIDATE: dict[type[BaseModel], Callable[[Any], Any]] = {}


def _validate(model: type[BaseModel], item: LocatedDict) -> Any:
    """``model.model_validate(item)``, straight through the model's validator once it is
    built (the first call builds it: the models defer that): the wrapper's own checks cost a
    third of validating a claim."""
    validate = _VALIDATE.get(model)
    if validate is not None:
        return validate(item)
    record = model.model_validate(item)
    if model.__pydantic_complete__:
        _VALIDATE[model] = model.__pydantic_validator__.validate_python
    return record


def _add_record(part: FilePart, section: str, item: LocatedDict, rel: str, singular: str) -> None:
    model: type[BaseModel] = RECORD_TYPES[section]
    raw_id = item.get("id")
    try:
        record = _validate(model, item)
    except ValidationError as exc:
        what = f"{singular} '{raw_id}'" if isinstance(raw_id, str | int) else f"a {singular}"
        about = (raw_id,) if section == "claims" and isinstance(raw_id, str) else ()
        part.events.extend(findings_for(exc, item, model, rel, what, about))
        if isinstance(raw_id, str):
            part.broken[section].add(raw_id)
        if section == "entities":  # claims naming it are not reported again as unknown
            aliases = item.get("aliases")
            names = [raw_id, item.get("name"), *(aliases if isinstance(aliases, list) else ())]
            part.broken["entity-names"].update(name_key(n) for n in names if isinstance(n, str))
        return
    assert isinstance(record, Located)
    record.locate(rel, item.line, item.key_lines)
    part.add(section, record)


def parse_document(data: bytes | None, limit: int) -> Any:
    """A file's content (at most ``limit`` bytes) as this reader parses it, or None when it
    cannot be read: for comparing a file with an earlier version of it (``--since``)."""
    if data is None or len(data) > limit:
        return None
    try:
        return parse_yaml(data.decode("utf-8"))
    except (UnicodeDecodeError, YamlProblem):
        return None


def records_as_written(path: str, doc: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every record of a parsed file as written, valid or not, with the file's default
    ``source`` and ``qualifiers`` given to its claims as :func:`read_part` gives them: what
    ``--since`` compares between two versions of a file."""
    if not isinstance(doc, dict):
        return
    if path.startswith("sources/"):
        items = doc["sources"] if "sources" in doc else [doc]
        for item in items if isinstance(items, list) else []:
            yield "sources", item
        return
    default_source = doc.get("source")
    defaults = doc.get("qualifiers")
    for section in CLAIM_SECTIONS:
        items = doc.get(section)
        for item in items if isinstance(items, list) else []:
            if section == "claims" and isinstance(item, dict) and "source" not in item:
                item = {**item, "source": default_source}
            if section == "claims" and isinstance(item, dict) and isinstance(defaults, dict):
                own = item.get("qualifiers")
                if own is None or isinstance(own, dict):
                    item = {**item, "qualifiers": {**defaults, **(own or {})}}
            yield section, item

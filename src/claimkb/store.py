"""Reading a KB root into a :class:`~claimkb.kb.KB`, collecting every problem as a finding.

Layout::

    <root>/sources/**.yaml   one source record per file, or a ``sources:`` list
    <root>/claims/**.yaml    sections ``claims`` (with an optional file-level ``source``),
                             ``entities``, ``properties``, ``constants`` and
                             ``resolutions``, in any file

Each file is read on its own: a broken file is reported and the others still load. A record
that fails validation is left out (its id is remembered so references to it are not reported
twice) and the rest of its file still loads.
"""

from __future__ import annotations

import difflib
import functools
import gc
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel, ValidationError

from .config import Config, load_config
from .files import FileProblem, discover, read_text, relative
from .findings import Finding, make
from .kb import KB
from .model import RECORD_TYPES, Located
from .validation import findings_for, type_name
from .values import name_key
from .yamlio import LocatedDict, LocatedList, YamlProblem, parse_yaml

__all__ = ["RootError", "find_root", "load"]

CLAIM_SECTIONS = ("claims", "entities", "properties", "constants", "resolutions")
CLAIMS_FILE_KEYS = ("source", *CLAIM_SECTIONS)
_CONFLICT_MARKER = re.compile(r"^(?:<{7}|={7}|>{7})(?: |$)", re.M)
_UNQUOTED_EXPR = re.compile(r"^\s*(?:derived:\s*\{\s*)?expr:\s*\{")


def _line_at(text: str, line: int | None) -> str:
    lines = text.splitlines()
    return lines[line - 1] if line and 0 < line <= len(lines) else ""


def _may_have_marker(text: str) -> bool:
    """A cheap test before the multi-line search: a marker holds seven <, = or >."""
    return "<<<<<<<" in text or "=======" in text or ">>>>>>>" in text


class RootError(Exception):
    """The KB root cannot be used at all (the CLI exits with status 2)."""


def find_root(start: Path | None = None) -> Path:
    """The nearest directory at or above ``start`` that holds ``claims/`` and ``sources/``."""
    here = (start or Path.cwd()).resolve()
    for candidate in (here, *here.parents):
        if (candidate / "claims").is_dir() and (candidate / "sources").is_dir():
            return candidate
    raise RootError(
        f"no knowledge base at or above {here}: a KB root holds claims/ and sources/ "
        "(pass --root DIR)"
    )


def check_root(root: Path) -> Path:
    if not root.exists():
        raise RootError(f"{root}: no such directory")
    if not root.is_dir():
        raise RootError(f"{root}: not a directory")
    if not (root / "claims").is_dir() and not (root / "sources").is_dir():
        raise RootError(f"{root}: not a knowledge base root (it has neither claims/ nor sources/)")
    return root.resolve()


def load(
    root: str | Path | None = None,
    *,
    cache: PartCache | None = None,
    on_file: Callable[[str], None] | None = None,
) -> KB:
    """Load the KB at ``root`` (or the nearest one above the working directory).

    Raises :class:`RootError` only when there is no usable root; every problem inside the KB
    is reported in ``kb.load_findings``. Each file is read into a :class:`FilePart` and
    merged in discovery order; ``cache`` may supply the part of a file it has seen before
    (:mod:`claimkb.cache`), and ``on_file`` is told each file merged (for progress).
    """
    path = check_root(Path(root)) if root is not None else find_root()
    kb = KB(root=path, config=load_config(path))
    kb.load_findings.extend(kb.config.findings)
    paused = gc.isenabled()
    gc.disable()  # the parser allocates many small objects that are never cyclic garbage
    try:
        for section in ("sources", "claims"):
            for file_path in discover(path, section):
                read = functools.partial(read_part, path, kb.config, file_path, section)
                part = read(None) if cache is None else cache.part(file_path, section, read)
                _merge(kb, part)
                if on_file is not None:
                    on_file(part.rel)
    finally:
        if paused:
            gc.enable()
    return kb


# -- one file at a time ----------------------------------------------------------------------


@dataclass
class FilePart:
    """What one file contributes to a KB: its findings and valid records, in the order they
    were met (so merging reports duplicate ids exactly where a single pass would), and the ids
    of records that failed validation."""

    rel: str
    events: list[Finding | tuple[str, Located]]
    broken: dict[str, set[str]]


class PartCache(Protocol):
    """Supplies a file's :class:`FilePart`, calling ``read(text)`` when it must be read; the
    text it passes (or None: read it yourself) is the one its part is remembered under."""

    def part(
        self, path: Path, section: str, read: Callable[[str | None], FilePart]
    ) -> FilePart: ...


class _Recorded(list[Any]):
    """Stands in for ``kb.load_findings`` while one file is read."""

    def __init__(self, events: list[Any]) -> None:
        super().__init__()
        self.events = events

    def append(self, finding: Any) -> None:
        self.events.append(finding)

    def extend(self, findings: Iterable[Any]) -> None:
        self.events.extend(findings)


class _RecordedTable(dict[str, Any]):
    """Stands in for a KB table while one file is read: records what is added, and finds
    nothing, so that every duplicate id is judged when the parts are merged."""

    def __init__(self, section: str, events: list[Any]) -> None:
        super().__init__()
        self.section = section
        self.events = events

    def get(self, key: str, default: Any = None) -> Any:
        return default

    def __setitem__(self, key: str, record: Any) -> None:
        self.events.append((self.section, record))


def read_part(root: Path, config: Config, path: Path, section: str, text: str | None) -> FilePart:
    """Read one file (``text``, if given, is its content) into a :class:`FilePart`."""
    events: list[Any] = []
    scratch = KB(root=root, config=config, load_findings=_Recorded(events))
    for table in RECORD_TYPES:
        setattr(scratch, table, _RecordedTable(table, events))
    _load_file(scratch, path, section, text)
    return FilePart(scratch.files[0], events, dict(scratch.broken))


def _merge(kb: KB, part: FilePart) -> None:
    kb.files.append(part.rel)
    for event in part.events:
        if isinstance(event, tuple):
            section, record = event
            table = getattr(kb, section)
            record_id = record.id  # type: ignore[attr-defined]
            if record_id in table:
                _register(kb, section, record)  # reports the duplicate
            else:
                table[record_id] = record
        else:
            kb.load_findings.append(event)
    for section, ids in part.broken.items():
        kb.broken[section].update(ids)


def _load_file(kb: KB, path: Path, section: str, text: str | None = None) -> None:
    rel = relative(path, kb.root)
    kb.files.append(rel)
    if text is None:
        try:
            text = read_text(path, kb.root, kb.config.max_file_bytes)
        except FileProblem as problem:  # a whole-file problem is reported on line 1
            kb.load_findings.append(
                make("unreadable-file", rel, problem.line or 1, detail=problem.message)
            )
            _unread(kb, section)
            return
    if not text.strip():  # empty, or only spaces, tabs and newlines
        kb.load_findings.append(make("empty-file", rel, 1))
        return
    marker = _CONFLICT_MARKER.search(text) if _may_have_marker(text) else None
    if marker:
        line = text.count("\n", 0, marker.start()) + 1
        kb.load_findings.append(
            make(
                "yaml-syntax",
                rel,
                line,
                detail="a merge-conflict marker: resolve the conflict and remove the markers",
            )
        )
        _unread(kb, section)
        return
    try:
        data = parse_yaml(text)
    except YamlProblem as problem:
        detail = problem.message
        if "\t" in text and "cannot start any token" in detail:
            detail += " (a tab character: YAML indents with spaces only)"
        elif _UNQUOTED_EXPR.match(_line_at(text, problem.line)):
            detail += ' (quote an expression that starts with a brace: expr: "{a} * {b}")'
        kb.load_findings.append(make(problem.kind, rel, problem.line, detail=detail))
        _unread(kb, section)
        return
    if data is None or (isinstance(data, dict | list) and not data):
        kb.load_findings.append(make("empty-file", rel, 1))
        return
    if section == "sources":
        _load_sources_document(kb, data, rel)
    else:
        _load_claims_document(kb, data, rel)


def _unread(kb: KB, section: str, *record_sections: str) -> None:
    """Remember that records of these sections may have been lost with an unreadable file or
    section, so references to them are not reported as unknown: the file's own finding says
    what to fix, and one broken registry must not bury it under a finding per claim."""
    defined = record_sections or (("sources",) if section == "sources" else CLAIM_SECTIONS)
    kb.broken["unread"].update(defined)


def _load_sources_document(kb: KB, data: Any, rel: str) -> None:
    if not isinstance(data, LocatedDict):
        kb.load_findings.append(
            make(
                "wrong-type",
                rel,
                getattr(data, "line", 1),
                what="the file",
                field="(top)",
                detail="should be a mapping (one source) or a 'sources:' list, "
                f"not {type_name(data)}",
            )
        )
        _unread(kb, "sources")
        return
    if "sources" in data:
        extra = [k for k in data if k != "sources"]
        for key in extra:
            kb.load_findings.append(
                make(
                    "unknown-field",
                    rel,
                    data.line_of(key),
                    what="a sources file",
                    field=str(key),
                    hint=" (a sources file holds only 'sources:')",
                )
            )
        _load_section(kb, data, "sources", rel, default_source=None)
    else:
        _add_record(kb, "sources", data, rel, "source")


def _load_claims_document(kb: KB, data: Any, rel: str) -> None:
    if not isinstance(data, LocatedDict):
        kb.load_findings.append(
            make(
                "wrong-type",
                rel,
                getattr(data, "line", 1),
                what="the file",
                field="(top)",
                detail=f"should be a mapping with sections {', '.join(CLAIMS_FILE_KEYS)}, "
                f"not {type_name(data)}",
            )
        )
        _unread(kb, "claims")
        return
    for key in data:
        if key not in CLAIMS_FILE_KEYS:
            close = difflib.get_close_matches(str(key), CLAIMS_FILE_KEYS, n=1)
            hint = (
                f" (did you mean '{close[0]}'?)"
                if close
                else (f" (a claims file has the sections {', '.join(CLAIMS_FILE_KEYS)})")
            )
            kb.load_findings.append(
                make(
                    "unknown-field",
                    rel,
                    data.line_of(key),
                    what="the file",
                    field=str(key),
                    hint=hint,
                )
            )
    default_source = data.get("source")
    if default_source is not None and not isinstance(default_source, str):
        kb.load_findings.append(
            make(
                "wrong-type",
                rel,
                data.line_of("source"),
                what="the file",
                field="source",
                detail=f"should be text (a source id), not {type_name(default_source)}",
            )
        )
        default_source = None
    for section in CLAIM_SECTIONS:
        if section in data:
            _load_section(kb, data, section, rel, default_source, data.line_of("source"))


def _load_section(
    kb: KB,
    data: LocatedDict,
    section: str,
    rel: str,
    default_source: str | None,
    source_line: int = 0,
) -> None:
    items = data[section]
    if items is None:
        return
    if not isinstance(items, LocatedList):
        kb.load_findings.append(
            make(
                "wrong-type",
                rel,
                data.line_of(section),
                what="the file",
                field=section,
                detail=f"should be a list of records, not {type_name(items)}",
            )
        )
        _unread(kb, section, section)
        return
    singular = _SINGULAR[section]
    for index, item in enumerate(items):
        if not isinstance(item, LocatedDict):
            kb.load_findings.append(
                make(
                    "wrong-type",
                    rel,
                    items.item_lines[index],
                    what=f"{section}[{index}]",
                    field="(record)",
                    detail=f"should be a mapping, not {type_name(item)}",
                )
            )
            _unread(kb, section, section)
            continue
        if section == "claims" and default_source is not None and "source" not in item:
            item["source"] = default_source
            item.key_lines["source"] = source_line
        _add_record(kb, section, item, rel, singular)


_SINGULAR = {
    "sources": "source",
    "claims": "claim",
    "entities": "entity",
    "properties": "property",
    "constants": "constant",
    "resolutions": "resolution",
}


def _add_record(kb: KB, section: str, item: LocatedDict, rel: str, singular: str) -> None:
    model: type[BaseModel] = RECORD_TYPES[section]
    raw_id = item.get("id")
    try:
        record = model.model_validate(item)
    except ValidationError as exc:
        what = f"{singular} '{raw_id}'" if isinstance(raw_id, str | int) else f"a {singular}"
        kb.load_findings.extend(findings_for(exc, item, model, rel, what))
        if isinstance(raw_id, str):
            kb.broken[section].add(raw_id)
        if section == "entities":  # claims naming it are not reported again as unknown
            aliases = item.get("aliases")
            names = [raw_id, item.get("name"), *(aliases if isinstance(aliases, list) else ())]
            kb.broken["entity-names"].update(name_key(n) for n in names if isinstance(n, str))
        return
    assert isinstance(record, Located)
    record.locate(rel, item.line, item.key_lines)
    _register(kb, section, record)


def _register(kb: KB, section: str, record: Located) -> None:
    """Add a valid record to its table, or report its id as a duplicate."""
    table: dict[str, Any] = getattr(kb, section)
    record_id: str = getattr(record, "id")  # noqa: B009 - every record model has an id
    existing = table.get(record_id)
    if existing is not None:
        kb.load_findings.append(
            make(
                "duplicate-id",
                record.file,
                record.line_of("id"),
                [record_id] if section == "claims" else [],
                kind=_SINGULAR[section],
                id=record_id,
                first=f"{existing.file}:{existing.line}",
            )
        )
        return
    table[record_id] = record

"""``claimkb check --since REV``: keep the findings a change since a git revision is
responsible for, so a pull request sees what it introduced.

What changed is decided record by record, not file by file: each YAML file that git reports as
changed (modified, added, deleted, renamed or untracked) is read as it is now and as it was at
REV, and a record (source, entity, property, constant, claim, resolution) counts as changed
when its id is new, gone, or its content differs. Moving a record between files changes nothing.

A claim is **involved** when it changed, or when something it depends on changed:

* its source, or any source it rests on through ``cites``/``via`` (a source also changes when
  its snapshot file does);
* its subject or entity value names a changed entity (by any name or alias, old or new);
* its property changed;
* a changed resolution lists it;
* it is derived from a changed constant or from an involved claim (transitively);
* it is a rival of an involved claim (same subject, property and qualifiers), reviews one, or
  is reviewed by one: their conflicts, support and verdicts depend on each other.

A finding is kept when any of its claims is involved. A kept finding about several claims is
located at a claim the change touched (its value's line), unless it already lies on one: a
pull request's annotation then lands on a line of its diff, and the message still names every
claim. A finding about no claim (a YAML syntax
error, a bad registry entry, a resolution naming a deleted claim) is kept when its file changed
or when the record it refers to (``ref``, ``claim``, ``source``, ``resolution`` in its data)
changed or is involved.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import Any

from . import git
from .analysis import CURRENCY_QUALIFIER, GroupKey, group_key, origins
from .documents import CLAIM_SECTIONS, parse_document, records_as_written
from .errors import ClaimkbError
from .files import YAML_SUFFIXES, FileProblem, read_text
from .findings import Finding
from .kb import KB
from .model import Datatype
from .report import Report
from .values import name_key

__all__ = ["Changes", "SinceError", "changes_since"]

REFERENCE_ARGS = ("ref", "claim", "source", "resolution")
"""Message arguments that name the record a finding is about."""


class SinceError(ClaimkbError):
    """``--since`` cannot be honoured (no git, not a repository, unknown revision)."""


@dataclass(frozen=True)
class Changes:
    rev: str
    commit: str
    files: frozenset[str]
    """The KB's files changed since ``commit`` (YAML files of the KB, and the snapshots its
    sources name), relative to the KB root; other files of the repository are left out."""
    claims: frozenset[str]
    """Ids of the claims the change involves."""
    records: frozenset[str] = frozenset()
    """Ids of every changed record (of any kind) and of every involved claim."""
    touched: Mapping[str, tuple[str, frozenset[int], int]] = field(default_factory=dict)
    """Claims the change itself touched (new or edited): id -> (file, the lines its record
    was written on, the line of its value)."""

    def involves(self, finding: Finding) -> bool:
        if finding.claims:
            return any(c in self.claims for c in finding.claims)
        if finding.file is not None and finding.file in self.files:
            return True
        return any(
            isinstance(value, str) and value in self.records
            for key, value in finding.args.items()
            if key in REFERENCE_ARGS
        )

    def filter(self, report: Report) -> Report:
        """The report with only the findings this change involves, each located where the
        change is."""
        kept = tuple(self.relocate(f) for f in report.findings if self.involves(f))
        return replace(report, findings=kept, since=self.to_dict())

    def relocate(self, finding: Finding) -> Finding:
        """A finding involving a claim the change touched, moved onto that claim's value line
        when it lies elsewhere (on an untouched rival, say)."""
        touched = [self.touched[c] for c in finding.claims if c in self.touched]
        if not touched:
            return finding
        if any(finding.file == file and finding.line in lines for file, lines, _ in touched):
            return finding
        file, _, line = touched[0]
        return replace(finding, file=file, line=line)

    def to_dict(self) -> dict[str, Any]:
        return {"rev": self.rev, "commit": self.commit, "files": sorted(self.files)}


def changes_since(kb: KB, rev: str) -> Changes:
    """What changed in ``kb`` since the git revision ``rev``."""
    try:
        commit = git.resolve(kb.root, rev)
        files = git.changed_paths(kb.root, commit)
        yaml_files = [p for p in files if _is_kb_yaml(p)]
        before = git.read_at(kb.root, commit, [p for p in yaml_files if "\n" not in p])
    except git.GitError as exc:
        raise SinceError(f"--since {rev}: {exc}") from None
    limit = kb.config.max_file_bytes
    old = _records((p, parse_document(data, limit)) for p, data in before.items())
    new = _records((p, parse_document(_read(kb, p), limit)) for p in yaml_files)
    changed = {
        section: {
            i
            for i in old[section].keys() | new[section].keys()
            if old[section].get(i) != new[section].get(i)
        }
        for section in ("sources", *CLAIM_SECTIONS)
    }
    snapshot_sources, snapshots = _changed_snapshots(kb, set(files))
    changed["sources"] |= snapshot_sources
    claims = _involved(kb, changed, old, new)
    records = frozenset(claims).union(*changed.values())
    touched = {
        claim_id: _where(kb.claims[claim_id])
        for claim_id in changed["claims"]
        if claim_id in kb.claims
    }
    files_changed = frozenset(yaml_files) | snapshots
    return Changes(rev, commit, files_changed, frozenset(claims), records, touched)


def _where(claim: Any) -> tuple[str, frozenset[int], int]:
    """(file, the lines a claim's record was written on, its value's line)."""
    location = claim.__pydantic_private__ or {}
    lines = {claim.line, *location.get("_key_lines", {}).values()}
    return claim.file, frozenset(lines), claim.line_of("value")


# -- reading records out of YAML documents ---------------------------------------------------

Records = dict[str, dict[str, list[str]]]
"""section -> id -> canonical JSON of each record with that id (several if duplicated)."""

Raw = dict[str, dict[str, list[dict[str, Any]]]]


def _is_kb_yaml(path: str) -> bool:
    parts = PurePosixPath(path).parts
    return len(parts) > 1 and parts[0] in ("claims", "sources") and path.endswith(YAML_SUFFIXES)


def _read(kb: KB, path: str) -> bytes | None:
    """A changed file as it is now, read with the loader's confinement and size limit (a
    file that cannot be read has no records; its own finding says why)."""
    full = kb.root / path
    if not full.exists() and not full.is_symlink():
        return None
    try:
        return read_text(full, kb.root, kb.config.max_file_bytes).encode("utf-8")
    except FileProblem:
        return None


class _Side:
    """The records of the changed files on one side (before or now)."""

    def __init__(self) -> None:
        self.canonical: Records = defaultdict(lambda: defaultdict(list))
        self.raw: Raw = defaultdict(lambda: defaultdict(list))

    def __getitem__(self, section: str) -> dict[str, list[str]]:
        return self.canonical[section]


def _records(documents: Iterable[tuple[str, Any]]) -> _Side:
    side = _Side()
    for path, doc in documents:
        for section, item in records_as_written(path, doc):
            if not isinstance(item, dict) or not isinstance(item.get("id"), str | int):
                continue
            record_id = str(item["id"])
            side.canonical[section][record_id].append(
                json.dumps(item, sort_keys=True, ensure_ascii=False, default=str)
            )
            side.raw[section][record_id].append(item)
    for by_id in side.canonical.values():
        for texts in by_id.values():
            texts.sort()
    return side


# -- from changed records to involved claims -------------------------------------------------


def _involved(kb: KB, changed: dict[str, set[str]], old: _Side, new: _Side) -> set[str]:
    def raw(section: str) -> Iterator[dict[str, Any]]:
        for side in (old, new):
            for record_id in changed[section]:
                yield from side.raw[section].get(record_id, [])

    sources = changed["sources"]
    properties = set(changed["properties"])
    if changed["units"]:  # a unit's meaning changes the value of any quantity
        properties |= {p.id for p in kb.properties.values() if p.datatype is Datatype.QUANTITY}
    entity_names = {
        name_key(str(name))
        for entity in raw("entities")
        for name in (entity.get("id"), entity.get("name"), *_list(entity.get("aliases")))
        if isinstance(name, str | int)
    }
    claims = set(changed["claims"])
    for resolution in raw("resolutions"):
        claims.update(str(c) for c in _list(resolution.get("claims")))
        if isinstance(resolution.get("preferred"), str):
            claims.add(resolution["preferred"])

    for claim in kb.claims.values():
        prop = kb.properties.get(claim.property)
        if (
            claim.property in properties
            or name_key(claim.subject) in entity_names
            or (
                prop is not None
                and prop.datatype is Datatype.ENTITY
                and name_key(claim.written) in entity_names
            )
            or (sources and origins(kb, claim) & sources)
        ):
            claims.add(claim.id)

    claims |= _derived_from(kb, claims | changed["constants"])

    # rivals and reviews of involved claims, including the groups deleted claims were in
    keys: set[GroupKey] = {_loose(group_key(kb, kb.claims[c])) for c in claims if c in kb.claims}
    keys.update(_old_group_key(kb, c) for c in raw("claims"))
    for claim in kb.claims.values():
        if claim.id in claims:
            claims.update(claim.reviews)
            claims.update(r.id for r in kb.reviews_of.get(claim.id, []))
        elif _loose(group_key(kb, claim)) in keys:
            claims.add(claim.id)
    return claims


def _derived_from(kb: KB, names: set[str]) -> set[str]:
    """Derived claims whose expression uses one of ``names``, directly or through other
    derived claims."""
    if not any(claim.derived for claim in kb.claims.values()):
        return set()
    from .derive.expr import Node, refs
    from .derive.graph import trees

    uses = {
        claim_id: {r.id for r in refs(tree)}
        for claim_id, tree in trees(kb).items()
        if isinstance(tree, Node)
    }
    found: set[str] = set()
    frontier = set(names)
    while frontier:
        new = {c for c, used in uses.items() if used & frontier and c not in found}
        found |= new
        frontier = new
    return found


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _loose(key: GroupKey) -> GroupKey:
    """A group key without the currency an amount is in (a deleted claim's old key cannot
    say it): a superset of the rivals."""
    return (key[0], key[1], tuple(p for p in key[2] if p[0] != CURRENCY_QUALIFIER))


def _old_group_key(kb: KB, claim: dict[str, Any]) -> GroupKey:
    subject = str(claim.get("subject"))
    entity = kb.entity(subject)
    qualifiers = claim.get("qualifiers")
    pairs = qualifiers.items() if isinstance(qualifiers, dict) else ()
    return (
        entity.id if entity else subject,
        str(claim.get("property")),
        tuple(sorted((str(k), str(v)) for k, v in pairs)),
    )


def _changed_snapshots(kb: KB, files: set[str]) -> tuple[set[str], frozenset[str]]:
    """(the sources whose snapshot is among the changed ``files``, those snapshot paths)."""
    sources: set[str] = set()
    paths: set[str] = set()
    for source in kb.sources.values():
        if not source.snapshot:
            continue
        for directory in kb.config.snapshot_dirs:  # the KB's own: where git sees changes
            path = Path(os.path.normpath(Path(directory, source.snapshot))).as_posix()
            if path in files:
                sources.add(source.id)
                paths.add(path)
    return sources, frozenset(paths)

"""Where a record goes, and the planned edit of that file, verified before it is offered.

A new record joins the file that already holds its kind: an entity or property the file that
holds most of them (``claims/registry.yaml`` in a new KB), a claim the file that holds most
claims of its source (else a new ``claims/<source>.yaml``), a resolution the file that holds
most resolutions (else ``claims/triage.yaml``), a source its own ``sources/<id>.yaml``.

Every planned edit is read back with claimkb's own reader before it is offered: the new text
must load without a finding the old text did not have, every record other than the ones the
edit means to change must load exactly as before, and those must load as intended. So an
edit never breaks a file, and never changes a record by accident.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..kb import KB
from .errors import AuthoringError, Refused
from .writes import FileEdit, Original, read_for_edit
from .yamledit import YamlFile, render_document

__all__ = ["claims_file", "plan_append", "plan_new", "plan_remove", "plan_update", "usual_file"]

DEFAULT_FILES = {
    "entities": "claims/registry.yaml",
    "properties": "claims/registry.yaml",
    "resolutions": "claims/triage.yaml",
}


def usual_file(kb: KB, section: str) -> str:
    """The file holding most records of ``section`` (ties: the first in reading order)."""
    counts = Counter(record.file for record in getattr(kb, section).values())
    if counts:
        return counts.most_common(1)[0][0]
    return DEFAULT_FILES[section]


def claims_file(kb: KB, source_id: str) -> str:
    counts = Counter(c.file for c in kb.claims.values() if c.source == source_id)
    if counts:
        return counts.most_common(1)[0][0]
    return f"claims/{source_id}.yaml"


def _open(kb: KB, rel: str) -> tuple[Original, YamlFile | None]:
    original = read_for_edit(kb.root, rel, kb.config.max_file_bytes)
    if original.text is None:
        return original, None
    return original, YamlFile(rel, original.text)


def plan_append(
    kb: KB,
    rel: str,
    section: str,
    record: Any | Callable[[YamlFile], Any],
    skeleton: Mapping[str, Any] | None = None,
) -> FileEdit:
    """Add ``record`` (a ruamel mapping, or a function making it from the file it joins) to
    ``section`` of the file ``rel``; a file that does not exist yet is created from
    ``skeleton`` (its file-level keys, such as the default ``source``)."""
    original, document = _open(kb, rel)
    if document is None:
        if skeleton is None:
            text = ""
        else:
            from .emit import node

            text = render_document(node(skeleton))
        document = YamlFile(rel, text)
        original = Original(rel, original.path, None, None)
    if callable(record):
        record = record(document)
    new = document.append(section, record)
    return _verified(kb, original, new, {(section, str(record["id"]))})


def plan_update(
    kb: KB, rel: str, section: str, record_id: str, mutate: Callable[[Any], None]
) -> FileEdit:
    original, document = _open(kb, rel)
    if document is None:
        raise Refused(f"{rel} does not exist (it was moved or deleted since the KB was read)")
    new = document.update(section, record_id, mutate)
    return _verified(kb, original, new, {(section, record_id)})


def plan_updates(
    kb: KB, rel: str, section: str, changes: Mapping[str, Callable[[Any], None]]
) -> FileEdit:
    """Several records of one file changed in one edit (``status --suggest --apply``)."""
    original, document = _open(kb, rel)
    if document is None:
        raise Refused(f"{rel} does not exist (it was moved or deleted since the KB was read)")
    text = original.text
    for record_id, mutate in changes.items():
        document = YamlFile(rel, text) if text is not None else document
        text = document.update(section, record_id, mutate)
    assert text is not None
    return _verified(kb, original, text, {(section, rid) for rid in changes})


def plan_remove(kb: KB, rel: str, section: str, record_id: str) -> FileEdit:
    original, document = _open(kb, rel)
    if document is None:
        raise Refused(f"{rel} does not exist")
    return _verified(kb, original, document.remove(section, record_id), {(section, record_id)})


def plan_new(kb: KB, rel: str, record: Any) -> FileEdit:
    """A new file holding one record (a source)."""
    original = read_for_edit(kb.root, rel, kb.config.max_file_bytes)
    if original.text is not None:
        raise Refused(f"{rel} already exists; choose another id or file")
    section = "sources" if rel.startswith("sources/") else "claims"
    return _verified(kb, original, render_document(record), {(section, str(record["id"]))})


# -- verification ------------------------------------------------------------------------


def _verified(kb: KB, original: Original, text: str, meant: Iterable[tuple[str, str]]) -> FileEdit:
    before = _records(kb, original, original.text)
    after = _records(kb, original, text)
    new_problems = after[1] - before[1]
    if new_problems:
        raise AuthoringError(
            f"internal error: the edit of {original.rel} would not load cleanly "
            f"({'; '.join(sorted(new_problems))}); nothing was written - please report it"
        )
    wanted = set(meant)
    for key in before[0].keys() | after[0].keys():
        if key not in wanted and before[0].get(key) != after[0].get(key):
            raise AuthoringError(
                f"internal error: the edit of {original.rel} would change {key[0]} "
                f"'{key[1]}' too; nothing was written - please report it"
            )
    return FileEdit(original, text)


def _records(
    kb: KB, original: Original, text: str | None
) -> tuple[dict[tuple[str, str], Any], set[str]]:
    """(record dumps by (section, id), finding messages) of a file's text."""
    if text is None:
        return {}, set()
    if original.rel.endswith(".drafts"):
        return {}, set()
    from ..documents import read_part
    from ..findings import Finding

    section = "sources" if original.rel.startswith("sources/") else "claims"
    part = read_part(kb.root, kb.config, original.path, section, text)
    records: dict[tuple[str, str], Any] = {}
    messages: set[str] = set()
    for event in part.events:
        if isinstance(event, Finding):
            messages.add(f"{event.code} {event.message}")
        else:
            kind, record = event
            records[(kind, str(getattr(record, "id", "")))] = record.model_dump(mode="json")
    return records, messages

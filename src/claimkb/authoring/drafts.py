"""The drafts file: where ``claimkb draft`` puts its proposals for a person to review.

``claims/<source>.drafts`` sits beside the source's claims file. It is YAML, but its name does
not end in ``.yaml``, so ``claimkb check`` never reads it: a draft is compared with nothing
until it is accepted. It holds the source id, the pending ``drafts`` (each with an id, the
guessed subject and property, the value as written, the quote, the snapshot line, the reason
for each guess and the other properties that fit) and the ``rejected`` ones (value and quote
only), so that drafting the source again proposes neither a claim that exists, nor a draft
pending, nor one rejected.

* ``claimkb drafts [SOURCE]`` lists the pending drafts;
* ``claimkb accept DRAFT [--subject ... --property ... --value ... --quote ... --status ...]``
  turns one into a claim, through the same validation as ``claimkb add claim`` (the options
  correct the guesses), and takes it out of the drafts file;
* ``claimkb reject DRAFT`` moves it to ``rejected``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..kb import KB
from ..snapshot_text import normalise
from .drafting import Draft, draft
from .emit import node, styled
from .errors import Invalid, Problem, Refused, did_you_mean
from .placement import claims_file
from .writes import Change, FileEdit, Original, read_for_edit
from .yamledit import YamlFile

__all__ = ["accept", "drafts_file", "pending", "propose", "reject"]

HEADER = """\
# Draft claims proposed by `claimkb draft {source}` from the source's archived text. This file
# is not part of the knowledge base (claimkb check does not read it); nothing here is a claim
# until it is accepted:
#   claimkb drafts {source}                       list the pending drafts, with the reasons
#   claimkb accept DRAFT [--property P ...]       make one a claim, correcting what is wrong
#   claimkb reject DRAFT                          drop one (it is not proposed again)
# vim: set filetype=yaml:
source: {source}
"""
DRAFT_KEYS = ("id", "subject", "property", "value", "quote", "line", "reasons", "alternatives")
_NUMBERED = re.compile(r"-d(\d+)$")


def drafts_file(kb: KB, source_id: str) -> str:
    """``claims/<source>.drafts``, beside the file holding the source's claims."""
    home = claims_file(kb, source_id)
    folder = home.rsplit("/", 1)[0]
    return f"{folder}/{source_id}.drafts"


def _read(kb: KB, rel: str) -> tuple[Original, YamlFile | None, list[dict[str, Any]], list[Any]]:
    """(the file, its editor, its pending drafts, its rejected entries)."""
    original = read_for_edit(kb.root, rel, kb.config.max_file_bytes)
    if original.text is None:
        return original, None, [], []
    document = YamlFile(rel, original.text)
    data = document.data if isinstance(document.data, dict) else {}
    pending = [dict(d) for d in data.get("drafts") or () if isinstance(d, Mapping)]
    for entry in pending:
        if not isinstance(entry.get("id"), str):
            raise Refused(f"{rel}: a draft without an id; fix the file or delete it")
    rejected = [r for r in data.get("rejected") or () if isinstance(r, Mapping)]
    return original, document, pending, rejected


def propose(kb: KB, source_id: str) -> Change:
    """Draft the source and plan adding the new drafts to its drafts file."""
    made = draft(kb, source_id)
    rel = drafts_file(kb, source_id)
    original, document, pending, rejected = _read(kb, rel)
    known = {_key(d.get("value"), d.get("quote")) for d in [*pending, *rejected]}
    claimed = [c for c in kb.claims.values() if c.source == source_id]
    numbers = [
        int(m.group(1)) for d in [*pending, *rejected] if (m := _NUMBERED.search(str(d.get("id"))))
    ]
    counter = max(numbers, default=0)
    fresh: list[Draft] = []
    skipped = {"claimed": 0, "pending or rejected": 0}
    for candidate in made:
        if any(_claims(kb, claim, candidate) for claim in claimed):
            skipped["claimed"] += 1
            continue
        if _key(candidate.value, candidate.quote) in known:
            skipped["pending or rejected"] += 1
            continue
        counter += 1
        candidate.id = f"{source_id}-d{counter}"
        fresh.append(candidate)
    rows = [d.to_dict() for d in fresh]
    data: dict[str, object] = {"drafts": rows, "skipped": skipped}
    summary = f"{len(fresh)} new draft(s) of source '{source_id}' in {rel}"
    if not fresh:
        return Change(summary + " (nothing to write)", [], data)
    if document is None:
        document = YamlFile(rel, HEADER.format(source=source_id))
    records = [{k: v for k, v in row.items() if k in DRAFT_KEYS} for row in rows]
    text = document.append("drafts", *records, build=styled)
    return Change(summary, [FileEdit(original, text)], data)


def _key(value: object, quote: object) -> tuple[str, str]:
    return normalise(str(value)), normalise(str(quote))


def _claims(kb: KB, claim: Any, candidate: Draft) -> bool:
    """Whether an existing claim already states the draft's value from the same passage."""
    quote, other = normalise(claim.quote), normalise(candidate.quote)
    if quote not in other and other not in quote:
        return False
    if claim.property not in kb.properties:
        return False
    from ..analysis import agrees
    from ..values import ValueProblem

    try:
        stated = kb.read_as(claim, candidate.value)
    except ValueProblem:
        return False
    value = kb.value(claim.id)
    return value is not None and agrees(value, stated)


def pending(kb: KB, source_id: str | None = None) -> list[dict[str, Any]]:
    """The pending drafts (of one source, or of every source with a drafts file)."""
    rows: list[dict[str, Any]] = []
    for rel in _drafts_files(kb, source_id):
        _original, document, drafts, _rejected = _read(kb, rel)
        source = (
            document.data.get("source") if document and isinstance(document.data, dict) else None
        )
        for entry in drafts:
            row = {k: _plain(entry.get(k)) for k in DRAFT_KEYS}
            rows.append({**row, "source": source, "file": rel})
    return rows


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return str(value) if isinstance(value, str) else value


def _drafts_files(kb: KB, source_id: str | None) -> list[str]:
    if source_id is not None:
        if source_id not in kb.sources:
            close = did_you_mean(source_id, kb.sources)
            raise Invalid("drafts", [Problem("source", f"no source '{source_id}'", close)])
        return [drafts_file(kb, source_id)]
    base = kb.root / "claims"
    return sorted(
        p.relative_to(kb.root).as_posix()
        for p in base.rglob("*.drafts")
        if not any(part.startswith(".") for part in p.relative_to(base).parts)
        and p.is_file()
        and not p.is_symlink()
    )


def _find(kb: KB, draft_id: str) -> tuple[Original, YamlFile, dict[str, Any], str | None]:
    rows = pending(kb)
    for row in rows:
        if row["id"] == draft_id:
            original, document, _drafts, _rejected = _read(kb, row["file"])
            assert document is not None
            return original, document, row, row.get("source")
    close = did_you_mean(draft_id, [r["id"] for r in rows])
    raise Invalid("draft", [Problem("draft", f"no pending draft '{draft_id}'", close)])


def accept(kb: KB, draft_id: str, overrides: Mapping[str, Any], **options: Any) -> Change:
    """Make draft ``draft_id`` a claim (``overrides`` correct its fields; ``options`` are
    those of :func:`claimkb.authoring.claims.add_claim`) and take it out of its file."""
    from .claims import add_claim

    original, document, row, source = _find(kb, draft_id)
    fields: dict[str, Any] = {
        "subject": row.get("subject"),
        "property": row.get("property"),
        "value": row.get("value"),
        "quote": row.get("quote"),
        "source": source,
    }
    fields.update({k: v for k, v in overrides.items() if v not in (None, [], {})})
    if not fields.get("property"):
        others = ", ".join(row.get("alternatives") or ()) or "claimkb registry lists them"
        raise Invalid(
            f"draft '{draft_id}'",
            [Problem("property", f"the draft has no property; give one ({others})")],
        )
    change = add_claim(kb, **fields, **options)
    removed = document.remove("drafts", draft_id)
    change.edits.append(FileEdit(original, removed))
    change.summary = f"accepted draft '{draft_id}': {change.summary}"
    return change


def reject(kb: KB, draft_id: str) -> Change:
    original, document, row, _source = _find(kb, draft_id)
    text = document.remove("drafts", draft_id)
    entry = node({"id": draft_id, "value": row.get("value"), "quote": row.get("quote")})
    text = YamlFile(original.rel, text).append("rejected", entry)
    return Change(f"rejected draft '{draft_id}' in {original.rel}", [FileEdit(original, text)])

"""The catalogue of finding codes: the single place a finding's identity is defined.

Each entry gives a stable code (``CKB401``) and slug (``conflict``), a default severity, a
title, a description, what to do about it, and the message template the finding's data fills
in. Checks create findings from this catalogue; renderers (text, JSON, CI formats) and the
generated findings reference read it. Codes are never reused or renumbered. The entries are
written in :mod:`.inputs` (what reading a KB meets) and :mod:`.claims` (what checking finds).
"""

from __future__ import annotations

from . import claims, inputs
from .entry import Entry, Severity

__all__ = ["BY_CODE", "CATALOGUE", "Entry", "Severity", "entry"]

_ENTRIES = [*inputs.ENTRIES, *claims.ENTRIES]

CATALOGUE: dict[str, Entry] = {e.slug: e for e in _ENTRIES}
BY_CODE: dict[str, Entry] = {e.code: e for e in _ENTRIES}

assert len(CATALOGUE) == len(_ENTRIES) == len(BY_CODE), "finding codes and slugs are unique"
assert [e.code for e in _ENTRIES] == sorted(e.code for e in _ENTRIES), "catalogue in code order"


def entry(slug_or_code: str) -> Entry:
    """Look up a catalogue entry by slug (``conflict``) or code (``CKB401``)."""
    found = CATALOGUE.get(slug_or_code) or BY_CODE.get(slug_or_code)
    if found is None:
        raise KeyError(f"no finding code {slug_or_code!r} in the catalogue")
    return found

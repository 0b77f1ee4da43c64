"""Derived claims: recompute each one and report what cannot be evaluated and what does not
add up; check the constants derivations use (readable, documented by a known source, ids not
shared with claims). See :mod:`claimkb.derive`.

An expression is pull-request input of any length: an error's message quotes it cut to
:data:`.derivations.SHOWN` characters, and its ``expr`` datum holds at most
:data:`~claimkb.derive.expr.MAX_LENGTH` of it (a mismatch's expression parsed, so it is
within that bound already)."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from ..kb import KB

CODES = frozenset(
    {
        "derived-error",
        "derived-limit",
        "derived-mismatch",
        "derived-no-inputs",
        "derived-not-finite",
        "unknown-claim",
        "unknown-source",
    }
)
"""The findings (catalogue slugs) this check can report; a test holds it to what it emits."""


def check(kb: KB) -> Iterator[Finding]:
    if not kb.constants and not any(c.derived for c in kb.claims.values()):
        return
    from .derivations import findings  # the derivation engine: only for a KB that derives

    yield from findings(kb)

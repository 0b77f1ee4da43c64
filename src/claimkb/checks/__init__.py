"""The checks, each a function from a KB to findings, and the pipeline that runs them."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..findings import Finding
from ..kb import KB
from . import (
    derived,
    discrepancies,
    entities,
    qualifier_variants,
    qualifiers,
    quotes,
    references,
    reviews,
    statuses,
    triage,
    unread,
    value_quote,
    values,
)

Check = Callable[[KB], Iterable[Finding]]

CHECKS: tuple[Check, ...] = (
    references.check,
    values.check,
    quotes.check,
    value_quote.check,
    discrepancies.check,
    qualifiers.check,
    qualifier_variants.check,
    entities.check,
    reviews.check,
    derived.check,
)
"""Checks whose findings do not depend on other findings. Statuses are judged afterwards,
against the discrepancies and resolutions these report."""

BESIDE: tuple[Check, ...] = (quotes.check, value_quote.check, entities.check)
"""Checks a second process may run while this one runs the others
(:mod:`claimkb.cache.beside`): they use nothing the others work out (the value check reads
the quotes the quote check normalised, so the two go together, in this order), and they
are about a third of the checks' time on a large KB."""

Given = Callable[[], list[list[Finding]] | None]
"""The findings of each check of :data:`BESIDE`, in order, as another process found them;
None: run them here."""

STAGES = (triage, statuses, unread)
"""The steps after the checks: triage applied, statuses judged, what is unknown reported."""

DECLARED: dict[str, frozenset[str]] = {
    module.__name__.rpartition(".")[2]: module.CODES
    for module in (
        references,
        values,
        quotes,
        value_quote,
        discrepancies,
        qualifiers,
        qualifier_variants,
        entities,
        reviews,
        derived,
        *STAGES,
    )
}
"""Each check (and later step) by name -> the finding slugs it declares it can report."""


def codes_of(check: Check) -> frozenset[str]:
    """The finding slugs ``check`` (one of :data:`CHECKS`) declares."""
    return DECLARED[check.__module__.rpartition(".")[2]]


def _moot(found: list[Finding]) -> list[Finding]:
    """A value is held against its quote only while the quote is the source's words: when the
    quote itself is not in the source, that one finding says what to fix first."""
    misquoted = {f.claims[0] for f in found if f.slug == "quote-not-found" and f.claims}
    if not misquoted:
        return found
    return [f for f in found if not (f.slug == "value-not-quoted" and f.claims[0] in misquoted)]


def run(
    kb: KB, on_step: Callable[[], None] | None = None, beside: Given | None = None
) -> list[Finding]:
    """Every finding for ``kb``, triage applied, sorted by file and line. ``on_step`` is
    called after each of the ``len(CHECKS) + 2`` steps (for progress). ``beside`` gives the
    findings of :data:`BESIDE` once the other checks are done (those it does not give are
    found here); each check's findings take their place in :data:`CHECKS`' order, so the
    report is the same either way."""
    step = on_step or (lambda: None)
    found_by: dict[Check, list[Finding]] = {}
    for check in CHECKS:
        if beside is None or check not in BESIDE:
            found_by[check] = list(check(kb))
            step()
    if beside is not None:
        given = beside()
        if given is None or len(given) != len(BESIDE):
            given = [list(check(kb)) for check in BESIDE]
        for check, findings in zip(BESIDE, given, strict=True):
            found_by[check] = findings
            step()
    found: list[Finding] = list(kb.load_findings)
    for check in CHECKS:
        found.extend(found_by[check])
    found = _moot(found)
    held = unread.Held()  # what a file that cannot be read leaves unknown
    found = triage.apply(kb, found, held)
    step()
    found.extend(statuses.check(kb, [*found, *held.discrepancies], held))
    step()
    incomplete = unread.finding(kb, held)
    if incomplete is not None:
        found.append(incomplete)
    return sorted(found, key=Finding.sort_key)

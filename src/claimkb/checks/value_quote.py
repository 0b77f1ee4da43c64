"""A claim's value must be what its quote says.

Compared as values (see :mod:`claimkb.quoted_values`): the claim's written value, read for its
property, must agree with a value its quote states, or, for an entity, the quote must name the
entity (by the name written or any alias). Derived claims (computed, not quoted) and claims
that say why their value is not in the quote (``unquoted:``: a paraphrase, a unit stated
elsewhere in the text) are not compared. A miss names the nearest value the quote does state.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import cast

from ..findings import Finding, make
from ..kb import KB
from ..model import Claim, Datatype
from ..quoted_values import agrees, nearest, stated_values
from ..snapshot_text import normalise
from ..values import DateValue, EntityName, Value, ValueProblem, name_key
from .quotes import NORMALISED_QUOTES

CODES = frozenset(
    {
        "value-not-quoted",
    }
)
"""The findings (catalogue slugs) this check can report; a test holds it to what it emits."""


COMPARED = frozenset({Datatype.QUANTITY, Datatype.DATE, Datatype.ENTITY})

Written = tuple[str, frozenset[str]]
"""A value as written, normalised, and the characters that join it to a figure before it."""


def check(kb: KB) -> Iterator[Finding]:
    normalised = cast(dict[str, tuple[Claim, str]], kb.memo.get(NORMALISED_QUOTES, {}))
    values = kb.values.read_all()
    compared = {p.id for p in kb.properties.values() if p.datatype in COMPARED}
    written: dict[str, Written] = {}  # a value as written -> normalised: claims write alike
    for claim in kb.claims.values():
        fields = claim.__dict__
        if fields["derived"] is not None or fields["unquoted"] is not None:
            continue
        if fields["property"] not in compared:
            continue
        value = values.get(fields["id"])
        if value is None or isinstance(value, ValueProblem):
            continue  # reported as unparseable
        known = normalised.get(fields["id"])
        quote = known[1] if known is not None and known[0] is claim else None
        finding = compare(kb, claim, value, quote, written)
        if finding is not None:
            yield finding


def compare(
    kb: KB,
    claim: Claim,
    value: Value,
    quote: str | None = None,
    written: dict[str, Written] | None = None,
) -> Finding | None:
    """The finding when ``value`` (the claim's, read for its property) is not what its quote
    says; None when it is. ``claimkb add claim`` refuses the same claims the check reports.
    ``quote``: the claim's quote normalised, when the quote check has done it; ``written``:
    values as written, normalised, kept between claims."""
    if quote is None:
        quote = normalise(claim.quote)
    if isinstance(value, EntityName):
        if _names_entity(kb, quote, claim.written, value):
            return None
        return _miss(claim, "the quote does not name it (by this name or an alias)")
    as_written = claim.written
    known = written.get(as_written) if written is not None else None
    if known is None:
        form = normalise(as_written)
        known = (form, joining(form))
        if written is not None:
            written[as_written] = known
    if _verbatim(known[0], quote, known[1]):  # the common case: copied as written
        return None
    words = isinstance(value, DateValue)  # "Nov 5", "early November", "Q3 2022"
    stated = stated_values(quote, lambda text: kb.read_as(claim, text), words=words)
    if any(agrees(value, s.value) for s in stated):
        return None
    closest = nearest(value, stated)
    if closest is None:
        return _miss(claim, "the quote states no value of that kind", stated=None)
    return _miss(claim, f"the quote states {closest.text!r}", stated=closest.text)


def _verbatim(written: str, quote: str, joins: frozenset[str] | None = None) -> bool:
    """Whether ``written`` occurs in ``quote`` as a whole figure: "5" is not in "15" or
    "5.5", "2.8" is not in "12.8", a bare "5000" is not in the name "S5000" (but "6 台", with
    its counter, is in a title run together as "Pro6 台"). ``joins``: :func:`joining` of
    ``written``, when the caller has it."""
    if not written:
        return False
    before_joins = joining(written) if joins is None else joins
    start = quote.find(written)
    while start >= 0:
        end = start + len(written)
        after = quote[end : end + 1]
        if not (start and quote[start - 1] in before_joins) and not (
            after in _DIGITS or (after in _POINTS and quote[end + 1 : end + 2] in _DIGITS)
        ):
            return True
        start = quote.find(written, start + 1)
    return False


def joining(written: str) -> frozenset[str]:
    """The characters that, just before ``written`` in a quote, make it part of a longer
    figure (or, for a bare number, of a name such as "S5000")."""
    return _JOINS_BARE if _BARE_NUMBER.fullmatch(written) else _JOINS_FIGURE


_BARE_NUMBER = re.compile(r"[0-9０-９.,，\s+\-−]+")
_DIGITS = frozenset("0123456789０１２３４５６７８９")
_POINTS = frozenset(".,，")
_JOINS_FIGURE = _DIGITS | _POINTS
_JOINS_BARE = _JOINS_FIGURE | frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def _names_entity(kb: KB, quote: str, written: str, value: EntityName) -> bool:
    names = _name_keys(kb, written, value.entity)
    if quote.isascii() and written.isascii() and written in quote and name_key(written):
        # the name as written is in the quote: its key is in the quote's key (in ASCII,
        # keying maps each character alone, so a piece of the text keys to a piece of its
        # key), and the name's key is among the names' keys (those empty are left out)
        return True
    key = name_key(quote)
    return any(name in key for name in names)


def _name_keys(kb: KB, written: str, entity_id: str | None) -> tuple[str, ...]:
    """The keys (:func:`name_key`, empty ones left out) of a value as written and of its
    entity's name and aliases: the same for every claim writing it so, so worked out once."""
    known = cast(
        dict[tuple[str, str | None], tuple[str, ...]], kb.memo.setdefault("value-quote-names", {})
    )
    found = known.get((written, entity_id))
    if found is None:
        names = [written]
        entity = kb.entities.get(entity_id) if entity_id else None
        if entity is not None:
            names.extend([entity.name, *entity.aliases])
        found = known[(written, entity_id)] = tuple(k for n in names if (k := name_key(n)))
    return found


def _miss(claim: Claim, detail: str, stated: str | None = None) -> Finding:
    return make(
        "value-not-quoted",
        claim.file,
        claim.line_of("value"),
        [claim.id],
        claim=claim.id,
        value=claim.written,
        detail=detail,
        stated=stated,
    )

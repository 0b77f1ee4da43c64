"""What a :class:`~claimkb.authoring.guessing.Guide` learns before guessing: from each of the
KB's claims, what its value states, whose it is and the words of its quote; from each passage
of the text being drafted, the names written in it. Each is learnt apart from the others, so
two processes share them where a second may run (:func:`claimkb.forking.map_shared`)."""

from __future__ import annotations

from typing import Any

from ..analysis import value_key
from ..forking import map_shared
from ..kb import KB
from ..model import Claim
from ..values import EntityName
from .mentions import Mention, Mentions
from .words import tokens

__all__ = ["APART", "Facts", "learn"]

APART = 200
"""Claims and passages from which a second process shares learning from them (:func:`learn`),
where one may (:func:`claimkb.forking.map_shared`): each claim is read and its quote searched
for names, each passage searched for names, a tenth of a millisecond or more each, where a
fork and what it hands back cost a few milliseconds."""


def learn(kb: KB, mentions: Mentions, texts: list[str]) -> tuple[list[Facts], list[list[Mention]]]:
    """What a :class:`Guide` learns from each of the KB's claims (:func:`_facts`), and the
    names written in each of ``texts`` (the passages being drafted): worked out in two
    processes where a second may run and there are :data:`APART` of them or more."""
    claims = list(kb.claims.values())

    def work(item: int) -> Any:
        if item < len(claims):
            return _facts(kb, claims[item], mentions)
        return mentions.find(texts[item - len(claims)])

    count = len(claims) + len(texts)
    done = map_shared(work, count, count >= APART)
    return done[: len(claims)], done[len(claims) :]


def _facts(kb: KB, claim: Claim, mentions: Mentions) -> Facts:
    """What the guide learns from one of the KB's claims: what its value states (None: no
    value), its subject's id and kind, the kind and id of the entity its value names, and
    the words of its quote."""
    value = kb.value(claim.id)
    stated = value_key(value) if value is not None and claim.property in kb.properties else None
    subject = kb.entity(claim.subject)
    named = kb.entity(claim.written) if isinstance(value, EntityName) else None
    return (
        stated,
        kb.subject_id(claim),
        subject.kind if subject is not None else None,
        (named.kind, named.id) if named is not None else None,
        _context_words(claim.quote, claim.written, mentions),
    )


Facts = tuple[object, str, str | None, tuple[str, str] | None, set[str]]


def _context_words(quote: str, written: str, mentions: Mentions) -> set[str]:
    """The words of a quote that are neither the value nor an entity's name."""
    text = quote.replace(written, " ")
    for mention in reversed(mentions.find(text)):
        text = text[: mention.start] + " " + text[mention.end :]
    return tokens(text)

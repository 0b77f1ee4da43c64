"""``claimkb draft SOURCE``: the claims a source's archived text states, proposed for review.

Every sentence or table cell (:mod:`~claimkb.authoring.segments`) that states a quantity with
a unit, a date or a known entity (:mod:`~claimkb.authoring.candidates`) gives a draft: the
value as written, the shortest clause around it as the verbatim quote, and the property and
subject the KB's registry and usage point to (:mod:`~claimkb.authoring.guessing`), each with
the reason. A known entity becomes a draft only where an entity property expecting its kind
has a subject named nearby (else every mention of a name would be a "claim").

Drafting only reads: the drafts go to a file a person reviews (:mod:`~claimkb.authoring.drafts`).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from ..forking import map_shared
from ..kb import KB
from ..model import Property
from ..values import year_of
from .around import Around
from .candidates import Candidate, values_in
from .errors import AuthoringError
from .guessing import Guide, tokens
from .learning import learn
from .mentions import Mention, Mentions
from .segments import Segment, clause_around, narrowed, segments
from .snapshot import read_text

__all__ = ["Draft", "draft"]

APART = 20_000
"""Characters of passages to draft from which a second process shares the work, where one
may (:func:`claimkb.forking.map_shared`): a fork and the drafts handed back cost about what
drafting a few hundred characters does."""
SUBJECT_WEIGHT = 2.0
NEAR = 32
"""Characters either side of a value whose words weigh fully; the rest of its sentence counts
half ("a 671-billion-parameter model that only activates 37 billion parameters")."""
NEARBY = 3
"""Sentences before a value whose names may be its subject."""
ENTITY_MIN_SCORE = 1.5
ENTITY_CUES = 2.0
"""Without a subject in its sentence, a name needs words this telling around it."""
SAME_SENTENCE = 0.8
"""How sure a subject found in the value's own sentence is (see ``Guide.subject``)."""
"""An entity value needs this much support (cues, label, subject) to be drafted at all."""


@dataclass
class Draft:
    source: str
    kind: str
    value: str
    quote: str
    line: int
    value_offset: int
    """Where the value starts in the quote."""
    property: str | None = None
    subject: str | None = None
    subject_id: str | None = None
    reasons: dict[str, str] = field(default_factory=dict)
    score: float = 0.0
    alternatives: tuple[str, ...] = ()
    id: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "source": self.source,
            "subject": self.subject,
            "property": self.property,
            "value": self.value,
            "quote": self.quote,
            "line": self.line,
            "reasons": dict(self.reasons),
            "alternatives": list(self.alternatives),
        }


def draft(kb: KB, source_id: str) -> list[Draft]:
    """The drafts of source ``source_id`` (raises AuthoringError when it has no readable
    snapshot)."""
    source = kb.sources.get(source_id)
    if source is None:
        from .errors import did_you_mean

        close = did_you_mean(source_id, kb.sources)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise AuthoringError(f"no source '{source_id}'{hint}")
    text = read_text(kb, source)
    lines = [unicodedata.normalize("NFC", line) for line in text.lines]
    mentions = Mentions(kb)
    units = segments(lines)
    texts = list(dict.fromkeys(unit.text for unit in units))  # a passage written twice: once
    facts, names = learn(kb, mentions, texts)
    guide = Guide(kb, facts)
    named = dict(zip(texts, names, strict=True))
    found = [named[unit.text] for unit in units]
    everywhere = [m for ms in found for m in ms]
    year = year_of(source.date)
    dimensions = frozenset(p.dimension for p in kb.properties.values() if p.dimension)
    todo: list[tuple[int, list[Mention]]] = []
    drafted: set[object] = set()
    for index, unit in enumerate(units):
        nearby = [m for ms in found[max(0, index - NEARBY) : index] for m in ms]
        again = _context(unit, found[index], nearby)
        if again not in drafted:  # else drafted before, each draft kept or already there
            drafted.add(again)
            todo.append((index, nearby))
    read: dict[tuple[str, tuple[Mention, ...]], list[Candidate]] = {}

    def drafts_of(item: int) -> list[Draft]:
        index, nearby = todo[item]
        unit, here = units[index], found[index]
        passage = (unit.text, tuple(here))
        if passage not in read:
            read[passage] = values_in(unit.text, here, year, dimensions)
        candidates = read[passage]
        spans = [(c.start, c.end) for c in candidates if c.kind != "entity"]
        made = []
        for candidate in candidates:
            others = [span for span in spans if span != (candidate.start, candidate.end)]
            one = _draft(guide, source_id, unit, candidate, others, here, nearby, everywhere)
            if one is not None:
                made.append(one)
        return made

    apart = sum(len(units[index].text) for index, _ in todo) >= APART
    drafts: list[Draft] = []
    seen: set[tuple[object, ...]] = set()
    for made in map_shared(drafts_of, len(todo), apart):
        for one in made:
            key = (one.property, one.subject_id, one.value, one.quote)
            if key not in seen:
                seen.add(key)
                drafts.append(one)
    return drafts


def _context(unit: Segment, here: list[Mention], nearby: list[Mention]) -> object:
    """All a unit's drafts depend on but its line: a passage written again with the same
    names around it (a repeated paragraph, a table's repeated row) gives the same drafts,
    which the first time it was read proposed (or found proposed already)."""
    return unit.text, unit.context, tuple(here), tuple(nearby)


def _draft(
    guide: Guide,
    source_id: str,
    unit: Segment,
    candidate: Candidate,
    others: list[tuple[int, int]],
    here: list[Mention],
    nearby: list[Mention],
    everywhere: list[Mention],
) -> Draft | None:
    left, right = clause_around(unit.text, candidate.start, candidate.end)
    if candidate.kind != "entity":
        left, right = narrowed(unit.text, left, right, candidate.start, candidate.end, others)
    quote = unit.text[left:right]
    blanked = _without_names(unit.text, 0, candidate, here)
    low, high = _territory(unit.text, candidate, others)
    near = tokens(blanked[max(low, candidate.start - NEAR) : min(high, candidate.end + NEAR)])
    around = Around.of(near | tokens(unit.context), tokens(blanked[low:high]))
    ranked: list[tuple[float, Property, float, list[str], tuple[Mention | None, str, float]]] = []
    for prop in guide.fitting(candidate):
        evidence, cues = guide.evidence(prop, candidate, around)
        subject = guide.subject(prop, candidate, here, nearby, everywhere)
        if candidate.kind == "entity" and subject[2] < SAME_SENTENCE and evidence < ENTITY_CUES:
            continue  # a name is a value only where its subject or the words around say so
        total = evidence + guide.prior(prop) + SUBJECT_WEIGHT * subject[2]
        ranked.append((total, prop, evidence, cues, subject))
    ranked.sort(key=lambda item: (-item[0], item[1].id))
    if candidate.kind == "entity" and (not ranked or ranked[0][0] < ENTITY_MIN_SCORE):
        return None
    if candidate.kind == "quantity" and candidate.dimension is None and ranked:
        if ranked[0][2] <= 0:  # a bare number, and no word near it says what it counts
            ranked = []
    made = Draft(
        source_id, candidate.kind, candidate.written, quote, unit.line, candidate.start - left
    )
    made.reasons["value"] = _value_reason(guide.kb, candidate)
    if not ranked:
        made.reasons["property"] = _no_property(candidate, bool(guide.fitting(candidate)))
        made.alternatives = tuple(p.id for p in guide.fitting(candidate)[:4])
        return made
    total, prop, _score, cues, (mention, why, _sure) = ranked[0]
    made.property, made.score = prop.id, total
    made.alternatives = tuple(item[1].id for item in ranked[1:4])
    made.reasons["property"] = _property_reason(prop, cues, len(ranked), guide.uses[prop.id])
    made.reasons["subject"] = why
    if mention is not None:
        made.subject_id = mention.entity
        made.subject = mention.written
    return made


def _territory(text: str, candidate: Candidate, others: list[tuple[int, int]]) -> tuple[int, int]:
    """The part of the sentence nearer to this value than to any other value stated in it:
    the words there are about it ("a 671-billion-parameter model that only activates 37
    billion parameters": "activates" goes with 37 billion)."""
    low, high = 0, len(text)
    for start, end in others:
        if end <= candidate.start:
            low = max(low, (end + candidate.start) // 2)
        elif start >= candidate.end:
            high = min(high, (candidate.end + start) // 2)
    return low, high


def _without_names(clause: str, offset: int, candidate: Candidate, here: list[Mention]) -> str:
    """The clause with the value and the entity names blanked out (they are not cues)."""
    chars = list(clause)
    spans = [(candidate.start, candidate.end), *((m.start, m.end) for m in here)]
    for start, end in spans:
        for i in range(max(0, start - offset), min(len(chars), end - offset)):
            chars[i] = " "
    return "".join(chars)


def _value_reason(kb: KB, candidate: Candidate) -> str:
    if candidate.kind == "entity":
        entity = kb.entities[candidate.entity or ""]
        return f"'{candidate.written}' names {entity.id} ({_a(entity.kind)})"
    if candidate.kind == "date":
        precision = getattr(candidate.value, "precision", "")
        return f"a date, at {precision} precision"
    if candidate.dimension:
        unit = getattr(candidate.value, "unit", "")
        return f"a quantity in {candidate.dimension} (its unit {unit!r} is written)"
    return "a number with a magnitude or a measure word; its property supplies the unit"


def _no_property(candidate: Candidate, some_fit: bool) -> str:
    if some_fit:
        return "no word near it says what it counts; pick a property (see alternatives)"
    what = (
        f"of dimension {candidate.dimension}" if candidate.dimension else f"for a {candidate.kind}"
    )
    return f"no property {what} in the registry; add one (claimkb add property) or pick one"


def _property_reason(prop: Property, cues: list[str], fitting: int, uses: int) -> str:
    about = f"{prop.id} ({prop.label})"
    if fitting == 1:
        what = prop.dimension or prop.entity_kind or prop.datatype.value
        why = f"the only property for {_a(what)} value"
    elif cues:
        why = f"the words {', '.join(repr(c) for c in cues)} go with it in this KB"
    else:
        why = f"the most used of the {fitting} properties that fit ({uses} claims)"
    return f"{about}: {why}"


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word

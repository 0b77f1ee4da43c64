"""Guessing a value's property and subject from what the KB already knows, with the reason.

* **Which properties can hold it**: a quantity's written unit names its dimension (``80GB``:
  byte); a bare number may be a count, a parameter or a token count; a date goes to a date
  property; a known entity to an entity property expecting its kind.
* **Which of them it is**: the words around the value, weighed by how much more often they
  occur in the quotes of the KB's claims of that property than in its other quotes (the KB's
  own usage, in every language it has: "激活" for active parameters, "context window" for the
  context window), and the words of the property's label.
* **Whose property**: the entity named nearest before the value whose kind the property's
  subjects have in the KB (a model's parameter count, an adaptation's hardware); else one named
  in the sentences before it, under the heading, or most often in the text.

Nothing is guessed from the value being drafted against itself: the weights come from the
claims already in the KB (a benchmark drafts an article with its own claims left out).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from ..analysis import value_key
from ..kb import KB
from ..model import Datatype, Property
from ..values import EntityName, ValueProblem, parse_quantity
from ..values.units import IMPLICIT
from .around import Around
from .candidates import Candidate
from .learning import Facts
from .mentions import Mention
from .words import tokens

__all__ = ["Guess", "Guide", "tokens"]

LABEL_WEIGHT = 2.0
PRIOR_WEIGHT = 0.4
KNOWN_WEIGHT = 3.0
"""A value the KB's claims already give a property is good evidence the property is that one."""


@dataclass(frozen=True)
class Guess:
    property: str | None
    subject: str | None
    """The subject as written in the text (or the entity's name when found elsewhere)."""
    subject_id: str | None
    reasons: dict[str, str]
    score: float
    alternatives: tuple[str, ...] = ()


class Guide:
    """What the KB's registry and claims say about where values go."""

    def __init__(self, kb: KB, facts: list[Facts]):
        """``facts``: what :func:`~.learning.learn` found in each of the KB's claims."""
        self.kb = kb
        self._counted: tuple[object, Counter[str]] | None = None
        """The text's mentions last counted, and how often each entity is named in them."""
        self._most: tuple[object, dict[tuple[tuple[str, ...], str | None], str | None]]
        self._most = (None, {})
        self.properties = [p for p in kb.properties.values() if p.datatype is not Datatype.VERDICT]
        self.uses: Counter[str] = Counter(c.property for c in kb.claims.values())
        self.subject_kinds: dict[str, Counter[str]] = defaultdict(Counter)
        self.value_kinds: dict[str, Counter[str]] = defaultdict(Counter)
        self.labels = {p.id: tokens(p.label) for p in self.properties}
        self._fitting: dict[tuple[object, ...], list[Property]] = {}
        """What :meth:`fitting` found for a candidate of that kind, entity, unit and text."""
        self._known: dict[tuple[object, ...], tuple[list[str], str] | None] = {}
        """What :meth:`known` found for a property and a candidate's value."""
        self._any_kind = Counter({e.kind: 1 for e in kb.entities.values()})
        """Every kind of entity, for a property whose claims name no subject's kind."""
        self._kind_of = {entity_id: e.kind for entity_id, e in kb.entities.items()}
        self._subjects: dict[str, tuple[Counter[str], tuple[tuple[str, int], ...]]] = {}
        """Property -> the kinds of its subjects (see :meth:`_subject_kinds`)."""
        self._by_datatype: dict[Datatype, list[Property]] = defaultdict(list)
        """The properties of each datatype, in the registry's order (see :meth:`fitting`)."""
        for prop in self.properties:
            self._by_datatype[prop.datatype].append(prop)
        self._usual_for: tuple[object, ...] | None = None
        """The candidate and mentions :meth:`_usual` last answered for, and its answer for
        each kinds of subject asked (the properties that fit a value share few)."""
        with_word: dict[str, Counter[str]] = defaultdict(Counter)
        overall: Counter[str] = Counter()
        self.stated: dict[tuple[str, object], Counter[str]] = defaultdict(Counter)
        """(property, what a value states) -> the subjects the KB's claims give it."""
        self.example: dict[tuple[str, object], str] = {}
        self.neighbours: dict[str, set[str]] = defaultdict(set)
        """Entity -> the entities the KB's claims about it name, and what it is part of."""
        for entity in kb.entities.values():
            if entity.part_of:
                self.neighbours[entity.id].add(entity.part_of)
        claims = list(kb.claims.values())
        for claim, (stated, subject_id, subject_kind, named, words) in zip(
            claims, facts, strict=True
        ):
            if stated is not None:
                key = (claim.property, stated)
                self.stated[key][subject_id] += 1
                self.example.setdefault(key, claim.id)
            if subject_kind is not None:
                self.subject_kinds[claim.property][subject_kind] += 1
            if named is not None:
                self.value_kinds[claim.property][named[0]] += 1
                self.neighbours[subject_id].add(named[1])
            with_word[claim.property].update(words)
            overall.update(words)
        total = max(1, len(kb.claims))
        self.cues: dict[str, dict[str, float]] = {}
        for prop_id, counts in with_word.items():
            n_prop = self.uses[prop_id]
            self.cues[prop_id] = {
                word: weight
                for word, n in counts.items()
                if (
                    weight := math.log((n + 0.5) / (n_prop + 1))
                    - math.log((overall[word] + 0.5) / (total + 1))
                )
                > 0
            }

    # -- properties ------------------------------------------------------------------------

    def fitting(self, candidate: Candidate) -> list[Property]:
        """The properties that can hold the candidate's value (asked several times of each
        candidate, and of each candidate a passage written twice states: remembered by all
        it depends on; the list is not to be changed)."""
        key = (candidate.kind, candidate.entity, candidate.dimension, candidate.written)
        found = self._fitting.get(key)
        if found is None:
            found = self._fitting[key] = self._fitting_now(candidate)
        return found

    def _fitting_now(self, candidate: Candidate) -> list[Property]:
        """The properties of the candidate's datatype (in the registry's order) it fits."""
        result: list[Property] = []
        if candidate.kind == "date":
            result = list(self._by_datatype[Datatype.DATE])
        elif candidate.kind == "entity":
            kind = self._kind_of.get(candidate.entity or "")
            for prop in self._by_datatype[Datatype.ENTITY] if kind is not None else ():
                if prop.entity_kind == kind or (
                    prop.entity_kind is None and kind in self.value_kinds[prop.id]
                ):
                    result.append(prop)  # a property open to any kind: the kinds it is used with
        elif candidate.kind == "quantity":
            for prop in self._by_datatype[Datatype.QUANTITY]:
                if candidate.dimension is not None:
                    if prop.dimension == candidate.dimension:
                        result.append(prop)
                elif prop.dimension in IMPLICIT and _reads(candidate.written, prop.dimension):
                    result.append(prop)
        return result

    def evidence(
        self, prop: Property, candidate: Candidate, around: Around
    ) -> tuple[float, list[str]]:
        """How strongly the words around a value point to ``prop`` (its KB usage, its label,
        its unit's names), and the words that do; the rest of the sentence counts half. A
        value the KB already gives this property counts most."""
        cues = self.cues.get(prop.id, {})
        known = KNOWN_WEIGHT if self.known(prop, candidate) is not None else 0.0
        named = self.labels.get(prop.id, set())
        units = around.naming(prop.dimension)
        value = 0.0
        matched: list[tuple[float, str]] = []
        for share, pool in around.pools:
            for word in pool:
                label = LABEL_WEIGHT if word in named or word in units else 0.0
                weight = cues.get(word, 0.0) + label
                if weight > 0:
                    value += share * weight
                    matched.append((share * weight, word))
        matched.sort(key=lambda item: (-item[0], item[1]))
        return value + known, [w for _, w in matched[:4]]

    def prior(self, prop: Property) -> float:
        """A little weight for the properties the KB uses most."""
        return PRIOR_WEIGHT * math.log1p(self.uses[prop.id])

    def known(self, prop: Property, candidate: Candidate) -> tuple[list[str], str] | None:
        """The subjects the KB's claims already give this property with this value (most
        frequent first) and one such claim, or None. Remembered by all it depends on (the
        evidence and the subject ask it of every property that fits)."""
        value = candidate.value if candidate.kind == "date" else None
        memo = (prop.id, candidate.kind, candidate.written, candidate.entity, value)
        if memo not in self._known:
            self._known[memo] = self._known_now(prop, candidate)
        return self._known[memo]

    def _known_now(self, prop: Property, candidate: Candidate) -> tuple[list[str], str] | None:
        key = (prop.id, _key(prop, candidate))
        subjects = self.stated.get(key)
        if not subjects:
            return None
        return [s for s, _ in subjects.most_common()], self.example[key]

    # -- subjects --------------------------------------------------------------------------

    def subject(
        self,
        prop: Property,
        candidate: Candidate,
        here: list[Mention],
        nearby: list[Mention],
        main: Iterable[Mention],
    ) -> tuple[Mention | None, str, float]:
        """The subject mention for ``prop``, why, and how sure (1 in the sentence, 0.5 near)."""
        known = self.known(prop, candidate)
        usual = self._usual(prop, candidate, here, nearby, main)
        if known is None:
            return usual
        subjects, claim_id = known
        named = [m for m in here if m.entity in subjects and m.entity != candidate.entity]
        if named:
            why = f"{self._named(named[0])}, named here; claim {claim_id} states it too"
            return named[0], why, 1.0
        if usual[2] >= 0.5:  # the text names a subject near it: the text wins
            return usual
        mentioned = set(self._named_in(main)) - {candidate.entity}
        subjects = [x for x in subjects if x in mentioned or self.neighbours[x] & mentioned]
        if not subjects:  # the KB's subject has nothing to do with this text
            return usual
        entity = self.kb.entities.get(subjects[0])
        written = entity.name if entity is not None else subjects[0]
        mention = Mention(-1, -1, subjects[0], written)
        return (
            mention,
            f"'{written}': claim {claim_id} already gives it this value",
            KNOWN_ELSEWHERE,
        )

    def _usual(
        self,
        prop: Property,
        candidate: Candidate,
        here: list[Mention],
        nearby: list[Mention],
        main: Iterable[Mention],
    ) -> tuple[Mention | None, str, float]:
        kinds, key = self._subject_kinds(prop)
        last = self._usual_for
        asked = (candidate, here, nearby, main)
        if last is None or any(a is not b for a, b in zip(last[:4], asked, strict=True)):
            last = self._usual_for = (candidate, here, nearby, main, {})
        answers: dict[object, tuple[Mention | None, str, float]] = last[4]  # type: ignore[assignment]
        if key not in answers:
            answers[key] = self._usual_now(kinds, candidate, here, nearby, main)
        return answers[key]

    def _subject_kinds(self, prop: Property) -> tuple[Counter[str], tuple[tuple[str, int], ...]]:
        """The kinds of entity the KB's claims of ``prop`` have as subjects (every kind, for a
        property no claim uses), and the same as a key: all :meth:`_usual_now` reads of them,
        in their order. Asked for every property that fits every value: remembered."""
        found = self._subjects.get(prop.id)
        if found is None:
            kinds = self.subject_kinds.get(prop.id)
            if not kinds:
                kinds = self._any_kind
            found = self._subjects[prop.id] = (kinds, tuple(kinds.items()))
        return found

    def _usual_now(
        self,
        kinds: Counter[str],
        candidate: Candidate,
        here: list[Mention],
        nearby: list[Mention],
        main: Iterable[Mention],
    ) -> tuple[Mention | None, str, float]:
        exclude = candidate.entity

        kind_of = self._kind_of

        def fits(m: Mention) -> bool:
            kind = kind_of.get(m.entity)
            return kind is not None and kind in kinds and m.entity != exclude

        # the last that fits of those before it, the first after it, the last nearby
        before = next((m for m in reversed(here) if m.end <= candidate.start and fits(m)), None)
        if before is not None:
            return before, f"{self._named(before)}, named before it in the same sentence", 1.0
        after = next((m for m in here if m.start >= candidate.end and fits(m)), None)
        if after is not None:
            return after, f"{self._named(after)}, named in the same sentence", 0.8
        near = next((m for m in reversed(nearby) if fits(m)), None)
        if near is not None:
            return near, f"{self._named(near)}, named just before this sentence", 0.5
        entity_id = self._most_named(main, kinds, exclude)
        if entity_id is not None:
            entity = self.kb.entities[entity_id]
            mention = Mention(-1, -1, entity_id, entity.name)
            return mention, f"'{entity.name}', the {entity.kind} the text names most often", 0.3
        wanted = ", ".join(k for k, _ in kinds.most_common(3))
        return None, f"no {wanted} is named near it; fill it in", 0.0

    def _named_in(self, main: Iterable[Mention]) -> Counter[str]:
        """How often the text names each entity (counted once per text, not per value: a long
        article has thousands of mentions and values)."""
        if self._counted is None or self._counted[0] is not main:
            self._counted = (main, Counter(m.entity for m in main))
        return self._counted[1]

    def _most_named(
        self, main: Iterable[Mention], kinds: Counter[str], exclude: str | None
    ) -> str | None:
        """The entity of one of ``kinds`` (not ``exclude``) the text names most often; of those
        named as often, the first named. Remembered per text, kinds and exclusion: every value
        of a long article without a subject near it asks."""
        counts = self._named_in(main)
        if self._most[0] is not counts:
            self._most = (counts, {})
        key = (tuple(sorted(kinds)), exclude)
        if key not in self._most[1]:
            best, most = None, 0
            for entity_id, count in counts.items():
                if count > most and entity_id != exclude:
                    entity = self.kb.entities.get(entity_id)
                    if entity is not None and entity.kind in kinds:
                        best, most = entity_id, count
            self._most[1][key] = best
        return self._most[1][key]

    def _named(self, mention: Mention) -> str:
        entity = self.kb.entities[mention.entity]
        return f"'{mention.written}' ({entity.id}, {entity.kind})"


KNOWN_ELSEWHERE = 0.5
"""How sure a subject is that the text does not name near the value, but that the KB's claims
give this property with this value."""


def _key(prop: Property, candidate: Candidate) -> object:
    """What the candidate's value states, read for ``prop`` (None when it does not read)."""
    if candidate.kind == "entity":
        return value_key(EntityName(candidate.written, candidate.entity))
    if candidate.kind == "quantity":
        try:
            return value_key(parse_quantity(candidate.written, prop.dimension))
        except ValueProblem:
            return None
    return value_key(candidate.value) if candidate.value is not None else None


def _reads(written: str, dimension: str | None) -> bool:
    try:
        parse_quantity(written, dimension)
    except ValueProblem:
        return False
    return True

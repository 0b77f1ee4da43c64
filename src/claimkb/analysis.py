"""Shared analyses of a loaded KB: rival groups, agreement between values, and evidence.

* **Rivals** are claims about one subject's property with identical qualifiers (Wikidata's
  single-value constraint: a claim qualified ``as_of: 2025`` does not rival one for 2026).
  Grouping is by key, so the cost grows with the corpus, not with its square.
* Two values **agree** when they state the same thing: the same nominal quantity (``104
  billion`` and ``约 1040 亿``), one figure in two units to the precision each was written
  in (``8,849 m`` and ``29,032 ft``, see :mod:`.agreement`), the same days, the same
  entity, the same text or boolean.
* The **origin** of a claim is the set of sources it ultimately rests on: its source plus
  everything that source relays through ``cites`` (or, when given, the claim's own ``via``).
  Claims whose origins intersect are one piece of evidence, not two; so are claims resting on
  sources issued by one organisation (``issued_by``: its repository and its announcement are
  one party's word, not two).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar, cast

from .agreement import conversions, same_value, value_key
from .kb import KB
from .model import Claim, Datatype
from .values import Quantity, Value, ValueProblem
from .values.unitdefs import CURRENCY_FAMILY

T = TypeVar("T")
GroupKey = tuple[str, str, tuple[tuple[str, str], ...]]


def memo(kb: KB, key: str, compute: Callable[..., T], *arguments: Any) -> T:
    """``compute(*arguments)``, worked out once per KB under ``key``. Pass the arguments
    rather than a closure: what is asked for each claim then makes no function to look."""
    found = kb.memo.get(key, _MISSING)
    if found is _MISSING:
        found = kb.memo[key] = compute(*arguments)
    return found  # type: ignore[return-value]


_MISSING = object()


CURRENCY_QUALIFIER = "currency"
"""Amounts of a ``dimension: currency`` property in different currencies are never rivals:
their group holds the currency as if it were a qualifier (``[currency=USD]``)."""


def group_key(kb: KB, claim: Claim) -> GroupKey:
    money = claim.property in money_properties(kb)
    if not claim.qualifiers and not money:
        return (kb.subject_id(claim), claim.property, ())
    pairs = [(k, str(v)) for k, v in claim.qualifiers.items()]
    if money:
        value = kb.value(claim.id)
        if isinstance(value, Quantity):
            pairs.append((CURRENCY_QUALIFIER, value.dimension))
    return (kb.subject_id(claim), claim.property, tuple(sorted(pairs)))


def money_properties(kb: KB) -> frozenset[str]:
    """Properties whose values may be in any currency (``dimension: currency``)."""
    return memo(kb, "money-properties", _money_properties, kb)


def _money_properties(kb: KB) -> frozenset[str]:
    return frozenset(p.id for p in kb.properties.values() if kb.dimension_of(p) == CURRENCY_FAMILY)


def groups(kb: KB) -> dict[GroupKey, list[Claim]]:
    """Claims with a readable value, grouped by (subject, property, qualifiers)."""
    return _grouping(kb)[0]


def _grouping(kb: KB) -> tuple[dict[GroupKey, list[Claim]], dict[str, tuple[GroupKey, object]]]:
    """(:func:`groups`, :func:`statements`), in one pass over the claims: both are needed by
    every check run, and the pass is the costliest part of grouping 100,000 claims."""
    return memo(kb, "grouping", _group_all, kb)


def _group_all(
    kb: KB,
) -> tuple[dict[GroupKey, list[Claim]], dict[str, tuple[GroupKey, object]]]:
    """:func:`_grouping`, worked out: :func:`group_key` of each claim, with what it looks up
    (the money properties, the subjects' ids) taken once for all of them."""
    values = kb.values.read_all()  # every claim's is needed: read at once, looked up in C
    groupable = {p.id for p in kb.properties.values() if p.datatype is not Datatype.VERDICT}
    money = money_properties(kb)
    subject_id = kb.subject_id
    found: dict[GroupKey, list[Claim]] = defaultdict(list)
    stated: dict[str, tuple[GroupKey, object]] = {}
    keys: dict[int, object] = {}  # claims writing a value alike share its object
    plain: dict[tuple[str, str], GroupKey] = {}  # (subject as written, property) -> key
    for claim in kb.claims.values():
        fields = claim.__dict__
        prop = fields["property"]
        if prop not in groupable:
            continue
        value = values.get(fields["id"])
        if value is None or isinstance(value, ValueProblem):
            continue
        if fields["qualifiers"] or prop in money:
            key = group_key(kb, claim)
        else:  # the common case: no qualifiers, not money
            key = plain.get((fields["subject"], prop))  # type: ignore[assignment]
            if key is None:
                key = plain[(fields["subject"], prop)] = (subject_id(claim), prop, ())
        found[key].append(claim)
        identity = keys.get(id(value))
        if identity is None:
            identity = keys[id(value)] = value_key(value)
        stated[fields["id"]] = (key, identity)
    return dict(found), stated


def agrees(a: Value, b: Value) -> bool:
    """Whether two values state the same thing, in one unit or converted between two (see
    :mod:`claimkb.agreement`)."""
    return same_value(a, b)


def qualifier_splits(kb: KB) -> dict[tuple[str, str], list[GroupKey]]:
    """(subject, property) -> its rival groups, for each single-valued property of a subject
    whose claims fall in more than one group: claims whose qualifiers differ are never
    compared (``show`` and ``conflicts --uncompared`` list them, ``check`` can warn)."""

    def compute() -> dict[tuple[str, str], list[GroupKey]]:
        found: dict[tuple[str, str], list[GroupKey]] = defaultdict(list)
        for key in groups(kb):
            prop = kb.properties.get(key[1])
            if prop is not None and prop.single_valued:
                found[(key[0], key[1])].append(key)
        return {pair: sorted(keys) for pair, keys in found.items() if len(keys) > 1}

    return memo(kb, "qualifier-splits", compute)


def qualifier_differences(a: GroupKey, b: GroupKey) -> list[tuple[str, str | None, str | None]]:
    """The qualifiers two groups differ in: (name, value in ``a``, value in ``b``), None where
    a group does not give it."""
    left, right = dict(a[2]), dict(b[2])
    return [
        (k, left.get(k), right.get(k))
        for k in sorted(left.keys() | right.keys())
        if left.get(k) != right.get(k)
    ]


def origins(kb: KB, claim: Claim) -> frozenset[str]:
    """The sources a claim ultimately rests on."""
    if claim.via is None:
        return source_origins(kb, claim.source)
    if not claim.via:
        return frozenset({claim.source})
    return frozenset().union(*(source_origins(kb, s) for s in claim.via))


def source_origins(kb: KB, source_id: str) -> frozenset[str]:
    cache: dict[str, frozenset[str]] = memo(kb, "source-origins", dict)
    if source_id in cache:
        return cache[source_id]
    seen: set[str] = set()
    stack = [source_id]
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        source = kb.sources.get(current)
        if source is not None:
            stack.extend(source.cites)
    result = frozenset(seen)
    cache[source_id] = result
    return result


EvidenceKeys = dict[tuple[str, tuple[str, ...] | None], frozenset[tuple[str, str]]]


def clusters(kb: KB, claims: Iterable[Claim]) -> list[list[Claim]]:
    """Partition claims into independent pieces of evidence (connected by shared origins),
    in the order of their first claims."""
    items = list(claims)
    known: EvidenceKeys = memo(kb, "evidence-keys", dict)
    keyed = [_evidence_keys(kb, claim, known) for claim in items]
    if len(frozenset().union(*keyed)) == sum(map(len, keyed)):
        return [[claim] for claim in items]  # the common case: no two share any evidence
    parent = list(range(len(items)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: dict[tuple[str, str], int] = {}
    for index, keys in enumerate(keyed):
        for key in keys:
            if key in owner:
                parent[find(index)] = find(owner[key])
            else:
                owner[key] = index
    result: dict[int, list[Claim]] = defaultdict(list)
    for index, claim in enumerate(items):
        result[find(index)].append(claim)
    return list(result.values())


def _evidence_keys(kb: KB, claim: Claim, known: EvidenceKeys) -> frozenset[tuple[str, str]]:
    """What a claim's evidence shares with another's: its origins, and the organisations
    that issued any of them. Claims with one source (and one ``via``) share the answer, so
    it is worked out once for each (in ``known``, the KB's memo of them)."""
    via = claim.via
    key = (claim.source, None if via is None else tuple(via))
    found = known.get(key)
    if found is None:
        keys = set()
        for origin in origins(kb, claim):
            keys.add(("source", origin))
            source = kb.sources.get(origin)
            if source is not None and source.issued_by:
                issuer = kb.entity(source.issued_by)
                keys.add(("issuer", issuer.id if issuer is not None else source.issued_by))
        found = known[key] = frozenset(keys)
    return found


def statements(kb: KB) -> dict[str, tuple[GroupKey, object]]:
    """Claim id -> (group key, value key), for every claim of a group (a readable value of a
    non-verdict property)."""
    return _grouping(kb)[1]


def independent_support(kb: KB, claim: Claim) -> list[list[Claim]]:
    """The independent pieces of evidence stating the claim's value (itself included): the
    claims that state the same value for the same subject, property and qualifiers, split
    into groups that share no origin.

    The status check asks this of every claim, so it is worked out once per stated value,
    for every value stated more than once, and looked up by claim id."""
    found = supported(kb).get(claim.id)
    return found if found is not None else [[claim]]


def supported(kb: KB) -> Mapping[str, list[list[Claim]]]:
    """Claim id -> :func:`independent_support`, for the claims with other evidence than
    themselves (claims stating one value in one way share one list), worked out once."""
    return memo(kb, "support", _support, kb)


def _said_by_source(members: list[Claim], values: Mapping[str, Value]) -> dict[str, list[Value]]:
    """Source id -> the distinct values its claims state in one group."""
    said: dict[str, list[Value]] = defaultdict(list)
    for claim in members:
        if values[claim.id] not in said[claim.source]:
            said[claim.source].append(values[claim.id])
    return said


def _support(kb: KB) -> dict[str, list[list[Claim]]]:
    """Claim id -> its independent evidence, for every claim whose value another claim of its
    group also states, in its unit or another (the others have only themselves). Claims
    stating one value in one way share one list.

    A figure in another unit supports a claim only when everything its source states in the
    group is the same value as the claim: a source giving ``8,848.86 m (29,032 ft)`` converts
    its own 8,848.86 m, which ``8,849 m`` rounds, so its feet figure does not verify 8,849 m
    (the same value is not transitive across a change of unit)."""
    stated = statements(kb)
    values = cast(Mapping[str, Value], kb.values.read_all())  # a group's: readable values
    result: dict[str, list[list[Claim]]] = {}
    for members in groups(kb).values():
        if len(members) < 2:
            continue
        by_value: dict[object, list[Claim]] = defaultdict(list)
        for claim in members:
            by_value[stated[claim.id][1]].append(claim)
        converted: dict[Value, list[Value]] = {}
        forms: dict[Value, list[Claim]] = defaultdict(list)
        if len(by_value) > 1:
            for claim in members:
                forms[values[claim.id]].append(claim)
            converted = conversions(forms)
        for same in by_value.values():
            if not converted or not any(values[c.id] in converted for c in same):
                if len(same) > 1:
                    pieces = clusters(kb, same)
                    for claim in same:
                        result[claim.id] = pieces
                continue
            # one figure in several units: each written form has its own conversions
            said = _said_by_source(members, values)
            for form in dict.fromkeys(values[c.id] for c in same):
                others = [
                    c
                    for other in converted.get(form, ())
                    for c in forms[other]
                    if all(same_value(form, v) for v in said[c.source])
                ]
                pieces = clusters(kb, same + others)
                for claim in forms[form]:
                    result[claim.id] = pieces
    return result

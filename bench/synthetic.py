"""The synthetic knowledge base itself: subjects, sources, claims stated by several sources
with a few discrepancies, statuses that follow the evidence, resolutions (see generate.py)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from vocabulary import (
    BENCHMARKS,
    EN_PREFIXES,
    EN_SUFFIXES,
    LICENSES,
    PLACES,
    PROPERTIES,
    REGIONS,
    VERDICT,
    ZH_PREFIXES,
    ZH_SUFFIXES,
    Prop,
    date_form,
    early_form,
    quantity_form,
    quote_of,
    rounded,
    true_quantity,
)

CLAIMS_PER_SOURCE = 50


@dataclass
class Source:
    id: str
    kind: str
    language: str
    day: int
    cites: list[str] = field(default_factory=list)
    snapshot: str | None = None


@dataclass
class Claim:
    id: str
    subject: str
    property: str
    value: str
    source: str
    quote: str
    status: str = "unchecked"
    qualifiers: dict[str, str] = field(default_factory=dict)
    reviews: list[str] = field(default_factory=list)
    note: str | None = None
    quote_in_snapshot: bool = True


@dataclass
class Resolution:
    id: str
    claims: list[str]
    preferred: str
    kind: str
    reason: str


@dataclass
class KB:
    sources: list[Source] = field(default_factory=list)
    entities: list[dict[str, object]] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    resolutions: list[Resolution] = field(default_factory=list)


class Generator:
    def __init__(self, claims: int, seed: int) -> None:
        self.target = claims
        self.rng = random.Random(seed)
        self.kb = KB()
        self.subjects: list[tuple[str, str, str]] = []  # (id, English name, Chinese alias)
        self.orgs: list[tuple[str, str, str]] = []
        self.chips: list[tuple[str, str, str]] = []
        self.origins: dict[str, set[str]] = {}

    # registries

    def registries(self) -> None:
        n_subjects = max(4, self.target // 40)
        for i in range(n_subjects):
            j = i % len(EN_PREFIXES)
            k = (i // len(EN_PREFIXES)) % len(EN_SUFFIXES)
            number = i // (len(EN_PREFIXES) * len(EN_SUFFIXES)) + 1
            en = f"{EN_PREFIXES[j]}-{number}{EN_SUFFIXES[k]}"
            zh = f"{ZH_PREFIXES[j]}-{number}{ZH_SUFFIXES[k]}"
            self.subjects.append((f"model-{i:05d}", en, zh))
        for i in range(max(4, self.target // 500)):
            self.orgs.append((f"org-{i:04d}", f"Lab {i} AI", f"实验室{i}智能"))
        for i in range(max(4, min(60, self.target // 1000))):
            self.chips.append((f"chip-{i:03d}", f"Accel {i} GPU", f"加速{i}号"))
        for eid, en, zh in self.subjects:
            self.kb.entities.append({"id": eid, "name": en, "kind": "model", "aliases": [zh]})
        for eid, en, zh in self.orgs:
            self.kb.entities.append(
                {"id": eid, "name": en, "kind": "organisation", "aliases": [zh]}
            )
        for eid, en, zh in self.chips:
            self.kb.entities.append({"id": eid, "name": en, "kind": "chip", "aliases": [zh]})
        for eid, name, aliases, part_of in REGIONS + PLACES:
            kind = "place" if (eid, name, aliases, part_of) in PLACES else "region"
            record: dict[str, object] = {"id": eid, "name": name, "kind": kind, "aliases": aliases}
            if part_of:
                record["part_of"] = part_of
            self.kb.entities.append(record)

    def sources(self) -> None:
        n_sources = max(12, self.target // CLAIMS_PER_SOURCE)
        announcements: list[str] = []
        for i in range(n_sources):
            roll = self.rng.random()
            kind = "announcement" if roll < 0.1 else "fact-check" if roll < 0.15 else "news"
            kind = "analysis" if kind == "news" and self.rng.random() < 0.15 else kind
            source = Source(f"src-{i:05d}", kind, self.rng.choice(["en", "zh"]), 1 + i % 28)
            if kind != "announcement" and announcements and self.rng.random() < 0.1:
                source.cites = [self.rng.choice(announcements)]
            if kind == "announcement":
                announcements.append(source.id)
            if self.rng.random() < 0.2:
                source.snapshot = f"{source.id}.txt"
            self.kb.sources.append(source)
            self.origins[source.id] = {source.id, *source.cites}

    # claims

    def claims(self) -> None:
        serial = 0
        props = PROPERTIES
        regular = [s for s in self.kb.sources if s.kind != "fact-check"]
        checkers = [s for s in self.kb.sources if s.kind == "fact-check"]
        while len(self.kb.claims) < self.target:
            subject = self.subjects[serial % len(self.subjects)]
            # each pass over the subjects moves every subject on to another property
            prop = props[(serial + serial // len(self.subjects)) % len(props)]
            serial += 1
            count = min(self.target - len(self.kb.claims), self.rng.choice([1, 2, 3, 4, 6, 8, 9]))
            group = self._group(subject, prop, serial, count, self.rng.sample(regular, count))
            self.kb.claims.extend(group)
            refuted = [c for c in group if c.status == "refuted"]
            if refuted and checkers and len(self.kb.claims) < self.target:
                self.kb.claims.append(self._verdict(subject, refuted, checkers, serial))

    def _group(
        self, subject: tuple[str, str, str], prop: Prop, serial: int, count: int, srcs: list[Source]
    ) -> list[Claim]:
        rng = self.rng
        roll = rng.random()
        kind = "rounding" if roll < 0.03 else "conflict" if roll < 0.04 else "agree"
        if not prop.single_valued or prop.datatype in ("text", "boolean") and kind == "rounding":
            kind = "agree"
        if count < 2:
            kind = "agree"
        qualifiers = {prop.qualifier: rng.choice(BENCHMARKS)} if prop.qualifier else {}
        truth = self._truth(prop)
        claims: list[Claim] = []
        stated: list[object] = []  # what each claim states, before it is written out
        for index, source in enumerate(srcs):
            zh = source.language == "zh"
            odd = kind != "agree" and index == count - 1
            state = kind if odd else "agree"
            one = rng.choice(self.chips) if prop.id == "runs-on" else truth  # one of several
            stated.append(one)
            value = self._written(prop, one, zh, state)
            subject_written = rng.choice([subject[0], subject[1], subject[1], subject[2]])
            claim = Claim(
                id=f"c{serial:06d}-{index}",
                subject=subject_written,
                property=prop.id,
                value=value,
                source=source.id,
                quote=quote_of(prop, subject[2] if zh else subject[1], value, zh),
                qualifiers=dict(qualifiers),
            )
            if rng.random() < 0.25:
                claim.note = rng.choice(
                    ["as stated in the headline", "from the second paragraph", "translated"]
                )
            if source.snapshot and rng.random() < 0.01:
                claim.quote_in_snapshot = False  # the snapshot says it differently
            claims.append(claim)
        self._statuses(claims, kind, serial, stated)
        return claims

    def _truth(self, prop: Prop) -> object:
        rng = self.rng
        if prop.datatype == "quantity":
            return true_quantity(prop, rng)
        if prop.datatype == "date":
            return (rng.choice([10, 11, 12]), rng.randint(1, 28))
        if prop.id == "developer":
            return rng.choice(self.orgs)
        if prop.id == "datacenter-location":
            return rng.choice(PLACES[:10])
        if prop.id == "runs-on":
            return self.chips
        if prop.id == "license":
            return rng.choice(LICENSES)
        return rng.random() < 0.6

    def _written(self, prop: Prop, truth: object, zh: bool, state: str) -> str:
        rng = self.rng
        if prop.datatype == "quantity":
            assert isinstance(truth, float)
            if state == "rounding":
                coarse = rounded(truth)
                base = quantity_form(prop, coarse if coarse != truth else truth * 1.01, zh, rng)
                return f"约 {base}" if zh else f"about {base}"
            if state == "conflict":
                truth = truth * rng.choice([0.4, 2.5])
                if prop.dimension == "count":
                    truth = float(int(truth) or 3)
            return quantity_form(prop, truth, zh, rng)
        if prop.datatype == "date":
            month, day = truth  # type: ignore[misc]
            if state == "rounding":
                return early_form(month, zh) if day <= 10 else date_form(month, 15, zh, rng)
            if state == "conflict":
                day = day + 3 if day < 25 else day - 5
            return date_form(month, day, zh, rng)
        if prop.datatype == "entity":
            if prop.id == "runs-on":
                chip = truth  # type: ignore[misc]
                return chip[2] if zh else chip[1]  # type: ignore[index]
            entity = truth
            if state == "conflict":
                pool = self.orgs if prop.id == "developer" else PLACES[:10]
                entity = rng.choice([e for e in pool if e != truth])
            if prop.id == "developer":
                eid, en, cn = entity  # type: ignore[misc]
            else:
                eid, en, aliases, _ = entity  # type: ignore[misc]
                cn = aliases[-1]
            name = cn if zh else en
            if rng.random() < 0.0015 and len(name) > 4:  # a misspelling nobody caught
                name = name[:2] + name[3] + name[2] + name[4:]
            return name
        if prop.datatype == "text":
            if state == "conflict":
                return rng.choice([x for x in LICENSES if x != truth])
            return str(truth) if rng.random() < 0.8 else str(truth).upper()
        value = bool(truth) != (state == "conflict")
        if zh:
            return "是" if value else "否"
        return rng.choice(["yes", "true"]) if value else rng.choice(["no", "false"])

    def _statuses(self, claims: list[Claim], kind: str, serial: int, stated: list[object]) -> None:
        """Statuses the evidence supports, and a resolution for most discrepancies. A claim is
        verified when two independent sources state its value (of a property with several
        values, such as the chips a model runs on, the same one of them)."""
        rng = self.rng
        odd = claims[-1] if kind != "agree" else None
        agreeing = [c for c in claims if c is not odd]
        by_value: dict[str, list[Claim]] = {}
        for claim, what in zip(claims, stated, strict=True):
            if claim is not odd:
                by_value.setdefault(repr(what), []).append(claim)
        for same in by_value.values():
            independent = _clusters([self.origins[c.source] for c in same])
            for claim in same:
                claim.status = "verified" if independent >= 2 else "single-source"
        if odd is None:
            return
        resolved = rng.random() < 0.7
        if resolved:
            preferred = agreeing[0]
            self.kb.resolutions.append(
                Resolution(
                    f"r{serial:06d}",
                    [c.id for c in claims],
                    preferred.id,
                    "rounding" if kind == "rounding" else "error",
                    f"{preferred.source} states it precisely; {odd.source} "
                    + ("rounds it" if kind == "rounding" else "misreports it"),
                )
            )
            odd.status = "imprecise" if kind == "rounding" else "refuted"
        else:
            odd.status = "unchecked" if kind == "rounding" else "disputed"
            if kind == "conflict":
                for claim in agreeing:
                    claim.status = "disputed"

    def _verdict(
        self,
        subject: tuple[str, str, str],
        refuted: list[Claim],
        checkers: list[Source],
        serial: int,
    ) -> Claim:
        source = self.rng.choice(checkers)
        zh = source.language == "zh"
        return Claim(
            id=f"v{serial:06d}",
            subject=subject[0],
            property=VERDICT.id,
            value="refuted",
            source=source.id,
            quote="经核实,该说法不实" if zh else "Our check found this claim to be false",
            status="single-source",
            reviews=[c.id for c in refuted],
            quote_in_snapshot=True,
        )


def _clusters(origin_sets: list[set[str]]) -> int:
    """How many independent pieces of evidence: origin sets connected by a shared source."""
    groups: list[set[str]] = []
    for origins in origin_sets:
        merged = set(origins)
        rest = []
        for group in groups:
            if group & merged:
                merged |= group
            else:
                rest.append(group)
        groups = [*rest, merged]
    return len(groups)

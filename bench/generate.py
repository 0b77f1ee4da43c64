"""Generate realistic synthetic claimkb knowledge bases for benchmarking.

A generated KB looks like a newsroom's corpus grown large: thousands of subjects (models,
chips, products) with single- and multi-valued properties of every datatype, each stated by
several sources in English or Chinese, in the different ways people write them (``2.8
trillion``, ``2.8 万亿``, ``2,800 billion``; ``2026-11-06``, ``11 月 6 日``). A few percent of
the (subject, property) groups hold a rounding or date-precision discrepancy, about one percent
a conflict; most of those are triaged by a resolution, some are left open, as in a real KB.
Some sources have an archived snapshot holding their quotes (a few quotes are altered, so the
quote check finds them); a few entity values are misspelt.

The claims are the same whatever the layout; only their arrangement in files changes:

* ``per-source``: one claims file per source, with a file-level ``source:`` (50 claims a file);
* ``100-per-file``: files of 100 claims, each claim naming its own ``source:``;
* ``1000-per-file``: files of 1,000 claims, and sources grouped 100 to a ``sources:`` file.

Usage::

    python bench/generate.py --claims 100000 --layout 100-per-file --out bench/out/kb-100k

The output is deterministic for a given ``--claims``, ``--layout`` and ``--seed``. Only the
standard library is used, so generating does not depend on claimkb itself.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

LAYOUTS = ("per-source", "100-per-file", "1000-per-file")
CLAIMS_PER_SOURCE = 50

# -- the registries ----------------------------------------------------------------------------

_EN_PREFIXES = ["Atlas", "Borealis", "Cirrus", "Deneb", "Ember", "Fathom", "Gale", "Helix"]
_EN_SUFFIXES = ["", " Pro", " Mini", " Max", " Turbo", " Lite", " Ultra", " Flash"]
_ZH_PREFIXES = ["阿特拉斯", "北极光", "卷云", "天津四", "余烬", "深潜", "疾风", "螺旋"]
_ZH_SUFFIXES = ["", " 专业版", " 迷你版", " 旗舰版", " 加速版", " 轻量版", " 至尊版", " 闪速版"]

_PLACES = [
    ("ulanqab", "Ulanqab", ["Wulanchabu", "乌兰察布", "乌兰察布市"], "inner-mongolia"),
    ("hohhot", "Hohhot", ["呼和浩特"], "inner-mongolia"),
    ("ordos", "Ordos", ["鄂尔多斯"], "inner-mongolia"),
    ("guiyang", "Guiyang", ["贵阳"], "guizhou"),
    ("gui-an", "Gui'an", ["贵安"], "guizhou"),
    ("zhongwei", "Zhongwei", ["中卫"], "ningxia"),
    ("qingyang", "Qingyang", ["庆阳"], "gansu"),
    ("wuhu", "Wuhu", ["芜湖"], "anhui"),
    ("shaoguan", "Shaoguan", ["韶关"], "guangdong"),
    ("yaan", "Ya'an", ["雅安"], "sichuan"),
    ("ulaanbaatar", "Ulaanbaatar", ["乌兰巴托"], "mongolia"),
    ("almaty", "Almaty", ["阿拉木图"], "kazakhstan"),
]
_REGIONS = [
    ("inner-mongolia", "Inner Mongolia", ["内蒙古"], "china"),
    ("guizhou", "Guizhou", ["贵州"], "china"),
    ("ningxia", "Ningxia", ["宁夏"], "china"),
    ("gansu", "Gansu", ["甘肃"], "china"),
    ("anhui", "Anhui", ["安徽"], "china"),
    ("guangdong", "Guangdong", ["广东"], "china"),
    ("sichuan", "Sichuan", ["四川"], "china"),
    ("china", "China", ["中国"], None),
    ("mongolia", "Mongolia", ["蒙古国"], None),
    ("kazakhstan", "Kazakhstan", ["哈萨克斯坦"], None),
]
_LICENSES = ["MIT", "Apache-2.0", "modified MIT", "Llama community licence", "proprietary"]


@dataclass(frozen=True)
class Prop:
    id: str
    label: str
    datatype: str
    dimension: str | None = None
    entity_kind: str | None = None
    within: str | None = None
    single_valued: bool = True
    qualifier: str | None = None
    """A qualifier key this property's claims carry (its groups differ by it)."""


PROPERTIES = [
    Prop("total-parameters", "total parameter count", "quantity", "parameter"),
    Prop("active-parameters", "active parameters per token", "quantity", "parameter"),
    Prop("context-length", "context window", "quantity", "token"),
    Prop("training-tokens", "training tokens", "quantity", "token"),
    Prop("weights-size", "size of the weights", "quantity", "byte"),
    Prop("memory-bandwidth", "memory bandwidth", "quantity", "byte/second"),
    Prop("interconnect", "interconnect bandwidth", "quantity", "byte/second"),
    Prop("node-count", "servers used", "quantity", "count"),
    Prop("benchmark-score", "benchmark score", "quantity", "percent", qualifier="benchmark"),
    Prop("release-date", "release date", "date"),
    Prop("announcement-date", "announcement date", "date"),
    Prop("developer", "developer", "entity", entity_kind="organisation"),
    Prop("datacenter-location", "data-centre city", "entity", entity_kind="place", within="china"),
    Prop("runs-on", "hardware it runs on", "entity", entity_kind="chip", single_valued=False),
    Prop("license", "licence", "text"),
    Prop("open-weights", "weights published", "boolean"),
]
VERDICT = Prop("fact-check-verdict", "fact-check verdict", "verdict", single_valued=False)
_BENCHMARKS = ["mmlu", "gpqa", "swe-bench", "aime-2026", "c-eval"]


# -- how people write values -------------------------------------------------------------------


def _fmt(x: float, digits: int) -> str:
    text = f"{x:.{digits}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


_EN_SCALE = [(1e12, "trillion", "T"), (1e9, "billion", "B"), (1e6, "million", "M")]
_ZH_SCALE = [(1e12, "万亿"), (1e8, "亿"), (1e4, "万")]


def _en_amount(x: float, rng: random.Random) -> str:
    for factor, word, letter in _EN_SCALE:
        if x >= factor:
            amount = _fmt(x / factor, 2)
            return rng.choice([f"{amount} {word}", f"{amount}{letter}", f"{amount} {word}"])
    return f"{int(x):,}"


def _zh_amount(x: float) -> str:
    for factor, word in _ZH_SCALE:
        if x >= factor:
            return f"{_fmt(x / factor, 2)} {word}"
    return str(int(x))


def _rounded(x: float) -> float:
    """``x`` to one significant digit, as a vendor's "about 3 trillion" rounds 2.8 trillion."""
    magnitude = 10 ** (len(str(int(x))) - 1)
    return round(x / magnitude) * magnitude


_UNIT_FORMS = {
    "parameter": ("", " 参数"),
    "token": (" tokens", " token"),
}


def _quantity_forms(prop: Prop, x: float, zh: bool, rng: random.Random) -> str:
    dim = prop.dimension
    if dim in ("parameter", "token"):
        en, cn = _UNIT_FORMS[dim]
        return f"{_zh_amount(x)}{cn}" if zh else f"{_en_amount(x, rng)}{en}"
    if dim == "byte":
        tb = x / 1e12
        return f"{_fmt(tb, 2)} TB" if not zh or rng.random() < 0.5 else f"{_fmt(tb, 2)}TB"
    if dim == "byte/second":
        if prop.id == "interconnect":
            return f"{_fmt(x * 8 / 1e9, 1)} Gbps"
        return f"{_fmt(x / 1e12, 2)} TB/s" if not zh else f"{_fmt(x / 1e12, 2)}TB/s"
    if dim == "count":
        return f"{int(x)} 台" if zh else f"{int(x)} servers" if rng.random() < 0.3 else str(int(x))
    if dim == "percent":
        return f"{_fmt(x, 1)}%"
    raise ValueError(dim)


def _true_quantity(prop: Prop, rng: random.Random) -> float:
    if prop.id == "total-parameters":
        return rng.choice([0.7, 1.04, 1.2, 2.8, 3.6, 4.1]) * 10 ** rng.choice([11, 12])
    if prop.id == "active-parameters":
        return rng.choice([12, 22, 32, 37, 48, 64]) * 1e9
    if prop.id == "context-length":
        return rng.choice([32, 128, 200, 256, 512, 1000]) * 1e3
    if prop.id == "training-tokens":
        return rng.choice([9.5, 12, 15.5, 18, 22.4]) * 1e12
    if prop.id == "weights-size":
        return rng.choice([0.35, 1.4, 2.8, 5.6, 7.2]) * 1e12
    if prop.id == "memory-bandwidth":
        return rng.choice([1.6, 3.2, 3.35, 4.8, 8.0]) * 1e12
    if prop.id == "interconnect":
        return rng.choice([100, 200, 400, 800]) * 1e9 / 8
    if prop.id == "node-count":
        return float(rng.choice([6, 8, 16, 48, 64, 128]))
    if prop.id == "benchmark-score":
        return round(rng.uniform(40, 95), 1)
    raise ValueError(prop.id)


_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August"]
_MONTHS += ["September", "October", "November", "December"]


def _date_form(month: int, day: int, zh: bool, rng: random.Random) -> str:
    if zh:
        return rng.choice([f"{month} 月 {day} 日", f"2026 年 {month} 月 {day} 日"])
    name = _MONTHS[month - 1]
    return rng.choice([f"2026-{month:02d}-{day:02d}", f"{name} {day}", f"{name[:3]} {day}"])


def _early_form(month: int, zh: bool) -> str:
    return f"{month} 月初" if zh else f"early {_MONTHS[month - 1]}"


# -- the KB being generated --------------------------------------------------------------------


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
            j = i % len(_EN_PREFIXES)
            k = (i // len(_EN_PREFIXES)) % len(_EN_SUFFIXES)
            number = i // (len(_EN_PREFIXES) * len(_EN_SUFFIXES)) + 1
            en = f"{_EN_PREFIXES[j]}-{number}{_EN_SUFFIXES[k]}"
            zh = f"{_ZH_PREFIXES[j]}-{number}{_ZH_SUFFIXES[k]}"
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
        for eid, name, aliases, part_of in _REGIONS + _PLACES:
            kind = "place" if (eid, name, aliases, part_of) in _PLACES else "region"
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
        qualifiers = {prop.qualifier: rng.choice(_BENCHMARKS)} if prop.qualifier else {}
        truth = self._truth(prop)
        claims: list[Claim] = []
        for index, source in enumerate(srcs):
            zh = source.language == "zh"
            odd = kind != "agree" and index == count - 1
            state = kind if odd else "agree"
            value = self._written(prop, truth, zh, state)
            subject_written = rng.choice([subject[0], subject[1], subject[1], subject[2]])
            claim = Claim(
                id=f"c{serial:06d}-{index}",
                subject=subject_written,
                property=prop.id,
                value=value,
                source=source.id,
                quote=_quote(prop, subject[2] if zh else subject[1], value, zh),
                qualifiers=dict(qualifiers),
            )
            if rng.random() < 0.25:
                claim.note = rng.choice(
                    ["as stated in the headline", "from the second paragraph", "translated"]
                )
            if source.snapshot and rng.random() < 0.01:
                claim.quote_in_snapshot = False  # the snapshot says it differently
            claims.append(claim)
        self._statuses(claims, kind, serial)
        return claims

    def _truth(self, prop: Prop) -> object:
        rng = self.rng
        if prop.datatype == "quantity":
            return _true_quantity(prop, rng)
        if prop.datatype == "date":
            return (rng.choice([10, 11, 12]), rng.randint(1, 28))
        if prop.id == "developer":
            return rng.choice(self.orgs)
        if prop.id == "datacenter-location":
            return rng.choice(_PLACES[:10])
        if prop.id == "runs-on":
            return self.chips
        if prop.id == "license":
            return rng.choice(_LICENSES)
        return rng.random() < 0.6

    def _written(self, prop: Prop, truth: object, zh: bool, state: str) -> str:
        rng = self.rng
        if prop.datatype == "quantity":
            assert isinstance(truth, float)
            if state == "rounding":
                rounded = _rounded(truth)
                base = _quantity_forms(prop, rounded if rounded != truth else truth * 1.01, zh, rng)
                return f"约 {base}" if zh else f"about {base}"
            if state == "conflict":
                truth = truth * rng.choice([0.4, 2.5])
                if prop.dimension == "count":
                    truth = float(int(truth) or 3)
            return _quantity_forms(prop, truth, zh, rng)
        if prop.datatype == "date":
            month, day = truth  # type: ignore[misc]
            if state == "rounding":
                return _early_form(month, zh) if day <= 10 else _date_form(month, 15, zh, rng)
            if state == "conflict":
                day = day + 3 if day < 25 else day - 5
            return _date_form(month, day, zh, rng)
        if prop.datatype == "entity":
            if prop.id == "runs-on":
                chip = rng.choice(self.chips)
                return chip[2] if zh else chip[1]
            entity = truth
            if state == "conflict":
                pool = self.orgs if prop.id == "developer" else _PLACES[:10]
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
                return rng.choice([x for x in _LICENSES if x != truth])
            return str(truth) if rng.random() < 0.8 else str(truth).upper()
        value = bool(truth) != (state == "conflict")
        if zh:
            return "是" if value else "否"
        return rng.choice(["yes", "true"]) if value else rng.choice(["no", "false"])

    def _statuses(self, claims: list[Claim], kind: str, serial: int) -> None:
        """Statuses the evidence supports, and a resolution for most discrepancies."""
        rng = self.rng
        odd = claims[-1] if kind != "agree" else None
        agreeing = [c for c in claims if c is not odd]
        independent = _clusters([self.origins[c.source] for c in agreeing])
        for claim in agreeing:
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


_ZH_LABELS = {
    "total-parameters": "总参数量",
    "active-parameters": "激活参数",
    "context-length": "上下文长度",
    "training-tokens": "训练数据量",
    "weights-size": "权重体积",
    "memory-bandwidth": "显存带宽",
    "interconnect": "互联带宽",
    "node-count": "服务器数量",
    "benchmark-score": "评测得分",
    "release-date": "发布日期",
    "announcement-date": "官宣日期",
    "developer": "研发方",
    "datacenter-location": "数据中心所在地",
    "runs-on": "适配芯片",
    "license": "许可证",
    "open-weights": "是否开源权重",
}


def _quote(prop: Prop, subject: str, value: str, zh: bool) -> str:
    if zh:
        return f"据介绍,{subject}的{_ZH_LABELS[prop.id]}为 {value}。"
    return f"{subject} has a {prop.label} of {value}, the company said."


# -- writing YAML ------------------------------------------------------------------------------

_PLAIN = re.compile(r"^[A-Za-z0-9\u4e00-\u9fff][^:#\"'\[\]{},&*!|>%@`]*$")
_NUMERIC = re.compile(r"^[0-9][0-9.,:_-]*$")
_RESERVED = re.compile(r"^(?:true|false|yes|no|null|on|off|y|n)$", re.I)


def scalar(value: object) -> str:
    """A YAML scalar a person would write: plain where that is unambiguous, else quoted."""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    if (
        _PLAIN.match(text)
        and not _RESERVED.match(text)
        and not _NUMERIC.match(text)
        and text == text.strip()
    ):
        return text
    return json.dumps(text, ensure_ascii=False)


def _flow(items: list[str]) -> str:
    return "[" + ", ".join(scalar(i) for i in items) + "]"


def _claim_yaml(claim: Claim, with_source: bool) -> str:
    lines = [
        f"  - id: {claim.id}",
        f"    subject: {scalar(claim.subject)}",
        f"    property: {claim.property}",
        f"    value: {scalar(claim.value)}",
    ]
    if with_source:
        lines.append(f"    source: {claim.source}")
    lines.append(f"    quote: {json.dumps(claim.quote, ensure_ascii=False)}")
    lines.append(f"    status: {claim.status}")
    if claim.qualifiers:
        inner = ", ".join(f"{k}: {scalar(v)}" for k, v in claim.qualifiers.items())
        lines.append(f"    qualifiers: {{{inner}}}")
    if claim.reviews:
        lines.append(f"    reviews: {_flow(claim.reviews)}")
    if claim.note:
        lines.append(f"    note: {scalar(claim.note)}")
    return "\n".join(lines) + "\n"


def _source_yaml(source: Source, indent: str, first: str) -> str:
    zh = source.language == "zh"
    title = f"{source.id} 报道模型发布" if zh else f"{source.id}: a model launch in numbers"
    publisher = "示例新闻网" if zh else "Example Tech News"
    fields = [
        ("id", source.id),
        ("title", json.dumps(title, ensure_ascii=False)),
        ("publisher", scalar(publisher)),
        ("url", f"https://news.example/{source.id}"),
        ("date", f'"2026-11-{source.day:02d}"'),
        ("language", source.language),
        ("kind", source.kind),
    ]
    if source.snapshot:
        fields.append(("snapshot", source.snapshot))
    if source.cites:
        fields.append(("cites", _flow(source.cites)))
    out = []
    for index, (key, value) in enumerate(fields):
        out.append(f"{first if index == 0 else indent}{key}: {value}")
    return "\n".join(out) + "\n"


def _entity_yaml(entity: dict[str, object]) -> str:
    out = [f"  - id: {entity['id']}", f"    name: {scalar(entity['name'])}"]
    out.append(f"    kind: {entity['kind']}")
    out.append(f"    aliases: {_flow(entity['aliases'])}")  # type: ignore[arg-type]
    if "part_of" in entity:
        out.append(f"    part_of: {entity['part_of']}")
    return "\n".join(out) + "\n"


def _property_yaml(prop: Prop) -> str:
    out = [f"  - id: {prop.id}", f"    label: {prop.label}", f"    datatype: {prop.datatype}"]
    if prop.dimension:
        out.append(f"    dimension: {prop.dimension}")
    if prop.entity_kind:
        out.append(f"    entity_kind: {prop.entity_kind}")
    if prop.within:
        out.append(f"    within: {prop.within}")
    out.append(f"    single_valued: {'true' if prop.single_valued else 'false'}")
    return "\n".join(out) + "\n"


def _resolution_yaml(resolution: Resolution) -> str:
    return (
        f"  - id: {resolution.id}\n"
        f"    claims: {_flow(resolution.claims)}\n"
        f"    preferred: {resolution.preferred}\n"
        f"    kind: {resolution.kind}\n"
        f"    reason: {json.dumps(resolution.reason)}\n"
    )


def write(kb: KB, out: Path, layout: str) -> None:
    if out.exists():
        shutil.rmtree(out)
    (out / "sources").mkdir(parents=True)
    (out / "claims").mkdir()
    (out / "snapshots").mkdir()
    if layout == "1000-per-file":
        for start in range(0, len(kb.sources), 100):
            chunk = kb.sources[start : start + 100]
            text = "sources:\n" + "".join(_source_yaml(s, "    ", "  - ") for s in chunk)
            (out / "sources" / f"sources-{start // 100:04d}.yaml").write_text(text, "utf-8")
    else:
        for source in kb.sources:
            (out / "sources" / f"{source.id}.yaml").write_text(
                _source_yaml(source, "", ""), "utf-8"
            )
    registry = out / "claims" / "registry"
    registry.mkdir()
    for start in range(0, len(kb.entities), 1000):
        chunk = kb.entities[start : start + 1000]
        text = "entities:\n" + "".join(_entity_yaml(e) for e in chunk)
        (registry / f"entities-{start // 1000:03d}.yaml").write_text(text, "utf-8")
    text = "properties:\n" + "".join(_property_yaml(p) for p in [*PROPERTIES, VERDICT])
    (registry / "properties.yaml").write_text(text, "utf-8")
    triage = out / "claims" / "triage"
    triage.mkdir()
    for start in range(0, len(kb.resolutions), 500):
        chunk = kb.resolutions[start : start + 500]
        text = "resolutions:\n" + "".join(_resolution_yaml(r) for r in chunk)
        (triage / f"resolutions-{start // 500:03d}.yaml").write_text(text, "utf-8")
    _write_claims(kb, out / "claims", layout)
    _write_snapshots(kb, out / "snapshots")


def _write_claims(kb: KB, claims_dir: Path, layout: str) -> None:
    if layout == "per-source":
        by_source: dict[str, list[Claim]] = {}
        for claim in kb.claims:
            by_source.setdefault(claim.source, []).append(claim)
        for source_id, claims in by_source.items():
            text = f"source: {source_id}\nclaims:\n" + "".join(
                _claim_yaml(c, with_source=False) for c in claims
            )
            (claims_dir / f"{source_id}.yaml").write_text(text, "utf-8")
        return
    size = 100 if layout == "100-per-file" else 1000
    for start in range(0, len(kb.claims), size):
        chunk = kb.claims[start : start + size]
        folder = claims_dir / f"batch-{start // (size * 100):02d}"
        folder.mkdir(exist_ok=True)
        text = "claims:\n" + "".join(_claim_yaml(c, with_source=True) for c in chunk)
        (folder / f"claims-{start // size:05d}.yaml").write_text(text, "utf-8")


def _write_snapshots(kb: KB, snapshots: Path) -> None:
    quotes: dict[str, list[str]] = {}
    for claim in kb.claims:
        if claim.quote_in_snapshot:
            quotes.setdefault(claim.source, []).append(claim.quote)
        else:
            quotes.setdefault(claim.source, []).append(claim.quote.replace(" ", " reportedly ", 1))
    for source in kb.sources:
        if source.snapshot:
            body = "\n\n".join(quotes.get(source.id, []))
            (snapshots / source.snapshot).write_text(f"{source.id}\n\n{body}\n", "utf-8")


def generate(claims: int, layout: str, out: Path, seed: int = 7) -> KB:
    """Generate and write a KB of about ``claims`` claims; returns what was written."""
    if layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {', '.join(LAYOUTS)}")
    generator = Generator(claims, seed)
    generator.registries()
    generator.sources()
    generator.claims()
    write(generator.kb, out, layout)
    return generator.kb


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--claims", type=int, default=10_000)
    parser.add_argument("--layout", choices=LAYOUTS, default="100-per-file")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    kb = generate(args.claims, args.layout, args.out, args.seed)
    report: Callable[[str], None] = print
    report(
        f"{args.out}: {len(kb.claims)} claims, {len(kb.sources)} sources, "
        f"{len(kb.entities)} entities, {len(kb.resolutions)} resolutions ({args.layout})"
    )


if __name__ == "__main__":
    main()

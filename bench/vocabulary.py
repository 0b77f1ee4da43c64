"""The words and forms of the synthetic knowledge bases: names, places, properties, and the
ways people write a figure or a date in English and Chinese (see generate.py)."""

from __future__ import annotations

import random
from dataclasses import dataclass

EN_PREFIXES = ["Atlas", "Borealis", "Cirrus", "Deneb", "Ember", "Fathom", "Gale", "Helix"]
EN_SUFFIXES = ["", " Pro", " Mini", " Max", " Turbo", " Lite", " Ultra", " Flash"]
ZH_PREFIXES = ["阿特拉斯", "北极光", "卷云", "天津四", "余烬", "深潜", "疾风", "螺旋"]
ZH_SUFFIXES = ["", " 专业版", " 迷你版", " 旗舰版", " 加速版", " 轻量版", " 至尊版", " 闪速版"]

PLACES = [
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
REGIONS = [
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
LICENSES = ["MIT", "Apache-2.0", "modified MIT", "Llama community licence", "proprietary"]


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
BENCHMARKS = ["mmlu", "gpqa", "swe-bench", "aime-2026", "c-eval"]


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


def rounded(x: float) -> float:
    """``x`` to one significant digit, as a vendor's "about 3 trillion" rounds 2.8 trillion."""
    magnitude = 10 ** (len(str(int(x))) - 1)
    return round(x / magnitude) * magnitude


_UNIT_FORMS = {
    "parameter": ("", " 参数"),
    "token": (" tokens", " token"),
}


def quantity_form(prop: Prop, x: float, zh: bool, rng: random.Random) -> str:
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


def true_quantity(prop: Prop, rng: random.Random) -> float:
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


def date_form(month: int, day: int, zh: bool, rng: random.Random) -> str:
    if zh:
        return rng.choice([f"{month} 月 {day} 日", f"2026 年 {month} 月 {day} 日"])
    name = _MONTHS[month - 1]
    return rng.choice([f"2026-{month:02d}-{day:02d}", f"{name} {day}", f"{name[:3]} {day}"])


def early_form(month: int, zh: bool) -> str:
    return f"{month} 月初" if zh else f"early {_MONTHS[month - 1]}"


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


def quote_of(prop: Prop, subject: str, value: str, zh: bool) -> str:
    if zh:
        return f"据介绍,{subject}的{_ZH_LABELS[prop.id]}为 {value}。"
    return f"{subject} has a {prop.label} of {value}, the company said."

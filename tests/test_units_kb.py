"""Units in a knowledge base: a property's dimension named by a name or a unit, the currency
a property or a source's country gives an ambiguous symbol, amounts in two currencies that
are never rivals, the KB's own units, a claim's ``unit:`` and bounds standing for a value
its text cannot say. Subjects: Mount Everest's height, the H100's specification, revenue."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import claimkb
from claimkb.values import Quantity
from conftest import Invoke, write_tree

FT = 0.3048

REGISTRY = """\
entities:
  - {id: everest, name: Mount Everest, kind: place, aliases: [珠穆朗玛峰, 珠峰]}
  - {id: h100, name: NVIDIA H100, kind: product}
  - {id: acme, name: Acme Corp, kind: organisation}
properties:
  - {id: height, label: height, datatype: quantity, dimension: height, single_valued: true}
  - {id: peaks, label: peaks climbed, datatype: quantity, dimension: count}
  - {id: tdp, label: board power, datatype: quantity, dimension: watt, single_valued: true}
  - {id: die, label: die area, datatype: quantity, dimension: mm², single_valued: true}
  - {id: fp8, label: FP8 throughput, datatype: quantity, dimension: TFLOPS}
  - {id: revenue, label: revenue, datatype: quantity, dimension: currency, single_valued: true}
  - {id: price, label: price, datatype: quantity, dimension: currency, currency: AUD}
  - {id: households, label: households, datatype: quantity, dimension: household}
  - {id: harvest, label: harvest, datatype: quantity, dimension: mass}
  - {id: score, label: score, datatype: quantity, dimension: count}
  - {id: name, label: name, datatype: text}
units:
  - id: household
    aliases: [households, 户]
  - id: jin
    definition: 0.5 kg
    aliases: [斤]
  - id: pts
    dimension: count
"""


def _source(sid: str, language: str) -> str:
    return f"id: {sid}\ntitle: {sid}\ndate: '2021-01-01'\nlanguage: {language}\nkind: news\n"


def _claims(sid: str, claims: list[dict[str, object]]) -> str:
    return json.dumps({"source": sid, "claims": claims}, ensure_ascii=False)


def _claim(cid: str, subject: str, prop: str, value: str, **extra: object) -> dict[str, object]:
    return {
        "id": cid,
        "subject": subject,
        "property": prop,
        "value": value,
        "quote": value,
        "status": "unchecked",
        **extra,
    }


def _kb(
    tmp_path: Path, by_source: dict[tuple[str, str], list[dict[str, object]]], **files: str
) -> Path:
    tree = {"claims/registry.yaml": files.get("registry", REGISTRY)}
    for (sid, language), claims in by_source.items():
        tree[f"sources/{sid}.yaml"] = _source(sid, language)
        tree[f"claims/{sid}.yaml"] = _claims(sid, claims)
    return write_tree(tmp_path, tree)


def _value(kb: claimkb.KB, claim_id: str) -> Quantity:
    value = kb.value(claim_id)
    assert isinstance(value, Quantity), kb.values.get(claim_id)
    return value


def _open(root: Path) -> list[tuple[str, str, int, str]]:
    return [(f.code, f.file, f.line, f.message) for f in claimkb.check(root).open_findings]


def test_values_of_other_subjects_read_under_their_properties(tmp_path: Path) -> None:
    root = _kb(
        tmp_path,
        {
            ("survey-en", "en"): [
                _claim("en-m", "Mount Everest", "height", "8,848.86 m"),
                _claim("en-ft", "Mount Everest", "height", "29,032 feet"),
                _claim("en-tdp", "NVIDIA H100", "tdp", "700W"),
                _claim("en-die", "NVIDIA H100", "die", "814 mm²"),
                _claim("en-fp8", "NVIDIA H100", "fp8", "3,958 TFLOPS"),
                _claim("en-int8", "NVIDIA H100", "fp8", "3,958 TOPS"),
            ],
            ("survey-zh", "zh-CN"): [
                _claim("zh-m", "珠峰", "height", "8848.86米"),
                _claim("zh-tw", "珠穆朗玛峰", "height", "8848.86公尺"),
                _claim("zh-hh", "Acme Corp", "households", "120 万户"),
                _claim("zh-jin", "Acme Corp", "harvest", "300 斤"),
            ],
        },
    )
    kb = claimkb.load(root)
    assert {
        c: _value(kb, c).dimension for c in ("en-m", "en-ft", "zh-m", "zh-tw")
    } == dict.fromkeys(("en-m", "en-ft", "zh-m", "zh-tw"), "length")
    assert _value(kb, "en-ft").nominal == pytest.approx(29032 * FT)
    assert (_value(kb, "en-tdp").dimension, _value(kb, "en-tdp").nominal) == ("power", 700.0)
    assert _value(kb, "en-die").nominal == pytest.approx(814e-6)
    assert _value(kb, "en-fp8").nominal == _value(kb, "en-int8").nominal == pytest.approx(3.958e15)
    households = _value(kb, "zh-hh")
    assert (households.dimension, households.nominal, households.unit) == (
        "household",
        1.2e6,
        "household",
    )
    jin = _value(kb, "zh-jin")
    assert (jin.dimension, jin.nominal, jin.unit) == ("mass", 150.0, "jin")
    assert [f for f in _open(root) if f[0].startswith("CKB2")] == []  # all read


def test_a_dimension_that_names_nothing_gets_the_nearest_name(tmp_path: Path) -> None:
    registry = REGISTRY.replace("dimension: height,", "dimension: lenght,").replace(
        "currency: AUD}", "currency: AUDD}"
    )
    root = _kb(tmp_path, {}, registry=registry)
    assert _open(root) == [
        (
            "CKB204",
            "claims/registry.yaml",
            6,
            "property 'height': field 'dimension' is 'lenght', which names no dimension or unit "
            "(did you mean 'length'?) (see docs/values.md for the dimensions)",
        ),
        (
            "CKB204",
            "claims/registry.yaml",
            12,
            "property 'price': field 'currency' is 'AUDD', which is no ISO 4217 currency code "
            "(did you mean 'AUD'?)",
        ),
    ]


def test_a_unit_the_kb_cannot_define_is_located(tmp_path: Path) -> None:
    registry = REGISTRY + "  - id: bad\n    definition: 5 flurbs\n"
    root = _kb(tmp_path, {}, registry=registry)
    [finding] = claimkb.check(root).open_findings
    line = registry.splitlines().index("    definition: 5 flurbs") + 1
    assert (finding.code, finding.line) == ("CKB204", line)
    assert finding.message == (
        "unit 'bad': field 'definition' cannot be read: definition '5 flurbs' is no amount of "
        "a known unit"
    )


def test_a_kb_unit_overrides_the_librarys_meaning_of_a_word(tmp_path: Path) -> None:
    claims = [
        _claim("pts", "Acme Corp", "score", "7 pts"),
        _claim("ft", "Acme Corp", "peaks", "3 ft"),
    ]
    root = _kb(tmp_path, {("match", "en"): claims})
    kb = claimkb.load(root)
    assert (_value(kb, "pts").dimension, _value(kb, "pts").nominal) == ("count", 7.0)
    [finding] = claimkb.check(root).open_findings
    assert finding.claims == ("ft",)
    assert finding.message.endswith("'3 ft' is in ft (length), but the property expects count")


def test_amounts_in_two_currencies_are_never_rivals(tmp_path: Path) -> None:
    root = _kb(
        tmp_path,
        {
            ("report-en", "en-US"): [_claim("usd", "Acme Corp", "revenue", "US$32.7 billion")],
            ("report-zh", "zh-CN"): [_claim("cny", "Acme Corp", "revenue", "2,365 亿元")],
            ("report-hk", "en-HK"): [_claim("usd2", "Acme Corp", "revenue", "$40 billion")],
        },
    )
    kb = claimkb.load(root)
    assert (_value(kb, "usd").dimension, _value(kb, "cny").dimension) == ("USD", "CNY")
    found = claimkb.check(root).open_findings
    # the two US-dollar amounts conflict; the yuan amount is compared with neither
    codes = sorted((f.slug, f.claims) for f in found)
    assert ("unparseable-value", ("usd2",)) in codes  # an HK outlet's "$": USD or HKD?
    root2 = _kb(
        tmp_path / "two",
        {
            ("report-en", "en-US"): [
                _claim("usd", "Acme Corp", "revenue", "US$32.7 billion"),
                _claim("usd3", "Acme Corp", "revenue", "$40 billion"),
            ],
            ("report-zh", "zh-CN"): [_claim("cny", "Acme Corp", "revenue", "2,365 亿元")],
        },
    )
    conflicts = [f for f in claimkb.check(root2).open_findings if f.slug == "conflict"]
    assert [sorted(f.claims) for f in conflicts] == [["usd", "usd3"]]
    assert "[currency=USD]" in conflicts[0].message


def test_the_property_and_the_source_settle_ambiguous_symbols(tmp_path: Path) -> None:
    root = _kb(
        tmp_path,
        {
            ("au", "en-AU"): [
                _claim("au-price", "NVIDIA H100", "price", "$30,000"),
                _claim("au-rev", "Acme Corp", "revenue", "$30 billion"),
            ],
            ("tw", "zh-TW"): [_claim("tw-rev", "Acme Corp", "revenue", "12 亿元")],
            ("jp", "ja"): [_claim("jp-rev", "Acme Corp", "revenue", "¥100 billion")],
            ("cn", "zh-CN"): [_claim("cn-rev", "Acme Corp", "revenue", "¥100 billion")],
        },
    )
    kb = claimkb.load(root)
    assert _value(kb, "au-price").dimension == "AUD"  # the property's currency: AUD
    assert _value(kb, "jp-rev").dimension == "JPY"
    assert _value(kb, "cn-rev").dimension == "CNY"
    unreadable = {
        f.claims[0]: f.message for f in claimkb.check(root).open_findings if f.code == "CKB220"
    }
    assert sorted(unreadable) == ["au-rev", "tw-rev"]
    assert "'$' may be USD or AUD (the source's country uses AUD)" in unreadable["au-rev"]
    assert "'元' may be CNY or TWD (the source's country uses TWD)" in unreadable["tw-rev"]


def test_a_claims_unit_gives_the_unit_its_text_leaves_out(tmp_path: Path) -> None:
    root = _kb(
        tmp_path,
        {
            ("survey", "en"): [
                _claim("bare", "Mount Everest", "height", "29,029", unit="ft"),
                _claim("own", "Mount Everest", "peaks", "29,029 m", unit="ft"),
                _claim("nonsense", "Mount Everest", "height", "29,029", unit="flurbs"),
                _claim("wrong-dim", "Mount Everest", "height", "29,029", unit="kg"),
                _claim("text", "Mount Everest", "name", "Sagarmatha", unit="ft"),
            ]
        },
    )
    kb = claimkb.load(root)
    bare = _value(kb, "bare")
    assert (bare.dimension, bare.unit, bare.nominal) == ("length", "ft", pytest.approx(29029 * FT))
    assert (bare.lower, bare.upper) == (pytest.approx(29028.5 * FT), pytest.approx(29029.5 * FT))
    messages = {
        f.claims[0]: (f.code, f.message.split(": ", 2)[-1])
        for f in claimkb.check(root).open_findings
    }
    assert messages == {
        "own": ("CKB220", "unit 'ft' is in length, but the property expects count"),
        "nonsense": ("CKB220", "unit 'flurbs' is no unit claimkb knows"),
        "wrong-dim": ("CKB220", "unit 'kg' is in mass, but the property expects length"),
        "text": ("CKB220", "`unit:` applies only to quantity values"),
    }


def test_a_value_with_a_unit_of_its_own_and_a_claim_unit_is_an_error(tmp_path: Path) -> None:
    root = _kb(
        tmp_path, {("s", "en"): [_claim("two", "Mount Everest", "height", "29,029 m", unit="ft")]}
    )
    [finding] = claimkb.check(root).open_findings
    assert finding.message.endswith(
        "'29,029 m' writes its own unit (m); `unit:` is for a value written without one"
    )


def test_bounds_state_a_value_its_text_cannot_say(tmp_path: Path) -> None:
    elided = "29,029 and 29,017"
    root = _kb(
        tmp_path,
        {
            ("survey", "en"): [
                _claim(
                    "both",
                    "Mount Everest",
                    "height",
                    elided,
                    unit="ft",
                    bounds={"lower": 29017, "upper": 29029},
                ),
                _claim(
                    "own",
                    "Mount Everest",
                    "height",
                    elided,
                    bounds={"lower": "8,844 m", "upper": "29,029 ft"},
                ),
                _claim("one", "Mount Everest", "height", elided, bounds={"lower": "8,844 m"}),
            ]
        },
    )
    kb = claimkb.load(root)
    both = _value(kb, "both")
    assert (both.nominal, both.dimension, both.unit) == (None, "length", "ft")
    assert (both.lower, both.upper) == (pytest.approx(29017 * FT), pytest.approx(29029 * FT))
    own = _value(kb, "own")
    assert (own.lower, own.upper) == (pytest.approx(8844.0), pytest.approx(29029 * FT))
    unreadable = [f.claims for f in claimkb.check(root).open_findings if f.code == "CKB220"]
    assert unreadable == [("one",)]  # one bound is no value


def test_a_count_property_refuses_a_unit_of_another_dimension(tmp_path: Path) -> None:
    root = _kb(
        tmp_path,
        {
            ("s", "en"): [
                _claim("feet", "Mount Everest", "peaks", "29,032 feet"),
                _claim("mi", "Mount Everest", "peaks", "8848米"),
                _claim("ok", "Mount Everest", "peaks", "14 summits"),
            ]
        },
    )
    found = {f.claims[0]: f.message for f in claimkb.check(root).open_findings}
    assert sorted(found) == ["feet", "mi"]
    assert found["feet"].endswith("'29,032 feet' is in ft (length), but the property expects count")


def test_queries_answered_from_the_index_read_the_kbs_own_units(
    tmp_path: Path, cli: Invoke
) -> None:
    root = _kb(tmp_path, {("s", "zh-CN"): [_claim("hh", "Acme Corp", "households", "120 万户")]})
    assert cli("check", "--root", root).exit_code == 0
    shown = cli("show", "hh", "--json", "--root", root)
    assert shown.exit_code == 0, shown.output
    value = json.loads(shown.stdout)["claim"]["normalized"]
    assert (value["dimension"], value["amount"]) == ("household", 1.2e6)


def test_amounts_in_two_currencies_are_never_added_or_converted(tmp_path: Path) -> None:
    total = _claim("total", "Acme Corp", "revenue", "$50 billion")
    total["derived"] = {"expr": "{usd} + {cny}"}
    doubled = _claim("doubled", "Acme Corp", "revenue", "$65.4 billion", qualifiers={"q": "2"})
    doubled["derived"] = {"expr": "{usd} * 2"}
    root = _kb(
        tmp_path,
        {
            ("report-en", "en-US"): [
                _claim("usd", "Acme Corp", "revenue", "US$32.7 billion", qualifiers={"q": "1"}),
                total,
                doubled,
            ],
            ("report-zh", "zh-CN"): [
                _claim("cny", "Acme Corp", "revenue", "2,365 亿元", qualifiers={"q": "1"})
            ],
        },
    )
    derived = [f for f in claimkb.check(root).open_findings if f.claims[0] in ("total", "doubled")]
    assert [(f.slug, f.claims) for f in derived] == [("derived-error", ("total",))]
    assert "cannot add USD and CNY" in derived[0].message


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_changed_unit_involves_every_quantity_claim_since_a_revision(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from claimkb.since import changes_since

    for name in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_CEILING_DIRECTORIES"):
        monkeypatch.delenv(name, raising=False)
    claims = [
        _claim("score", "Acme Corp", "score", "7 pts"),
        _claim("tdp", "NVIDIA H100", "tdp", "700W"),
        _claim("called", "Acme Corp", "name", "Acme"),
    ]
    root = _kb(tmp_path, {("s", "en"): claims})
    git = [
        "git",
        "-c",
        "user.name=t",
        "-c",
        "user.email=t@example.org",
        "-c",
        "commit.gpgsign=false",
    ]
    subprocess.run([*git, "init", "-q"], cwd=root, check=True)
    subprocess.run([*git, "add", "-A"], cwd=root, check=True)
    subprocess.run([*git, "commit", "-q", "-m", "kb"], cwd=root, check=True)
    registry = root / "claims" / "registry.yaml"
    registry.write_text(registry.read_text(encoding="utf-8").replace("[斤]", "[斤, 市斤]"), "utf-8")
    involved = changes_since(claimkb.load(root), "HEAD").claims
    assert {"score", "tdp"} <= involved and "called" not in involved

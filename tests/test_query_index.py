"""The query index answers every question exactly as the whole KB does.

After a check, the query commands answer from an index of the KB (:mod:`claimkb.cache.indexed`)
that rebuilds only the records a question needs. These tests ask every kind of question of
every fixture KB and of the bundled corpus, both ways, and compare; then they check that the
command line really answers from the index, and stops using it as soon as anything changes.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import claimkb
from claimkb import api, query
from claimkb.cache import location, query_index
from claimkb.cache.answers import survey
from claimkb.cache.indexed import Indexed
from claimkb.cache.query_index import APART, FILE, SEPARATOR, matching
from claimkb.kb import KB
from conftest import FIXTURES, PROJECT, Invoke, forbid_loading
from kbs import copy_fixture

KB_ROOTS = [
    *sorted(p for kind in ("valid", "invalid") for p in (FIXTURES / kind).iterdir()),
    PROJECT,
]


def _index(root: Path) -> Indexed | None:
    """The query index a cached check of ``root`` leaves (None when some file of the KB
    cannot be cached, such as an unreadable one: then nothing stored may be reused)."""
    api.check(root, cache=True)
    surveyed = survey(root.resolve())
    assert surveyed is not None
    cache, key = surveyed
    index = Indexed.open(cache, key)
    assert (index is None) == (key is None), "every cacheable KB checked has a query index"
    return index


def _spread(items: list[Any], count: int = 50) -> list[Any]:
    """At most about ``count`` of ``items``, spread over the whole list (the bundled corpus
    has hundreds of claims and names; every kind of each is still asked about)."""
    return items[:: max(1, len(items) // count)]


def _filters(kb: KB) -> Iterator[dict[str, str]]:
    """Every filter of ``claims`` worth asking of this KB, one at a time and combined."""
    yield {}
    subjects = {c.subject for c in kb.claims.values()}
    for entity in kb.entities.values():
        subjects.update((entity.id, entity.name, *entity.aliases))
    for subject in _spread(sorted(subjects)):
        yield {"subject": subject}
        yield {"subject": subject.upper()}
    yield {"subject": "no such subject"}
    for prop in sorted({c.property for c in kb.claims.values()} | set(kb.properties)):
        yield {"property": prop}
    for source in sorted({c.source for c in kb.claims.values()} | set(kb.sources)):
        yield {"source": source}
    for status in sorted({c.status.value for c in kb.claims.values()}):
        yield {"status": status}
    for claim in _spread(list(kb.claims.values()), 25):
        yield {"subject": claim.subject, "property": claim.property}
        yield {"source": claim.source, "status": claim.status.value}
        words = claim.quote.split()
        for needle in (claim.id, claim.written, words[len(words) // 2] if words else "x"):
            yield {"text": needle}
            yield {"text": needle.swapcase(), "property": claim.property}
        yield {"text": f"{claim.written} {claim.quote[:5]}"}  # across fields of a claim
    yield {"text": "no such text anywhere"}


@pytest.mark.parametrize(
    "root", KB_ROOTS, ids=lambda p: "corpus" if p == PROJECT else f"{p.parent.name}-{p.name}"
)
def test_index_answers_as_the_whole_kb_does(root: Path) -> None:
    index = _index(root)
    if index is None:
        assert root.name == "unreadable-file"  # the one fixture KB that cannot be cached
        return
    kb = claimkb.load(root)
    findings = claimkb.check(kb).findings

    asked = 0
    for filters in _filters(kb):
        expected = [query.claim_dict(kb, c) for c in query.find_claims(kb, **filters)]
        assert index.claims(**filters) == expected, filters
        asked += 1

    for claim_id in [*_spread(list(kb.claims)), "no-such-claim"]:
        try:
            expected_show: Any = query.show(kb, claim_id, findings)
        except query.NotFound as exc:
            with pytest.raises(query.NotFound, match=re.escape(str(exc))):
                index.show(claim_id)
        else:
            assert index.show(claim_id)[0] == expected_show, claim_id
        asked += 1

    names = {"no such entity"}
    for entity in kb.entities.values():
        names.update((entity.id, entity.name, *entity.aliases, entity.name.swapcase()))
    for name in _spread(sorted(names)):
        try:
            expected_entity: Any = query.entity(kb, name)
        except query.NotFound as exc:
            with pytest.raises(query.NotFound, match=re.escape(str(exc))):
                index.entity(name)
        else:
            assert index.entity(name) == expected_entity, name
        asked += 1

    assert index.sources() == query.sources(kb)
    assert index.timeline() == query.timeline(kb)
    assert index.findings()[1] == tuple(findings)
    assert index.load_findings == len(kb.load_findings)
    assert asked > 10


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """A copy of the launch fixture KB, free to edit, with files older than the racy window."""
    return copy_fixture("valid/launch", tmp_path / "kb")


QUESTIONS = [
    ("claims", "--json"),
    ("claims", "--subject", "基米 X", "--json"),
    ("claims", "--text", "TRILLION"),
    ("entity", "Moonshot AI", "--json"),
    ("entity", "Moonshot AI"),
    ("sources", "--json"),
    ("sources",),
    ("timeline", "--json"),
    ("conflicts", "--json"),
    ("conflicts",),
]


@pytest.mark.parametrize("question", QUESTIONS, ids=" ".join)
def test_after_a_check_questions_are_answered_from_the_index(
    corpus: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch, question: tuple[str, ...]
) -> None:
    monkeypatch.setenv("CLAIMKB_NO_CACHE", "1")
    expected = cli(*question, "--root", corpus)
    monkeypatch.delenv("CLAIMKB_NO_CACHE")
    assert cli("check", "--root", corpus).exit_code in (0, 1)
    with monkeypatch.context() as patched:
        forbid_loading(patched, "the index")
        answered = cli(*question, "--root", corpus)
    assert (answered.exit_code, answered.stdout, answered.stderr) == (
        expected.exit_code,
        expected.stdout,
        expected.stderr,
    )


def test_show_from_the_index_is_the_show_of_the_whole_kb(
    corpus: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    claim_ids = list(claimkb.load(corpus).claims)
    monkeypatch.setenv("CLAIMKB_NO_CACHE", "1")
    expected = {c: cli("show", c, "--root", corpus, "--json").stdout for c in claim_ids}
    monkeypatch.delenv("CLAIMKB_NO_CACHE")
    cli("check", "--root", corpus)
    forbid_loading(monkeypatch, "the index")
    for claim_id in claim_ids:
        assert cli("show", claim_id, "--root", corpus, "--json").stdout == expected[claim_id]
    missing = cli("show", "no-such-claim", "--root", corpus)
    assert (missing.exit_code, missing.stderr) == (2, "claimkb: no claim with id 'no-such-claim'\n")


def test_a_changed_file_is_never_answered_from_the_old_index(corpus: Path, cli: Invoke) -> None:
    cli("check", "--root", corpus)
    before = json.loads(cli("claims", "--root", corpus, "--json").stdout)
    path = corpus / "claims" / "vendor-pr.yaml"
    text = path.read_text("utf-8")
    assert "2.8 trillion" in text
    path.write_text(text.replace("2.8 trillion", "2.9 trillion", 1), "utf-8")
    after = json.loads(cli("claims", "--root", corpus, "--json").stdout)
    assert [c["value"] for c in after] != [c["value"] for c in before]
    assert "2.9 trillion" in {c["value"] for c in after}


def test_a_check_of_another_state_leaves_no_usable_index(corpus: Path) -> None:
    """The index is stored under the report's key: a file added since is enough to stop it
    being used, and a check of the new state replaces it."""
    _index(corpus)
    shutil.copy(corpus / "claims" / "vendor-pr.yaml", corpus / "claims" / "copy.yaml")
    surveyed = survey(corpus.resolve())
    assert surveyed is not None
    assert Indexed.open(*surveyed) is None
    index = _index(corpus)
    assert index is not None
    assert index.load_findings == len(claimkb.load(corpus).load_findings)


@pytest.mark.parametrize("damage", ["truncate", "garbage", "delete-text", "delete-main"])
def test_a_damaged_index_is_ignored(
    corpus: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    monkeypatch.setenv("CLAIMKB_NO_CACHE", "1")
    expected = cli("claims", "--text", "trillion", "--root", corpus, "--json").stdout
    monkeypatch.delenv("CLAIMKB_NO_CACHE")
    cli("check", "--root", corpus)
    directory = location.cache_dir(corpus.resolve())
    main, text = directory / FILE, directory / APART["text"]
    if damage == "truncate":
        main.write_bytes(main.read_bytes()[:100])
    elif damage == "garbage":
        text.write_bytes(b"\0" * 64)
    elif damage == "delete-text":
        text.unlink()
    else:
        main.unlink()
    assert cli("claims", "--text", "trillion", "--root", corpus, "--json").stdout == expected


_TEXT = st.text(st.characters(blacklist_characters=SEPARATOR), max_size=12)


@settings(max_examples=400, deadline=None)
@given(
    claims=st.lists(st.tuples(_TEXT, _TEXT, _TEXT, _TEXT), max_size=8),
    needle=st.text(st.sampled_from("ab \0ßSs"), min_size=1, max_size=4)
    | st.text(min_size=1, max_size=4),
)
def test_text_search_finds_exactly_the_claims_holding_the_needle(
    claims: list[tuple[str, str, str, str]], needle: str
) -> None:
    """:func:`matching`, on the text the index keeps, finds exactly the claims whose text
    holds the needle, as ``find_claims`` reads it (id, written value, quote, note,
    case-folded), in order and once each: none only across a claim's end."""
    columns = [tuple(column) for column in zip(*claims, strict=True)] or [()] * 4
    joined = query_index._text(*columns)
    assert joined is not None
    found = matching(joined, needle)
    assert found == sorted(set(found))
    assert all(0 <= position < len(claims) for position in found)
    really = [i for i, c in enumerate(claims) if needle.casefold() in " ".join(c).casefold()]
    assert found == really


def test_a_question_without_an_index_looks_at_each_file_once(
    corpus: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before any check there is no index: the KB is loaded through the cache that surveyed
    its files for the question, not through a second one that would look at them again."""
    from claimkb.cache import Cache
    from claimkb.files import kb_files

    looked_at: list[str] = []
    original = Cache._entry

    def counting(self: Cache, path: Path, rel: str, section: str, **options: bool) -> Any:
        looked_at.append(rel)
        return original(self, path, rel, section, **options)

    monkeypatch.setattr(Cache, "_entry", counting)
    result = cli("claims", "--root", corpus, "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)
    assert sorted(looked_at) == sorted(
        {path.relative_to(corpus).as_posix() for path, _ in kb_files(corpus)}
    )

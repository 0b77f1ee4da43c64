""":meth:`claimkb.authoring.mentions.Mentions.find` tries only the positions where a name's
first two characters are written (one search finds them); it finds what trying every
position finds, on every line of the seed articles and the fixture subjects' snapshots (with
the KB of the repository and of each subject) and on generated text."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import claimkb
from claimkb.authoring.mentions import Mention, Mentions, _folded
from conftest import FIXTURES, PROJECT, SHARED


def _every_position(mentions: Mentions, text: str) -> list[Mention]:
    """The search as it was: every position of the folded text tried in turn."""
    key, origin = _folded(text)
    found: list[Mention] = []
    position = 0
    while position < len(key):
        match = mentions._match(text, key, origin, position)
        if match is None:
            position += 1
            continue
        found.append(match)
        position = next((i for i in range(position, len(key)) if origin[i] >= match.end), len(key))
    return found


@pytest.fixture(scope="module")
def project() -> Mentions:
    return Mentions(claimkb.load(PROJECT, snapshot_dirs=[SHARED / "seeds"]))


@pytest.mark.parametrize(
    "root", [PROJECT, *sorted(p for p in (FIXTURES / "subjects").iterdir() if p.is_dir())]
)
def test_every_line_of_the_snapshots_is_searched_alike(root: object) -> None:
    kb = claimkb.load(root, snapshot_dirs=[SHARED / "seeds"])  # type: ignore[arg-type]
    mentions = Mentions(kb)
    paths = [*(SHARED / "seeds").glob("*.txt"), *(FIXTURES / "subjects").glob("*/snapshots/*")]
    lines = 0
    for path in sorted(paths):
        for line in path.read_text("utf-8").splitlines():
            line = unicodedata.normalize("NFC", line)
            assert mentions.find(line) == _every_position(mentions, line)
            lines += 1
    assert lines > 500


_PIECES = [
    "Kimi", "K3", "K3.1", "Pro", "Kimi-K3.1 Pro", "Kimi K3.1 Pro6 台", "摩尔线程", "MTT", "S5000",
    "Moore Threads", "Huawei", "Ascend", "vLLM", "SGLang", ".", ",", "1", " ", "-", "x", "ｋｉｍｉ",
]  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=12).map("".join))
def test_generated_text_is_searched_alike(project: Mentions, text: str) -> None:
    assert project.find(text) == _every_position(project, text)

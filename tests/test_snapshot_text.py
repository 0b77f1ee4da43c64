"""Quotes are looked for in a snapshot read in pieces: whatever the pieces' size, a quote is
found exactly when it is in the whole normalised text, and the nearest passage of a missing
one is named with the line it starts on."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimkb import snapshot_text
from claimkb.files import FileProblem
from claimkb.snapshot_text import missing_quotes, normalise, normalise_long

WORDS = st.sampled_from(
    [
        "Model",
        "X",
        "has",
        "104",
        "billion",
        "parameters.",
        "模型",
        "参数",
        "1,040亿",
        "é",
        "e\u0301",
    ]
)
SPACES = st.sampled_from([" ", "  ", "\t", "\n", "\r\n", "\u3000", "\u00a0", "\n\n", "\u2028"])


@st.composite
def texts(draw: st.DrawFn) -> str:
    words = draw(st.lists(WORDS, min_size=1, max_size=40))
    out = []
    for word in words:
        out.append(word)
        out.append(draw(SPACES))
    return "".join(out)


@given(texts())
def test_the_long_normalisation_is_the_short_one(text: str) -> None:
    assert normalise_long(text) == normalise(text)


@settings(max_examples=150, deadline=None)
@given(text=texts(), piece=st.integers(min_value=1, max_value=64), data=st.data())
def test_a_quote_is_found_whatever_the_pieces(
    tmp_path_factory: pytest.TempPathFactory, text: str, piece: int, data: st.DataObject
) -> None:
    path = tmp_path_factory.mktemp("snap") / "a.txt"
    path.write_text(text, encoding="utf-8")
    whole = normalise(text)
    start = data.draw(st.integers(0, max(0, len(whole) - 1)))
    end = data.draw(st.integers(start + 1, len(whole))) if whole else 0
    quote = whole[start:end].strip()
    absent = quote + " and something else entirely"
    original = snapshot_text.PIECE_BYTES
    snapshot_text.PIECE_BYTES = piece
    try:
        missing = missing_quotes(path, {"in": quote, "out": absent})
    finally:
        snapshot_text.PIECE_BYTES = original
    assert ("in" in missing) == (bool(quote) and quote not in whole)
    assert ("out" in missing) == (absent not in whole)


def test_the_nearest_passage_names_its_line_across_pieces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = [f"Line {n} says nothing of note here." for n in range(1, 400)]
    lines[300] = "Model X has 104 billion parameters, the company said."
    path = tmp_path / "a.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setattr(snapshot_text, "PIECE_BYTES", 256)
    missing = missing_quotes(path, {"q": "Model X has 140 billion parameters, the company said."})
    nearest = missing["q"]
    assert nearest.line == 301
    assert nearest.passage.startswith("Model X has 104 billion parameters")
    assert nearest.score >= 90


def test_a_long_missing_quote_shows_a_short_passage(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_text(" ".join(f"w{i}" for i in range(200_000)), encoding="utf-8")
    missing = missing_quotes(path, {"q": " ".join(f"v{i}" for i in range(3_000))})
    assert len(missing["q"].passage) <= snapshot_text.SHOWN


def test_a_nul_byte_after_the_first_piece_is_reported_with_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes(b"text line\n" * 50 + b"bin\x00ary\n")
    monkeypatch.setattr(snapshot_text, "PIECE_BYTES", 64)
    with pytest.raises(FileProblem) as raised:
        missing_quotes(path, {"q": "absent"})
    assert raised.value.line == 51

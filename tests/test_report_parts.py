"""The report's building blocks on their own: passages found in bounded pieces, escaping,
and ``--since`` rendering only what a change involves."""

from __future__ import annotations

import html
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import claimkb
from claimkb import report_site, snapshot_text
from claimkb.render.safe import printable
from claimkb.site import passages as site_passages
from claimkb.site.html import e, external_link
from conftest import write_tree
from kbs import NEWS_C_CLAIMS, NEWS_C_SOURCE, triaged_kb
from report_sites import Page, local_targets, pages

# -- passages ----------------------------------------------------------------------------------

WORDS = st.lists(
    st.sampled_from(["alpha", "beta", "2.8", "万亿", "参数", "模型", "x", "\n", "  ", "\t"]),
    min_size=1,
    max_size=120,
)


def _kb_with(tmp: Path, text: str, quote: str) -> claimkb.KB:
    write_tree(
        tmp,
        {
            "snapshots/a.txt": text,
            "sources/a.yaml": "id: a\ntitle: A\nlanguage: en\nkind: news\nsnapshot: a.txt\n",
            "claims/a.yaml": (
                "entities:\n  - {id: m, name: M, kind: model}\n"
                "properties:\n  - {id: p, label: P, datatype: text}\n"
                "claims:\n  - id: c\n    subject: M\n    property: p\n    value: v\n"
                f"    source: a\n    quote: {quote!r}\n    status: single-source\n"
            ),
        },
    )
    return claimkb.load(tmp)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(words=WORDS, start=st.integers(0, 200), length=st.integers(1, 40), piece=st.integers(8, 90))
def test_a_passage_is_the_text_around_the_quote_however_the_text_is_cut(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    words: list[str],
    start: int,
    length: int,
    piece: int,
) -> None:
    text = " ".join(words)
    flat = snapshot_text.normalise(text)
    if not flat.strip():
        return
    begin = min(start, len(flat) - 1)
    quote = flat[begin : begin + length].strip()
    if not quote or "'" in quote:
        return
    monkeypatch.setattr(snapshot_text, "PIECE_BYTES", piece)  # many pieces, quotes across them
    monkeypatch.setattr(site_passages, "CONTEXT", 25)
    kb = _kb_with(tmp_path_factory.mktemp("passage"), text, quote)
    found = site_passages.passages(kb, kb.claims.values())["c"]
    assert isinstance(found, site_passages.Passage)
    first = flat.index(quote)
    assert found.quote == quote
    assert flat[first - len(found.before) : first] == found.before  # the first occurrence
    assert flat[first + len(quote) :].startswith(found.after)
    assert found.cut_before == (first - len(found.before) > 0)
    assert found.cut_after == (first + len(quote) + len(found.after) < len(flat))
    # as much context as there is (25 characters), less the word cut at its edge (words
    # are at most five characters here)
    assert len(found.before) >= min(first, 25 - 6)
    assert len(found.after) >= min(len(flat) - first - len(quote), 25 - 6)


def test_no_passage_without_a_readable_snapshot(tmp_path: Path) -> None:
    kb = _kb_with(tmp_path / "kb", "The model has 2.8 trillion parameters.\n", "3 trillion")
    missing = site_passages.passages(kb, kb.claims.values())["c"]
    assert missing == site_passages.Unavailable("the quote is not in the snapshot's text")
    (tmp_path / "kb" / "snapshots" / "a.txt").unlink()
    (tmp_path / "secret.txt").write_text("3 trillion", encoding="utf-8")
    (tmp_path / "kb" / "snapshots" / "a.txt").symlink_to(tmp_path / "secret.txt")
    refused = site_passages.passages(kb, kb.claims.values())["c"]
    assert isinstance(refused, site_passages.Unavailable)
    assert "leads outside its snapshot directory" in refused.reason


# -- escaping ----------------------------------------------------------------------------------


@given(st.text())
def test_escaped_text_holds_no_markup_and_reads_back_as_itself(text: str) -> None:
    escaped = e(text)
    assert not set("<>\"'") & set(escaped)
    assert html.unescape(escaped) == printable(text)
    assert escaped == html.escape(printable(text), quote=True)


@pytest.mark.parametrize(
    ("url", "linked"),
    [
        ("https://example.org/a?b=1&c=2", True),
        ("http://example.org", True),
        ("javascript:alert(1)", False),
        (" JavaScript:alert(1)", False),
        ("data:text/html,<script>", False),
        ('https://example.org/"onmouseover="x', False),
        ("//evil.example/x", False),
        ("relative/page.html", False),
    ],
)
def test_only_web_addresses_become_links(url: str, linked: bool) -> None:
    shown = external_link(url)
    assert shown.startswith("<a ") is linked
    assert html.escape(url.strip() if linked else url, quote=True) in shown


# -- --since -----------------------------------------------------------------------------------


def _git(root: Path, *args: str) -> None:
    subprocess.run(
        [
            "git",
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@example.org",
            "-c",
            "commit.gpgsign=false",
            *args,
        ],
        cwd=root,
        check=True,
        capture_output=True,
    )


UNRELATED = """\
source: news-a
entities:
  - {id: model-y, name: Model Y, kind: model}
claims:
  - id: y-params
    subject: Model Y
    property: total-parameters
    value: 104 billion
    quote: "Model X has 104 billion parameters."
    status: single-source
"""


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_since_renders_what_the_change_involves_with_its_findings_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"):
        monkeypatch.delenv(name, raising=False)
    root = triaged_kb(tmp_path / "kb")
    (root / "claims" / "unrelated.yaml").write_text(UNRELATED, encoding="utf-8")
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "base")
    (root / "sources" / "news-c.yaml").write_text(NEWS_C_SOURCE, encoding="utf-8")
    (root / "claims" / "news-c.yaml").write_text(NEWS_C_CLAIMS, encoding="utf-8")
    out = tmp_path / "site"
    result = report_site(root, out, since="HEAD")
    assert result.since == "HEAD" and result.untriaged >= 1
    written = {p.relative_to(out).as_posix() for p in out.rglob("*.html")}
    assert {"claims/a-params.html", "claims/b-params.html", "claims/c-params.html"} <= written
    assert "claims/y-params.html" not in written  # untouched by the change
    assert "sources/news-c.html" in written and "entities/model-x.html" in written
    overview = Page(out / "index.html")
    text = " ".join(overview.text.split())
    assert "This change (since HEAD" in text
    first = next(
        a for a in overview.find("a") if (a.attrs.get("href") or "").startswith("findings/")
    )
    assert (first.attrs["href"] or "").startswith("findings/CKB401-a-params-")  # the new conflict
    assert any(a.startswith("li.is-open") for a in first.ancestors)
    # the claim that is not rendered is named, not linked: every link still resolves
    source = Page(out / "sources/news-a.html")
    assert "y-params" in source.text
    broken = [t for p in pages(out) for _, t in local_targets(Page(p)) if not t.is_file()]
    assert broken == []

"""The report's site in a real browser: the system's headless Chromium (``.ci/run`` installs
Debian's ``chromium``; without one these tests are skipped, saying so).

One browser is started for the module; each page is loaded at a phone's width (390 px) and a
desktop's (1280 px) and must load without a console message or an uncaught error (a blocked
script or style would log one), fit the phone's width without scrolling sideways, and be
screenshotted. The hostile KB's page shows its markup as text and runs none of it."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path

import pytest

import claimkb
from browser import Browser, chromium
from conftest import PROJECT
from report_sites import conflict_site, corpus_site, hostile_site

BINARY = chromium()
pytestmark = pytest.mark.skipif(
    BINARY is None,
    reason="no Chromium binary (install Debian's chromium package, as .ci/run does, or set "
    "CLAIMKB_CHROMIUM)",
)

WIDTHS = {"phone": (390, 844, True), "desktop": (1280, 900, False)}
CORPUS_PAGES = (
    "index.html",
    "claims.html",
    "claims/s004-total-params.html",
    "findings/{CKB401-s000-access-status}",
    "entities/kimi-k3.1-pro.html",
    "sources/seed-004.html",
    "derived/s004-cluster-memory.html",
    "timeline.html",
    "graph.html",
)
LOOK = """({
  title: document.title,
  overflow: document.documentElement.scrollWidth - window.innerWidth,
  h1: Array.from(document.querySelectorAll('h1')).map(h => h.textContent),
  filters: document.querySelectorAll('.filter input').length,
  images: document.images.length,
  pwned: typeof window.pwned,
  marks: Array.from(document.querySelectorAll('blockquote.passage mark')).map(m => m.textContent),
  untriaged: Array.from(document.querySelectorAll('li.is-open > .finding-head > a'))
    .map(a => a.getAttribute('href')),
  font: getComputedStyle(document.body).fontFamily,
})"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert BINARY is not None
    with Browser(BINARY) as started:
        yield started


def _resolve(site: Path, relative: str) -> Path:
    if relative.startswith("findings/{"):
        (found,) = (site / "findings").glob(relative[len("findings/{") : -1] + "-*.html")
        return found
    return site / relative


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("width", WIDTHS)
def test_corpus_pages_load_cleanly_and_fit_at_each_width(
    browser: Browser, width: str, tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    site, _ = corpus_site(tmp_path_factory)
    w, h, mobile = WIDTHS[width]
    browser.size(w, h, mobile)
    problems: list[tuple[str, object]] = []
    for relative in CORPUS_PAGES:
        path = _resolve(site, relative)
        seen = browser.visit(path.as_uri(), LOOK)
        looked = seen.value
        if seen.console:
            problems.append((relative, seen.console))
        if looked["overflow"] > 0:
            problems.append((relative, f"{looked['overflow']} px wider than the screen"))
        if len(looked["h1"]) != 1:
            problems.append((relative, looked["h1"]))
        shot = browser.screenshot(tmp_path / f"{width}-{path.stem}.png")
        assert _png_size(shot) == (w, h)
    assert problems == []
    # the script ran (it adds the filter box of long tables); CJK fonts are in the stack
    claims = browser.visit((site / "claims.html").as_uri(), LOOK).value
    assert claims["filters"] == 1
    assert "WenQuanYi Micro Hei" in claims["font"] and "Noto Sans CJK SC" in claims["font"]
    quoted = browser.visit((site / "claims/s004-total-params.html").as_uri(), LOOK).value
    assert quoted["marks"] == ["总参数2.8 万亿技术报告与模型卡的实际数字"]


def test_filtering_a_table_hides_the_rows_that_do_not_match(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> None:
    site, _ = corpus_site(tmp_path_factory)
    browser.size(1280, 900)
    script = """(() => {
      const input = document.querySelector('.filter input');
      input.value = 'seed-001 refuted';
      input.dispatchEvent(new Event('input'));
      const rows = Array.from(document.querySelectorAll('tbody tr'));
      return {shown: rows.filter(r => !r.hidden).map(r => r.cells[0].textContent),
              said: document.querySelector('.filter output').textContent};
    })()"""
    seen = browser.visit((site / "claims.html").as_uri(), script)
    assert seen.console == []
    kb = claimkb.load(PROJECT)
    wanted = [
        c.id for c in kb.claims.values() if c.source == "seed-001" and c.status.value == "refuted"
    ]
    assert len(wanted) >= 1 and sorted(seen.value["shown"]) == sorted(wanted)
    assert seen.value["said"] == f"{len(wanted)} of {len(kb.claims)} rows"


def test_an_untriaged_finding_shows_on_the_overview(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> None:
    site, _ = conflict_site(tmp_path_factory)
    browser.size(390, 844, True)
    seen = browser.visit((site / "index.html").as_uri(), LOOK)
    assert seen.console == []
    assert len(seen.value["untriaged"]) == 2
    assert seen.value["untriaged"][0].startswith("findings/CKB401-a-params-")
    claim = browser.visit((site / "claims/a-params.html").as_uri(), LOOK)
    assert claim.value["untriaged"][0] == "../" + seen.value["untriaged"][0]


def test_hostile_markup_renders_as_text_and_runs_nothing(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> None:
    site, _ = hostile_site(tmp_path_factory)
    browser.size(1280, 900)
    for relative in (
        "claims/evil-params.html",
        "claims/evil-unknown-subject.html",
        "sources/evil.html",
        "entities/model-x.html",
        "index.html",
    ):
        seen = browser.visit((site / relative).as_uri(), LOOK)
        assert seen.console == [], relative
        assert (seen.value["images"], seen.value["pwned"]) == (0, "undefined"), relative
    marks = browser.visit((site / "claims/evil-params.html").as_uri(), LOOK).value["marks"]
    assert marks == [
        "Model X has 104 billion parameters </script><script>window.pwned=1</script> "
        '<img src=x onerror="window.pwned=2">'
    ]

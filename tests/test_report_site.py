"""``claimkb report``: the static site of a KB, read back as HTML (no browser needed here;
``test_report_browser.py`` opens it in Chromium).

Every page of the bundled corpus's site, of a fixture KB with an untriaged conflict and of a
KB full of hostile markup is parsed: links resolve to files, pages hold what they should,
and the KB's text is text."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

import claimkb
from claimkb import report_site
from claimkb.site import SiteError
from conftest import Invoke
from report_sites import (
    PAYLOADS,
    Page,
    conflict_site,
    corpus_site,
    hostile_kb,
    hostile_site,
    local_targets,
    pages,
)


def page(site_dir: Path, relative: str) -> Page:
    return Page(site_dir / relative)


# -- the corpus --------------------------------------------------------------------------------


def test_every_local_link_of_the_corpus_site_resolves(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    out, result = corpus_site(tmp_path_factory)
    kb = claimkb.load(Path(__file__).resolve().parents[1])
    files = list(pages(out))
    # a page for each claim, source, entity, finding and derived claim, and the indexes
    for directory, count in (
        ("claims", len(kb.claims)),
        ("sources", len(kb.sources)),
        ("entities", len(kb.entities)),
        ("findings", result.findings),
        ("derived", sum(1 for c in kb.claims.values() if c.derived)),
    ):
        assert len(list((out / directory).glob("*.html"))) == count, directory
    assert result.findings == 44 and result.untriaged == 0
    broken = [
        (str(f.relative_to(out)), link)
        for f in files
        for link, target in local_targets(Page(f))
        if not target.is_file() or not target.is_relative_to(out)
    ]
    assert broken == []
    assert result.pages == len(files) + 2  # and the stylesheet and the script
    # the pages' policy allows no inline style: none is written
    styled = [
        f for f in files if any(e.tag == "style" or "style" in e.attrs for e in Page(f).elements)
    ]
    assert styled == []


def test_the_overview_gives_the_verdict_counts_and_triaged_findings(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    out, _ = corpus_site(tmp_path_factory)
    overview = page(out, "index.html")
    text = " ".join(overview.text.split())
    assert "The knowledge base checks clean: no untriaged finding." in text
    assert (
        "349 claims from 24 sources in 30 files; 44 triaged discrepancies accepted by "
        "20 resolutions" in text
    )
    assert "Untriaged findings (0)" in text and "Triaged findings (44)" in text
    links = {el.attrs["href"] for el in overview.find("a")}
    assert "by-status/verified.html" in links and "by-kind/review-disagrees.html" in links
    # every finding is listed on the overview, linking its page
    assert sum(1 for h in links if h and h.startswith("findings/")) == 44


def test_a_claim_page_marks_its_quote_inside_the_source_passage(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    out, _ = corpus_site(tmp_path_factory)
    claim = page(out, "claims/s004-total-params.html")
    marks = claim.find("mark")
    assert [m.text for m in marks] == ["总参数2.8 万亿技术报告与模型卡的实际数字"]
    assert any(a.startswith("blockquote.passage") for a in marks[0].ancestors)
    passage = claim.find("blockquote", "passage")[0]
    before, _, after = passage.text.partition(marks[0].text)
    assert len(before.strip()) > 40 and len(after.strip()) > 40  # context on both sides
    assert passage.attrs["lang"] == "zh"
    assert "line 21" in passage.text
    # its finding (the rounding; seed-004's headline beside its body is no contradiction)
    linked = {a.attrs["href"] for a in claim.find("a")}
    assert any(h and h.startswith("../findings/CKB402-") for h in linked)
    assert not any(h and h.startswith("../findings/CKB407-") for h in linked)


def test_a_discrepancy_page_shows_values_side_by_side_with_the_resolution(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    out, _ = corpus_site(tmp_path_factory)
    (path,) = (out / "findings").glob("CKB401-s000-access-status-*.html")
    found = Page(path)
    sides = found.find("section", "side")
    assert len(sides) == 2
    assert (
        "preferred" in sides[0].classes
        and "“invite-only testing” = “invited testing”" in sides[0].text
    )
    assert "“公测”" in sides[1].text
    # each claim's quote is marked in its own source's passage, with its status and relays
    assert len(found.find("mark")) == 3
    assert {b.text for b in found.find("span", "badge") if "st-vendor-claim" in b.classes} == {
        "vendor-claim"
    }
    assert any("st-disputed" in b.classes for b in found.find("span", "badge"))
    assert len(found.find("ul", "chain")) == 3
    text = " ".join(found.text.split())
    assert "Resolution r-access-status" in text and "Kind of discrepancy: unverified" in text


def test_pictures_are_drawn_with_alternative_text(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    out, _ = corpus_site(tmp_path_factory)
    for relative, bars in (
        ("timeline.html", 8),  # the eight date claims
        ("claims/s004-total-params.html", 10),  # the rival parameter counts
        ("derived/s004-cluster-memory.html", 2 + 5),  # recomputed vs stated; inputs and steps
    ):
        drawn = page(out, relative)
        svgs = drawn.find("svg")
        charts = [s for s in svgs if s.attrs.get("role") == "img"]
        assert charts, relative
        for svg in charts:
            labelled = (svg.attrs.get("aria-labelledby") or "").split()
            ids = {el.attrs.get("id") for el in drawn.elements}
            assert len(labelled) == 2 and set(labelled) <= ids
        shapes = [
            el
            for el in drawn.elements
            if el.tag in ("rect", "path") and "range" in el.classes or "stated" in el.classes
        ]
        assert len(shapes) >= bars, relative
    graph = page(out, "graph.html")
    assert len([s for s in graph.find("svg") if s.attrs.get("role") == "img"]) == 2
    assert len(graph.find("path", "edge")) == sum(
        len(s.cites) for s in claimkb.load(Path(__file__).resolve().parents[1]).sources.values()
    )


def test_derived_claim_page_recomputes_with_steps(tmp_path_factory: pytest.TempPathFactory) -> None:
    out, _ = corpus_site(tmp_path_factory)
    text = " ".join(page(out, "derived/s004-cluster-memory.html").text.split())
    assert "Verdict: mismatch" in text
    assert "Recomputed: 3.84 TB" in text and "Stated: 3.75 TB" in text
    assert "Likely cause: prefix" in text


# -- an untriaged conflict ---------------------------------------------------------------------


def test_an_untriaged_finding_is_on_the_overview_and_on_its_claims_pages(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    out, result = conflict_site(tmp_path_factory)
    assert (result.findings, result.untriaged) == (2, 2)
    overview = page(out, "index.html")
    text = " ".join(overview.text.split())
    assert "fails the check: 2 untriaged findings (2 errors)" in text
    (conflict,) = (out / "findings").glob("CKB401-a-params-*.html")
    href = f"findings/{conflict.name}"
    listed = [el for el in overview.find("a") if el.attrs.get("href") == href]
    assert listed and all(any(a.startswith("li.is-open") for a in el.ancestors) for el in listed)
    for claim, count in (("a-params", "1 untriaged finding"), ("b-params", "2 untriaged findings")):
        claim_page = page(out, f"claims/{claim}.html")
        assert any(el.attrs.get("href") == f"../{href}" for el in claim_page.find("a"))
        assert [el.text for el in claim_page.find("span", "open")][0] == count
    sides = Page(conflict).find("section", "side")
    assert ["“104 billion”" in sides[0].text, "“1.2 万亿”" in sides[1].text] == [True, True]
    assert "Untriaged" in Page(conflict).text


# -- hostile text ------------------------------------------------------------------------------


def test_markup_in_the_kb_is_text_on_every_page(tmp_path_factory: pytest.TempPathFactory) -> None:
    out, _ = hostile_site(tmp_path_factory)
    seen = ""
    for path in pages(out):
        parsed = Page(path)
        tags = {el.tag for el in parsed.elements}
        assert "img" not in tags, path
        assert not tags & {"iframe", "object", "embed", "form", "base"}, path
        scripts = [el.attrs.get("src") for el in parsed.find("script")]
        assert all(s is not None and s.endswith("assets/site.js") for s in scripts), path
        for element in parsed.elements:
            assert not [a for a in element.attrs if a.startswith("on")], (path, element)
            href = element.attrs.get("href") or ""
            assert not href.lower().startswith(("javascript:", "data:")), path
        seen += parsed.text
    for payload in PAYLOADS:  # shown, as text, somewhere
        assert html.unescape(payload) in seen or payload in seen
    source = page(out, "sources/evil.html")
    assert not [a for a in source.find("a") if "url" in a.classes]  # javascript: is not a link
    assert "javascript:window.pwned=5" in source.text


def test_a_hostile_quote_is_marked_as_text_in_its_passage(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    out, _ = hostile_site(tmp_path_factory)
    raw = (out / "claims" / "evil-params.html").read_text(encoding="utf-8")
    assert "&lt;/script&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;" in raw
    assert "&lt;img src=x onerror=&quot;window.pwned=2&quot;&gt;" in raw
    marks = page(out, "claims/evil-params.html").find("mark")
    assert marks and PAYLOADS[0] in marks[0].text and PAYLOADS[1] in marks[0].text


# -- the output directory ----------------------------------------------------------------------


@pytest.fixture
def small_kb(tmp_path: Path) -> Path:
    return hostile_kb(tmp_path / "kb")


@pytest.mark.parametrize("where", ["", "claims", "claims/sub", "sources"])
def test_refuses_to_write_into_the_kb_itself(small_kb: Path, where: str) -> None:
    before = sorted(p.relative_to(small_kb) for p in small_kb.rglob("*"))
    with pytest.raises(SiteError, match="KB root|inside the KB"):
        report_site(small_kb, small_kb / where if where else small_kb)
    assert sorted(p.relative_to(small_kb) for p in small_kb.rglob("*")) == before


def test_refuses_a_directory_that_is_not_a_report(small_kb: Path, tmp_path: Path) -> None:
    out = tmp_path / "project"
    out.mkdir()
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(SiteError, match="not empty and holds no claimkb report"):
        report_site(small_kb, out)
    assert [p.name for p in out.iterdir()] == ["notes.txt"]


def test_a_planted_link_cannot_redirect_a_write(small_kb: Path, tmp_path: Path) -> None:
    out, outside = tmp_path / "site", tmp_path / "outside"
    outside.mkdir()
    victim = outside / "victim.html"
    victim.write_text("untouched", encoding="utf-8")
    report_site(small_kb, out)
    # a later run finds a file replaced by a link to outside, and a directory by a link
    (out / "index.html").unlink()
    (out / "index.html").symlink_to(victim)
    report_site(small_kb, out)
    assert victim.read_text(encoding="utf-8") == "untouched"
    assert not (out / "index.html").is_symlink() and (out / "index.html").is_file()
    for name in list((out / "claims").iterdir()):
        name.unlink()
    (out / "claims").rmdir()
    (out / "claims").symlink_to(outside, target_is_directory=True)
    with pytest.raises(SiteError, match="symbolic link"):
        report_site(small_kb, out)
    assert sorted(p.name for p in outside.iterdir()) == ["victim.html"]


def test_a_new_report_removes_pages_that_no_longer_exist_and_nothing_else(
    small_kb: Path, tmp_path: Path
) -> None:
    out = tmp_path / "site"
    report_site(small_kb, out)
    assert (out / "claims" / "other-licence.html").is_file()
    (tmp_path / "victim.html").write_text("keep", encoding="utf-8")
    manifest = out / ".claimkb-report"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "../victim.html\n", encoding="utf-8")
    (small_kb / "claims" / "other.yaml").unlink()
    result = report_site(small_kb, out)
    assert not (out / "claims" / "other-licence.html").exists()
    assert result.removed >= 1
    assert (tmp_path / "victim.html").read_text(encoding="utf-8") == "keep"
    assert not list(out.rglob(".*.tmp"))  # no temporary file left behind


# -- addresses ---------------------------------------------------------------------------------


def test_ids_that_share_a_file_on_a_case_insensitive_system_get_distinct_names() -> None:
    from claimkb.site.urls import file_stems

    stems = file_stems(["Model", "model", "con", "s004-x", "nul.x"])
    assert stems["s004-x"] == "s004-x"
    assert stems["Model"].startswith("Model@") and stems["model"].startswith("model@")
    assert stems["Model"].casefold() != stems["model"].casefold()
    assert re.fullmatch(r"con@[0-9a-f]{8}", stems["con"]) and stems["nul.x"].startswith("nul.x@")
    assert file_stems(["Model", "model"]) == {k: stems[k] for k in ("Model", "model")}


def test_numbers_read_as_people_write_them() -> None:
    from claimkb.site.html import number

    assert [number(x) for x in (2.8e12, 400, 0.35, 1e11, 1234.5, -2e-5, float("inf"), 0)] == [
        "2.8 × 10¹²",
        "400",
        "0.35",
        "1 × 10¹¹",
        "1,234.5",
        "−2 × 10⁻⁵",
        "∞",
        "0",
    ]


# -- the command -------------------------------------------------------------------------------


def test_the_command_writes_the_site_and_says_where(
    cli: Invoke, small_kb: Path, tmp_path: Path
) -> None:
    out = tmp_path / "site"
    result = cli("report", "--root", small_kb, "-o", out, "--page-size", "2")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert f"open {out / 'index.html'}" in result.stderr
    assert (out / "claims-2.html").is_file()  # four claims, two a page
    refused = cli("report", "--root", small_kb, "-o", small_kb / "claims")
    assert refused.exit_code == 2
    assert refused.stderr.startswith("claimkb: ") and "inside the KB's claims/" in refused.stderr
    not_a_repository = cli("report", "--root", small_kb, "-o", tmp_path / "pr", "--since", "HEAD")
    assert not_a_repository.exit_code == 2
    assert not_a_repository.stderr.startswith("claimkb: --since HEAD: ")
    assert not (tmp_path / "pr" / "index.html").exists()

"""Knowledge bases and their generated sites for the report tests, and a reader of the pages.

Sites are built once per test session (:func:`site`) and shared by the report's test
modules; a test that changes a site builds its own. :func:`hostile_kb` is a KB whose every
free-text field holds markup that would run a script or load an image if it were not escaped.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from claimkb import report_site
from claimkb.site import SiteResult
from conftest import FIXTURES, PROJECT, SHARED, shared, write_tree

PAYLOADS = (
    "</script><script>window.pwned=1</script>",
    '<img src=x onerror="window.pwned=2">',
    '" onmouseover="window.pwned=3" x="',
    "<svg onload=window.pwned=4>",
    "]]><!-- -->&amp;&lt;",
)
"""Markup a KB's text might hold: each must reach the page as text."""
HOSTILE = " ".join(PAYLOADS)


def _q(text: str) -> str:
    """A YAML double-quoted scalar of ``text``."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def hostile_kb(root: Path) -> Path:
    """A valid KB whose titles, names, aliases, labels, values, quotes, notes, qualifiers,
    items and reasons all hold :data:`PAYLOADS`, with a snapshot holding the quotes."""
    odd_url = _q('https://example.org/a"b')
    quote = f"Model X has 104 billion parameters {PAYLOADS[0]} {PAYLOADS[1]}"
    text_quote = f"the licence is {PAYLOADS[2]} {PAYLOADS[3]}"
    snapshot = (
        "Some text before the quote, enough to give it context on its left side.\n"
        f"{quote}, it says.\n\nLater: {text_quote}. Some text after the quote, on its right.\n"
    )
    return write_tree(
        root,
        {
            "snapshots/evil.txt": snapshot,
            "sources/evil.yaml": (
                f"id: evil\ntitle: {_q('Title ' + HOSTILE)}\npublisher: {_q(HOSTILE)}\n"
                f'url: {_q("javascript:window.pwned=5")}\ndate: "2026-11-05"\nlanguage: en\n'
                f"kind: news\nsnapshot: evil.txt\nnote: {_q(HOSTILE)}\n"
            ),
            "sources/other.yaml": (
                f"id: other\ntitle: {_q('Other ' + PAYLOADS[1])}\nurl: {odd_url}\n"
                "language: zh\nkind: announcement\ncites: [evil]\n"
            ),
            "claims/registry.yaml": (
                "entities:\n"
                f"  - id: model-x\n    name: {_q('Model X ' + PAYLOADS[1])}\n    kind: model\n"
                f"    aliases: [{_q(PAYLOADS[0])}, 模型 X]\n    description: {_q(HOSTILE)}\n"
                "properties:\n"
                f"  - id: total-parameters\n    label: {_q('params ' + PAYLOADS[3])}\n"
                "    datatype: quantity\n    dimension: parameter\n    single_valued: true\n"
                f"  - id: licence\n    label: {_q('licence ' + PAYLOADS[0])}\n    datatype: text\n"
                "    single_valued: true\n"
            ),
            "claims/evil.yaml": (
                "source: evil\nclaims:\n"
                "  - id: evil-params\n    subject: Model X\n    property: total-parameters\n"
                f"    value: 104 billion\n    quote: {_q(quote)}\n    status: single-source\n"
                f"    note: {_q(HOSTILE)}\n    qualifiers:\n      scope: {_q(PAYLOADS[2])}\n"
                "  - id: evil-licence\n    subject: Model X\n    property: licence\n"
                f"    value: {_q(PAYLOADS[2])}\n    quote: {_q(text_quote)}\n"
                "    status: single-source\n"
                "  - id: evil-unknown-subject\n"
                f"    subject: {_q(PAYLOADS[1])}\n    property: licence\n"
                f"    value: {_q(PAYLOADS[3])}\n"
                f"    quote: {_q(text_quote)}\n    status: single-source\n"
                f"    items: [{_q(PAYLOADS[0])}]\n"
            ),
            "claims/other.yaml": (
                "source: other\nclaims:\n"
                "  - id: other-licence\n    subject: model-x\n    property: licence\n"
                f"    value: {_q('MIT ' + PAYLOADS[4])}\n    quote: {_q(PAYLOADS[4])}\n"
                "    status: vendor-claim\n"
                "resolutions:\n"
                "  - id: r-licence\n    claims: [evil-licence, other-licence]\n"
                f"    preferred: other-licence\n    kind: other\n    reason: {_q(HOSTILE)}\n"
            ),
        },
    )


def corpus_snapshots() -> Path:
    return shared(SHARED / "seeds")


_BUILT: dict[str, tuple[Path, SiteResult]] = {}


def site(
    name: str, factory: pytest.TempPathFactory, make: Callable[[Path], Path], **options: object
) -> tuple[Path, SiteResult]:
    """The site of the KB ``make`` writes (into a fresh directory), built once a session."""
    if name not in _BUILT:
        base = factory.mktemp(f"report-{name}")
        root = make(base / "kb")
        out = base / "site"
        _BUILT[name] = (out, report_site(root, out, **options))  # type: ignore[arg-type]
    return _BUILT[name]


def corpus_site(factory: pytest.TempPathFactory) -> tuple[Path, SiteResult]:
    """The site of the bundled corpus, every quote read from the seed articles."""
    snapshots = corpus_snapshots()

    def make(_: Path) -> Path:
        return PROJECT

    return site("corpus", factory, make, snapshot_dirs=[snapshots])


def conflict_site(factory: pytest.TempPathFactory) -> tuple[Path, SiteResult]:
    """An untriaged conflict: two sources disagree on a parameter count."""

    def make(target: Path) -> Path:
        shutil.copytree(FIXTURES / "invalid" / "conflict", target)
        (target / "expect.yaml").unlink()
        return target

    return site("conflict", factory, make)


def hostile_site(factory: pytest.TempPathFactory) -> tuple[Path, SiteResult]:
    return site("hostile", factory, hostile_kb)


# -- reading pages ---------------------------------------------------------------------------


@dataclass
class Element:
    tag: str
    attrs: dict[str, str | None]
    text: str = ""
    ancestors: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()


@dataclass
class Page(HTMLParser):
    """A page's elements (each with its text and its ancestors' tags and classes)."""

    path: Path
    elements: list[Element] = field(default_factory=list)
    _open: list[Element] = field(default_factory=list)

    def __post_init__(self) -> None:
        HTMLParser.__init__(self, convert_charrefs=True)
        self.feed(self.path.read_text(encoding="utf-8"))
        self.close()

    _VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = tuple((dict(attrs).get("class") or "").split())
        ancestry = tuple(f"{o.tag}.{'.'.join(o.classes)}" for o in self._open)
        element = Element(tag, dict(attrs), ancestors=ancestry, classes=classes)
        self.elements.append(element)
        if tag not in self._VOID and not tag.endswith("/"):
            self._open.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if self._open and self._open[-1].tag == tag:
            self._open.pop()

    def handle_endtag(self, tag: str) -> None:
        for n in range(len(self._open) - 1, -1, -1):
            if self._open[n].tag == tag:
                del self._open[n:]
                return

    def handle_data(self, data: str) -> None:
        for element in self._open:
            element.text += data

    def find(self, tag: str, cls: str | None = None) -> list[Element]:
        return [e for e in self.elements if e.tag == tag and (cls is None or cls in e.classes)]

    @property
    def text(self) -> str:
        return self.find("body")[0].text if self.find("body") else ""


def pages(site_dir: Path) -> Iterator[Path]:
    return iter(sorted(site_dir.rglob("*.html")))


def local_targets(page: Page) -> Iterator[tuple[str, Path]]:
    """Every address a page links or loads (href, src) that is not an external link, with
    the file it names."""
    for element in page.elements:
        for name in ("href", "src"):
            value = element.attrs.get(name)
            if value is None:
                continue
            parts = urlsplit(value)
            if parts.scheme or parts.netloc:
                continue
            if not parts.path:  # "#fragment" on the page itself
                continue
            yield value, (page.path.parent / unquote(parts.path)).resolve()

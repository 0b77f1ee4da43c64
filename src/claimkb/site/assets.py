# ruff: noqa: E501 (CSS reads best one rule a line)
"""The site's stylesheet and script, written once to ``assets/`` and shared by every page.

Both are static text of this package (nothing from the KB), served from the site itself: the
pages' Content-Security-Policy allows only the site's own files, so nothing is fetched from a
network, and no script but this one runs even if some markup slipped through escaping. Every
page reads without the script; it only adds a filter box above long tables.

Fonts: the system's sans-serif, with the CJK faces of each platform after it, and text in a
source's language (``lang`` from the source record) set in that language's faces first, so
Chinese quotes use Chinese glyph forms. Colours keep at least 4.5:1 contrast (7:1 for body
text) in the light and the dark scheme; nothing is told by colour alone.
"""

from __future__ import annotations

__all__ = ["STYLESHEET", "SCRIPT"]

_CJK_SC = '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "Noto Sans SC", "WenQuanYi Micro Hei"'
_CJK_TC = (
    '"PingFang TC", "Microsoft JhengHei", "Noto Sans CJK TC", "Source Han Sans TC", "Noto Sans TC"'
)
_CJK_JP = '"Hiragino Sans", "Yu Gothic", "Meiryo", "Noto Sans CJK JP", "Source Han Sans JP", "Noto Sans JP"'
_CJK_KR = '"Apple SD Gothic Neo", "Malgun Gothic", "Noto Sans CJK KR", "Source Han Sans KR", "Noto Sans KR"'
_LATIN = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans"'

STYLESHEET = (
    """\
:root {
  --fg: #1b1f24; --muted: #4d5662; --bg: #ffffff; --panel: #f4f6f8; --line: #cfd6de;
  --link: #0a52c4; --visited: #5b3aa6; --focus: #b35c00;
  --err: #9b1418; --err-bg: #fdecec; --warn: #6e4500; --warn-bg: #fff2cc;
  --info: #0a4a82; --info-bg: #e6f0fa; --ok: #17602c; --ok-bg: #e4f3e8;
  --mark: #ffe066; --mark-fg: #1b1f24; --bar: #3f6fb5; --bar2: #c0392b; --bar3: #7a8694;
"""
    f"  --sans: {_LATIN}, {_CJK_SC}, sans-serif;\n"
    f'  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", {_CJK_SC}, monospace;\n'
    "}\n"
    f":lang(zh) {{ font-family: {_CJK_SC}, {_LATIN}, sans-serif; }}\n"
    f":lang(zh-Hant), :lang(zh-TW), :lang(zh-HK) {{ font-family: {_CJK_TC}, {_LATIN}, sans-serif; }}\n"
    f":lang(ja) {{ font-family: {_CJK_JP}, {_LATIN}, sans-serif; }}\n"
    f":lang(ko) {{ font-family: {_CJK_KR}, {_LATIN}, sans-serif; }}\n"
    """\
@media (prefers-color-scheme: dark) {
  :root {
    --fg: #e6e9ed; --muted: #b3bcc6; --bg: #15191e; --panel: #1f252c; --line: #3a434d;
    --link: #8ab8ff; --visited: #c3a6ff; --focus: #ffb45c;
    --err: #ffb3b0; --err-bg: #3b1517; --warn: #ffd98a; --warn-bg: #3a2c0b;
    --info: #a9d1ff; --info-bg: #11283f; --ok: #9be0ae; --ok-bg: #12301c;
    --mark: #7a5d00; --mark-fg: #ffffff; --bar: #7fa8e6; --bar2: #ff8a7a; --bar3: #8e99a6;
  }
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0; color: var(--fg); background: var(--bg); font-family: var(--sans);
  font-size: 1rem; line-height: 1.55; overflow-wrap: anywhere;
}
a { color: var(--link); text-underline-offset: 0.15em; }
a:visited { color: var(--visited); }
a:focus-visible, button:focus-visible, input:focus-visible, [tabindex]:focus-visible {
  outline: 3px solid var(--focus); outline-offset: 2px; border-radius: 2px;
}
code, .mono { font-family: var(--mono); font-size: 0.92em; }
.skip { position: absolute; left: -999px; top: 0; background: var(--bg); padding: 0.5rem 1rem; }
.skip:focus { left: 0.5rem; z-index: 10; }
.top { background: var(--panel); border-bottom: 1px solid var(--line); }
.top nav { max-width: 76rem; margin: 0 auto; padding: 0.5rem 1rem; display: flex;
  flex-wrap: wrap; gap: 0.25rem 1rem; align-items: baseline; }
.top .brand { font-weight: 700; color: var(--fg); text-decoration: none; margin-right: 0.5rem; }
.top ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 0.9rem; }
.top a[aria-current="page"] { font-weight: 700; color: var(--fg); }
main { max-width: 76rem; margin: 0 auto; padding: 0.5rem 1rem 3rem; }
main:focus { outline: none; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 1rem 0 0.5rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 0.5rem; border-bottom: 1px solid var(--line); padding-bottom: 0.2rem; }
h3 { font-size: 1.05rem; margin: 1.25rem 0 0.4rem; }
p { margin: 0.4rem 0 0.8rem; }
.crumbs { font-size: 0.9rem; color: var(--muted); margin-top: 0.75rem; }
.crumbs a { color: var(--muted); }
.lede { color: var(--muted); margin-top: 0; }
.muted { color: var(--muted); }
.nolink { }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0.5rem 0 1rem; }
dl.facts dt { color: var(--muted); font-weight: 600; }
dl.facts dd { margin: 0; min-width: 0; }
@media (max-width: 34rem) {
  dl.facts { grid-template-columns: 1fr; gap: 0; }
  dl.facts dd { margin-bottom: 0.45rem; }
}
.scroll { overflow-x: auto; margin: 0.5rem 0 1rem; }
table { border-collapse: collapse; width: 100%; font-size: 0.95rem; overflow-wrap: break-word; }
caption { text-align: left; color: var(--muted); padding: 0.25rem 0; caption-side: top; }
th, td { text-align: left; vertical-align: top; padding: 0.35rem 0.6rem 0.35rem 0; border-bottom: 1px solid var(--line); }
th { font-weight: 600; white-space: nowrap; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr[hidden] { display: none; }
.badge { display: inline-block; padding: 0 0.45em; border-radius: 0.3em; font-size: 0.85em;
  font-weight: 600; border: 1px solid currentColor; white-space: nowrap; line-height: 1.5; }
.sev-error, .st-refuted, .st-disputed, .open { color: var(--err); background: var(--err-bg); }
.sev-warning, .st-imprecise, .st-insufficient-evidence { color: var(--warn); background: var(--warn-bg); }
.sev-info, .st-single-source, .st-vendor-claim, .st-unchecked { color: var(--info); background: var(--info-bg); }
.st-verified, .triaged, .clean { color: var(--ok); background: var(--ok-bg); }
.verdict { border: 2px solid currentColor; border-radius: 0.5rem; padding: 0.75rem 1rem; margin: 1rem 0; }
.verdict p { margin: 0.2rem 0; color: var(--fg); }
.verdict h2 { margin: 0 0 0.4rem; border-bottom: 0; padding: 0; color: inherit; }
.verdict strong { font-size: 1.15rem; }
.verdict.open strong, .verdict.clean strong { color: inherit; }
.counts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr)); gap: 0 1.5rem; }
.meter { vertical-align: middle; }
.meter rect { fill: var(--bar); }
ul.findings { list-style: none; padding: 0; margin: 0.5rem 0 1rem; }
ul.findings > li { border-left: 4px solid var(--line); padding: 0.35rem 0 0.35rem 0.75rem; margin: 0 0 0.6rem; }
ul.findings > li.is-open { border-left-color: var(--err); }
ul.findings > li.is-triaged { border-left-color: var(--ok); }
.finding-head { display: flex; flex-wrap: wrap; gap: 0.25rem 0.5rem; align-items: baseline; }
.message { margin: 0.15rem 0; }
.sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 21rem), 1fr)); gap: 1rem; margin: 0.75rem 0 1rem; }
.side { border: 1px solid var(--line); border-radius: 0.5rem; padding: 0.5rem 0.9rem 0.75rem; background: var(--bg); min-width: 0; }
.side > h3 { margin-top: 0.4rem; }
.side.preferred { border: 2px solid var(--ok); }
.card { border-top: 1px solid var(--line); padding-top: 0.5rem; margin-top: 0.6rem; }
.card:first-of-type { border-top: 0; padding-top: 0; }
blockquote { margin: 0.4rem 0 0.6rem; padding: 0.4rem 0.8rem; border-left: 4px solid var(--bar3); background: var(--panel); }
blockquote.passage { line-height: 1.75; }
blockquote .where { display: block; font-size: 0.85rem; color: var(--muted); margin-top: 0.3rem; }
mark { background: var(--mark); color: var(--mark-fg); padding: 0 0.1em; border-radius: 0.15em;
  box-decoration-break: clone; -webkit-box-decoration-break: clone; }
.chain { margin: 0.2rem 0 0.4rem; padding-left: 1.2rem; }
.chain ul { padding-left: 1.2rem; }
.note { white-space: pre-line; }
.pager { display: flex; flex-wrap: wrap; gap: 0.3rem 0.6rem; margin: 1rem 0; align-items: baseline; }
.pager a, .pager span { padding: 0.1rem 0.45rem; border: 1px solid var(--line); border-radius: 0.3rem; }
.pager [aria-current="page"] { font-weight: 700; background: var(--panel); }
figure.chart { margin: 1rem 0; }
figure.chart .scroll { margin: 0; }
figure.chart svg { display: block; max-width: 100%; min-width: 38rem; height: auto; }
figure.chart figcaption { color: var(--muted); font-size: 0.9rem; margin-top: 0.25rem; }
svg text { font-family: var(--sans); fill: var(--fg); }
svg .small { font-size: 11px; fill: var(--muted); }
svg .axis line, svg .axis path, svg .grid { stroke: var(--line); }
svg .tick { font-size: 11px; fill: var(--muted); }
svg .range { fill: var(--bar); fill-opacity: 0.35; stroke: var(--bar); stroke-width: 1.5; }
svg .range.conflict { fill: var(--bar2); stroke: var(--bar2); }
svg .range.preferred { fill: var(--ok); stroke: var(--ok); }
svg .nominal { stroke: var(--fg); stroke-width: 2; }
svg .open-end { stroke: var(--bar); stroke-width: 1.5; stroke-dasharray: 4 3; }
svg .node rect { fill: var(--panel); stroke: var(--bar3); stroke-width: 1.2; }
svg .node.interested rect { fill: var(--warn-bg); stroke: var(--warn); }
svg .node.origin rect { stroke-width: 2.4; }
svg a:focus-visible rect, svg a:hover rect { stroke: var(--focus); stroke-width: 3; }
svg .edge { stroke: var(--bar3); stroke-width: 1.3; fill: none; }
svg .arrow { fill: var(--bar3); }
svg .stated { fill: var(--bar2); fill-opacity: 0.35; stroke: var(--bar2); stroke-width: 1.5; }
.filter { margin: 0.5rem 0; }
.filter input { font: inherit; padding: 0.3rem 0.5rem; width: min(100%, 24rem); border: 1px solid var(--muted); border-radius: 0.3rem; background: var(--bg); color: var(--fg); }
.filter output { color: var(--muted); margin-left: 0.5rem; font-size: 0.9rem; }
footer { max-width: 76rem; margin: 0 auto; padding: 1rem; color: var(--muted); font-size: 0.85rem; border-top: 1px solid var(--line); }
@media print {
  :root { --fg: #000; --muted: #333; --bg: #fff; --panel: #f2f2f2; --link: #000; --visited: #000; }
  .top, .skip, .filter, .pager { display: none; }
  main { max-width: none; padding: 0; }
  body { font-size: 10.5pt; }
  a { color: inherit; text-decoration: none; }
  a.url[href]::after { content: " <" attr(href) ">"; font-size: 0.85em; }
  .side, blockquote, figure, tr { break-inside: avoid; }
  h2, h3 { break-after: avoid; }
  figure.chart svg { min-width: 0; }
}
@media print {
  details::details-content { content-visibility: visible; display: contents; }
  .scroll { overflow: visible; }
}
"""
)

SCRIPT = """\
(function () {
  "use strict";
  var tables = document.querySelectorAll("table[data-filter]");
  Array.prototype.forEach.call(tables, function (table, n) {
    var body = table.tBodies[0];
    if (!body) { return; }
    var rows = body.rows, box = document.createElement("div");
    box.className = "filter";
    var label = document.createElement("label"), input = document.createElement("input");
    var out = document.createElement("output");
    input.type = "search";
    input.id = "filter-" + n;
    input.autocomplete = "off";
    label.htmlFor = input.id;
    label.textContent = "Filter these rows: ";
    out.setAttribute("aria-live", "polite");
    box.appendChild(label); box.appendChild(input); box.appendChild(out);
    var anchor = table.closest(".scroll") || table;
    anchor.parentNode.insertBefore(box, anchor);
    input.addEventListener("input", function () {
      var words = input.value.toLowerCase().split(/\\s+/).filter(Boolean), shown = 0;
      Array.prototype.forEach.call(rows, function (row) {
        var text = row.textContent.toLowerCase();
        var keep = words.every(function (w) { return text.indexOf(w) >= 0; });
        row.hidden = !keep;
        if (keep) { shown += 1; }
      });
      out.textContent = words.length ? shown + " of " + rows.length + " rows" : "";
    });
  });
})();
"""

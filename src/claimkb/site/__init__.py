"""``claimkb report``: the knowledge base as a static HTML site, for people who review it in a
browser (editors, readers of a published fact-check, reviewers of a pull request).

    import claimkb
    result = claimkb.open("path/to/kb").report_site("site/")
    # or claimkb.report_site(kb_or_root, "site/")
    print(result.pages, "pages; open", result.index)

The site is plain HTML and CSS (a small script adds filter boxes; every page reads without
it), with relative links only, so it works from the file system and from any static host, and
fetches nothing at view time. Every record has a page at a stable address
(``claims/<id>.html``, ``sources/<id>.html``, ``entities/<id>.html``, ``derived/<id>.html``,
``findings/<code>-<claim>-<hash>.html``); indexes are paginated. Everything a KB holds is
escaped (:mod:`claimkb.site.html`), snapshot text is read through the library's confined
lookup in bounded pieces (:mod:`claimkb.site.passages`), and the output directory is written
safely (:mod:`claimkb.site.writer`).

The site renders a loaded KB and its report; loading and checking are the Workspace's
(:meth:`claimkb.Workspace.report_site`). Modules: ``build`` (what pages there are),
``context`` (indexes), ``pages_*`` (one per kind of page), ``parts``/``evidence``/``charts``
(shared fragments), ``svg*`` (pictures), ``layout`` and ``assets`` (frame, stylesheet,
script), ``urls`` (addresses), ``writer`` (the output).
"""

from __future__ import annotations

from .result import SiteError, SiteResult

__all__ = ["SiteError", "SiteResult"]

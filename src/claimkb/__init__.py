"""claimkb: a fact-check knowledge base of structured claims, kept as YAML and checked like code.

The library is usable without the command line; :func:`open` is its door::

    import claimkb
    kb = claimkb.open("path/to/kb")
    report = kb.report()
    for finding in report.open_findings:
        print(finding.code, finding.file, finding.line, finding.message)
    shown = kb.show("some-claim-id").data      # a typed record (claimkb.results.Shown)
    print(shown.claim.value, [f["code"] for f in shown.findings])

(``claimkb.load`` and ``claimkb.check`` remain, for a loaded KB object.) Heavy modules
(pydantic, rapidfuzz) are imported on first use, so importing ``claimkb`` (and running
``claimkb --help``) stays fast.
"""

from __future__ import annotations

import typing as _typing

from .version import __version__

__all__ = [
    "__version__",
    "open",
    "Workspace",
    "Answer",
    "load",
    "check",
    "report_site",
    "Report",
    "KB",
    "Claim",
    "Finding",
    "Triage",
    "ClaimkbError",
    "RootError",
    "NotFound",
    "RENDERERS",
]

if _typing.TYPE_CHECKING:
    from .api import check, load, report_site
    from .errors import ClaimkbError
    from .findings import Finding, Triage
    from .kb import KB
    from .model import Claim
    from .query import NotFound
    from .render.registry import RENDERERS
    from .report import Report
    from .results import Answer
    from .store import RootError
    from .workspace import Workspace, open

_LAZY = {
    "open": ("workspace", "open"),
    "Workspace": ("workspace", "Workspace"),
    "Answer": ("results", "Answer"),
    "load": ("api", "load"),
    "check": ("api", "check"),
    "report_site": ("api", "report_site"),
    "Report": ("report", "Report"),
    "KB": ("kb", "KB"),
    "Claim": ("model", "Claim"),
    "Finding": ("findings", "Finding"),
    "Triage": ("findings", "Triage"),
    "ClaimkbError": ("errors", "ClaimkbError"),
    "RootError": ("store", "RootError"),
    "NotFound": ("query", "NotFound"),
    "RENDERERS": ("render.registry", "RENDERERS"),
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        from importlib import import_module

        module, attribute = _LAZY[name]
        return getattr(import_module(f"{__name__}.{module}"), attribute)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public API (what ``__all__`` names), not the machinery of lazy loading."""
    return sorted(__all__)

"""claimkb: a fact-check knowledge base of structured claims, kept as YAML and checked like code.

The library is usable without the command line::

    import claimkb
    kb = claimkb.load("path/to/kb")
    report = claimkb.check(kb)
    for finding in report.open_findings:
        print(finding.code, finding.file, finding.line, finding.message)

Heavy modules (pydantic, rapidfuzz) are imported on first use, so importing ``claimkb`` (and
running ``claimkb --help``) stays fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

__all__ = ["__version__", "load", "check", "Report", "KB", "Finding", "RootError"]

if TYPE_CHECKING:
    from .api import check, load
    from .findings import Finding
    from .kb import KB
    from .report import Report
    from .store import RootError

_LAZY = {
    "load": ("api", "load"),
    "check": ("api", "check"),
    "Report": ("report", "Report"),
    "KB": ("kb", "KB"),
    "Finding": ("findings", "Finding"),
    "RootError": ("store", "RootError"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        module, attribute = _LAZY[name]
        return getattr(import_module(f"{__name__}.{module}"), attribute)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

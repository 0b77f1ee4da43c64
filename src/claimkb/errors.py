"""The one base of every error claimkb raises, and the error of an unusable KB root.

``except claimkb.ClaimkbError`` catches whatever the library reports on purpose (a root that
cannot be used, an id that names nothing, a value that cannot be read, a write refused...);
anything else is a bug. Each error keeps the built-in base it had (``NotFound`` is still a
``LookupError``, ``ValueProblem`` a ``ValueError``), so existing handlers keep working.
"""

from __future__ import annotations

__all__ = ["ClaimkbError", "NotDerived", "NotFound", "RootError"]


class ClaimkbError(Exception):
    """Base of every exception the package defines."""


class RootError(ClaimkbError):
    """The KB root cannot be used at all (the CLI exits with status 2)."""


class NotFound(ClaimkbError, LookupError):
    """The id or name asked for is not in the KB (the CLI exits with status 2). The message
    offers the known ids or names spelt most like it."""


class NotDerived(ClaimkbError, LookupError):
    """The claim asked for does not exist or has no ``derived:`` section."""

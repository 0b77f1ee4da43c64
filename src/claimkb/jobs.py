"""How many processes a cold check may use: the ``CLAIMKB_JOBS`` setting.

Unset (or empty), a check from the command line uses a second process where it can pay
(:mod:`claimkb.cache.alongside`); ``1`` keeps every check in one process; ``2`` has the
writer process whatever the KB's size. Any other value is refused with a warning and the
default is used, so that a mistyped setting is seen rather than silently meaning something.
"""

from __future__ import annotations

import os

__all__ = ["VARIABLE", "setting", "problem"]

VARIABLE = "CLAIMKB_JOBS"
_VALUES = ("1", "2")


def setting() -> str:
    """The setting as given: ``"1"``, ``"2"``, or ``""`` for the default (also for a value
    :func:`problem` refuses)."""
    given = os.environ.get(VARIABLE, "").strip()
    return given if given in _VALUES else ""


def problem() -> str | None:
    """What is wrong with the setting, for a warning (two lines, the second of 78
    columns); None when it is unset or valid."""
    given = os.environ.get(VARIABLE)
    if given is None or given.strip() in ("", *_VALUES):
        return None
    return (
        f"{VARIABLE}={given!r} is ignored (the default is used);\n"
        "set it to 1 for one process, or 2 for a second process whatever the KB's size"
    )

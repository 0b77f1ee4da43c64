"""Derived claims: figures an article computed from other figures, recomputed and checked.

A claim with a ``derived:`` section states how its value follows from other claims and
constants (``{s004-total-params} * {mxfp4}``). :func:`outcomes` recomputes every such claim
with unit safety and interval arithmetic over the inputs' written precision; the ``derived``
check turns the outcomes into findings; :func:`claimkb.explain.explain` shows one
recomputation step by step.

pint (the unit algebra) is imported only when a derived claim is evaluated.
"""

from __future__ import annotations

from .constants import constant_values
from .graph import cycles
from .recompute import (
    ERROR,
    MATCHES,
    MISMATCH,
    UNCHECKED,
    Outcome,
    arithmetic_support,
    outcomes,
)

__all__ = [
    "ERROR",
    "MATCHES",
    "MISMATCH",
    "UNCHECKED",
    "Outcome",
    "arithmetic_support",
    "constant_values",
    "cycles",
    "outcomes",
]

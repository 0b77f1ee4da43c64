"""How wide a written number is: the one place the precision rule lives.

* **Digits.** A number means half a unit of its last significant digit either way: ``2.8`` is
  [2.75, 2.85]. An integer's trailing zeros are not significant (``4000`` is [3500, 4500], so
  it is a rounding of 3,958; ``1040 亿`` is 104 × 10⁹ ± 0.5 × 10⁹), unless the claim says
  ``exact: true``. A decimal point makes them significant (``4000.0``, ``2.0 万``).
* **Whole counts.** A count written to its units digit (``48 cards``, ``6 台``, ``4–5 nodes``)
  is exact.
* **Exact.** A claim marked ``exact: true`` states its figure exactly: no width at all.
* **Approximation** (``about``, ``约``, ``~``, ``级``, ``左右`` ...) widens the digits' range by
  the :class:`Slack` (a property's ``approximation:`` sets it): by default another half unit of
  the last significant digit, but at most 5% of the value (``约69%`` is [68, 70] %,
  ``around 40.06%`` [40.05, 40.07] %, ``approximately one million`` [0.45, 1.55] million).
* **Nearly** (``nearly``, ``almost``, ``将近``, ``近``) is below the figure, by at most the
  digits' half unit: ``nearly five minutes`` is [4.5, 5] min.
* **Comparators** open one side: ``over 100`` is [100, ∞), ``不到百亿`` is [0, 10¹⁰].
* **Odd** (``100 多``, ``30 余``, ``100-odd``) runs from the figure to the next step of its last
  significant digit: [100, 200], [30, 40].
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .problems import ValueProblem

__all__ = ["DEFAULT_SLACK", "Figure", "Marks", "Rules", "Slack", "single", "span"]

INF = math.inf


@dataclass(frozen=True, slots=True)
class Slack:
    """How far an approximation marker widens a value, each way: ``digits`` units of its last
    significant digit, or ``percent`` of the value, the smaller when both are set."""

    digits: float | None = 0.5
    percent: float | None = 5.0

    def widening(self, amount: float, place: float) -> float:
        options = []
        if self.digits is not None:
            options.append(self.digits * place)
        if self.percent is not None:
            options.append(self.percent / 100 * abs(amount))
        return min(options, default=0.0)


DEFAULT_SLACK = Slack()


@dataclass(frozen=True, slots=True)
class Rules:
    """What the KB says about reading one claim's value: ``exact`` (the claim's figure is
    exact) and the property's approximation ``slack``."""

    exact: bool = False
    slack: Slack = DEFAULT_SLACK


@dataclass(slots=True)
class Marks:
    """What the words around the number said."""

    approximate: bool = False
    lower_open: bool = False
    upper_open: bool = False
    nearly: bool = False
    odd: bool = False

    def check(self, original: str, rules: Rules) -> None:
        if self.lower_open + self.upper_open + self.odd > 1:
            raise ValueProblem(
                f"{original!r} is both a lower and an upper bound; write one, or a range"
            )
        if rules.exact and (self.approximate or self.nearly):
            raise ValueProblem(
                f"{original!r} is approximate, but the claim says it is exact", "exact"
            )


def significant_place(place: float, zeros: int, exact: bool) -> float:
    """The place of the last significant digit: ``place`` (of the last written digit) raised
    past the ``zeros`` an integer ends with, unless the figure is exact."""
    return place if exact or zeros <= 0 else place * 10.0**zeros


def odd_step(value: float) -> float:
    """The step of the last significant digit of a whole number: 100 -> 100, 30 -> 10."""
    if value <= 0 or value != int(value):
        return 1.0
    step, rest = 1, int(value)
    while rest % 10 == 0:
        rest //= 10
        step *= 10
    return float(step)


@dataclass(frozen=True, slots=True)
class Figure:
    """One written figure in its unit: its amount, the place of its last written digit and
    the place of its last significant one (both times its magnitude)."""

    amount: float
    written: float
    place: float

    @classmethod
    def of(cls, value: float, place: float, zeros: int, magnitude: float, rules: Rules) -> Figure:
        significant = significant_place(place, zeros, rules.exact)
        return cls(value * magnitude, place * magnitude, significant * magnitude)

    def scaled(self, ratio: float) -> Figure:
        return Figure(self.amount * ratio, self.written * ratio, self.place * ratio)


def whole_count(amount: float, place: float, counted: str) -> bool:
    """A count written to its units digit (``48``, ``6 台``): exact."""
    return counted == "count" and place == 1.0 and amount == int(amount)


def _halves(
    figure: Figure, whole_range: bool, whole_digits: bool, marks: Marks, rules: Rules
) -> tuple[float, float]:
    """(half-width of the range, half-width of the written digits). The second is what an
    article's own arithmetic is held to (derived claims): there trailing zeros count as
    written, or every slip in a sum would vanish inside them."""
    if rules.exact:
        return 0.0, 0.0
    approximate = marks.approximate
    half = 0.0 if whole_range and not approximate else figure.place / 2
    if approximate:
        half += rules.slack.widening(figure.amount, figure.place)
    return half, 0.0 if whole_digits and not approximate else figure.written / 2


def single(figure: Figure, counted: str, marks: Marks, rules: Rules) -> tuple[float, float, float]:
    """(lower, upper, precision) of one written figure; ``counted`` is the dimension counted
    (``count`` for whole things)."""
    amount, place = figure.amount, figure.place
    whole_range = whole_count(amount, place, counted)
    whole_digits = whole_count(amount, figure.written, counted)
    half, precision = _halves(figure, whole_range, whole_digits, marks, rules)
    lo, hi = amount - half, amount + half
    if marks.odd:
        lo, hi = amount, amount + odd_step(amount / place) * place
    if marks.lower_open:
        lo, hi = amount, INF
    if marks.upper_open:
        lo, hi = -INF if amount < 0 else 0.0, amount
    if marks.nearly:
        lo, hi = amount - place / 2, amount
    return lo, hi, precision


def span(
    low: Figure, high: Figure, counted: str, marks: Marks, rules: Rules
) -> tuple[float, float, float]:
    """(lower, upper, precision) of a range: each end keeps its own precision, and a range
    of whole counts (``4–5 nodes``) is exact at both ends."""
    ends = (low, high)
    whole_range = all(whole_count(f.amount, f.place, counted) for f in ends)
    whole_digits = all(whole_count(f.amount, f.written, counted) for f in ends)
    low_half, low_digits = _halves(low, whole_range, whole_digits, marks, rules)
    high_half, high_digits = _halves(high, whole_range, whole_digits, marks, rules)
    return low.amount - low_half, high.amount + high_half, max(low_digits, high_digits)

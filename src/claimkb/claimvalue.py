"""Reading one claim's value with everything around it that says how: the property's
datatype and dimension, the KB's own units, the currency the property or the source's
country implies, the claim's ``unit:`` and its ``bounds``.

* ``unit:`` gives the unit a value's text leaves out (``29,029`` after "feet" earlier in the
  sentence): the text is read as a bare number, then taken in that unit. A text that writes a
  unit of its own is an error there (two units for one value).
* ``bounds`` override the range the digits imply; when the text cannot be read at all
  (``29,029 and 29,017``), bounds giving both ends *are* the value: a range with no nominal
  amount, in the bounds' unit (or the claim's ``unit:``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from .model import Claim, Property
from .values import DateValue, Quantity, Slack, Value, ValueProblem, parse_quantity, parse_value
from .values.problems import SCOPE
from .values.unitdefs import BARE
from .values.unitexpr import BASE
from .values.units import Context, Unit, fits, read_unit

__all__ = ["Reader", "with_unit"]


def with_unit(quantity: Quantity, unit: Unit) -> Quantity:
    """A bare number's quantity taken in ``unit`` (every amount scaled by its factor)."""
    factor = unit.factor

    def scale(x: float) -> float:
        return x * factor if math.isfinite(x) else x

    return replace(
        quantity,
        nominal=None if quantity.nominal is None else quantity.nominal * factor,
        lower=scale(quantity.lower),
        upper=scale(quantity.upper),
        dimension=unit.dimension,
        unit=unit.symbol,
        factor=factor,
        precision=quantity.precision * factor,
        binary=unit.binary,
    )


@dataclass(frozen=True)
class Reader:
    """Reads claims' values for one property in one context (the KB builds one per property
    and source language)."""

    prop: Property
    dimension: str | None
    """The property's dimension, resolved (``watt`` -> ``power``); None if it names none."""
    context: Context
    statuses: frozenset[str]
    money: bool = False
    """Whether the values may be amounts of money (the source's country then counts)."""

    @property
    def slack(self) -> Slack | None:
        """The property's approximation slack, if it sets one."""
        setting = self.prop.approximation
        return None if setting is None else Slack(setting.digits, setting.percent)

    def read(
        self,
        claim: Claim,
        default_year: int | None,
        resolve: dict[str, str],
        source_date: DateValue | None = None,
    ) -> Value | ValueProblem:
        """The claim's value, or why it cannot be read."""
        if self.context == BASE:  # most properties: no KB units, no currency to settle
            return self._read(claim, default_year, resolve, source_date)
        token = SCOPE.set(self.context)
        try:
            return self._read(claim, default_year, resolve, source_date)
        finally:
            SCOPE.reset(token)

    def _read(
        self,
        claim: Claim,
        default_year: int | None,
        resolve: dict[str, str],
        source_date: DateValue | None,
    ) -> Value | ValueProblem:
        try:
            value = self.value_of(
                claim,
                claim.written,
                default_year,
                resolve,
                source_date=source_date,
                exact=claim.exact,
            )
        except ValueProblem as problem:
            if problem.field != "value" or not _both_bounds(claim):
                return problem
            try:
                return self._from_bounds(claim)
            except ValueProblem as bound_problem:
                return bound_problem
        if claim.bounds is None:
            return value
        try:
            return self._bounded(value, claim)
        except ValueProblem as problem:
            return problem

    def value_of(
        self,
        claim: Claim,
        written: str,
        default_year: int | None,
        resolve: dict[str, str],
        *,
        source_date: DateValue | None = None,
        exact: bool = False,
    ) -> Value:
        """``written`` read as a value of the claim's property, in its unit (``unit:``);
        ``source_date`` is the source's date (dates relative to it), ``exact`` whether the
        figure is exact. Raises :class:`ValueProblem`. Call it in the reader's context
        (``with using(reader.context)``; :meth:`read` does)."""
        datatype = self.prop.datatype.value
        if claim.unit is not None:
            if datatype != "quantity":
                raise ValueProblem("`unit:` applies only to quantity values", "unit")
            return self._quantity(written, claim, self.dimension, own_unit=False, exact=exact)
        return parse_value(
            datatype,
            written,
            dimension=self.dimension,
            default_year=default_year,
            source_date=source_date,
            resolve=resolve,
            statuses=self.statuses,
            exact=exact,
            slack=self.slack,
        )

    def _claim_unit(self, claim: Claim) -> Unit:
        assert claim.unit is not None
        unit = read_unit(claim.unit, self.dimension)
        if isinstance(unit, str):
            raise ValueProblem(f"unit {claim.unit!r}: {unit}", "unit")
        if unit is None:
            raise ValueProblem(f"unit {claim.unit!r} is no unit claimkb knows", "unit")
        if self.dimension is not None and not fits(unit, self.dimension):
            raise ValueProblem(
                f"unit {claim.unit!r} is in {unit.dimension}, but the property expects "
                f"{self.dimension}",
                "unit",
            )
        return unit

    def _quantity(
        self,
        written: str,
        claim: Claim,
        dimension: str | None,
        own_unit: bool,
        exact: bool = False,
    ) -> Quantity:
        """``written`` in the claim's ``unit:`` if it writes none itself (a value may not;
        a bound may, when ``own_unit``), else as written, in ``dimension``."""
        if claim.unit is None:
            return parse_quantity(written, dimension, exact=exact, slack=self.slack)
        unit = self._claim_unit(claim)
        try:
            return with_unit(parse_quantity(written, BARE, exact=exact, slack=self.slack), unit)
        except ValueProblem as bare_problem:
            try:
                own = parse_quantity(written, dimension, exact=exact, slack=self.slack)
            except ValueProblem:
                raise bare_problem from None
            if own_unit:
                return own
            raise ValueProblem(
                f"{written!r} writes its own unit ({own.unit}); `unit:` is for a value "
                "written without one",
                "unit",
            ) from None

    def _bound(self, claim: Claim, name: str, dimension: str | None) -> Quantity:
        assert claim.bounds is not None
        written = getattr(claim.bounds, name)
        try:
            return self._quantity(str(written), claim, dimension, own_unit=True)
        except ValueProblem as problem:
            raise ValueProblem(f"bounds.{name}: {problem}", "bounds") from None

    def _bounded(self, value: Value, claim: Claim) -> Value:
        """Explicit bounds override the range the digits imply."""
        if not isinstance(value, Quantity) or claim.bounds is None:
            raise ValueProblem("bounds apply only to quantity values", "bounds")
        lower, upper = value.lower, value.upper
        for name in ("lower", "upper"):
            if getattr(claim.bounds, name) is None:
                continue
            bound = self._bound(claim, name, value.dimension)  # the value's own currency
            amount = bound.nominal if bound.nominal is not None else getattr(bound, name)
            lower, upper = (amount, upper) if name == "lower" else (lower, amount)
        if lower > upper:
            raise ValueProblem("bounds.lower is above bounds.upper", "bounds")
        if value.nominal is not None and not lower <= value.nominal <= upper:
            raise ValueProblem("the value lies outside its own bounds", "bounds")
        return replace(value, lower=lower, upper=upper)

    def _from_bounds(self, claim: Claim) -> Quantity:
        """A value its text cannot say, stated by its two bounds."""
        assert claim.bounds is not None
        if self.prop.datatype.value != "quantity":
            raise ValueProblem("bounds apply only to quantity values", "bounds")
        low, high = (self._bound(claim, name, self.dimension) for name in ("lower", "upper"))
        if low.dimension != high.dimension:
            raise ValueProblem("bounds.lower and bounds.upper are in different units", "bounds")
        lower = low.nominal if low.nominal is not None else low.lower
        upper = high.nominal if high.nominal is not None else high.upper
        if lower > upper:
            raise ValueProblem("bounds.lower is above bounds.upper", "bounds")
        return replace(high, nominal=None, lower=lower, upper=upper, precision=0.0)


def _both_bounds(claim: Claim) -> bool:
    bounds = claim.bounds
    return bounds is not None and bounds.lower is not None and bounds.upper is not None

"""What every date form shares: the value it reads as, a form waiting for its context, and
the periods of the calendar a date can name.

A written date is read in two steps. Its text becomes a :class:`Form` (cached per distinct
text: many claims write a date the same way), which says what it still needs: nothing
(``2026-11-06``), a year (``November 4``: the year of the claim's source), or the source's
own date (``yesterday``, ``去年``). :func:`resolve` then gives it that context.
"""

from __future__ import annotations

import calendar
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

from .problems import ValueProblem

__all__ = [
    "DateValue",
    "Form",
    "NeedsSourceDate",
    "day",
    "fixed",
    "months",
    "part_of_month",
    "resolve",
    "years",
]


@dataclass(frozen=True, slots=True)
class DateValue:
    earliest: date
    latest: date
    precision: str
    """What was written: ``day``, ``days`` (a range of days), ``week``, ``part-of-month``
    (a third of a month), ``month``, ``quarter``, ``half-year``, ``season``, ``part-of-year``
    (a third of a year), ``year``, ``part-of-decade``, ``decade``, or ``range`` (between two
    dates of coarser precision, or a relative date read against a source dated coarsely)."""

    def to_dict(self) -> dict[str, object]:
        return {
            "type": "date",
            "earliest": self.earliest.isoformat(),
            "latest": self.latest.isoformat(),
            "precision": self.precision,
        }

    @property
    def label(self) -> str:
        if self.earliest == self.latest:
            return self.earliest.isoformat()
        return f"{self.earliest.isoformat()}..{self.latest.isoformat()}"


class NeedsSourceDate(ValueProblem):
    """The date can only be read against its source's date, and the source has none."""


NO_YEAR = "the date has no year and its source has no date to take it from"


@dataclass(frozen=True, slots=True)
class Form:
    """One date as written, before the context it needs is known.

    ``needs`` is ``nothing``, ``year`` (written without a year, or with two digits) or
    ``source`` (relative to the source's own date). ``make`` gives the value: for ``year``
    from 1 January of the year supplied, for ``source`` from one day the source may have been
    written on; for ``nothing`` its argument is ignored. ``missing`` is the problem to report
    when the context is missing."""

    needs: str
    make: Callable[[date], DateValue]
    missing: str = NO_YEAR


def fixed(value: DateValue) -> Form:
    return Form("nothing", lambda _: value)


def relative(written: str, make: Callable[[date], DateValue]) -> Form:
    """A form read against the source's date."""
    return Form(
        "source",
        make,
        f"{written!r} is relative to the date of its source, which has none: "
        "give the source a date (date: 2026-11-06, or 2026-11 if only the month is known)",
    )


def resolve(form: Form, year: int | None, source: DateValue | None) -> DateValue:
    """The value of ``form`` in a source of ``year`` dated ``source``.

    A relative date is read against every day the source may have been written on: a
    source dated ``2026-11`` makes ``yesterday`` the range 2026-10-31..2026-11-29. Each
    ``make`` of a relative form is monotone in the day, so the two ends of the source's
    interval give the two ends of the result."""
    if form.needs == "nothing":
        return _made(form, date.min)
    if form.needs == "year":
        if year is None:
            raise NeedsSourceDate(form.missing)
        if not 1 <= year <= 9999:
            raise ValueProblem(f"the year {year} is outside the calendar claimkb reads")
        return _made(form, date(year, 1, 1))
    if source is None:
        raise NeedsSourceDate(form.missing)
    first, last = _made(form, source.earliest), _made(form, source.latest)
    if first == last:
        return first
    return DateValue(first.earliest, last.latest, "range")


def _made(form: Form, anchor: date) -> DateValue:
    try:
        return form.make(anchor)
    except ValueProblem:
        raise
    except (ValueError, OverflowError):  # a day computed past year 1 or 9999
        raise ValueProblem(
            "the date falls outside the calendar claimkb reads (years 1-9999)"
        ) from None


# -- periods of the calendar -----------------------------------------------------------------


def day(year: int, month: int, number: int) -> date:
    try:
        return date(year, month, number)
    except ValueError:
        if not 1 <= month <= 12:
            raise ValueProblem(f"month {month} does not exist") from None
        raise ValueProblem(f"{year:04d}-{month:02d}-{number:02d} is not a calendar date") from None


def month_end(year: int, month: int) -> int:
    return calendar.monthrange(year, month)[1]


def months(year: int, first: int, last: int, precision: str) -> DateValue:
    """Months ``first`` to ``last`` of ``year``; a month past 12 is in the next year (a winter
    is months 12 to 14 of the year before the one it is named by)."""
    end_year, end_month = year + (last - 1) // 12, (last - 1) % 12 + 1
    if not 1 <= year <= end_year <= 9999:
        raise ValueProblem(f"the year {year} is outside the calendar claimkb reads (1-9999)")
    last_day = month_end(end_year, end_month)
    return DateValue(date(year, first, 1), date(end_year, end_month, last_day), precision)


def years(first: int, last: int, precision: str) -> DateValue:
    if not 1 <= first <= last <= 9999:
        raise ValueProblem(f"the years {first}-{last} are outside the calendar claimkb reads")
    return DateValue(date(first, 1, 1), date(last, 12, 31), precision)


THIRDS = {"early": (1, 10), "mid": (11, 20), "late": (21, 31)}
"""A part of a month by its days; a part of a year or a decade is the same third of it."""


def part_of_month(year: int, month: int, part: str) -> DateValue:
    low, high = THIRDS[part]
    if not 1 <= month <= 12:
        raise ValueProblem(f"month {month} does not exist")
    high = min(high, month_end(year, month))
    return DateValue(day(year, month, low), day(year, month, high), "part-of-month")


def shift_month(year: int, month: int, by: int) -> tuple[int, int]:
    index = year * 12 + month - 1 + by
    return index // 12, index % 12 + 1


def week(of: date, by: int) -> DateValue:
    """The week (Monday to Sunday, as ISO 8601 and Chinese usage count it) ``by`` weeks from
    the one holding ``of``."""
    monday = of - timedelta(days=of.weekday()) + timedelta(weeks=by)
    return DateValue(monday, monday + timedelta(days=6), "week")

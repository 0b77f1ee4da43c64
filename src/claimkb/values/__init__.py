"""Reading written values into comparable ones, by the datatype of the claim's property."""

from __future__ import annotations

from dataclasses import dataclass

from ..namekey import name_key
from .dates import (
    DATE_FORMS,
    DateValue,
    NeedsSourceDate,
    parse_date,
    weekday_disagreement,
    year_of,
)
from .examples import examples
from .numbers import QUANTITY_FORMS, Quantity, Slack, parse_quantity
from .problems import ValueProblem

__all__ = [
    "Boolean",
    "DateValue",
    "EntityName",
    "NeedsSourceDate",
    "Quantity",
    "Slack",
    "Text",
    "Value",
    "ValueProblem",
    "Verdict",
    "expected_forms",
    "name_key",
    "parse_date",
    "parse_quantity",
    "parse_value",
    "weekday_disagreement",
    "year_of",
]


@dataclass(frozen=True, slots=True)
class Text:
    text: str

    @property
    def key(self) -> str:
        return name_key(self.text)

    def to_dict(self) -> dict[str, object]:
        return {"type": "text", "text": self.text}


@dataclass(frozen=True, slots=True)
class Boolean:
    value: bool

    def to_dict(self) -> dict[str, object]:
        return {"type": "boolean", "value": self.value}


@dataclass(frozen=True, slots=True)
class EntityName:
    """An entity-valued claim's value: the name as written and the entity it resolves to."""

    name: str
    entity: str | None

    def to_dict(self) -> dict[str, object]:
        return {"type": "entity", "name": self.name, "entity": self.entity}


@dataclass(frozen=True, slots=True)
class Verdict:
    status: str

    def to_dict(self) -> dict[str, object]:
        return {"type": "verdict", "status": self.status}


Value = Quantity | DateValue | EntityName | Text | Boolean | Verdict

_TRUE = {"true", "yes", "是", "对", "y"}
_FALSE = {"false", "no", "否", "不", "n"}


def parse_boolean(written: str) -> Boolean:
    key = name_key(written)
    if key in _TRUE:
        return Boolean(True)
    if key in _FALSE:
        return Boolean(False)
    raise ValueProblem(f"{written!r} is neither true nor false")


def expected_forms(datatype: str, dimension: str | None = None) -> str:
    """What a value of this datatype looks like, for error messages."""
    if datatype == "quantity":
        if not dimension:
            return f"a quantity (e.g. {QUANTITY_FORMS})"
        forms = examples(dimension)  # forms of another dimension would mislead: none then
        return (
            f"a quantity in {dimension} (e.g. {forms})" if forms else f"a quantity in {dimension}"
        )
    if datatype == "date":
        return f"a date (e.g. {DATE_FORMS})"
    if datatype == "boolean":
        return "true or false"
    if datatype == "verdict":
        return "a status of the verdict scale"
    return datatype


def parse_value(
    datatype: str,
    written: str,
    *,
    dimension: str | None = None,
    default_year: int | None = None,
    source_date: DateValue | None = None,
    resolve: dict[str, str] | None = None,
    statuses: frozenset[str] = frozenset(),
    exact: bool = False,
    slack: Slack | None = None,
) -> Value:
    """Read ``written`` as ``datatype``; raises :class:`ValueProblem` saying what was wrong.

    ``default_year`` and ``source_date`` are the year and the date of the claim's source (a
    date may leave out its year, or be relative to the source's date). ``resolve`` maps
    :func:`name_key` forms of entity names and aliases to entity ids. ``exact`` and ``slack``
    are the claim's exactness and the property's approximation slack (quantities only, see
    :mod:`.precision`).
    """
    if datatype == "quantity":
        return parse_quantity(written, dimension, exact=exact, slack=slack)
    if exact:
        raise ValueProblem("exact applies only to quantity values", "exact")
    if datatype == "date":
        return parse_date(written, default_year, source_date)
    if datatype == "entity":
        if not written.strip():
            raise ValueProblem("the value is empty")
        return EntityName(written, (resolve or {}).get(name_key(written)))
    if datatype == "boolean":
        return parse_boolean(written)
    if datatype == "verdict":
        if written not in statuses:
            raise ValueProblem(f"{written!r} is not one of {', '.join(sorted(statuses))}")
        return Verdict(written)
    return Text(written)

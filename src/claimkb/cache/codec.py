"""Turning loaded records and findings into plain data the cache can store, and back.

The cache keeps what reading a file produced - validated records with their locations, and
the findings met on the way - so that an unchanged file is never parsed or validated again.
Records are stored as the plain values of their fields (enums as their values, nested models
as their fields) and brought back with the same attributes pydantic's own ``model_construct``
sets, without running validation again: they were validated when the file was read, and the
cache holds them only for content with the same hash.

Everything encoded here is data :mod:`marshal` accepts exactly (``str``, ``int``, ``float``,
``bool``, ``None``, tuples, lists, dicts and sets of them; subclasses are refused). Anything
else raises :class:`Unencodable`, and the caller simply does not cache that file: a value the
codec does not understand is never stored approximately.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from ..catalogue import Severity
from ..findings import Finding

__all__ = ["Unencodable", "encode_record", "revive_record", "encode_finding", "revive_finding"]

_PLAIN = (str, int, float, bool, type(None))
_new = object.__new__
_set = object.__setattr__


class Unencodable(TypeError):
    """A value the cache cannot store exactly."""


Codec = tuple[Callable[[Any], Any], Callable[[Any], Any]] | None
"""(encode, decode) for a field, or None when its values are stored as they are."""


def _codec(annotation: Any) -> Codec:
    """How to store values of ``annotation``; :class:`Unencodable` for a type not understood."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _codec(typing.get_args(annotation)[0])
    if annotation in _PLAIN:
        return None
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        members = annotation._value2member_map_
        return (lambda member: member.value, members.__getitem__)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        layout = _layout(annotation)
        return (
            lambda model: _encode_model(model, layout),
            lambda data: _revive_model(annotation, layout, data),
        )
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(annotation) if a is not type(None)]
        codecs = [_codec(a) for a in options]
        if all(c is None for c in codecs):
            return None
        if len(codecs) == 1:
            encode, decode = codecs[0]  # type: ignore[misc]
            return (
                lambda v: None if v is None else encode(v),
                lambda v: None if v is None else decode(v),
            )
        raise Unencodable(f"a union of structured types: {annotation!r}")
    if origin in (list, dict, tuple, set, frozenset):
        if any(_codec(a) is not None for a in typing.get_args(annotation) if a is not Ellipsis):
            raise Unencodable(f"a container of structured values: {annotation!r}")
        return None
    raise Unencodable(f"a field type the cache does not know: {annotation!r}")


Layout = tuple[tuple[str, ...], tuple[tuple[str, Codec], ...]]
"""A model's field names in order, and the (name, codec) of the fields that need one."""

_LAYOUTS: dict[type[BaseModel], Layout] = {}


def _layout(model: type[BaseModel]) -> Layout:
    found = _LAYOUTS.get(model)
    if found is None:
        names = tuple(model.model_fields)
        coded = tuple(
            (name, codec)
            for name in names
            if (codec := _codec(model.model_fields[name].annotation)) is not None
        )
        found = _LAYOUTS[model] = (names, coded)
    return found


def _encode_model(model: BaseModel, layout: Layout) -> tuple[Any, ...]:
    """(fields, fields set, private attributes): the fields as a dict in field order, with
    coded values replaced. marshal rebuilds each dict directly, which is what makes reading
    a cache of 100,000 records fast."""
    names, coded = layout
    fields = model.__dict__
    if tuple(fields) != names or model.__pydantic_extra__:
        raise Unencodable(f"{type(model).__name__} holds values beyond its fields")
    if coded:
        fields = dict(fields)
        for name, (encode, _) in coded:  # type: ignore[misc]
            fields[name] = encode(fields[name])
    return (fields, model.__pydantic_fields_set__, model.__pydantic_private__)


def _revive_model(model: type[BaseModel], layout: Layout, data: tuple[Any, ...]) -> BaseModel:
    fields, fields_set, private = data
    for name, (_, decode) in layout[1]:  # type: ignore[misc]
        fields[name] = decode(fields[name])
    revived = _new(model)
    _set(revived, "__dict__", fields)
    _set(revived, "__pydantic_fields_set__", fields_set)
    _set(revived, "__pydantic_extra__", None)
    _set(revived, "__pydantic_private__", private)
    return revived


def encode_record(record: BaseModel) -> tuple[Any, ...]:
    """A validated record (with its location) as plain data."""
    return _encode_model(record, _layout(type(record)))


def revive_record(model: type[BaseModel], data: tuple[Any, ...]) -> BaseModel:
    """The record :func:`encode_record` stored, equal to the one that was validated."""
    return _revive_model(model, _layout(model), data)


def encode_finding(finding: Finding) -> tuple[Any, ...]:
    return (
        finding.slug,
        finding.file,
        finding.line,
        finding.claims,
        dict(finding.args),
        None if finding.severity is None else finding.severity.value,
        finding.triaged_by,
    )


def revive_finding(data: tuple[Any, ...]) -> Finding:
    slug, file, line, claims, args, severity, triaged_by = data
    return Finding(
        slug=slug,
        file=file,
        line=line,
        claims=tuple(claims),
        args=args,
        severity=None if severity is None else Severity(severity),
        triaged_by=triaged_by,
    )

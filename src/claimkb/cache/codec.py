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

from ..errors import ClaimkbError
from ..model import shared_fields

__all__ = ["Unencodable", "encode_record", "revive_record"]

_PLAIN = (str, int, float, bool, type(None))
_new = object.__new__
_set = object.__setattr__


class Unencodable(ClaimkbError, TypeError):
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


Layout = tuple[tuple[str, ...], tuple[tuple[int, Codec], ...]]
"""A model's field names in order, and the (index, codec) of the fields that need one."""

_LAYOUTS: dict[type[BaseModel], Layout] = {}


def _layout(model: type[BaseModel]) -> Layout:
    found = _LAYOUTS.get(model)
    if found is None:
        names = tuple(model.model_fields)
        coded = tuple(
            (index, codec)
            for index, name in enumerate(names)
            if (codec := _codec(model.model_fields[name].annotation)) is not None
        )
        found = _LAYOUTS[model] = (names, coded)
    return found


def _values(model: BaseModel, layout: Layout) -> tuple[Any, ...]:
    names, coded = layout
    fields = model.__dict__
    if tuple(fields) != names or model.__pydantic_extra__:
        raise Unencodable(f"{type(model).__name__} holds values beyond its fields")
    values = tuple(fields.values())
    if coded:
        listed = list(values)
        for index, (encode, _) in coded:  # type: ignore[misc]
            listed[index] = encode(listed[index])
        values = tuple(listed)
    return values


def _fields(layout: Layout, values: tuple[Any, ...]) -> dict[str, Any]:
    names, coded = layout
    fields = dict(zip(names, values, strict=True))
    for index, (_, decode) in coded:  # type: ignore[misc]
        name = names[index]
        fields[name] = decode(fields[name])
    return fields


def _encode_model(model: BaseModel, layout: Layout) -> tuple[Any, ...]:
    """A nested model (no location): (values in field order, fields set)."""
    if model.__pydantic_private__:
        raise Unencodable(f"{type(model).__name__} has private attributes")
    return (_values(model, layout), tuple(sorted(model.__pydantic_fields_set__)))


def _revive_model(model: type[BaseModel], layout: Layout, data: tuple[Any, ...]) -> BaseModel:
    values, fields_set = data
    revived = _new(model)
    _set(revived, "__dict__", _fields(layout, values))
    _set(revived, "__pydantic_fields_set__", set(fields_set))
    _set(revived, "__pydantic_extra__", None)
    _set(revived, "__pydantic_private__", None)
    return revived


def encode_record(record: Any, file: str) -> tuple[Any, ...]:
    """A validated record read from ``file`` (a :class:`claimkb.model.Located`) as plain data:
    (its fields as a dict, coded values replaced; the fields set, or None when it is the set
    of keys written; its line; the line of each key). marshal rebuilds those dicts faster
    than Python could from tuples, and reading them back is most of the cost of answering a
    query from the cache."""
    location = record.__pydantic_private__
    line = location.get("_line") if location else None
    key_lines = location.get("_key_lines") if location else None
    if len(location or ()) != 3 or location.get("_file") != file or key_lines is None:
        raise Unencodable("a record without the location claimkb gives it in this file")
    if type(line) is not int or type(key_lines) is not dict:
        raise Unencodable("a record located in an unusual way")
    model = type(record)
    count, encode = _ENCODERS[model] if model in _ENCODERS else _encoder(model)
    fields = record.__dict__
    if len(fields) != count or record.__pydantic_extra__:
        raise Unencodable(f"{model.__name__} holds values beyond its fields")
    if encode is not None:
        fields = encode(fields)
    fields_set = record.__pydantic_fields_set__
    given = None if fields_set == key_lines.keys() else tuple(sorted(fields_set))
    return (fields, given, line, key_lines)


FieldsEncoder = Callable[[dict[str, Any]], dict[str, Any]]

_ENCODERS: dict[type[BaseModel], tuple[int, FieldsEncoder | None]] = {}


def _encoder(model: type[BaseModel]) -> tuple[int, FieldsEncoder | None]:
    """(how many fields ``model`` has, what turns a record's fields dict into a copy with its
    coded values encoded; None when nothing needs encoding), built once per model. A coded
    field holding None (an optional nested model left out, as most are) is kept as it is
    without a call."""
    names, coded = _layout(model)
    steps = [(names[index], encode) for index, (encode, _) in coded]  # type: ignore[misc]

    def encode_fields(fields: dict[str, Any]) -> dict[str, Any]:
        copied = dict(fields)
        for name, encode in steps:
            value = copied[name]
            if value is not None:
                copied[name] = encode(value)
        return copied

    found = _ENCODERS[model] = (len(names), encode_fields if steps else None)
    return found


_DECODERS: dict[type[BaseModel], Callable[[dict[str, Any]], None] | None] = {}


def _decoder(model: type[BaseModel]) -> Callable[[dict[str, Any]], None] | None:
    """What turns a stored fields dict of ``model`` back into its values, in place (None when
    nothing needs turning back); built once per model."""
    if model in _DECODERS:
        return _DECODERS[model]
    names, coded = _layout(model)
    steps = [(names[index], decode) for index, (_, decode) in coded]  # type: ignore[misc]

    def decode_fields(fields: dict[str, Any]) -> None:
        for name, decode in steps:
            fields[name] = decode(fields[name])

    found = _DECODERS[model] = decode_fields if steps else None
    return found


def revive_record(model: type[BaseModel], data: tuple[Any, ...], file: str) -> BaseModel:
    """The record :func:`encode_record` stored, equal to the one that was validated."""
    fields, given, line, key_lines = data
    decode = _DECODERS[model] if model in _DECODERS else _decoder(model)
    if decode is not None:
        decode(fields)
    revived = _new(model)
    _set(revived, "__dict__", fields)
    _set(revived, "__pydantic_fields_set__", shared_fields(key_lines if given is None else given))
    _set(revived, "__pydantic_extra__", None)
    _set(revived, "__pydantic_private__", {"_file": file, "_line": line, "_key_lines": key_lines})
    return revived

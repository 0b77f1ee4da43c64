"""Turning pydantic's validation errors into located, plainly worded findings.

pydantic reports a path into the input (``('qualifiers', 'as_of')``) and an error type. The
path is walked through the :class:`~claimkb.yamlio.LocatedDict` that was validated to find the
line, the error type picks the finding code (missing-field, unknown-field, wrong-type,
invalid-value), and the wording says what to write instead.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from pydantic import BaseModel, ValidationError

from .findings import Finding, make
from .yamlio import LocatedDict, LocatedList

_TYPE_WORDS = {
    "string_type": "text",
    "str_type": "text",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "list_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
}


def type_name(value: Any) -> str:
    """How a finding names the type of what was written (``a list``, ``text`` ...)."""
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _locate(data: LocatedDict, loc: tuple[Any, ...]) -> tuple[int, tuple[Any, ...], Any, bool]:
    """Follow ``loc`` through the data: (line, the part of loc that names real fields, the
    value there, whether the whole path exists)."""
    line = data.line
    current: Any = data
    walked: list[Any] = []
    for part in loc:
        if isinstance(current, LocatedDict) and part in current:
            line = current.line_of(part)
            current = current[part]
        elif isinstance(current, LocatedList) and isinstance(part, int) and part < len(current):
            line = current.item_lines[part]
            current = current[part]
        else:
            return line, tuple(walked), current, False
        walked.append(part)
    return line, tuple(walked), current, True


def _dotted(path: tuple[Any, ...]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def findings_for(
    exc: ValidationError,
    data: LocatedDict,
    model: type[BaseModel],
    file: str,
    what: str,
    claims: tuple[str, ...] = (),
) -> list[Finding]:
    """One finding per field that failed (union alternatives are merged into one), each
    naming ``claims`` (the claim's id, when the record is a claim with one)."""
    grouped: dict[tuple[Any, ...], list[Any]] = {}
    located: dict[tuple[Any, ...], tuple[int, Any, bool]] = {}
    for error in exc.errors(include_url=False):
        loc = tuple(error["loc"])
        line, walked, value, exists = _locate(data, loc)
        key = loc if error["type"] in ("missing", "extra_forbidden") else walked
        grouped.setdefault(key, []).append(error)
        located[key] = (line, value, exists)

    findings: list[Finding] = []
    for path, errors in grouped.items():
        line, value, _ = located[path]
        field = _dotted(path) or "(record)"
        kinds = {e["type"] for e in errors}
        if "missing" in kinds:
            findings.append(make("missing-field", file, line, claims, what=what, field=field))
        elif "extra_forbidden" in kinds:
            known = list(model.model_fields) if len(path) == 1 else []
            close = difflib.get_close_matches(str(path[-1]), known, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            findings.append(
                make("unknown-field", file, line, claims, what=what, field=field, hint=hint)
            )
        elif kinds & set(_TYPE_WORDS) and not kinds - set(_TYPE_WORDS) - {"union_tag_invalid"}:
            wanted = sorted({_TYPE_WORDS[k] for k in kinds if k in _TYPE_WORDS})
            detail = f"should be {' or '.join(wanted)}, not {type_name(value)}"
            findings.append(
                make("wrong-type", file, line, claims, what=what, field=field, detail=detail)
            )
        else:
            findings.append(
                make(
                    "invalid-value",
                    file,
                    line,
                    claims,
                    what=what,
                    field=field,
                    detail=_invalid_detail(errors[0], value),
                )
            )
    return findings


def _invalid_detail(error: dict[str, Any], value: Any) -> str:
    kind = error["type"]
    ctx = error.get("ctx") or {}
    shown = repr(value) if isinstance(value, str | int) else type_name(value)
    if kind == "enum":
        allowed = str(ctx.get("expected", "")).replace(chr(39), "")
        choices = re.split(r", | or ", allowed)
        close = difflib.get_close_matches(str(value), choices, n=1) if value is not None else []
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        return f"is {shown}; allowed: {allowed}{hint}"
    if kind == "string_pattern_mismatch":
        if "A-Za-z0-9._~-" in str(ctx.get("pattern", "")):
            return (
                f"is {shown}; an id starts with a letter or digit and uses only letters, "
                "digits and . _ ~ - (at most 128 characters)"
            )
        return f"is {shown}; it does not match the expected form {ctx.get('pattern')}"
    if kind in ("string_too_short", "too_short"):
        return "must not be empty"
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        return f"is {shown}; {error['msg'].lower()}"
    return f"is {shown}: {error['msg']}"

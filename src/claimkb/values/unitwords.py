"""One written unit word as pint reads it (``TB``, ``feet``, ``kilowatts``, ``TFLOPS``).

pint reads ``units`` as micro-nits and ``pins`` as pico-inches. Where a word may be a counted
noun (``48 units``), a reading is accepted only when it is written in one style: a unit alone
(``ft``, ``feet``), a prefix name before a unit name (``kilometres``), or a prefix symbol before
a unit symbol (``km``, ``TB``, ``Gbps``). The domain's own base units are read without pint,
and so is every word a run before already read (:mod:`.unitmemo`).
"""

from __future__ import annotations

import functools
from typing import Any

from . import unitdefs
from .unitreg import Measure, measure_of, registry, remembered

__all__ = ["domain_bases", "pint_word"]


def _style(ureg: Any, form: str, prefix: str, unit: str) -> int | None:
    """How ``form`` spells (prefix, unit): 0 a unit alone, 1 a consistent prefixed form,
    2 a mixed one (``u`` + ``nits``); None if it cannot be spelt so (pint's guesses)."""
    definition = ureg._units[unit]
    bare = definition.symbol in (None, "", unit)
    unit_forms = {definition.name: "name", **dict.fromkeys(definition.aliases, "alias")}
    if not bare:
        unit_forms[definition.symbol] = "symbol"
    if prefix:
        p = ureg._prefixes[prefix]
        prefixes = [(p.name, "name"), (p.symbol, "symbol"), *((a, "alias") for a in p.aliases)]
    else:
        prefixes = [("", "")]
    for spelt, pstyle in prefixes:
        if (prefix and not spelt) or not form.startswith(spelt):
            continue
        body = form[len(spelt) :]
        for stem, plural in ((body, False), (body[:-1], True), (body[:-2], True)):
            ustyle = unit_forms.get(stem)
            if ustyle is None or (plural and not body.endswith("s")):
                continue
            if not prefix:
                return 0
            if pstyle == "name" and ustyle != "symbol":
                return 1
            symbolic = ustyle in ("symbol", "alias") or bare
            if pstyle == "symbol" and spelt in unitdefs.STRICT_PREFIXES and symbolic:
                return 1 if (not plural or (bare and ustyle == "name")) else 2
            return 2
    return None


@functools.cache
def domain_bases() -> dict[str, Measure]:
    """The domain's base units (``parameter = [parameter] = _ = param``) by name, alias and
    plural, read from their definitions without pint: ``2.8 trillion parameters`` or
    ``1 million tokens`` costs no registry. pint reads them the same (a test checks)."""
    found: dict[str, Measure] = {}
    for line in unitdefs.DOMAIN:
        name, _, rest = (part.strip() for part in line.partition("="))
        parts = [p.strip() for p in rest.split("=")]
        if not (parts[0].startswith("[") and parts[0].endswith("]")):
            continue
        measure = Measure(1.0, ((name, 1.0),), name)
        for form in (name, *(p for p in parts[1:] if p != "_")):
            found.setdefault(form, measure)
            found.setdefault(form + "s", measure)
    return found


@functools.cache
def pint_word(form: str, strict: bool) -> Measure | str | None:
    """One written word as pint reads it (``TB``, ``feet``, ``kilowatts``, ``TFLOPS``), or a
    problem, or None. ``strict``: where the word may be a counted noun (see module doc)."""
    if len(form) == 1 and form not in unitdefs.ONE_LETTER:
        return None
    if strict and form in unitdefs.AFTER_NUMBERS:
        return None
    own = domain_bases().get(form)
    if own is not None:
        return own
    return remembered(("word", form, strict), lambda: _read_with_pint(form, strict))


def _read_with_pint(form: str, strict: bool) -> Measure | str | None:
    ureg = registry()
    try:
        candidates = ureg.parse_unit_name(form)
    except Exception:  # noqa: BLE001 - pint's parser on arbitrary text: any failure is "no"
        return None
    ranked = []
    for prefix, unit, _ in candidates:
        style = _style(ureg, form, prefix, unit)
        if style is None or (strict and (style > 1 or unit in unitdefs.HOMONYMS)):
            continue
        ranked.append((style, prefix != "", prefix, unit))
    if not ranked:
        return None
    _, _, prefix, unit = min(ranked)
    return measure_of(ureg, prefix, unit)


def pint_run_starts() -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(the first segments of pint's unit names, symbols and aliases that hold ``_``, pint's
    prefixes), for :mod:`.unitstarts`; kept between runs like the readings (:mod:`.unitmemo`),
    so it costs no registry once known. None when they could not rule anything out (a name
    or prefix that would leave a first segment empty, a registry that ignores case)."""
    from .unitmemo import memo

    known, found = memo().get(("run-starts",))
    if not known:
        found = _run_starts()
        memo().put(("run-starts",), found)
    return found


def _run_starts() -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    ureg = registry()
    names = [*ureg._units, *domain_bases()]
    firsts = {name.split("_", 1)[0] for name in names if "_" in name}
    prefixes = set(ureg._prefixes)
    if not ureg.case_sensitive or "" in firsts or any("_" in p for p in prefixes):
        return None
    return tuple(sorted(firsts)), tuple(sorted(prefixes))

"""The command line's regular expressions, compiled once and kept between runs.

Python compiles each regular expression a process uses, most of them as the module holding
it is imported: for ``claimkb draft`` about 150 (claimkb's own, pydantic's, rich's and the
standard library's), a fifth of what starting the command costs and the same work in every
run. Python's compiler turns a pattern into a list of integers, the matcher's code, which
``_sre.compile`` makes a pattern of; the command line keeps those lists (as their bytes) in
the user's cache directory (never in the KB), filed under the exact interpreter that made
them, and a later run makes each pattern it met before from its list instead of compiling it
again.

This rests on the interpreter's own compiler (``re._parser.parse``, ``re._compiler._code``,
``_sre.compile``, as ``re._compiler.compile`` calls them in CPython 3.11 to 3.13), so it is
used only there; a pattern is compiled by Python itself whenever anything is not as expected:
a damaged file, code the matcher refuses (it validates what it is given), a pattern Python
rejects (its error is Python's own). Only the command line installs it (a library caller's
``re`` is left alone), and not with caching off (``CLAIMKB_NO_CACHE``). A pattern made from
its kept code is the pattern Python compiles: patterns compare equal only when their code
does, and a test compares every pattern a draft and a check meet.
"""

from __future__ import annotations

import hashlib
import sys
from array import array
from typing import Any

from .keptfile import Additions, read
from .userdirs import cache_base, caching_disabled

__all__ = ["install", "installed"]

FORMAT = 2
"""The layout of the kept entries (part of the file's name: another layout starts afresh)."""
MAX_PATTERNS = 600
"""The most patterns kept (the newest). A command meets 100-250; some are written anew in
every process (the standard library's tokenizer builds one from a set, whose order changes
with the hash seed: each cold check adds one), so the oldest make way, and a pattern still in
use that made way is compiled once more and kept again."""
_VERSIONS = ((3, 11), (3, 12), (3, 13))
"""The CPython versions whose ``re._compiler.compile`` this module does as they do."""

_Entry = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]
"""A pattern's flags, its code (the words in machine order: one bytes object is read back
at once, where a list of a thousand integers is read back integer by integer, and only the
patterns a run meets are made lists again), its groups and their names."""

_installed = False


def installed() -> bool:
    """Whether this process makes its patterns through the kept code."""
    return _installed


def install() -> None:
    """Have this process's ``re`` make the patterns it met in earlier runs from their kept
    code, and keep the code of those it compiles, written as the process ends
    (:mod:`claimkb.ending`). Called once by the command line, before it imports the rest."""
    global _installed
    if _installed or caching_disabled():
        return
    if sys.implementation.name != "cpython" or sys.version_info[:2] not in _VERSIONS:
        return
    try:
        import _sre
        from re import _compiler, _parser  # type: ignore[attr-defined]

        original = _compiler.compile
        parse, code_of, make = _parser.parse, _compiler._code, _sre.compile
        word = next(t for t in "IL" if array(t).itemsize == _sre.CODESIZE)
        path = cache_base() / "regex" / f"{_fingerprint(_sre)}.marshal"
    except Exception:  # noqa: BLE001 - no compiler as expected, or no cache place: none kept
        return
    kept = read(path) or {}
    new = Additions(path, MAX_PATTERNS)

    def compile(pattern: Any, flags: int = 0) -> Any:
        if type(pattern) is not str or flags & _compiler.SRE_FLAG_DEBUG:
            return original(pattern, flags)
        key = (pattern, int(flags))
        entry = kept.pop(key, None)  # the pattern holds its own copy of the code
        if entry is not None:
            try:
                code = array(word, entry[1]).tolist()
                return make(pattern, entry[0], code, *entry[2:])
            except Exception:  # noqa: BLE001 - refused or damaged: compiled afresh below
                pass
        try:
            parsed = parse(pattern, flags)
            state = parsed.state
            groupindex = dict(state.groupdict)
            indexgroup: list[str | None] = [None] * state.groups
            for name, index in groupindex.items():
                indexgroup[index] = name
            code = [int(one) for one in code_of(parsed, flags)]
            groups, flags_made = state.groups - 1, int(flags | state.flags)
            compiled = make(pattern, flags_made, code, groups, groupindex, tuple(indexgroup))
            made: _Entry = (
                flags_made,
                array(word, code).tobytes(),
                groups,
                groupindex,
                tuple(indexgroup),
            )
        except Exception:  # noqa: BLE001 - Python's own compile, and its own error if any
            return original(pattern, flags)
        new.put(key, made)
        return compiled

    _compiler.compile = compile
    _installed = True


def _fingerprint(sre: Any) -> str:
    """The interpreter and matcher the kept code is for."""
    made_by = (FORMAT, sys.version, sys.implementation.cache_tag, sre.MAGIC, sre.CODESIZE)
    return hashlib.blake2b(repr(made_by).encode(), digest_size=16).hexdigest()

"""What a written quantity must not hold before it is read: KB content is untrusted input.

A value longer than :data:`MAX_LENGTH` characters is refused at once, so that no reading costs
more than a bounded amount of work whatever a pull request writes. An invisible or format
character (Unicode category Cf: zero-width space, word joiner, soft hyphen, bidirectional
marks ...) or a control character is refused and named by its code point: ``12\\u200b3``
looks like 123 but would otherwise read as 12. A number with a radix prefix (``0x1F``,
``0b101``, ``0o17``) is refused with its decimal value, never read as 0 of something.
"""

from __future__ import annotations

import re
import unicodedata

from .problems import ValueProblem

__all__ = ["MAX_LENGTH", "screen"]

MAX_LENGTH = 200
"""The longest written quantity claimkb reads, in characters. The longest forms people write
("approximately 2 hours, 1 minute and 9 seconds", "400 million packets per second") are a
fraction of it; the passage around a figure belongs in the claim's quote."""

_RADIX = re.compile(
    r"(?<![\w.])[-+]?0(?:(?P<x>[xX][0-9A-Fa-f]+)|(?P<b>[bB][01]+)|(?P<o>[oO][0-7]+))(?![\w.])"
)
_BASES = {"x": (16, "a hexadecimal"), "b": (2, "a binary"), "o": (8, "an octal")}
_ALLOWED_CONTROLS = frozenset("\t\n\r")
_ASCII_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
"""The ASCII characters the loop below refuses (ASCII has no other invisible kind): text
of ASCII without them is not looked at character by character."""


def screen(text: str) -> None:
    """Raise :class:`ValueProblem` if ``text`` is too long, holds an invisible or control
    character, or writes a number with a radix prefix."""
    if len(text) > MAX_LENGTH:
        raise ValueProblem(
            f"the value is {len(text):,} characters long; claimkb reads a quantity of at most "
            f"{MAX_LENGTH} (write the figure alone and keep the passage in the quote)"
        )
    for index, ch in enumerate(text if not text.isascii() or _ASCII_CONTROL.search(text) else ""):
        category = unicodedata.category(ch)
        if category in ("Cf", "Cs", "Co", "Cn") or (
            category == "Cc" and ch not in _ALLOWED_CONTROLS
        ):
            name = unicodedata.name(ch, "an unnamed character")
            where = f"after {text[:index][-12:]!r}" if index else "at the start"
            raise ValueProblem(
                f"the value holds U+{ord(ch):04X} ({name}), an invisible or control "
                f"character, {where}: delete it"
            )
    match = _RADIX.search(text)
    if match:
        kind = next(k for k in _BASES if match.group(k))
        base, name = _BASES[kind]
        written = match.group(0)
        digits = match.group(kind)[1:]
        sign = "-" if written.startswith("-") else ""
        raise ValueProblem(
            f"{written!r} is {name} number; claimkb reads decimal numbers only "
            f"(write {sign}{int(digits, base)})"
        )

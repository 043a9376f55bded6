"""Text typed by people (reasons, orders) or written in data files (names): printable only.

A control character in a name or a reason is never meant: it makes an SVG picture ill-formed
(XML cannot hold most of them, not even escaped), moves the cursor of a terminal, and a NUL
cannot be stored by PostgreSQL at all (SQLite would store it, so the two backends would
disagree about the same order); a bidirectional override makes a line read otherwise than it
was written. Such text is refused where it comes in, the same way on every
backend; a tab is the one control character accepted (it is whitespace).
"""

from __future__ import annotations

import unicodedata

from campaign.rules.errors import InvalidOrderError

#: The longest reason a referee or player may give (the log shows it on one line).
MAX_REASON_CHARS = 500
#: Never text: the non-characters, and the bidirectional embedding, override and isolate
#: controls (U+202A-U+202E, U+2066-U+2069), which turn the rest of a line around on the
#: reader's screen, so that a reason sent to the other player reads otherwise than it was
#: written (found by use, December 7, late night).
_NEVER = frozenset(
    "\ufffe\uffff" + "".join(chr(code) for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
)
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})


def control_character(text: str) -> str | None:
    """The first character of ``text`` that is refused (``U+0000`` form), or ``None``."""
    for character in text:
        if character == "\t":
            continue
        if character in _NEVER or unicodedata.category(character) in _REFUSED_CATEGORIES:
            return f"U+{ord(character):04X}"
    return None


def check_reason(text: str, what: str = "the reason") -> str:
    """``text`` without blanks at either end, refused (``InvalidOrderError``, one line) when it
    is empty, longer than ``MAX_REASON_CHARS`` or holds a control character."""
    reason = text.strip()
    if not reason:
        raise InvalidOrderError(f"DN-ERR-1: give {what}: it is logged")
    if len(reason) > MAX_REASON_CHARS:
        raise InvalidOrderError(
            f"DN-ERR-1: {what} has {len(reason)} characters, at most {MAX_REASON_CHARS}"
        )
    found = control_character(reason)
    if found is not None:
        raise InvalidOrderError(
            f"DN-ERR-1: {what} holds the control character {found}; type printable text only"
        )
    return reason

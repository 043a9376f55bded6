"""Text put into the screens' markup as it is written.

Textual reads every ``[…]`` of a markup string as a style tag, whatever its case: ``[COUNT]``,
``[ENGAGEMENTS]`` or ``[fix per rule]`` vanished from a text shown with markup. Rich's
``escape`` (and Textual's, its copy) escapes only tags that begin with a lower-case letter,
``#``, ``/`` or ``@``, so an order's usage lost its optional blanks in the status line and
the notifications (found by use: "(usage: aslan target BATTLE UNITS )" for "… UNITS
[ENGAGEMENTS])"). Here every ``[`` is escaped: a backslash before it keeps it a character.
"""

from __future__ import annotations


def escape(text: str) -> str:
    """``text`` as markup that shows it character for character (every ``[`` escaped)."""
    return text.replace("[", r"\[")

"""How values are written in the one-line order notation (``docs/engine.md``, "Notation").

A leaf module shared by the two directions: ``Order.to_notation`` (``base.py``) writes an order
with these functions and ``notation.parse_order`` reads the same tokens back. Lists are
comma-joined (``A-CL-1,A-DD-2``), an empty list or ``None`` is ``-``, locations are their text
(``hex:SYS``), booleans are ``yes``/``no``, and a token with spaces or quotes is double-quoted.
"""

from enum import Enum
from typing import Any

from campaign.rules.ids import Side
from campaign.rules.model import Model

#: The first word of a referee's order (a player's is the side's name).
REFEREE = "referee"


def side_text(side: Side | None) -> str:
    """The first word of an order given by ``side`` (None: the referee)."""
    return REFEREE if side is None else side.value


def format_value(value: Any) -> str:
    """One field value as a notation token (before quoting)."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, Model) and hasattr(value, "to_text"):  # a Location
        return str(value.to_text())
    if isinstance(value, list | tuple | frozenset | set):
        items = sorted(value) if isinstance(value, frozenset | set) else value
        return ",".join(format_value(item) for item in items) if items else "-"
    return str(value)


def quote(token: str, *, also: str = "") -> str:
    """Double-quote a token that shell-style splitting would otherwise break up (and one holding
    any character of ``also``: the position text separates records with ``;``)."""
    if token and not any(c in token for c in " \t'\"\\#" + also):
        return token
    return '"' + token.replace("\\", "\\\\").replace('"', '\\"') + '"'

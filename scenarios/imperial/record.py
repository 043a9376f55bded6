"""Saved Imperial games: the start position text, then one order per line (IMP notation).

Replaying the orders from the start keeps the whole log, so a loaded game can still be undone
order by order. Pure text in and out: the screen reads and writes the files.
"""

from __future__ import annotations

import json

from pydantic import ValidationError

from scenarios.imperial.game import TEXT_PREFIX, ImperialGame, ImperialState
from scenarios.imperial.notation import NOTATION_RULE
from scenarios.imperial.state import State
from scenarios.protocol import IllegalActionError, NotationError

HEADER = "# Imperial saved game: the start position, then one order per line"
#: Longest order line read (the longest order, a hostile army move between the two longest
#: region keys, is under 60 characters): a longer line is refused without quoting it whole.
MAX_ORDER_CHARS = 100
#: How much of a refused long line the message quotes.
QUOTED_CHARS = 40


class ImperialRecordError(ValueError):
    """A saved game that cannot be read; the message names the source and line, then the rule:
    the notation's (IMP-22) for a file that breaks the save's form or an order that cannot be
    read, the open decision's for an order not legal where it stands."""


def _refusal(where: str, reason: str) -> ImperialRecordError:
    """The refusal of a save's line that breaks the save's form (IMP-22)."""
    return ImperialRecordError(f"{where}: {NOTATION_RULE}: {reason}")


def game_record(game: ImperialGame, position: ImperialState) -> str:
    """The text of a saved game: header, start position, the orders played so far."""
    start = game.new_initial_state().to_text()
    orders = [position.action_to_text(order) for order in position.orders()]
    return "\n".join([HEADER, start, *orders]) + "\n"


def parse_game_record(text: str, source: str = "<text>") -> tuple[ImperialGame, ImperialState]:
    """The game and position of a saved game; ``ImperialRecordError`` naming the line. A refused
    order is quoted once: its refusal quotes it already (the file's refusal quoted it twice)."""
    game: ImperialGame | None = None
    position: ImperialState | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if position is None or game is None:
            game, position = _start(line, f"{source}:{number}")
            continue
        _check_order_line(line, f"{source}:{number}")
        try:
            position.apply_action(position.text_to_action(line))
        except (NotationError, IllegalActionError) as error:
            raise ImperialRecordError(f"{source}:{number}: {error}") from None
    if position is None or game is None:
        raise _refusal(source, f"no start position line ({TEXT_PREFIX!r}...)")
    return game, position


def _check_order_line(line: str, where: str) -> None:
    """Refuse a second start position or a line too long to be an order, in a short message
    (the order's refusal quoted the whole line, twice: thousands of characters of notice)."""
    if line.startswith(TEXT_PREFIX):
        raise _refusal(
            where, "a second start position line (a saved game has one, then the orders)"
        )
    if len(line) > MAX_ORDER_CHARS:
        raise _refusal(
            where,
            f"{len(line):,} characters, longer than any order (it begins {line[:QUOTED_CHARS]!r})",
        )


def _start(line: str, where: str) -> tuple[ImperialGame, ImperialState]:
    if not line.startswith(TEXT_PREFIX):
        raise _refusal(where, f"the first line must be the start position ({TEXT_PREFIX!r}...)")
    try:
        options = State.from_dict(json.loads(line[len(TEXT_PREFIX) :])).options
    except json.JSONDecodeError as error:
        raise _refusal(
            where, f"the start position is not readable ({error.msg} at column {error.colno})"
        ) from None
    except KeyError as error:
        raise _refusal(where, f"the start position lacks the field {error.args[0]!r}") from None
    except (ValueError, TypeError, IndexError, ValidationError):  # never the raw library text
        raise _refusal(
            where, "the start position is damaged (a field holds a value of the wrong kind)"
        ) from None
    game = ImperialGame(options)
    position = game.new_initial_state()
    if position.to_text() != line:
        raise _refusal(where, "not the start position of a game with these options")
    return game, position

"""Strict dice on the sender's machine (issue 34, ADR 0028, docs/turn-files.md "Strict
dice"): an order that rolls is **held**, not decided, because its dice need the other side's
contribution, which that side opens only after the order is fixed.

- ``decide``: an order of a ``strict`` campaign is decided with a dice source that knows no key
  (``strict.StrictSource``); an order that rolls no die is decided and logged as in every mode
  (it costs nothing extra). The first that rolls raises the typed wait for the other side's
  dice contribution: the order is kept as this side's pending order (``dn_strict_pending``),
  it ends the next file (``header.pending_order``) and the receiver's machine rolls its dice
  (``campaign.pbem.strict_exchange``). Before file 3 there is no contribution to wait for:
  the order is refused (the set-up rolls no dice).
- ``waiting``: while an order is held every other order answers ``waiting for aslan's dice
  contribution to file 7`` (the status line says the same) until the answer is imported.
- ``take_back``: ``campaign undo`` takes a held order back while it was not sent (after
  ``campaign withdraw`` of the file it ended, too); once sent it is fixed.
"""

from __future__ import annotations

from campaign.app.campaigns import STRICT_DICE, Loaded
from campaign.pbem.fair.strict import StrictSource
from campaign.pbem.strict_exchange import FIRST_ROLLING_FILE
from campaign.records.ledger_rows import StrictPending
from campaign.rules import engine
from campaign.rules.base import Event, Order
from campaign.rules.errors import UndoError, Wait, WaitingError
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.views import redact
from campaign.store.ledger import Ledger

MODE = STRICT_DICE


def _receiver(side: Side | None) -> str:
    """Who rolls the dice of ``side``'s order: the other player."""
    return side.enemy.value if side is not None and side in PLAYER_SIDES else "the other side"


def next_file(ledger: Ledger, name: str) -> int:
    """The number of the file this side's next orders go with."""
    files = ledger.files(name)
    if not files:
        return 1
    last = files[-1]
    return last.exchange + (1 if last.direction == "in" else 2)


def waiting(ledger: Ledger, name: str) -> Wait | None:
    """The wait of this side's held order (None: no order waits for dice)."""
    held = ledger.strict_pending(name)
    if held is None:
        return None
    return Wait(_receiver(Side(held.side)), "dice", f"file {_held_file(ledger, name)}")


def _held_file(ledger: Ledger, name: str) -> int:
    """The file the held order ends: our last file sent if it carried it, else the next."""
    files = ledger.files(name)
    last = files[-1] if files else None
    if last is not None and last.direction == "out":
        return last.exchange
    return next_file(ledger, name)


def decide(ledger: Ledger, loaded: Loaded, order: Order) -> list[Event]:
    """``order``'s events in a strict campaign, or ``[]`` when it was held for the other
    side's dice (kept in the ledger; nothing appended). Refused (``WaitingError``) while
    another order is held."""
    name = loaded.row.name
    held = waiting(ledger, name)
    if held is not None:
        raise WaitingError("DN-ERR-1", (held,))
    number = next_file(ledger, name)
    source = StrictSource(number, None, _receiver(order.side))
    try:
        return engine.decide(loaded.state, order, loaded.ruleset, source)
    except WaitingError as wait:
        if (
            number < FIRST_ROLLING_FILE
            or order.side not in PLAYER_SIDES
            or not any(w.what == "dice" for w in wait.waits)
        ):
            raise
    logged = redact(order.to_notation(), loaded.state, order.side)
    side = order.side.value if order.side is not None else ""  # a player's, checked above
    ledger.hold_for_dice(StrictPending(campaign_name=name, side=side, order_text=logged))
    return []


def held_line(ledger: Ledger, name: str) -> str:
    """What the player reads once an order was held."""
    held = ledger.strict_pending(name)
    wait = waiting(ledger, name)
    if held is None or wait is None:
        return ""
    return (
        f"held for strict dice: '{held.order_text}' rolls dice, which need {wait.side}'s "
        f"contribution; it ends {wait.subject} (`campaign export`), {wait.side}'s machine "
        "rolls it and sends the result back first in its next file"
    )


def take_back(ledger: Ledger, name: str) -> str | None:
    """Forget the held order of ``name`` if it was not sent; its text (None: nothing held).
    Refused (``UndoError``) once the file it ends went to the other side."""
    held = held_to_take_back(ledger, name)
    if held is not None:
        ledger.release_held(name)
    return held


def held_to_take_back(ledger: Ledger, name: str) -> str | None:
    """What ``take_back`` would take back, storing nothing: the held order's text (None:
    nothing held); ``UndoError`` once the file it ends went to the other side."""
    held = ledger.strict_pending(name)
    if held is None:
        return None
    files = ledger.files(name)
    if files and files[-1].direction == "out":
        raise UndoError(
            f"cannot undo '{held.order_text}': it ended file {files[-1].exchange}, sent to the "
            "other player, whose machine rolls its dice; `campaign withdraw` takes the file "
            "back if he has not answered it"
        )
    return held.order_text

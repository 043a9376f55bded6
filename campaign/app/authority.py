"""Authority: what a seat may do, decided here and nowhere else (architecture property 9).

Every use case that acts on a campaign asks this module before it decides anything; the front
ends (CLI, TUI, any later one) only say which seat they are, so each of them gets the same
answer. The referee may do everything. A player's seat may give, preview and undo only its own
side's orders, and export only its own side's turn files; referee orders, referee overrides
(undo with a reason, typed dice with a reason in a seeded campaign) are the referee's alone.

Refusals name no order text of another seat: they say whose the act is, and what to do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from campaign.rules.errors import SeatError
from campaign.rules.ids import ORDER_GIVERS, PLAYER_SIDES, Side
from campaign.rules.seats import Seat

if TYPE_CHECKING:  # shell completion asks ``order_givers`` on a Tab, without the rules engine
    from campaign.rules.base import Order

#: The rule that says who may act (DN-SEQ-2); overrides are the referee's (DN-ERR-1).
WHO_ACTS = "DN-SEQ-2"
OVERRIDES = "DN-ERR-1"
#: The fair-play orders (ADR 0028, DN-NEU-1): the seal of the agreed deck, a share of a card,
#: a card's reveal. A player's machine gives them on export and import, with the secrets only
#: it holds and checks; no seat types them (``fairplay.ALWAYS``, the orders a pending reveal
#: lets through, is the same set: a test holds them equal).
MACHINE_ORDERS = frozenset({"seal-deck", "share", "reveal"})


def may_give(seat: Seat, plays: Side | None, side: Side | None) -> bool:
    """Whether ``seat`` may give an order of ``side`` (None: a referee order) on a database
    that plays ``plays`` by e-mail (None: plays no side): ``check_order`` and
    ``check_by_mail`` refuse exactly the orders this says no to."""
    return seat.speaks_for(side) and (plays is None or side is None or side is plays)


def order_givers(seat: Seat, plays: Side | None) -> list[str]:
    """The order givers (``aslan``, ``solomani``, ``referee``, as an order starts) whose
    orders ``seat`` may give on a database that plays ``plays``: what shell completion offers
    (docs/completion.md; found by use, December 7: it offered every side's verbs to a player's
    seat and on a player's own database, which refuse them)."""
    return [
        giver
        for giver in ORDER_GIVERS
        if may_give(seat, plays, None if giver == "referee" else Side(giver))
    ]


def check_order(seat: Seat, order: Order) -> None:
    """A seat gives only the orders of the side it speaks for (DN-SEQ-2)."""
    if may_give(seat, None, order.side):
        return
    if order.side is None:
        raise SeatError(WHO_ACTS, f"'{order.type}' is a referee order; you play {seat.name}")
    raise SeatError(
        WHO_ACTS,
        f"you play {seat.name}: {order.side.value}'s orders are given "
        f"from {order.side.value}'s seat",
    )


def check_typed(order: Order) -> None:
    """Nobody types a fair-play order (``MACHINE_ORDERS``): the machine gives each one when
    it should (found by use, December 7: a share typed by the Aslan player was taken and sent
    in his signed file, which the other machine refused as forged, naming him)."""
    if order.type in MACHINE_ORDERS:
        raise SeatError(
            "DN-NEU-1",
            f"'{order.type}' is given by the player's machine in fair mode, when turn files are "
            "exported and imported, with the secrets only it holds: nobody types it",
        )


def check_by_mail(plays: Side | None, order: Order) -> None:
    """A database that plays side ``plays`` by e-mail gives no order of the other side, from
    any seat: it could only travel in a file of ``plays``, which the other machine refuses
    (docs/turn-files.md). Referee orders (agreed overrides) and its own side's stay open to
    its owner (found by use, December 7: the Aslan player's database took "solomani
    end-phase" and wrote "file 16 from aslan" carrying it, a dead end)."""
    if may_give(Seat.referee(), plays, order.side):
        return
    assert plays is not None and order.side is not None  # may_give let every other one by
    other = order.side.value
    raise SeatError(
        WHO_ACTS,
        f"this database plays {plays.value} by e-mail: {other}'s orders are given on the "
        f"{other} player's machine and come in his turn files (a file from {plays.value} "
        "carrying one would be refused)",
    )


def may_override(seat: Seat) -> bool:
    """True when ``seat`` may give overrides with a logged reason (the referee's, DN-ERR-1):
    what ``check_override`` refuses, and what a screen's help offers (a player's does not list
    the referee undo key, found by use, December 7, evening)."""
    return seat.is_referee


def check_override(seat: Seat, what: str, plays: Side | None = None) -> None:
    """Overrides with a logged reason (``what``: e.g. ``an undo with a reason``) are the
    referee's (DN-ERR-1). ``plays``: the side the database plays by e-mail (None: none), where
    there is no referee to ask (``override_remedy``)."""
    if not may_override(seat):
        raise SeatError(
            OVERRIDES,
            f"{what} is a referee override; you play {seat.name}: {override_remedy(plays)}",
        )


def override_remedy(plays: Side | None) -> str:
    """What a player refused an override can do instead: ask the referee at a table; in a game
    by e-mail (``plays``: the side the database plays), which has none, give it as an agreed
    override from the database's own seat, which the other player's import takes only with
    ``--allow-referee`` (found by use, December 8: a player by e-mail was told to ask a
    referee the game does not have)."""
    if plays is None:
        return "ask the referee"
    return (
        "a game by e-mail has no referee: an override both players agree on is given "
        "without --side (the owner's seat) and imported with --allow-referee"
    )


def check_referee_undo(strict: bool, reverted: str, rolled: bool, *, verb: str = "revert") -> None:
    """With strict dice (``strict``) no party takes back a roll once made, not even with a
    referee undo (DN-ERR-1, docs/turn-files.md "Strict dice"): ``reverted`` (the order the
    undo would revert, as the reader may see it) ``rolled`` dice, and its dice were fixed by
    both players' secrets, each opened for that roll alone; an undo would let one side roll
    again until he liked the result (found by use, December 7: the receiver undid the roll of
    the other side's held order, and ``--allow-referee`` on the other machine took the undo
    like any agreed override). The same for every seat and for a file that carries such an
    undo; a
    plain undo (``verb`` "undo") of such an order is refused in the same words, which point to
    no override."""
    if strict and rolled:
        raise SeatError(
            OVERRIDES,
            f"cannot {verb} '{reverted}': it rolled strict dice, and with strict dice no one "
            "takes back a roll once made, not even with a referee undo or --allow-referee "
            "(both players' secrets fixed those dice; an undo would let one side roll again); "
            "give a new order instead",
        )


def check_undo(seat: Seat, order_text: str) -> None:
    """A player's seat takes back only its own side's last order (``order_text``: the logged
    text of the batch to be undone, which starts with the side that gave it)."""
    if seat.is_referee:
        return
    giver = order_text.split(" ", 1)[0]
    if giver != seat.name:
        whose = "the referee's" if giver not in {s.value for s in Side} else f"{giver}'s"
        raise SeatError(
            WHO_ACTS,
            f"cannot undo: the last order is {whose}; you play "
            f"{seat.name}, and undo takes back only your own last order",
        )


def check_export(seat: Seat, side: Side) -> None:
    """A player's seat writes only its own side's turn files."""
    if not seat.speaks_for(side):
        raise SeatError(
            WHO_ACTS,
            f"you play {seat.name}: {side.value}'s turn file is written from {side.value}'s seat",
        )


def check_exchange(seat: Seat, plays: Callable[[], Side | None]) -> None:
    """A player's seat writes or reads turn files only on a database that plays his side by
    e-mail (``plays()``: his own machine's; asked only for a player's seat, so the referee's
    exchanges read the ledger no more than before). Any other is shared with other seats (the
    referee's table, served to the players' phones by ``campaign serve``): there the first
    file would record the database as one player's for good — the other side's orders then
    refused, the referee's screen that player's — and the file's path is on the machine of
    the database's owner, so the exchange is the owner's decision (found by use, December 7:
    Aslan's browser seat exported his turn file over a file of the referee's machine, and the
    table then played aslan by e-mail)."""
    if seat.is_referee:
        return
    played = plays()
    if played is seat.side:
        return
    playing = "no side" if played is None else played.value
    raise SeatError(
        WHO_ACTS,
        f"you play {seat.name} on a database that plays {playing} by e-mail: its turn "
        "files are written and read by its owner (campaign export/import), not from a "
        "player's seat",
    )


def check_seat_change(seat: Seat) -> None:
    """A front end started for a player (``campaign tui NAME --side S``) stays that player's:
    only the referee's may open campaigns as another seat."""
    if not seat.is_referee:
        raise SeatError(
            WHO_ACTS,
            f"this screen plays {seat.name} (started with --side "
            f"{seat.name}); every other seat opens its own screen",
        )


def check_create(seat: Seat) -> None:
    """Creating a campaign in the database is the referee's: a player's screen, a browser
    page of the live table among them, plays its own campaign (found by use, December 7,
    night: a player's launcher created campaigns in the referee's database)."""
    if not seat.is_referee:
        raise SeatError(
            OVERRIDES, f"creating a campaign here is the referee's; you play {seat.name}"
        )


def check_delete(seat: Seat) -> None:
    """Deleting a campaign (its whole log) is the referee's."""
    if not seat.is_referee:
        raise SeatError(OVERRIDES, f"deleting a campaign is the referee's; you play {seat.name}")


def playing_sides(seat: Seat) -> list[Side]:
    """The sides ``seat`` acts for: both for the referee, its own for a player (what an
    export or import form offers)."""
    return [side for side in PLAYER_SIDES if seat.speaks_for(side)]


def undo_advice(seat: Seat) -> str:
    """What a seat can do about an order a plain undo may not take back."""
    if seat.is_referee:
        return "only a referee override with a reason can revert it (undo --referee REASON)"
    return "only the referee can revert it, with a logged override"

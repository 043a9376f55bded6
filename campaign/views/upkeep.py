"""The maintenance preview (``campaign upkeep``): every ship of a side, civilised or frontier, what
it costs or needs to roll, and what ``pass`` would do with it (DN-ECO-7, DN-SEQ-2).

A pure read of the state (``upkeep_report``), built for a viewer like the other reports of the
read side (``campaign.views``); its JSON Schema is published in ``docs/schemas/upkeep.schema.json``.
Maintenance is resolved in a side's own Maintenance & Production phase from game turn 2: the
phasing side there has it ``due`` (or ``resolved``); for any other side the preview shows the
ships as things stand (``later``), before the income its next phase brings.
"""

from typing import Literal

from campaign.rules.economy.maintenance import (
    FIRST_MAINTENANCE_TURN,
    SLOT,
    Upkeep,
    maintenance_due,
    plan_cost,
    roll_can_fail,
    upkeep_list,
)
from campaign.rules.flow import FLOW
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.phases import Phase
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState
from campaign.rules.views import Seen
from campaign.views.report import SCHEMA_VERSION, Report, viewer_name
from campaign.views.words import plural

#: "over": the game is over, no maintenance any more (DN-VIC-1)
#: What ``pass`` does once the game is over: nothing (DN-VIC-1).
GAME_OVER = "nothing: the game is over (DN-VIC-1)"
Status = Literal["due", "resolved", "later", "over"]


class UpkeepShip(Report, frozen=True, kw_only=True):
    """One ship's maintenance (DN-ECO-7) and what ``pass`` does with it."""

    id: str
    kind: str
    name: str
    system: str
    system_name: str
    zone: Literal["civilised", "frontier"]
    disrupted: bool
    maintenance: int  # the printed number: a frontier roll must reach it
    cost: int  # RU paid in civilised space (0 in frontier space)
    recovery: int | None  # RU to recover it when disrupted in civilised space
    on_pass: str


class SideUpkeep(Report, frozen=True, kw_only=True):
    """One side's maintenance: when it is resolved, its total and what ``pass`` does."""

    side: str
    ru: int
    status: Status
    game_turn: int  # the game turn of the Maintenance & Production phase it belongs to
    note: str
    pay_all: int  # RU for paying every civilised ship (``maintain`` with no lists, ``pass``)
    rolls: int  # frontier ships whose 1d6 can fail (not those with maintenance 1)
    pass_resolves: bool  # the RU pay every civilised ship: ``pass`` resolves it by default
    on_pass: str
    ships: list[UpkeepShip]


class UpkeepReport(Report, frozen=True, kw_only=True):
    """``campaign upkeep``: the maintenance preview of one side or both."""

    schema_version: int = SCHEMA_VERSION
    campaign: str
    viewer: str
    turn: int
    step: str
    sides: list[SideUpkeep]


def upkeep_report(
    name: str,
    seen: Seen,
    ruleset: Ruleset,
    *,
    side: Side | None = None,
) -> UpkeepReport:
    """The maintenance preview of ``side`` (both players when None) as the seat sees it."""
    state, viewer = seen.truth, seen.viewer
    sides = [side] if side is not None else list(PLAYER_SIDES)
    report = UpkeepReport(
        campaign=name,
        viewer=viewer_name(viewer),
        turn=state.turn,
        step=FLOW[state.step].label,
        sides=[_side_upkeep(state, ruleset, s) for s in sides],
    )
    return seen.report(report)


def maintenance_status(state: CampaignState, side: Side) -> tuple[Status, int]:
    """Whether ``side``'s maintenance is due now, resolved, or later (and in which game turn):
    what ``campaign upkeep`` and the TUI's Economy tab say (found by use, December 7: the tab
    said "due now" after the step's ``maintain``); "over" once the game is over (found by use,
    December 7, evening: it still announced the next game turn's maintenance)."""
    if state.phase is Phase.GAME_OVER:
        return "over", state.turn
    if state.phasing is side and maintenance_due(state):
        return ("resolved" if state.slot(SLOT, {}).get("done") else "due"), state.turn
    later_this_turn = side is not state.phasing and state.phasing is PLAYER_SIDES[0]
    turn = state.turn if later_this_turn else state.turn + 1
    return "later", max(turn, FIRST_MAINTENANCE_TURN)


def _side_upkeep(state: CampaignState, ruleset: Ruleset, side: Side) -> SideUpkeep:
    upkeep = upkeep_list(state, ruleset, side)
    status, game_turn = maintenance_status(state, side)
    ru = state.ru.get(side, 0)
    pay_all = plan_cost(upkeep, set(), set())
    frontier = [ship for ship in upkeep if not ship.civilised and not ship.disrupted]
    rolls = sum(1 for ship in frontier if roll_can_fail(ship.maintenance))
    resolves = pay_all <= ru
    return SideUpkeep(
        side=side.value,
        ru=ru,
        status=status,
        game_turn=game_turn,
        note=maintenance_note(status, game_turn, pay_all),
        pay_all=pay_all,
        rolls=rolls,
        pass_resolves=resolves,
        on_pass=("as things stand, " if status == "later" else "")
        + _on_pass(status, pay_all, rolls, len(frontier) - rolls, ru, bool(upkeep)),
        ships=[_ship(state, ruleset, ship, status, resolves) for ship in upkeep],
    )


def side_maintenance_note(state: CampaignState, ruleset: Ruleset, side: Side) -> str:
    """``maintenance_note`` for ``side`` now (the TUI's Economy tab; found by use: it said
    "due now" after ``maintain``, with the RU already paid)."""
    status, game_turn = maintenance_status(state, side)
    return maintenance_note(
        status, game_turn, plan_cost(upkeep_list(state, ruleset, side), set(), set())
    )


def maintenance_note(status: Status, game_turn: int, pay_all: int) -> str:
    """Whether maintenance is due now, resolved or next (in which game turn), as ``campaign
    upkeep`` and the TUI's Economy tab say it (DN-ECO-7)."""
    if status == "due":
        return (  # maintenance comes before production (DN-ECO-7, docs/rules-economy.md)
            f"maintenance due now (game turn {game_turn}), {pay_all} RU for civilised ships, "
            "before any production"
        )
    if status == "resolved":
        return f"maintenance resolved in this phase (game turn {game_turn})"
    if status == "over":
        return "no more maintenance: the game is over"
    return (
        f"next maintenance in its Maintenance & Production phase of game turn {game_turn} "
        f"(after its income); as things stand {pay_all} RU for civilised ships"
    )


def _on_pass(status: Status, pay_all: int, rolls: int, sure: int, ru: int, ships: bool) -> str:
    """What a ``pass`` in the side's Maintenance & Production phase does (DN-SEQ-2)."""
    if status == "resolved":
        return "nothing: maintenance is resolved"
    if status == "over":
        return GAME_OVER
    if not ships:
        return "nothing: no ships to maintain"
    if pay_all > ru:
        return (
            f"waits: paying every civilised ship costs {pay_all} RU and {ru} RU are in "
            "hand; choose the ships to leave unpaid with `maintain UNPAID`"
        )
    does = f"`pass` pays {pay_all} RU"
    if rolls or not sure:
        does += f" and rolls for {plural(rolls, 'frontier ship')}"
    if sure:
        does += (
            f"; {plural(sure, 'frontier ship')} with maintenance 1 "
            f"{'is' if sure == 1 else 'are'} kept whatever the die (DN-ECO-7)"
        )
    return does


def _ship(
    state: CampaignState, ruleset: Ruleset, ship: Upkeep, status: Status, resolves: bool
) -> UpkeepShip:
    unit_type = ruleset.unit_type(state.units[ship.unit_id].kind)
    return UpkeepShip(
        id=ship.unit_id,
        kind=unit_type.kind,
        name=unit_type.name,
        system=ship.system_id,
        system_name=ruleset.star_map.system(ship.system_id).name,
        zone="civilised" if ship.civilised else "frontier",
        disrupted=ship.disrupted,
        maintenance=ship.maintenance,
        cost=ship.cost if ship.civilised else 0,
        recovery=ship.recovery if ship.civilised and ship.disrupted else None,
        on_pass=_ship_on_pass(ship, status, resolves),
    )


def _ship_on_pass(ship: Upkeep, status: Status, resolves: bool) -> str:
    """One ship under ``pass``: pays, rolls, or stays disrupted (DN-ECO-7)."""
    if status == "resolved":
        return "resolved"
    if status == "over":
        return GAME_OVER
    if ship.disrupted and ship.civilised:
        return f"stays disrupted (recover for {ship.recovery} RU: `maintain - {ship.unit_id}`)"
    if ship.disrupted:
        return "stays disrupted (no roll and no recovery in frontier space)"
    if not ship.civilised and not roll_can_fail(ship.maintenance):
        # no die is asked for it when dice are typed at the table (``Dice.roll_to_reach``)
        return f"kept whatever the die: 1d6 always reaches {ship.maintenance} (DN-ECO-7)"
    if not ship.civilised:
        return f"rolls 1d6: {ship.maintenance} or more keeps it, less disrupts it"
    if resolves:
        return f"pays {ship.cost} RU"
    return f"{ship.cost} RU: pay, or leave unpaid and disrupted (`maintain {ship.unit_id}`)"

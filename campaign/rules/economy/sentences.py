"""Outcome sentences of the economy: income, maintenance, production, neutrals, victory."""

from __future__ import annotations

from campaign.rules.economy.income import TABLE_3
from campaign.rules.economy.maintenance import MaintenanceResolved, Outcome, ShipUpkeep
from campaign.rules.economy.neutrals import NeutralRebuilt, NeutralsConscripted
from campaign.rules.economy.production import UnitsProduced
from campaign.rules.economy.treasury import IncomeCollected
from campaign.rules.economy.victory import CapitalControlNoted, VictoryChecked, why_won
from campaign.rules.ids import SystemType, kind_code
from campaign.rules.narration import NarrationView, describes
from campaign.rules.state import Where


@describes(IncomeCollected)
def _income(event: IncomeCollected, view: NarrationView) -> str:
    boxes = sum(event.boxes.values())
    return (
        f"{view.side(event.side)} collect {event.income} RU (budget {event.budget}, "
        f"{view.plural(len(event.boxes), 'box')} {boxes}{_cut_off(event, view)}); kept "
        f"{event.kept} of {event.before}, now {event.kept + event.income} RU (DN-ECO-4)"
    )


def _cut_off(event: IncomeCollected, view: NarrationView) -> str:
    """ "; not connected to the capital: Halden 4 RU, DN-ECO-3": the boxes that yielded less
    than Table 3 gives a connected box of their type, with what they yielded (found by use,
    December 7, evening: "6 boxes 26" hid that Khtaoi, cut off, earned nothing); "" when every
    box is connected or without a ruleset to read the types from."""
    if view.ruleset is None:
        return ""
    star_map = view.ruleset.star_map
    connected = {
        SystemType.PRIMARY: TABLE_3.type1_connected,
        SystemType.SECONDARY: TABLE_3.type2_connected,
    }
    cut = [
        f"{view.system(system_id)} {ru} RU"
        for system_id, ru in event.boxes.items()
        if star_map.has_system(system_id) and ru < connected.get(star_map.system(system_id).type, 0)
    ]
    return f"; not connected to the capital: {', '.join(cut)}, DN-ECO-3" if cut else ""


def _upkeep(ship: ShipUpkeep, view: NarrationView) -> str:
    name = view.unit(ship.unit_id)
    match ship.outcome:
        case Outcome.PAID:
            return f"{name} paid {ship.cost} RU"
        case Outcome.UNPAID:
            return f"{name} unpaid, now disrupted"
        case Outcome.RECOVERED:
            return f"{name} recovered for {ship.cost} RU"
        case Outcome.STAYS_DISRUPTED:
            return f"{name} stays disrupted"
        case Outcome.ROLL_PASSED if ship.roll is None:
            return f"{name} frontier, maintained without a roll (1d6 always reaches {ship.target})"
        case Outcome.ROLL_PASSED:
            return f"{name} frontier roll {ship.roll} ≥ {ship.target}, maintained"
        case _:
            return f"{name} frontier roll {ship.roll} < {ship.target}, now disrupted"


@describes(MaintenanceResolved)
def _maintenance(event: MaintenanceResolved, view: NarrationView) -> str:
    details = "; ".join(_upkeep(ship, view) for ship in event.ships) or "no ships"
    return f"Maintenance ({view.side(event.side)}, {event.cost} RU): {details} (DN-ECO-7)"


@describes(UnitsProduced, changes_control=True)
def _produced(event: UnitsProduced, view: NarrationView) -> str:
    unplaced = event.location.where is Where.UNPLACED  # a PD marker (DN-ECO-9)
    rules = "DN-ECO-8, DN-ECO-9" if unplaced else "DN-ECO-8"
    return (
        f"{view.side(event.side)} build {len(event.unit_ids)} × {kind_code(event.kind)} for "
        f"{event.cost} RU {view.place(event.location)}: {', '.join(event.unit_ids)} "
        f"({rules})"
    )


@describes(NeutralsConscripted, changes_control=True)
def _conscripted(event: NeutralsConscripted, view: NarrationView) -> str:
    def kinds(ids: list[str]) -> str:  # the counters are face up now: everyone sees them
        return ", ".join(
            f"{uid} ({kind_code(view.state.units[uid].kind)})" if uid in view.state.units else uid
            for uid in ids
        )

    if event.unpaid is not None:
        return (
            f"{view.side(event.side)} turn the neutral counters of "
            f"{view.system(event.system)} face up: {kinds(event.revealed)}; conscripting "
            f"them costs {event.unpaid} RU, more than {view.side(event.side)} have: none "
            "joins (DN-NEU-2)"
        )
    if not event.unit_ids:
        return (
            f"{view.side(event.side)} find nothing to conscript in "
            f"{view.system(event.system)}: {kinds(event.left_neutral)} stay neutral, with "
            "no conscription cost (DN-NEU-2)"
        )
    left = f"; {kinds(event.left_neutral)} stay neutral" if event.left_neutral else ""
    return (
        f"{view.side(event.side)} conscript the neutrals of "
        f"{view.system(event.system)} for {event.cost} RU: {kinds(event.unit_ids)}{left} "
        "(DN-NEU-2)"
    )


@describes(NeutralRebuilt, changes_control=True)
def _rebuilt(event: NeutralRebuilt, view: NarrationView) -> str:
    return (
        f"{view.side(event.side)} rebuild {event.unit_id} for {event.cost} RU "
        f"{view.place(event.location)} (DN-NEU-3)"
    )


@describes(CapitalControlNoted)
def _capital(event: CapitalControlNoted, view: NarrationView) -> str | None:
    if not event.holders:
        return None
    who = ", ".join(view.side(side) for side in event.holders)
    return f"{who} hold the enemy capital at the start of the player turn (DN-VIC-1)"


@describes(VictoryChecked)
def _victory(event: VictoryChecked, view: NarrationView) -> str | None:
    if event.winner is not None:  # said once, in the words of ``status`` (DN-VIC-1)
        if view.ruleset is None:
            return (
                f"{view.side(event.winner)} win; {event.winner.enemy.value} surrendered (DN-VIC-1)"
            )
        return f"{view.side(event.winner)} win, {why_won(event.winner, view.ruleset)} (DN-VIC-1)"
    if not (event.held_at_start or event.held_at_end):
        return None
    return f"Victory check: {event.note} (DN-VIC-1)"

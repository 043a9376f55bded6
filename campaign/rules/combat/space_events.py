"""Space combat events and their appliers: what a battle did to the campaign state.

Events carry their results (units destroyed, disrupted, moved; the battle after the round), so
the appliers only copy them into ``state.units`` and the combat book (``state.slots["combat"]``).
"""

from typing import Literal

from campaign.rules.base import Event
from campaign.rules.combat import book
from campaign.rules.combat.assignment import AssignmentDraft
from campaign.rules.combat.detect import fight_order
from campaign.rules.combat.model import Battle, Range
from campaign.rules.combat.space import RangeRoll, RoundResult, launch_fighters
from campaign.rules.ids import CombatResult, Side
from campaign.rules.registry import applies, event_type
from campaign.rules.state import CampaignState, Location, Where

# --- events ------------------------------------------------------------------------------------


@event_type
class BattlesOpened(Event, frozen=True, kw_only=True):
    """The space battles of this combat phase, as found at its start."""

    type: Literal["battles-opened"] = "battles-opened"
    battles: dict[str, Battle]


@event_type
class FightersLaunched(Event, frozen=True, kw_only=True):
    """Which fighters of ``side`` fly this round (DN-CBT-8)."""

    type: Literal["fighters-launched"] = "fighters-launched"
    battle: str
    side: Side
    launched: list[str]


@event_type
class RangeRolled(Event, frozen=True, kw_only=True):
    """The range roll of a round (DN-CBT-1); dice in ``rolls``."""

    type: Literal["range-rolled"] = "range-rolled"
    battle: str
    result: RangeRoll


@event_type
class RangeChosen(Event, frozen=True, kw_only=True):
    """The chooser's range for the round (DN-CBT-2)."""

    type: Literal["range-chosen"] = "range-chosen"
    battle: str
    range: Range


@event_type
class TargetsAssigned(Event, frozen=True, kw_only=True):
    """The assignment so far (``complete`` when every unit is placed, DN-CBT-3)."""

    type: Literal["targets-assigned"] = "targets-assigned"
    battle: str
    draft: AssignmentDraft
    complete: bool
    #: Who made the pairing: the DN-CBT-3 name/answer ``protocol``, the ``referee``, or a player
    #: giving it whole under the players' agreement (``agreed``, switch
    #: ``players_assign_freely``); the log shows it (issue 16 item 4).
    by: Literal["protocol", "referee", "agreed"] = "protocol"


@event_type
class PairingDefaulted(Event, frozen=True, kw_only=True):
    """``side`` takes the default choices of the DN-CBT-3 protocol for the rest of this round's
    assignment (``target B auto``): its steps are taken for it when their turn comes."""

    type: Literal["pairing-defaulted"] = "pairing-defaulted"
    battle: str
    side: Side


@event_type
class FireDeclared(Event, frozen=True, kw_only=True):
    """A side's declarations for the round (DN-CBT-3/5/6)."""

    type: Literal["fire-declared"] = "fire-declared"
    battle: str
    side: Side
    close_attacks: list[str]
    short_missiles: list[str]
    multiple_targets: list[str]
    return_targets: dict[str, str]


@event_type
class RoundFought(Event, frozen=True, kw_only=True):
    """One round of fire with every shot and its die (DN-CBT-4); ``after`` is the battle after."""

    type: Literal["round-fought"] = "round-fought"
    battle: str
    result: RoundResult
    after: Battle


@event_type
class WithdrawalDecided(Event, frozen=True, kw_only=True):
    """A side withdraws all its units to ``destination`` or (``None``) stays (DN-CBT-7)."""

    type: Literal["withdrawal-decided"] = "withdrawal-decided"
    battle: str
    side: Side
    destination: str | None
    units: list[str]


@event_type
class JoinedBattle(Event, frozen=True, kw_only=True):
    """Ships lifted off from the box in the space sub-phase; the battles they now fight in."""

    type: Literal["joined-battle"] = "joined-battle"
    system: str
    side: Side
    units: list[str]
    battles: dict[str, Battle]


# --- appliers ----------------------------------------------------------------------------------


@applies(JoinedBattle)
def _apply_joined(state: CampaignState, event: JoinedBattle) -> None:
    move_units(state, list(event.units), Location.hex(event.system))
    for bid, battle in event.battles.items():
        book.join_battle(state, bid, battle)
    _in_fight_order(state)


@applies(BattlesOpened)
def _apply_opened(state: CampaignState, event: BattlesOpened) -> None:
    for bid, battle in event.battles.items():
        book.open_battle(state, bid, battle)
    _in_fight_order(state)


def _in_fight_order(state: CampaignState) -> None:
    """Put the battles of the combat book in the order they are fought (``fight_order``)."""
    book.sort_battles(state, lambda battle: fight_order(battle, state.acting))


@applies(FightersLaunched)
def _apply_launched(state: CampaignState, event: FightersLaunched) -> None:
    battle = launch_fighters(book.battle_value(state, event.battle), event.side, event.launched)
    book.set_battle(state, event.battle, battle)


@applies(RangeRolled)
def _apply_range(state: CampaignState, event: RangeRolled) -> None:
    book.range_rolled(state, event.battle, event.result.chooser)


@applies(RangeChosen)
def _apply_chosen(state: CampaignState, event: RangeChosen) -> None:
    book.range_chosen(state, event.battle, event.range)


@applies(PairingDefaulted)
def _apply_defaulted(state: CampaignState, event: PairingDefaulted) -> None:
    book.pairing_defaulted(state, event.battle, event.side)


@applies(TargetsAssigned)
def _apply_assigned(state: CampaignState, event: TargetsAssigned) -> None:
    book.targets_assigned(state, event.battle, event.draft, event.by, event.complete)


@applies(FireDeclared)
def _apply_declared(state: CampaignState, event: FireDeclared) -> None:
    book.fire_declared(
        state,
        event.battle,
        event.side,
        book.Declaration(
            close_attacks=tuple(event.close_attacks),
            short_missiles=tuple(event.short_missiles),
            multiple_targets=tuple(event.multiple_targets),
            return_targets=event.return_targets,
        ),
    )


def current_units(state: CampaignState, battle: Battle) -> Battle:
    """The battle with only the units still in its stellar hex, in their present condition."""
    keep = []
    for unit in battle.units:
        live = state.units.get(unit.uid)
        if live is None or live.location.where is Where.ELIMINATED:
            continue
        place = state.position_of(unit.uid)
        in_hex = place.where is Where.HEX and place.system == battle.system
        based = unit.fighter and place.where is Where.BOX and place.system == battle.system
        if in_hex or based:
            keep.append(unit.model_copy(update={"disrupted": live.disrupted}))
    return battle.model_copy(update={"units": tuple(keep)})


def _refresh_system(state: CampaignState, system: str, done: str) -> None:
    """After battle ``done`` changed units, bring the other battles of the system up to date."""
    for bid, battle in book.open_in_system(state, system).items():
        if bid == done:
            continue
        battle = current_units(state, battle)
        book.set_battle(state, bid, battle)
        if battle.is_over:
            book.battle_over(state, bid)


def move_units(state: CampaignState, uids: list[str], place: Location) -> None:
    """Put ``uids`` at ``place``; a unit that leaves part of its stack behind leaves the stack
    (a stack's members stand together, DN-MOV-2; the same convention as movement's ships that
    stay behind)."""
    for uid in uids:
        state.units[uid].location = place
    moved = set(uids)
    for uid in uids:
        label = state.units[uid].stack
        if label is None:
            continue
        owner = state.units[uid].owner
        others = [
            u for u in state.stack_members(owner, label) if u.id not in moved and u.location.on_map
        ]
        if any(u.location != place for u in others):
            state.units[uid].stack = None


def eliminate(state: CampaignState, uid: str) -> None:
    """A destroyed unit leaves play with everything it carries."""
    for cargo in state.cargo_of(uid):
        eliminate(state, cargo.id)
    state.units[uid].location = Location.eliminated()
    state.units[uid].disrupted = False


@applies(RoundFought)
def _apply_round(state: CampaignState, event: RoundFought) -> None:
    for uid, effect in event.result.effects.items():
        if effect is CombatResult.DESTROYED:
            if state.units[uid].location.where is not Where.ELIMINATED:
                eliminate(state, uid)
        else:
            state.units[uid].disrupted = True
    system = event.after.system
    for fate in event.result.fighters:
        if fate.returned_to_box:
            state.units[fate.uid].location = Location.box(system)
        elif state.units[fate.uid].location.where is not Where.ELIMINATED:
            eliminate(state, fate.uid)
    for unit in event.after.units:  # a disrupted mothership disrupts its fighters (DN-CBT-8)
        if unit.disrupted:
            state.units[unit.uid].disrupted = True
    # neutrals defend their system and never withdraw (DN-NEU-2): the attacker decides alone
    first = event.after.defender
    book.round_fought(
        state, event.battle, event.after, event.after.attacker if first is Side.NEUTRAL else first
    )
    _refresh_system(state, system, event.battle)


@applies(WithdrawalDecided)
def _apply_withdrawal(state: CampaignState, event: WithdrawalDecided) -> None:
    battle = book.battle_value(state, event.battle)
    if event.destination is not None:
        place = (
            Location.box(battle.system)
            if event.destination == "box"
            else Location.hex(event.destination)
        )
        move_units(state, list(event.units), place)
        battle = battle.model_copy(
            update={"units": tuple(u for u in battle.units if u.side != event.side)}
        )
        book.set_battle(state, event.battle, battle)
    if battle.is_over:
        book.battle_over(state, event.battle)
    elif event.side == battle.defender:
        book.withdrawal_next(state, event.battle, battle.attacker)
    else:
        book.next_round(state, event.battle)
    _refresh_system(state, battle.system, event.battle)

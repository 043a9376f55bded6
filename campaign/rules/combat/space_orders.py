"""Space combat as orders and events (DN-CBT-1..10, DN-NEU-2, DN-REA-1).

Entering the space sub-phase of a combat phase opens every battle (``battles-opened``). Each
round of a battle then runs through these orders, any of which a side gives for itself:

``launch B FIGHTERS`` (optional, DN-CBT-8) → ``range B`` (the range roll, DN-CBT-1) →
``choose-range B long|short`` (the chooser) → ``target B UNIT [ENGAGEMENT]`` (the DN-CBT-3
protocol step by step) or ``assign B ENGAGEMENTS`` (a whole assignment, checked) →
``declare B ...`` (optional: close attacks, short-range missiles, multiple targets, return
targets, DN-CBT-3/5/6) → ``fire B`` → ``withdraw B DEST`` / ``stay B`` (defender, then attacker,
DN-CBT-7). The space sub-phase cannot end while a battle is open.
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Literal, TypeVar

from msgspec import Meta

from campaign.rules.base import MAX_BULK, Event, Order
from campaign.rules.candidates import candidates_for
from campaign.rules.combat import book, reaction  # noqa: F401  (reaction: its hook runs first)
from campaign.rules.combat.assignment import (
    AssignmentDraft,
    Engagement,
    NotInBattle,
    auto_assignment,
    auto_steps,
    check_assignment,
)
from campaign.rules.combat.detect import (
    battle_id,
    box_units,
    check_reaction_units,
    find_battles,
    reaction_participants,
)
from campaign.rules.combat.interaction import check_lift_off
from campaign.rules.combat.model import Battle, Range
from campaign.rules.combat.space import (
    RoundPlan,
    check_fighter_bases,
    check_plan,
    launch_fighters,
    preferred_range,
    resolve_round,
    roll_range,
    withdraw,
)
from campaign.rules.combat.space_events import (
    BattlesOpened,
    FightersLaunched,
    FireDeclared,
    JoinedBattle,
    PairingDefaulted,
    RangeChosen,
    RangeRolled,
    RoundFought,
    TargetsAssigned,
    WithdrawalDecided,
)
from campaign.rules.combat.withdrawal import withdrawal_options
from campaign.rules.dice import Dice
from campaign.rules.errors import IllegalOrderError, InvalidOrderError
from campaign.rules.ids import Side, UnitCategory
from campaign.rules.offers import accepted
from campaign.rules.phases import Actor, Phase, SubPhase
from campaign.rules.registry import (
    OfferCheck,
    decides,
    end_check,
    offered_when,
    on_enter,
    order_type,
)
from campaign.rules.ruleset import Ruleset, UnitType
from campaign.rules.setup_rules import find_system
from campaign.rules.state import CampaignState, Location, Unit, Where
from campaign.rules.wording import plural

COMBAT_PHASES = (Phase.FIRST_COMBAT, Phase.REACTION_COMBAT, Phase.SECOND_COMBAT)
SPACE = [SubPhase.SPACE]
OrderT = TypeVar("OrderT", bound=Order)


def _space_order(rule: str, summary: str, template: str) -> Callable[[type[OrderT]], type[OrderT]]:
    """``order_type`` for an either-side order of the space sub-phases of combat."""
    return order_type(
        phases=COMBAT_PHASES,
        sub_phases=SPACE,
        actor=Actor.EITHER,
        rule=rule,
        summary=summary,
        template=template,
    )


# --- orders ------------------------------------------------------------------------------------


@_space_order(
    "DN-CBT-8", "launch fighters for the next round (others recover)", "launch BATTLE FIGHTERS"
)
class Launch(Order, frozen=True, kw_only=True):
    type: Literal["launch"] = "launch"
    battle: str
    fighters: list[str] = []


@_space_order("DN-CBT-1", "roll for range (each side 1d6, fewer ships +1)", "range BATTLE")
class RollRange(Order, frozen=True, kw_only=True):
    type: Literal["range"] = "range"
    battle: str


@_space_order("DN-CBT-2", "choose long (missiles) or short (beams) range", "choose-range BATTLE R")
class ChooseRange(Order, frozen=True, kw_only=True):
    type: Literal["choose-range"] = "choose-range"
    battle: str
    range: Range


@_space_order(
    "DN-CBT-3",
    "name (defender) / answer (attacker) / add leftover units; several "
    "steps of yours in a row: UNIT,UNIT [N,N]; 'auto': the default choices for the "
    "rest of the round",
    "target BATTLE UNITS [ENGAGEMENTS]",
)
class Target(Order, frozen=True, kw_only=True):
    """``target b1 A-CL-1`` is one step of the DN-CBT-3 protocol; ``target b1 A-CL-2,A-CL-3
    1,2`` takes several steps of the same side in a row (adding leftovers to engagements 1 and
    2; against neutrals, whose steps are taken for them, answering several named units).
    ``target b1 auto``: the side accepts the default pairing for the rest of this round (its
    strongest free unit first, leftovers in turn): each of its steps is taken for it when its
    turn comes, so the protocol's order of choices is kept."""

    type: Literal["target"] = "target"
    battle: str
    units: Annotated[list[str], Meta(min_length=1, max_length=MAX_BULK)]
    engagements: list[int] = []  # 1-based, for leftovers: one per unit, or one for all


@_space_order(
    "DN-CBT-3",
    "give the whole assignment (checked): D1+D2>A1 per engagement, or auto",
    "assign BATTLE ENGAGEMENTS",
)
class Assign(Order, frozen=True, kw_only=True):
    type: Literal["assign"] = "assign"
    battle: str
    engagements: list[str]


@order_type(
    phases=COMBAT_PHASES,
    sub_phases=SPACE,
    actor=Actor.REFEREE,
    rule="DN-CBT-3",
    summary="referee: give the whole assignment (checked)",
    template="referee-assign BATTLE ENGAGEMENTS",
)
class RefereeAssign(Order, frozen=True, kw_only=True):
    type: Literal["referee-assign"] = "referee-assign"
    battle: str
    engagements: list[str]


@_space_order(
    "DN-CBT-5",
    "declare close attacks, short missiles, multiple targets, returns",
    "declare BATTLE CLOSE SHORT MULTIPLE RETURNS",
)
class Declare(Order, frozen=True, kw_only=True):
    type: Literal["declare"] = "declare"
    battle: str
    close_attacks: list[str] = []
    short_missiles: list[str] = []
    multiple_targets: list[str] = []
    return_targets: list[str] = []  # "lone>target"


@_space_order("DN-CBT-4", "resolve the round's fire", "fire BATTLE")
class Fire(Order, frozen=True, kw_only=True):
    type: Literal["fire"] = "fire"
    battle: str


@_space_order("DN-CBT-7", "withdraw all units one jump away, or to 'box'", "withdraw BATTLE DEST")
class Withdraw(Order, frozen=True, kw_only=True):
    type: Literal["withdraw"] = "withdraw"
    battle: str
    destination: str


@_space_order("DN-CBT-7", "do not withdraw after this round", "stay BATTLE")
class Stay(Order, frozen=True, kw_only=True):
    type: Literal["stay"] = "stay"
    battle: str


@_space_order(
    "DN-MOV-6",
    "lift ships off from the surface box to join the battle (between rounds)",
    "join-battle SYS UNITS",
)
class JoinBattle(Order, frozen=True, kw_only=True):
    type: Literal["join-battle"] = "join-battle"
    system: str
    units: list[str]


# --- hooks -------------------------------------------------------------------------------------


def _open(state: CampaignState, ruleset: Ruleset, dice: Dice) -> list[Event]:
    """Find the battles of this combat phase (DN-NEU-2 third side, DN-REA-1 restriction)."""
    found = {battle_id(b.system, b.attacker, b.defender): b for b in find_battles(state, ruleset)}
    return [BattlesOpened(battles=found)] if found else []


def _unresolved(state: CampaignState, ruleset: Ruleset) -> None:
    """The space sub-phase cannot end while a battle is open (DN-CBT-7)."""
    if state.sub_phase is SubPhase.SPACE and book.open_battles(state):
        raise IllegalOrderError(
            "DN-CBT-7", f"battles still open: {', '.join(book.open_battles(state))}"
        )


for _phase in COMBAT_PHASES:
    on_enter(_phase, SubPhase.SPACE)(_open)
    end_check(_phase)(_unresolved)


# --- handlers ----------------------------------------------------------------------------------


def _side(order: Order) -> Side:
    assert order.side is not None  # Actor.EITHER: always a player side
    return order.side


def _whereabouts(state: CampaignState, ruleset: Ruleset, uid: str, battle: Battle) -> str:
    """``: it is …``: where ``uid``, named for ``battle`` but not in it, stands on the map, as
    every seat sees it there; "" for an id that names no unit, a face-down counter, cargo (what
    a carrier holds is not on the table) and a unit out of play."""
    unit = state.units.get(uid)
    if unit is None or unit.face_down or not unit.location.on_map:
        return ""
    where = unit.location
    assert where.system is not None  # on the map: a hex or a box
    if where.where is Where.BOX and where.system == battle.system:
        return ": it is in the surface box (a space battle is fought in the stellar hex, DN-CBT-1)"
    place = "stellar hex" if where.where is Where.HEX else "surface box"
    return f": it is in the {place} of {ruleset.star_map.system(where.system).name}"


@contextmanager
def battle_refusals(
    state: CampaignState, ruleset: Ruleset, battle_ref: str, battle: Battle
) -> Iterator[None]:
    """Word a ``NotInBattle`` of the checks run inside as every screen names a battle: its id
    (which a seat reads as ``b1``, ``views.seen_text``), its system by name, and where the unit
    stands (found by use, December 7, night: "S-RT-1 is not in the battle at marrow", the
    system's id, for a unit in the surface box)."""
    try:
        yield
    except NotInBattle as error:
        raise _worded(state, ruleset, battle_ref, battle, error) from None


def _worded(
    state: CampaignState, ruleset: Ruleset, battle_ref: str, battle: Battle, error: NotInBattle
) -> IllegalOrderError:
    """``error`` worded as ``battle_refusals`` says."""
    name = ruleset.star_map.system(battle.system).name
    where = _whereabouts(state, ruleset, error.uid, battle)
    return IllegalOrderError(
        error.rule_id, f"{error.uid} is not in battle {battle_ref} at {name}{where}{error.tail}"
    )


@decides(Launch)
def _decide_launch(
    state: CampaignState, order: Launch, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    rec = book.find(state, order.battle)
    book.expect_stage(rec, order.battle, "range")
    battle = book.expect_member(rec, _side(order), order.battle)
    if not _has_fighters(battle, _side(order)):
        raise IllegalOrderError(
            "DN-CBT-8",
            f"{_side(order).value} have no fighters in battle {order.battle}: "
            "only fighters carried by a mothership (or based in a friendly box) launch",
        )
    launched = launch_fighters(battle, _side(order), order.fighters)
    check_fighter_bases(launched)
    return [FightersLaunched(battle=order.battle, side=_side(order), launched=order.fighters)]


@decides(RollRange)
def _decide_range(
    state: CampaignState, order: RollRange, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    rec = book.find(state, order.battle)
    book.expect_stage(rec, order.battle, "range")
    battle = book.expect_member(rec, _side(order), order.battle)
    first = _fought_first(state, order.battle, battle.system)
    if first is not None:  # one pair at a time (DN-NEU-2)
        raise IllegalOrderError("DN-NEU-2", f"battle {first} is fought first")
    result = roll_range(battle, dice, tie_reroll=ruleset.house_rules.range_tie_reroll)
    events: list[Event] = [
        RangeRolled(battle=order.battle, result=result, rolls=tuple(dice.take()))
    ]
    if result.chooser is Side.NEUTRAL:  # nobody chooses for the neutrals (DN-NEU-2)
        chosen = preferred_range(battle, Side.NEUTRAL, face_down_in(state, battle))
        events += _range_chosen(state, battle, order.battle, chosen)
    return events


def _fought_first(state: CampaignState, battle_ref: str, system: str) -> str | None:
    """An earlier open battle in ``system`` that must be fought before ``battle_ref`` (DN-NEU-2)."""
    for other, other_rec in book.records(state).items():
        if other == battle_ref:
            return None
        if other_rec.is_open and other_rec.battle.system == system:
            return other
    return None


def face_down_in(state: CampaignState, battle: Battle) -> frozenset[str]:
    """The face-down counters fighting in ``battle``: the automatic choices made for a side
    never rank them by what they are, so those choices tell no player (DN-NEU-1)."""
    return frozenset(
        u.uid for u in battle.units if (unit := state.units.get(u.uid)) and unit.face_down
    )


def _range_chosen(
    state: CampaignState, battle: Battle, battle_ref: str, chosen: Range
) -> list[Event]:
    """The range event, then the neutrals' first naming steps if they are in the battle."""
    events: list[Event] = [RangeChosen(battle=battle_ref, range=chosen)]
    if Side.NEUTRAL in battle.sides:
        draft = auto_steps(battle, AssignmentDraft(), Side.NEUTRAL, face_down_in(state, battle))
        events.append(
            TargetsAssigned(
                battle=battle_ref, draft=draft, complete=draft.waiting_for(battle) is None
            )
        )
    return events


@decides(ChooseRange)
def _decide_choose(
    state: CampaignState, order: ChooseRange, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    rec = book.find(state, order.battle)
    book.expect_stage(rec, order.battle, "choose")
    if rec.chooser is not _side(order):
        chooser = rec.chooser.value if rec.chooser is not None else None
        raise IllegalOrderError("DN-CBT-1", f"{chooser} won the range roll and chooses")
    return _range_chosen(state, rec.battle, order.battle, order.range)


def _default_steps(
    state: CampaignState, battle: Battle, draft: AssignmentDraft, sides: set[Side]
) -> AssignmentDraft:
    """Take every step that falls to ``sides`` (the neutrals, DN-NEU-2, and sides that accepted
    the default pairing) until the protocol waits for someone else (DN-CBT-3)."""
    face_down = face_down_in(state, battle)
    while (waiting := draft.waiting_for(battle)) is not None and waiting[0] in sides:
        draft = auto_steps(battle, draft, waiting[0], face_down)
    return draft


@decides(Target)
def _decide_target(
    state: CampaignState, order: Target, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    rec = book.find(state, order.battle)
    book.expect_stage(rec, order.battle, "assign")
    side = _side(order)
    battle = book.expect_member(rec, side, order.battle)
    defaulted = {*rec.defaulted, Side.NEUTRAL}
    draft = rec.draft
    if [uid.lower() for uid in order.units] == ["auto"]:
        if order.engagements:
            raise InvalidOrderError("target BATTLE auto takes no engagement numbers", "DN-CBT-3")
        if side in defaulted:
            raise IllegalOrderError(
                "DN-CBT-3", f"{side.value} already take the default pairing this round"
            )
        draft = _default_steps(state, battle, draft, defaulted | {side})
        return [
            PairingDefaulted(battle=order.battle, side=side),
            TargetsAssigned(
                battle=order.battle, draft=draft, complete=draft.waiting_for(battle) is None
            ),
        ]
    twice = next((uid for n, uid in enumerate(order.units) if uid in order.units[:n]), None)
    if twice is not None:  # found by use: read as the next step, "it is aslan's turn …"
        raise IllegalOrderError("DN-CBT-3", f"{twice} is named twice in one order")
    numbers = order.engagements
    if len(numbers) not in (0, 1, len(order.units)):
        raise InvalidOrderError(
            f"target: {plural(len(order.units), 'unit')} but "
            f"{plural(len(numbers), 'engagement number')} "
            "(give one per unit, one for all, or none)",
            "DN-CBT-3",
        )
    for step, uid in enumerate(order.units):
        number = numbers[step if len(numbers) > 1 else 0] if numbers else None
        index = number - 1 if number is not None else None
        with battle_refusals(state, ruleset, order.battle, battle):
            taken = draft.step(battle, side, uid, index)
        draft = _default_steps(state, battle, taken, defaulted)
    complete = draft.waiting_for(battle) is None
    return [TargetsAssigned(battle=order.battle, draft=draft, complete=complete)]


def parse_engagements(
    battle: Battle, texts: list[str], face_down: frozenset[str]
) -> tuple[Engagement, ...]:
    """``D1+D2>A1`` per engagement (defender units before ``>``); ``auto`` for the default
    (face-down counters ranked by ``policy_order``)."""
    if texts == ["auto"]:
        return auto_assignment(battle, face_down)
    engagements = []
    for text in texts:
        left, sep, right = text.partition(">")
        if not sep or not left or not right:
            raise InvalidOrderError(
                f"engagement {text!r}: expected DEFENDERS>ATTACKERS", "DN-CBT-3"
            )
        engagements.append(
            Engagement(defenders=tuple(left.split("+")), attackers=tuple(right.split("+")))
        )
    return tuple(engagements)


def _assign(
    state: CampaignState,
    ruleset: Ruleset,
    battle_ref: str,
    texts: list[str],
    by: Literal["protocol", "referee", "agreed"],
) -> list[Event]:
    """A whole assignment, checked against the protocol before it is accepted (DN-CBT-3)."""
    rec = book.find(state, battle_ref)
    book.expect_stage(rec, battle_ref, "assign")
    battle = rec.battle
    draft = rec.draft
    if (draft.engagements or draft.named) and Side.NEUTRAL not in battle.sides:
        raise IllegalOrderError("DN-CBT-3", "the assignment has begun step by step")
    if draft.engagements and Side.NEUTRAL in battle.sides and texts != ["auto"]:
        raise IllegalOrderError("DN-CBT-3", "the assignment has begun step by step")
    engagements = parse_engagements(battle, texts, face_down_in(state, battle))
    with battle_refusals(state, ruleset, battle_ref, battle):
        check_assignment(battle, engagements)
    whole = AssignmentDraft(engagements=engagements)
    return [TargetsAssigned(battle=battle_ref, draft=whole, complete=True, by=by)]


@decides(Assign)
def _decide_assign(
    state: CampaignState, order: Assign, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    rec = book.find(state, order.battle)
    book.expect_stage(rec, order.battle, "assign")
    battle = book.expect_member(rec, _side(order), order.battle)
    if Side.NEUTRAL in battle.sides:
        if order.engagements != ["auto"]:
            raise IllegalOrderError(
                "DN-NEU-2",
                "the neutrals name their own units: answer them with 'target', or 'auto'",
            )
        return _assign(state, ruleset, order.battle, order.engagements, "protocol")
    if not ruleset.house_rules.players_assign_freely:
        raise IllegalOrderError(
            "DN-CBT-3",
            f"the defender names a unit and the attacker answers, one pair at a time ('target "
            f"{order.battle} UNIT'); a whole assignment is given only by the referee "
            "('referee-assign') or when both players agreed to it (campaign option "
            "players_assign_freely)",
        )
    return _assign(state, ruleset, order.battle, order.engagements, "agreed")


@decides(RefereeAssign)
def _decide_referee_assign(
    state: CampaignState, order: RefereeAssign, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    return _assign(state, ruleset, order.battle, order.engagements, "referee")


def _plan(rec: book.BattleRecord, extra: dict[Side, book.Declaration] | None = None) -> RoundPlan:
    """The round plan from the record's assignment and both sides' declarations."""
    declared = {**rec.declared, **(extra or {})}
    close: list[str] = []
    short: set[str] = set()
    multiple: list[str] = []
    returns: dict[str, str] = {}
    for side_decl in declared.values():
        close += side_decl.close_attacks
        short |= set(side_decl.short_missiles)
        multiple += side_decl.multiple_targets
        returns.update(side_decl.return_targets)
    if rec.range is None:  # pragma: no cover - a battle at "fire" has chosen its range
        raise IllegalOrderError("DN-CBT-2", "the range of this round is not chosen yet")
    return RoundPlan(
        range=rec.range,
        engagements=rec.engagements,
        return_targets=returns,
        close_attacks=tuple(close),
        short_missiles=tuple(sorted(short)),
        multiple_targets=tuple(multiple),
    )


@decides(Declare)
def _decide_declare(
    state: CampaignState, order: Declare, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    rec = book.find(state, order.battle)
    book.expect_stage(rec, order.battle, "fire")
    side = _side(order)
    battle = book.expect_member(rec, side, order.battle)
    for listed in (order.short_missiles, order.multiple_targets):  # found by use: taken once
        twice = sorted({uid for uid in listed if listed.count(uid) > 1})
        if twice:
            raise IllegalOrderError("DN-CBT-5", f"{', '.join(twice)} is named twice")
    returns: dict[str, str] = {}
    for text in order.return_targets:
        lone, sep, target = text.partition(">")
        if not sep:
            raise InvalidOrderError(f"return target {text!r}: expected UNIT>TARGET", "DN-CBT-3")
        returns[lone] = target
    for uid in (*order.close_attacks, *order.short_missiles, *order.multiple_targets, *returns):
        if uid not in {u.uid for u in battle.units}:
            missing = NotInBattle("DN-CBT-5", uid, battle)
            raise _worded(state, ruleset, order.battle, battle, missing)
        if uid not in {u.uid for u in battle.side_units(side)}:
            raise IllegalOrderError("DN-CBT-5", f"{uid} is not a unit of {side} in this battle")
    mine = {
        side: book.Declaration(
            close_attacks=tuple(order.close_attacks),
            short_missiles=tuple(order.short_missiles),
            multiple_targets=tuple(order.multiple_targets),
            return_targets=returns,
        )
    }
    with battle_refusals(state, ruleset, order.battle, battle):
        check_plan(
            battle, _plan(rec, mine), multiple_targets_rule=ruleset.house_rules.multiple_targets
        )
    return [
        FireDeclared(
            battle=order.battle,
            side=side,
            close_attacks=order.close_attacks,
            short_missiles=order.short_missiles,
            multiple_targets=order.multiple_targets,
            return_targets=returns,
        )
    ]


@decides(Fire)
def _decide_fire(state: CampaignState, order: Fire, ruleset: Ruleset, dice: Dice) -> list[Event]:
    rec = book.find(state, order.battle)
    book.expect_stage(rec, order.battle, "fire")
    battle = book.expect_member(rec, _side(order), order.battle)
    rules = ruleset.house_rules
    result, after = resolve_round(
        battle,
        _plan(rec),
        ruleset.tables["space_crt"],
        dice,
        multiple_targets_rule=rules.multiple_targets,
        fighters_return_to_box=rules.lost_carrier_fighters_return_to_box,
    )
    return [RoundFought(battle=order.battle, result=result, after=after, rolls=tuple(dice.take()))]


def _withdrawing(state: CampaignState, order: Withdraw | Stay) -> Battle:
    rec = book.find(state, order.battle)
    book.expect_stage(rec, order.battle, "withdraw")
    battle = book.expect_member(rec, _side(order), order.battle)
    if rec.withdrawing is not _side(order):
        first = rec.withdrawing.value if rec.withdrawing is not None else None
        raise IllegalOrderError("DN-CBT-7", f"{first} decides on withdrawal first")
    return battle


@decides(Withdraw)
def _decide_withdraw(
    state: CampaignState, order: Withdraw, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    battle = _withdrawing(state, order)
    side = _side(order)
    options = withdrawal_options(state, ruleset, side, battle)
    if order.destination in options.open_jumps and not options.verdict.allowed:
        raise IllegalOrderError(options.verdict.rule, options.verdict.reason)  # DN-MOV-4
    if order.destination in options.unexplored:
        here, there = (ruleset.star_map.system(s).name for s in (battle.system, order.destination))
        raise IllegalOrderError(
            "DN-NEB-1",
            f"the route {here}-{there} is unexplored: a withdrawal is one jump along a known "
            f"route and never explores (DN-CBT-7); possible: "
            f"{', '.join(options.destinations) or 'none'}",
        )
    withdraw(battle, side, order.destination, options.destinations)
    return [
        WithdrawalDecided(
            battle=order.battle, side=side, destination=order.destination, units=list(options.units)
        )
    ]


@decides(Stay)
def _decide_stay(state: CampaignState, order: Stay, ruleset: Ruleset, dice: Dice) -> list[Event]:
    _withdrawing(state, order)
    return [WithdrawalDecided(battle=order.battle, side=_side(order), destination=None, units=[])]


def _may_fight(state: CampaignState, side: Side, uid: str) -> bool:
    """DN-REA-1: in Reaction Combat the reacting side fights only with the stack and friends."""
    if state.phase is not Phase.REACTION_COMBAT or side is not state.acting:
        return True
    return uid in reaction_participants(state)[1]


@decides(JoinBattle)
def _decide_join(
    state: CampaignState, order: JoinBattle, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    side = _side(order)
    system = find_system(ruleset, order.system)
    check_reaction_units(state, order.units)
    box = [u for u in box_units(state, ruleset, order.system) if _may_fight(state, side, u.uid)]
    check_lift_off(system, box, side, order.units)
    if not _fought_at(state, order.system) and not _may_open_as_seen(state, ruleset, order):
        raise _no_battle_to_join(state, ruleset, order.system, side)
    # the state as if the units stood in the hex: a shallow copy with new units dict (the rest
    # is only read); the moved units keep their places in the dict's order
    lifted = Location.hex(order.system)
    scratch = state.model_copy(
        update={
            "units": {
                **state.units,
                **{
                    uid: state.units[uid].model_copy(update={"location": lifted})
                    for uid in order.units
                },
            }
        }
    )
    changed: dict[str, Battle] = {}
    ended: list[str] = []
    for found in find_battles(scratch, ruleset):
        if found.system != order.system:
            continue
        bid = battle_id(found.system, found.attacker, found.defender)
        rec = book.records(state).get(bid)
        if rec is None:  # enemy ships above and no battle yet: lifting off opens it (DN-CBT-1)
            if _opens_as_seen(state, found, side):
                changed[bid] = found
            continue
        if not rec.is_open:  # fought and ended in this step: nothing left to join (issue 45)
            ended.append(bid)
            continue
        if side not in rec.battle.sides:
            continue
        book.expect_stage(rec, bid, "range")  # ships join between rounds
        current = rec.battle
        known = {u.uid for u in current.units}
        joining = tuple(u for u in found.units if u.uid not in known)
        changed[bid] = current.model_copy(update={"units": current.units + joining})
    if not changed:
        name = ruleset.star_map.system(order.system).name
        if ended:
            raise IllegalOrderError(
                "DN-MOV-6",
                f"the battle at {name} is over ({', '.join(ended)}): ships lift off to join a "
                "battle still being fought, not to open a new one in the same step (they may "
                "lift off in the interaction sub-phase, DN-INT-5: lift-off SYS UNITS)",
            )
        raise _no_battle_to_join(state, ruleset, order.system, side)
    return [JoinedBattle(system=order.system, side=side, units=order.units, battles=changed)]


def _no_battle_to_join(
    state: CampaignState, ruleset: Ruleset, system: str, side: Side
) -> IllegalOrderError:
    """The refusal of a lift-off that joins and opens no battle (DN-MOV-6)."""
    name = ruleset.star_map.system(system).name
    hidden = " (a face-down counter opens none: whether it fires is not known)"
    return IllegalOrderError(
        "DN-MOV-6",
        f"no battle of {side.value}'s is fought at {name}: ships lift off into a battle "
        f"only{hidden if _face_down_above(state, system) else ''} (in a movement "
        "phase, leave-box lifts them off)",
    )


def _fought_at(state: CampaignState, system: str) -> bool:
    """A battle of this step is (or was) fought at ``system``: a lift-off may join it, or find
    it over."""
    return any(rec.battle.system == system for rec in book.records(state).values())


def _may_open_as_seen(state: CampaignState, ruleset: Ruleset, order: JoinBattle) -> bool:
    """Whether the lift-off might open a battle ``_opens_as_seen`` counts, decided from what
    is public: some unit able to fire that could fight there (in the stellar hex, lifting off,
    or a fighter based in the box) is the side's own or one it can see. When none is, no
    battle opens as the side can tell, whatever the face-down counters are, and the refusal
    needs no face-down counter's kind: in fair mode no reveal is called for it (ADR 0028,
    DN-NEU-1). When one is, the battles are found with the real kinds."""
    side = _side(order)

    def may_fight(unit: Unit, unit_type: UnitType) -> bool:
        place = state.position_of(unit.id)
        return place.system == order.system and (
            place.where is Where.HEX
            or unit.id in order.units
            or unit_type.category is UnitCategory.FIGHTER
        )

    return any(
        (unit_type.beam > 0 or unit_type.missile > 0) and may_fight(unit, unit_type)
        for unit in state.units.values()
        if unit.owner is side or not unit.face_down
        for unit_type in (ruleset.unit_type(unit.kind),)
    )


def _opens_as_seen(state: CampaignState, battle: Battle, side: Side) -> bool:
    """Whether lifting off opens ``battle`` as ``side`` can tell (DN-MOV-6): a unit able to fire
    in it is the side's own or a counter it can see. Whether a face-down counter can fire is
    not the side's to know (DN-NEU-1): a battle only it would open (unarmed ships lifting off
    under a face-down monitor) is no battle to lift off into, so the answer is the same for a
    face-down transport; a battle the side can see open is fought with the counter's truth."""
    face_down = face_down_in(state, battle)
    return any(u.can_fire for u in battle.units if u.side is side or u.uid not in face_down)


def _face_down_above(state: CampaignState, system: str) -> bool:
    """A face-down counter stands in the stellar hex of ``system`` (public: where it stands)."""
    return any(
        unit.face_down and unit.location == Location.hex(system) for unit in state.units.values()
    )


# --- what legal_orders offers (DN-SEQ-2) --------------------------------------------------------
# A battle order is offered only while some open battle is at a stage that accepts it from that
# side (DN-CBT-1 round sequence); the handlers above still check everything.


def _open_records(
    state: CampaignState, side: Side | None
) -> list[tuple[str, book.BattleRecord, Battle]]:
    """Open battles (id, record, battle) that ``side`` fights in (None: every open battle)."""
    return [
        (bid, rec, rec.battle)
        for bid, rec in book.records(state).items()
        if rec.is_open and (side is None or side in rec.battle.sides)
    ]


def _at_stage(stage: book.Stage, state: CampaignState, side: Side | None) -> bool:
    return any(rec.stage == stage for _, rec, _ in _open_records(state, side))


def _stage_offer(stage: book.Stage) -> OfferCheck:
    """The offer check "some battle of ``side`` is at ``stage``"."""

    def offer(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
        return _at_stage(stage, state, side)

    offer.__doc__ = f"Some battle of ``side`` is at stage {stage!r} (DN-CBT-1)."
    return offer


# launch before the range roll (DN-CBT-8); declare and fire once targets are assigned (DN-CBT-4/5)


@offered_when(Launch)
def _offer_launch(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """A battle of ``side`` is between rounds and ``side`` has fighters in it (DN-CBT-8)."""
    return any(
        rec.stage == "range" and _has_fighters(battle, side)
        for _, rec, battle in _open_records(state, side)
    )


def _has_fighters(battle: Battle, side: Side | None) -> bool:
    return any(u.fighter and (side is None or u.side is side) for u in battle.units)


offered_when(Declare)(_stage_offer("fire"))
offered_when(Fire)(_stage_offer("fire"))


@offered_when(RollRange)
def _offer_range(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """A battle of ``side`` waits for its range roll and is next in its system (DN-CBT-1/NEU-2)."""
    return any(
        rec.stage == "range" and _fought_first(state, bid, battle.system) is None
        for bid, rec, battle in _open_records(state, side)
    )


@offered_when(ChooseRange)
def _offer_choose(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """``side`` won a range roll and chooses the range (DN-CBT-1/2)."""
    return any(
        rec.stage == "choose" and side is not None and rec.chooser is side
        for _, rec, _ in _open_records(state, side)
    )


@candidates_for("target")
def _target_candidates(state: CampaignState, side: Side, ruleset: Ruleset) -> Iterator[Target]:
    """One step per fighting unit of ``side`` in each battle waiting for it (DN-CBT-3); a left
    over unit once per engagement it may join (a form's ENGAGEMENT chosen first narrows the
    units to those, not to none)."""
    for bid, rec, battle in _open_records(state, side):
        waiting = rec.draft.waiting_for(battle) if rec.stage == "assign" else None
        if waiting is None or waiting[0] is not side:
            continue
        joins = (
            [[n] for n in range(1, len(rec.draft.engagements) + 1)] if waiting[1] == "add" else [[]]
        )
        for unit in battle.fighting(side):
            for join in joins:
                yield Target(side=side, battle=bid, units=[unit.uid], engagements=join)


@offered_when(Target)
def _offer_target(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """The assignment protocol waits for ``side`` to name, answer or add a unit (DN-CBT-3):
    one of the steps the forms list is accepted (the same candidates, issue 44 item 1)."""
    return side is not None and accepted(state, ruleset, _target_candidates(state, side, ruleset))


def _whole_assignment_open(rec: book.BattleRecord, battle: Battle) -> bool:
    """A whole assignment is still accepted: not begun step by step, or neutrals fight."""
    begun = bool(rec.draft.engagements) or rec.draft.named is not None
    return rec.stage == "assign" and (not begun or Side.NEUTRAL in battle.sides)


@offered_when(RefereeAssign)
def _offer_referee_assign(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """A battle takes a whole assignment from the referee now (DN-CBT-3)."""
    return any(_whole_assignment_open(rec, battle) for _, rec, battle in _open_records(state, side))


@offered_when(Assign)
def _offer_assign(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """A battle of ``side`` takes a whole assignment from a player now: ``auto`` against the
    neutrals, or any battle when the players agreed to free assignment (DN-CBT-3)."""
    return any(
        _whole_assignment_open(rec, battle)
        and (Side.NEUTRAL in battle.sides or ruleset.house_rules.players_assign_freely)
        for _, rec, battle in _open_records(state, side)
    )


def _withdrawing_now(state: CampaignState, side: Side | None) -> list[Battle]:
    return [
        battle
        for _, rec, battle in _open_records(state, side)
        if rec.stage == "withdraw" and side is not None and rec.withdrawing is side
    ]


@offered_when(Stay)
def _offer_stay(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """``side`` decides on withdrawal now (defender first, DN-CBT-7)."""
    return bool(_withdrawing_now(state, side))


@offered_when(Withdraw)
def _offer_withdraw(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """``side`` decides on withdrawal now and has somewhere to go (DN-CBT-7)."""
    return side is not None and any(
        withdrawal_options(state, ruleset, side, battle).destinations
        for battle in _withdrawing_now(state, side)
    )


@candidates_for("join-battle")
def _join_candidates(state: CampaignState, side: Side, ruleset: Ruleset) -> Iterator[JoinBattle]:
    """Each ship of ``side`` in a surface box with another side's units in space above it,
    lifting off alone (DN-MOV-6): the forms' UNITS and the offer probe the same orders."""
    # a battle needs another side's units in space there (find_battles pairs the sides present
    # in the hex): a box with none above it is not tried unit by unit
    others_above = {
        place.system
        for u in state.units.values()
        if u.owner is not side
        and (place := state.position_of(u.id)).where is Where.HEX
        and place.system is not None
    }
    systems = sorted(
        {
            place.system
            for u in state.units.values()
            if u.owner is side
            and (place := state.position_of(u.id)).where is Where.BOX
            and place.system is not None
            and place.system in others_above
        }
    )
    for system in systems:
        for unit in box_units(state, ruleset, system):
            if unit.side == side and not unit.is_ground:
                yield JoinBattle(side=side, system=system, units=[unit.uid])


@offered_when(JoinBattle)
def _offer_join(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """``side`` has a ship in a surface box that may lift off into a battle fought (or opened
    by it) in that system now: between rounds, DN-MOV-6. The handler decides."""
    return side is not None and accepted(state, ruleset, _join_candidates(state, side, ruleset))

"""Who a battle waits for now, and with which order (DN-CBT-1/3/7, DN-INT-2, DN-GND-2).

``battle_duties`` reads the combat book (space battles, PD fire awaited, ground losses to
choose) and says, for every battle that can move on now, the side that must act and the order
it gives. Only the first open battle of a system can move on (the pairs are fought one at a
time, DN-NEU-2). The general ``who_must_act`` (``campaign.rules.acting``) puts these first.
"""

from __future__ import annotations

from msgspec import Struct

from campaign.rules.combat import book
from campaign.rules.combat.assignment import engagement_choice
from campaign.rules.combat.battle_ids import short_ids
from campaign.rules.combat.model import Battle
from campaign.rules.combat.withdrawal import withdrawal_options
from campaign.rules.errors import EngineBugError
from campaign.rules.ids import Side
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState
from campaign.rules.wording import plural


class Duty(Struct, frozen=True):
    """A side that must act now: the order(s) it may give, why, and the rule.

    ``side`` None is the referee. ``orders`` are notations with the side prefix and the short
    battle id filled in (placeholders in capitals, e.g. ``solomani target b1 UNIT``).
    """

    side: Side | None
    orders: tuple[str, ...]
    reason: str
    rule: str
    battle: str | None = None  # full battle id, when the duty belongs to a space battle
    short: str | None = None  # its short id (``b1``)
    #: What ``side``'s own seat reads instead of ``reason`` (None: the same): a reveal its
    #: machine gives on export is, to that player, a turn file to export (fair mode).
    own_reason: str | None = None


def battle_stage_duty(
    state: CampaignState, ruleset: Ruleset | None, battle_id: str, short: str
) -> Duty | None:
    """The duty of one open battle at its current stage (None when it is over)."""
    rec = book.records(state)[battle_id]
    stage = rec.stage
    battle = rec.battle
    where = f"battle {short} at {battle.system}"
    if stage == "range":
        side = _roller(state, battle)
        orders = [f"range {short}"]
        fighters = [u for u in battle.units if u.fighter and u.side == side]
        if fighters:
            # launching first while none is out; once some are, the roll (found by use,
            # December 7, late night: "launch" stayed first after the launch, as if not taken)
            out = any(u.launched for u in fighters)
            orders.insert(len(orders) if out else 0, f"launch {short} FIGHTERS")
        launch = _other_launch(battle, side, short)
        return _duty(
            side,
            orders,
            f"{where}: roll for range, round {battle.round + 1}{launch}",
            "DN-CBT-1",
            battle_id,
            short,
        )
    if stage == "choose":
        side = _decided(rec.chooser)
        return _duty(
            side,
            [f"choose-range {short} long", f"choose-range {short} short"],
            f"{where}: {side.value} won the range roll and chooses",
            "DN-CBT-2",
            battle_id,
            short,
        )
    if stage == "assign":
        return _assign_duty(rec, battle, where, battle_id, short)
    if stage == "fire":
        side = _roller(state, battle)
        return _duty(
            side,
            [f"fire {short}", f"declare {short} [CLOSE] [SHORT] [MULTIPLE] [RETURNS]"],
            f"{where}: targets assigned, resolve the round's fire",
            "DN-CBT-4",
            battle_id,
            short,
        )
    if stage == "withdraw":
        side = _decided(rec.withdrawing)
        orders = [f"stay {short}"]
        if ruleset is not None and withdrawal_options(state, ruleset, side, battle).destinations:
            orders.append(f"withdraw {short} DEST")
        return _duty(
            side,
            orders,
            f"{where}: {side.value} decide whether to withdraw",
            "DN-CBT-7",
            battle_id,
            short,
        )
    return None


def _decided(side: Side | None) -> Side:
    """The side a battle's stage names (``choose``: the chooser, ``withdraw``: who decides);
    the appliers that set those stages always name one."""
    if side is None:  # pragma: no cover - see above
        raise EngineBugError("a battle's stage names no side")
    return side


def _assign_duty(
    rec: book.BattleRecord, battle: Battle, where: str, battle_id: str, short: str
) -> Duty:
    draft = rec.draft
    waiting = draft.waiting_for(battle)
    if waiting is None:  # pragma: no cover - a complete draft moves the stage to "fire"
        return _duty(None, [], f"{where}: assignment complete", "DN-CBT-3", battle_id, short)
    side, how = waiting
    if how == "name":
        reason = f"{where}: the defender ({side.value}) names one of its units"
        orders = [f"target {short} UNIT"]  # a whole assignment: referee or agreed (DN-CBT-3)
    elif how == "answer":
        reason = f"{where}: the attacker ({side.value}) answers {draft.named} with a unit"
        orders = [f"target {short} UNIT"]
    else:
        count = len(draft.engagements)
        reason = f"{where}: {side.value} add a leftover unit to {engagement_choice(count)}"
        orders = [f"target {short} UNIT ENGAGEMENT"]
    orders.append(f"target {short} auto")  # the default choices for the rest of the round
    return _duty(side, orders, reason, "DN-CBT-3", battle_id, short)


def _other_launch(battle: Battle, roller: Side, short: str) -> str:
    """What the reason of the range roll adds when the other side's fighters may still launch
    as the round opens (DN-CBT-8: either side, before the range roll). Found by use, December
    8: with the Aslan defending at Marrow, "now: solomani must act: ... roll for range" said
    nothing of the Aslan fighters aboard their mothership, and a referee following it rolled
    the range with them left aboard for the round."""
    others = [u for u in battle.units if u.fighter and u.side != roller]
    if not others or any(u.launched for u in others):
        return ""
    side = others[0].side.value
    return f" ({side} may launch fighters first: {side} launch {short} FIGHTERS, DN-CBT-8)"


def _roller(state: CampaignState, battle: Battle) -> Side:
    """The side asked to give an either-side battle order: the acting side if it fights, else
    the attacker (the neutrals never give orders, DN-NEU-2)."""
    if state.acting in battle.sides:
        return state.acting
    return battle.attacker if battle.attacker is not Side.NEUTRAL else battle.defender


def _duty(
    side: Side | None,
    orders: list[str],
    reason: str,
    rule: str,
    battle: str | None = None,
    short: str | None = None,
) -> Duty:
    prefix = side.value if side is not None else "referee"
    return Duty(side, tuple(f"{prefix} {o}" for o in orders), reason, rule, battle, short)


def battle_duties(state: CampaignState, ruleset: Ruleset | None) -> list[Duty]:
    """Every duty the combat book imposes now: active space battles (first per system), PD
    fire awaited (DN-INT-2), ground losses to choose (DN-GND-2)."""
    duties: list[Duty] = []
    busy: set[str] = set()
    shorts = short_ids(state)
    area = book.combat_book(state)
    for bid, rec in area.battles.items():
        if not rec.is_open:
            continue
        system = rec.battle.system
        if system in busy:  # fought after the earlier battle of the system (DN-NEU-2)
            continue
        busy.add(system)
        duty = battle_stage_duty(state, ruleset, bid, shorts[bid])
        if duty is not None:
            duties.append(duty)
    for system, pending in sorted(area.pd_pending.items()):
        owner = pending.pd_owner
        duties.append(
            _duty(
                owner,
                [f"pd-fire {system} [PD>SHIP]"],
                f"interaction at {system}: {owner.value} aim their PD",
                "DN-INT-2",
            )
        )
    for system, sides in sorted(area.losses.items()):
        for side, count in sorted(sides.items()):
            duties.append(
                _duty(
                    side,
                    [f"remove-losses {system} UNITS"],
                    f"ground combat at {system}: {side.value} choose "
                    f"{plural(count, 'unit')} to remove",
                    "DN-GND-2",
                )
            )
    return duties

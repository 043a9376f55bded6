"""Outcome sentences of combat: space battles, interaction (bombardment, PD, landing) and ground
combat (DN-CBT-*, DN-INT-*, DN-GND-*).

A round of fire is one event with many shots: its sentence is the outcome first ("Battle at
Hlirakh, round 1 at long range: S-DD-1 destroyed, A-CL-2 disrupted"), then one indented line
per shot ("A-CL-2 fires on S-DD-1 (missile 4 vs defence 3, column 1:1), rolls 5: X").
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TypeVar

from campaign.rules.combat import book
from campaign.rules.combat.crt import table_result
from campaign.rules.combat.interaction import BoxShot
from campaign.rules.combat.model import Battle
from campaign.rules.combat.reaction import ReactionParticipantsFixed
from campaign.rules.combat.space import Shot
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
from campaign.rules.combat.surface_orders import (
    GroundFought,
    Interacted,
    InteractionDeclared,
    LiftedOff,
    LossesRemoved,
)
from campaign.rules.combat.withdrawal import BOX
from campaign.rules.ids import CombatResult, TableLabel, UnitCategory
from campaign.rules.narration import NarrationView, box_control_map, describes
from campaign.rules.state import Location, Where

ShotT = TypeVar("ShotT", Shot, BoxShot)

#: How each result letter reads after a unit's name.
RESULT_WORDS = {
    CombatResult.DESTROYED: "destroyed",
    CombatResult.DISRUPTED: "disrupted",
    CombatResult.NO_EFFECT: "no effect",
}


def _battle_place(view: NarrationView, battle_ref: str) -> str:
    """ "Hlirakh" for a battle id, from the combat book or the id itself (``SYS/a-d``)."""
    rec = book.records(view.state).get(battle_ref)
    system = rec.battle.system if rec else battle_ref.partition("/")[0]
    return view.system(system)


def _column(view: NarrationView, table: str, factor: int, defence: int) -> str:
    """ ", column 1:1" when the ruleset is known."""
    if view.ruleset is None or table not in view.ruleset.tables:
        return ""
    return f", column {view.ruleset.tables[table].column_for(factor, defence)}"


def _house_note(view: NarrationView, tables: Iterable[str]) -> list[str]:
    """``["house table"]`` (or ``tables``) when a table these results were read from is labelled
    house (DN-DATA-4): its values are the tool's own, not the boxed game's, and the sentence
    says so next to its rule id; nothing for an ``official`` table or without a ruleset."""
    if view.ruleset is None:
        return []
    house = {
        name
        for name in tables
        if name in view.ruleset.tables and view.ruleset.tables[name].label is TableLabel.HOUSE
    }
    if not house:
        return []
    return ["house tables" if len(house) > 1 else "house table"]


def _aboard(view: NarrationView, carrier: str) -> list[str]:
    """Every unit ``carrier`` holds, and what those hold in turn, as the state stood before
    the event: a destroyed carrier takes them out of play with it (``eliminate``)."""
    held = []
    for cargo in view.state.cargo_of(carrier):
        held += [cargo.id, *_aboard(view, cargo.id)]
    return held


def effects_text(
    view: NarrationView,
    effects: Mapping[str, CombatResult],
    shots: Iterable[Shot | BoxShot] = (),
    told_apart: Collection[str] = (),
) -> str:
    """ "S-DD-1 destroyed, A-CL-2 disrupted" (or "no losses"); a ship destroyed by several D
    and no X says why (DN-CBT-4), and one destroyed with units aboard names them, lost with it
    ("A-TR-1 destroyed with A-JT-1 aboard"; found by use, December 7: they left the game
    unnamed). ``told_apart``: units whose fate the sentence tells on its own, never "aboard":
    the fighters of a mothership, which fight as units of the battle (found by use, December
    8: "A-MS-1 destroyed with A-F-1, A-F-3 aboard; ... fighters back to the box: A-F-1", for a
    fighter that was out and landed, DN-CBT-9)."""
    hits: dict[str, list[CombatResult]] = {}
    for shot in shots:
        if shot.roll is not None and shot.result is not CombatResult.NO_EFFECT:
            hits.setdefault(shot.target, []).append(shot.result)
    parts = []
    for uid, result in effects.items():
        text = f"{view.unit(uid)} {RESULT_WORDS[result]}"
        lost = (
            [held for held in _aboard(view, uid) if held not in told_apart and held not in effects]
            if result is CombatResult.DESTROYED
            else []
        )
        if lost:
            text += f" with {view.units(lost)} aboard"
        taken = hits.get(uid, [])
        if (
            result is CombatResult.DESTROYED
            and len(taken) > 1
            and all(r is CombatResult.DISRUPTED for r in taken)
        ):
            text += f" ({len(taken)} D in one round: a D on a disrupted unit counts as X)"
        parts.append(text)
    return ", ".join(parts) or "no losses"


#: How a shot of each step of the round reads (DN-CBT-5 close attack and return fire).
SHOT_VERBS = {
    "close": "close-attacks",
    "fire": "fires on",
    "multiple": "fires on",
    "return": "returns fire on",
}


def _counted_as_x(view: NarrationView, shot: Shot | BoxShot, table: str) -> bool:
    """True when the table gave D and the result is X: the target was disrupted (DN-CBT-4)."""
    if (
        view.ruleset is None
        or table not in view.ruleset.tables
        or shot.roll is None
        or shot.result is not CombatResult.DESTROYED
    ):
        return False
    raw = table_result(
        view.ruleset.tables[table], shot.factor, shot.defence, shot.roll.value + shot.modifier
    )
    return raw is CombatResult.DISRUPTED


def _not_bombardable(view: NarrationView, target: str) -> str:
    """Why a bombardment of ``target`` took no effect without a die when it is no ground unit
    (a face-down target is accepted whatever it is, DN-NEU-1), else ``""``: a PD marker is
    not harmed by bombardment (DN-INT-3); anything else has no ground strength (DN-INT-4)."""
    unit = view.state.units.get(target)
    if view.ruleset is None or unit is None:
        return ""
    category = view.ruleset.unit_type(unit.kind).category
    if category is UnitCategory.PD:
        return "a PD marker is not harmed by bombardment, no effect (DN-INT-3)"
    if category is not UnitCategory.GROUND:
        return "bombardment hits ground units only, no effect (DN-INT-4)"
    return ""


def _shot_line(
    view: NarrationView, shot: Shot | BoxShot, table: str, weapon: str, against: str
) -> str:
    who, target = view.unit(shot.firer), view.unit(shot.target)
    if view.hidden(shot.firer) or view.hidden(shot.target):
        odds = f"{weapon}, factors of the face-down counter not shown (DN-NEU-1)"
    else:
        odds = (
            f"{weapon} {shot.factor} vs {against} {shot.defence}"
            f"{_column(view, table, shot.factor, shot.defence)}"
        )
    step = getattr(shot, "step", "fire")
    verb = f"{SHOT_VERBS.get(step, 'fires on')} {target}"
    if step == "return":
        verb += " with its full beam"
    rule = " (DN-CBT-5)" if step in ("close", "return") else ""
    if view.hidden(shot.firer) or view.hidden(shot.target):
        # neither the die nor "below the table": both would bound the hidden factors
        return f"{who} {verb} ({odds}): {_hidden_result(view, shot, table)}{rule}"
    if table == "bombard_crt" and shot.roll is None:
        unbombardable = _not_bombardable(view, shot.target)
        if unbombardable:
            return f"{who} {verb}: {unbombardable}"
    if shot.roll is None:
        return f"{who} {verb} ({odds}): below the table, no effect{rule}"
    modifier = f" {shot.modifier:+d}" if shot.modifier else ""
    result = shot.result.value
    if _counted_as_x(view, shot, table):
        what = "ground unit" if table == "bombard_crt" else "ship"
        result, rule = f"D on a disrupted {what} counts as X", " (DN-CBT-4)"
    return f"{who} {verb} ({odds}), rolls {shot.roll.value}{modifier}: {result}{rule}"


def _seen_shots(view: NarrationView, shots: Iterable[ShotT]) -> list[ShotT]:
    """The shots told one by one: every shot for the referee; for a player, those not fired by
    a face-down counter he may not identify (``_hidden_fire`` tells those together)."""
    return [shot for shot in shots if not view.hidden(shot.firer)]


def _hidden_fire(
    view: NarrationView, shots: Iterable[Shot | BoxShot], present: Iterable[str]
) -> list[str]:
    """One line for the fire of the face-down counters among ``present`` (the units of the
    battle, or of the box, before the shots) that the viewer may not identify (DN-NEU-1):
    "the face-down neutrals' fire (…not shown): A-CL-1 X", or "no effect".

    Told shot by shot, the weapon ("missile", "PD", "with its full beam") would name a
    counter's kind, and whether a line is there at all would tell a counter with a factor at
    the range from one without (a beam monitor at long range fires no shot). So the line is
    there whenever such a counter is, fired or not, and tells only the results on the units
    it hit, in the order they were hit: the battle being fought, not what fought it."""
    if not any(view.hidden(uid) for uid in present):
        return []
    results = [
        (shot.target, _hidden_result(view, shot, _table_of(shot)))
        for shot in shots
        if view.hidden(shot.firer)
    ]
    hits = [f"{view.unit(target)} {result}" for target, result in results if result != "no effect"]
    return [
        "  the face-down neutrals' fire (who fired and with what not shown, "
        f"DN-NEU-1): {', '.join(hits) or 'no effect'}"
    ]


def _hidden_result(view: NarrationView, shot: Shot | BoxShot, table: str) -> str:
    """A shot's result where a face-down counter fired or was fired on, told without the die
    or the odds (DN-NEU-1): "no effect" whether the odds were below the table or the die
    missed."""
    if shot.roll is None or shot.result is CombatResult.NO_EFFECT:
        return "no effect"
    if table == "space_crt" and _counted_as_x(view, shot, table):
        return "D on a disrupted ship counts as X"
    return shot.result.value


def _sides(battle: Battle, view: NarrationView) -> str:
    return f"{view.side(battle.attacker)} attack {view.side(battle.defender)}"


@describes(BattlesOpened)
def _opened(event: BattlesOpened, view: NarrationView) -> str:
    parts = [
        f"{view.system(b.system)} ({_sides(b, view)}, {view.plural(len(b.units), 'unit')})"
        for b in event.battles.values()
    ]
    return f"Battles open: {'; '.join(parts)} (DN-CBT-1)"


@describes(ReactionParticipantsFixed)
def _participants(event: ReactionParticipantsFixed, view: NarrationView) -> str:
    if event.system is None:
        return "Reaction Combat: no unit of the reaction stack is on the map (DN-REA-1)"
    if not _enemies_at(view, event.system, event.units):  # found by use, December 7, late
        # night: "Reaction Combat at Concord: S-B1-1, … may fight" where nobody was to fight
        return (
            f"Reaction Combat at {view.system(event.system)}: no enemy unit is there, nothing "
            "to fight (DN-REA-1)"
        )
    return (
        f"Reaction Combat at {view.system(event.system)}: {view.units(event.units)} may "
        "fight (the reaction stack and the friends already there, DN-REA-1)"
    )


def _enemies_at(view: NarrationView, system: str, units: Sequence[str]) -> bool:
    """Whether a unit of another side than ``units``' stands in the stellar hex or the surface
    box of ``system`` (where a counter stands is public, face down or not)."""
    owners = {view.state.units[uid].owner for uid in units if uid in view.state.units}
    there = [*view.state.units_at(Location.hex(system)), *view.state.units_at(Location.box(system))]
    return any(unit.owner not in owners for unit in there)


@describes(JoinedBattle)
def _joined(event: JoinedBattle, view: NarrationView) -> str:
    return (
        f"{view.does(event.units, 'lifts', 'lift')} off into the battle at "
        f"{view.system(event.system)} (DN-MOV-6)"
    )


@describes(FightersLaunched)
def _launched(event: FightersLaunched, view: NarrationView) -> str:
    flying = view.units(event.launched) if event.launched else "no fighters"
    return (
        f"Battle at {_battle_place(view, event.battle)}: {view.side(event.side)} launch "
        f"{flying} (DN-CBT-8)"
    )


def _range_attempts(event: RangeRolled) -> list[str]:
    """ "solomani 3, aslan 2 +1 for fewer ships = 3" per attempt of the roll: each die, and the
    side's +1 next to it (the final totals tell the bonus), ties first (DN-CBT-1)."""
    result = event.result
    bonus = {
        side: total
        - next(r.value for r in reversed(result.rolls) if r.purpose.split(" ")[-3] == side.value)
        for side, total in result.totals
    }
    sides = [side for side, _ in result.totals]
    attempts = []
    for start in range(0, len(result.rolls), len(sides)):
        pair = result.rolls[start : start + len(sides)]
        attempts.append(
            ", ".join(
                _range_score(side.value, roll.value, bonus[side])
                for side, roll in zip(sides, pair, strict=True)
            )
        )
    return attempts


def _range_score(side: str, die: int, bonus: int) -> str:
    """ "aslan 4", or with the fewer-ships bonus "aslan 1 +1 for fewer ships = 2" (DN-CBT-1)."""
    if not bonus:
        return f"{side} {die}"
    return f"{side} {die} {bonus:+d} for fewer ships = {die + bonus}"


@describes(RangeRolled)
def _range_rolled(event: RangeRolled, view: NarrationView) -> str:
    *tied, final = _range_attempts(event)
    ties = "".join(f"{scores}: a tie, rolled again (DN-CBT-1); " for scores in tied)
    totals = [total for _, total in event.result.totals]
    if not tied and len(set(totals)) == 1:  # house switch range_tie_reroll off
        final += ": a tie, the defender chooses"
    return (
        f"Battle at {_battle_place(view, event.battle)}: range roll {ties}{final}; "
        f"{view.side(event.result.chooser)} choose the range (DN-CBT-1)"
    )


@describes(RangeChosen)
def _range_chosen(event: RangeChosen, view: NarrationView) -> str:
    rec = book.records(view.state).get(event.battle)
    chooser = rec.chooser if rec else None
    who = f"{view.side(chooser)} choose" if chooser else "Range"
    return (
        f"Battle at {_battle_place(view, event.battle)}: {who} {event.range.value} range (DN-CBT-2)"
    )


@describes(TargetsAssigned)
def _assigned(event: TargetsAssigned, view: NarrationView) -> str:
    place = _battle_place(view, event.battle)
    if event.complete:
        pairs = "; ".join(
            f"{n}: {view.units(e.defenders)} vs {view.units(e.attackers)}"
            for n, e in enumerate(event.draft.engagements, 1)
        )
        return f"Battle at {place}: targets assigned — {pairs} (DN-CBT-3)"
    if event.draft.named is not None:
        return f"Battle at {place}: the defender names {view.unit(event.draft.named)} (DN-CBT-3)"
    count = len(event.draft.engagements)
    return f"Battle at {place}: {view.plural(count, 'engagement')} formed so far (DN-CBT-3)"


@describes(PairingDefaulted)
def _defaulted(event: PairingDefaulted, view: NarrationView) -> str:
    return (
        f"Battle at {_battle_place(view, event.battle)}: {view.side(event.side)} take the "
        "default pairing for this round, strongest unit first and leftovers in turn; each "
        "of their choices is made when its turn comes (DN-CBT-3)"
    )


@describes(FireDeclared)
def _declared(event: FireDeclared, view: NarrationView) -> str:
    parts, rules = [], []
    if event.close_attacks or event.short_missiles:
        rules.append("DN-CBT-5")
    if event.close_attacks:
        parts.append(f"close attacks by {view.units(event.close_attacks)}")
    if event.short_missiles:
        parts.append(f"short-range missiles from {view.units(event.short_missiles)}")
    if event.multiple_targets:
        parts.append(f"one at a time against {view.units(event.multiple_targets)}")
        rules.append("DN-CBT-6")
    for lone, target in event.return_targets.items():
        parts.append(f"{view.unit(lone)} returns fire at {view.unit(target)}")
    if event.return_targets:
        rules.insert(0, "DN-CBT-3")
    what = "; ".join(parts) or "nothing special"
    return (
        f"Battle at {_battle_place(view, event.battle)}: {view.side(event.side)} declare "
        f"{what} ({', '.join(rules) or 'DN-CBT-5'})"
    )


@describes(RoundFought)
def _round(event: RoundFought, view: NarrationView) -> str:
    result = event.result
    place = view.system(event.after.system)
    lost = [f.uid for f in result.fighters if not f.returned_to_box]
    home = [f.uid for f in result.fighters if f.returned_to_box]
    head = (
        f"Battle at {place}, round {result.round} at {result.range.value} range: "
        f"{effects_text(view, result.effects, result.shots, [*lost, *home])}"
    )
    carried = _disrupted_with_carrier(view, event)
    if carried:
        whose = "its" if len(carried) == 1 else "their"
        head += f"; {view.units(carried)} disrupted with {whose} mothership (DN-CBT-8)"
    if lost:
        head += f"; fighters lost with their mothership: {view.units(lost)} (DN-CBT-9)"
    if home:
        head += f"; fighters back to the box: {view.units(home)} (DN-CBT-9)"
    if event.after.is_over:
        head += f". Battle at {place} over"
    told = _seen_shots(view, result.shots)  # a house note on hidden shots would tell them
    rules = ["DN-CBT-4", *_house_note(view, ["space_crt"] if told else [])]
    lines = [f"{head} ({', '.join(rules)})"]
    rec = book.records(view.state).get(event.battle)
    fighting = [unit.uid for unit in (rec.battle if rec else event.after).units]
    for shot in told:
        weapon = shot.weapon.value
        lines.append("  " + _shot_line(view, shot, "space_crt", weapon, "defence"))
    lines += _hidden_fire(view, result.shots, fighting)
    return "\n".join(lines)


def _disrupted_with_carrier(view: NarrationView, event: RoundFought) -> list[str]:
    """Fighters the round disrupted only because their mothership was (DN-CBT-8)."""
    return [
        unit.uid
        for unit in event.after.units
        if unit.fighter
        and unit.disrupted
        and unit.uid not in event.result.effects
        and unit.uid in view.state.units
        and not view.state.units[unit.uid].disrupted
    ]


@describes(WithdrawalDecided)
def _withdrawal(event: WithdrawalDecided, view: NarrationView) -> str:
    place = _battle_place(view, event.battle)
    who = view.side(event.side)
    if event.destination is None:
        return f"Battle at {place}: {who} stay (DN-CBT-7)"
    where = "into the box" if event.destination == BOX else f"to {view.system(event.destination)}"
    return f"Battle at {place}: {who} withdrew {where} with {view.units(event.units)} (DN-CBT-7)"


@describes(InteractionDeclared)
def _interaction_declared(event: InteractionDeclared, view: NarrationView) -> str:
    return (
        f"Interaction at {view.system(event.system)}: {view.side(event.plan.side)} wait for "
        f"{view.side(event.pd_owner)} to aim their PD (DN-INT-2)"
    )


def _box_table(shot: BoxShot) -> str:
    """The table a shot of the interaction sub-phase is read on (DN-INT-4)."""
    return "pd_crt" if shot.kind == "pd" else "bombard_crt"


def _table_of(shot: Shot | BoxShot) -> str:
    """The table any shot is read on: the space combat table, or the interaction's."""
    return _box_table(shot) if isinstance(shot, BoxShot) else "space_crt"


def _box_shot_line(view: NarrationView, shot: BoxShot) -> str:
    if shot.kind == "pd":
        return _shot_line(view, shot, _box_table(shot), "PD", "defence")
    return _shot_line(view, shot, _box_table(shot), "bombardment", "strength")


#: Said where a bombardment disrupts a ground unit: the spec gives ground units no recovery
#: (DN-ECO-7 maintains ships only), so the house reading is that it stays disrupted.
GROUND_STAYS_DISRUPTED = (
    "a disrupted ground unit stays disrupted: no rule recovers it, house "
    "reading, docs/rules-combat.md"
)


def _landing(view: NarrationView, landed: tuple[str, ...]) -> str:
    """ "A-TR-1 lands, unloading A-RT-1 into the box": each landing ship with the cargo it
    puts down (DN-MOV-5)."""
    parts = []
    for uid in landed:
        cargo = [c.id for c in view.state.cargo_of(uid)]
        unloading = f", unloading {view.units(cargo)} into the box" if cargo else ""
        parts.append(f"{view.unit(uid)} lands{unloading}")
    return "; ".join(parts)


def _drops(view: NarrationView, dropped: tuple[str, ...]) -> str:
    """ "A-JT-1 drops from orbit off A-TR-2 (DN-INT-4)"."""
    parts = []
    for uid in dropped:
        unit = view.state.units.get(uid)
        carrier = unit.location.carrier if unit is not None else None
        off = f" off {view.unit(carrier)}" if carrier else ""
        parts.append(f"{view.unit(uid)} drops from orbit{off}")
    return "; ".join(parts)


def _grounded_disrupted(view: NarrationView, event: Interacted) -> list[str]:
    """Ground units this bombardment disrupted (not destroyed)."""
    bombarded = {shot.target for shot in event.result.shots if shot.kind == "bombard"}
    return [
        uid
        for uid, effect in event.result.effects.items()
        if uid in bombarded and effect is CombatResult.DISRUPTED
    ]


def _unfriendly_kind(view: NarrationView, system: str) -> str:
    """How a box the acting side does not control reads (DN-INT-1): "hostile box" when the
    enemy or the neutrals control it, "box nobody controls" when it is empty or contested
    (DN-ECO-1): nothing there is hostile, though the ships still land in this sub-phase."""
    if view.ruleset is None:
        return "hostile box"
    held = box_control_map(view.state, view.ruleset).get(system)
    return "box nobody controls" if held is None or held.controller is None else "hostile box"


@describes(Interacted, changes_control=True)
def _interacted(event: Interacted, view: NarrationView) -> str:
    result = event.result
    parts, rules = [], ["DN-INT-1"]
    if result.shots:
        effects = effects_text(view, result.effects, result.shots)
        if _grounded_disrupted(view, event):
            effects += f" ({GROUND_STAYS_DISRUPTED})"
        parts.append(effects)
    if result.landed:
        parts.append(_landing(view, result.landed))
    if result.dropped:
        parts.append(_drops(view, result.dropped))
        rules.append("DN-INT-4")
    told = _seen_shots(view, result.shots)  # a house note on hidden shots would tell them
    rules += _house_note(view, (_box_table(shot) for shot in told))
    kind = "friendly box" if result.friendly else _unfriendly_kind(view, event.system)
    lines = [
        f"Interaction at {view.system(event.system)} ({kind}): "
        f"{'; '.join(parts) or 'nothing happens'} ({', '.join(rules)})"
    ]
    lines += ["  " + _box_shot_line(view, shot) for shot in told]
    in_box = [
        unit.id
        for unit in view.state.units.values()
        if unit.location.where is Where.BOX and unit.location.system == event.system
    ]
    lines += _hidden_fire(view, result.shots, in_box)
    return "\n".join(lines)


@describes(LiftedOff)
def _lifted_off(event: LiftedOff, view: NarrationView) -> str:
    return (
        f"{view.does(event.units, 'lifts', 'lift')} off to the stellar hex of "
        f"{view.system(event.system)} (DN-INT-5)"
    )


def _ground_rolls(view: NarrationView, event: GroundFought) -> Iterable[str]:
    system = event.result.system
    secret = any(view.hides_forces(side, system) for side in event.result.sides)
    for roll in event.result.rolls:
        if secret:  # the totals, the die or "below the table" would tell what the
            # face-down counters are (DN-NEU-1)
            rolled = (
                "no effect"
                if roll.roll is None or roll.result is CombatResult.NO_EFFECT
                else f"{roll.result.value}, enemy loses {roll.losses}"
            )
            yield f"  {view.side(roll.side)} attack (strengths not shown, DN-NEU-1): {rolled}"
            continue
        if roll.roll is None:
            yield (
                f"  {view.side(roll.side)} attack {roll.attack} vs {roll.defence}: below the "
                "table, no effect"
            )
            continue
        yield (
            f"  {view.side(roll.side)} attack {roll.attack} vs {roll.defence}"
            f"{_column(view, 'ground_crt', roll.attack, roll.defence)}, rolls "
            f"{roll.roll.value}: {roll.result.value}, enemy loses {roll.losses}"
        )


@describes(GroundFought, changes_control=True)
def _ground(event: GroundFought, view: NarrationView) -> str:
    result = event.result
    a, b = result.sides
    head = f"Ground combat at {view.system(result.system)} ({view.side(a)} vs {view.side(b)}): "
    if result.rule == "DN-GND-1" and event.removed:
        head += f"{view.units(event.removed)} removed, no ground forces to hold the box"
    else:
        head += f"{view.units(event.removed)} removed" if event.removed else "no losses yet"
    for side, count in event.pending.items():
        head += f"; {view.side(side)} choose {view.plural(count, 'loss')} (remove-losses)"
    rules = [result.rule, *_house_note(view, ["ground_crt"] if result.rolls else [])]
    lines = [f"{head} ({', '.join(rules)})", *_ground_rolls(view, event)]
    return "\n".join(lines)


@describes(LossesRemoved, changes_control=True)
def _losses(event: LossesRemoved, view: NarrationView) -> str:
    return (
        f"Ground combat at {view.system(event.system)}: {view.side(event.side)} remove "
        f"{view.units(event.units)} (DN-GND-2)"
    )

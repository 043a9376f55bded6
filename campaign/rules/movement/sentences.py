"""Outcome sentences of movement: jumps, sublight moves, lift-off, cargo and stacks."""

from __future__ import annotations

from campaign.rules.ids import UnitCategory, UnitFlag
from campaign.rules.movement.cargo import CargoLoaded, CargoUnloaded
from campaign.rules.movement.moves import EXPLORE_TARGET, MovementEnded, StackMoved, UnitsLifted
from campaign.rules.movement.paths import Arrival
from campaign.rules.movement.presence import is_tanker
from campaign.rules.movement.stacks import StackRelabelled
from campaign.rules.narration import NarrationView, describes


def _refuels(view: NarrationView, units: list[str], system: str) -> str:
    """ "A-AO-1 refuels the friendly ships at Sirehk (DN-MOV-4)": the tanker by id, the system
    by name."""
    tankers = [
        uid
        for uid in units
        if view.ruleset is not None
        and uid in view.state.units
        and is_tanker(view.ruleset.unit_type(view.state.units[uid].kind))
    ]
    if not tankers:
        return f"the friendly ships at {view.system(system)} are refuelled (DN-MOV-4)"
    return f"{view.unit(tankers[0])} refuels the friendly ships at {view.system(system)} (DN-MOV-4)"


def _move_rolls(view: NarrationView, event: StackMoved | UnitsLifted) -> list[str]:
    """Each disrupted ship's DN-MOV-9 roll of this move, with the number it needed, whether it
    passed or not ("A-DD-1 (disrupted) rolls 4, needs 3: moves (DN-MOV-9)"); ships that failed
    their roll earlier in the phase are said to stay."""
    parts = []
    for uid, value in event.move_rolls.items():
        unit = view.state.units.get(uid)
        needs = ""
        if view.ruleset is not None and unit is not None:
            needs = f", needs {view.ruleset.unit_type(unit.kind).maintenance}"
        outcome = "stays" if uid in event.stayed else "moves"
        parts.append(f"{view.unit(uid)} (disrupted) rolls {value}{needs}: {outcome} (DN-MOV-9)")
    earlier = [uid for uid in event.stayed if uid not in event.move_rolls]
    if earlier:
        parts.append(
            view.does(
                earlier,
                "failed its disrupted-move roll earlier in the phase and stays",
                "failed their disrupted-move rolls earlier in the phase and stay",
            )
            + " (DN-MOV-9)"
        )
    return parts


def _explore_roll(view: NarrationView, event: StackMoved) -> str:
    """ "roll 5 −1 for the scout = 4, needs 4": the exploration die with the scout's modifier
    next to it (DN-NEB-1); empty when the event holds no exploration die."""
    die = next((r.value for r in event.rolls if r.purpose.startswith("explore ")), None)
    if die is None:
        return ""
    scout_only = view.ruleset is not None and not any(
        view.ruleset.unit_type(view.state.units[uid].kind).has(UnitFlag.EXPLORER)
        for uid in event.units
        if uid in view.state.units
    )
    total = f"roll {die} −1 for the scout = {die - 1}" if scout_only else f"roll {die}"
    return f"{total}, needs {EXPLORE_TARGET}"


def _explorer_disrupted(view: NarrationView, event: StackMoved) -> str:
    """ "A-EX-1 disrupted", or for an explorer disrupted already "A-EX-1 stays disrupted"."""
    fresh = [
        u for u in event.disrupted if u not in view.state.units or not view.state.units[u].disrupted
    ]
    again = [u for u in event.disrupted if u not in fresh]
    parts = [f"{view.units(fresh)} disrupted"] if fresh else []
    if again:
        parts.append(
            view.does(
                again, "was disrupted already and stays so", "were disrupted already and stay so"
            )
        )
    return " and ".join(parts)


@describes(StackMoved)
def _moved(event: StackMoved, view: NarrationView) -> str:
    route = " → ".join(view.system(s) for s in [event.start, *event.path])
    moved = [u for u in event.units if u not in event.stayed]
    explore = " – ".join(view.system(s) for s in event.explore_failed or ())
    roll = _explore_roll(view, event)
    roll = f" ({roll})" if roll else ""
    parts = []
    if event.path:
        verb = ("jumps", "jump") if event.mode == "jump" else ("moves sublight", "move sublight")
        parts.append(f"{view.does(moved, *verb)} {route}")
    elif moved and event.explore_failed:  # the exploring jump was the only step: nobody moved
        parts.append(
            f"{view.does(moved, 'stays', 'stay')} at {view.system(event.start)}: "
            f"exploring {explore} failed{roll}, {_explorer_disrupted(view, event)} "
            "(DN-NEB-1)"
        )
    elif moved:
        parts.append(f"{view.does(moved, 'stays', 'stay')} at {view.system(event.start)}")
    if event.hidden_stop:
        parts.append(
            f"stopped at {view.system(event.hidden_stop)}: a face-down neutral counter "
            "there blocks jump movement (DN-MOV-2)"
        )
    if event.arrival is Arrival.HALTED:
        parts.append(f"halted for fuel at {view.system(event.path[-1])} (DN-MOV-4)")
    parts += _move_rolls(view, event)
    if event.explored:
        parts.append(
            f"route {' – '.join(view.system(s) for s in event.explored)} explored{roll} (DN-NEB-1)"
        )
    if event.explore_failed and event.path:
        parts.append(
            f"exploring {explore} failed{roll}, {_explorer_disrupted(view, event)} (DN-NEB-1)"
        )
    if event.refuelled:
        parts.append(_refuels(view, moved, event.refuelled))
    return "; ".join(parts)


@describes(MovementEnded)
def _ended(event: MovementEnded, view: NarrationView) -> str:
    refuel = f"; {_refuels(view, event.units, event.refuelled)}" if event.refuelled else ""
    if event.reaction:
        refuel += "; this refuel is the reacting stack's move (DN-MOV-8)"
    return f"{view.does(event.units, 'ends its', 'end their')} movement{refuel}"


@describes(UnitsLifted)
def _lifted(event: UnitsLifted, view: NarrationView) -> str:
    up = [u for u in event.units if u not in event.stayed]
    rolls = "".join(f"; {part}" for part in _move_rolls(view, event))
    return (
        f"{view.does(up, 'lifts', 'lift')} off to the stellar hex of "
        f"{view.system(event.system)} (DN-MOV-6){rolls}"
    )


@describes(CargoLoaded, changes_control=True)
def _loaded(event: CargoLoaded, view: NarrationView) -> str:
    """Loading is DN-MOV-5's (found by use, December 8: the sentence cited DN-MOV-7, the rule
    of what fits where, which a referee looking the order up did not find it in)."""
    return f"{view.unit(event.cargo)} boards {view.unit(event.carrier)} (DN-MOV-5)"


@describes(CargoUnloaded, changes_control=True)
def _unloaded(event: CargoUnloaded, view: NarrationView) -> str:
    """Unloading is DN-MOV-5's; a PD marker unloaded (or installed directly) is set up in the
    box, DN-MOV-10's (found by use, December 8: both cited DN-MOV-7)."""
    source = f" from {view.unit(event.carrier)}" if event.carrier else ""
    where = f"{view.unit(event.cargo)} unloads{source} at {view.system(event.system)}"
    if _is_pd(view, event.cargo):
        return f"{where}: PD set up in its surface box (DN-MOV-10)"
    return f"{where} (DN-MOV-5)"


def _is_pd(view: NarrationView, uid: str) -> bool:
    """Whether ``uid`` is a PD marker, as the ruleset reads its kind (False without one)."""
    unit = view.state.units.get(uid)
    if unit is None or view.ruleset is None:
        return False
    return view.ruleset.unit_type(unit.kind).category is UnitCategory.PD


@describes(StackRelabelled)
def _relabelled(event: StackRelabelled, view: NarrationView) -> str:
    if event.label is None:
        return f"{view.does(event.units, 'leaves its', 'leave their')} stack (DN-MOV-2)"
    return f"Stack {event.label}: {view.units(event.units)} (DN-MOV-2)"

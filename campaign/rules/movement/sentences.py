"""Outcome sentences of movement: jumps, sublight moves, lift-off, cargo and stacks."""

from __future__ import annotations

from campaign.rules.movement.cargo import CargoLoaded, CargoUnloaded
from campaign.rules.movement.moves import MovementEnded, StackMoved, UnitsLifted
from campaign.rules.movement.paths import Arrival
from campaign.rules.movement.presence import is_tanker
from campaign.rules.movement.stacks import StackRelabelled
from campaign.rules.narration import NarrationView, describes


def _refuels(view: NarrationView, units: list[str], system: str) -> str:
    """"A-AO-1 refuels the friendly ships at Sirehk (DN-MOV-4)": the tanker by id, the system
    by name."""
    tankers = [uid for uid in units if view.ruleset is not None and uid in view.state.units
               and is_tanker(view.ruleset.unit_type(view.state.units[uid].kind))]
    if not tankers:
        return f"the friendly ships at {view.system(system)} are refuelled (DN-MOV-4)"
    return f"{view.unit(tankers[0])} refuels the friendly ships at {view.system(system)} " \
           "(DN-MOV-4)"


@describes(StackMoved)
def _moved(event: StackMoved, view: NarrationView) -> str:
    route = " → ".join(view.system(s) for s in [event.start, *event.path])
    moved = [u for u in event.units if u not in event.stayed]
    explore = " – ".join(view.system(s) for s in event.explore_failed or ())
    parts = []
    if event.path:
        parts.append(f"{view.units(moved)} {event.mode} {route}")
    elif moved and event.explore_failed:  # the exploring jump was the only step: nobody moved
        parts.append(f"{view.units(moved)} stay at {view.system(event.start)}: exploring "
                     f"{explore} failed, {view.units(event.disrupted)} disrupted (DN-NEB-1)")
    elif moved:
        parts.append(f"{view.units(moved)} stay at {view.system(event.start)}")
    if event.hidden_stop:
        parts.append(f"stopped at {view.system(event.hidden_stop)}: a face-down neutral counter "
                     "there blocks jump movement (DN-MOV-2)")
    if event.arrival is Arrival.HALTED:
        parts.append(f"halted for fuel at {view.system(event.path[-1])} (DN-MOV-4)")
    if event.stayed:
        parts.append(f"{view.units(event.stayed)} failed the disrupted-move roll and stay "
                     f"(DN-MOV-9)")
    if event.explored:
        parts.append(f"route {' – '.join(view.system(s) for s in event.explored)} explored "
                     "(DN-NEB-1)")
    if event.explore_failed and event.path:
        parts.append(f"exploring {explore} failed, {view.units(event.disrupted)} disrupted "
                     "(DN-NEB-1)")
    if event.refuelled:
        parts.append(_refuels(view, moved, event.refuelled))
    return "; ".join(parts)


@describes(MovementEnded)
def _ended(event: MovementEnded, view: NarrationView) -> str:
    refuel = f"; {_refuels(view, event.units, event.refuelled)}" if event.refuelled else ""
    return f"{view.units(event.units)} end their movement{refuel}"


@describes(UnitsLifted)
def _lifted(event: UnitsLifted, view: NarrationView) -> str:
    up = [u for u in event.units if u not in event.stayed]
    stayed = (f"; {view.units(event.stayed)} failed the disrupted-move roll and stay (DN-MOV-9)"
              if event.stayed else "")
    return f"{view.units(up)} lift off to the stellar hex of {view.system(event.system)} " \
           f"(DN-MOV-6){stayed}"


@describes(CargoLoaded, changes_control=True)
def _loaded(event: CargoLoaded, view: NarrationView) -> str:
    return f"{view.unit(event.cargo)} boards {view.unit(event.carrier)} (DN-MOV-7)"


@describes(CargoUnloaded, changes_control=True)
def _unloaded(event: CargoUnloaded, view: NarrationView) -> str:
    source = f" from {view.unit(event.carrier)}" if event.carrier else ""
    return f"{view.unit(event.cargo)} unloads{source} at {view.system(event.system)} (DN-MOV-7)"


@describes(StackRelabelled)
def _relabelled(event: StackRelabelled, view: NarrationView) -> str:
    if event.label is None:
        return f"{view.units(event.units)} leave their stack (DN-MOV-2)"
    return f"Stack {event.label}: {view.units(event.units)} (DN-MOV-2)"

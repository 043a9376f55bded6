"""Random legal movement never raises and never breaks invariants (DN-MOV-2, DN-MOV-4,
DN-MOV-7, DN-MOV-8, DN-MOV-9, DN-ERR-1): orders are drawn from the UI query and from the
cargo rules, given through the real engine on the sample map."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.rules.dice import FixedSource
from campaign.rules.engine import decide, fold
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import UnitCategory
from campaign.rules.movement import move_options
from campaign.rules.movement.book import finished, reaction_stack
from campaign.rules.movement.cargo import Load, Unload
from campaign.rules.movement.moves import EndMove, Jump
from campaign.rules.phases import Phase
from campaign.rules.state import Where
from tests.movement.helpers import A, Game, S
from tests.rulesets import sample

SYSTEMS = [s.id for s in sample().star_map.systems]


def world(phase: Phase, seats: list[str]) -> Game:
    """Aslan ships (some disrupted, a tanker, an explorer, a loaded transport) and Solomani
    blockers at the given systems; Aslan acts (phasing, or reacting in Reaction Movement)."""
    game = Game(phase=phase, phasing=S if phase is Phase.REACTION_MOVEMENT else A)
    kinds = ["CL", "DD", "AO", "EX", "TR", "CR", "SC", "MS"]
    for n, (kind, where) in enumerate(zip(kinds, seats[:8], strict=False)):
        game.put(f"A-{kind}-{n}", f"aslan:{kind}", f"hex:{where}", disrupted=n % 3 == 0)
        game.put(f"A-RT-{n}", "aslan:RT-4", f"box:{where}")
    for n, where in enumerate(seats[8:]):
        game.put(f"S-SC-{n}", "solomani:SC", f"hex:{where}")
    return game


def check_invariants(game: Game) -> None:
    state = game.state
    for unit in state.units.values():
        where = unit.location
        if where.where is Where.CARRIED:
            carrier = state.units[where.carrier or ""]
            assert carrier.location.on_map, unit.id
        assert where.where is not Where.UNPLACED
    for carrier in state.units.values():
        cargo = state.cargo_of(carrier.id)
        assert len(cargo) <= 3
        if cargo and ("TR" in carrier.id):
            assert len(cargo) == 1
    labels = {(u.owner, u.stack) for u in state.units.values() if u.stack}
    for owner, label in labels:
        assert len({u.location for u in state.stack_members(owner, label)}) == 1, label
    stack = reaction_stack(state)
    if state.phase is Phase.REACTION_MOVEMENT and stack is not None:
        moved = [e for e in game.events if getattr(e, "units", None) and e.type == "stack-moved"]
        for event in moved:
            assert set(event.units) <= set(stack)


@settings(max_examples=25, deadline=None)
@given(
    phase=st.sampled_from([Phase.FIRST_MOVEMENT, Phase.REACTION_MOVEMENT]),
    seats=st.lists(st.sampled_from(SYSTEMS), min_size=8, max_size=12),
    choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=12),
    dice=st.lists(st.integers(1, 6), min_size=40, max_size=40),
)
def test_random_movement_keeps_invariants(phase, seats, choices, dice):
    # DN-MOV-2 DN-MOV-4 DN-MOV-7 DN-MOV-8 DN-MOV-9: random legal play
    game = world(phase, seats)
    source = FixedSource(dice)
    for pick in choices:
        ships = [
            u.id
            for u in game.state.units_of(A)
            if u.location.where is Where.HEX
            and u.stack is None
            and game.ruleset.unit_type(u.kind).category is UnitCategory.SHIP
        ]
        if not ships:
            break
        uid = ships[pick % len(ships)]
        options = move_options(game.state, game.ruleset, A, uid)
        candidates = [
            Jump(side=A, what=uid, path=list(d.path))
            for d in options.legal.values()
            if d.mode == "jump"
        ]
        candidates.append(EndMove(side=A, what=uid))
        cargo = game.state.cargo_of(uid)
        if cargo:
            candidates.append(Unload(side=A, cargo=cargo[0].id))
        box = [
            u
            for u in game.state.units_of(A)
            if u.location.where is Where.BOX
            and u.location.system == game.state.units[uid].location.system
        ]
        if box:
            candidates.append(Load(side=A, cargo=box[0].id, carrier=uid))
        order = candidates[pick % len(candidates)]
        before = set(finished(game.state))
        try:
            events = decide(game.state, order, game.ruleset, source)
        except IllegalOrderError as error:
            # only the non-movement candidates may be refused (they are not pre-checked)
            assert not isinstance(order, Jump), error
            continue
        fold(events, game.state)
        game.events.extend(events)
        assert before <= set(finished(game.state))  # nobody un-finishes
        check_invariants(game)

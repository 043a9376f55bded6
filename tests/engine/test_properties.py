"""Property tests: random sequences of orders never crash the engine and never break its
invariants (RU never negative, no counter-mix overflow, consistent cargo, intact hash chain)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign.records.rows import CampaignRow
from campaign.rules import catalog, engine, registry
from campaign.rules.errors import CampaignError
from campaign.rules.ids import PLAYER_SIDES
from campaign.rules.phases import Phase
from campaign.rules.state import Where
from campaign.store.repository import Store
from tests.engine.conftest import CORE_MODULES
from tests.engine.factory import Game

SYSTEMS = ["asl-cap", "asl-b", "neb-a", "neb-b", "neb-c", "sol-b", "sol-cap", "nowhere"]
HOMES = {"aslan": ["asl-cap", "asl-b"], "solomani": ["sol-cap", "sol-b"]}
CODES = ["CL", "DD", "SC", "TR", "RT-4", "RT-5", "MS", "F", "PD", "B1", "B2", "BB", "CA", "ZZ"]


def _candidate(data: st.DataObject, game: Game) -> str:
    """A random order, usually plausible for the current phase, sometimes nonsense."""
    state = game.state
    side = data.draw(st.sampled_from([state.acting.value] * 4 + [state.acting.enemy.value]))
    phase = state.phase
    choices: list[str] = [f"{side} end-phase"]
    if phase is Phase.SETUP_NEUTRALS:
        choices += [f"{side} place-neutral {data.draw(st.sampled_from(SYSTEMS))}"] * 3
    elif phase is Phase.SETUP_PURCHASE:
        code = data.draw(st.sampled_from(CODES))
        choices += [f"{side} buy {code} {data.draw(st.integers(1, 4))}"] * 6
    elif phase is Phase.SETUP_DEPLOY:
        units = sorted(state.units) or ["A-CL-1"]
        unit = data.draw(st.sampled_from(units))
        where = data.draw(st.sampled_from(["hex", "box", "on"]))
        target = data.draw(st.sampled_from(units if where == "on" else SYSTEMS))
        choices += [f"{side} deploy {unit} {where}:{target}"] * 2
        waiting = sorted(
            u.id for u in state.units_of(state.acting) if u.location.where is Where.UNPLACED
        )
        if waiting:  # a plausible placement: own unit, own home system, box holds anything
            home = HOMES[state.acting.value]
            target = data.draw(st.sampled_from(home))
            choices += [f"{state.acting.value} deploy {waiting[0]} box:{target}"] * 8
    else:
        amount = data.draw(st.integers(0, 150))
        choices += [f"referee set-ru {side} {amount} test"]
    choices += [data.draw(st.sampled_from(["", "aslan", "x y z", f"{side} buy"]))]
    return data.draw(st.sampled_from(choices))


def _check_invariants(game: Game) -> None:
    state = game.state
    for side in PLAYER_SIDES:
        assert state.ru[side] >= 0
    in_play = Counter(
        u.kind for u in state.units.values() if u.location.where is not Where.ELIMINATED
    )
    for kind, count in in_play.items():
        assert count <= game.ruleset.unit_type(kind).count, kind
    for unit in state.units.values():
        if unit.location.where is Where.CARRIED:
            carrier = state.units[unit.location.carrier or ""]
            assert carrier.owner is unit.owner and carrier.id != unit.id
            assert carrier.location.where is not Where.CARRIED
        if unit.location.on_map:
            game.ruleset.star_map.system(unit.location.system or "")
    assert len({u.id for u in state.units.values()}) == len(state.units)


def _play_randomly(data: st.DataObject, steps: int) -> None:
    game = Game(data.draw(st.sampled_from(["s1", "s2", "s3"])))
    store = Store("sqlite://")
    store.create_campaign(
        CampaignRow(name="p", layout="test", dice_seed="x", file_hashes="{}", profile_hash="p")
    )
    head = store.append("p", 0, "(start)", [(e.type, e.model_dump_json()) for e in game.events])
    seq = head[-1].seq
    for _ in range(steps):
        text = _candidate(data, game)
        before = engine.state_digest(game.state)
        try:
            events = game.play(text)
        except CampaignError:
            assert engine.state_digest(game.state) == before
            continue
        stored = store.append("p", seq, text, [(e.type, e.model_dump_json()) for e in events])
        seq = stored[-1].seq
        _check_invariants(game)
    rows = store.rows("p")
    store.verify_rows("p", rows)
    assert engine.state_digest(engine.fold(game.events)) == engine.state_digest(game.state)
    store.dispose()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_orders_keep_invariants_core(data):  # DN-ERR-1, DN-SET-1, DN-DATA-2
    catalog.load()  # before filtering: loading later would register into the filtered lists
    with pytest.MonkeyPatch.context() as patch:
        for name in ("enter", "idle", "end_checks", "turn_end"):
            kept = [
                hook
                for hook in getattr(registry.HOOKS, name)
                if getattr(hook[-1] if isinstance(hook, tuple) else hook, "__module__", "")
                in CORE_MODULES
            ]
            patch.setattr(registry.HOOKS, name, kept)
        _play_randomly(data, 80)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_orders_keep_invariants_all_areas(data):  # DN-ERR-1, DN-SEQ-2
    _play_randomly(data, 80)

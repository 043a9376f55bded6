"""Random legal play of whole campaigns across every area (set-up, movement, combat, economy).

Each example plays a new campaign for two full game turns with ``tests.integration.driver``.
``Driver.give`` already checks after every event: RU never negative (DN-SET-1, DN-ECO-8), the
counter mix per kind (DN-DATA-2, DN-ECO-8), unit ids unique, every location valid and cargo
within capacity (DN-MOV-7), stacks co-located (DN-MOV-2), and that a rejected order changes
nothing and rolls no die (DN-ERR-1). Here we also check the whole log: fold(events) equals the
incrementally evolved state, a JSON round trip of the events replays to the same digest, and the
same orders given through ``CampaignService`` on a temporary SQLite database produce the same
events and a hash chain that verifies.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign.app import CampaignService
from campaign.rules import engine
from campaign.rules.errors import UndoError
from campaign.rules.ids import PLAYER_SIDES
from campaign.rules.phases import Phase
from campaign.rules.registry import event_adapter
from campaign.rules.sequence import FLOW
from campaign.rules.state import CampaignState
from campaign.rules.views import HIDDEN_KIND, player_view
from tests.integration.driver import Driver
from tests.rulesets import sample

PROPERTY = settings(
    max_examples=3,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _replays(driver: Driver) -> None:
    """fold == incremental state; JSON round trip replays to the same digest (DN-ERR-1 log)."""
    digest = engine.state_digest(driver.state)
    assert engine.state_digest(engine.fold(driver.events)) == digest
    adapter = event_adapter()
    again = [adapter.validate_json(adapter.dump_json(e)) for e in driver.events]
    assert engine.state_digest(engine.fold(again)) == digest
    # ADR 0055: the rules build their models unvalidated; read back from JSON (validated), each
    # event and unit holds the very types it held (an enum, not its text; a tuple, not a list)
    assert [repr(e) for e in again] == [repr(e) for e in driver.events]
    restored = CampaignState.from_canonical_text(driver.state.canonical_text())
    assert list(map(repr, restored.units.values())) == list(map(repr, driver.state.units.values()))
    for side in PLAYER_SIDES:  # a player's view hides face-down neutral counters (DN-NEU-1)
        view = player_view(driver.state, side)
        hidden = [u for u in view.units.values() if u.face_down and u.owner is not side]
        assert all(u.kind == HIDDEN_KIND for u in hidden)
    assert engine.state_digest(driver.state) == digest  # the views copied, never changed


def _through_service(driver: Driver, db: Path, layout: str, seed: int | None) -> None:
    """The accepted orders, given through the service on SQLite, store the same events and a
    verifiable hash chain (DN-ERR-1: every die is in the log)."""
    service = CampaignService(db_url=f"sqlite:///{db}")
    loaded = service.create("integration", layout=layout, seed=seed, dice_seed=driver.dice_seed)
    undos = 0
    for n, (text, count) in enumerate(driver.orders):
        before = engine.state_digest(loaded.state)
        assert len(service.submit(loaded, text)) == count, text
        if n % 15 == 7:  # undo and give again: same state before, same events after (DN-ERR-1)
            try:
                undone = service.undo("integration")
            except UndoError:
                continue
            assert engine.state_digest(undone) == before, f"undo of {text!r}"
            undos += 1
            loaded = service.load("integration")
            assert len(service.submit(loaded, text)) == count, text
    assert undos > 0
    assert engine.state_digest(loaded.state) == engine.state_digest(driver.state)
    assert service.verify("integration") == []
    reloaded = service.load("integration")
    assert engine.state_digest(reloaded.state) == engine.state_digest(driver.state)


def _played_the_game(driver: Driver) -> None:
    """Two whole game turns were played: every step of the flow was visited (DN-SEQ-1)."""
    steps = {e.step for e in driver.events if e.type == "phase-advanced"}
    player_steps = {i for i, step in enumerate(FLOW) if step.phase not in _SETUP}
    assert driver.state.turn == 3 or driver.state.phase is Phase.GAME_OVER
    if driver.state.phase is not Phase.GAME_OVER:
        assert player_steps - {i for i, s in enumerate(FLOW) if s.phase is Phase.GAME_OVER} <= (
            steps | {0}
        )


_SETUP = {Phase.SETUP_NEUTRALS, Phase.SETUP_PURCHASE, Phase.SETUP_DEPLOY}


@pytest.mark.slow
@PROPERTY
@given(seed=st.integers(0, 10_000))
def test_random_campaign_on_the_standard_map(seed, tmp_path_factory):
    # DN-SEQ-1 DN-SEQ-2 DN-SET-1 DN-ECO-8 DN-MOV-2 DN-MOV-7 DN-ERR-1: invariants after every event
    driver = Driver(sample(), seed=seed)
    driver.play_randomly(game_turns=2)
    _played_the_game(driver)
    _replays(driver)
    _through_service(driver, tmp_path_factory.mktemp("db") / "c.db", "standard", None)


@pytest.mark.slow
@PROPERTY
@given(seed=st.integers(0, 10_000), layout_seed=st.sampled_from([3, 7, 11]))
def test_random_campaign_on_a_random_layout(seed, layout_seed, tmp_path_factory):
    # DN-MAP-5 DN-SEQ-1 DN-ECO-8 DN-MOV-7 DN-ERR-1: same invariants on a seeded random map
    driver = Driver(sample("random", layout_seed), seed=seed)
    driver.play_randomly(game_turns=2)
    _played_the_game(driver)
    _replays(driver)
    _through_service(driver, tmp_path_factory.mktemp("db") / "c.db", "random", layout_seed)


@pytest.mark.slow
def test_random_play_fights_battles():
    # DN-CBT-1 DN-CBT-4 DN-INT-1: the driver really reaches combat (not only empty phases)
    rounds = 0
    for seed in range(2):
        driver = Driver(sample(), seed=seed)
        driver.play_randomly(game_turns=2)
        rounds += driver.rounds_fought
    assert rounds > 0


@pytest.mark.parametrize(
    ("switch", "rule"),
    [
        ("multiple_targets", "DN-CBT-6"),
        ("nebula_exploration", "DN-NEB-1"),
        ("monitors_and_pd_block", "DN-MOV-3"),
        ("pd_carried_by_transport", "DN-MOV-10"),
        ("unspent_ru_carry_over", "DN-ECO-6"),
        ("lost_carrier_fighters_return_to_box", "DN-CBT-9"),
        ("range_tie_reroll", "DN-CBT-1"),
    ],
)
def test_random_campaign_with_a_house_switch_flipped(switch, rule):
    # DN-CBT-6 DN-NEB-1 DN-MOV-3 DN-MOV-10 DN-ECO-6 DN-CBT-9 DN-CBT-1: every [HOUSE] switch is a
    # setting; flipping one keeps every invariant of random play
    base = sample()
    flipped = base.house_rules.model_copy(update={switch: not getattr(base.house_rules, switch)})
    ruleset = base.model_copy(update={"house_rules": flipped})
    driver = Driver(ruleset, seed=len(switch))
    driver.play_randomly(game_turns=1)
    assert driver.state.turn == 2, f"{rule}: the game turn was not completed"
    _replays(driver)

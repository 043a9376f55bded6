"""Outcome sentences (issue 15): every event type has one, players never read hidden neutrals
(DN-NEU-1), phase changes are condensed, automatic steps say so (DN-SEQ-1)."""

from __future__ import annotations

import pytest

from campaign.content import load_ruleset
from campaign.rules import engine, narration, registry
from campaign.rules.base import Event
from campaign.rules.flow import PhaseAdvanced
from campaign.rules.ids import Side
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState
from tests.integration.driver import Driver


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(None, "standard", None)


@pytest.fixture(scope="module")
def game(ruleset: Ruleset) -> list[Event]:
    driver = Driver(ruleset, seed=3)
    driver.play_randomly(game_turns=2)
    assert driver.rounds_fought > 0  # the game must contain space battles to test anything
    return driver.events


def test_every_registered_event_type_has_a_sentence():
    """Walks registry.EVENTS: a new event type without a sentence fails here."""
    narration.load()
    missing = sorted(set(registry.EVENTS) - set(narration.SENTENCES))
    assert missing == [], f"event types without a sentence: {missing}"


@pytest.mark.slow
def test_every_event_of_a_played_game_reads_for_everyone(game, ruleset):
    # DN-SEQ-1 DN-CBT-4: the whole log reads for the referee and both players
    for viewer in (None, Side.ASLAN, Side.SOLOMANI):
        out = narration.narrate(game, CampaignState(), viewer=viewer, ruleset=ruleset)
        assert len(out) == len(game)
        worth = [n for n in out if n.text]
        assert len(worth) > len(game) // 3
        assert all(n.text and n.text[0].isupper() for n in worth)


def test_round_sentence_names_shots_dice_and_results(game, ruleset):
    # DN-CBT-4: "X fires on Y (missile 4 vs defence 3, column 1:1), rolls 5: X"
    out = narration.narrate(game, CampaignState(), ruleset=ruleset)
    rounds = [n for n in out if n.event.type == "round-fought"]
    first = rounds[0]
    assert first.text is not None and first.text.startswith("Battle at ")
    # the first shot that rolled (a close attack before it reads "close-attacks", DN-CBT-5)
    shot = next(s for s in first.event.result.shots if s.roll is not None)  # type: ignore[attr-defined]
    assert f"{shot.firer} fires on {shot.target}" in first.text
    assert "column" in first.text
    assert first.rolls and all("=" in roll for roll in first.rolls)


def _hidden_at_each_event(events: list[Event], viewer: Side):
    """(event, hidden ids, hidden kinds) with the state just before each event; a counter the
    event itself turns face up (conscription, DN-NEU-2) is not hidden from its sentence."""
    state = CampaignState()
    for event in events:
        after = engine.evolve(state, event)
        hidden = [
            u
            for u in state.units.values()
            if u.face_down and u.owner is not viewer and after.units[u.id].face_down
        ]
        shown = {
            u.kind
            for u in after.units.values()  # face up: their kinds are public
            if u.owner is Side.NEUTRAL and not u.face_down
        }
        yield event, state, {u.id for u in hidden}, {u.kind for u in hidden} - shown
        state = after


@pytest.mark.parametrize("viewer", [Side.ASLAN, Side.SOLOMANI])
def test_players_never_read_face_down_neutrals(game, ruleset, viewer):
    """DN-NEU-1: no player sentence names a face-down neutral's id or kind, while the referee's
    sentences do (so the check can fail)."""
    referee_named = 0
    for event, state, ids, kinds in _hidden_at_each_event(game, viewer):
        text = narration.describe(event, narration.NarrationView(state, viewer, ruleset)) or ""
        for secret in (*ids, *kinds):
            assert secret not in text, f"{viewer} reads {secret!r} in {text!r}"
        full = narration.describe(event, narration.NarrationView(state, None, ruleset)) or ""
        referee_named += any(secret in full for secret in (*ids, *kinds))
    assert referee_named > 0


@pytest.mark.parametrize("viewer", [Side.ASLAN, Side.SOLOMANI])
def test_dice_purposes_name_face_down_neutrals_by_alias(game, ruleset, viewer):
    """DN-NEU-1: a die rolled by or against a face-down neutral (bombardment, PD fire, a
    battle with neutrals) is not shown to a player at all — whether it was rolled would tell
    whether the odds were below the table (issue 41 item 4) — and never names the counter's
    real id; the referee reads every die with the real ids (so the check can fail)."""
    hidden = {uid for uid, unit in engine.fold(game).units.items() if unit.face_down}
    players = narration.narrate(game, CampaignState(), viewer=viewer, ruleset=ruleset)
    referee = narration.narrate(game, CampaignState(), viewer=None, ruleset=ruleset)
    seen = [roll for item in players if not item.event.secret for roll in item.rolls]
    refereed = [roll for item in referee if not item.event.secret for roll in item.rolls]
    about_hidden = [roll for roll in refereed if any(uid in roll for uid in hidden)]
    assert about_hidden
    assert not [roll for roll in seen if any(uid in roll for uid in hidden)]
    assert len(seen) == len(refereed) - len(about_hidden)


def test_secret_event_dice_are_hidden_from_players(game):
    # DN-NEU-1: the neutral shuffle's dice are counted, not shown
    shuffle = next(e for e in game if e.type == "neutrals-shuffled")
    assert narration.rolls_of(shuffle, Side.ASLAN) in (
        (),
        (f"{len(shuffle.rolls)} hidden rolls",),
    )
    assert all("=" in r for r in narration.rolls_of(shuffle, None))


def test_phase_changes_are_condensed_and_automatic_steps_say_so():
    # DN-SEQ-1: a run of step changes reads as one line; automatic ones are marked
    state = CampaignState()
    events = [
        PhaseAdvanced(step=6, turn=1, phasing=Side.ASLAN, acting=Side.ASLAN, auto=True),
        PhaseAdvanced(step=7, turn=1, phasing=Side.ASLAN, acting=Side.ASLAN, auto=True),
    ]
    narration.load()
    lines = narration.condense(narration.narrate(events, state))
    assert len(lines) == 1
    assert "automatic" in lines[0] and "after 1 more step change" in lines[0]


def test_last_battle_summary_lists_what_the_battle_destroyed(game, ruleset):
    # DN-CBT-4 DN-CBT-7 DN-INT-1 DN-GND-1: the summary is built from events alone
    summary = narration.last_battle_summary(game, CampaignState(), ruleset=ruleset)
    assert not summary.empty and summary.lines
    final = engine.fold(game)
    for uid in summary.destroyed:
        assert final.units[uid].location.where.value == "eliminated"
    assert narration.last_battle_summary([], CampaignState()).empty


#: The line a player reads for the shots of the face-down counters he may not identify.
HIDDEN_FIRE = "the face-down neutrals' fire (who fired and with what not shown, DN-NEU-1)"


def _shots(event: Event):
    result = getattr(event, "result", None)
    return list(getattr(result, "shots", ()) or ())


@pytest.mark.parametrize("viewer", [Side.ASLAN, Side.SOLOMANI])
def test_players_never_read_the_factors_of_a_face_down_counter(game, ruleset, viewer):
    """DN-NEU-1: a shot fired by or at a face-down neutral (PD fire, bombardment, a battle with
    neutrals) names no factor, defence or column for a player: the numbers would tell the
    counter's kind. The shots a face-down counter fired are told together, in one line
    naming no weapon (found by use, December 7, evening: "missile" told the kind). The referee
    reads them (so the check can fail)."""
    checked = 0
    for event, state, ids, _kinds in _hidden_at_each_event(game, viewer):
        secret_shots = [s for s in _shots(event) if s.firer in ids or s.target in ids]
        if not secret_shots:
            continue
        player = narration.describe(event, narration.NarrationView(state, viewer, ruleset))
        referee = narration.describe(event, narration.NarrationView(state, None, ruleset))
        assert player is not None and referee is not None
        shot_lines = [
            line
            for line in player.splitlines()
            if any(verb in line for verb in ("fires on", "close-attacks", "returns fire"))
            and narration.HIDDEN_NAME in line
        ]
        at_hidden = [s for s in secret_shots if s.firer not in ids]
        assert len(shot_lines) >= len(at_hidden)
        for line in shot_lines:
            assert " vs " not in line and "column" not in line, line
            assert "factors of the face-down counter not shown (DN-NEU-1)" in line
        told_together = [line for line in player.splitlines() if HIDDEN_FIRE in line]
        assert len(told_together) <= 1  # there whether they fired or not
        assert told_together or len(at_hidden) == len(secret_shots)
        assert all(" vs " not in line and "column" not in line for line in told_together)
        for shot in secret_shots:  # the referee reads every number
            assert any(
                f"{shot.factor} vs " in line and shot.firer in line for line in referee.splitlines()
            )
        checked += len(secret_shots)
    assert checked > 0


def test_ground_strengths_against_face_down_neutrals_stay_hidden(game, ruleset):
    """DN-NEU-1, DN-GND-2: a ground combat against face-down neutrals gives a player the
    results but not the two strengths (their sum would tell the counters' kinds), nor the die
    or "below the table" (both bound them: issue 41 item 4); the referee reads them all."""
    from campaign.rules.combat.dice import Roll
    from campaign.rules.combat.ground import GroundResult, GroundRoll
    from campaign.rules.combat.surface_orders import GroundFought
    from campaign.rules.ids import CombatResult

    state = engine.fold(game)
    neutral = next(u for u in state.units.values() if u.face_down and u.location.system is not None)
    system = neutral.location.system
    event = GroundFought(
        result=GroundResult(
            system=system,
            sides=(Side.ASLAN, Side.NEUTRAL),
            rule="DN-GND-2",
            removed=(),
            rolls=(
                GroundRoll(
                    side=Side.ASLAN,
                    attack=7,
                    defence=3,
                    losses=1,
                    roll=Roll(purpose="ground", value=5),
                    result=CombatResult.DISRUPTED,
                ),
            ),
        ),
        removed=[],
    )
    player = narration.describe(event, narration.NarrationView(state, Side.ASLAN, ruleset))
    referee = narration.describe(event, narration.NarrationView(state, None, ruleset))
    assert player is not None and "7 vs 3" not in player and "rolls 5" not in player
    assert "strengths not shown, DN-NEU-1): D, enemy loses 1" in player
    assert referee is not None and "attack 7 vs 3" in referee and "rolls 5" in referee
    below = event.model_copy(
        update={
            "result": event.result.model_copy(
                update={
                    "rolls": (
                        GroundRoll(
                            side=Side.NEUTRAL,
                            attack=1,
                            defence=7,
                            losses=0,
                            roll=None,
                            result=CombatResult.NO_EFFECT,
                        ),
                        GroundRoll(
                            side=Side.ASLAN,
                            attack=7,
                            defence=1,
                            losses=0,
                            roll=Roll(purpose="ground", value=1),
                            result=CombatResult.NO_EFFECT,
                        ),
                    )
                }
            )
        }
    )
    told = narration.describe(below, narration.NarrationView(state, Side.ASLAN, ruleset))
    assert told is not None and "below the table" not in told and "rolls" not in told
    assert told.count("(strengths not shown, DN-NEU-1): no effect") == 2

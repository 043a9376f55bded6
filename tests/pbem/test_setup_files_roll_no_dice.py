"""No die can be rolled in files 1–3 of a game by e-mail (DN-ERR-1, docs/turn-files.md,
"Fair dice", step 5; found by use, December 7).

Files 1–3 lack one of the two commit–reveal secrets and roll with the shared set-up seed, yet
``campaign log`` labels the dice of every batch of a commit-reveal game "commit-reveal key"
(``views.log.dice_origin``; only the neutral shuffle at ``campaign new``, which is in no file,
says "set-up seed"). The label is truthful because no order of files 1–3 can roll: they hold
set-up orders only, and the set-up rolls no die after the neutral shuffle. These tests pin
both halves, so that a rule that makes the set-up roll (or shortens it) fails here and the
label gets a second look.
"""

from __future__ import annotations

from campaign.rules import engine
from campaign.rules.dice import NoDice, SeededSource
from campaign.rules.flow import MapAssembled, layout_record
from campaign.rules.ids import Side
from campaign.rules.notation import parse_order
from campaign.rules.phases import Phase
from campaign.rules.sequence import FIRST_PLAYER_STEP, SETUP_STEPS
from tests.pbem.helpers import setup_orders
from tests.rulesets import sample

A, S = Side.ASLAN, Side.SOLOMANI


def test_the_set_up_rolls_no_die_after_the_neutral_shuffle():
    """DN-ERR-1, DN-NEU-1, DN-SET-1/2: every set-up order, placements, purchases and
    deployments up to the order that ends the set-up and opens game turn 1 (the Aslan income,
    DN-ECO-4), is decided with dice that fail the test on any roll (``NoDice``)."""
    ruleset = sample()
    layout = MapAssembled(layout=layout_record(ruleset.star_map))
    state = engine.fold(engine.start("nebula", ruleset, layout, SeededSource("s")))
    for text in setup_orders():
        events = engine.decide(state, parse_order(text), ruleset, NoDice())
        state = engine.fold(events, state)
        assert not any(getattr(event, "rolls", ()) for event in events), text
    assert state.step == FIRST_PLAYER_STEP and state.turn == 1


def test_the_set_up_hands_over_at_least_four_times_after_the_neutrals():
    """DN-SET-1/2, docs/turn-files.md: after the neutral placement (which may place nothing,
    on a map without neutral systems) the set-up has four steps of alternating sides, each
    ended by a hand-over, i.e. a file: files 1–3 can hold set-up orders only, and the first
    order of game turn 1 comes in file 5 at the earliest. Files 1–3 therefore never roll,
    and the log's "commit-reveal key" is never shown for a die rolled with the set-up seed."""
    neutrals, *rest = SETUP_STEPS
    assert neutrals.phase is Phase.SETUP_NEUTRALS
    assert [step.actor for step in rest] == [A, S, A, S]
    assert {step.phase for step in rest} == {Phase.SETUP_PURCHASE, Phase.SETUP_DEPLOY}
    assert len(SETUP_STEPS) == FIRST_PLAYER_STEP

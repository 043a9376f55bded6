"""Random battles played through the engine's orders keep the campaign consistent (DN-CBT-7)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.rules.combat import book
from campaign.rules.dice import SeededSource
from campaign.rules.errors import IllegalOrderError
from campaign.rules.phases import SubPhase
from campaign.rules.state import Where
from tests.combat.campaign_helpers import Campaign, place

KINDS = {
    "aslan": ["CL", "DD", "CS", "TR", "SC"],
    "solomani": ["CL", "DD", "CR", "TR", "SC"],
    "neutral": ["M-8-0-7", "M-0-8-8"],
}


def fleet(draw_counts: dict[str, list[int]]):
    units = []
    for side, picks in draw_counts.items():
        for n, pick in enumerate(picks, start=1):
            code = KINDS[side][pick % len(KINDS[side])]
            units.append(place(f"{side[0].upper()}-{code}-{n}", f"{side}:{code}", "hex:neb-a"))
    return units


@settings(max_examples=15, deadline=None)
@given(
    aslan=st.lists(st.integers(0, 9), min_size=1, max_size=4),
    solomani=st.lists(st.integers(0, 9), min_size=1, max_size=4),
    neutral=st.lists(st.integers(0, 9), max_size=1),
    seed=st.integers(0, 1000),
)
def test_random_battles_through_orders(aslan, solomani, neutral, seed):  # DN-CBT-7
    game = Campaign(fleet({"aslan": aslan, "solomani": solomani, "neutral": neutral}))
    game.enter()
    opened = bool(book.battles(game.state))
    rng = random.Random(seed)
    dice = SeededSource(f"prop-{seed}")
    for _ in range(200):
        open_ids = book.open_battles(game.state)
        if not open_ids:
            break
        bid = next(b for b in open_ids if _may_start(game, b))
        rec = book.battles(game.state)[bid]
        battle = book.battle_of(rec)
        player = next(s for s in (battle.attacker, battle.defender) if s.value != "neutral")
        stage = rec["stage"]
        if stage == "range":
            text = f"{player.value} range {bid}"
        elif stage == "choose":
            text = f"{rec['chooser']} choose-range {bid} {rng.choice(['long', 'short'])}"
        elif stage == "assign":
            text = (
                f"{player.value} assign {bid} auto"
                if "neutral" in bid  # DN-CBT-3
                else f"referee referee-assign {bid} auto"
            )
        elif stage == "fire":
            text = f"{player.value} fire {bid}"
        else:
            side = rec["withdrawing"]
            text = f"{side} stay {bid}" if rng.random() < 0.8 else f"{side} withdraw {bid} box"
        try:
            game.play(text, dice)
        except IllegalOrderError as error:  # e.g. the box is not open: stay instead
            assert stage == "withdraw", (text, error)
            game.play(f"{rec['withdrawing']} stay {bid}", dice)
        _check_consistent(game)
    assert opened == any(e.type == "round-fought" for e in game.events)
    if not book.open_battles(game.state):  # every battle is decided: the sub-phase may end
        if game.state.sub_phase is SubPhase.SPACE:  # automatic stepping may already have ended it
            game.play("aslan end-phase", dice)
        assert game.state.sub_phase is not SubPhase.SPACE  # DN-SEQ-1: the space stage is over


def _may_start(game: Campaign, bid: str) -> bool:
    """Battles of one system are fought in turn: only the first open one may move."""
    return bid == book.open_battles(game.state)[0]


def _check_consistent(game: Campaign) -> None:
    state = game.state
    for bid, rec in book.battles(state).items():
        assert rec["stage"] in {"range", "choose", "assign", "fire", "withdraw", "over"}
        battle = book.battle_of(rec)
        uids = [u.uid for u in battle.units]
        assert len(uids) == len(set(uids))
        if rec["stage"] != "over":
            for uid in uids:  # no destroyed unit fights on
                assert state.units[uid].location.where is not Where.ELIMINATED, (bid, uid)

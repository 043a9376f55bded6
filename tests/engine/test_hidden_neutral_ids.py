"""DN-NEU-1 (issue 16 item 10): face-down neutral counters have opaque ids (``N-X-k``, in order
of placement) in everything a player sees: refusal messages, move explanations and the player's
view of the state; orders may name them by that alias. A whole campaign through the service:
eight counters placed in Lantern by orders, an Aslan scout then tries to jump through it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from campaign.rules import narration
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import Side
from campaign.rules.movement import move_options
from campaign.rules.seats import Seat
from campaign.rules.views import HIDDEN_KIND, neutral_aliases, player_view
from tests.engine.lantern import lantern_game
from tests.integration.table import Table

REAL_NEUTRAL_ID = re.compile(r"(?<![A-Z-])N-(?!X-)[A-Z]+-[0-9]+")


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return lantern_game(tmp_path / "hidden.db", "hidden")


def test_move_explanations_hide_and_a_face_down_blocker_ends_the_move(table: Table):
    # DN-NEU-1 / DN-MOV-2: move explanations never name N-M-1; a path through the face-down
    # monitor is not refused (that would tell it blocks) but ends at it, and the sentence a
    # player reads names no real id
    options = move_options(table.state, table.loaded.ruleset, Side.ASLAN, "A-SC-1")
    assert all(not REAL_NEUTRAL_ID.search(o.message) for o in options.refused.values())
    path = list(options.legal["lantern"].path)
    onward = next(
        n
        for n in table.loaded.ruleset.star_map.neighbours("lantern")
        if n not in path and n != "wahtoi"
    )
    before = table.state.clone()
    events = table.play(f"aslan jump A-SC-1 {','.join([*path, onward])}")
    assert table.state.units["A-SC-1"].location.system == "lantern"
    told = narration.narrate(events, before, viewer=Side.ASLAN, ruleset=table.loaded.ruleset)
    text = " ".join(item.text or "" for item in told)
    assert "face-down neutral counter there blocks jump movement" in text
    assert not REAL_NEUTRAL_ID.search(text)


def test_player_view_shows_aliases_and_hides_kinds(table: Table):
    # DN-NEU-1: the view a player sees (and sends) has no real id or kind of a face-down counter
    for side in (Side.ASLAN, Side.SOLOMANI):
        view = player_view(table.state, side)
        text = view.model_dump_json()
        assert not REAL_NEUTRAL_ID.search(text), REAL_NEUTRAL_ID.search(text)
        hidden = [u for u in view.units.values() if u.owner is Side.NEUTRAL]
        assert sorted(u.id for u in hidden) == sorted(neutral_aliases(table.state).values())
        assert {u.kind for u in hidden} == {HIDDEN_KIND}
    referee = player_view(table.state, None).model_dump_json()
    assert REAL_NEUTRAL_ID.search(referee)  # the referee sees everything


def test_orders_may_name_a_face_down_counter_by_its_alias(table: Table):
    # DN-NEU-1: the alias is read back to the real counter (here: an unknown-unit refusal would
    # name the alias; a stack order on a neutral names it as not the player's unit). The
    # refusal is worded for the seat that gave the order: the alias for the Aslan player's,
    # the real id for the referee's, who reads every real id (found by use, December 7)
    alias = neutral_aliases(table.state)["N-M-1"]
    text = f"aslan form-stack g {alias.lower()}"
    with pytest.raises(IllegalOrderError) as refused:
        table.service.submit(table.loaded, text, seat=Seat.of(Side.ASLAN))
    assert alias in str(refused.value) and "N-M-1" not in str(refused.value)
    with pytest.raises(IllegalOrderError) as refused:
        table.play(text)
    assert "N-M-1" in str(refused.value) and alias not in str(refused.value)

"""Where a batch's dice came from, as the log says it (DN-ERR-1), when a player's order typed at
the table took from the seed the dice he may not see (DN-NEU-1, docs/seats.md)."""

from __future__ import annotations

import pytest
from msgspec import Struct

from campaign.app import CampaignService
from campaign.rules.ids import Side
from campaign.rules.referee import DiceEntered
from campaign.rules.state import Roll
from campaign.views.log import log_lines
from tests.engine import rolling


class Row(Struct):
    batch: int
    seq: int
    order_text: str


def test_the_referee_reads_how_many_dice_came_from_the_seed_behind_the_screen():
    # DN-ERR-1, DN-NEU-1: three dice rolled, one typed at the table: the referee's log says the
    # two others came from the seed; a player's says only that dice were typed (the number
    # of concealed dice would bound a face-down counter's factors)
    with rolling.registered():
        rolled = rolling.TestRolled(
            value=4,
            rolls=(
                Roll(purpose="test roll need 3", value=4),
                Roll(purpose="pd span N-PD-1>A-CR-1", value=2),
                Roll(purpose="pd span N-PD-1>A-CR-2", value=5),
            ),
        )
        typed = DiceEntered(origin="physical", values=(4,))
        rows = [Row(1, 1, "aslan test-roll 3"), Row(1, 2, "aslan test-roll 3")]
        referee = log_lines(rows, [rolled, typed], "physical")
        assert referee[0].dice_origin == "typed at the table, 2 from the seed behind the screen"
        for side in (Side.ASLAN, Side.SOLOMANI):
            player = log_lines(rows, [rolled, typed], "physical", side)
            assert player[0].dice_origin == "typed at the table"
        every_die_typed = DiceEntered(origin="physical", values=(4, 2, 5))
        assert log_lines(rows, [rolled, every_die_typed], "physical")[0].dice_origin == (
            "typed at the table"
        )


@pytest.mark.parametrize("mode", ["commit-reveal", "strict"])
def test_the_neutral_shuffle_at_creation_says_it_used_the_set_up_seed(tmp_path, mode):
    """DN-NEU-1, DN-ERR-1: the set-up's neutral shuffle rolls with the set-up seed both
    machines hold (docs/turn-files.md: no file's key exists yet), in every dice mode. Found by
    use (December 7): a commit-reveal campaign's log said "dice (commit-reveal key): 26 hidden
    roll(s)" for it. The log and the story now say "set-up seed"."""
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'x.db'}")
    service.create("x", seed=4711, dice_mode=mode)
    for viewer in (None, Side.SOLOMANI):
        opening = service.log("x", viewer)[0]
        assert opening.rolls and opening.dice_origin == "set-up seed", opening
        told = service.story("x", viewer=viewer)[0]
        assert told.dice_origin == "set-up seed", told

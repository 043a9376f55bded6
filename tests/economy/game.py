"""An economy position on the sample map, driven through the real engine (``tests.harness``)."""

from __future__ import annotations

from campaign.rules.ids import Side
from campaign.rules.position import step_token
from campaign.rules.ruleset import Ruleset
from campaign.rules.sequence import FIRST_PLAYER_STEP, LAST_PLAYER_STEP
from tests import harness
from tests.rulesets import sample


class Game(harness.Game):
    """The first (or last) step of a player turn on the sample map, both treasuries at ``ru``;
    ``counters``: the counters in play, as the counter lines of the position text
    (``S-CR-1 solomani:CR hex:concord disrupted``, docs/engine.md), in the order they enter
    play."""

    def __init__(
        self,
        *,
        turn: int = 2,
        phasing: Side = Side.SOLOMANI,
        ru: int = 50,
        ruleset: Ruleset | None = None,
        last_step: bool = False,
        counters: str = "",
    ) -> None:
        step = step_token(LAST_PLAYER_STEP if last_step else FIRST_PLAYER_STEP)
        super().__init__(
            ruleset or sample(),
            f"""
            turn {turn} {step} {phasing.value}
            ru aslan={ru} solomani={ru}
            campaign id=economy-test
            {counters}
        """,
        )

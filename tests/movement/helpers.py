"""Movement positions: a state at a chosen phase on the SAMPLE map (``tests.rulesets.sample()`` from
data/), units placed by hand, orders given through the one test harness (``tests.harness``)."""

from __future__ import annotations

from campaign.rules.ids import Side
from campaign.rules.phases import Phase, SubPhase
from campaign.rules.position import step_token
from campaign.rules.ruleset import Ruleset
from campaign.rules.sequence import step_index
from tests import harness
from tests.rulesets import sample

A, S, N = Side.ASLAN, Side.SOLOMANI, Side.NEUTRAL


class Game(harness.Game):
    """Game turn 2 at the step of ``phase`` (``sub_phase``) on the sample map, the reacting
    side acting in the reaction phases and the phasing side otherwise; counters are put by
    hand (``put``) and a refused order names its rule (``reject(text, rule=...)``).

    ``counters``: the counters in play, as the counter lines of the position text
    (``A-CL-1 aslan:CL hex:kiir stack=strike disrupted``, docs/engine.md), in the order they
    enter play."""

    def __init__(
        self,
        phase: Phase = Phase.FIRST_MOVEMENT,
        phasing: Side = A,
        ruleset: Ruleset | None = None,
        sub_phase: SubPhase | None = None,
        *,
        counters: str = "",
    ) -> None:
        reaction = phase in (Phase.REACTION_MOVEMENT, Phase.REACTION_COMBAT)
        acting = phasing.enemy if reaction else phasing
        step = step_token(step_index(phase, sub_phase))
        super().__init__(
            ruleset or sample(),
            f"""
            turn 2 {step} {phasing.value} acting={acting.value}
            campaign id=movement-test
            {counters}
        """,
        )

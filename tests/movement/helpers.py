"""Movement positions: a state at a chosen phase on the SAMPLE map (``load_ruleset()`` from
data/), units placed by hand, orders given through the one test harness (``tests.harness``)."""

from __future__ import annotations

from functools import cache

from campaign.content import load_ruleset
from campaign.rules.ids import Side
from campaign.rules.phases import Phase, SubPhase
from campaign.rules.position import step_token
from campaign.rules.ruleset import HouseRules, Ruleset
from campaign.rules.sequence import step_index
from tests import harness

A, S, N = Side.ASLAN, Side.SOLOMANI, Side.NEUTRAL


@cache
def sample() -> Ruleset:
    """The shipped profile: units.csv and the standard layout of the sample sections."""
    return load_ruleset()


def with_rules(**switches: bool) -> Ruleset:
    """The sample profile with some house switches changed."""
    base = sample()
    rules = HouseRules(**{**base.house_rules.model_dump(), **switches})
    return base.model_copy(update={"house_rules": rules})


class Game(harness.Game):
    """Game turn 2 at the step of ``phase`` (``sub_phase``) on the sample map, the reacting
    side acting in the reaction phases and the phasing side otherwise; counters are put by
    hand (``put``) and a refused order names its rule (``reject(text, rule=...)``)."""

    def __init__(
        self,
        phase: Phase = Phase.FIRST_MOVEMENT,
        phasing: Side = A,
        ruleset: Ruleset | None = None,
        sub_phase: SubPhase | None = None,
    ) -> None:
        reaction = phase in (Phase.REACTION_MOVEMENT, Phase.REACTION_COMBAT)
        acting = phasing.enemy if reaction else phasing
        step = step_token(step_index(phase, sub_phase))
        super().__init__(ruleset or sample(), f"""
            turn 2 {step} {phasing.value} acting={acting.value}
            campaign id=movement-test
        """)

"""A small driver for movement tests: a state at a chosen phase on the SAMPLE map
(``load_ruleset()`` from data/), units placed by hand, orders given in notation through the real
engine (``decide`` then ``fold``), and a check that refused orders change nothing."""

from __future__ import annotations

from functools import cache

import pytest

from campaign.content import load_ruleset
from campaign.rules import catalog
from campaign.rules.canonical import digest
from campaign.rules.dice import FixedSource
from campaign.rules.engine import decide, fold
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import Side
from campaign.rules.notation import parse_order
from campaign.rules.phases import Phase
from campaign.rules.ruleset import HouseRules, Ruleset
from campaign.rules.sequence import step_index
from campaign.rules.state import CampaignState, Location, Unit

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


class Game:
    """A state in a movement (or other) step with hand-placed units; orders go through decide."""

    def __init__(
        self,
        phase: Phase = Phase.FIRST_MOVEMENT,
        phasing: Side = A,
        ruleset: Ruleset | None = None,
        sub_phase=None,
    ) -> None:
        catalog.load()
        self.ruleset = ruleset or sample()
        acting = (
            phasing.enemy if phase in (Phase.REACTION_MOVEMENT, Phase.REACTION_COMBAT) else phasing
        )
        self.state = CampaignState(
            campaign_id="movement-test",
            turn=2,
            step=step_index(phase, sub_phase),
            phasing=phasing,
            acting=acting,
        )
        self.events: list = []

    def put(
        self,
        unit_id: str,
        kind: str,
        where: str,
        *,
        owner: Side | None = None,
        disrupted: bool = False,
        stack: str | None = None,
        face_down: bool = False,
    ) -> Game:
        """Place a unit: ``where`` is ``hex:SYS``, ``box:SYS``, ``on:UNIT`` or ``unplaced``."""
        side = owner or Side(kind.split(":")[0])
        self.state.add_unit(
            Unit(
                id=unit_id,
                kind=kind,
                owner=side,
                location=Location.parse(where),
                disrupted=disrupted,
                stack=stack,
                face_down=face_down,
            )
        )
        return self

    def order(self, text: str, dice: list[int] | None = None) -> list:
        """Decide and apply ``text``; every die given must be used."""
        source = FixedSource(dice or [])
        events = decide(self.state, parse_order(text), self.ruleset, source)
        assert source.remaining == [], f"unused dice {source.remaining}"
        fold(events, self.state)
        self.events.extend(events)
        return events

    def refuse(self, text: str, rule: str) -> IllegalOrderError:
        """``text`` is refused citing ``rule``; the state is unchanged and no die is rolled."""
        before = digest(self.state)
        source = FixedSource([6, 6, 6, 6])
        with pytest.raises(IllegalOrderError) as caught:
            decide(self.state, parse_order(text), self.ruleset, source)
        assert caught.value.rule_id == rule, str(caught.value)
        assert source.remaining == [6, 6, 6, 6], "a refused order rolled dice"
        assert digest(self.state) == before
        return caught.value

    def where(self, unit_id: str) -> str:
        """Text location of a unit."""
        return self.state.units[unit_id].location.to_text()

"""A campaign state on the sample map, driven through the real engine (decide + apply)."""

from __future__ import annotations

from functools import cache

from campaign.content import load_ruleset
from campaign.rules import catalog
from campaign.rules.base import Event
from campaign.rules.dice import FixedSource
from campaign.rules.engine import apply_event, decide
from campaign.rules.errors import CampaignError
from campaign.rules.ids import Side
from campaign.rules.notation import parse_order
from campaign.rules.ruleset import Ruleset
from campaign.rules.sequence import FIRST_PLAYER_STEP, FLOW, LAST_PLAYER_STEP, actor_of
from campaign.rules.state import CampaignState, Location, Unit


@cache
def sample_ruleset() -> Ruleset:
    """The standard layout of the shipped sample sections."""
    return load_ruleset()


class Game:
    """A mutable campaign state plus helpers to give orders as text."""

    def __init__(
        self,
        *,
        turn: int = 2,
        phasing: Side = Side.SOLOMANI,
        ru: int = 50,
        ruleset: Ruleset | None = None,
        last_step: bool = False,
    ) -> None:
        catalog.load()
        self.ruleset = ruleset or sample_ruleset()
        step = LAST_PLAYER_STEP if last_step else FIRST_PLAYER_STEP
        self.state = CampaignState(
            campaign_id="economy-test",
            turn=turn,
            step=step,
            phasing=phasing,
            acting=actor_of(FLOW[step], phasing),
            ru={Side.ASLAN: ru, Side.SOLOMANI: ru},
        )
        self.events: list[Event] = []

    def put(self, unit_id: str, kind: str, where: str, *, owner: Side | None = None,
            disrupted: bool = False, home: str | None = None) -> Unit:
        """Add a unit at ``where`` (``hex:SYS``, ``box:SYS``, ``on:UNIT``, ``eliminated``)."""
        unit_type = self.ruleset.unit_type(kind)
        unit = Unit(
            id=unit_id,
            kind=kind,
            owner=owner or unit_type.side,
            location=Location.parse(where),
            disrupted=disrupted,
            home_system=home,
        )
        self.state.add_unit(unit)
        return unit

    def play(self, text: str, dice: list[int] | None = None) -> list[Event]:
        """Decide and apply an order; returns the events."""
        source = FixedSource(dice or [])
        events = decide(self.state, parse_order(text), self.ruleset, source)
        assert not source.remaining, f"dice left over: {source.remaining}"
        for event in events:
            apply_event(self.state, event)
        self.events += events
        return events

    def reject(self, text: str, dice: list[int] | None = None) -> CampaignError:
        """The error an illegal order raises; checks that the state did not change."""
        before = self.state.model_dump_json()
        source = FixedSource(dice or [])
        try:
            decide(self.state, parse_order(text), self.ruleset, source)
        except CampaignError as error:
            assert self.state.model_dump_json() == before
            assert source.remaining == list(dice or []), "dice were rolled for a rejected order"
            return error
        raise AssertionError(f"{text!r} was accepted")

    def of_type(self, event_type: type[Event]) -> list:
        return [e for e in self.events if isinstance(e, event_type)]

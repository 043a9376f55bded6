"""A campaign state at a chosen combat step with hand-placed units, driven through the engine."""

from __future__ import annotations

from campaign.content.tables import load_tables
from campaign.rules import engine
from campaign.rules.dice import FixedSource, SeededSource
from campaign.rules.engine import STEPPING_SLOT
from campaign.rules.flow import MapAssembled
from campaign.rules.ids import Side
from campaign.rules.notation import parse_order
from campaign.rules.phases import Phase, SubPhase
from campaign.rules.sequence import FLOW, step_index
from campaign.rules.state import CampaignState, Location, Unit
from tests.conftest import DATA_DIR
from tests.engine.factory import small_ruleset

RULESET = small_ruleset().model_copy(
    update={"tables": load_tables(DATA_DIR / "tables", DATA_DIR)}
)


def place(uid: str, kind: str, where: str, *, owner: Side | None = None, **extra) -> Unit:
    """A unit from text: ``place("A-CL-1", "aslan:CL", "hex:neb-a")``."""
    side = owner or Side(kind.split(":", 1)[0])
    return Unit(id=uid, kind=kind, owner=side, location=Location.parse(where), **extra)


class Campaign:
    """A state placed just before ``phase`` (``sub_phase``) with the given units."""

    def __init__(self, units: list[Unit], phase: Phase = Phase.FIRST_COMBAT,
                 sub_phase: SubPhase = SubPhase.SPACE, phasing: Side = Side.ASLAN,
                 reaction_stack: list[str] | None = None, ruleset=None) -> None:
        events = engine.start("t", RULESET, MapAssembled(layout={"layout": "test"}),
                              SeededSource("x"))
        state: CampaignState = engine.fold(events)
        state.units = {u.id: u for u in units}
        state.turn = 1
        state.phasing = phasing
        target = step_index(phase, sub_phase)
        state.step = target - 1  # the step before: entering the target runs its hooks
        before = FLOW[state.step]
        state.acting = phasing if before.actor == "phasing" else phasing.enemy
        if reaction_stack is not None:
            state.turn_slots["movement"] = {"reaction_stack": reaction_stack}
        # these tests look at one step at a time: keep every step until end-phase (the campaign
        # option ``referee stepping manual``; automatic steps are tested in tests/narration)
        state.game_slots[STEPPING_SLOT] = "manual"
        self.state = state
        self.events: list = []
        self.ruleset = ruleset or RULESET

    def enter(self, dice: list[int] | None = None) -> list:
        """End the step before, so the target step starts and its hooks run."""
        return self.play(f"{self.state.acting.value} end-phase", dice)

    def play(self, text: str, dice: list[int] | None = None) -> list:
        """Apply one order in notation with the given die values; returns its events."""
        source = dice if hasattr(dice, "draw") else FixedSource(dice or [])
        events = engine.decide(self.state, parse_order(text), self.ruleset, source)
        engine.fold(events, self.state)
        self.events.extend(events)
        assert not getattr(source, "remaining", None), f"unused dice {source.remaining}"
        return events

    def reject(self, text: str, dice: list[int] | None = None) -> Exception:
        """An order that must fail, leaving the state unchanged and the dice unused."""
        from campaign.rules.errors import CampaignError

        values = list(dice or [])
        source = FixedSource(values)
        before = engine.state_digest(self.state)
        try:
            engine.decide(self.state, parse_order(text), self.ruleset, source)
        except CampaignError as error:
            assert engine.state_digest(self.state) == before
            assert source.remaining == values, "a rejected order rolled dice"
            return error
        raise AssertionError(f"{text!r} was accepted")

    def where(self, uid: str) -> str:
        """The location text of a unit."""
        return self.state.units[uid].location.to_text()

"""A campaign kept open in ``CampaignService`` (as the TUI keeps it) and dice entered by hand,
for the scripted integration tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from campaign.app import CampaignService, Loaded, TypedDice
from campaign.rules import engine
from campaign.rules.dice import PhysicalSource, RollContext
from campaign.rules.notation import parse_order
from campaign.rules.state import CampaignState

#: The reason logged with the scripted tests' typed dice (a referee override, DN-ERR-1).
TABLE_REASON = "dice rolled at the table (scripted test)"


class Entered:
    """Dice "entered by the referee": ``rule(purpose)`` gives each value; every purpose asked
    is recorded in order, so a test can check which dice an order needed."""

    def __init__(self, rule: Callable[[str], int]) -> None:
        self.rule = rule
        self.asked: list[str] = []
        self.values: list[int] = []
        self.source = PhysicalSource(self._draw)

    def _draw(self, ctx: RollContext) -> int:
        self.asked.append(ctx.purpose)
        self.values.append(self.rule(ctx.purpose))
        return self.values[-1]


class Table:
    """One campaign in the service, kept open like the TUI keeps it."""

    def __init__(self, db: Path, name: str = "turn") -> None:
        self.service = CampaignService(db_url=f"sqlite:///{db}")
        self.loaded: Loaded = self.service.create(name, layout="standard", dice_seed="script")

    @property
    def state(self) -> CampaignState:
        return self.loaded.state

    def play(self, text: str, dice: Entered | None = None) -> list:
        """Give ``text`` through the service: seeded dice, or ``dice`` typed in as a referee
        would (the values are found by a dry run that asks ``dice`` for each roll in order, then
        typed with a logged reason, so ``verify`` sees where they came from: DN-ERR-1)."""
        if dice is None:
            return self.service.submit(self.loaded, text)
        dice.asked.clear()
        dice.values.clear()
        order = engine.normalize(self.state, parse_order(text))
        engine.decide(self.state, order, self.loaded.ruleset, dice.source)  # stores nothing
        typed = TypedDice(tuple(dice.values), TABLE_REASON)
        return self.service.submit(self.loaded, text, typed=typed)

    def where(self, uid: str) -> str:
        """The location text of a unit."""
        return self.state.units[uid].location.to_text()

    def end_until(self, done: Callable[[], bool]) -> None:
        """End phases until ``done()`` holds."""
        for _ in range(40):
            if done():
                return
            self.play(f"{self.state.acting.value} end-phase")
        raise AssertionError("the phase sequence did not reach the wanted step")

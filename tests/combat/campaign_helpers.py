"""A campaign position just before a chosen combat step on the small test map, hand-placed
units, driven through the one test harness (``tests.harness``)."""

from __future__ import annotations

import json
from typing import Literal

from campaign.content.tables import load_tables
from campaign.rules import fairplay
from campaign.rules.folding import apply_event
from campaign.rules.ids import Side
from campaign.rules.phases import Phase, SubPhase
from campaign.rules.position import step_token
from campaign.rules.ruleset import Ruleset
from campaign.rules.sequence import step_index
from campaign.rules.state import Location, Unit
from tests import harness
from tests.conftest import DATA_DIR
from tests.engine.factory import small_ruleset

RULESET = small_ruleset().model_copy(update={"tables": load_tables(DATA_DIR / "tables", DATA_DIR)})


def place(uid: str, kind: str, where: str, *, owner: Side | None = None, **extra) -> Unit:
    """A unit from text: ``place("A-CL-1", "aslan:CL", "hex:neb-a")``."""
    side = owner or Side(kind.split(":", 1)[0])
    return Unit(id=uid, kind=kind, owner=side, location=Location.parse(where), **extra)


class Campaign(harness.Game):
    """Game turn 1 at the step before ``phase`` (``sub_phase``) with the given units: ``enter``
    starts the step a test looks at, so its hooks run. Every step waits for ``end-phase`` (the
    campaign option ``referee stepping manual``; automatic steps are tested in tests/narration).
    """

    def __init__(
        self,
        units: list[Unit],
        phase: Phase = Phase.FIRST_COMBAT,
        sub_phase: SubPhase = SubPhase.SPACE,
        phasing: Side = Side.ASLAN,
        reaction_stack: list[str] | None = None,
        ruleset: Ruleset | None = None,
    ) -> None:
        before = step_token(step_index(phase, sub_phase) - 1)
        movement = (
            ""
            if reaction_stack is None
            else "turn-slots " + json.dumps({"movement": {"reaction_stack": reaction_stack}})
        )
        super().__init__(
            ruleset or RULESET,
            f"""
            turn 1 {before} {phasing.value}
            ru aslan=99 solomani=99
            campaign id=t profile=test-profile
            {movement}
            game-slots {{"stepping":"manual"}}
            layout {{"layout":"test"}}
        """,
        )
        for unit in units:
            self.state.add_unit(unit)


def unopened(game: harness.Game, counter: str, deck: Literal["box", "hex"]) -> None:
    """Fair mode (ADR 0028) with ``counter`` a face-down counter whose kind no machine knows:
    its token card said it stands in a box or in the stellar hex (``deck``), its kind card is
    not opened."""
    decks = {"token": 1, "box": 0, "hex": 0} | {deck: 1}
    apply_event(game.state, fairplay.FairPlayChosen(decks=decks))
    fair = fairplay.slot(game.state)
    fair["drawn"] = dict(decks)
    fair["cards"][counter] = f"{deck}-1"
    fair["revealed"]["token-1"] = f"{deck}/1"
    game.state.units[counter].kind = fairplay.hidden_kind(counter)

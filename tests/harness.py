"""The one test harness for campaign positions: a state built from a position text
(docs/engine.md, "The position text") or from the events that led to it, orders given in
notation through the real engine (``decide`` then ``fold``), and refusals checked to change
nothing and roll no die (DN-ERR-1).

The areas' builders are this harness with their own starting position: the opening of the small
test map (``tests.engine.factory.Game``), an economy step on the sample map
(``tests.economy.game.Game``), a movement step (``tests.movement.helpers.Game``) and the step
before a combat step (``tests.combat.campaign_helpers.Campaign``). A test that needs any other
position writes it::

    game = Game(ruleset, '''
        turn 2 first-movement aslan
        A-CL-1 aslan:CL hex:kiir stack=strike
    ''')

and a failing test shows ``game.state`` as that same text (``repr``).
"""

from __future__ import annotations

from collections.abc import Sequence

from campaign.rules import catalog, engine
from campaign.rules.base import Event
from campaign.rules.dice import DiceSource, FixedSource
from campaign.rules.errors import CampaignError
from campaign.rules.ids import Side
from campaign.rules.notation import parse_order
from campaign.rules.position import default_owner
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import Location, Unit, position_from_text

#: Dice for an order: die values in order (each must be used), or a source.
Dice = Sequence[int] | DiceSource | None


class Game:
    """A campaign position and the events given to it since, driven through the engine."""

    def __init__(
        self, ruleset: Ruleset, start: str | Sequence[Event], *, dice: DiceSource | None = None
    ) -> None:
        """``start``: a position text, or the events folded into the position (kept in
        ``events``). ``dice``: the source of orders given no dice (default: none may roll)."""
        catalog.load()
        self.ruleset = ruleset
        self.source = dice
        if isinstance(start, str):
            self.state = position_from_text(start)
            self.events: list[Event] = []
        else:
            self.events = list(start)
            self.state = engine.fold(self.events)

    # --- the position ---------------------------------------------------------------------

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
        home: str | None = None,
    ) -> Game:
        """Put a counter into play, as a counter line of the position text does (a test
        states the counters it starts with as position text, ``counters=`` of the areas'
        builders; ``put`` is for one entering play mid-test or built in a loop): ``where`` is
        ``hex:SYS``, ``box:SYS``, ``on:UNIT``, ``unplaced`` or ``eliminated``; the owner is the
        side the kind names unless given."""
        self.state.add_unit(
            Unit(
                id=unit_id,
                kind=kind,
                owner=owner or Side(default_owner(kind)),
                location=Location.parse(where),
                disrupted=disrupted,
                stack=stack,
                face_down=face_down,
                home_system=home,
            )
        )
        return self

    def where(self, unit_id: str) -> str:
        """The location text of a counter (``hex:kiir``)."""
        return self.state.units[unit_id].location.to_text()

    def of_type(self, event_type: type[Event]) -> list[Event]:
        """The events of one type given since the start."""
        return [event for event in self.events if isinstance(event, event_type)]

    # --- orders -----------------------------------------------------------------------------

    def play(self, text: str, dice: Dice = None) -> list[Event]:
        """Decide and apply the order ``text``; returns its events. Die values given as a list
        must all be used."""
        source, values = self._dice(dice)
        events = engine.decide(self.state, parse_order(text), self.ruleset, source)
        assert values is None or not values, f"dice left over: {values}"
        engine.fold(events, self.state)
        self.events.extend(events)
        return events

    def play_all(self, texts: Sequence[str]) -> None:
        """Give several orders."""
        for text in texts:
            self.play(text)

    def enter(self, dice: Dice = None) -> list[Event]:
        """End the current step (the acting side's ``end-phase``), so the next one starts and
        its hooks run: a position placed just before the step a test looks at."""
        return self.play(f"{self.state.acting.value} end-phase", dice)

    def reject(self, text: str, dice: Dice = None, *, rule: str | None = None) -> CampaignError:
        """The error the order ``text`` is refused with (citing ``rule`` when given); the state
        is unchanged and no die given as a list was rolled (DN-ERR-1)."""
        source, values = self._dice(dice)
        before = list(values) if values is not None else None
        digest = engine.state_digest(self.state)
        try:
            engine.decide(self.state, parse_order(text), self.ruleset, source)
        except CampaignError as error:
            assert engine.state_digest(self.state) == digest, f"refused {text!r} changed state"
            assert values == before, "a refused order rolled dice"
            if rule is not None:
                assert getattr(error, "rule_id", None) == rule, str(error)
            return error
        raise AssertionError(f"{text!r} was accepted")

    def _dice(self, dice: Dice) -> tuple[DiceSource, list[int] | None]:
        """The source for one order and, for die values, the list it draws from."""
        if dice is None and self.source is not None:
            return self.source, None
        if dice is None or isinstance(dice, Sequence):
            fixed = FixedSource(dice or [])
            return fixed, fixed.remaining
        return dice, None

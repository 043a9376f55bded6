"""Dry runs of an order on a loaded campaign, nothing stored: which dice it would roll (the
TUI's dice hint) and how far a ``pass``/``end-phase`` would take the game (issue 31 item 1).

Both decide the order on the loaded state, and answer "nothing" when the rules refuse it
(sending it shows why). The seat decides the dice of a dry run, here only (``_dry_dice``): the
referee's seat holds the seed, so its dry runs roll the campaign's seeded dice, exactly as
``submit`` would; a player's seat may not know a die before the order that rolls it is given,
so its dry runs roll made-up dice and stop being certain at the first one (DN-SEQ-2: found by
use, December 7: a player's "Then: …" line said "aslan choose 1 unit(s) to remove" only when
the seed's dice made the ground combat go wrong, and he could rearrange his orders and ask
again).
"""

from __future__ import annotations

from msgspec import Struct

from campaign.app import authority
from campaign.app.campaigns import Loaded
from campaign.rules import engine
from campaign.rules.dice import PAD_VALUES, PhysicalSource, RollContext, SeededSource
from campaign.rules.errors import CampaignError
from campaign.rules.flow import FLOW, PhaseAdvanced
from campaign.rules.notation import parse_order
from campaign.rules.seats import Seat
from campaign.rules.state import CampaignState
from campaign.rules.views import dice_screen, meetings, see
from campaign.views.play import seen_text
from campaign.views.report import acting_line


class EndingPreview(Struct, frozen=True):
    """Where a step-ending order would leave the game: the step it ends (``turn``,
    ``phasing``, ``label``), how many steps it goes on, the step it reaches and who acts then."""

    phasing: str
    label: str
    turn: int
    steps: int
    then_turn: int
    then_phasing: str
    then_label: str
    then_acting: str


class _MadeUpDice:
    """The dice of a player's dry run: made-up values, never the campaign's seed (1, 6, 1 …
    as the counting probe answers, within the die's faces, so a range roll never ties and the
    run cannot loop), and the context of every roll, so the first one tells where what the run
    shows stops being certain."""

    def __init__(self) -> None:
        self.rolled: list[RollContext] = []

    def draw(self, ctx: RollContext) -> int:
        self.rolled.append(ctx)
        return min(PAD_VALUES[(len(self.rolled) - 1) % len(PAD_VALUES)], ctx.sides)


def _dry_dice(loaded: Loaded, seat: Seat) -> SeededSource | _MadeUpDice:
    """The dice ``seat``'s dry runs roll: the campaign's seeded dice for the referee's seat
    (he holds the seed), made-up ones for a player's (he may not know a die before he gives
    the order that rolls it, DN-SEQ-2)."""
    if seat.side is None:
        return SeededSource(loaded.row.dice_seed)
    return _MadeUpDice()


def _rolls_in(state: CampaignState, ctx: RollContext) -> bool:
    """True when ``ctx`` is a roll of the step ``state`` is in (``Dice`` binds every roll to
    the game turn, the step and, from game turn 1, the phasing side)."""
    phasing = state.phasing.value if state.turn > 0 else ""
    return (ctx.turn, ctx.step, ctx.phasing) == (state.turn, state.step, phasing)


def ending_preview(loaded: Loaded, text: str, seat: Seat) -> EndingPreview | None:
    """For ``pass`` and ``end-phase``: the dry run's result; None for any other order, one
    the rules refuse, or one the seat may not give (``authority``). A player's preview stops
    at the first combat step where his units meet face-down counters (``views.meetings``):
    the dry run beyond it follows what they are, and he may still answer no (DN-NEU-1); and at
    the step where the first die is rolled (``_dry_dice``: what follows is the dice's to
    decide, DN-SEQ-2). The referee's seat previews to the end with the seeded dice."""
    viewer = seat.side
    words = text.split()
    if len(words) < 2 or words[1].lower() not in engine.STEP_ENDING:
        return None
    state, ruleset = loaded.state, loaded.ruleset
    dice = _dry_dice(loaded, seat)
    try:
        authority.check_order(seat, parse_order(text, loaded.state))
        order = engine.read_typed(state, text, ruleset, viewer)
        events = engine.decide(state, order, ruleset, dice)
    except (CampaignError, ValueError):
        if not isinstance(dice, _MadeUpDice) or not dice.rolled:
            return None
        events = []  # refused only after a made-up die (DN-ERR-1: never for a real one)
    first_die = dice.rolled[0] if isinstance(dice, _MadeUpDice) and dice.rolled else None
    after = state.clone()
    steps = 0
    then_acting = None
    if first_die is not None and _rolls_in(after, first_die):  # the order itself rolls
        events, then_acting = [], _dice_decide(after)
    for event in events:
        engine.fold([event], after)
        if not isinstance(event, PhaseAdvanced):
            continue
        steps += 1
        met = meetings(after, viewer) if after.phase.is_combat else []
        if met:  # what happens there follows what the counters are: not the seat's to see
            names = ", ".join(ruleset.star_map.system(system).name for system in met)
            then_acting = (
                f"your units meet face-down counters at {names}: what happens there is not "
                "previewed (DN-NEU-1)"
            )
            break
        if first_die is not None and _rolls_in(after, first_die):
            then_acting = _dice_decide(after)
            break
    return EndingPreview(
        phasing=state.phasing.value,
        label=FLOW[state.step].label,
        turn=state.turn,
        steps=steps,
        then_turn=after.turn,
        then_phasing=after.phasing.value,
        then_label=FLOW[after.step].label,
        then_acting=then_acting or acting_line(see(after, viewer), ruleset),
    )


def _dice_decide(state: CampaignState) -> str:
    """A player's preview at the step where its dry run rolls its first die
    (``ending_preview``): what follows is for the dice to decide."""
    return (
        f"dice are rolled in {FLOW[state.step].label}: what they decide is not previewed (DN-SEQ-2)"
    )


def dice_needed(loaded: Loaded, text: str, seat: Seat) -> list[str]:
    """The purposes of the dice ``text`` would roll now that ``seat`` types, in order, as it
    may read them (a player's seat types only the dice it may see: ``views.dice_screen``);
    ``[]`` when it rolls none, is refused, or is not the seat's to give. A player's list is
    that of made-up dice (``_dry_dice``): a die that only some values call for (the re-roll of
    a tied range roll) is asked when due (``next_die``), never told from the seed beforehand."""
    viewer = seat.side
    state, ruleset = loaded.state, loaded.ruleset
    dice = _dry_dice(loaded, seat)
    screen = dice_screen(state, viewer, dice)
    purposes: list[str] = []

    def record(ctx: RollContext) -> int:
        if screen is None or not screen.conceals(ctx.purpose):  # not the seat's to type
            purposes.append(ctx.purpose)
        return dice.draw(ctx)

    try:
        authority.check_order(seat, parse_order(text, loaded.state))
        order = engine.read_typed(state, text, ruleset, viewer)
        engine.decide(state, order, ruleset, PhysicalSource(record))
    except (CampaignError, ValueError):
        return []
    return [seen_text(purpose, state, viewer) for purpose in purposes]


class _EnoughDice(Exception):
    """Stops a dry run at the first die not typed yet (``next_die``); not a ``CampaignError``,
    so the engine lets it through."""

    def __init__(self, purpose: str) -> None:
        super().__init__(purpose)
        self.purpose = purpose


def next_die(loaded: Loaded, text: str, seat: Seat, typed: tuple[int, ...]) -> str | None:
    """The purpose of the next die ``text`` rolls after the ``typed`` ones that ``seat`` types
    (``dice_needed``), as it may read it; ``None`` when ``typed`` are all it rolls (or it is
    refused: sending it shows why).

    The dry run uses the typed values, so a die that depends on them is found too (the re-roll
    of a tied range roll, issue 45 item 2): the TUI asks for the dice one by one, when due."""
    viewer = seat.side
    state, ruleset = loaded.state, loaded.ruleset
    screen = dice_screen(state, viewer, SeededSource(loaded.row.dice_seed))

    counter = iter(range(len(typed) + 1))

    def in_turn(ctx: RollContext) -> int:
        if screen is not None and screen.conceals(ctx.purpose):  # not the seat's to type
            return screen.behind.draw(ctx)
        index = next(counter)
        if index < len(typed):
            return typed[index]
        raise _EnoughDice(ctx.purpose)

    try:
        authority.check_order(seat, parse_order(text, loaded.state))
        order = engine.read_typed(state, text, ruleset, viewer)
        engine.decide(state, order, ruleset, PhysicalSource(in_turn))
    except _EnoughDice as due:
        return seen_text(due.purpose, state, viewer)
    except (CampaignError, ValueError):
        return None
    return None


def refusal(loaded: Loaded, text: str, seat: Seat) -> str | None:
    """What giving ``text`` from ``seat`` now would answer, nothing stored: None when it would
    be accepted, else the refusal exactly as the seat would read it (authority first, then
    the rules, written through the hiding rule by the engine), decided with the seat's dry-run
    dice (``_dry_dice``: no refusal follows a die, DN-ERR-1, and a player's never depends on
    the seed's)."""
    try:
        authority.check_order(seat, engine.parse_typed(loaded.state, text, loaded.ruleset))
        order = engine.read_typed(loaded.state, text, loaded.ruleset, seat.side)
        engine.decide(loaded.state, order, loaded.ruleset, _dry_dice(loaded, seat))
    except CampaignError as error:
        return error.message
    return None

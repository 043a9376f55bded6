"""Neutral counters drawn at the table (issue 45 item 1, DN-NEU-1).

By default the tool shuffles the neutral counters (seeded, logged) and each ``place-neutral``
takes the top one. A referee who plays with the boxed game's counters sets the campaign's
neutral draw to the table (``referee neutral-draw table``, or ``campaign new --neutrals
table``) before the first counter is placed; from then on each ``place-neutral SYSTEM DRAWN``
names the counter the player drew from the physical pile. The tool checks it against the
counters still in the pile (the counter mix, DN-DATA-2) and the rules of DN-NEU-1 and
DN-MOV-10, and records it as the draw: the tool's own shuffle is then only the list of
counters not yet drawn, never their order.

``DRAWN`` is the counter's code (``RT-2``, ``JT-4``, ``M-8-0-8``, ``PD``), ``neutral:`` in front
optional. A PD drawn for a box that holds a PD already is set aside and the player draws again
(DN-MOV-10 [HOUSE]): both are named, the set-aside PD first (``PD,RT-2``).
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from campaign.rules import fairplay
from campaign.rules.base import Event, Order
from campaign.rules.dice import Dice
from campaign.rules.errors import IllegalOrderError, InvalidOrderError
from campaign.rules.ids import Side, UnitCategory
from campaign.rules.phases import Actor, Phase
from campaign.rules.registry import applies, decides, event_type, order_type
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState, Location
from campaign.rules.suggest import loose_matches, suggestion

#: ``state.game_slots`` key of the option: "table" while the counters are drawn at the table.
SLOT = "neutral_draw"
#: The most counters one placement may name (a few PD set aside, then the one placed).
MAX_DRAWN = 8


def at_table(state: CampaignState) -> bool:
    """True when the campaign's neutral counters are drawn at the table."""
    return state.game_slots.get(SLOT) == "table"


@order_type(
    phases=[Phase.SETUP_NEUTRALS],
    actor=Actor.REFEREE,
    rule="DN-NEU-1",
    summary="referee: 'table' when the players draw the neutral counters from the boxed "
    "game's pile (each placement names the counter drawn); 'tool' (default) shuffles",
    template="neutral-draw table|tool",
)
class NeutralDraw(Order, frozen=True, kw_only=True):
    """``referee neutral-draw table``: before the first neutral counter is placed."""

    type: Literal["neutral-draw"] = "neutral-draw"
    mode: Literal["table", "tool"]


@event_type
class NeutralDrawSet(Event, frozen=True, kw_only=True):
    """Who draws the neutral counters: the players at the table, or the tool's shuffle."""

    type: Literal["neutral-draw-set"] = "neutral-draw-set"
    mode: Literal["table", "tool"]


@decides(NeutralDraw)
def _decide_draw(
    state: CampaignState, order: NeutralDraw, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    if order.mode == "table" and fairplay.active(state):
        raise IllegalOrderError(
            "DN-NEU-1",
            "in fair mode the players' machines draw the neutral counters jointly "
            "(ADR 0028): there is no pile at a table",
        )
    if any(u.owner is Side.NEUTRAL for u in state.units.values()):
        raise IllegalOrderError(
            "DN-NEU-1",
            "neutral counters are placed already: the draw is chosen before the first one",
        )
    return [NeutralDrawSet(mode=order.mode)]


@applies(NeutralDrawSet)
def _apply_draw(state: CampaignState, event: NeutralDrawSet) -> None:
    if event.mode == "table":
        state.game_slots[SLOT] = "table"
    else:
        state.game_slots.pop(SLOT, None)


def _kind(state: CampaignState, ruleset: Ruleset, code: str) -> str:
    """``neutral:RT-2`` for ``RT-2``, ``neutral:rt-2`` or ``rt2`` (a code without its hyphens
    when it fits one counter of the mix); ``InvalidOrderError`` for a code that is no counter
    of the mix, or none of whose counters is left in the pile. The refusal lists the mix's
    codes (public: the boxed game's counter sheet), never what is left (that would tell what
    the face-down counters placed are)."""
    name = code.strip()
    name = name.split(":", 1)[1] if name.lower().startswith("neutral:") else name
    codes = [u.kind.removeprefix("neutral:") for u in ruleset.units if u.side is Side.NEUTRAL]
    found = [name.upper()] if name.upper() in codes else loose_matches(name, codes)
    if len(found) > 1:
        raise InvalidOrderError(
            f"DN-NEU-1: the counter code {name!r} is ambiguous without its hyphens"
            f"{suggestion(found)}"
        )
    kind = f"neutral:{found[0] if found else name.upper()}"
    if kind not in state.neutral_pile:
        raise InvalidOrderError(
            f"DN-NEU-1: {name!r} is no neutral counter left in the pile (the neutral counters "
            f"are {', '.join(codes)}): check the counter drawn"
        )
    return kind


def checked_draw(
    state: CampaignState, ruleset: Ruleset, drawn: list[str], box: Location
) -> tuple[str, list[str]]:
    """The counter placed and the PD set aside before it, from the codes typed for one
    placement: each still in the pile (DN-NEU-1, DN-DATA-2), the set-aside ones PD counters
    drawn for a box that holds a PD (DN-MOV-10)."""
    if not drawn:
        raise IllegalOrderError(
            "DN-NEU-1",
            "the neutral counters are drawn at the table in this campaign: name "
            "the counter drawn after the system (e.g. RT-2; a PD set aside first, "
            "then the counter placed: PD,RT-2)",
        )
    if len(drawn) > MAX_DRAWN:
        raise InvalidOrderError(f"DN-NEU-1: {len(drawn)} counters named; at most {MAX_DRAWN}")
    kinds = [_kind(state, ruleset, code) for code in drawn]
    short = Counter(kinds) - Counter(state.neutral_pile)
    if short:
        kind = next(iter(short)).removeprefix("neutral:")
        raise InvalidOrderError(
            f"DN-NEU-1: more {kind} counters named than are left in the neutral pile: check "
            "the counters drawn"
        )
    *aside, placed = kinds
    holds_pd = any(
        ruleset.unit_type(u.kind).category is UnitCategory.PD for u in state.units_at(box)
    )
    is_pd = [ruleset.unit_type(k).category is UnitCategory.PD for k in kinds]
    if aside and not (holds_pd and all(is_pd[:-1])):
        raise IllegalOrderError(
            "DN-MOV-10",
            "only a PD counter drawn for a box that holds a PD already is set "
            "aside; name just the counter placed",
        )
    if holds_pd and is_pd[-1]:
        raise IllegalOrderError(
            "DN-MOV-10",
            "the box holds a PD marker already: set this PD counter aside and "
            "draw again, naming both (PD,RT-2)",
        )
    return placed, aside

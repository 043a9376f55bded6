"""What an interactive campaign screen (the TUI) shows and offers one viewer — the referee
(``viewer`` None) or one player — built with the read side's one hiding rule (DN-NEU-1):

- every sentence passes through the viewer's ``Seen`` (``rules.views.see``: a neutral counter
  named by its alias ``N-X-k``, a battle by its short id);
- the map's marks come from the map pictures' scene (``scene.campaign_scene``), so the text map,
  the SVG map and ``campaign map --side`` show the same counters and supply;
- a player is offered only his own side's duties and orders, and his own stacks to move;
- a battle's forecast is computed only when the viewer may know every fighter's strength.

Pure functions of (state, ruleset, viewer), like the reports of ``campaign.views``.
"""

from __future__ import annotations

from msgspec import Struct, field
from msgspec.structs import replace

from campaign.rules import engine
from campaign.rules.acting import Duty, who_must_act
from campaign.rules.combat import book
from campaign.rules.combat.forecast import BattleForecast
from campaign.rules.combat.queries import forecast_open_battle
from campaign.rules.engine import LegalOrder
from campaign.rules.flow import FLOW
from campaign.rules.ids import Side
from campaign.rules.movement.paths import Obstacle
from campaign.rules.movement.query import MoveOptions, move_options
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState, Where
from campaign.rules.views import Seen, see
from campaign.views.report import seen_duty
from campaign.views.scene import Overlay, campaign_scene
from campaign.views.status import typed_only


def seen_text(text: str, state: CampaignState, viewer: Side | None) -> str:
    """``text`` as ``viewer`` may read it: every neutral counter named by its alias, the
    battles of the step by their short ids (``Seen.text``, the hiding rule)."""
    return see(state, viewer).text(text)


def step_label(state: CampaignState) -> str:
    """The name of the step the game is in (``Movement``, ``Space combat``…)."""
    return FLOW[state.step].label


def unit_place(state: CampaignState, unit_id: str) -> tuple[str | None, str]:
    """Where a unit stands: its system and ``box`` on the surface or ``hex`` in space."""
    position = state.position_of(unit_id)
    return position.system, "box" if position.where is Where.BOX else "hex"


def duties_of(seen: Seen, ruleset: Ruleset) -> list[Duty]:
    """Who must act now, most urgent first: every duty for the referee, a player's own only,
    its reason and orders as the seat reads them."""
    return [
        seen_duty(seen, duty)
        for duty in who_must_act(seen.truth, ruleset)
        if seen.viewer is None or duty.side is seen.viewer
    ]


def legal_orders_for(
    state: CampaignState, ruleset: Ruleset, viewer: Side | None
) -> list[LegalOrder]:
    """Order types the viewer may give now: a player's own side's; for the referee the acting
    side's first, then the other player's (e.g. the defender naming a target, DN-CBT-3), then
    the referee's own."""
    sides: list[Side | None] = (
        [viewer] if viewer is not None else [state.acting, state.acting.enemy, None]
    )
    legal = [legal for side in sides for legal in engine.legal_orders(state, side, ruleset)]
    return typed_only(state, legal)  # as `campaign status` lists them: no machine's order


def may_move(state: CampaignState, side: Side, viewer: Side | None) -> bool:
    """True when ``viewer`` may give ``side``'s moves (the referee gives anyone's)."""
    return viewer is None or side is viewer


class SystemMark(Struct, frozen=True):
    """What the text map writes at one system: who controls it, the units per side there, and
    (with the supply overlay) whether the controller's box reaches its capital (DN-ECO-3)."""

    controller: Side | None
    units: dict[Side, int] = field(default_factory=dict)
    connected: bool | None = None


def map_marks(name: str, seen: Seen, ruleset: Ruleset, *, supply: bool) -> dict[str, SystemMark]:
    """Every system's mark, from the seat's map scene (the one ``campaign map`` draws)."""
    scene = campaign_scene(name, seen, ruleset, overlay=Overlay.SUPPLY if supply else Overlay.NONE)
    connected = (
        {(box.side, box.system): box.connected for box in scene.supply.boxes}
        if scene.supply is not None
        else {}
    )
    marks = {}
    for system in ruleset.star_map.systems:
        controller = scene.controllers.get(system.id)
        units = {counter.side: counter.units for counter in scene.counters.get(system.id, ())}
        link = connected.get((controller, system.id)) if controller is not None else None
        marks[system.id] = SystemMark(controller, units, link)
    return marks


def move_choices(seen: Seen, ruleset: Ruleset, stack: str) -> MoveOptions:
    """Legal destinations of the acting side's ``stack`` (DN-MOV-*), refusals and hints as
    the seat may read them."""
    state = seen.truth
    options = move_options(state, ruleset, state.acting, stack)
    if not seen.hides_anything:
        return options
    return replace(
        options,
        refused={
            system: replace(obstacle, message=seen.text(obstacle.message))
            for system, obstacle in options.refused.items()
        },
        hints=tuple(seen.text(hint) for hint in options.hints),
    )


def forecast_for(
    seen: Seen, ruleset: Ruleset, battle_id: str, samples: int
) -> BattleForecast | None:
    """The Monte Carlo forecast of an open battle, or None when a fighter's strength is hidden
    from the seat (a forecast would tell what the face-down counter is, DN-NEU-1)."""
    state = seen.truth
    battle = book.battle_of(book.get(state, battle_id))
    if any(seen.hides(state.units.get(unit.uid)) for unit in battle.units):
        return None
    return forecast_open_battle(state, ruleset, battle_id, samples=samples)


def refusal_groups(refused: dict[str, Obstacle]) -> list[tuple[str, str, list[str]]]:
    """The refused destinations grouped by reason: ``(rule, message, systems)``, the reason
    that shuts most systems first (a moved stack: every system, one reason)."""
    groups: dict[tuple[str, str], list[str]] = {}
    for system_id, obstacle in sorted(refused.items()):
        groups.setdefault((obstacle.rule, obstacle.message), []).append(system_id)
    return sorted(
        ((rule, message, systems) for (rule, message), systems in groups.items()),
        key=lambda group: (-len(group[2]), group[0], group[1]),
    )

"""One open campaign as the TUI sees it: the service, the loaded state and the views built on it.

Nothing here imports Textual, so the logic the screens rely on (what to draw on the map, which
orders are legal, which dice an order needs, what the log filter keeps) is tested directly. The
screens only format what this module returns. Every method that changes the campaign either
completes or raises a ``CampaignError`` whose message names the rule id; nothing else escapes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from campaign.rules import engine
from campaign.rules.base import Event
from campaign.rules.economy.adapter import connected_systems, income_report_for, occupancy_of
from campaign.rules.economy.control import box_controller
from campaign.rules.economy.maintenance import Upkeep, maintenance_due, upkeep_list
from campaign.rules.economy.report import IncomeReport
from campaign.rules.errors import CampaignError, InvalidOrderError
from campaign.rules.flow import FLOW, PhaseAdvanced
from campaign.rules.ids import PLAYER_SIDES, Side, UnitCategory
from campaign.rules.movement.groups import stacks_of
from campaign.rules.movement.query import MoveOptions, move_options
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState, Unit, Where
from campaign.service import CampaignService, Loaded, TypedDice, parse_stored
from campaign.tui.widgets.map_render import MapView, SystemMarks

SIDE_OF_TEXT = {side.value: side for side in Side}


def parse_dice(text: str) -> list[int]:
    """Dice typed by the referee: ``"3,5 1"`` → ``[3, 5, 1]``; ``ValueError`` names a bad part."""
    values: list[int] = []
    for part in re.split(r"[,\s]+", text.strip()):
        if not part:
            continue
        if not part.isdigit():
            raise ValueError(f"DN-ERR-1: dice must be numbers like 3,5,1; {part!r} is not")
        values.append(int(part))
    return values


@dataclass(frozen=True)
class ForceRow:
    """One unit as the forces table lists it."""

    unit_id: str
    side: str
    code: str
    name: str
    factors: str
    stack: str
    location: str
    system: str
    disrupted: bool
    cargo: str


@dataclass(frozen=True)
class LogRow:
    """One order batch of the log with the game turn and side it belongs to (for filtering)."""

    batch: int
    turn: int
    side: str
    order: str
    events: tuple[str, ...]
    rolls: tuple[str, ...]

    def matches(self, query: str) -> bool:
        """``turn:N``, ``side:NAME``, ``type:EVENT`` terms and free words, all must match."""
        for term in query.lower().split():
            key, _, value = term.partition(":")
            if value and key == "turn":
                if str(self.turn) != value:
                    return False
            elif value and key == "side":
                if not self.side.startswith(value):
                    return False
            elif value and key == "type":
                if not any(value in event for event in self.events):
                    return False
            elif term not in f"{self.order} {' '.join(self.events)} {' '.join(self.rolls)}".lower():
                return False
        return True


class CampaignSession:
    """An open campaign: keeps the loaded state between orders, like the service's ``submit``."""

    def __init__(self, service: CampaignService, name: str) -> None:
        self.service = service
        self.name = name
        self.loaded: Loaded = service.load(name)

    # --- basic views

    @property
    def state(self) -> CampaignState:
        """The current campaign state (the fold of the stored log)."""
        return self.loaded.state

    @property
    def ruleset(self) -> Ruleset:
        """The pinned ruleset of the campaign."""
        return self.loaded.ruleset

    def system_name(self, system_id: str | None) -> str:
        """Display name of a system id (the id itself if unknown)."""
        if system_id is None:
            return "-"
        try:
            return self.ruleset.star_map.system(system_id).name
        except KeyError:
            return system_id

    def phase_lines(self) -> list[str]:
        """The phase tracker: turn, phasing side, phase and sub-phase, who acts."""
        state = self.state
        step = FLOW[state.step]
        lines = [
            f"Game turn {state.turn}  ·  {state.phasing.value} player turn  ·  {step.label}",
            f"{state.acting.value} to act  ·  RU "
            + "  ".join(f"{side.value} {state.ru.get(side, 0)}" for side in PLAYER_SIDES)
            + f"  ·  event {self.loaded.head.seq}",
        ]
        if state.winner is not None:
            lines.append(f"Game over: {state.winner.value} wins (DN-VIC-1)")
        return lines

    def legal_orders(self) -> list[engine.LegalOrder]:
        """Order types every side may give now: the acting side's first, then the other
        player's (e.g. the defender naming a target, DN-CBT-3), then the referee's."""
        state = self.state
        sides: list[Side | None] = [state.acting, state.acting.enemy, None]
        return [legal for side in sides
                for legal in engine.legal_orders(state, side, self.ruleset)]

    def template_for(self, legal: engine.LegalOrder) -> str:
        """Order-input text for a legal order: the prefix of the side that gives it, then the
        template."""
        return legal.notation

    # --- map

    def map_view(
        self,
        *,
        selected: str | None = None,
        destinations: Iterable[str] = (),
        show_connections: bool = False,
    ) -> MapView:
        """Controllers, stacks and (optionally) the connection overlay for every system."""
        state, ruleset = self.state, self.ruleset
        occupancy = occupancy_of(state, ruleset)
        counts: dict[str, dict[Side, int]] = {}
        for unit in state.units.values():
            where = state.position_of(unit.id)
            if where.where in (Where.HEX, Where.BOX) and where.system is not None:
                per_side = counts.setdefault(where.system, {})
                per_side[unit.owner] = per_side.get(unit.owner, 0) + 1
        connected = {}
        if show_connections:
            connected = {side: connected_systems(state, ruleset, side) for side in PLAYER_SIDES}
        marks = {}
        for system in ruleset.star_map.systems:
            controller = box_controller(system, occupancy.ground_sides(system.id))
            link = None
            if show_connections and controller in connected:
                link = system.id in connected[controller]
            marks[system.id] = SystemMarks(controller, counts.get(system.id, {}), link)
        return MapView(
            marks=marks,
            selected=selected,
            destinations=frozenset(destinations),
            show_connections=show_connections,
            explored=frozenset(frozenset(r) for r in state.game_slots.get("explored_routes", [])),
        )

    def systems_by_name(self) -> list[tuple[str, str]]:
        """(name, id) of every system, sorted by name."""
        return sorted((s.name, s.id) for s in self.ruleset.star_map.systems)

    def routes_of(self, system_id: str) -> list[str]:
        """Names of the systems one printed route away from ``system_id``."""
        names = []
        for route in self.ruleset.star_map.routes:
            if system_id in (route.a, route.b):
                other = route.b if route.a == system_id else route.a
                mark = " (unexplored)" if route.unexplored else ""
                names.append(self.system_name(other) + mark)
        return sorted(names)

    # --- forces

    def force_rows(self) -> list[ForceRow]:
        """Every unit in play (on the map, carried or unplaced) with factors and place."""
        state = self.state
        rows = []
        for unit in state.units.values():
            where = unit.location
            if where.where is Where.ELIMINATED:
                continue
            position = state.position_of(unit.id)
            code, name, factors = self._describe(unit)
            cargo = ", ".join(c.id for c in state.cargo_of(unit.id))
            rows.append(
                ForceRow(
                    unit_id=unit.id,
                    side=unit.owner.value,
                    code=code,
                    name=name,
                    factors=factors,
                    stack=unit.stack or "",
                    location=where.to_text(),
                    system=self.system_name(position.system) if position.system else "",
                    disrupted=unit.disrupted,
                    cargo=cargo,
                )
            )
        return sorted(rows, key=lambda r: (r.side, r.unit_id))

    def _describe(self, unit: Unit) -> tuple[str, str, str]:
        """Code, name and printed factors; a face-down neutral stays anonymous (DN-NEU-1)."""
        if unit.face_down:
            return "?", "face-down neutral", "?"
        unit_type = self.ruleset.unit_type(unit.kind)
        return unit_type.code, unit_type.name, unit_type.factors

    def stacks(self, side: Side) -> dict[str, list[str]]:
        """Stack label (or lone ship id) → unit ids of ``side``'s movable groups on the map:
        its stacks, then every ship or monitor on the map that is in no stack."""
        groups = dict(stacks_of(self.state, side))
        for unit in sorted(self.state.units_of(side), key=lambda u: u.id):
            if unit.stack or unit.location.where not in (Where.HEX, Where.BOX):
                continue
            if unit.face_down:
                continue
            category = self.ruleset.unit_type(unit.kind).category
            if category in (UnitCategory.SHIP, UnitCategory.MONITOR):
                groups[unit.id] = [unit.id]
        return groups

    def move_options(self, stack: str) -> MoveOptions:
        """Legal destinations of ``stack`` for the acting side (DN-MOV-*), with refusals."""
        return move_options(self.state, self.ruleset, self.state.acting, stack)

    def move_order(self, stack: str, destination: str) -> str:
        """The order text moving ``stack`` to ``destination``; ``CampaignError`` with the rule."""
        options = self.move_options(stack)
        legal = options.legal.get(destination)
        if legal is None:
            obstacle = options.why_not(destination)
            assert obstacle is not None
            raise InvalidOrderError(f"{obstacle.rule}: {obstacle.message}")
        side = self.state.acting.value
        if legal.mode == "sublight":
            return f"{side} sublight {stack} {destination}"
        return f"{side} jump {stack} {','.join(legal.path)}"

    # --- economy

    def income(self, side: Side) -> IncomeReport:
        """The explained income and supply report of ``side`` (DN-ECO-3/4)."""
        return income_report_for(self.state, self.ruleset, side)

    def upkeep(self, side: Side) -> list[Upkeep]:
        """Every ship's maintenance situation for ``side`` (DN-ECO-7)."""
        return upkeep_list(self.state, self.ruleset, side)

    def maintenance_due(self) -> bool:
        """True while the current phase requires a ``maintain`` order (game turn 2 on)."""
        return maintenance_due(self.state)

    # --- combat

    def battles(self) -> dict[str, object]:
        """Open battles of the current space sub-phase, by id (DN-CBT-*)."""
        from campaign.rules.combat.queries import open_battles

        return dict(open_battles(self.state))

    def battle_stage(self, battle_id: str) -> str:
        """Where the round of ``battle_id`` stands (range, choose, assign, fire, withdraw…)."""
        from campaign.rules.combat.queries import battle_stage

        return battle_stage(self.state, battle_id)

    def battle_round_lines(self, battle_id: str) -> list[str]:
        """The round so far: range chosen, engagements, and the dice of the last round fought
        in this battle (from the log, with their purposes)."""
        from campaign.rules.combat import book

        record = book.get(self.state, battle_id)
        lines = []
        if record.get("range"):
            lines.append(f"  range: {record['range']} (DN-CBT-2)")
        engagements = book.engagements_of(record)
        if engagements:
            pairs = "; ".join(
                f"{'+'.join(e.defenders)} ⇄ {'+'.join(e.attackers)}" for e in engagements
            )
            lines.append(f"  engagements: {pairs} (DN-CBT-3)")
        system = battle_id.split("/", 1)[0]
        for row in reversed(self.log_rows()):
            if "round-fought" in row.events and any(f"fire {system} " in r for r in row.rolls):
                lines.append(f"  last round's dice: {', '.join(row.rolls)}")
                break
        return lines

    def next_battle_order(self, battle_id: str) -> str:
        """The order that moves ``battle_id`` on from its current stage (to edit or send).

        Range: the attacker rolls; choose: the roll's winner picks long range; assign: the
        automatic assignment; fire: the attacker resolves; withdraw: the side whose turn it is to
        decide (defender first, DN-CBT-7) stays.
        """
        from campaign.rules.combat import book

        record = book.get(self.state, battle_id)
        battle = book.battle_of(record)
        stage = str(record.get("stage"))
        attacker, defender = battle.attacker.value, battle.defender.value
        chooser = str(record.get("chooser") or defender)
        templates = {
            "range": f"{attacker} range {battle_id}",
            "choose": f"{chooser} choose-range {battle_id} long",
            "assign": f"{attacker} assign {battle_id} auto",
            "fire": f"{attacker} fire {battle_id}",
            "withdraw": f"{record.get('withdrawing') or defender} stay {battle_id}",
        }
        return templates.get(stage, f"{attacker} end-phase")

    def forecast(self, battle_id: str, samples: int = 4000):  # noqa: ANN201 - BattleForecast
        """Monte Carlo forecast of an open battle as it stands (seeded: same answer each time)."""
        from campaign.rules.combat.queries import forecast_open_battle

        return forecast_open_battle(self.state, self.ruleset, battle_id, samples=samples)

    # --- orders and undo

    def order(self, text: str, dice: str = "") -> list[Event]:
        """Decide and store one order; ``dice`` non-empty = the referee's physical dice."""
        if not text.strip():
            raise InvalidOrderError("DN-ERR-1: the order is empty; type e.g. 'aslan end-phase'")
        typed: TypedDice | None = None
        if dice.strip():
            try:
                typed = TypedDice(tuple(parse_dice(dice)))
            except ValueError as error:
                raise InvalidOrderError(str(error)) from None
        try:  # typed dice only where the campaign's dice mode accepts them (DN-ERR-1)
            return self.service.submit(self.loaded, text, typed=typed)
        except CampaignError:
            self.reload()
            raise

    def undo(self, referee_reason: str | None = None) -> None:
        """Undo the last order (same phase, no dice), or as the referee with a logged reason."""
        self.service.undo(self.name, referee_reason=referee_reason)
        self.reload()

    def reload(self) -> None:
        """Load the campaign again from the store (after undo or a rejected write)."""
        self.loaded = self.service.load(self.name)

    # --- log

    def log_rows(self) -> list[LogRow]:
        """The verified log, one row per order batch, with its game turn (from phase events)."""
        rows = self.service.store.rows(self.name)
        events = parse_stored(rows, self.name)
        out: list[LogRow] = []
        turn = 0
        for row, event in zip(rows, events, strict=True):
            rolls = [f"{r.purpose}={r.value}" for r in event.rolls]
            if event.secret:
                rolls = [f"{len(event.rolls)} hidden roll(s)"] if event.rolls else []
            if out and out[-1].batch == row.batch:
                last = out[-1]
                out[-1] = LogRow(
                    last.batch, last.turn, last.side, last.order,
                    (*last.events, event.type), (*last.rolls, *rolls),
                )
            else:
                side = row.order_text.split(" ", 1)[0] if row.order_text[:1].isalpha() else ""
                out.append(LogRow(row.batch, turn, side, row.order_text, (event.type,),
                                  tuple(rolls)))
            if isinstance(event, PhaseAdvanced):
                turn = event.turn
        return out

"""One open campaign as the TUI sees it: the service, the loaded state and the views built on it.

Nothing here imports Textual, so the logic the screens rely on (what to draw on the map, which
orders are legal, which dice an order needs, what the log filter keeps) is tested directly. The
screens only format what this module returns. Every method that changes the campaign either
completes or raises a ``CampaignError`` whose message names the rule id; nothing else escapes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from campaign.app import CampaignService, Loaded, TypedDice, parse_stored
from campaign.rules import engine
from campaign.rules.acting import acting_sentence, who_must_act
from campaign.rules.base import Event
from campaign.rules.combat.battle_ids import short_ids
from campaign.rules.combat.space_events import BattlesOpened
from campaign.rules.combat.waiting import battle_stage_duty
from campaign.rules.dice import PhysicalSource, RollContext, SeededSource
from campaign.rules.economy.adapter import connected_systems, income_report_for, occupancy_of
from campaign.rules.economy.control import box_controller
from campaign.rules.economy.maintenance import Upkeep, maintenance_due, upkeep_list
from campaign.rules.economy.report import IncomeReport
from campaign.rules.engine import STEP_ENDING
from campaign.rules.errors import CampaignError, InvalidOrderError
from campaign.rules.flow import FLOW, PhaseAdvanced
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.movement.query import MoveOptions, move_options
from campaign.rules.narration import BattleSummary, condense, last_battle_summary, narrate
from campaign.rules.notation import parse_order
from campaign.rules.referee import RefereeRestored
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState, Unit, Where
from campaign.tui.choices import SPENDS_RU, FieldSpec, FormChoices, movable_groups
from campaign.tui.order_template import Blank, OrderTemplate
from campaign.tui.widgets.map_render import MapView, SystemMarks

SIDE_OF_TEXT = {side.value: side for side in Side}


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``1 step``, ``2 steps``, ``0 rounds``; ``nouns`` when the plural is not ``noun + s``
    (``1 die``, ``3 dice``)."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"



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
    """One order batch of the log with the game turn and side it belongs to (for filtering),
    and the numbers of its first and last event (the "event N" of the phase tracker)."""

    batch: int
    turn: int
    side: str
    order: str
    events: tuple[str, ...]
    rolls: tuple[str, ...]
    first_seq: int = 0
    last_seq: int = 0
    #: What happened, in the rules core's sentences (``CampaignService.story``), condensed.
    sentences: tuple[str, ...] = ()

    @property
    def numbers(self) -> str:
        """The event numbers of the batch: ``71`` or ``70–72``."""
        if self.first_seq == self.last_seq:
            return str(self.last_seq)
        return f"{self.first_seq}–{self.last_seq}"

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
            elif term not in self._text():
                return False
        return True

    def _text(self) -> str:
        """Everything a free word of the filter is looked for in, lower case."""
        parts = (self.order, *self.events, *self.sentences, *self.rolls)
        return " ".join(parts).lower()


class CampaignSession:
    """An open campaign: keeps the loaded state between orders, like the service's ``submit``."""

    def __init__(self, service: CampaignService, name: str,
                 viewer: Side | None = None) -> None:
        self.service = service
        self.name = name
        #: Who looks: ``None`` the referee (everything), else one player (DN-NEU-1).
        self.viewer = viewer
        self.loaded: Loaded = service.load(name)
        #: The outcome sentences of the last order sent (the rules core's narration).
        self.last_outcome: list[str] = []

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
        ru = "  ".join(f"{side.value} {state.ru.get(side, 0)}" for side in PLAYER_SIDES)
        return [
            f"Game turn {state.turn}  ·  {state.phasing.value} player turn  ·  {step.label}",
            f"RU {ru}  ·  event {self.loaded.head.seq}",
            acting_sentence(state, self.ruleset),  # who the game waits for, battles included
        ]

    def order_placeholder(self) -> str:
        """The order line's hint: the first order the game waits for now."""
        duties = who_must_act(self.state, self.ruleset)
        if duties and duties[0].orders:
            return f"order (Ctrl+P: legal orders), e.g. {duties[0].orders[0]}"
        return "order (Ctrl+P: legal orders)"

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
        path: tuple[str, ...] = (),
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
            path=path,
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
        """Stack label (or lone ship id) → unit ids of ``side``'s movable groups on the map."""
        return movable_groups(self.state, self.ruleset, side)

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

    # --- forms

    def form_choices(self, side: Side | None) -> FormChoices:
        """What the blanks of an order given by ``side`` offer now (legal, distinct)."""
        return FormChoices(self.state, self.ruleset, side, name_of=self.system_name,
                           moves=self.move_options)

    def field_spec(self, template: OrderTemplate, blank: Blank,
                   values: dict[str, str]) -> FieldSpec:
        """What ``blank`` of ``template`` offers, the other blanks holding ``values``."""
        side = None if template.side == "referee" else SIDE_OF_TEXT.get(template.side)
        return self.form_choices(side).spec(template.verb, blank.name, values,
                                            blank.alternatives)

    def form_note(self, template: OrderTemplate) -> str:
        """The line under a form's title: the RU in hand, for orders that cost RU only."""
        side = SIDE_OF_TEXT.get(template.side)
        if side is None or template.verb not in SPENDS_RU:
            return ""
        return f"{side.value} holds {self.state.ru.get(side, 0)} RU"

    def form_prefill(self, template: OrderTemplate) -> dict[str, str]:
        """Values a form starts with: the battle the game waits for, when a blank asks for
        one."""
        if not any(blank.name == "BATTLE" for blank in template.blanks):
            return {}
        shorts = short_ids(self.state)
        duties = [d for d in who_must_act(self.state, self.ruleset) if d.battle in shorts]
        battles = [d.battle for d in duties] or list(self.battles())
        return {"BATTLE": shorts[battles[0]]} if battles else {}

    def awaited_order(self) -> str | None:
        """The order the game waits for now, as the header names it (``aslan jump STACK
        PATH``; inside a battle often the other side's: ``solomani target b1 UNIT``)."""
        duties = who_must_act(self.state, self.ruleset)
        return duties[0].orders[0] if duties and duties[0].orders else None

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

    def short_ids(self) -> dict[str, str]:
        """Full battle id → the short id everything shows (``b1``, DN-CBT-1)."""
        return short_ids(self.state)

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
        dice = last_round_dice(self.standing_log_rows(), battle_id.split("/", 1)[0])
        if dice:
            lines.append(f"  last round's dice: {dice}")
        return lines

    def last_battle(self) -> BattleSummary:
        """What the most recent battles did (destroyed, disrupted, withdrawn, control, ground),
        narrated by the rules core from the log as it stands: what a referee undo reverted is
        no longer part of it (issue 31 item 4)."""
        rows = self.service.store.rows(self.name)
        events = parse_stored(rows, self.name)
        kept = effective_seqs(rows, events)
        standing = [event for row, event in zip(rows, events, strict=True) if row.seq in kept]
        return last_battle_summary(standing, CampaignState(), ruleset=self.ruleset)

    def duty_orders(self, battle_id: str) -> tuple[str, ...]:
        """The orders that move ``battle_id`` on, as the rules core's duty names them
        (DN-CBT-1..7: the range roll, the chooser's range, the defender naming a target and
        the attacker answering, fire, stay), with the short battle id (``b1``); capitals are
        blanks (``solomani target b1 UNIT``). Never a referee override: the players name and
        answer targets themselves (DN-CBT-3)."""
        for duty in who_must_act(self.state, self.ruleset):
            if duty.battle == battle_id and duty.orders:
                return duty.orders
        short = short_ids(self.state).get(battle_id, battle_id)
        duty = battle_stage_duty(self.state, self.ruleset, battle_id, short)
        return duty.orders if duty is not None else ()

    def next_battle_order(self, battle_id: str) -> str:
        """The first of ``duty_orders`` (what the header asks for; ``n`` pre-fills it)."""
        orders = self.duty_orders(battle_id)
        return orders[0] if orders else f"{self.state.acting.value} end-phase"

    def forecast(self, battle_id: str, samples: int = 4000):  # noqa: ANN201 - BattleForecast
        """Monte Carlo forecast of an open battle as it stands (seeded: same answer each time)."""
        from campaign.rules.combat.queries import forecast_open_battle

        return forecast_open_battle(self.state, self.ruleset, battle_id, samples=samples)

    # --- orders and undo

    def _dry_run(self, text: str, draw: Callable[[RollContext], int]) -> None:
        """Decide ``text`` on the current state without storing anything (``draw`` gives the
        dice); ``CampaignError`` when the order is refused."""
        order = engine.normalize(self.state, parse_order(text))
        engine.decide(self.state, order, self.ruleset, PhysicalSource(draw))

    def ending_preview(self, text: str) -> str | None:
        """For ``pass`` and ``end-phase`` (issue 31 item 1: one key passed a whole player
        turn): how far the order would take the game, from a dry run (nothing stored); None
        for any other order, or one the rules refuse (sending it shows why)."""
        words = text.split()
        if len(words) < 2 or words[1].lower() not in STEP_ENDING:
            return None
        seeded = SeededSource(self.loaded.row.dice_seed)
        try:
            order = engine.read_typed(self.state, text, self.ruleset)
            events = engine.decide(self.state, order, self.ruleset, seeded)
        except (CampaignError, ValueError):
            return None
        after = engine.fold(events, self.state.clone())
        steps = sum(isinstance(event, PhaseAdvanced) for event in events)
        now = FLOW[self.state.step].label
        then = FLOW[after.step].label
        return (f"{text.strip()} ends {self.state.phasing.value}'s {now} (game turn "
                f"{self.state.turn}) and goes on {plural(steps, 'step')} to game turn "
                f"{after.turn}, {after.phasing.value} player turn, {then}.\n"
                f"Then: {acting_sentence(after, self.ruleset)}")

    def dice_needed(self, text: str) -> list[str]:
        """The purposes of the dice ``text`` would roll now, in order (a dry run with the
        campaign's seeded dice: nothing is stored); ``[]`` when it rolls none or is refused."""
        seeded = SeededSource(self.loaded.row.dice_seed)
        purposes: list[str] = []

        def record(ctx: RollContext) -> int:
            purposes.append(ctx.purpose)
            return seeded.draw(ctx)

        try:
            self._dry_run(text, record)
        except (CampaignError, ValueError):
            return []
        return purposes

    @property
    def takes_typed_dice(self) -> bool:
        """True when typed dice need no referee reason (a campaign created with physical dice)."""
        return self.loaded.dice_mode == "physical"

    def order(self, text: str, dice: str = "", reason: str | None = None) -> list[Event]:
        """Decide and store one order; ``dice`` non-empty = the referee's physical dice, exactly
        as many as the order rolls (too many or too few: refused by the core, nothing stored)."""
        if not text.strip():
            raise InvalidOrderError("DN-ERR-1: the order is empty; type e.g. 'aslan end-phase'")
        before = self.state.clone()
        typed: TypedDice | None = None
        if dice.strip():
            try:
                typed = TypedDice(tuple(parse_dice(dice)), reason)
            except ValueError as error:
                raise InvalidOrderError(str(error)) from None
        try:  # typed dice only where the campaign's dice mode accepts them (DN-ERR-1); the
            # core requires exactly as many values as the order rolls
            events = self.service.submit(self.loaded, text, typed=typed)
        except CampaignError:
            self.reload()
            raise
        self.last_outcome = condense(narrate(events, before, ruleset=self.ruleset))
        return events

    def undo(self, referee_reason: str | None = None) -> None:
        """Undo the last order (same phase, no dice), or as the referee with a logged reason."""
        self.service.undo(self.name, referee_reason=referee_reason)
        self.reload()

    def reload(self) -> None:
        """Load the campaign again from the store (after undo or a rejected write)."""
        self.loaded = self.service.load(self.name)

    # --- play by e-mail (the checks and messages of `campaign export/import`)

    def _pbem(self, side: Side | None = None):  # noqa: ANN202 - PbemService, imported late
        from campaign.app.mail import PbemService, keys_dir

        return PbemService(self.service, keys_dir(), side=side)

    def own_side(self) -> Side | None:
        """The side this database plays by e-mail (recorded with the first file), if known."""
        return self._pbem().own_side(self.name)

    def export_turn(self, side: Side, path: str, key: str | None = None) -> str:
        """Write ``side``'s turn file to ``path`` (armoured text for ``.txt``/``.asc``, else
        JSON), signed with the private ``key`` file if given, recorded only once written
        (``PbemService.export_file``); the line the CLI prints. ``CampaignError`` or
        ``FileRefusedError`` (a ``ValueError``) when it cannot be written (nothing recorded)."""
        target = _turn_path(path)
        made = self._pbem().export_file(self.name, side, target,
                                        sign_with=_turn_path(key) if key else None)
        return made.line(str(target))

    def import_turn(self, path: str, side: Side | None = None) -> str:
        """Check and apply the other player's turn file (``side``: the side this database
        plays, needed with the first file, like `campaign import --as`); the line the CLI
        prints."""
        from campaign.app.mail import read_turn_file

        target = _turn_path(path)
        done = self._pbem(side).import_turn(self.name, read_turn_file(target),
                                            source=str(target))
        self.reload()
        return done.line(str(target))

    def exchange_lines(self) -> list[str]:
        """Every turn file sent or received, then the decisions (`campaign exchanges`)."""
        return self._pbem().exchange_lines(self.name)

    # --- log

    def log_rows(self) -> list[LogRow]:
        """The verified log, one row per order batch: its event numbers, game turn, the side
        that gave it, what happened in the rules core's sentences and the dice (a secret
        roll's value hidden), as ``viewer`` may read them. Battle ids are written short
        (``b1``, the id of their combat step, issue 31 item 11)."""
        lines = self.service.log(self.name, viewer=self.viewer)
        story = {entry.batch: entry for entry in self.service.story(self.name,
                                                                    viewer=self.viewer)}
        shorts = self._short_ids_by_batch()
        ends = [line.first_seq - 1 for line in lines[1:]] + [self.loaded.head.seq]
        out = []
        for line, last_seq in zip(lines, ends, strict=True):
            entry = story.get(line.batch)
            out.append(LogRow(
                batch=line.batch, turn=entry.turn if entry else 0,
                side=entry.side if entry and entry.side != "-" else "",
                order=with_short_ids(line.order_text, shorts.get(line.batch, {})),
                events=tuple(line.events), rolls=tuple(line.rolls),
                first_seq=line.first_seq, last_seq=last_seq,
                sentences=entry.lines if entry else (),
            ))
        return out

    def _short_ids_by_batch(self) -> dict[int, dict[str, str]]:
        """For every batch given while battles were open: full battle id → ``bN``, numbered
        in the order the battles of that combat step opened."""
        rows = self.service.store.rows(self.name)
        current: dict[str, str] = {}
        found: dict[int, dict[str, str]] = {}
        for row, event in zip(rows, parse_stored(rows, self.name), strict=True):
            if isinstance(event, BattlesOpened):
                current = {bid: f"b{n}" for n, bid in enumerate(event.battles, 1)}
            if current:
                found.setdefault(row.batch, current)
        return found

    def standing_log_rows(self) -> list[LogRow]:
        """The log rows whose events still stand (not reverted by a referee undo)."""
        rows = self.service.store.rows(self.name)
        kept = effective_seqs(rows, parse_stored(rows, self.name))
        return [row for row in self.log_rows() if row.last_seq in kept]


def with_short_ids(text: str, shorts: dict[str, str]) -> str:
    """``text`` with every full battle id of ``shorts`` written as its short id."""
    for full, short in shorts.items():
        text = text.replace(full, short)
    return text


def effective_seqs(rows: list, events: list[Event]) -> set[int]:  # rows: StoredEvent
    """The event numbers that still stand: a ``referee-restored`` event puts the campaign back
    to its state after event ``to_seq``, so the events between are no longer part of the
    story (the restore itself neither; a later restore may bring them back)."""
    standing: dict[int, tuple[int, ...]] = {0: ()}
    current: tuple[int, ...] = ()
    for row, event in zip(rows, events, strict=True):
        if isinstance(event, RefereeRestored):
            current = standing.get(event.to_seq, current)
        else:
            current = (*current, row.seq)
        standing[row.seq] = current
    return set(current)


def last_round_dice(rows: list[LogRow], system: str) -> str:
    """The dice of the last round fought in ``system``'s battle, or "" when this battle has not
    fought a round yet: the search stops at the most recent opening of battles, so a new battle
    never shows the dice of an earlier one in the same system."""
    for row in reversed(rows):
        if "round-fought" in row.events and any(f"fire {system} " in r for r in row.rolls):
            return ", ".join(row.rolls)
        if "battles-opened" in row.events:
            return ""
    return ""


def _turn_path(path: str):  # noqa: ANN202 - pathlib.Path
    """A turn file path typed by the user (``~`` expanded); ``InvalidOrderError`` if empty."""
    from pathlib import Path

    if not path.strip():
        raise InvalidOrderError("DN-ERR-1: give the turn file's path")
    return Path(path.strip()).expanduser()

"""One open campaign as the TUI sees it: the service, the loaded state and the views built on it.

Nothing here imports Textual, so the logic the screens rely on (what to draw on the map, which
orders are legal, which dice an order needs, what the log filter keeps) is tested directly. The
screens only format what this module returns. Every method that changes the campaign either
completes or raises a ``CampaignError`` whose message names the rule id; nothing else escapes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from rich.markup import escape

from campaign.app import (
    CampaignService,
    CampaignState,
    Event,
    Loaded,
    Ruleset,
    TypedDice,
    authority,
    parse_stored,
    preview,
)
from campaign.app.live import Follower, stale_order
from campaign.rules.errors import CampaignError, ConflictError, InvalidOrderError, KindHidden
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.seats import Seat
from campaign.tui.order_template import Blank, OrderTemplate, parse_template
from campaign.tui.widgets.map_render import MapView, SystemMarks
from campaign.views.battles import (
    BattleRow,
    battles_report,
    open_battle_ids,
    round_lines,
    round_stage,
    short_battle_ids,
    stage_orders,
)
from campaign.views.choices import SPENDS_RU, FieldSpec, FormChoices, movable_groups
from campaign.views.income import IncomeReport, income_report
from campaign.views.log import (
    BattleSummary,
    last_battle,
    outcome_lines,
    short_ids_by_batch,
    standing_seqs,
)
from campaign.views.play import (
    BattleForecast,
    LegalOrder,
    MoveOptions,
    acting_line,
    duties_of,
    forecast_for,
    legal_orders_for,
    map_marks,
    may_move,
    move_choices,
    seen_text,
    step_label,
    unit_place,
)
from campaign.views.units import units_report
from campaign.views.upkeep import Upkeep, maintenance_due, upkeep_list
from campaign.views.words import plural

SIDE_OF_TEXT = {side.value: side for side in Side}
#: The blanks of an order template that name a system (``hex:``/``box:`` places included).
SYSTEM_BLANKS = frozenset({"SYS", "SYSTEM", "LOCATION"})




def parse_dice(text: str) -> list[int]:
    """Dice typed by the referee: ``"3,5 1"`` → ``[3, 5, 1]``, and digits typed together are
    one die each (``"351"``, a face is one digit: a key per die, issue 44 item 3);
    ``ValueError`` names a bad part."""
    values: list[int] = []
    for part in re.split(r"[,\s]+", text.strip()):
        if not part:
            continue
        if not (part.isascii() and part.isdigit()):
            raise ValueError(f"DN-ERR-1: dice must be numbers like 3,5,1 or 351; {part!r} is "
                             "not")
        values.extend(int(digit) for digit in part)
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
        #: Who acts: the screen's seat; what it may do is decided by the app
        #: (``campaign.app.authority``), never here.
        self.seat = Seat.of(viewer)
        self.loaded: Loaded = service.load(name)
        #: The outcome sentences of the last order sent (the rules core's narration).
        self.last_outcome: list[str] = []
        #: The database watch of a screen that follows the campaign live (``follow``).
        self._follower: Follower | None = None

    # --- following the campaign live (issue 43 item 1)

    def follow(self) -> None:
        """Start watching the database for writes by anyone (``campaign.app.live``); a
        screen calls ``catch_up`` several times a second after this."""
        if self._follower is None:
            self._follower = Follower(self.service.store, self.name)

    def catch_up(self) -> bool:
        """Load the campaign again if another screen, the CLI or an import changed it since
        this session loaded it; True when it did (the screen redraws). Cheap when nothing was
        written: the watch reads no table; after a write, only the new orders are read."""
        if self._follower is None or not self._follower.heard():
            return False
        current = self.service.caught_up(self.loaded)
        if current is None:
            return False
        self.loaded = current
        return True

    def close(self) -> None:
        """Stop following (the screen closes): the watch's connection is released."""
        if self._follower is not None:
            self._follower.close()
            self._follower = None

    # --- basic views

    @property
    def state(self) -> CampaignState:
        """The current campaign state (the fold of the stored log)."""
        return self.loaded.state

    @property
    def ruleset(self) -> Ruleset:
        """The pinned ruleset of the campaign."""
        return self.loaded.ruleset

    def stack_place(self, unit_id: str) -> str:
        """Where a stack (one of its units) stands: ``Quillon hex`` in space, ``Quillon box``
        on the surface (issue 31 item 6: the stack list did not say which)."""
        system, place = unit_place(self.state, unit_id)
        return f"{self.system_name(system)} {place}"

    def system_name(self, system_id: str | None) -> str:
        """Display name of a system id (the id itself if unknown)."""
        if system_id is None:
            return "-"
        try:
            return self.ruleset.star_map.system(system_id).name
        except KeyError:
            return system_id

    @property
    def view_name(self) -> str:
        """Whose view the screen shows: ``referee's view`` or ``aslan's view``."""
        return f"{self.viewer.value}'s view" if self.viewer is not None else "referee's view"

    def seen(self, text: str) -> str:
        """``text`` as the viewer may read it (a neutral counter by its alias, DN-NEU-1)."""
        return seen_text(text, self.state, self.viewer)

    def phase_lines(self) -> list[str]:
        """The phase tracker: turn, phasing side, phase and sub-phase, who acts."""
        state = self.state
        ru = "  ".join(f"{side.value} {state.ru.get(side, 0)}" for side in PLAYER_SIDES)
        return [
            f"Game turn {state.turn}  ·  {state.phasing.value} player turn  ·  {step_label(state)}",
            f"RU {ru}  ·  event {self.loaded.head.seq}",
            # who the game waits for, battles included
            acting_line(state, self.ruleset, self.viewer),
        ]

    def order_placeholder(self) -> str:
        """The order line's hint: the first order the game waits for from this viewer."""
        awaited = self.awaited_order()
        if awaited is not None:
            return f"order, e.g. {awaited} (Ctrl+P: legal orders)"  # the example first
        return "order (Ctrl+P: legal orders)"

    def legal_orders(self) -> list[LegalOrder]:
        """Order types the viewer may give now: a player's own; for the referee every side's
        (the acting side's first, then the other player's, then the referee's)."""
        return legal_orders_for(self.state, self.ruleset, self.viewer)

    def template_for(self, legal: LegalOrder) -> str:
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
        """Controllers, stacks and (optionally) the connection overlay for every system, from
        the viewer's map scene (``views.play.map_marks``: the one ``campaign map`` draws)."""
        state = self.state
        found = map_marks(self.name, state, self.ruleset, self.viewer, supply=show_connections)
        marks = {system: SystemMarks(mark.controller, mark.units, mark.connected)
                 for system, mark in found.items()}
        return MapView(
            marks=marks,
            selected=selected,
            destinations=frozenset(destinations),
            show_connections=show_connections,
            explored=frozenset(frozenset(r) for r in state.game_slots.get("explored_routes", [])),
            path=path,
        )

    def system_lines(self, system_id: str) -> list[str]:
        """What the map's side panel says of a selected system (issue 31 item 6): its units
        in the stellar hex, the surface box and aboard ships, as ``campaign units`` lists them
        for the viewer, and the orders the viewer may give there now (``SYS``, ``SYSTEM`` or
        ``LOCATION`` of a legal order offering this system)."""
        report = units_report(self.name, self.state, self.ruleset, viewer=self.viewer,
                              system=system_id)
        rows = [row for group in report.systems for row in group.units]
        lines = [f"[b]{escape(self.system_name(system_id))}[/b]"]
        for place, label in (("hex", "in space"), ("box", "surface box"), ("on", "aboard")):
            here = [row for row in rows if row.location.startswith(place + ":")]
            if here:
                units = ", ".join(f"{row.id}" + (f" ({row.stack})" if row.stack else "")
                                  for row in here)
                lines.append(f"{label}: {escape(units)}")
        if not rows:
            lines.append("no units")
        movable = [label for label, members in self.stacks(self.state.acting).items()
                   if self.state.position_of(members[0]).system == system_id]
        if movable and self.state.phase.is_movement:
            lines.append(f"m moves: {escape(', '.join(movable))}")
        orders = self.orders_at(system_id)
        if orders:
            lines.append("orders here: " + ", ".join(escape(order) for order in orders))
        return lines

    def orders_at(self, system_id: str) -> list[str]:
        """The legal orders of the viewer whose system blank offers ``system_id`` now, that
        blank filled in (``aslan produce KIND box:quillon``)."""
        found = []
        for legal in self.legal_orders():
            template = parse_template(legal.notation)
            for blank in template.blanks:
                if blank.name not in SYSTEM_BLANKS:
                    continue
                spec = self.field_spec(template, blank, {})
                value = next((value for _, value in spec.choices
                              if value.partition(":")[2] == system_id or value == system_id),
                             None)
                if value is not None:
                    found.append(legal.notation.replace(blank.name, value, 1))
                    break
        return found

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
        """Every unit in play (on the map, carried or unplaced) with factors and place, as
        ``campaign units`` lists them for the viewer (a face-down counter by its alias, with
        no kind or factors, DN-NEU-1)."""
        report = units_report(self.name, self.state, self.ruleset, viewer=self.viewer)
        listed = [row for group in report.systems for row in group.units] + report.unplaced
        rows = [
            ForceRow(
                unit_id=row.id, side=row.side, code=self._code(row.kind), name=row.name,
                factors=row.factors, stack=row.stack or "", location=row.location,
                system=self.system_name(row.system) if row.system else "",
                disrupted=row.disrupted, cargo=", ".join(row.cargo),
            )
            for row in listed
        ]
        return sorted(rows, key=lambda r: (r.side, r.unit_id))

    def _code(self, kind: str) -> str:
        """A unit kind's short code (``CL``); ``?`` for a kind the viewer may not know (a
        face-down counter's ``neutral:?``, DN-NEU-1)."""
        try:
            return self.ruleset.unit_type(kind).code
        except (KeyError, KindHidden):
            return "?"

    def stacks(self, side: Side) -> dict[str, list[str]]:
        """Stack label (or lone ship id) → unit ids of ``side``'s movable groups on the map;
        none of the other side's on a player's screen."""
        if not may_move(self.state, side, self.viewer):
            return {}
        return movable_groups(self.state, self.ruleset, side)

    def move_options(self, stack: str) -> MoveOptions:
        """Legal destinations of ``stack`` for the acting side (DN-MOV-*), with refusals."""
        return move_choices(self.state, self.ruleset, self.viewer, stack)

    def move_order(self, stack: str, destination: str) -> str:
        """The order text moving ``stack`` to ``destination``; ``CampaignError`` with the rule."""
        options = self.move_options(stack)
        legal = options.legal.get(destination)
        if legal is None:
            obstacle = options.why_not(destination)
            assert obstacle is not None
            raise InvalidOrderError(f"{obstacle.rule}: {self.seen(obstacle.message)}")
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
        spec = self.form_choices(side).spec(template.verb, blank.name, values,
                                            blank.alternatives, field=blank.field,
                                            chosen=template.by_field(values))
        if self.viewer is None:
            return spec
        return replace(spec, choices=[(self.seen(label), self.seen(value))
                                      for label, value in spec.choices])

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
        shorts = short_battle_ids(self.state)
        duties = [d for d in duties_of(self.state, self.ruleset, self.viewer)
                  if d.battle in shorts]
        battles = [d.battle for d in duties if d.battle is not None] or list(self.battles())
        return {"BATTLE": shorts[battles[0]]} if battles else {}

    def awaited_order(self) -> str | None:
        """The order the game waits for now, as the header names it (``aslan jump STACK
        PATH``; inside a battle often the other side's: ``solomani target b1 UNIT``)."""
        duties = duties_of(self.state, self.ruleset, self.viewer)
        return duties[0].orders[0] if duties and duties[0].orders else None

    # --- economy

    def income(self, side: Side) -> IncomeReport:
        """The explained income and supply report of ``side`` (DN-ECO-3/4), as the viewer
        may read it (``campaign income --side``)."""
        return income_report(self.state, self.ruleset, side, self.viewer)

    def upkeep(self, side: Side) -> list[Upkeep]:
        """Every ship's maintenance situation for ``side`` (DN-ECO-7)."""
        return upkeep_list(self.state, self.ruleset, side)

    def maintenance_due(self) -> bool:
        """True while the current phase requires a ``maintain`` order (game turn 2 on)."""
        return maintenance_due(self.state)

    # --- combat

    def battles(self) -> list[str]:
        """Open battles of the current space sub-phase, by id (DN-CBT-*)."""
        return open_battle_ids(self.state)

    def battle_rows(self) -> list[BattleRow]:
        """The open battles as ``campaign battles`` shows them to the viewer (a face-down
        counter's factors hidden, DN-NEU-1)."""
        report = battles_report(self.name, self.state, self.ruleset, viewer=self.viewer)
        return [row for row in report.battles if row.stage != "over"]

    def short_ids(self) -> dict[str, str]:
        """Full battle id → the short id everything shows (``b1``, DN-CBT-1)."""
        return short_battle_ids(self.state)

    def battle_stage(self, battle_id: str) -> str:
        """Where the round of ``battle_id`` stands (range, choose, assign, fire, withdraw…)."""
        return round_stage(self.state, battle_id)

    def battle_round_lines(self, battle_id: str) -> list[str]:
        """The round so far: range chosen, engagements, and the dice of the last round fought
        in this battle (from the log, with their purposes)."""
        lines = round_lines(self.state, battle_id, self.viewer)
        dice = last_round_dice(self.standing_log_rows(), battle_id.split("/", 1)[0])
        if dice:
            lines.append(f"  last round's dice: {dice}")
        return lines

    def last_battle(self) -> BattleSummary:
        """What the most recent battles did (destroyed, disrupted, withdrawn, control, ground),
        narrated by the rules core from the log as it stands: what a referee undo reverted is
        no longer part of it (issue 31 item 4)."""
        rows = self.loaded.rows  # the verified log of the open campaign
        return last_battle(rows, parse_stored(rows, self.name), self.ruleset, self.viewer)

    def duty_orders(self, battle_id: str) -> tuple[str, ...]:
        """The orders that move ``battle_id`` on, as the rules core's duty names them
        (DN-CBT-1..7: the range roll, the chooser's range, the defender naming a target and
        the attacker answering, fire, stay), with the short battle id (``b1``); capitals are
        blanks (``solomani target b1 UNIT``). Never a referee override: the players name and
        answer targets themselves (DN-CBT-3). A player's screen names only his own side's."""
        for duty in duties_of(self.state, self.ruleset, self.viewer):
            if duty.battle == battle_id and duty.orders:
                return duty.orders
        return stage_orders(self.state, self.ruleset, battle_id, self.viewer)

    def next_battle_order(self, battle_id: str) -> str:
        """The first of ``duty_orders`` (what the header asks for; ``n`` pre-fills it); on a
        player's screen where the other side acts, ``InvalidOrderError`` saying who."""
        orders = self.duty_orders(battle_id)
        if orders:
            return orders[0]
        if self.viewer is not None:
            raise InvalidOrderError(f"DN-SEQ-2: nothing for {self.viewer.value} to do in "
                                    f"{self.short_ids().get(battle_id, battle_id)} now: "
                                    f"{acting_line(self.state, self.ruleset, self.viewer)}")
        return f"{self.state.acting.value} end-phase"

    def forecast(self, battle_id: str, samples: int = 4000) -> BattleForecast | None:
        """Monte Carlo forecast of an open battle as it stands (seeded: same answer each time);
        None when a fighter's strength is hidden from the viewer (DN-NEU-1)."""
        return forecast_for(self.state, self.ruleset, battle_id, self.viewer, samples)

    # --- orders and undo

    def ending_preview(self, text: str) -> str | None:
        """For ``pass`` and ``end-phase`` (issue 31 item 1: one key passed a whole player
        turn): how far the order would take the game, from a dry run (nothing stored); None
        for any other order, or one the rules or this screen refuse (sending it shows why)."""
        if self.viewer is not None and text.split()[:1] != [self.viewer.value]:
            return None  # another side's order: refused when sent (``_check_own_order``)
        found = preview.ending_preview(self.loaded, text, self.seat)
        if found is None:
            return None
        return (f"{text.strip()} ends {found.phasing}'s {found.label} (game turn "
                f"{found.turn}) and goes on {plural(found.steps, 'step')} to game turn "
                f"{found.then_turn}, {found.then_phasing} player turn, {found.then_label}.\n"
                f"Then: {found.then_acting}")

    def dice_needed(self, text: str) -> list[str]:
        """The purposes of the dice ``text`` would roll now, in order (a dry run with the
        campaign's seeded dice: nothing is stored); ``[]`` when it rolls none or is refused."""
        return preview.dice_needed(self.loaded, text, self.seat)

    def next_die(self, text: str, typed: tuple[int, ...]) -> str | None:
        """The purpose of the die ``text`` rolls after the ``typed`` ones (``None``: no more),
        for asking the referee of a physical-dice campaign each die when due (issue 45)."""
        return preview.next_die(self.loaded, text, self.seat, typed)

    @property
    def takes_typed_dice(self) -> bool:
        """True when typed dice need no referee reason (a campaign created with physical dice)."""
        return self.loaded.dice_mode == "physical"

    def order(self, text: str, dice: str = "", reason: str | None = None) -> list[Event]:
        """Decide and store one order; ``dice`` non-empty = the referee's physical dice, exactly
        as many as the order rolls (too many or too few: refused by the core, nothing stored)."""
        if not text.strip():
            raise InvalidOrderError("DN-ERR-1: the order is empty; type e.g. 'aslan end-phase'")
        self._refuse_if_behind()
        before = self.state.clone()
        typed: TypedDice | None = None
        if dice.strip():
            try:
                typed = TypedDice(tuple(parse_dice(dice)), reason)
            except ValueError as error:
                raise InvalidOrderError(str(error)) from None
        try:  # typed dice only where the campaign's dice mode accepts them (DN-ERR-1); the
            # core requires exactly as many values as the order rolls
            events = self.service.submit(self.loaded, text, typed=typed, seat=self.seat)
        except ConflictError:  # another writer was first, after the check above
            stale = self.loaded
            self.reload()
            raise stale_order(stale, self.loaded.head) or InvalidOrderError(
                "DN-ERR-1: another writer was first; nothing was stored") from None
        except CampaignError:
            self.reload()
            raise
        self.last_outcome = outcome_lines(events, before, self.ruleset, self.viewer)
        return events

    def _refuse_if_behind(self) -> None:
        """An order typed on a screen behind the stored campaign is refused (nothing stored)
        and the campaign loaded again, so the screen shows it as it stands (issue 43)."""
        refusal = stale_order(self.loaded, self.service.stored_head(self.name))
        if refusal is not None:
            self.reload()
            raise refusal

    def undo(self, referee_reason: str | None = None) -> None:
        """Undo the last order (same phase, no dice), or as the referee with a logged reason
        (the referee's screen only); refused on a screen behind the stored campaign."""
        self._refuse_if_behind()
        self.service.undo(self.name, referee_reason=referee_reason, seat=self.seat)
        self.reload()

    def check_undo(self, *, override: bool = False) -> None:
        """Refuse (``SeatError``) an undo this screen's seat may not ask for, before the
        screen asks to confirm it (the app decides: ``Orders.check_undo_seat``)."""
        self.service.check_undo_seat(self.loaded, self.seat, override=override)

    def reload(self) -> None:
        """Load the campaign again from the store (after undo or a rejected write)."""
        self.loaded = self.service.load(self.name)

    # --- play by e-mail (the checks and messages of `campaign export/import`)

    def _pbem(self, side: Side | None = None):
        from campaign.app.mail import PbemService, keys_dir

        return PbemService(self.service, keys_dir(), side=side)

    def own_side(self) -> Side | None:
        """The side this database plays by e-mail (recorded with the first file), if known."""
        return self._pbem().own_side(self.name)

    def playing_sides(self) -> list[Side]:
        """The sides this screen's seat acts for (``app.authority.playing_sides``)."""
        return authority.playing_sides(self.seat)

    def export_turn(self, side: Side, path: str, key: str | None = None) -> str:
        """Write ``side``'s turn file to ``path`` (armoured text for ``.txt``/``.asc``, else
        JSON), signed with the private ``key`` file if given, recorded only once written
        (``PbemService.export_file``); the line the CLI prints. ``CampaignError`` or
        ``FileRefusedError`` (a ``ValueError``) when it cannot be written (nothing recorded).
        The campaign is loaded again afterwards: in fair mode the export may first store the
        side's own seal/share orders, and the screen must show the game as it now stands."""
        target = _turn_path(path)
        made = self._pbem().export_file(self.name, side, target,
                                        sign_with=_turn_path(key) if key else None,
                                        seat=self.seat)
        self.reload()
        return made.line(str(target))

    def import_turn(self, path: str, side: Side | None = None) -> str:
        """Check and apply the other player's turn file (``side``: the side this database
        plays, needed with the first file, like `campaign import --as`); the lines the CLI
        prints: what the file brought, then its notes (``note: …``, e.g. which shares or
        reveals this machine gave in fair mode), one per line."""
        from campaign.app.mail import read_turn_file

        target = _turn_path(path)
        done = self._pbem(side).import_turn(self.name, read_turn_file(target),
                                            source=str(target))
        self.reload()
        return "\n".join([done.line(str(target)), *(f"note: {note}" for note in done.notes)])

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
        rows = self.loaded.rows  # the verified log of the open campaign
        shorts = short_ids_by_batch(rows, parse_stored(rows, self.name))
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

    def standing_log_rows(self) -> list[LogRow]:
        """The log rows whose events still stand (not reverted by a referee undo)."""
        rows = self.loaded.rows  # the verified log of the open campaign
        kept = standing_seqs(rows, parse_stored(rows, self.name))
        return [row for row in self.log_rows() if row.last_seq in kept]


def with_short_ids(text: str, shorts: dict[str, str]) -> str:
    """``text`` with every full battle id of ``shorts`` written as its short id."""
    for full, short in shorts.items():
        text = text.replace(full, short)
    return text


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


def _turn_path(path: str):
    """A turn file path typed by the user, made absolute (``~`` expanded), so every message
    names the file in full (issue 31 item 12); ``InvalidOrderError`` if empty."""
    from pathlib import Path

    if not path.strip():
        raise InvalidOrderError("DN-ERR-1: give the turn file's path")
    return Path(path.strip()).expanduser().absolute()

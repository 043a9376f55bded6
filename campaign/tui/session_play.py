"""What the tabs ask the session: the header, the legal orders, the map, the forces, the
forms, the economy and the battles, each as the viewer may see it (``campaign.views``).

Nothing here writes or reads the store: every answer is built from the held campaign.
"""

from __future__ import annotations

from collections.abc import Iterable

from msgspec import Struct
from msgspec.structs import replace

from campaign.app import authority
from campaign.rules.errors import InvalidOrderError, KindHidden
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.tui.markup import escape
from campaign.tui.order_template import Blank, OrderTemplate, parse_template
from campaign.tui.session_core import SessionCore
from campaign.tui.widgets.map_render import MapView, SystemMarks
from campaign.views.battles import (
    BattleRow,
    battles_report,
    open_battle_ids,
    round_stage,
    short_battle_ids,
    stage_orders,
)
from campaign.views.choices import SPENDS_RU, FieldSpec, FormChoices, movable_groups
from campaign.views.income import IncomeReport, income_report
from campaign.views.play import (
    BattleForecast,
    Duty,
    LegalOrder,
    MoveOptions,
    duties_of,
    forecast_for,
    legal_orders_for,
    map_marks,
    may_move,
    move_choices,
    step_label,
    unit_place,
)
from campaign.views.report import acting_line
from campaign.views.units import units_report
from campaign.views.upkeep import Upkeep, maintenance_due, side_maintenance_note, upkeep_list

SIDE_OF_TEXT = {side.value: side for side in Side}
#: The blanks of an order template that name a system (``hex:``/``box:`` places included).
SYSTEM_BLANKS = frozenset({"SYS", "SYSTEM", "LOCATION"})


class ForceRow(Struct, frozen=True):
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


class SessionPlay(SessionCore):
    """The questions the tabs ask (see the module)."""

    #: The moves of the stacks asked about and the state they were worked out for
    #: (``move_options``).
    _moves_key: tuple[object, ...] | None = None
    _moves: dict[str, MoveOptions]

    # --- the header and the legal orders

    def stack_place(self, unit_id: str) -> str:
        """Where a stack (one of its units) stands: ``Quillon hex`` in space, ``Quillon box``
        on the surface (issue 31 item 6: the stack list did not say which)."""
        system, place = unit_place(self.state, unit_id)
        return f"{self.system_name(system)} {place}"

    def phase_lines(self) -> list[str]:
        """The phase tracker: turn, phasing side, phase and sub-phase, who acts."""
        state = self.state
        ru = "  ".join(f"{side.value} {state.ru.get(side, 0)}" for side in PLAYER_SIDES)
        return [
            f"Game turn {state.turn}  ·  {state.phasing.value} player turn  ·  {step_label(state)}",
            f"RU {ru}  ·  event {self.loaded.head.seq}",
            # who the game waits for, battles included; the order named only if offered here
            self.acting(),
        ]

    def held(self) -> Duty | None:
        """The wait for strict dice while an order of this database is held for the other
        side's dice contribution (``Reading.held_duty``), None otherwise: the one duty then,
        and no order is offered until the dice come, as ``campaign status`` says (found by
        use, December 7, night: the header named the held order's own step, "aslan must act:
        … — aslan range b1", and Ctrl+P listed orders that were all refused)."""
        return self.service.held_duty(self.loaded)

    def acting(self) -> str:
        """Who the game waits for now as this seat reads it (``views.report.acting_line``):
        the strict-dice wait while an order is held (``held``); an order named only if this
        screen may give it."""
        return acting_line(
            self.sight, self.ruleset, gives=self.gives_elsewhere() is None, held=self.held()
        )

    def order_placeholders(self) -> list[str]:
        """The order line's hint, longest first, for the order line to show the first that
        fits its width: the first order the game waits for from this viewer (kept whole
        longest: it is what matters), then where the legal orders are."""
        awaited = self.awaited_order()
        if awaited is not None:
            return [
                f"order, e.g. {awaited} (Ctrl+P: legal orders)",  # the example first
                f"e.g. {awaited} (Ctrl+P: legal orders)",
                f"e.g. {awaited} (^P: legal orders)",
                f"e.g. {awaited}",
            ]
        return ["order (Ctrl+P: legal orders)", "order (^P: legal orders)", "order"]

    def legal_orders(self) -> list[LegalOrder]:
        """Order types the viewer may give now: a player's own; for the referee every side's
        (the acting side's first, then the other player's, then the referee's). None that
        this database refuses from this seat (``authority.may_give``, the filter ``campaign
        status`` and completion ask): on a player's by-mail database, the other side's orders
        are given on the other machine (found by use, December 7: ``--side solomani`` on the
        Aslan player's database listed Solomani's orders, each refused when sent)."""
        if self.held() is not None:  # nothing is given until the dice come (DN-ERR-1)
            return []
        plays = self.plays_by_mail()
        return [
            legal
            for legal in legal_orders_for(self.state, self.ruleset, self.viewer)
            if authority.may_give(self.seat, plays, legal.side)
        ]

    def plays_by_mail(self) -> Side | None:
        """The side this database plays by e-mail (None: none), read each time: the first
        turn file records it while the screen is open."""
        return self.service.reader(self.name, None)

    def gives_elsewhere(self) -> str | None:
        """Why this screen gives none of its viewer's orders: a player's seat on the other
        player's by-mail database (``authority.may_give``); None when it may give them."""
        plays = self.plays_by_mail()
        viewer = self.viewer
        if viewer is None or authority.may_give(self.seat, plays, viewer):
            return None
        return (
            f"DN-SEQ-2: this database plays {plays.value if plays else '-'} by e-mail: "
            f"{viewer.value}'s orders are given on the {viewer.value} player's machine and "
            "come in his turn files"
        )

    def nothing_to_do(self) -> str | None:
        """On a player's screen with no order to give now, the refusal that says who the game
        waits for instead (DN-SEQ-2; the other side, or a battle step of the other side), or,
        on the other player's database by e-mail, why none is given here
        (``gives_elsewhere``: found by use, December 7, `E` and `m` there said "nothing for
        solomani to do now: solomani must act: … — solomani place-neutral SYSTEM");
        ``None`` on the referee's screen or when the player has an order to give."""
        if self.viewer is None:
            return None
        elsewhere = self.gives_elsewhere()
        if elsewhere is not None:
            return elsewhere
        if self.legal_orders():
            return None
        return f"DN-SEQ-2: nothing for {self.viewer.value} to do now: {self.acting()}"

    def no_stack_listed(self) -> str:
        """Why the Map tab lists no stack now (DN-SEQ-2): whom the game waits for, after
        ``nothing_to_do``'s reason when the seat has no order at all. A player who has a
        battle step of his own in the other side's combat step sees none of his stacks
        there (``stacks``: the acting side's), and ``m`` focused that empty list without a
        word (found by use, December 7, late night)."""
        nothing = self.nothing_to_do()
        if nothing is not None:
            return nothing
        side = self.viewer or self.state.acting
        return f"DN-SEQ-2: no stack of {side.value}'s moves now: {self.acting()}"

    def awaits_nothing(self) -> str:
        """Why no order of this screen's seat is awaited now (``awaited_order`` is None): a
        player with nothing to do is told who acts (``nothing_to_do``); one who may give other
        orders meanwhile (load cargo while the other side chooses the range) is told who the
        game waits for too — "the game waits for no order now" was wrong there (found by
        use). DN-SEQ-2."""
        nothing = self.nothing_to_do()
        if nothing is not None:
            return nothing
        if self.viewer is not None:
            return (
                f"DN-SEQ-2: no order of {self.viewer.value}'s is awaited now: "
                f"{self.acting()}; Ctrl+P lists the orders "
                f"{self.viewer.value} may give meanwhile"
            )
        return "DN-SEQ-2: the game waits for no order now"

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
        found = map_marks(self.name, self.sight, self.ruleset, supply=show_connections)
        marks = {
            system: SystemMarks(mark.controller, mark.units, mark.connected)
            for system, mark in found.items()
        }
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
        report = units_report(self.name, self.sight, self.ruleset, system=system_id)
        rows = [row for group in report.systems for row in group.units]
        lines = [f"[b]{escape(self.system_name(system_id))}[/b]"]
        for place, label in (("hex", "in space"), ("box", "surface box"), ("on", "aboard")):
            here = [row for row in rows if row.location.startswith(place + ":")]
            if here:
                units = ", ".join(
                    f"{row.id}" + (f" ({row.stack})" if row.stack else "") for row in here
                )
                lines.append(f"{label}: {escape(units)}")
        if not rows:
            lines.append("no units")
        if self.state.phase.is_movement:
            movable = [  # those with a legal destination: the movement form's own answer
                label
                for label, members in self.stacks(self.state.acting).items()
                if self.state.position_of(members[0]).system == system_id
                and self.move_options(label).legal
            ]
            if movable:
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
                value = next(
                    (
                        value
                        for _, value in spec.choices
                        if value.partition(":")[2] == system_id or value == system_id
                    ),
                    None,
                )
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
        report = units_report(self.name, self.sight, self.ruleset)
        listed = [row for group in report.systems for row in group.units] + report.unplaced
        rows = [
            ForceRow(
                unit_id=row.id,
                side=row.side,
                code=self._code(row.kind),
                name=row.name,
                factors=row.factors,
                stack=row.stack or "",
                location=row.location,
                system=self.system_name(row.system) if row.system else "",
                disrupted=row.disrupted,
                cargo=", ".join(row.cargo),
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
        """Legal destinations of ``stack`` for the acting side (DN-MOV-*), with refusals;
        worked out once per stack and state of the held campaign (the map, its destination
        list and the selected system's panel all ask after every change)."""
        key = (id(self.loaded), self.loaded.head, self.viewer)
        if self._moves_key != key:
            self._moves = {}
            self._moves_key = key
        if stack not in self._moves:
            self._moves[stack] = move_choices(self.sight, self.ruleset, stack)
        return self._moves[stack]

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
        return FormChoices(
            self.state, self.ruleset, side, name_of=self.system_name, moves=self.move_options
        )

    def field_spec(
        self, template: OrderTemplate, blank: Blank, values: dict[str, str]
    ) -> FieldSpec:
        """What ``blank`` of ``template`` offers, the other blanks holding ``values``."""
        side = None if template.side == "referee" else SIDE_OF_TEXT.get(template.side)
        spec = self.form_choices(side).spec(
            template.verb,
            blank.name,
            values,
            blank.alternatives,
            field=blank.field,
            chosen=template.by_field(values),
        )
        if self.viewer is None:
            return spec
        return replace(
            spec, choices=[(self.seen(label), self.seen(value)) for label, value in spec.choices]
        )

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
        duties = [d for d in duties_of(self.sight, self.ruleset) if d.battle in shorts]
        battles = [d.battle for d in duties if d.battle is not None] or list(self.battles())
        return {"BATTLE": shorts[battles[0]]} if battles else {}

    def awaited_order(self) -> str | None:
        """The order the game waits for now, as the header names it (``aslan jump STACK
        PATH``; inside a battle often the other side's: ``solomani target b1 UNIT``)."""
        if self.gives_elsewhere() is not None or self.held() is not None:  # refused here
            return None
        duties = duties_of(self.sight, self.ruleset)
        return duties[0].orders[0] if duties and duties[0].orders else None

    # --- economy

    def income(self, side: Side) -> IncomeReport:
        """The explained income and supply report of ``side`` (DN-ECO-3/4), as the viewer
        may read it (``campaign income --side``)."""
        return income_report(self.sight, self.ruleset, side, self.loaded.income_history())

    def upkeep(self, side: Side) -> list[Upkeep]:
        """Every ship's maintenance situation for ``side`` (DN-ECO-7)."""
        return upkeep_list(self.state, self.ruleset, side)

    def upkeep_note(self, side: Side) -> str:
        """Whether ``side``'s maintenance is due now, resolved in this phase or next (in which
        game turn), as ``campaign upkeep`` says it (DN-ECO-7). Found by use: the Economy tab
        said "due now" after ``maintain``, with the RU already paid."""
        return side_maintenance_note(self.state, self.ruleset, side)

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
        report = battles_report(
            self.name, self.sight, self.ruleset, gives=self.gives_elsewhere() is None
        )
        return [row for row in report.battles if row.stage != "over"]

    def short_ids(self) -> dict[str, str]:
        """Full battle id → the short id everything shows (``b1``, DN-CBT-1)."""
        return short_battle_ids(self.state)

    def battle_stage(self, battle_id: str) -> str:
        """Where the round of ``battle_id`` stands (range, choose, assign, fire, withdraw…)."""
        return round_stage(self.state, battle_id)

    def duty_orders(self, battle_id: str) -> tuple[str, ...]:
        """The orders that move ``battle_id`` on, as the rules core's duty names them
        (DN-CBT-1..7: the range roll, the chooser's range, the defender naming a target and
        the attacker answering, fire, stay), with the short battle id (``b1``); capitals are
        blanks (``solomani target b1 UNIT``). Never a referee override: the players name and
        answer targets themselves (DN-CBT-3). A player's screen names only his own side's, and
        none on the other player's database by e-mail (``gives_elsewhere``)."""
        if self.gives_elsewhere() is not None or self.held() is not None:
            return ()
        for duty in duties_of(self.sight, self.ruleset):
            if duty.battle == battle_id and duty.orders:
                return duty.orders
        return stage_orders(self.sight, self.ruleset, battle_id)

    def next_battle_order(self, battle_id: str) -> str:
        """The first of ``duty_orders`` (what the header asks for; ``n`` pre-fills it); on a
        player's screen where the other side acts, ``InvalidOrderError`` saying who (on the
        other player's database by e-mail, why none is given here)."""
        elsewhere = self.gives_elsewhere()
        if elsewhere is not None:
            raise InvalidOrderError(elsewhere)
        orders = self.duty_orders(battle_id)
        if orders:
            return orders[0]
        if self.viewer is not None:
            raise InvalidOrderError(
                f"DN-SEQ-2: nothing for {self.viewer.value} to do in "
                f"{self.short_ids().get(battle_id, battle_id)} now: {self.acting()}"
            )
        return f"{self.state.acting.value} end-phase"

    def forecast(self, battle_id: str, samples: int = 4000) -> BattleForecast | None:
        """Monte Carlo forecast of an open battle as it stands (seeded: same answer each time);
        None when a fighter's strength is hidden from the viewer (DN-NEU-1)."""
        return forecast_for(self.sight, self.ruleset, battle_id, samples)

"""A random-legal-play driver for whole campaigns (reusable by integration and property tests).

It asks ``engine.legal_orders`` which order types each side may give now, turns them into
CONCRETE order texts from what the state holds (``move_options`` for jumps, the production
systems for ``produce``, open battles and their stage for combat orders, ...), gives one of them
through ``engine.decide`` with a seeded dice source and applies the events one at a time.

- A rejected order (``IllegalOrderError`` / ``InvalidOrderError``) is fine for a speculative
  order, but it must leave the state unchanged (same digest) and roll no die (DN-ERR-1).
- Any other exception escapes: it is a bug.
- ``check_invariants`` runs after every applied event.

Progress is guaranteed by a "push" policy: after a few orders in one step the driver answers
whatever the step is waiting for (an open battle's next stage, PD fire, ground losses,
maintenance, unplaced units) and ends the phase.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from campaign.rules import engine
from campaign.rules.base import Event
from campaign.rules.combat import book
from campaign.rules.dice import RollContext, SeededSource
from campaign.rules.errors import IllegalOrderError, InvalidOrderError
from campaign.rules.flow import MapAssembled, layout_record
from campaign.rules.ids import PLAYER_SIDES, Side, SystemType, UnitCategory, UnitFlag
from campaign.rules.movement import move_options
from campaign.rules.movement.book import reaction_stack
from campaign.rules.movement.groups import stacks_of
from campaign.rules.notation import parse_order
from campaign.rules.phases import Phase, SubPhase
from campaign.rules.ruleset import Ruleset
from campaign.rules.setup_rules import home_section, neutral_systems
from campaign.rules.state import CampaignState, Unit, Where
from campaign.rules.views import redact
from tests import harness

SHIPS = (UnitCategory.SHIP, UnitCategory.MONITOR)
MOVES = ("stack-moved", "units-lifted")  # movement events that move ships between places
SURFACE_ONLY = (UnitCategory.GROUND, UnitCategory.PD)


class CountingSource:
    """A seeded source that counts its draws, so a test can see that a rejected order rolled
    nothing (DN-ERR-1)."""

    def __init__(self, seed: str) -> None:
        self.inner = SeededSource(seed)
        self.draws = 0

    def draw(self, ctx: RollContext) -> int:
        """One die from the seeded source, counted."""
        self.draws += 1
        return self.inner.draw(ctx)


def check_invariants(state: CampaignState, ruleset: Ruleset) -> None:
    """Campaign-wide invariants that must hold after every event (rule ids in the messages)."""
    for side in PLAYER_SIDES:  # DN-SET-1 / DN-ECO-7 / DN-ECO-8: never spend what you don't have
        assert state.ru.get(side, 0) >= 0, f"DN-ECO-8: {side} RU negative: {state.ru[side]}"
    in_play = Counter(
        u.kind for u in state.units.values() if u.location.where is not Where.ELIMINATED
    )
    for kind, count in in_play.items():  # DN-DATA-2 / DN-SET-1 / DN-ECO-8 counter mix
        limit = ruleset.unit_type(kind).count
        assert count <= limit, f"DN-ECO-8: {count} {kind} in play, mix has {limit}"
    assert all(uid == unit.id for uid, unit in state.units.items()), "duplicated unit ids"
    for unit in state.units.values():
        _check_location(state, ruleset, unit)
    for owner, label in {(u.owner, u.stack) for u in state.units.values() if u.stack}:
        members = [u for u in state.stack_members(owner, label) if u.location.on_map]  # DN-MOV-2
        places = {(u.owner, u.location.to_text()) for u in members}
        assert len(places) <= 1, f"DN-MOV-2: stack {label} is split over {sorted(places)}"
    pd_boxes = Counter(
        u.location.system
        for u in state.units.values()
        if u.location.where is Where.BOX and ruleset.unit_type(u.kind).category is UnitCategory.PD
    )
    assert all(n <= 1 for n in pd_boxes.values()), f"DN-MOV-10: two PD in one box {pd_boxes}"
    assert state.step >= 0  # DN-SEQ-1: the position is a step of the flow table


def _check_location(state: CampaignState, ruleset: Ruleset, unit: Unit) -> None:
    where = unit.location
    if where.where in (Where.HEX, Where.BOX):  # DN-MAP-2: the system exists
        ruleset.star_map.system(where.system or "")
        if where.where is Where.HEX:
            kind = ruleset.unit_type(unit.kind)
            assert kind.category not in SURFACE_ONLY, f"DN-MOV-7: {unit.id} is in a stellar hex"
    if where.where is not Where.CARRIED:
        return
    carrier = state.units.get(where.carrier or "")
    assert carrier is not None, f"DN-MOV-7: {unit.id} carried by unknown {where.carrier}"
    assert carrier.location.on_map, f"DN-MOV-7: carrier {carrier.id} of {unit.id} is off the map"
    assert carrier.owner is unit.owner, f"DN-MOV-7: {unit.id} aboard an enemy carrier"
    carrier_type = ruleset.unit_type(carrier.kind)
    cargo = state.cargo_of(carrier.id)
    if carrier_type.has(UnitFlag.TRANSPORT):
        assert len(cargo) == 1, f"DN-MOV-7: transport {carrier.id} carries {len(cargo)}"
        assert ruleset.unit_type(unit.kind).category in SURFACE_ONLY
    else:
        assert carrier_type.has(UnitFlag.CARRIER), f"DN-MOV-7: {carrier.id} is no carrier"
        assert len(cargo) <= 3, f"DN-MOV-7: mothership {carrier.id} carries {len(cargo)}"
        assert ruleset.unit_type(unit.kind).category is UnitCategory.FIGHTER


@dataclass
class Outcome:
    """What one attempted order did."""

    text: str
    events: list[Event] = field(default_factory=list)
    error: Exception | None = None


class Driver(harness.Game):
    """Random legal play from a new campaign (the harness's opening position, ``tests.harness``);
    ``give`` evolves ``state`` one event at a time, checking the invariants after each."""

    def __init__(
        self,
        ruleset: Ruleset,
        *,
        seed: int = 0,
        campaign_id: str = "integration",
        on_event: Callable[[CampaignState, Event], None] | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.dice_seed = f"driver:{seed}"
        source = CountingSource(self.dice_seed)
        self.on_event = on_event
        layout = MapAssembled(layout=layout_record(ruleset.star_map))
        super().__init__(ruleset, engine.start(campaign_id, ruleset, layout, source), dice=source)
        self.source: CountingSource = source
        self.orders: list[tuple[str, int]] = []  # accepted order texts with their event count
        self.rejected: list[tuple[str, str]] = []  # (text, rule id or message)
        self.messages: list[str] = []  # the rejection sentences
        self.in_step = 0  # orders accepted in the current step
        self.rounds_fought = 0
        self.patience = 10  # random orders per step before the push policy takes over

    # --- giving orders --------------------------------------------------------------------

    def give(self, text: str) -> Outcome:
        """Decide ``text``; apply and check on success, check "nothing changed" on rejection.

        The candidates are built from the whole state; a player names a face-down counter by
        its alias (DN-NEU-1), so ``text`` is given in the side's own words."""
        word = text.split(" ", 1)[0]
        if word in {side.value for side in PLAYER_SIDES}:
            text = redact(text, self.state, Side(word))
        order = parse_order(text)
        before = engine.state_digest(self.state)
        draws = self.source.draws
        listed = order.type in {
            legal.verb for legal in engine.legal_orders(self.state, order.side, self.ruleset)
        }
        try:
            events = engine.decide(self.state, order, self.ruleset, self.source)
        except (IllegalOrderError, InvalidOrderError) as error:
            assert engine.state_digest(self.state) == before, f"DN-ERR-1: {text} changed state"
            assert self.source.draws == draws, f"DN-ERR-1: {text} rolled dice and was refused"
            if order.type == "end-phase":  # DN-SEQ-2: listed exactly when the phase may end
                assert not listed, f"DN-SEQ-2: end-phase listed but refused: {error}"
            if getattr(error, "rule_id", "") == "DN-SEQ-2":  # offered, then refused for the phase
                assert not listed, f"DN-SEQ-2: {text} offered by legal_orders but {error}"
            self.rejected.append((text, getattr(error, "rule_id", "") or str(error)))
            self.messages.append(str(error))
            return Outcome(text, error=error)
        assert listed, f"DN-SEQ-2: {text} accepted but not offered by legal_orders"
        step = self.state.step
        for event in events:
            self.state = engine.evolve(self.state, event)
            try:
                check_invariants(self.state, self.ruleset)
            except AssertionError as broken:
                raise AssertionError(f"after {text!r} -> {event.type}: {broken}") from None
            if self.on_event is not None:
                self.on_event(self.state, event)
            if event.type == "round-fought":
                self.rounds_fought += 1
            if self.state.phase is Phase.REACTION_MOVEMENT and event.type in MOVES:
                stack = set(reaction_stack(self.state) or ())
                moved = set(getattr(event, "units", ()))
                assert moved <= stack, f"DN-MOV-8: {sorted(moved - stack)} moved outside {stack}"
        self.events.extend(events)
        self.orders.append((order.to_notation(), len(events)))
        self.in_step = self.in_step + 1 if self.state.step == step else 0
        return Outcome(text, events=events)

    def play_randomly(self, *, game_turns: int, max_orders: int = 3000) -> None:
        """Play until ``game_turns`` whole game turns are over (or the game ends)."""
        for _ in range(max_orders):
            state = self.state
            if state.phase is Phase.GAME_OVER or state.turn > game_turns:
                return
            self.step()
        raise AssertionError(
            f"no progress: still at turn {self.state.turn} step {self.state.step} "
            f"({self.state.phase.value}) after {max_orders} orders; last rejections "
            f"{self.rejected[-5:]}"
        )

    def step(self) -> Outcome:
        """One order: mostly random concrete candidates, then the push policy."""
        if self.in_step < self.patience and self.rng.random() < 0.85:
            candidates = self.candidates()
            if candidates:
                return self.give(self.rng.choice(candidates))
        for text in self.push():
            outcome = self.give(text)
            if outcome.error is None:
                return outcome
        raise AssertionError(
            f"stuck at {self.state.phase.value}/{self.state.sub_phase}: "
            f"last rejections {self.rejected[-5:]}"
        )

    # --- candidate orders ------------------------------------------------------------------

    def candidates(self) -> list[str]:
        """Concrete order texts for every order type ``legal_orders`` offers either side."""
        out: list[str] = []
        for side in PLAYER_SIDES:
            for legal in engine.legal_orders(self.state, side, self.ruleset):
                maker = getattr(self, "_c_" + legal.verb.replace("-", "_"), None)
                if maker is not None:
                    out += [f"{side.value} {args}" for args in maker(side)]
        return out

    def _own(self, side: Side) -> list[Unit]:
        return list(self.state.units_of(side))

    def _category(self, unit: Unit) -> UnitCategory:
        return self.ruleset.unit_type(unit.kind).category

    def _c_place_neutral(self, side: Side) -> list[str]:
        systems = [s.id for s in neutral_systems(self.ruleset)]
        return [f"place-neutral {self.rng.choice(systems)}"] if systems else []

    def _c_buy(self, side: Side) -> list[str]:
        kinds = [k for k in self.ruleset.units_of(side) if k.count > 0]
        picks = self.rng.sample(kinds, min(4, len(kinds)))
        return [f"buy {k.kind.split(':', 1)[1]} {self.rng.randint(1, 2)}" for k in picks]

    def _homes(self, side: Side) -> list[str]:
        section = home_section(self.ruleset, side)
        return [s.id for s in self.ruleset.star_map.systems if s.section == section]

    def _c_deploy(self, side: Side) -> list[str]:
        units = [u for u in self._own(side) if u.location.where is Where.UNPLACED]
        if not units:
            return []
        unit = self.rng.choice(units)
        system = self.rng.choice(self._homes(side))
        carriers = [u.id for u in self._own(side) if u.location.where in (Where.HEX, Where.BOX)]
        places = [f"box:{system}", f"hex:{system}"]
        if carriers:
            places.append(f"on:{self.rng.choice(carriers)}")
        return [f"deploy {unit.id} {self.rng.choice(places)}"]

    def _ships_on_map(self, side: Side, where: Where = Where.HEX) -> list[Unit]:
        return [
            u for u in self._own(side) if u.location.where is where and self._category(u) in SHIPS
        ]

    def _c_form_stack(self, side: Side) -> list[str]:
        ships = self._ships_on_map(side)
        if len(ships) < 2:
            return []
        first = self.rng.choice(ships)
        mates = [u.id for u in ships if u.location == first.location]
        label = f"g{self.rng.randint(1, 5)}"
        return [f"form-stack {label} {','.join(mates[:3])}"]

    def _c_maintain(self, side: Side) -> list[str]:
        ships = [u.id for u in self._own(side) if self._category(u) in SHIPS]
        unpaid = self.rng.sample(ships, min(len(ships), self.rng.randint(0, 2)))
        return ["maintain", f"maintain {','.join(unpaid) or '-'} -"]

    def _c_produce(self, side: Side) -> list[str]:
        from campaign.rules.economy.production import production_systems

        systems = production_systems(self.state, self.ruleset, side)
        kinds = [k for k in self.ruleset.units_of(side) if 0 < k.cost <= self.state.ru[side]]
        if not systems or not kinds:
            return []
        kind = self.rng.choice(kinds)
        code = kind.kind.split(":", 1)[1]
        if kind.category is UnitCategory.PD:  # produced unplaced (DN-ECO-9)
            return [f"produce {code} 1"]
        place = "box" if kind.category is not UnitCategory.SHIP else self.rng.choice(["hex", "box"])
        return [f"produce {code} 1 {place}:{self.rng.choice(systems)}"]

    def _c_conscript(self, side: Side) -> list[str]:
        systems = {
            u.location.system
            for u in self.state.units.values()
            if u.owner is Side.NEUTRAL and u.location.on_map
        }
        return [f"conscript {s}" for s in sorted(s for s in systems if s)][:2]

    def _movers(self, side: Side) -> list[str]:
        """Stack labels and unstacked ships of ``side`` in stellar hexes."""
        labels = list(stacks_of(self.state, side))
        loose = [u.id for u in self._ships_on_map(side) if u.stack is None]
        return labels + loose

    def _c_jump(self, side: Side) -> list[str]:
        movers = self._movers(side)
        out = []
        for what in self.rng.sample(movers, min(3, len(movers))):
            options = move_options(self.state, self.ruleset, side, what)
            for dest in options.legal.values():
                verb = "jump" if dest.mode == "jump" else "sublight"
                arg = ",".join(dest.path) if verb == "jump" else dest.system
                hostile = dest.system in self._hostile_systems(side)
                out += [f"{verb} {what} {arg}"] * (4 if hostile else 1)
        return out

    def _hostile_systems(self, side: Side) -> set[str]:
        return {
            u.location.system or ""
            for u in self.state.units.values()
            if u.owner is not side and u.location.on_map
        }

    def _c_end_move(self, side: Side) -> list[str]:
        movers = self._movers(side)
        return [f"end-move {self.rng.choice(movers)}"] if movers else []

    def _c_leave_box(self, side: Side) -> list[str]:
        ships = self._ships_on_map(side, Where.BOX)
        return [f"leave-box {self.rng.choice(ships).id}"] if ships else []

    def _c_load(self, side: Side) -> list[str]:
        cargo = [
            u
            for u in self._own(side)
            if u.location.where is Where.BOX
            and self._category(u) in (*SURFACE_ONLY, UnitCategory.FIGHTER)
        ]
        unplaced_pd = [
            u.id
            for u in self._own(side)
            if u.location.where is Where.UNPLACED and self._category(u) is UnitCategory.PD
        ]
        if unplaced_pd:  # DN-MOV-10: a transport picks the PD up where production places units
            transports = [
                t.id
                for t in self._ships_on_map(side)
                if self.ruleset.unit_type(t.kind).has(UnitFlag.TRANSPORT)
            ]
            return [f"load {unplaced_pd[0]} {t}" for t in transports[:2]]
        if not cargo:
            return []
        unit = self.rng.choice(cargo)
        carriers = [
            c.id
            for c in self._ships_on_map(side) + self._ships_on_map(side, Where.BOX)
            if c.location.system == unit.location.system
        ]
        return [f"load {unit.id} {c}" for c in carriers[:2]]

    def _c_unload(self, side: Side) -> list[str]:
        aboard = [u.id for u in self._own(side) if u.location.where is Where.CARRIED]
        return [f"unload {self.rng.choice(aboard)}"] if aboard else []

    # combat ---------------------------------------------------------------------------------

    def _c_range(self, side: Side) -> list[str]:
        return self.battle_orders(side)

    def _c_interact(self, side: Side) -> list[str]:
        return self.interactions(side)

    def _c_lift_off(self, side: Side) -> list[str]:
        out = []
        for ship in self._ships_on_map(side, Where.BOX)[:2]:
            out.append(f"lift-off {ship.location.system} {ship.id}")
        return out

    def _battle_units(self, side: Side, bid: str) -> list[str]:
        battle = book.battle_of(book.battles(self.state)[bid])
        return [u.uid for u in battle.units if u.side is side]

    def _c_target(self, side: Side) -> list[str]:
        out = []
        for bid, rec in book.battles(self.state).items():
            if rec.get("stage") == "assign":
                own = self._battle_units(side, bid)
                if own:
                    out.append(f"target {bid} {self.rng.choice(own)}")
        return out

    def _c_launch(self, side: Side) -> list[str]:
        out = []
        for bid, rec in book.battles(self.state).items():
            if rec.get("stage") != "range":
                continue
            system = bid.split("/")[0]
            fighters = [
                u.id
                for u in self._own(side)
                if self._category(u) is UnitCategory.FIGHTER
                and self.state.position_of(u.id).system == system
            ]
            if fighters:
                out.append(f"launch {bid} {','.join(fighters[:2])}")
        return out

    def _c_declare(self, side: Side) -> list[str]:
        out = []
        for bid, rec in book.battles(self.state).items():
            engagements = rec.get("engagements") or []
            if rec.get("stage") != "fire" or not engagements:
                continue
            own = set(self._battle_units(side, bid))
            for eng in engagements[:1]:
                firers = [
                    u for u in eng.get("attackers", []) + eng.get("defenders", []) if u in own
                ]
                targets = [
                    u for u in eng.get("attackers", []) + eng.get("defenders", []) if u not in own
                ]
                if firers and targets:
                    out.append(f"declare {bid} {firers[0]} - - -")
                    out.append(f"declare {bid} - {firers[0]} - -")
        return out

    def _c_join_battle(self, side: Side) -> list[str]:
        boxed = self._ships_on_map(side, Where.BOX)
        return [f"join-battle {u.location.system} {u.id}" for u in boxed[:2]]

    def _c_split_stack(self, side: Side) -> list[str]:
        stacks = stacks_of(self.state, side)
        out = []
        for label, members in list(stacks.items())[:2]:
            if len(members) > 1:
                out.append(f"split-stack {label} {label}x {members[-1]}")
                out.append(f"split-stack {label} - {members[0]}")
        return out

    def _c_merge_stacks(self, side: Side) -> list[str]:
        stacks = stacks_of(self.state, side)
        loose = [u.id for u in self._ships_on_map(side) if u.stack is None]
        if not stacks or not loose:
            return []
        return [f"merge-stacks {self.rng.choice(list(stacks))} {self.rng.choice(loose)}"]

    def _c_install_pd(self, side: Side) -> list[str]:
        pds = [u.id for u in self._own(side) if self._category(u) is UnitCategory.PD]
        return [f"install-pd {pds[0]} {self.rng.choice(self._homes(side))}"] if pds else []

    def _c_rebuild(self, side: Side) -> list[str]:
        gone = [
            u.id
            for u in self.state.units.values()
            if u.home_system and u.location.where is Where.ELIMINATED
        ]
        return [f"rebuild {self.rng.choice(gone)}"] if gone else []

    def _c_pd_fire(self, side: Side) -> list[str]:
        out = []
        pending = (self.state.slots.get("combat") or {}).get("pd_pending", {})
        for system, rec in sorted(pending.items()):
            if rec["pd_owner"] != side.value:
                continue
            pds = [
                u.id
                for u in self.state.units.values()
                if u.location.where is Where.BOX
                and u.location.system == system
                and self._category(u) is UnitCategory.PD
            ]
            ships = [
                u.id
                for u in self.state.units.values()
                if u.owner is not side
                and u.location.where is Where.HEX
                and u.location.system == system
            ]
            if pds and ships:
                out.append(f"pd-fire {system} {pds[0]}>{self.rng.choice(ships)}")
        return out

    def _assignment_step(self, side: Side, bid: str, rec: dict) -> list[str]:
        """``assign auto`` against the neutrals before the protocol began, else the next step of
        the DN-CBT-3 name/answer protocol (players do not impose whole assignments)."""
        draft = book.draft_of(rec)
        battle = book.battle_of(rec)
        if not draft.engagements and draft.named is None and Side.NEUTRAL in battle.sides:
            return [f"assign {bid} auto"]
        waiting = draft.waiting_for(battle)
        if waiting is None or waiting[0] is not side:
            return []
        free = [u.uid for u in battle.fighting(side) if u.uid not in draft.assigned()]
        extra = f" {self.rng.randint(1, len(draft.engagements))}" if waiting[1] == "add" else ""
        return [f"target {bid} {uid}{extra}" for uid in free[:1]]

    def battle_orders(self, side: Side) -> list[str]:
        """The next order of every open battle ``side`` fights in, by its stage (DN-CBT-1..7)."""
        out = []
        for bid, rec in book.battles(self.state).items():
            battle = book.battle_of(rec)
            if side not in (battle.attacker, battle.defender):
                continue
            stage = rec.get("stage")
            if stage == "range":
                out.append(f"range {bid}")
            elif stage == "choose" and rec.get("chooser") == side.value:
                out.append(f"choose-range {bid} {self.rng.choice(['long', 'short'])}")
            elif stage == "assign":
                out += self._assignment_step(side, bid, rec)
            elif stage == "fire":
                out.append(f"fire {bid}")
            elif stage == "withdraw" and rec.get("withdrawing") == side.value:
                out.append(f"stay {bid}")
                dests = [
                    s.id
                    for s in self.ruleset.star_map.systems
                    if s.id in self.ruleset.star_map.neighbours(bid.split("/")[0])
                ]
                for dest in ["box", *dests[:2]]:
                    out.append(f"withdraw {bid} {dest}")
        return out

    def interactions(self, side: Side) -> list[str]:
        """``interact`` orders for the systems where ``side`` has ships in the hex (DN-INT-1)."""
        out = []
        systems = sorted({u.location.system or "" for u in self._ships_on_map(side)})
        for system in systems:
            ships = [u for u in self._ships_on_map(side) if u.location.system == system]
            landers = ",".join(u.id for u in ships[:2])
            enemy = [
                u.id
                for u in self.state.units.values()
                if u.location.where is Where.BOX
                and u.location.system == system
                and u.owner is not side
                and self._category(u) is UnitCategory.GROUND
            ]
            bombard = f"{ships[0].id}>{enemy[0]}" if enemy else "-"
            troops = [c.id for u in ships for c in self.state.cargo_of(u.id)]
            drops = ",".join(troops[:1]) or "-"
            out.append(f"interact {system} {landers} {bombard} {drops}")
            out.append(f"interact {system} - {bombard} -")
        return out

    def _pending_pd(self) -> list[str]:
        pending = (self.state.slots.get("combat") or {}).get("pd_pending", {})
        return [f"{rec['pd_owner']} pd-fire {system} -" for system, rec in sorted(pending.items())]

    def _pending_losses(self) -> list[str]:
        out = []
        losses = (self.state.slots.get("combat") or {}).get("losses", {})
        for system, sides in sorted(losses.items()):
            for side_name, count in sorted(sides.items()):
                side = Side(side_name)
                own = [
                    u.id
                    for u in self.state.units.values()
                    if u.owner is side
                    and u.location.where is Where.BOX
                    and u.location.system == system
                ]
                out.append(f"{side_name} remove-losses {system} {','.join(own[:count])}")
        return out

    # --- push: what the step waits for ---------------------------------------------------

    def push(self) -> list[str]:
        """Orders that move the game on, most specific first, ``end-phase`` last."""
        state = self.state
        acting = state.acting.value
        out: list[str] = []
        phase = state.phase
        if phase is Phase.SETUP_NEUTRALS:
            systems = [s.id for s in neutral_systems(self.ruleset)]
            out += [f"{acting} place-neutral {s}" for s in self.rng.sample(systems, len(systems))]
        elif phase is Phase.SETUP_DEPLOY:
            out += self._deploy_all(state.acting)
        elif phase is Phase.PRODUCTION and state.turn >= 2:
            out.append(f"{acting} maintain")
        elif state.sub_phase is SubPhase.SPACE:
            for side in PLAYER_SIDES:
                out += [
                    f"{side.value} {t}"
                    for t in self.battle_orders(side)
                    if not t.startswith("withdraw")
                ]
        elif state.sub_phase is SubPhase.INTERACTION:
            out += self._pending_pd()
        elif state.sub_phase is SubPhase.SURFACE:
            out += self._pending_losses()
        out.append(f"{acting} end-phase")
        return out

    def _deploy_all(self, side: Side) -> list[str]:
        homes = self._homes(side)
        capital = self.ruleset.star_map.capital_of(side).id
        out = []
        for unit in self._own(side):
            if unit.location.where is not Where.UNPLACED:
                continue
            category = self._category(unit)
            if category is UnitCategory.PD:
                continue
            system = capital if category is UnitCategory.FIGHTER else self.rng.choice(homes)
            where = "box" if category in (*SURFACE_ONLY, UnitCategory.FIGHTER) else "hex"
            out.append(f"{side.value} deploy {unit.id} {where}:{system}")
        return out


def type1_systems(ruleset: Ruleset) -> list[str]:
    """Ids of the type 1 systems (for scripted tests)."""
    return [s.id for s in ruleset.star_map.systems if s.type == SystemType.PRIMARY]

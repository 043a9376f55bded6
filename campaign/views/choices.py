"""What an order form offers for each blank: the legal, distinct choices where the rules know
them, else the syntax of the text to type (no Textual here).

Issue 31 item 5: the production form offered every place of the map for LOCATION (enemy boxes
included), the same kind three times without its strength, and free-text blanks said nothing of
their syntax. Here each blank gets, for the side that gives the order:

- the places production may use (DN-ECO-8), hex only for ships, none for a PD (DN-ECO-9);
- one entry per unit kind variant with its factors and cost, only those the side can pay for
  and that the counter mix still holds (DN-ECO-8);
- the stacks that can move and, for PATH or SYSTEM, the destinations of the stack chosen;
- the units that can take part (in the battle, in the system), several at a time for lists;
- the syntax of what stays free text (``SHIP>TARGET``, a reason, a label).

Choices that depend on another blank (LOCATION on KIND, PATH on STACK, LAND on SYS) say so in
``depends_on``; the form asks again when that blank changes. A unit list whose order names a
system, a battle or a stack before it (``interact SYS LAND``, ``split-stack STACK LABEL
UNITS``) offers nothing until that one is chosen, and says so ("choose SYS first"): it listed
every unit of the side (found by use).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from msgspec import Struct
from msgspec.structs import replace

from campaign.rules.candidates import allowed_values
from campaign.rules.combat import book
from campaign.rules.combat.battle_ids import short_ids
from campaign.rules.combat.withdrawal import withdrawal_options
from campaign.rules.economy.maintenance import upkeep_list
from campaign.rules.economy.production import production_systems
from campaign.rules.errors import CampaignError
from campaign.rules.ids import PLAYER_SIDES, Side, UnitCategory
from campaign.rules.location import Location
from campaign.rules.movement.groups import stacks_of
from campaign.rules.movement.query import MoveOptions
from campaign.rules.offers import refusal
from campaign.rules.ruleset import Ruleset
from campaign.rules.setup_rules import (
    SURFACE_ONLY,
    Deploy,
    check_cargo,
    home_section,
    neutral_systems,
)
from campaign.rules.state import CampaignState, Unit, Where
from campaign.views.orders import order_fields, registered_template

#: Why a unit list offers nothing: the legal-order generator accepts none of its units now.
NONE_MAY_GO = "none may go here now (DN-SEQ-2)"

#: ``(label, value)`` pairs a form field offers.
Choices = list[tuple[str, str]]

#: Blanks that take several units, comma-joined.
UNIT_LISTS = frozenset(
    {
        "UNITS",
        "OTHERS",
        "LAND",
        "DROPS",
        "CLOSE",
        "SHORT",
        "MULTIPLE",
        "UNPAID",
        "RECOVER",
        "FIGHTERS",
    }
)
#: Blanks that take one unit.
ONE_UNIT = frozenset({"UNIT", "CARGO", "CARRIER", "PD"})
#: Blanks whose choice the unit lists after them in the same order depend on: the system of
#: an interaction or a lift-off, the battle, the stack split or merged.
CONTEXT_BLANKS = frozenset({"SYS", "BATTLE", "STACK"})
#: Blanks other than units narrowed, like them, to the values the order's candidates take
#: (``campaign.rules.candidates``): interact's SYS offers only systems where ships may land,
#: split-stack's STACK only stacks, not lone ships.
NARROWED = frozenset({"SYS", "STACK"})

#: The syntax of blanks typed as text (the placeholder of the field).
SYNTAX = {
    "COUNT": "how many: 1-99 (empty: 1)",
    "LABEL": "a new stack name without '-', e.g. fleet2",
    "RU": "a whole number of RU, e.g. 40",
    "REASON": "why (logged), e.g. counter found under the table",
    "BOMBARD": "SHIP>TARGET,… e.g. A-CL-1>N-X-2 (empty: none)",
    "RETURNS": "LONE>TARGET,… e.g. A-DD-1>S-CL-2 (empty: none)",
    "PD>SHIP": "PD>SHIP,… e.g. N-X-3>A-CL-1",
    "ENGAGEMENTS": "D1+D2>A1;… per engagement, or auto",
    "ENGAGEMENT": "the engagement number, 1, 2, …",
    "PATH": "systems entered, comma-joined, e.g. ftahr,khtaoi",
    "LOCATION": "hex:SYSTEM, box:SYSTEM, on:UNIT or unplaced",
}

#: Verbs whose form shows the RU the side holds (they cost or pay RU).
SPENDS_RU = frozenset({"produce", "buy", "maintain", "conscript", "rebuild", "set-ru"})


class FieldSpec(Struct, frozen=True):
    """What one blank of a form offers: ``choices`` (empty: free text), several at once
    (``multi``), the syntax or what the list holds (``hint``), and the blanks whose values
    change the choices (``depends_on``)."""

    choices: Choices
    multi: bool = False
    hint: str = ""
    depends_on: tuple[str, ...] = ()
    #: The value the field holds while nothing else is chosen ("" none): produce's place.
    default: str = ""
    #: Why ``choices`` is empty when it may be ("" none given): nothing to choose yet, or
    #: none now and the rule.
    empty: str = ""


def refused_places(refused: list[tuple[str, CampaignError]]) -> str:
    """The places a form leaves out, one phrase per refusal's rule: the first place and how
    many more, with the rules' own reason (``not aboard A-TR-1 at Kuiir (DN-MOV-7: A-TR-1
    already carries A-RT-1)``); "" when none is."""
    groups: dict[str, list[tuple[str, CampaignError]]] = {}
    for label, error in refused:
        groups.setdefault(getattr(error, "rule_id", ""), []).append((label, error))
    phrases = []
    for group in groups.values():
        label, error = group[0]
        more = f" and {len(group) - 1} more" if len(group) > 1 else ""
        phrases.append(f"not {label}{more} ({error.message})")
    return "; ".join(phrases)


def movable_groups(state: CampaignState, ruleset: Ruleset, side: Side) -> dict[str, list[str]]:
    """Stack label (or lone ship id) → unit ids of ``side``'s movable groups on the map: its
    stacks, then every ship or monitor on the map that is in no stack (face-down counters
    never: their kind is hidden, DN-NEU-1)."""
    groups = dict(stacks_of(state, side))
    for unit in sorted(state.units_of(side), key=lambda u: u.id):
        if unit.stack or unit.location.where not in (Where.HEX, Where.BOX) or unit.face_down:
            continue
        category = ruleset.unit_type(unit.kind).category
        if category in (UnitCategory.SHIP, UnitCategory.MONITOR):
            groups[unit.id] = [unit.id]
    return groups


class FormChoices:
    """The choices of every blank for orders given by ``side`` in ``state``."""

    def __init__(
        self,
        state: CampaignState,
        ruleset: Ruleset,
        side: Side | None,
        *,
        name_of: Callable[[str | None], str],
        moves: Callable[[str], MoveOptions],
    ) -> None:
        self.state = state
        self.ruleset = ruleset
        self.side = side
        self.name_of = name_of
        self.moves = moves

    def spec(
        self,
        verb: str,
        blank: str,
        values: dict[str, str],
        alternatives: tuple[str, ...] = (),
        *,
        field: str = "",
        chosen: dict[str, str] | None = None,
    ) -> FieldSpec:
        """What ``blank`` of ``verb`` offers, given the ``values`` of the other blanks; with the
        order model's ``field`` and every field ``chosen`` so far (by model field), a unit list
        keeps only what the legal-order generator accepts with them (issue 44 item 1)."""
        if alternatives:
            return FieldSpec([(a, a) for a in alternatives])
        chosen = chosen or {}
        words = blank_words(verb)
        for model_field, word in words.items():  # a duty names them in its head
            if word in CONTEXT_BLANKS and not values.get(word) and chosen.get(model_field):
                values = {**values, word: chosen[model_field]}
        units = blank in UNIT_LISTS or blank in ONE_UNIT
        context = context_blank(verb, field) if units else None
        if context is not None and not values.get(context):
            return FieldSpec(
                [],
                multi=blank in UNIT_LISTS,
                hint=f"choose {context} first",
                depends_on=(context,),
                empty=f"nothing to choose yet: choose {context} first",
            )
        handler = _HANDLERS.get(blank)
        found = handler(self, verb, values) if handler is not None else None
        if found is None and units:
            found = self._units(blank, values)
        if found is None:
            return FieldSpec([], hint=SYNTAX.get(blank, ""))
        if units or (blank in NARROWED and found.choices):
            return self._legal_only(verb, found, field, chosen)
        return found

    def _legal_only(
        self, verb: str, spec: FieldSpec, field: str, chosen: dict[str, str]
    ) -> FieldSpec:
        """``spec`` without the values (units, systems, stacks) the order's handler would
        refuse in ``field`` with the fields already ``chosen`` (``rules.candidates``: the same
        probe as the palette's offer), asked again when any other field changes."""
        if self.side is None or not field:
            return spec
        full = {short: bid for bid, short in short_ids(self.state).items()}
        chosen = {
            name: full.get(text, text) if name == "battle" else text
            for name, text in chosen.items()
        }
        allowed = allowed_values(self.state, self.ruleset, self.side, verb, field, chosen)
        if allowed is None:
            return spec
        keep = set(allowed)
        choices = [choice for choice in spec.choices if choice[1] in keep]
        hint = spec.hint if choices else NONE_MAY_GO
        others = tuple(word for name, word in blank_words(verb).items() if name != field)
        return replace(spec, choices=choices, hint=hint, depends_on=others, empty=NONE_MAY_GO)

    # --- places and kinds

    def _systems(self, ids: list[str]) -> Choices:
        return sorted(((f"{self.name_of(s)} ({s})", s) for s in ids), key=lambda c: c[0])

    def _battle(self, _verb: str, _values: dict[str, str]) -> FieldSpec:
        shorts = short_ids(self.state)
        choices = []
        for battle_id in book.open_battles(self.state):
            battle = book.battle_of(book.battles(self.state)[battle_id])
            choices.append(
                (
                    f"{shorts[battle_id]} at {self.name_of(battle.system)} "
                    f"({battle.attacker.value} attacks {battle.defender.value})",
                    shorts[battle_id],
                )
            )
        return FieldSpec(choices, hint="an open battle")

    def _kind(self, verb: str, _values: dict[str, str]) -> FieldSpec | None:
        if self.side is None or verb not in ("produce", "buy"):
            return None
        ru = self.state.ru.get(self.side, 0)
        choices = []
        for unit in self.ruleset.units_of(self.side):
            left = unit.count - self.state.count_in_mix(unit.kind)
            if unit.cost > ru or left <= 0:
                continue  # not legal now: too dear, or none left in the counter mix
            code = unit.kind.split(":", 1)[1]
            choices.append(
                (f"{code:6} {unit.name} {unit.factors} — {unit.cost} RU ({left} in the mix)", code)
            )
        return FieldSpec(choices, hint=f"kinds you can pay for ({ru} RU)")

    def _location(self, verb: str, values: dict[str, str]) -> FieldSpec | None:
        if self.side is not None and verb == "deploy":
            return self._deploy_location(values)
        if self.side is None or verb != "produce":
            return None
        kind = values.get("KIND", "")
        try:
            unit_type = self.ruleset.unit_type(f"{self.side.value}:{kind}") if kind else None
        except KeyError:
            unit_type = None
        if unit_type is not None and unit_type.category is UnitCategory.PD:
            return FieldSpec(
                [],
                hint="a PD is produced unplaced: leave empty (DN-ECO-9)",
                depends_on=("KIND",),
                empty="none: a PD is produced unplaced (DN-ECO-9)",
            )
        ships = unit_type is None or unit_type.category is UnitCategory.SHIP
        choices: Choices = []
        for system in production_systems(self.state, self.ruleset, self.side):
            name = self.name_of(system)
            choices.append((f"{name} surface box", f"box:{system}"))
            if ships:
                choices.append((f"{name} stellar hex (ships)", f"hex:{system}"))
        # the default place (issue 44 item 3: produce in four keys): the capital, always a
        # production place (DN-ECO-8) — its stellar hex for a ship, its surface box otherwise
        capital = self.ruleset.star_map.capital_of(self.side).id
        default = f"hex:{capital}" if ships else f"box:{capital}"
        return FieldSpec(
            choices,
            hint=f"where production may place units (DN-ECO-8; default: {self.name_of(capital)})",
            depends_on=("KIND",),
            default=default,
        )

    def _deploy_location(self, values: dict[str, str]) -> FieldSpec:
        """Where set-up may place the units chosen (DN-SET-2): the surface boxes of the side's
        home section, its stellar hexes unless a ground unit, PD or fighter is among them, and
        the carriers that take every one of them (DN-MOV-7). Found by use: the field was bare
        text whose only hint was the word LOCATION. The whole order is put to the rules at each
        place: a transport takes each of two troops, not both (DN-MOV-7), a surface box one PD
        (DN-MOV-10); such a place is left out and the hint says why (found by use, December 7:
        the order was refused for the second unit, or for a PD to a box that holds one)."""
        assert self.side is not None
        chosen = [
            self.state.units[unit_id]
            for unit_id in (part.strip() for part in values.get("UNITS", "").split(","))
            if unit_id in self.state.units
        ]
        categories = {self.ruleset.unit_type(unit.kind).category for unit in chosen}
        to_hex = not categories & {*SURFACE_ONLY, UnitCategory.FIGHTER}
        places: Choices = []
        star_map = self.ruleset.star_map
        for system in star_map.systems_in_section(home_section(self.ruleset, self.side)):
            name = self.name_of(system)
            if to_hex:
                places.append((f"{name} stellar hex", f"hex:{system}"))
            places.append((f"{name} surface box", f"box:{system}"))
        for carrier in sorted(self.state.units_of(self.side), key=lambda u: u.id):
            if chosen and all(self._takes(carrier, unit) for unit in chosen):
                where = self.state.position_of(carrier.id)
                places.append(
                    (f"aboard {carrier.id} at {self.name_of(where.system)}", f"on:{carrier.id}")
                )
        hint = "your home section (DN-SET-2), or aboard a carrier (DN-MOV-7)"
        choices, refused = self._deploy_all(chosen, places)
        why = refused_places(refused)
        them = f"all {len(chosen)}" if len(chosen) > 1 else "it"
        if why:
            hint += f"; for {them}: {why}"
        return FieldSpec(
            choices,
            hint=hint,
            depends_on=("UNITS",),
            empty=f"no place takes {them} now: {why}" if why else "",
        )

    def _deploy_all(
        self, units: list[Unit], places: Choices
    ) -> tuple[Choices, list[tuple[str, CampaignError]]]:
        """The ``places`` where the rules accept ``units`` deployed together, and those
        refused (label, the rules' refusal); with no unit chosen, every place."""
        if not units:
            return places, []
        assert self.side is not None
        kept: Choices = []
        refused: list[tuple[str, CampaignError]] = []
        for label, value in places:
            order = Deploy(
                side=self.side, units=[unit.id for unit in units], location=Location.parse(value)
            )
            error = refusal(self.state, self.ruleset, order)
            if error is None:
                kept.append((label, value))
            else:
                refused.append((label, error))
        return kept, refused

    def _takes(self, carrier: Unit, unit: Unit) -> bool:
        """Whether ``carrier`` may take ``unit`` aboard now (DN-MOV-7)."""
        if carrier.id == unit.id:
            return False
        try:
            check_cargo(self.state, self.ruleset, unit, carrier)
        except CampaignError:
            return False
        return True

    # --- movement

    def _stack(self, verb: str, _values: dict[str, str]) -> FieldSpec | None:
        if self.side is None:
            return None
        choices = []
        for label, units in movable_groups(self.state, self.ruleset, self.side).items():
            where = self.state.position_of(units[0])
            choices.append(
                (
                    f"{label} at {self.name_of(where.system)} {where.where.value} ({len(units)})",
                    label,
                )
            )
        stacks_only = verb in ("split-stack", "merge-stacks")  # a lone ship is no stack
        return FieldSpec(
            choices, hint="your stacks" if stacks_only else "your stacks and lone ships"
        )

    def _destination(self, verb: str, values: dict[str, str]) -> FieldSpec | None:
        stack = values.get("STACK", "")
        if verb not in ("jump", "sublight"):
            return None
        if not stack:
            return FieldSpec(
                [],
                hint="choose the stack first",
                depends_on=("STACK",),
                empty="nothing to choose yet: choose the stack first",
            )
        try:
            options = self.moves(stack)
        except CampaignError:
            return FieldSpec([], hint=SYNTAX.get("PATH", ""), depends_on=("STACK",))
        choices = [
            (
                f"{self.name_of(system)} ({dest.mode} {len(dest.path)})",
                ",".join(dest.path) if verb == "jump" else system,
            )
            for system, dest in sorted(
                options.legal.items(), key=lambda item: (len(item[1].path), item[0])
            )
            if dest.mode == verb
        ]
        return FieldSpec(
            choices,
            hint=f"where {stack} may go",
            depends_on=("STACK",),
            empty=f"none now: no legal {verb} for {stack}",
        )

    def _system(self, verb: str, values: dict[str, str]) -> FieldSpec | None:
        found = self._destination(verb, values)
        if found is not None:
            return found
        if self.side is not None and verb in (
            "interact",
            "lift-off",
            "remove-losses",
            "pd-fire",
            "join-battle",
            "conscript",
        ):
            here = {self.state.position_of(u.id).system for u in self.state.units_of(self.side)}
            return FieldSpec(
                self._systems(sorted(s for s in here if s)), hint="systems where you have units"
            )
        if verb == "place-neutral":  # all 90 systems were offered, type 2 and 3 ones too
            return FieldSpec(
                self._systems([s.id for s in neutral_systems(self.ruleset)]),
                hint="type 1 systems outside the home sections (DN-NEU-1)",
            )
        return FieldSpec(self._systems([s.id for s in self.ruleset.star_map.systems]))

    def _dest(self, _verb: str, values: dict[str, str]) -> FieldSpec | None:
        battle = self._battle_record(values)
        if battle is None or self.side is None:
            return None
        options = withdrawal_options(self.state, self.ruleset, self.side, battle)
        choices = [
            ("the surface box", d) if d == "box" else (self.name_of(d), d)
            for d in options.destinations
        ]
        return FieldSpec(choices, hint="where the withdrawing units may go (DN-CBT-7)")

    # --- units

    def _battle_record(self, values: dict[str, str]):
        shorts = {short: full for full, short in short_ids(self.state).items()}
        full = shorts.get(values.get("BATTLE", ""), values.get("BATTLE", ""))
        record = book.battles(self.state).get(full)
        return book.battle_of(record) if record is not None else None

    def _units(self, blank: str, values: dict[str, str]) -> FieldSpec:
        side = self.side
        battle = self._battle_record(values)
        system = values.get("SYS", "")
        units = [
            u
            for u in self.state.units.values()
            if u.location.where is not Where.ELIMINATED and (side is None or u.owner is side)
        ]
        if battle is not None:
            fighting = {c.uid for c in battle.units}
            units = [u for u in units if u.id in fighting]
        elif system:
            units = [u for u in units if self.state.position_of(u.id).system == system]
        choices = []
        for unit in units:
            if unit.face_down and unit.owner is not side:
                continue  # a form never offers a face-down counter, not even the referee's
            unit_type = self.ruleset.unit_type(unit.kind)
            where = self.state.position_of(unit.id)
            place = (
                f"{self.name_of(where.system)} {where.where.value}"
                if where.system
                else where.where.value
            )
            choices.append((f"{unit.id} {unit_type.code} {unit_type.factors} at {place}", unit.id))
        multi = blank in UNIT_LISTS
        hint = "one or more (Space marks)" if multi else "one unit"
        return FieldSpec(choices, multi=multi, hint=hint, depends_on=("SYS",) if system else ())

    def _unpaid(self, _verb: str, _values: dict[str, str]) -> FieldSpec | None:
        return self._upkeep(disrupted_only=False)

    def _recover(self, _verb: str, _values: dict[str, str]) -> FieldSpec | None:
        return self._upkeep(disrupted_only=True)

    def _upkeep(self, *, disrupted_only: bool) -> FieldSpec | None:
        """The ships of a ``maintain`` order (DN-ECO-7): the civilised ships that pay, to be
        left unpaid, or the disrupted civilised ones, to recover. A frontier ship rolls and
        recovers nowhere but in civilised space, a disrupted one is not left unpaid: the order
        refuses those, so the lists never offer them (they did)."""
        if self.side is None:
            return None
        choices = []
        for ship in upkeep_list(self.state, self.ruleset, self.side):
            if not ship.civilised or ship.disrupted is not disrupted_only:
                continue
            need = f"pays {ship.recovery if ship.disrupted else ship.cost} RU"
            choices.append(
                (
                    f"{ship.unit_id} {ship.code} at {self.name_of(ship.system_id)}: {need}",
                    ship.unit_id,
                )
            )
        hint = "disrupted ships to recover" if disrupted_only else "ships left unpaid"
        none = (
            "no disrupted ship in civilised space to recover (DN-ECO-7)"
            if disrupted_only
            else "no ship in civilised space pays upkeep (DN-ECO-7)"
        )
        return FieldSpec(choices, multi=True, hint=f"{hint} (Space marks; empty: none)", empty=none)

    def _others(self, verb: str, values: dict[str, str]) -> FieldSpec | None:
        """The stacks and lone ships that may join the stack chosen (``merge-stacks``): the
        side's groups, narrowed to those standing with it by the order's candidates."""
        if self.side is None or verb != "merge-stacks":
            return None
        stack = values.get("STACK", "")
        choices = [
            (f"{label} ({len(units)})", label)
            for label, units in movable_groups(self.state, self.ruleset, self.side).items()
            if label != stack
        ]
        return FieldSpec(choices, multi=True, hint="stacks and lone ships (Space marks)")

    def _side(self, _verb: str, _values: dict[str, str]) -> FieldSpec:
        return FieldSpec([(side.value, side.value) for side in PLAYER_SIDES])

    def _engagement(self, _verb: str, values: dict[str, str]) -> FieldSpec | None:
        """The engagements formed so far in the battle chosen (a leftover joins one of them,
        DN-CBT-3), numbered as the order takes them; unknown battle: the syntax."""
        shorts = {short: full for full, short in short_ids(self.state).items()}
        record = book.battles(self.state).get(shorts.get(values.get("BATTLE", ""), ""))
        if record is None:
            return None
        formed = book.draft_of(record).engagements
        return FieldSpec(
            [
                (f"{number}: {' + '.join(e.defenders)} vs {' + '.join(e.attackers)}", str(number))
                for number, e in enumerate(formed, start=1)
            ],
            hint="the engagement it joins",
            depends_on=("BATTLE",),
        )

    def _range(self, _verb: str, _values: dict[str, str]) -> FieldSpec:
        return FieldSpec(
            [("long (missiles)", "long"), ("short (beams)", "short")],
            hint="the range of the round (DN-CBT-2)",
        )


_HANDLERS: dict[str, Callable[[FormChoices, str, dict[str, str]], FieldSpec | None]] = {
    "BATTLE": FormChoices._battle,
    "KIND": FormChoices._kind,
    "LOCATION": FormChoices._location,
    "STACK": FormChoices._stack,
    "PATH": FormChoices._destination,
    "SYSTEM": FormChoices._system,
    "SYS": FormChoices._system,
    "DEST": FormChoices._dest,
    "UNPAID": FormChoices._unpaid,
    "RECOVER": FormChoices._recover,
    "SIDE": FormChoices._side,
    "AS": FormChoices._side,
    "R": FormChoices._range,
    "ENGAGEMENT": FormChoices._engagement,
    "OTHERS": FormChoices._others,
}


@cache
def blank_words(verb: str) -> dict[str, str]:
    """Model field → the blank word ``verb``'s registered template writes for it (``system``
    → ``SYS`` for ``interact SYS LAND BOMBARD DROPS``), in notation order."""
    words = [word.strip('[]"') for word in registered_template(verb).split()[1:]]
    fields = [f.name for f in order_fields(verb)]
    return {
        name: word.split("|")[0] if word.split("|")[0].isupper() else name.upper()
        for name, word in zip(fields, words, strict=False)
    }


def context_blank(verb: str, field: str) -> str | None:
    """The blank before model field ``field`` of ``verb`` whose choice its units depend on
    (``SYS`` for interact's ``land``, ``STACK`` for split-stack's ``units``), if any."""
    before: list[str] = []
    for name, word in blank_words(verb).items():
        if name == field:
            return next((w for w in reversed(before) if w in CONTEXT_BLANKS), None)
        before.append(word)
    return None

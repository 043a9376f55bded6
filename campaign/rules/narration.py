"""Outcome sentences: one short human sentence per event, written once, for every screen.

Each area writes its sentences beside its rules (``combat/sentences.py``, ``movement/
sentences.py``, ``economy/sentences.py``, ``sentences.py`` for set-up, flow and referee) and
registers them by event type with ``@describes(EventCls)``::

    @describes(StackMoved)
    def _moved(event: StackMoved, view: NarrationView) -> str | None:
        return f"{view.units(event.units)} jump to {view.system(event.path[-1])}"

A sentence function returns ``None`` for an event not worth a line of its own. ``describe``
looks the function up; ``narrate`` walks a list of events from a state, giving each sentence
the state just before its event, so names (kinds, systems, owners) are those of that moment.

The viewer matters (DN-NEU-1): a ``NarrationView`` for a player names a face-down neutral
counter only as "a face-down neutral" (never its kind or id), and dice of ``secret`` events are
not shown. The referee (viewer ``None``) reads everything. The CLI and the TUI only print these
sentences; they never write their own.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from msgspec import Struct, field

from campaign.rules import catalog
from campaign.rules.base import Event
from campaign.rules.economy.adapter import occupancy_of
from campaign.rules.economy.control import BoxControl
from campaign.rules.economy.income import all_box_control
from campaign.rules.folding import apply_event
from campaign.rules.ids import Side
from campaign.rules.ruleset import Ruleset
from campaign.rules.sequence import FLOW
from campaign.rules.state import CampaignState, Location
from campaign.rules.views import Concealed, Seen, concealed, conceals_die, redact, see
from campaign.rules.wording import plural, side_name

EventT = TypeVar("EventT", bound=Event)
Sentence = Callable[[Any, "NarrationView"], "str | None"]

#: The modules holding sentence functions (one per rules area), imported by ``load``.
SENTENCE_MODULES: tuple[str, ...] = (
    "campaign.rules.sentences",
    "campaign.rules.fair_sentences",
    "campaign.rules.economy.sentences",
    "campaign.rules.movement.sentences",
    "campaign.rules.combat.sentences",
)

#: event type name -> sentence function.
SENTENCES: dict[str, Sentence] = {}
#: Event type names after which box control may have changed (DN-ECO-1): ``narrate`` compares
#: box control before and after them when it has a ruleset.
CONTROL_EVENTS: set[str] = set()
#: Event types that move the sequence of play on (condensed by ``condense``).
PHASE_EVENTS: set[str] = set()

_loaded = {"done": False}

HIDDEN_NAME = "a face-down neutral"


def describes(
    cls: type[EventT], *, changes_control: bool = False, phase: bool = False
) -> Callable[[Sentence], Sentence]:
    """Register the sentence function of event type ``cls``.

    ``changes_control``: box control may change after this event (``narrate`` then adds a
    control sentence, DN-ECO-1). ``phase``: the event moves the sequence on (condensed).
    """
    name = cls.model_fields["type"].default

    def register(fn: Sentence) -> Sentence:
        if name in SENTENCES and SENTENCES[name] is not fn:
            raise TypeError(f"event type {name!r} has two sentence functions")
        SENTENCES[name] = fn
        if changes_control:
            CONTROL_EVENTS.add(name)
        if phase:
            PHASE_EVENTS.add(name)
        return fn

    return register


def load() -> None:
    """Import every rules area and every sentence module once."""
    if _loaded["done"]:
        return
    catalog.load()
    for name in SENTENCE_MODULES:
        importlib.import_module(name)
    _loaded["done"] = True


class NarrationView(Struct):
    """What a sentence may read: the state just before the event, who reads, and the ruleset.

    ``viewer`` None is the referee. The helpers name things as the viewer may see them.
    """

    state: CampaignState
    viewer: Side | None = None
    ruleset: Ruleset | None = None

    @property
    def seen(self) -> Seen:
        """The viewer's sight of the state (the one hiding rule, ``rules.views.see``)."""
        return see(self.state, self.viewer)

    def hidden(self, uid: str) -> bool:
        """True when ``uid`` is a face-down neutral the viewer may not identify (DN-NEU-1)."""
        return self.seen.hides(self.state.units.get(uid))

    def hides_forces(self, side: Side, system: str) -> bool:
        """True when ``side`` has a face-down counter in ``system`` (stellar hex or surface box)
        that the viewer may not identify: its combined factors would tell what it is."""
        return any(
            unit.owner is side and unit.location.system == system and self.hidden(unit.id)
            for unit in self.state.units.values()
        )

    def unit(self, uid: str) -> str:
        """The name of one unit: its id, or "a face-down neutral" for a hidden counter."""
        return HIDDEN_NAME if self.hidden(uid) else uid

    def units(self, uids: Iterable[str]) -> str:
        """Several units: ids comma-joined; hidden counters counted, not named."""
        uids = list(uids)
        shown = [uid for uid in uids if not self.hidden(uid)]
        secret = len(uids) - len(shown)
        if secret:
            shown.append(HIDDEN_NAME if secret == 1 else f"{secret} face-down neutrals")
        return ", ".join(shown) if shown else "no units"

    def does(self, uids: Iterable[str], one: str, many: str) -> str:
        """The units and a verb that agrees with them: ``A-AO-1 ends its movement``,
        ``A-CL-1, A-CL-2 end their movement`` (``one`` for a single unit, ``many`` otherwise)."""
        uids = list(uids)
        return f"{self.units(uids)} {one if len(uids) == 1 else many}"

    def system(self, system_id: str | None) -> str:
        """A system's name from the ruleset (its id without one)."""
        if system_id is None:
            return "?"
        if self.ruleset is not None:
            try:
                return self.ruleset.star_map.system(system_id).name
            except KeyError:
                return system_id
        return system_id

    def place(self, location: Location) -> str:
        """A location in words, with its preposition: "in the stellar hex of Halden", "in the
        surface box of Halden", "aboard S-TR-2"."""
        return location.in_words(self.system, self.unit)

    @staticmethod
    def side(side: Side | str | None) -> str:
        """ "the Aslan", "the Solomani", "the neutrals"; "the referee" for None."""
        return side_name(side)

    @staticmethod
    def plural(count: int, word: str) -> str:
        """``1 unit`` / ``2 units``; ``1 box`` / ``2 boxes`` (``wording.plural``)."""
        return plural(count, word)


class Narrated(Struct, frozen=True):
    """One event with its sentence as a viewer reads it.

    ``text`` None: the event is not worth a line (e.g. ``phase-ended``). ``rolls`` are the dice
    with their purposes (``purpose=value``), or a count for secret events shown to a player.
    ``extra`` holds sentences derived after the event (box control changes, DN-ECO-1).
    """

    event: Event
    text: str | None
    rolls: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    phase: bool = False

    @property
    def lines(self) -> list[str]:
        """The sentence and the derived ones, without empty entries."""
        return [t for t in (self.text, *self.extra) if t]


def describe(event: Event, view: NarrationView) -> str | None:
    """The sentence of ``event`` for ``view``; ``LookupError`` if its type has none."""
    load()
    try:
        sentence = SENTENCES[event.type]
    except KeyError:
        raise LookupError(
            f"event type {event.type!r} has no sentence (campaign/rules/*/sentences.py)"
        ) from None
    text = sentence(event, view)
    return text[:1].upper() + text[1:] if text else text


def rolls_of(
    event: Event,
    viewer: Side | None,
    state: CampaignState | None = None,
    before: Concealed | None = None,
) -> tuple[str, ...]:
    """The dice of ``event`` with their purposes as ``viewer`` may see them; with ``state``
    (the campaign at the event) a purpose naming a face-down counter uses its alias
    (``bombard solace A-B1-1>N-X-5``: the real id would tell its kind, DN-NEU-1). With
    ``before`` (what was concealed from the viewer just before the event:
    ``views.concealed``), a die of a shot by or at a counter the
    viewer may not identify, or of a ground combat where one stands, is not shown: whether a
    die was rolled at all would tell whether the odds were below the table (issue 41 item 4),
    as the sentence tells only the result."""
    if event.secret and viewer is not None:
        return (plural(len(event.rolls), "hidden roll"),) if event.rolls else ()
    rolls = event.rolls
    if before is not None and viewer is not None:
        rolls = tuple(roll for roll in rolls if not conceals_die(roll.purpose, before))
    shown = tuple(f"{roll.purpose}={roll.value}" for roll in rolls)
    if state is None or viewer is None:
        return shown
    return tuple(redact(text, state, viewer) for text in shown)


def narrate(
    events: Sequence[Event],
    state: CampaignState,
    *,
    viewer: Side | None = None,
    ruleset: Ruleset | None = None,
) -> list[Narrated]:
    """Sentences of ``events`` applied in turn from ``state`` (which is not changed).

    With a ruleset, a change of surface-box control after an event that may change it gets a
    sentence of its own ("Box Halden: control passes to the Solomani (DN-ECO-2)").
    """
    load()
    current = state.clone()
    out: list[Narrated] = []
    for event in events:
        view = NarrationView(current, viewer, ruleset)
        text = describe(event, view)
        prior = concealed(current, viewer) if viewer is not None and event.rolls else None
        if text and viewer is not None:  # neutral counters by alias, face up or not (DN-NEU-1)
            text = redact(text, current, viewer)  # ``Seen.report``'s rule: ids only
        watch = ruleset is not None and event.type in CONTROL_EVENTS
        before = box_control_map(current, ruleset) if watch and ruleset is not None else {}
        apply_event(current, event)
        extra: tuple[str, ...] = ()
        if watch and ruleset is not None:
            after = box_control_map(current, ruleset)
            extra = tuple(
                _control_sentences(before, after, NarrationView(current, viewer, ruleset))
            )
        out.append(
            Narrated(
                event,
                text,
                rolls_of(event, viewer, current, prior),
                extra,
                event.type in PHASE_EVENTS,
            )
        )
    return out


def box_control_map(state: CampaignState, ruleset: Ruleset) -> dict[str, BoxControl]:
    """Who controls each surface box now and by which rule (DN-ECO-1/2), by system id; an
    unmarked box with no ground forces or PD is left out (nobody controls it)."""
    return all_box_control(ruleset, occupancy_of(state, ruleset))


def _control_sentences(
    before: dict[str, BoxControl], after: dict[str, BoxControl], view: NarrationView
) -> list[str]:
    """A sentence for each box whose controller changed, citing the rule that decides it now:
    DN-ECO-2 for a marked box (taken by the enemy, or back with its owner), else DN-ECO-1."""
    lines = []
    # ``box_control_map`` leaves out an unmarked box with no ground forces or PD: one emptied
    # by this event is in ``before`` alone, and nobody controls it now (DN-ECO-1)
    for sid in sorted(before.keys() | after.keys()):
        was, now = before.get(sid), after.get(sid)
        holder = now.controller if now is not None else None
        if (was.controller if was is not None else None) is holder:
            continue
        rule = now.rule if now is not None else "DN-ECO-1"
        if holder is None:
            lines.append(f"Box {view.system(sid)}: nobody controls it now ({rule})")
        else:
            lines.append(f"Box {view.system(sid)}: control passes to {view.side(holder)} ({rule})")
    return lines


def condense(narrated: Sequence[Narrated]) -> list[str]:
    """Printable lines: one per event worth reading; a run of phase changes becomes one line
    naming only where the sequence stopped (automatic steps counted)."""
    lines: list[str] = []
    run: list[Narrated] = []

    def flush() -> None:
        if not run:
            return
        last = run[-1].text or ""
        skipped = len(run) - 1
        lines.append(last + (f" (after {plural(skipped, 'more step change')})" if skipped else ""))
        run.clear()

    for item in narrated:
        if item.phase and item.text:
            run.append(item)
            continue
        if item.text is None and not item.extra:
            continue
        flush()
        lines.extend(item.lines)
    flush()
    return lines


class BattleSummary(Struct):
    """What the most recent battle(s) of a combat phase did ("last battle" in the UI).

    Built from events only (``last_battle_summary``), so it survives the end of the sub-phase
    that clears the combat book.
    """

    systems: list[str] = field(default_factory=list)
    rounds: int = 0
    destroyed: list[str] = field(default_factory=list)
    disrupted: list[str] = field(default_factory=list)
    withdrawn: list[str] = field(default_factory=list)  # sentences: who went where
    bombardment: list[str] = field(default_factory=list)  # interaction sentences
    ground: list[str] = field(default_factory=list)  # ground combat sentences
    control: list[str] = field(default_factory=list)  # box control changes (DN-ECO-1)
    lines: list[str] = field(default_factory=list)  # every sentence of the battle, in order

    @property
    def empty(self) -> bool:
        """True when no battle has been fought yet."""
        return not self.systems


#: Event types that belong to a battle (space, interaction or ground), for the summary.
BATTLE_EVENTS = frozenset(
    {
        "battles-opened",
        "fighters-launched",
        "range-rolled",
        "range-chosen",
        "pairing-defaulted",
        "targets-assigned",
        "fire-declared",
        "round-fought",
        "withdrawal-decided",
        "joined-battle",
        "interaction-declared",
        "interacted",
        "lifted-off",
        "ground-fought",
        "losses-removed",
    }
)


def last_battle_summary(
    events: Sequence[Event],
    state_before: CampaignState,
    *,
    viewer: Side | None = None,
    ruleset: Ruleset | None = None,
) -> BattleSummary:
    """The summary of the most recent combat phase that had battle events in ``events``.

    ``events`` follow ``state_before`` (e.g. the whole log from an empty state, or the events
    of the current game turn from the state before them). The summary covers the last run of
    battle events not interrupted by a change of combat phase (the space, interaction and
    surface sub-phases of one combat phase count as one).
    """
    narrated = narrate(events, state_before, viewer=viewer, ruleset=ruleset)
    start = _last_combat_start(narrated, FLOW)
    summary = BattleSummary()
    if start is None:
        return summary
    for item in narrated[start:]:
        event = item.event
        if event.type not in BATTLE_EVENTS and not item.extra:
            continue
        if _assignment_step(event):
            continue  # the assignment once, whole: each step repeated "1 engagement formed so far"
        summary.lines.extend(item.lines)
        summary.control.extend(item.extra)
        _summarise(summary, event, item)
    return summary


def _assignment_step(event: Any) -> bool:
    """A step of the target assignment still being built (DN-CBT-3): the summary gives the
    finished assignment only (issue 44 item 4); the log keeps every step."""
    return event.type == "targets-assigned" and not event.complete


def _last_combat_start(narrated: Sequence[Narrated], flow: Sequence[Any]) -> int | None:
    """Index of the first event of the last combat phase that had battle events."""
    battle_at = [i for i, item in enumerate(narrated) if item.event.type in BATTLE_EVENTS]
    if not battle_at:
        return None
    phase = None
    for index in range(battle_at[-1], -1, -1):
        event: Any = narrated[index].event
        if event.type != "phase-advanced":
            continue
        if phase is None:
            phase = flow[event.step].phase  # the combat phase of the last battle
        elif flow[event.step].phase is not phase:
            return index + 1
    return 0


def _summarise(summary: BattleSummary, event: Any, item: Narrated) -> None:
    """Fold one battle event into the summary lists."""
    kind = event.type
    if kind == "battles-opened":
        summary.systems.extend(
            b.system for b in event.battles.values() if b.system not in summary.systems
        )
    elif kind in ("interacted", "ground-fought", "losses-removed"):
        system = event.system if kind != "ground-fought" else event.result.system
        if system not in summary.systems:
            summary.systems.append(system)
    if kind == "round-fought":
        summary.rounds += 1
        for uid, effect in event.result.effects.items():
            (summary.destroyed if effect.value == "X" else summary.disrupted).append(uid)
        summary.destroyed.extend(f.uid for f in event.result.fighters if not f.returned_to_box)
    elif kind == "withdrawal-decided" and event.destination is not None and item.text:
        summary.withdrawn.append(item.text)
    elif kind == "interacted":
        for uid, effect in event.result.effects.items():
            (summary.destroyed if effect.value == "X" else summary.disrupted).append(uid)
        if item.text:
            summary.bombardment.append(item.text)
    elif kind == "ground-fought":
        summary.destroyed.extend(event.removed)
        if item.text:
            summary.ground.append(item.text)
    elif kind == "losses-removed":
        summary.destroyed.extend(event.units)
        if item.text:
            summary.ground.append(item.text)

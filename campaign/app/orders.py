"""Orders: typed by a person (CLI, TUI, orders file), decided, appended; undo and referee
restores. Every refusal is a ``CampaignError`` naming the rule, and a refused order leaves the
stored campaign exactly as it was (DN-ERR-1).
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable

from msgspec import Struct

from campaign.app import authority
from campaign.app.campaigns import (
    START_ORDER_TEXT,
    STRICT_DICE,
    Campaigns,
    Loaded,
    parse_stored,
)
from campaign.rules import engine, narration
from campaign.rules.base import Event
from campaign.rules.combat.battle_ids import with_battle_names
from campaign.rules.dice import (
    DiceSource,
    EnteredDice,
    PhysicalSource,
    RollContext,
    SeededSource,
)
from campaign.rules.errors import (
    InvalidOrderError,
    StaleTurnError,
    UndoError,
)
from campaign.rules.flow import PhaseAdvanced, PhaseEnded
from campaign.rules.ids import Side
from campaign.rules.plain_text import check_reason
from campaign.rules.referee import DiceEntered, RefereeRestored
from campaign.rules.seats import REFEREE, Seat
from campaign.rules.state import CampaignState
from campaign.rules.views import concealed, dice_screen, redact, see, seen_text
from campaign.store.repository import (
    StoredEvent,
)
from campaign.views.report import acting_line


class TypedDice(Struct, frozen=True):
    """Dice values typed in by a person (``campaign order --dice``, the TUI's dice field).

    Accepted only in a ``physical`` campaign, or in a ``seeded`` one as a referee override with
    a ``reason`` (DN-ERR-1); the order's batch then records them in a ``dice-entered`` event."""

    values: tuple[int, ...]
    reason: str | None = None
    #: Asks for each die when it is due, naming its purpose (issue 45 item 2: the referee
    #: rolls at the table and types each value as the CLI asks); used when ``values`` is empty.
    ask: Callable[[RollContext], int] | None = None


def untypable_dice(loaded: Loaded) -> str | None:
    """Why no seat may type dice in ``loaded`` (a campaign played by e-mail, whose dice the
    other player's machine rolls again), or ``None`` (DN-ERR-1)."""
    name, mode = loaded.row.name, loaded.dice_mode
    if mode in ("commit-reveal", STRICT_DICE):
        return (
            f"DN-ERR-1: campaign {name!r} plays by e-mail with {mode} dice: the "
            "other player's machine rolls every die again, so dice cannot be typed in"
        )
    return None


def _seeded_refusal(name: str, seat: Seat, plays: Side | None) -> str:
    """The refusal of typed dice without a reason in seeded campaign ``name``: the referee is
    told how to give them as an override; a player, whose seat gives none, that it is the
    referee's (found by use, December 7, night: he was told to add ``--referee "REASON"``),
    or in a game by e-mail (``plays``), which has no referee, how to give it as an agreed
    override (``authority.override_remedy``)."""
    if seat.side is None:
        return (
            f"DN-ERR-1: campaign {name!r} rolls seeded dice; typed dice are accepted only "
            "in a campaign created with physical dice (`campaign new --dice physical`) or "
            'as a referee override with a reason (--referee "REASON")'
        )
    return (
        f"DN-ERR-1: campaign {name!r} rolls seeded dice: the tool rolls every die, and typed "
        f"dice are accepted only in a campaign created with physical dice; you play "
        f"{seat.side.value}: typing dice here is a referee override "
        f"({authority.override_remedy(plays)})"
    )


def typed_dice_source(
    loaded: Loaded, typed: TypedDice | None, seat: Seat, plays: Side | None = None
) -> PhysicalSource:
    """The source for typed dice, if the campaign's dice mode accepts them (DN-ERR-1). A
    player's seat types only the dice it may see: those of a shot by or at a face-down
    counter, or of a ground combat where one stands, come from the campaign's seed, as
    from behind the referee's screen (``views.dice_screen``, DN-NEU-1)."""
    name, mode = loaded.row.name, loaded.dice_mode
    reason = (typed.reason or "").strip() if typed is not None else ""
    if reason:
        check_reason(reason, "the reason for the typed dice")
    elif typed is not None and typed.reason is not None and mode == "seeded":
        check_reason(typed.reason, "the referee's reason")  # given but blank: say so
    untypable = untypable_dice(loaded)
    if untypable is not None:
        raise InvalidOrderError(untypable)
    if mode == "seeded" and not reason:
        raise InvalidOrderError(_seeded_refusal(name, seat, plays))
    screen = dice_screen(loaded.state, seat.side, SeededSource(loaded.row.dice_seed))
    if typed is not None and typed.ask is not None and not typed.values:
        ask = typed.ask
        if screen is None:
            return PhysicalSource(ask)
        return PhysicalSource(
            lambda ctx: screen.behind.draw(ctx) if screen.conceals(ctx.purpose) else ask(ctx)
        )
    return EnteredDice(typed.values if typed is not None else (), screen=screen)


class OrderReport(Struct, frozen=True):
    """What one order did: its events, their sentences (condensed), the state after and who
    must act now (``acting.acting_sentence``, as the seat that gave the order reads it:
    ``now_for``)."""

    events: list[Event]
    lines: list[str]
    state: CampaignState
    now: str = ""
    #: The campaign as the order or undo left it, when the caller handed its own ``Loaded``
    #: (a screen keeps it instead of loading the campaign again, issue 48 item 2).
    loaded: Loaded | None = None


def now_for(loaded: Loaded, eyes: Side | None) -> str:
    """Who must act now in ``loaded`` (``acting.acting_sentence``), as ``eyes`` read it: a
    face-down counter by its alias, never its real id (docs/seats.md; found by use: a side's
    answer said ``answers N-TR-2 with a unit`` where its status says ``N-X-8``), and the
    order named only when it is offered to them (``views.play.acting_line``)."""
    return acting_line(see(loaded.state, eyes), loaded.ruleset)


class TakeBack(Struct, frozen=True):
    """A plain undo that takes back a referee undo (``undo``, its order text as the seat reads
    it) and so puts the order it reverted (``reverted``) back in force: an undo of an undo,
    done only once the user said yes (docs/referee-cli.md, "Undoing a referee undo")."""

    undo: str
    reverted: str

    @property
    def question(self) -> str:
        """What a front end asks before it takes the referee undo back."""
        return (
            f"Undo {self.undo}? That takes the referee undo back: {self.reverted} is in force "
            "again."
        )


class Orders(Campaigns):
    """Give, report and take back orders."""

    def order(
        self,
        name: str,
        text: str,
        *,
        dice: DiceSource | None = None,
        typed: TypedDice | None = None,
        expected_seq: int | None = None,
        seat: Seat = REFEREE,
    ) -> tuple[list[Event], CampaignState]:
        """Load, then parse, decide and append one order; returns its events and the new state.

        ``expected_seq``: the event number the caller's view was built on; if the campaign has
        moved on since, ``StaleTurnError`` (nothing is decided or stored). ``typed``: dice a
        person typed in (see ``submit``).
        """
        loaded = self.load(name)
        if expected_seq is not None and expected_seq != loaded.head.seq:
            raise StaleTurnError(
                f"campaign {name!r} is at event {loaded.head.seq}, your view is from event "
                f"{expected_seq}; reload before giving orders"
            )
        events = self.submit(loaded, text, dice=dice, typed=typed, seat=seat)
        return events, loaded.state

    def order_report(
        self,
        name: str,
        text: str,
        *,
        dice: DiceSource | None = None,
        typed: TypedDice | None = None,
        seat: Seat = REFEREE,
    ) -> OrderReport:
        """Like ``order``, and say what happened: one sentence per event worth reading."""
        return self.submit_report(self.load(name), text, dice=dice, typed=typed, seat=seat)

    def submit_report(
        self,
        loaded: Loaded,
        text: str,
        *,
        dice: DiceSource | None = None,
        typed: TypedDice | None = None,
        seat: Seat = REFEREE,
    ) -> OrderReport:
        """``submit`` on a campaign kept open (the TUI, an orders file), saying what happened
        as ``seat`` may read it and who must act now."""
        before = loaded.state.clone()
        events = self.submit(loaded, text, dice=dice, typed=typed, seat=seat)
        if not events:  # held for strict dice (ADR 0028): the held line and who is awaited
            return self.held_report(loaded, seat)
        eyes = self.reader(loaded.row.name, seat.side)
        lines = narration.condense(
            narration.narrate(events, before, viewer=eyes, ruleset=loaded.ruleset)
        )
        return OrderReport(events, lines, loaded.state, now_for(loaded, eyes))

    def held_report(self, loaded: Loaded, seat: Seat) -> OrderReport:
        """The report of an order held for strict dice, as ``seat`` reads it: no event, the
        held line (its battle named ``b1`` as every screen names it), and the side whose dice
        are awaited (``campaign.app.strict_dice``, loaded only then: issue 47). A screen that
        sends orders by ``submit`` shows it too (found by use, December 7, night: the TUI
        answered a held order with "✓ aslan range b1  (0 events)")."""
        from campaign.app import strict_dice

        eyes = self.reader(loaded.row.name, seat.side)

        held_line = strict_dice.held_line(self.store.ledger, loaded.row.name)
        lines = [seen_text(held_line, loaded.state, eyes)] if held_line else []
        held = strict_dice.waiting(self.store.ledger, loaded.row.name)
        now = held.sentence if held is not None else now_for(loaded, eyes)
        return OrderReport([], lines, loaded.state, now)

    def submit(
        self,
        loaded: Loaded,
        text: str,
        *,
        dice: DiceSource | None = None,
        typed: TypedDice | None = None,
        seat: Seat = REFEREE,
        machine: bool = False,
    ) -> list[Event]:
        """Decide ``text`` on an already loaded campaign (e.g. kept open by the TUI) and append.

        Dice come from the campaign's seed, or in a ``physical`` campaign from ``typed`` (values
        typed at the table). ``typed`` in a ``seeded`` campaign needs a referee ``reason``; a
        ``commit-reveal`` campaign refuses typed dice (the other player's machine re-rolls
        them). Typed dice are recorded in a ``dice-entered`` event of the same batch.
        ``dice`` is a programmatic source for tests and tools (never user input).

        ``seat``: who types the order (``campaign.app.authority`` decides whether it may:
        a player gives only his own side's orders, and typed dice with a reason are a referee
        override). What the order may name and how a refusal reads follow the seat's eyes
        (``reader``): the referee may name every counter by its real id; a player, and the
        owner of a player's own database by e-mail (who acts from the referee's seat but reads
        as his side), names face-down counters by their alias only and reads a refusal as his
        side; the order is checked as typed, before aliases are resolved (``rules.naming``,
        DN-NEU-1; found by use, December 7: the owner's seat took ``N-TR-2`` and answered
        "N-TR-2 is not a unit of aslan").

        ``machine``: the order is a fair-play order the player's machine gives itself (the
        seal, a share, a reveal; ``app.mail.fair``); a person never types one
        (``authority.check_typed``, ADR 0028).

        ``loaded`` is updated in place. If another writer appended meanwhile, ``ConflictError``
        and nothing is stored: reload and try again.
        """
        parsed = engine.parse_typed(loaded.state, text, loaded.ruleset)
        if not machine:  # a person typed it; ``machine``: a machine's fair-play order
            authority.check_typed(parsed)
        authority.check_order(seat, parsed)
        plays = self.reader(loaded.row.name, None)  # the side this database plays by e-mail
        authority.check_by_mail(plays, parsed)
        self._check_no_answer_awaited(loaded)
        if typed is not None and loaded.dice_mode != "physical" and typed.reason:
            authority.check_override(seat, "typed dice with a reason", plays)
        eyes = self.reader(loaded.row.name, seat.side)
        order = engine.read_typed(loaded.state, text, loaded.ruleset, eyes)
        # the log (and so every turn file) names a face-down counter by its alias, as the
        # ordering player knows it, or for a referee order the seat's eyes (the owner of a
        # player's database: found by use, December 7, an agreed override went out naming the
        # counter's real id); replays resolve the alias again (DN-NEU-1)
        logged = redact(order.to_notation(), loaded.state, order.side or eyes)
        if loaded.dice_mode == STRICT_DICE and dice is None and typed is None:
            from campaign.app import strict_dice  # only for strict dice (issue 47 item 2)

            events = strict_dice.decide(self.store.ledger, loaded, order)
            if events:  # else held: its dice need the other side's contribution (ADR 0028)
                self.append(loaded, logged, events)
            return events
        source: DiceSource
        if typed is not None or (loaded.dice_mode == "physical" and dice is None):
            source = typed_dice_source(loaded, typed, seat, plays)
        else:
            source = dice if dice is not None else SeededSource(loaded.row.dice_seed)
        events = engine.decide(loaded.state, order, loaded.ruleset, source, reader=eyes)
        values = (
            tuple(source.values)  # a player's seat types only the dice it may see
            if isinstance(source, EnteredDice)
            else tuple(roll.value for event in events for roll in event.rolls)
        )
        if isinstance(source, PhysicalSource) and dice is None and values:
            events.append(self._dice_record(loaded, typed, values))
        self.append(loaded, logged, events)
        return events

    def _check_no_answer_awaited(self, loaded: Loaded) -> None:
        """Refuse an order (or a referee override) in a player's own database by e-mail while
        its last turn file is out and not yet answered (DN-ERR-1, docs/turn-files.md): the
        answer builds on the file's last event, so anything appended meanwhile would make it
        stale, and an order that rolled dice could not even be taken back (found by use: both
        players stuck). The machine's own fair-play orders come after an import or before an
        export, never in between."""
        name = loaded.row.name
        if not self.store.plays_by_mail(name):
            return
        files = self.store.ledger.files(name)
        word = shlex.quote(name)
        last = files[-1] if files else None
        if last is None or last.direction != "out":
            return
        other = Side(last.side).enemy.value
        raise InvalidOrderError(
            f"DN-ERR-1: file {last.exchange} went to {other} and is not answered yet: import "
            f"{other}'s file {last.exchange + 1} first (`campaign import {word} FILE`); an "
            f"order given before would make it stale (if {other} refused file "
            f"{last.exchange}, `campaign withdraw {word} {last.exchange} --reason ...` takes "
            "it back)"
        )

    @staticmethod
    def _dice_record(
        loaded: Loaded, typed: TypedDice | None, values: tuple[int, ...]
    ) -> DiceEntered:
        reason = (typed.reason or "").strip() if typed is not None else ""
        if loaded.dice_mode == "physical":
            return DiceEntered(origin="physical", values=values, reason=reason or None)
        return DiceEntered(origin="referee-override", values=values, reason=reason)

    def _check_undo_override(self, loaded: Loaded, seat: Seat) -> None:
        """An undo with a reason is the referee's (``authority.check_override``); the refusal
        of a player's seat says what to do instead, which in a game by e-mail (the ledger read
        only then) is no referee's to give."""
        if not authority.may_override(seat):
            plays = self.reader(loaded.row.name, None)
            authority.check_override(seat, "an undo with a reason", plays)

    def check_undo(self, loaded: Loaded, seat: Seat, *, override: bool = False) -> None:
        """Refuse, storing nothing, an undo of ``loaded``'s last order that ``undo_report``
        would refuse now, in its words: an override from a player's seat (``authority``), or a
        plain undo of an order not the seat's own, sent in a turn file, that rolled dice or
        ended the phase. A screen asks to confirm only an undo that will be done (found by
        use: a player's ``u`` after an order that rolled dice asked "Undo …? y/n" and was
        refused only after ``y``)."""
        if override:
            self._check_undo_override(loaded, seat)
            self._last_batch(loaded)
            self.referee_undo_target(loaded, seat)
        elif self._strict_held(loaded, seat, release=False) is None:
            self._undoable_batch(loaded, seat, take_back=True)  # the screen asks about it

    def taking_back(self, loaded: Loaded, seat: Seat = REFEREE) -> TakeBack | None:
        """When a plain undo of ``loaded`` would take back a referee undo, what that does (the
        order the referee undo reverted is in force again), as ``seat`` reads it; a front end
        asks ``TakeBack.question`` before it passes ``take_back=True`` to ``undo_report``.
        ``None`` for any other last order."""
        batch = self._last_batch(loaded)
        if referee_undo_reason(batch[0].order_text) is None:
            return None
        eyes = self.reader(loaded.row.name, seat.side)
        return TakeBack(
            shown_order(loaded, batch[0], loaded.state, eyes),
            shown_order(
                loaded, reverted_row(loaded.rows, batch, loaded.row.name), loaded.state, eyes
            ),
        )

    def _last_batch(self, loaded: Loaded) -> list[StoredEvent]:
        """The rows of ``loaded``'s last order; ``UndoError`` at the campaign's start."""
        rows = [r for r in loaded.rows if r.batch == loaded.head.batch]
        if not rows or rows[0].order_text == START_ORDER_TEXT:
            raise UndoError("nothing to undo: the start of the campaign cannot be undone")
        return rows

    def held_to_undo(self, loaded: Loaded, seat: Seat) -> str | None:
        """The order held for strict dice that a plain undo from ``seat`` takes back now, as
        the seat reads it (``aslan range b1 (held for strict dice, not sent)``), storing
        nothing; None when no order is held. What a screen's ``u`` asks about (found by use,
        December 7, night: it asked "Undo aslan end-phase?", the last order stored, and took
        back the held one)."""
        held = self._strict_held(loaded, seat, release=False)
        return None if held is None else self._held_shown(loaded, seat, held)

    def _held_shown(self, loaded: Loaded, seat: Seat, held: str) -> str:
        """The held order's text ``held`` as ``seat`` reads it, said to be held."""
        shown = seen_text(held, loaded.state, self.reader(loaded.row.name, seat.side))
        return f"{shown} (held for strict dice, not sent)"

    def _strict_held(self, loaded: Loaded, seat: Seat, *, release: bool) -> str | None:
        """Strict dice: the held order a plain undo takes back (forgotten when ``release``),
        None when none is held (issue 47 item 2); refused if not ``seat``'s or sent."""
        if loaded.dice_mode != STRICT_DICE:
            return None
        from campaign.app import strict_dice  # only for strict dice (issue 47 item 2)

        name = loaded.row.name
        pending = self.store.ledger.strict_pending(name)
        if pending is not None:
            authority.check_undo(seat, pending.order_text)
        held = strict_dice.take_back if release else strict_dice.held_to_take_back
        return held(self.store.ledger, name)

    def _undoable_batch(
        self, loaded: Loaded, seat: Seat, *, take_back: bool = False
    ) -> tuple[list[StoredEvent], list[Event], Side | None]:
        """The last order's rows and events and whose eyes the answer is for, when a plain
        undo by ``seat`` may take that order back; else ``UndoError`` or ``SeatError`` saying
        why, as the seat may read it (aliases, short battle ids). A referee undo is taken back
        only with ``take_back`` (the user was asked: it puts the order it reverted back in
        force; docs/referee-cli.md, "Undoing a referee undo")."""
        name = loaded.row.name
        eyes = self.reader(name, seat.side)  # whose eyes the answer is for (docs/seats.md)
        batch_rows = self._last_batch(loaded)
        events = parse_stored(batch_rows, name)
        authority.check_undo(seat, batch_rows[0].order_text)
        shown = shown_order(loaded, batch_rows[0], loaded.state, eyes)
        rolled = any(event.rolls for event in events)
        # strict dice: no override takes a roll back either, so none is offered (DN-ERR-1)
        authority.check_referee_undo(loaded.dice_mode == STRICT_DICE, shown, rolled, verb="undo")
        self._refuse_undo_of_sent(loaded, batch_rows[0], eyes)
        if referee_undo_reason(batch_rows[0].order_text) is not None and not take_back:
            reverted = shown_order(
                loaded, reverted_row(loaded.rows, batch_rows, name), loaded.state, eyes
            )
            raise UndoError(
                f"cannot undo '{shown}' unasked: undoing a referee undo puts '{reverted}' back "
                "in force; confirm that with undo --yes, or revert the order before it too "
                "with another referee undo (undo --referee REASON)"
            )
        if rolled:
            raise UndoError(
                f"cannot undo '{shown}': it rolled dice"
                f"{self._first_die(events, loaded.state, eyes)}; "
                f"{authority.undo_advice(seat)}"
            )
        winner = loaded.state.winner
        ended = any(isinstance(e, PhaseEnded | PhaseAdvanced) for e in events)
        if ended and winner is not None:  # found by use: "it ended the phase", as if one went on
            raise UndoError(
                f"DN-ERR-1: cannot undo '{shown}': it ended the game ({winner.value} won, "
                f"DN-VIC-1); {authority.undo_advice(seat)}"
            )
        if ended:
            raise UndoError(
                f"cannot undo '{shown}': it ended the phase; undo works within the current "
                f"phase only: {authority.undo_advice(seat)}"
            )
        return batch_rows, events, eyes

    def undo(
        self, name: str, *, referee_reason: str | None = None, seat: Seat = REFEREE
    ) -> CampaignState:
        """Remove the last order's events (same phase, no dice), or with a referee reason log a
        ``referee-restored`` event putting the state back to before that order."""
        return self.undo_report(name, referee_reason=referee_reason, seat=seat).state

    def undo_report(
        self,
        name: str,
        *,
        referee_reason: str | None = None,
        seat: Seat = REFEREE,
        loaded: Loaded | None = None,
        take_back: bool = False,
        ask: Callable[[TakeBack], bool] | None = None,
    ) -> OrderReport:
        """``undo``, saying what was taken back: the undone order's sentences (a plain undo)
        or the ``referee-restored`` sentence (an override). A player's seat takes back only
        its own side's last order, and never with a reason (``authority``); every refusal is
        written as the seat may read it (aliases, short battle ids). ``loaded``: the caller's
        current copy of the campaign (a screen's), used instead of loading it; the report then
        carries the campaign the undo leaves (``OrderReport.loaded``). ``take_back``: the
        user agreed that a plain undo of a referee undo puts the order it reverted back in
        force (``taking_back``); without it such an undo is refused, saying so, unless
        ``ask`` (a front end's question, ``TakeBack.question``) says yes."""
        loaded = self.load(name) if loaded is None else loaded
        if referee_reason is None:
            released = self._strict_held(loaded, seat, release=True)
            if released is not None:  # never logged: nothing else changes
                return OrderReport(
                    [],
                    [f"undone: {self._held_shown(loaded, seat, released)}"],
                    loaded.state,
                    now_for(loaded, self.reader(name, seat.side)),
                    loaded,
                )
            taken = self.taking_back(loaded, seat)
            if taken is not None and not take_back and ask is not None:
                self._undoable_batch(loaded, seat, take_back=True)  # refused before asking
                if not ask(taken):
                    raise UndoError(f"not undone: '{taken.undo}' stays")
                take_back = True
            batch_rows, events, eyes = self._undoable_batch(loaded, seat, take_back=take_back)
            self.store.truncate(name, loaded.head.seq, batch_rows[0].seq - 1)
            after = self.load(name)
            undone = narration.condense(
                narration.narrate(events, after.state, viewer=eyes, ruleset=after.ruleset)
            )
            lines = [
                f"undone: {shown_order(loaded, batch_rows[0], after.state, eyes)}",
                *(f"  {t}" for t in undone),
                *([f"  in force again: {taken.reverted}"] if taken is not None else []),
            ]
            return OrderReport(events, lines, after.state, now_for(after, eyes), after)
        self._check_undo_override(loaded, seat)
        self._last_batch(loaded)
        self._check_no_answer_awaited(loaded)
        rows = list(loaded.rows)
        eyes = self.reader(name, seat.side)
        reason = check_reason(referee_reason, "the referee's reason")
        reverted = self.referee_undo_target(loaded, seat)
        restored = referee_restoration(name, rows, reason, strict=loaded.dice_mode == STRICT_DICE)
        text = referee_undo_text(reason)
        previous = loaded.state.clone()
        self.append(loaded, text, [restored])
        lines = narration.condense(
            narration.narrate([restored], previous, viewer=eyes, ruleset=loaded.ruleset)
        )
        return OrderReport(
            [restored],
            [f"reverted: {reverted}", *lines],
            loaded.state,
            now_for(loaded, eyes),
            loaded,
        )

    def referee_undo_target(self, loaded: Loaded, seat: Seat = REFEREE) -> str:
        """The order a referee undo of ``loaded`` would revert now, as ``seat`` reads it: the
        last order still in force (after a referee undo, the one before the order it reverted:
        consecutive referee undos walk back one order each). A screen names it before asking
        for the reason; ``UndoError`` at the campaign's start."""
        eyes = self.reader(loaded.row.name, seat.side)
        batch = reverted_batch(
            loaded.rows,
            loaded.row.name,
            strict=loaded.dice_mode == STRICT_DICE,
            shown=lambda text: seen_text(text, loaded.state, eyes),
        )
        return shown_order(loaded, batch[0], loaded.state, eyes)

    @staticmethod
    def _first_die(events: list[Event], state: CampaignState, eyes: Side | None) -> str:
        """`` (PURPOSE = VALUE)`` of the first die of ``events`` that ``eyes`` may read (the
        narration's rule: no secret die, no die of a shot by or at a counter they may not
        identify), or "" when they may read none of them."""
        for event in events:
            for die in narration.rolls_of(event, eyes, state, concealed(state, eyes)):
                if "=" in die and not event.secret:
                    purpose, _, value = die.rpartition("=")
                    return f" ({seen_text(purpose, state, eyes)} = {value})"
        return ""

    def _refuse_undo_of_sent(self, loaded: Loaded, first: StoredEvent, eyes: Side | None) -> None:
        """A plain undo must not remove events a turn file already carried to the other
        player: both copies would then disagree about the past (docs/turn-files.md)."""
        from campaign.store.ledger import exchanged_through  # the PBEM tables, if any

        shared = exchanged_through(self.store, loaded.row.name)
        if first.seq <= shared:
            shown = shown_order(loaded, first, loaded.state, eyes)
            winner = loaded.state.winner
            instead = (  # found by use: no new order is possible once the game is over
                f"the game is over ({winner.value} won, DN-VIC-1): only"
                if winner is not None
                else "give a new order instead, or agree on"
            )
            raise UndoError(
                f"cannot undo '{shown}': it went to the other player in a turn file "
                f"(events up to {shared} are shared); {instead} a referee override "
                "(undo --referee REASON, which is sent with the next file)"
            )


#: How a referee undo is written in the log (and so in turn files): ``referee undo "REASON"``.
REFEREE_UNDO = "referee undo "


def referee_undo_text(reason: str) -> str:
    """The order text logged for a referee undo with ``reason`` (the reason as a JSON string)."""
    return REFEREE_UNDO + json.dumps(reason)


def referee_undo_reason(order_text: str) -> str | None:
    """The reason of a referee undo's order text, or ``None`` for any other order text (only
    the exact form ``referee_undo_text`` writes is one)."""
    if not order_text.startswith(REFEREE_UNDO):
        return None
    try:
        reason = json.loads(order_text[len(REFEREE_UNDO) :])
    except ValueError:
        return None
    if not isinstance(reason, str) or referee_undo_text(reason) != order_text:
        return None
    return reason


def _restored_to(batch: list[StoredEvent], name: str) -> int | None:
    """The event whose state the referee undo ``batch`` put back (its ``to_seq``); ``None``
    when ``batch`` is any other order."""
    if referee_undo_reason(batch[0].order_text) is None:
        return None
    restored = parse_stored(batch, name)[0]
    return restored.to_seq if isinstance(restored, RefereeRestored) else None


def in_force_batch(rows: list[StoredEvent], name: str) -> list[StoredEvent]:
    """The rows of the last order still in force at the end of the log ``rows`` (all of it,
    from event 1, so row ``k`` is event ``k + 1``): the last batch, unless it is a referee
    undo; then the last order in force in the state that undo put back, and so on ([] for an
    empty log). So a referee undo right after a referee undo reverts the order before, not the
    undo before it (which put the order it had reverted back in force, found by use)."""
    end = len(rows)
    while end:
        last = rows[end - 1].batch
        start = end - 1
        while start and rows[start - 1].batch == last:
            start -= 1
        batch = rows[start:end]
        restored = _restored_to(batch, name)
        if restored is None:
            return batch
        end = restored
    return []


def reverted_row(rows: list[StoredEvent], undo: list[StoredEvent], name: str) -> StoredEvent:
    """The first row of the order the referee undo ``undo`` (a batch of the log ``rows``)
    reverted: the first order after the state it put back."""
    to_seq = _restored_to(undo, name)
    assert to_seq is not None, "not a referee undo"
    return rows[to_seq]


def shown_order(loaded: Loaded, first: StoredEvent, state: CampaignState, eyes: Side | None) -> str:
    """The order text of a logged batch (``first``: its first row) as ``eyes`` read it in
    ``state``: a face-down counter by its alias, a battle by its short id — the one it had
    when the order was given, also once that battle is over (``views.log``'s numbering, as
    the log shows it). Found by use (December 7): on the Aslan player's database, `undo`
    after `aslan withdraw b1 beacon` said "cannot undo 'aslan withdraw solace/aslan-neutral
    beacon'", and a referee undo "reverted: aslan withdraw solace/aslan-neutral beacon": the
    inner battle id no screen shows (docs/seats.md)."""
    shown = seen_text(first.order_text, state, eyes)
    if "/" not in shown:  # no battle id left to name (the log is parsed only when one is)
        return shown
    from campaign.views.log import short_ids_by_batch  # the log's numbering: undo only

    rows = loaded.rows
    shorts = short_ids_by_batch(rows, parse_stored(rows, loaded.row.name))
    return with_battle_names(shown, shorts.get(first.batch, {}))


def reverted_batch(
    rows: list[StoredEvent],
    name: str,
    *,
    strict: bool = False,
    shown: Callable[[str], str] = str,
) -> list[StoredEvent]:
    """The rows of the order a referee undo at the end of the log ``rows`` reverts
    (``in_force_batch``). ``UndoError`` at the campaign's start; with strict dice
    (``strict``) ``SeatError`` when that order rolled dice (``authority.check_referee_undo``,
    naming it as ``shown`` gives its text to the reader): the sender's undo and the receiver
    of a file that carries one refuse it alike."""
    batch = in_force_batch(rows, name)
    if not batch or batch[0].order_text == START_ORDER_TEXT:
        raise UndoError("nothing to undo: the start of the campaign cannot be undone")
    if strict:
        rolled = any(event.rolls for event in parse_stored(batch, name))
        authority.check_referee_undo(strict, shown(batch[0].order_text), rolled)
    return batch


def referee_restoration(
    name: str, rows: list[StoredEvent], reason: str, *, strict: bool = False
) -> RefereeRestored:
    """The ``referee-restored`` event that puts campaign ``name``, whose log is ``rows`` (all
    of it, from event 1), back to its state before the last order still in force
    (``in_force_batch``: after a referee undo, the order before the one it reverted).

    The state is folded again from the log, never taken from anywhere else: the referee's own
    undo and the receiver of a turn file that carries one (``campaign.pbem.position``) both
    compute it here, so they agree event for event whatever the state's serialisation. The
    event is returned as the log gives it back (read from its canonical JSON), so folding it
    gives the state every later load gives. ``strict``: a strict-dice campaign, where an
    order that rolled is never reverted (``reverted_batch``)."""
    batch = reverted_batch(rows, name, strict=strict)
    keep = batch[0].seq - 1
    before = engine.fold(parse_stored(rows[:keep], name))
    made = RefereeRestored(reason=reason, to_seq=keep, state_text=before.canonical_text())
    stored = engine.as_stored(made)
    assert isinstance(stored, RefereeRestored)
    return stored

"""Where a turn file sits in the exchange, and re-running its orders (used by
``campaign.app.mail``).

``check_base`` refuses stale, crossed, replayed, missing and diverged files; ``replay`` re-runs
every order on the receiver's copy and compares each event, the state digest and the chain hash;
``refused_orders`` finds, before a file is sent, the orders of our own log that this version's
rules refuse where they stand (an order an older version accepted), which ``replay`` would
refuse on the other machine. They only compute; nothing here reads or stores anything (the
caller gives the receiver's copy, its files and how a referee undo is recomputed).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from typing import NamedTuple

from msgspec import Struct

from campaign.pbem import fairdice
from campaign.pbem.errors import (
    CrossedFilesError,
    ForeignOrderError,
    RefereeOrderError,
    ReplayMismatchError,
    StaleFileError,
    StrictDiceError,
)
from campaign.pbem.model import FileEvent, TurnFile
from campaign.records.chain import GENESIS_HASH, chain_events, events_text
from campaign.records.ledger_rows import PbemFile, PbemWithdrawal
from campaign.records.rows import Head, StoredEvent
from campaign.rules import engine
from campaign.rules.base import Event, Order
from campaign.rules.canonical import canonical_json, digest
from campaign.rules.combat.battle_ids import with_short_battle_ids
from campaign.rules.dice import DiceSource, RollContext, SeededSource
from campaign.rules.errors import CampaignError, EngineBugError, SeatError
from campaign.rules.flow import PhaseAdvanced, PhaseEnded
from campaign.rules.ids import Side
from campaign.rules.naming import check_names
from campaign.rules.notation import parse_order
from campaign.rules.plain_text import check_reason
from campaign.rules.referee import RefereeRestored, as_0_1_0_wrote_it
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState
from campaign.rules.views import face_down_ids, names_any, without_kinds
from campaign.rules.wording import plural


class LocalCopy(Struct):
    """The receiving campaign at a chosen head (its state is consumed by the replay)."""

    rows: list[StoredEvent]
    state: CampaignState
    ruleset: Ruleset
    head_seq: int
    head_hash: str
    head_batch: int

    @property
    def head(self) -> Head:
        """The head the file's events are chained after."""
        return Head(self.head_seq, self.head_hash, self.head_batch)


class NewBatch(Struct, frozen=True):
    """One order batch of a file as the receiver's rules gave it: its notation and
    ``(type, canonical payload)`` pairs."""

    order_text: str
    payloads: list[tuple[str, str]]


class RefereeUndo(NamedTuple):
    """How the write side writes and recomputes a referee undo (``campaign.app.orders``): given
    to ``replay``, so that a file carrying one is re-run exactly as the sender's undo ran."""

    #: The reason of a referee undo's order text, ``None`` for any other order text.
    reason_of: Callable[[str], str | None]
    #: The ``referee-restored`` event for campaign ``name`` whose whole log is ``rows``.
    restoration: Callable[[str, list[StoredEvent], str], Event]


def head_digest(state: CampaignState, schema_version: int) -> str:
    """The state digest a turn file of ``schema_version`` carries as ``head_digest``: version 1
    (0.1.0) hashed the state's key-sorted canonical JSON, later ones its canonical text
    (``campaign.pbem.model.SCHEMA_VERSION``)."""
    return digest(state) if schema_version == 1 else engine.state_digest(state)


def to_file_event(event: Event, seal_key: str, hidden: frozenset[str] = frozenset()) -> FileEvent:
    """The file form of ``event``: its payload, or a seal for secret events and for events
    that name a counter in ``hidden`` (DN-NEU-1: a neutral that is still face down at the head
    of the file, e.g. a PD that fired; its id would tell its kind). Both ends take ``hidden``
    from the state at the file's head, so the sender and the receiver seal the same events."""
    text = canonical_json(event)
    if event.secret or names_any(text, hidden):
        return FileEvent(type=event.type, sealed=fairdice.seal(seal_key, text))
    return FileEvent(type=event.type, payload=event.model_dump(mode="json"))


_ABSENT = object()


def _differs(wanted: FileEvent, got: FileEvent) -> str:
    if wanted.type != got.type:
        return f"the file has a {wanted.type!r} event where the rules give {got.type!r}"
    if wanted.sealed is not None or got.sealed is not None:
        return f"the sealed (hidden) {got.type!r} event does not match"
    assert wanted.payload is not None and got.payload is not None
    keys = sorted(set(wanted.payload) | set(got.payload))
    key = next(
        (k for k in keys if wanted.payload.get(k, _ABSENT) != got.payload.get(k, _ABSENT)),
        None,
    )
    if key is None:  # pragma: no cover - the caller compares the events first
        return f"the {got.type!r} event differs"

    def shown(payload: dict) -> str:
        return repr(payload[key]) if key in payload else "nothing (no such field)"

    return (
        f"{got.type!r}.{key}: the file says {shown(wanted.payload)}, the rules give "
        f"{shown(got.payload)}"
    )


def _compare(
    wanted: list[FileEvent], got: list[FileEvent], where: str, first: int, source: str
) -> None:
    """Refuse a batch whose file events differ from the ones the rules give."""
    for index, (theirs, mine) in enumerate(zip(wanted, got, strict=False)):
        if theirs != mine:
            raise ReplayMismatchError(
                f"{where}, event {first + index + 1}: {_differs(theirs, mine)}; the file "
                "was altered or made with other rules",
                source=source,
            )
    if len(wanted) != len(got):
        raise ReplayMismatchError(
            f"{where}: the file has {plural(len(wanted), 'event')}, the rules give {len(got)}",
            source=source,
        )


def check_base(
    turn: TurnFile,
    local: LocalCopy,
    files: Sequence[PbemFile],
    source: str,
    name: str,
    withdrawn: Sequence[PbemWithdrawal] = (),
) -> None:
    """Where the file sits in the exchange: stale, crossed, replayed, missing or diverged, or
    this log cut short after a file it exchanged (``name``: the receiving campaign,
    ``source``: the file's path, both named in the command a refusal suggests; ``withdrawn``:
    the files this database took back)."""
    header = turn.header
    span = f"file {header.exchange} from {header.side.value}"
    mine = files[-1] if files else None
    if (
        mine is not None
        and mine.direction == "out"
        and header.exchange == mine.exchange + 1
        and (header.base_seq, header.base_hash) != (mine.head_seq, mine.head_hash)
    ):  # found by use, December 7, evening: it was told "an earlier file is missing"
        raise StaleFileError(
            f"{span} answers a file {mine.exchange} that is not the one this database sent: it "
            f"builds on event {header.base_seq}, your file {mine.exchange} ended at event "
            f"{mine.head_seq} (a database restored from a copy, or file {mine.exchange} "
            "changed after it was sent); compare `campaign exchanges` and `campaign log` with "
            "the sender; nothing imported",
            source=source,
        )
    if header.base_seq > local.head_seq:
        reached = max(files, key=lambda record: record.head_seq, default=None)
        if reached is not None and reached.head_seq > local.head_seq:
            # the ledger, in this database, says this log once went further
            raise StaleFileError(
                f"{span} builds on event {header.base_seq}, but this campaign has only "
                f"{local.head_seq} events, and file {reached.exchange} ended with event "
                f"{reached.head_seq}: events were removed from this database after that file "
                f"(restore it from a copy; `campaign verify {shlex.quote(name)}` names the "
                "first one missing)",
                source=source,
            )
        raise StaleFileError(
            f"{span} builds on event {header.base_seq}, but this campaign has only "
            f"{local.head_seq} events: an earlier file is missing; import it first",
            source=source,
        )
    base_hash = local.rows[header.base_seq - 1].hash if header.base_seq else GENESIS_HASH
    if base_hash != header.base_hash:
        raise StaleFileError(
            f"{span}: the histories differ at or before event {header.base_seq} (different "
            "set-up, or an undo after a file was sent); compare `campaign log` with the "
            "sender; the referee must rebuild one side",
            source=source,
        )
    if header.base_seq < local.head_seq:
        if (
            header.head_seq <= local.head_seq
            and local.rows[header.head_seq - 1].hash == header.head_hash
        ):
            raise StaleFileError(
                f"{span} is an old file: its "
                f"{events_text(header.base_seq + 1, header.head_seq)} "
                "are already in this campaign; nothing to do",
                source=source,
            )
        if mine is not None and mine.direction == "out" and mine.base_seq == header.base_seq:
            raise CrossedFilesError(
                f"{span} crossed your file {mine.exchange}: both were built on event "
                f"{header.base_seq}, so only one can stand. Agree which counts: to keep "
                f"theirs run `campaign resolve {shlex.quote(name)} {_path(source)} "
                f'--reason "..."` (drops your '
                f"{events_text(header.base_seq + 1, local.head_seq)}, logged); to keep yours, the "
                "other side resolves with your file",
                source=source,
            )
        raise StaleFileError(
            f"{span} is stale: it builds on event {header.base_seq}, but this campaign has "
            f"{events_text(header.base_seq + 1, local.head_seq)} the sender has not seen (orders "
            "given here and not sent). Send them with `campaign export`, or undo them, "
            "then ask for a new file",
            source=source,
        )
    expected = files[-1].exchange + 1 if files else 1
    taken_back = next((w for w in reversed(withdrawn) if w.exchange == expected), None)
    if header.exchange == expected + 1 and taken_back is not None:
        # it builds on our head: the events of the file we withdrew are still ours unchanged
        raise StaleFileError(
            f"{span} answers your file {expected}, which you withdrew ({taken_back.reason}): "
            f"{header.side.value} had imported it. Export file {expected} again (`campaign "
            f"export {shlex.quote(name)} -o FILE`: the same file, nothing changed since), then "
            "import this one",
            source=source,
        )
    if header.exchange != expected:
        raise StaleFileError(
            f"{span}: expected file number {expected}; a file is missing or repeated",
            source=source,
        )
    if files and Side(files[-1].side) is header.side:
        raise StaleFileError(
            f"{span}: the previous file came from {header.side.value} too; files alternate",
            source=source,
        )


def _path(source: str) -> str:
    """``source`` as a shell word, or ``FILE`` when the file came from standard input."""
    return shlex.quote(source) if source and source != "-" else "FILE"


def check_author(
    turn: TurnFile, order: Order, where: str, source: str, *, allow_referee: bool
) -> None:
    """A player sends only his own orders; referee orders only where the receiver allows them
    (a player could otherwise give himself RU with ``referee set-ru``)."""
    sender = turn.header.side
    if order.side is None and not allow_referee:
        raise RefereeOrderError(
            f"{where}: a referee order in a file from {sender.value}; refused unless you agreed "
            "to it (import with --allow-referee)",
            source=source,
        )
    if order.side is not None and order.side is not sender:
        raise ForeignOrderError(
            f"{where}: an order of {order.side.value} in a file from {sender.value}; each "
            "player sends only his own orders",
            source=source,
        )


def replay(
    name: str,
    turn: TurnFile,
    local: LocalCopy,
    key: str,
    seal_key: str,
    source: str,
    referee_undo: RefereeUndo,
    *,
    allow_referee: bool = False,
    dice: Callable[[int], DiceSource] | None = None,
    answers: str | None = None,
) -> tuple[list[NewBatch], list[StoredEvent]]:
    """Re-run every order of ``turn`` on ``local.state`` with dice ``key``; the batches and
    event rows to store (``ReplayMismatchError`` naming the first difference).

    Strict dice: ``dice(number)`` is the source of batch ``number`` instead, and ``answers``
    is the receiver's own order that waited for the sender's dice contribution: the first
    batch decides it, so it may be an order of the other side (``strict_exchange``).

    A referee undo (``referee undo "REASON"``) is re-run too: its ``referee-restored`` event is
    computed again from this campaign's own log up to that batch (the file's copy of the
    restored state is only compared, never used)."""
    header = turn.header
    ruleset = local.ruleset
    state = local.state
    seq = local.head_seq
    batches: list[NewBatch] = []
    rows: list[StoredEvent] = []
    produced: list[tuple[str, int, list[Event]]] = []
    for number, batch in enumerate(turn.body.batches, start=1):
        where = _where(number, with_short_battle_ids(batch.order, state), seq)
        reason = referee_undo.reason_of(batch.order)
        try:
            if reason is not None:
                events = _referee_undo(
                    name,
                    turn,
                    reason,
                    [*local.rows, *rows],
                    where,
                    source,
                    referee_undo,
                    allow_referee=allow_referee,
                )
                events = _in_the_files_form(events, batch.events, seal_key)
            else:
                events = _decide(
                    turn,
                    batch.order,
                    state,
                    ruleset,
                    dice(number) if dice is not None else SeededSource(key),
                    where,
                    source,
                    allow_referee=allow_referee,
                    foreign=number == 1 and answers is not None,
                )
        except RefereeOrderError as error:  # name every one, for the receiver to agree to
            error.orders = _referee_orders(turn, local.head_seq, referee_undo, state, answers)
            raise
        produced.append((where, seq, events))
        engine.fold(events, state)
        seq += len(events)
        new = NewBatch(batch.order, [(e.type, canonical_json(e)) for e in events])
        batches.append(new)
        last = rows[-1] if rows else None
        head = Head(last.seq, last.hash, last.batch) if last else local.head
        rows.extend(chain_events(name, head, new.order_text, new.payloads))
    hidden = face_down_ids(state)  # the head of the file: what the sender sealed by
    for batch, (where, first, events) in zip(turn.body.batches, produced, strict=True):
        _compare(
            batch.events, [to_file_event(e, seal_key, hidden) for e in events], where, first, source
        )
    replayed = head_digest(state, header.schema_version)
    if replayed != header.head_digest:
        raise ReplayMismatchError(
            f"after replay the state digest is {replayed[:12]}, the file says "
            f"{header.head_digest[:12]}",
            source=source,
        )
    last_hash = rows[-1].hash if rows else local.head_hash
    if last_hash != header.head_hash:
        raise ReplayMismatchError(
            f"after replay the event chain ends in {last_hash[:12]}, the file says "
            f"{header.head_hash[:12]} (order texts or batch numbering differ)",
            source=source,
        )
    return batches, rows


def _where(number: int, order: str, seq: int) -> str:
    """How a refusal names batch ``number`` of a file, order text ``order``, whose first
    event follows event ``seq``. ``replay`` passes the order with its battle by short id
    (``with_short_battle_ids``; docs/seats.md: never the inner id), but nothing else of it
    rewritten: a real neutral id the file echoes stays as typed, where the seat's alias
    mapping would tell which alias is which counter. A fair-mode reveal is named without the
    kind it opens the card to (``views.without_kinds``): the importing player never reads it
    (found by use, December 7, late night: "batch 2 ('solomani reveal hex-2
    neutral:M-9-2-7/1', …)")."""
    return f"batch {number} ({without_kinds(order)!r}, from event {seq + 1})"


def _referee_orders(
    turn: TurnFile,
    head_seq: int,
    referee_undo: RefereeUndo,
    state: CampaignState,
    answers: str | None = None,
) -> tuple[str, ...]:
    """Every referee order and referee undo of ``turn`` (based on event ``head_seq``), named
    as ``replay`` names a batch (its events counted as the file counts them), a battle by its
    short id in ``state``, the position the first of them was refused in (the earlier batches
    replayed; DN-CBT-1, docs/seats.md; found by use, December 7: the list quoted the inner
    id); with ``answers``, batch 1 is the receiver's own order (strict dice), never one of
    them."""
    named: list[str] = []
    seq = head_seq
    for number, batch in enumerate(turn.body.batches, start=1):
        own = number == 1 and answers is not None
        if not own and (referee_undo.reason_of(batch.order) is not None or _referee(batch.order)):
            named.append(_where(number, with_short_battle_ids(batch.order, state), seq))
        seq += len(batch.events)
    return tuple(named)


def _referee(text: str) -> bool:
    """Order ``text`` is a referee order (not an order at all: ``replay`` refuses it in its
    place)."""
    try:
        return parse_order(text).side is None
    except CampaignError:
        return False


def _decide(
    turn: TurnFile,
    text: str,
    state: CampaignState,
    ruleset: Ruleset,
    dice: DiceSource,
    where: str,
    source: str,
    *,
    allow_referee: bool,
    foreign: bool = False,
) -> list[Event]:
    """The events the rules give for order ``text`` of the file, with the file's ``dice``
    (``foreign``: the receiver's own order, answered by the sender, strict dice)."""
    try:
        order = parse_order(text)
    except CampaignError as error:
        raise ReplayMismatchError(f"{where}: {error.message}", source=source) from None
    if not foreign:
        check_author(turn, order, where, source, allow_referee=allow_referee)
    # read as the seat that typed it read it: a player (his referee orders too, given in his
    # own database) names a neutral counter by its alias only, and a real id is refused as an
    # id that does not exist; its refusal worded for him alike (DN-NEU-1; found by use,
    # December 7: "aslan target b1 N-M-1" in a forged file was refused on the receiver's
    # machine with "N-X-3 is not in the battle", which told that N-X-3 is a monitor)
    typist = order.side if foreign else turn.header.side
    try:
        check_names(state, ruleset, order, typist)
    except CampaignError as error:
        raise ReplayMismatchError(f"{where}: {error.message}", source=source) from None
    try:
        return engine.decide(state, order, ruleset, dice, reader=typist)
    except StrictDiceError as error:
        raise StrictDiceError(
            f"{where}: {error.message}", side=turn.header.side.value, source=source
        ) from None
    except CampaignError as error:
        raise ReplayMismatchError(
            f"{where}: the rules refuse this order: {error.message}", source=source
        ) from None


def _referee_undo(
    name: str,
    turn: TurnFile,
    reason: str,
    rows: list[StoredEvent],
    where: str,
    source: str,
    referee_undo: RefereeUndo,
    *,
    allow_referee: bool,
) -> list[Event]:
    """The event of a referee undo in the file, computed from this campaign's log ``rows`` as
    the sender's ``undo --referee`` computed it from his (refused unless agreed). One that
    no agreement could let through (strict dice: it reverts a roll, ``authority``) is refused
    first, so the receiver is not asked to agree to it."""
    sender = turn.header.side.value
    failure: CampaignError | None = None
    try:
        if check_reason(reason, "the referee's reason") != reason:
            raise CampaignError("the reason is not written as this tool writes it")
        restored = referee_undo.restoration(name, rows, reason)
    except SeatError as error:
        raise StrictDiceError(
            f"{where}: a referee undo in a file from {sender}: {error.message}; refused (the "
            "sender withdraws the file, `campaign withdraw`, and takes the undo back, "
            "`campaign undo --yes`)",
            side=sender,
            source=source,
        ) from None
    except CampaignError as error:
        failure = error
    if not allow_referee:
        raise RefereeOrderError(
            f"{where}: a referee undo in a file from {sender}; refused unless "
            "you agreed to it (import with --allow-referee); if you did not, the sender "
            "withdraws the file (`campaign withdraw`) and takes his referee undo back "
            "(`campaign undo --yes`)",
            source=source,
        )
    if failure is not None:
        raise ReplayMismatchError(f"{where}: {failure.message}", source=source)
    return [restored]


def _in_the_files_form(
    events: list[Event], carried: Sequence[FileEvent], seal_key: str
) -> list[Event]:
    """A referee undo's ``referee-restored`` event in the form the file carries it: 0.1.0
    logged the restored state as a dict (``referee.as_0_1_0_wrote_it``), this version as its
    canonical text, and a player who upgraded sends the undo as it was logged. Both forms are
    computed here from this campaign's own log, so either restores what this machine computes;
    the file only chooses how it is written (found by use, December 7, night: such a file was
    refused as "altered or made with other rules", with ``--allow-referee`` too)."""
    if len(events) != 1 or len(carried) != 1 or not isinstance(events[0], RefereeRestored):
        return events
    legacy = engine.as_stored(as_0_1_0_wrote_it(events[0]))
    wanted = carried[0]
    if wanted.payload is not None:
        old = "state" in wanted.payload and "state_text" not in wanted.payload
    else:
        old = wanted.sealed == fairdice.seal(seal_key, canonical_json(legacy))
    return [legacy] if old else events


def decide_pending(
    name: str,
    turn: TurnFile,
    state: CampaignState,
    ruleset: Ruleset,
    dice: DiceSource,
    head: Head,
    source: str,
) -> tuple[NewBatch, list[StoredEvent]]:
    """Strict dice: the receiver decides the order that ends ``turn`` undecided
    (``header.pending_order``) on ``state`` (the state after the file's batches, updated in
    place) with ``dice``, the roll its own contribution completes; its batch and event rows,
    chained after ``head``. The rules refusing it refuse the file (the sender's machine checked
    everything but the dice)."""
    text = turn.header.pending_order or ""
    where = f"the order that ends file {turn.header.exchange} ({text!r})"
    events = _decide(turn, text, state, ruleset, dice, where, source, allow_referee=False)
    engine.fold(events, state)
    new = NewBatch(text, [(e.type, canonical_json(e)) for e in events])
    return new, chain_events(name, head, new.order_text, new.payloads)


class LoggedBatch(NamedTuple):
    """One order of our own log: its text, its first event's number and its events as
    logged."""

    order: str
    first_seq: int
    events: list[Event]


class Refused(NamedTuple):
    """An order of our own log that this version's rules refuse where it stands: its text (a
    battle by its short id), its first event's number and the rules' reason (rule id first)."""

    order: str
    first_seq: int
    reason: str
    #: Whether a plain undo can still take it back with every order after it: none of them
    #: rolled dice or ended a phase (``campaign.app.orders``, DN-ERR-1).
    undoable: bool
    #: How many orders a plain undo must take back to reach it (it included).
    undos: int


class _DiceDiffer(Exception):
    """The order, decided again, asked for a die its logged events do not hold."""


class LoggedDice:
    """The dice an order rolled when it was logged, handed out again by purpose and in order:
    an order decided again from the log rolls exactly what it rolled then, whatever the dice
    mode (seeded, commit-reveal, strict or typed)."""

    def __init__(self, events: Sequence[Event]) -> None:
        self._values: dict[str, list[int]] = {}
        for event in events:
            for roll in event.rolls:
                self._values.setdefault(roll.purpose, []).append(roll.value)
        self._taken: dict[str, int] = {}

    def draw(self, ctx: RollContext) -> int:
        """The next logged value for ``ctx.purpose``; ``_DiceDiffer`` when there is none."""
        taken = self._taken.get(ctx.purpose, 0)
        values = self._values.get(ctx.purpose, [])
        if taken >= len(values):
            raise _DiceDiffer(ctx.purpose)
        self._taken[ctx.purpose] = taken + 1
        return values[taken]


def refused_orders(
    batches: Sequence[LoggedBatch],
    state: CampaignState,
    ruleset: Ruleset,
    sender: Side | None,
) -> list[Refused]:
    """Every order of ``batches`` (our own log after ``state``, which is consumed) that this
    version's rules refuse where it stands, read as ``replay`` reads it on the other machine
    (its names as the one who typed it knows them: ``sender``, the side whose log it is, for
    a referee order; None for the referee's own database). Each order is decided again with
    the dice it rolled (``LoggedDice``) and the log goes on as logged, so every refusal is
    found, not only the first. A referee undo is not decided here (``replay`` computes it
    again from the log); an order whose decision asks for dice its events lack, or trips an
    engine bug, is left to the import to judge: only a refusal by the rules is reported.

    Found by use (December 7, late night): an order 0.1.0 accepted and this version refuses
    (``produce`` before ``maintain``, DN-ECO-7), given before the upgrade, went into the next
    file, and the other player's import refused the file."""
    refused: list[tuple[str, int, str, int]] = []
    for index, batch in enumerate(batches):
        if any(isinstance(event, RefereeRestored) for event in batch.events):
            engine.fold(batch.events, state)
            continue
        try:
            order = parse_order(batch.order)
            typist = order.side if order.side is not None else sender
            check_names(state, ruleset, order, typist)
            engine.decide(state, order, ruleset, LoggedDice(batch.events), reader=typist)
        except CampaignError as error:
            shown = with_short_battle_ids(batch.order, state)
            refused.append((shown, batch.first_seq, error.message, index))
        except (_DiceDiffer, EngineBugError):
            pass
        engine.fold(batch.events, state)
    return [
        Refused(order, seq, reason, _undoable(batches[index:]), len(batches) - index)
        for order, seq, reason, index in refused
    ]


def _undoable(batches: Sequence[LoggedBatch]) -> bool:
    """Whether plain undos can take back every order of ``batches``: none rolled dice or
    ended a phase, none is a referee undo's event (``Orders.undo``'s conditions)."""
    return not any(
        event.rolls or isinstance(event, PhaseEnded | PhaseAdvanced | RefereeRestored)
        for batch in batches
        for event in batch.events
    )

"""Application layer shared by the CLI and the TUI: load → check → decide → append.

``CampaignService`` owns nothing but a ``Store`` and a way to build the ``Ruleset``. Every method
either completes or raises a ``CampaignError`` subclass with a user-facing message; a rejected
order leaves the stored campaign exactly as it was.
"""

from __future__ import annotations

import functools
import hmac
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from pydantic import ValidationError

from campaign.rules import catalog, engine, narration
from campaign.rules.acting import Duty, acting_sentence, who_must_act
from campaign.rules.base import Event
from campaign.rules.canonical import canonical_json, sha256_hex
from campaign.rules.dice import DiceSource, PhysicalSource, SeededSource
from campaign.rules.errors import (
    CampaignError,
    InvalidOrderError,
    RulesetMismatchError,
    StaleTurnError,
    TamperedLogError,
    UndoError,
)
from campaign.rules.field_errors import field_problem
from campaign.rules.flow import FLOW, MapAssembled, PhaseAdvanced, PhaseEnded, layout_record
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.notation import parse_order
from campaign.rules.plain_text import check_reason
from campaign.rules.referee import DiceEntered, RefereeRestored, RulesetRepinned
from campaign.rules.registry import event_adapter
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState, Where
from campaign.rules.views import redact, view_digest
from campaign.store.repository import (
    DICE_MODES,
    GENESIS_HASH,
    Head,
    Store,
    StoredEvent,
    check_campaign_name,
)
from campaign.store.rows import CampaignRow, SnapshotRow

#: A snapshot is written whenever the log crosses a multiple of this many events.
SNAPSHOT_EVERY = 250
START_ORDER_TEXT = "(campaign started)"

RulesetLoader = Callable[[str, "int | None"], Ruleset]


def content_loader(data_dir: Path | None = None) -> RulesetLoader:
    """The default ruleset source: ``campaign.content.load_ruleset`` on ``data_dir``."""

    def load(layout: str, seed: int | None) -> Ruleset:
        from campaign.content import load_ruleset

        return load_ruleset(data_dir, layout, seed)

    return load


def parse_stored(rows: list[StoredEvent], name: str = "") -> list[Event]:
    """Events from stored JSON rows; ``TamperedLogError`` naming the first unreadable one."""
    adapter = event_adapter()
    try:
        return [adapter.validate_json(row.payload) for row in rows]
    except ValidationError:
        for row in rows:
            try:
                adapter.validate_json(row.payload)
            except ValidationError as error:
                raise TamperedLogError(
                    name, row.seq, f"event cannot be read by this version: "
                    f"{field_problem(error)}"
                ) from None
        raise


@dataclass
class Loaded:
    """A campaign as loaded: its row, verified log head, state and ruleset."""

    row: CampaignRow
    head: Head
    state: CampaignState
    ruleset: Ruleset
    from_snapshot: int = 0  # seq of the snapshot used (0: cold replay)
    dice_mode: str = "seeded"  # chosen at creation: seeded, physical or commit-reveal


@dataclass(frozen=True)
class TypedDice:
    """Dice values typed in by a person (``campaign order --dice``, the TUI's dice field).

    Accepted only in a ``physical`` campaign, or in a ``seeded`` one as a referee override with
    a ``reason`` (DN-ERR-1); the order's batch then records them in a ``dice-entered`` event."""

    values: tuple[int, ...]
    reason: str | None = None


@dataclass(frozen=True)
class Anchor:
    """A point of the hash chain a referee keeps outside the database: event count and hash.

    Text form ``COUNT:HASH``; the hash of event ``COUNT`` covers every event before it."""

    count: int
    hash: str

    def text(self) -> str:
        """``COUNT:HASH``, as ``campaign verify NAME --anchor`` prints it."""
        return f"{self.count}:{self.hash}"

    @classmethod
    def parse(cls, text: str) -> Anchor:
        """Read ``COUNT:HASH`` (``CampaignError`` with an example otherwise)."""
        count, _, digest = text.strip().partition(":")
        if not (count.isascii() and count.isdigit() and len(count) <= 12 and len(digest) == 64
                and all(c in "0123456789abcdef" for c in digest)):
            raise CampaignError(
                f"anchor {text[:80]!r} is not COUNT:HASH (e.g. 412:3f1c...; 64 hex digits), as "
                "printed by `campaign verify NAME --anchor`"
            )
        return cls(int(count), digest)


@dataclass
class Status:
    """What ``campaign status`` shows."""

    name: str
    turn: int
    step: str
    phasing: Side
    acting: Side
    ru: dict[Side, int]
    units: dict[Side, int]
    unplaced: dict[Side, int]
    seq: int
    digest: str
    winner: Side | None
    legal: list[engine.LegalOrder] = field(default_factory=list)
    legal_other: list[engine.LegalOrder] = field(default_factory=list)  # non-acting side
    duties: list[Duty] = field(default_factory=list)  # who must act now, most urgent first


@dataclass(frozen=True)
class StoryEntry:
    """One order batch of the log as sentences (``CampaignService.story``).

    ``turn`` is the game turn when the order was given, ``side`` the side that gave it
    (``referee`` or ``-`` for the campaign start), ``types`` the event types it produced,
    ``lines`` the condensed sentences and ``rolls`` every die with its purpose.
    """

    batch: int
    first_seq: int
    turn: int
    side: str
    order_text: str
    types: tuple[str, ...]
    lines: tuple[str, ...]
    rolls: tuple[str, ...]
    dice_origin: str = ""  # where the dice came from (``dice_origin``), when there are dice

    def matches(self, *, turn: int | None = None, side: str | None = None,
                event_type: str | None = None) -> bool:
        """Filter as the TUI log does: game turn, side prefix, event type (substring)."""
        if turn is not None and self.turn != turn:
            return False
        if side is not None and not self.side.startswith(side.lower()):
            return False
        return event_type is None or any(event_type in t for t in self.types)


@dataclass(frozen=True)
class OrderReport:
    """What one order did: its events, their sentences (condensed), the state after and who
    must act now (``acting.acting_sentence``)."""

    events: list[Event]
    lines: list[str]
    state: CampaignState
    now: str = ""


@dataclass(frozen=True)
class LogLine:
    """One order batch of the log."""

    batch: int
    first_seq: int
    order_text: str
    events: list[str]
    rolls: list[str]
    dice_origin: str = ""  # who rolled the dice: seeded, typed at the table, referee override


def dice_origin(record: DiceEntered | None, mode: str) -> str:
    """Where the dice of a batch came from, as the log shows it."""
    if record is None:
        return "commit-reveal key" if mode == "commit-reveal" else "seeded"
    if record.origin == "physical":
        return "typed at the table" + (f" ({record.reason})" if record.reason else "")
    return f"typed by the referee: {record.reason}"


class CampaignService:
    """Load → check → decide → append, for one database."""

    def __init__(
        self,
        store: Store | None = None,
        *,
        db_url: str | None = None,
        ruleset_loader: RulesetLoader | None = None,
        seal_dir: Path | None = None,
        snapshot_every: int = SNAPSHOT_EVERY,
    ) -> None:
        """``seal_dir``: where this machine's snapshot-sealing key lives (default: the user's
        data directory; ``campaign/store/seal.py``). ``snapshot_every``: a snapshot is written
        whenever the log crosses a multiple of this many events (tests force small values so
        that every path through a snapshot is exercised)."""
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        catalog.load()
        self.store = store if store is not None else Store(db_url)
        self.load_ruleset = ruleset_loader or content_loader()
        self._seal_dir = seal_dir
        self.snapshot_every = snapshot_every

    # --- creation and loading -----------------------------------------------------------------

    def create(
        self,
        name: str,
        layout: str = "standard",
        seed: int | None = None,
        dice_seed: str | None = None,
        dice_mode: str = "seeded",
    ) -> Loaded:
        """A new campaign: pins the data, logs the map and the seeded neutral shuffle.

        ``seed`` seeds random assembly and, when no ``dice_seed`` is given, the dice too (so a
        seeded game is reproducible: for tests, demos and seed games). Without ``seed`` a random
        layout gets a fresh map seed (logged) and the dice a secret random seed. ``dice_mode``
        (``seeded``, ``physical`` or ``commit-reveal``) decides who may give dice values later;
        the set-up's neutral shuffle is always seeded.
        """
        check_campaign_name(name)
        if dice_mode not in DICE_MODES:
            raise CampaignError(f"unknown dice mode {dice_mode!r} ({', '.join(DICE_MODES)})")
        if layout == "random" and seed is None:
            layout_seed: int | None = secrets.randbelow(2**31)
        else:
            layout_seed = seed if layout == "random" else None
        ruleset = self.load_ruleset(layout, layout_seed)
        if dice_seed is None:
            dice_seed = f"seed:{seed}" if seed is not None else secrets.token_hex(16)
        events = engine.start(
            name,
            ruleset,
            MapAssembled(layout=layout_record(ruleset.star_map)),
            SeededSource(dice_seed),
        )
        self.store.create_campaign(
            CampaignRow(
                name=name,
                layout=layout,
                layout_seed=layout_seed,
                dice_seed=dice_seed,
                file_hashes=canonical_json(ruleset.file_hashes),
                profile_hash=ruleset.profile_hash,
            ),
            dice_mode,
        )
        self.store.append(name, 0, START_ORDER_TEXT, [(e.type, canonical_json(e)) for e in events])
        return self.load(name)

    def ruleset_for(self, row: CampaignRow, *, allow_changed: bool = False) -> Ruleset:
        """The ruleset of ``row``; refuses changed data files unless ``allow_changed``."""
        ruleset = self.load_ruleset(row.layout, row.layout_seed)
        pinned = json.loads(row.file_hashes)
        if not allow_changed and dict(ruleset.file_hashes) != pinned:
            from campaign.content.hashing import describe_changes, diff_hashes

            raise RulesetMismatchError(
                describe_changes(diff_hashes(pinned, dict(ruleset.file_hashes)))
                + f" (campaign {row.name!r}: `campaign repin {row.name} REASON`)"
            )
        return ruleset

    def load(
        self, name: str, *, use_snapshot: bool = True, allow_changed_data: bool = False
    ) -> Loaded:
        """Verify the hash chain, then fold the log; the latest snapshot is used only when this
        machine sealed it (it computed or checked it before) or after it was checked against the
        log it claims to summarise, which then seals it (``from_snapshot`` = its event).

        A snapshot that differs from the replayed log (an edited database) is never used: the
        log is the truth, and ``campaign verify`` names the bad snapshot."""
        row = self.store.campaign(name)
        rows = self.store.rows(name)
        self.store.verify_rows(name, rows)
        ruleset = self.ruleset_for(row, allow_changed=allow_changed_data)
        snapshot = self.store.latest_snapshot(name) if use_snapshot else None
        if snapshot is not None and not 0 < snapshot.seq <= len(rows):
            snapshot = None
        state, checked = CampaignState(), 0
        if snapshot is not None and self._sealed(name, snapshot, rows):
            # checked on this machine before: the verified chain still leads to it
            state = CampaignState.from_canonical_text(snapshot.state)
            engine.fold(parse_stored(rows[snapshot.seq :], name), state)
            checked = snapshot.seq
        elif snapshot is not None:
            events = parse_stored(rows, name)
            engine.fold(events[: snapshot.seq], state)
            if self._snapshot_agrees(snapshot, rows, state):
                checked = snapshot.seq
                self._seal(name, snapshot.seq, snapshot.event_hash, snapshot.digest)
            engine.fold(events[snapshot.seq :], state)
        else:
            engine.fold(parse_stored(rows, name), state)
        head = Head(rows[-1].seq, rows[-1].hash, rows[-1].batch) if rows else Head(0, "", -1)
        return Loaded(row, head, state, ruleset, checked, self.store.dice_mode(name))

    @functools.cached_property
    def _machine_key(self) -> bytes | None:
        """This machine's snapshot-sealing key (read or made once per service)."""
        from campaign.store.repository import data_dir
        from campaign.store.seal import machine_key

        return machine_key(self._seal_dir or data_dir())

    def _sealed(self, name: str, snapshot: SnapshotRow, rows: list[StoredEvent]) -> bool:
        """True when ``snapshot`` carries this machine's seal and still sits on the verified
        log (the event hash at its seq and its digest are the ones sealed)."""
        key = self._machine_key
        mac = self.store.snapshot_seal(name, snapshot.seq) if key is not None else None
        if key is None or mac is None:
            return False
        from campaign.store.seal import seal_of

        return (
            rows[snapshot.seq - 1].hash == snapshot.event_hash
            and sha256_hex(snapshot.state) == snapshot.digest
            and hmac.compare_digest(
                mac, seal_of(key, name, snapshot.seq, snapshot.event_hash, snapshot.digest))
        )

    def _seal(self, name: str, seq: int, event_hash: str, digest: str) -> None:
        """Seal the snapshot of ``name`` after ``seq`` (its state was computed or checked here)."""
        key = self._machine_key
        if key is not None:
            from campaign.store.seal import seal_of

            self.store.seal_snapshot(name, seq, seal_of(key, name, seq, event_hash, digest))

    @staticmethod
    def _snapshot_agrees(snapshot: SnapshotRow, rows: list[StoredEvent],
                         replayed: CampaignState) -> bool:
        """True when ``snapshot`` is the state the log gives at its event, the order of every
        collection included (a snapshot written in another order would bind dice and aliases
        differently, so it is not used)."""
        text = replayed.canonical_text()
        return (
            rows[snapshot.seq - 1].hash == snapshot.event_hash
            and sha256_hex(snapshot.state) == snapshot.digest
            and snapshot.state == text
        )

    # --- orders ---------------------------------------------------------------------------------

    def order(
        self,
        name: str,
        text: str,
        *,
        dice: DiceSource | None = None,
        typed: TypedDice | None = None,
        expected_seq: int | None = None,
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
        events = self.submit(loaded, text, dice=dice, typed=typed)
        return events, loaded.state

    def order_report(
        self,
        name: str,
        text: str,
        *,
        dice: DiceSource | None = None,
        typed: TypedDice | None = None,
        viewer: Side | None = None,
    ) -> OrderReport:
        """Like ``order``, and say what happened: one sentence per event worth reading."""
        loaded = self.load(name)
        before = loaded.state.clone()
        events = self.submit(loaded, text, dice=dice, typed=typed, viewer=viewer)
        lines = narration.condense(
            narration.narrate(events, before, viewer=viewer, ruleset=loaded.ruleset)
        )
        return OrderReport(events, lines, loaded.state, acting_sentence(loaded.state,
                                                                         loaded.ruleset))

    def submit(
        self, loaded: Loaded, text: str, *, dice: DiceSource | None = None,
        typed: TypedDice | None = None, viewer: Side | None = None,
    ) -> list[Event]:
        """Decide ``text`` on an already loaded campaign (e.g. kept open by the TUI) and append.

        Dice come from the campaign's seed, or in a ``physical`` campaign from ``typed`` (values
        typed at the table). ``typed`` in a ``seeded`` campaign needs a referee ``reason``; a
        ``commit-reveal`` campaign refuses typed dice (the other player's machine re-rolls
        them). Typed dice are recorded in a ``dice-entered`` event of the same batch.
        ``dice`` is a programmatic source for tests and tools (never user input).

        ``viewer``: the player typing the order (``None``: the referee, who may name every
        counter by its real id). A player names face-down counters by their alias only; the
        order is checked as typed, before aliases are resolved (``rules.naming``, DN-NEU-1).

        ``loaded`` is updated in place. If another writer appended meanwhile, ``ConflictError``
        and nothing is stored: reload and try again.
        """
        order = engine.read_typed(loaded.state, text, loaded.ruleset, viewer)
        if typed is not None or (loaded.dice_mode == "physical" and dice is None):
            source = self._typed_source(loaded, typed)
        else:
            source = dice if dice is not None else SeededSource(loaded.row.dice_seed)
        events = engine.decide(loaded.state, order, loaded.ruleset, source)
        # the log (and so every turn file) names a face-down counter by its alias, as the
        # ordering player knows it (DN-NEU-1); replays resolve the alias again
        logged = redact(order.to_notation(), loaded.state, order.side)
        values = tuple(roll.value for event in events for roll in event.rolls)
        if isinstance(source, PhysicalSource) and dice is None and values:
            events.append(self._dice_record(loaded, typed, values))
        self._append(loaded, logged, events)
        return events

    @staticmethod
    def _typed_source(loaded: Loaded, typed: TypedDice | None) -> PhysicalSource:
        """The source for typed dice, if the campaign's dice mode accepts them (DN-ERR-1)."""
        name, mode = loaded.row.name, loaded.dice_mode
        reason = (typed.reason or "").strip() if typed is not None else ""
        if reason:
            check_reason(reason, "the reason for the typed dice")
        if mode == "commit-reveal":
            raise InvalidOrderError(
                f"DN-ERR-1: campaign {name!r} plays by e-mail with commit-reveal dice: the "
                "other player's machine rolls every die again, so dice cannot be typed in"
            )
        if mode == "seeded" and not reason:
            raise InvalidOrderError(
                f"DN-ERR-1: campaign {name!r} rolls seeded dice; typed dice are accepted only "
                "in a campaign created with physical dice (`campaign new --dice physical`) or "
                "as a referee override with a reason (--referee \"REASON\")"
            )
        return PhysicalSource.from_values(typed.values if typed is not None else ())

    @staticmethod
    def _dice_record(loaded: Loaded, typed: TypedDice | None, values: tuple[int, ...]
                     ) -> DiceEntered:
        reason = (typed.reason or "").strip() if typed is not None else ""
        if loaded.dice_mode == "physical":
            return DiceEntered(origin="physical", values=values, reason=reason or None)
        return DiceEntered(origin="referee-override", values=values, reason=reason)

    def _append(self, loaded: Loaded, order_text: str, events: list[Event]) -> None:
        """Store ``events`` after the loaded head, then update ``loaded`` and snapshot."""
        stored = self.store.append(
            loaded.row.name,
            loaded.head.seq,
            order_text,
            [(e.type, canonical_json(e)) for e in events],
        )
        engine.fold([engine.as_stored(e) for e in events], loaded.state)
        last = stored[-1]
        previous = loaded.head.seq
        loaded.head = Head(last.seq, last.hash, last.batch)
        if last.seq // self.snapshot_every > previous // self.snapshot_every:
            self.snapshot(loaded)

    def snapshot(self, loaded: Loaded) -> None:
        """Write a snapshot of ``loaded`` at its head."""
        text, name, head = loaded.state.canonical_text(), loaded.row.name, loaded.head
        digest = sha256_hex(text)
        self.store.save_snapshot(name, head.seq, head.hash, digest, text)
        self._seal(name, head.seq, head.hash, digest)

    # --- undo, override, re-pin ------------------------------------------------------------------

    def undo(self, name: str, *, referee_reason: str | None = None) -> CampaignState:
        """Remove the last order's events (same phase, no dice), or with a referee reason log a
        ``referee-restored`` event putting the state back to before that order."""
        return self.undo_report(name, referee_reason=referee_reason).state

    def undo_report(
        self, name: str, *, referee_reason: str | None = None, viewer: Side | None = None
    ) -> OrderReport:
        """``undo``, saying what was taken back: the undone order's sentences (a plain undo)
        or the ``referee-restored`` sentence (an override)."""
        loaded = self.load(name)
        rows = self.store.rows(name)
        batch_rows = [r for r in rows if r.batch == loaded.head.batch]
        if not batch_rows or batch_rows[0].order_text == START_ORDER_TEXT:
            raise UndoError("nothing to undo: the start of the campaign cannot be undone")
        keep = batch_rows[0].seq - 1
        events = parse_stored(batch_rows, name)
        if referee_reason is None:
            self._refuse_undo_of_sent(name, batch_rows[0])
            rolled = [roll for event in events for roll in event.rolls]
            if rolled:
                raise UndoError(
                    f"cannot undo '{batch_rows[0].order_text}': it rolled dice "
                    f"({rolled[0].purpose} = {rolled[0].value}); only a referee override with a "
                    "reason can revert it (undo --referee REASON)"
                )
            if any(isinstance(e, PhaseEnded | PhaseAdvanced) for e in events):
                raise UndoError(
                    f"cannot undo '{batch_rows[0].order_text}': it ended the phase; undo works "
                    "within the current phase only (a referee override can revert it)"
                )
            self.store.truncate(name, loaded.head.seq, keep)
            after = self.load(name)
            undone = narration.condense(narration.narrate(events, after.state, viewer=viewer,
                                                          ruleset=after.ruleset))
            lines = [f"undone: {batch_rows[0].order_text}", *(f"  {t}" for t in undone)]
            return OrderReport(events, lines, after.state,
                               acting_sentence(after.state, after.ruleset))
        reason = check_reason(referee_reason, "the referee's reason")
        restored = referee_restoration(name, rows, reason)
        text = referee_undo_text(reason)
        previous = loaded.state.clone()
        self._append(loaded, text, [restored])
        lines = narration.condense(narration.narrate([restored], previous, viewer=viewer,
                                                     ruleset=loaded.ruleset))
        return OrderReport([restored], lines, loaded.state,
                           acting_sentence(loaded.state, loaded.ruleset))

    def _refuse_undo_of_sent(self, name: str, first: StoredEvent) -> None:
        """A plain undo must not remove events a turn file already carried to the other
        player: both copies would then disagree about the past (docs/turn-files.md)."""
        from campaign.pbem.ledger import exchanged_through  # the PBEM tables, if any

        shared = exchanged_through(self.store, name)
        if first.seq <= shared:
            raise UndoError(
                f"cannot undo '{first.order_text}': it went to the other player in a turn file "
                f"(events up to {shared} are shared); give a new order instead, or agree on a "
                "referee override (undo --referee REASON, which is sent with the next file)"
            )

    def repin(self, name: str, reason: str) -> Loaded:
        """Accept the current data files for ``name`` (DN-DATA-4), logged with ``reason``."""
        reason = check_reason(reason, "the reason for re-pinning")
        loaded = self.load(name, allow_changed_data=True)
        ruleset = loaded.ruleset
        event = RulesetRepinned(
            reason=reason, file_hashes=dict(ruleset.file_hashes), profile_hash=ruleset.profile_hash
        )
        self._append(loaded, f"referee repin {json.dumps(reason)}", [event])
        self.store.update_pins(name, dict(ruleset.file_hashes), ruleset.profile_hash)
        return self.load(name)

    # --- views ------------------------------------------------------------------------------------

    def status(self, name: str, viewer: Side | None = None) -> Status:
        """Turn, phase, who acts, RU, unit counts, digest and the order types legal now; the
        digest is of what ``viewer`` sees (``views.view_digest``)."""
        loaded = self.load(name)
        state = loaded.state
        units = {s: sum(1 for _ in state.units_of(s)) for s in PLAYER_SIDES}
        unplaced = {
            s: sum(1 for u in state.units_of(s) if u.location.where is Where.UNPLACED)
            for s in PLAYER_SIDES
        }
        return Status(
            name=name,
            turn=state.turn,
            step=FLOW[state.step].label,
            phasing=state.phasing,
            acting=state.acting,
            ru=dict(state.ru),
            units=units,
            unplaced=unplaced,
            seq=loaded.head.seq,
            digest=view_digest(state, viewer),
            winner=state.winner,
            legal=engine.legal_orders(state, state.acting, loaded.ruleset),
            legal_other=engine.legal_orders(state, state.acting.enemy, loaded.ruleset),
            duties=who_must_act(state, loaded.ruleset),
        )

    def log(self, name: str, viewer: Side | None = None) -> list[LogLine]:
        """The verified log, one line per order batch, with the origin of its dice. For a
        player (``viewer``) the order texts and dice purposes name face-down counters by their
        aliases, as the state of that moment shows them (DN-NEU-1)."""
        self.store.campaign(name)
        rows = self.store.rows(name)
        self.store.verify_rows(name, rows)
        mode = self.store.dice_mode(name)
        lines: list[LogLine] = []
        state = CampaignState()
        for row, event in zip(rows, parse_stored(rows, name), strict=True):
            rolls = [redact(f"{r.purpose}={r.value}", state, viewer) for r in event.rolls]
            if event.secret:
                rolls = [f"{len(event.rolls)} hidden roll(s)"] if event.rolls else []
            if lines and lines[-1].batch == row.batch:
                lines[-1].events.append(event.type)
                lines[-1].rolls.extend(rolls)
            else:
                lines.append(LogLine(row.batch, row.seq, redact(row.order_text, state, viewer),
                                     [event.type], rolls))
            engine.apply_event(state, event)
            if isinstance(event, DiceEntered):
                lines[-1] = replace(lines[-1], dice_origin=dice_origin(event, mode))
            elif rolls and not lines[-1].dice_origin:
                lines[-1] = replace(lines[-1], dice_origin=dice_origin(None, mode))
        return lines

    def story(
        self,
        name: str,
        *,
        viewer: Side | None = None,
        first_seq: int = 1,
        last_seq: int | None = None,
    ) -> list[StoryEntry]:
        """The verified log as sentences, one entry per order batch (``campaign log``, the
        CLI report of ``import``). Only batches starting in ``first_seq..last_seq`` are kept;
        the state before them is folded from the start so names are those of the moment."""
        loaded = self.load(name)
        rows = self.store.rows(name)
        events = parse_stored(rows, name)
        state = CampaignState()
        entries: list[StoryEntry] = []
        start = 0
        while start < len(rows):
            end = start
            while end < len(rows) and rows[end].batch == rows[start].batch:
                end += 1
            batch = events[start:end]
            row = rows[start]
            keep = row.seq >= first_seq and (last_seq is None or row.seq <= last_seq)
            if keep:
                narrated = narration.narrate(batch, state, viewer=viewer,
                                             ruleset=loaded.ruleset)
                record = next((e for e in batch if isinstance(e, DiceEntered)), None)
                entries.append(StoryEntry(
                    batch=row.batch, first_seq=row.seq, turn=state.turn,
                    side=_order_side(row.order_text),
                    order_text=redact(row.order_text, state, viewer),  # older logs: real ids
                    types=tuple(e.type for e in batch),
                    lines=tuple(narration.condense(narrated)),
                    rolls=tuple(r for item in narrated for r in item.rolls),
                    dice_origin=dice_origin(record, loaded.dice_mode),
                ))
            engine.fold(batch, state)
            start = end
        return entries

    def verify(self, name: str, anchor: Anchor | None = None) -> list[str]:
        """Full check: hash chain, cold replay, every snapshot against the replay, data pins,
        the dice of a seeded campaign against its seed, and optionally an ``anchor``.

        Returns human-readable findings (empty = all good); raises ``TamperedLogError`` for a
        broken chain. What this does and does not prove: docs/turn-files.md ("What verify
        guarantees").
        """
        row = self.store.campaign(name)
        rows = self.store.rows(name)
        self.store.verify_rows(name, rows)
        findings: list[str] = []
        if anchor is not None:
            findings.extend(self._check_anchor(rows, anchor))
        ruleset: Ruleset | None = None
        try:
            ruleset = self.ruleset_for(row)
        except RulesetMismatchError as error:
            findings.append(error.message)
        state = CampaignState()
        events = parse_stored(rows, name)
        done = 0
        for snapshot in self.store.snapshots(name):
            if snapshot.seq > len(events):
                findings.append(f"snapshot at event {snapshot.seq} is beyond the log")
                continue
            engine.fold(events[done : snapshot.seq], state)
            done = snapshot.seq
            if state.canonical_text() != snapshot.state:
                findings.append(f"snapshot at event {snapshot.seq} differs from the replayed log")
        engine.fold(events[done:], state)
        if ruleset is not None and self.store.dice_mode(name) == "seeded":
            findings.extend(self._check_seeded_dice(row, rows, events, ruleset))
        return findings

    def anchor(self, name: str) -> Anchor:
        """The head of the verified chain of ``name``, for the referee to keep elsewhere."""
        self.store.campaign(name)
        rows = self.store.rows(name)
        self.store.verify_rows(name, rows)
        last = rows[-1] if rows else None
        return Anchor(last.seq, last.hash) if last else Anchor(0, GENESIS_HASH)

    @staticmethod
    def _check_anchor(rows: list[StoredEvent], anchor: Anchor) -> list[str]:
        if anchor.count > len(rows):
            return [f"the anchor names event {anchor.count}, but the log has only {len(rows)} "
                    "events: events were removed after the anchor was taken"]
        have = rows[anchor.count - 1].hash if anchor.count else GENESIS_HASH
        if have != anchor.hash:
            return [f"event {anchor.count} no longer has the anchored hash "
                    f"({anchor.hash[:12]}, now {have[:12]}): the log was changed at or before "
                    f"event {anchor.count}"]
        return []

    @staticmethod
    def _check_seeded_dice(row: CampaignRow, rows: list[StoredEvent], events: list[Event],
                           ruleset: Ruleset) -> list[str]:
        """Every batch that rolled dice without a ``dice-entered`` record must be what the
        campaign's seed gives: decided again and compared, event by event (DN-ERR-1)."""
        findings: list[str] = []
        state = CampaignState()
        start = 0
        while start < len(rows):
            stop = start
            while stop < len(rows) and rows[stop].batch == rows[start].batch:
                stop += 1
            batch = events[start:stop]
            first = rows[start]
            seeded = any(e.rolls for e in batch) and not any(
                isinstance(e, DiceEntered) for e in batch)
            if seeded and first.order_text != START_ORDER_TEXT:
                try:
                    order = engine.normalize(state, parse_order(first.order_text))
                    again = engine.decide(state, order, ruleset, SeededSource(row.dice_seed))
                    same = [canonical_json(e) for e in again] == [
                        r.payload for r in rows[start:stop]]
                except CampaignError:
                    same = False
                if not same:
                    findings.append(
                        f"event {first.seq} ({first.order_text!r}): its dice are not the ones "
                        "the campaign's seed gives, and no typed dice are recorded for it "
                        "(DN-ERR-1)"
                    )
            engine.fold(batch, state)
            start = stop
        return findings


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
        reason = json.loads(order_text[len(REFEREE_UNDO):])
    except ValueError:
        return None
    if not isinstance(reason, str) or referee_undo_text(reason) != order_text:
        return None
    return reason


def referee_restoration(name: str, rows: list[StoredEvent], reason: str) -> RefereeRestored:
    """The ``referee-restored`` event that puts campaign ``name``, whose log is ``rows`` (all
    of it, from event 1), back to its state before the last order batch.

    The state is folded again from the log, never taken from anywhere else: the referee's own
    undo and the receiver of a turn file that carries one (``campaign.pbem.position``) both
    compute it here, so they agree event for event whatever the state's serialisation. The
    event is returned as the log gives it back (read from its canonical JSON), so folding it
    gives the state every later load gives."""
    last = rows[-1].batch if rows else -1
    first = next((row for row in reversed(rows) if row.batch != last), None)
    start = first.seq + 1 if first is not None else 1
    if not rows or rows[start - 1].order_text == START_ORDER_TEXT:
        raise UndoError("nothing to undo: the start of the campaign cannot be undone")
    keep = start - 1
    before = engine.fold(parse_stored(rows[:keep], name))
    made = RefereeRestored(reason=reason, to_seq=keep, state_text=before.canonical_text())
    stored = engine.as_stored(made)
    assert isinstance(stored, RefereeRestored)
    return stored


def _order_side(order_text: str) -> str:
    """The side word an order text starts with (``aslan``, ``solomani``, ``referee``) or ``-``."""
    head = order_text.split(" ", 1)[0]
    return head if head in ("aslan", "solomani", "referee") else "-"

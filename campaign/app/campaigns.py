"""Campaigns as the write side keeps them: create, load (the snapshot-trust protocol), append.

``Campaigns`` owns a ``Store`` and a way to build the ``Ruleset``; every other use case
(``orders``, ``audit``, ``reading``) builds on it. ``append`` is the one way events reach the
log: one order's events in one transaction, folded into the loaded state as the log gives them
back, with a snapshot whenever the log crosses ``snapshot_every`` events (docs/engine.md).
"""

from __future__ import annotations

import json
import secrets
import shlex
from collections.abc import Callable, Sequence
from pathlib import Path

from msgspec import Struct, field

from campaign.records.chain import head_of_rows, verify_after
from campaign.records.rows import CampaignRow
from campaign.rules import catalog, engine
from campaign.rules.base import Event
from campaign.rules.canonical import canonical_json, sha256_hex
from campaign.rules.dice import SeededSource
from campaign.rules.economy.treasury import IncomeHistory, boxes_counted
from campaign.rules.errors import (
    CampaignError,
    RulesetMismatchError,
    TamperedLogError,
)
from campaign.rules.flow import MapAssembled, layout_record
from campaign.rules.ids import Side
from campaign.rules.model import ModelError
from campaign.rules.plain_text import check_reason
from campaign.rules.referee import RulesetRepinned
from campaign.rules.registry import event_adapter, parse_stored_events
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState
from campaign.rules.struct_errors import field_problem
from campaign.store.repository import (
    DICE_MODES,
    Head,
    Store,
    StoredEvent,
    check_campaign_name,
)
from campaign.store.seal import Seals
from campaign.userfiles import OwnFile, refuse_own_files

#: A snapshot is written whenever the log crosses a multiple of this many events.
SNAPSHOT_EVERY = 250
START_ORDER_TEXT = "(campaign started)"
#: The dice mode of play by e-mail where neither machine can preview a roll
#: (``campaign.app.strict_dice``, loaded only for a campaign that plays so).
STRICT_DICE = "strict"
#: The dice modes a fair campaign may use, the first its default (issue 42 item 3).
FAIR_DICE = (STRICT_DICE, "commit-reveal")
#: Dice modes whose database stores its player's dice secrets (kept 0600 with fair secrets).
SECRET_DICE = (STRICT_DICE, "commit-reveal")
#: Why the others are refused with ``--fair``.
FAIR_DICE_WHY = {
    "seeded": "both machines hold the dice seed, so either player can compute every roll in "
    "advance",
    "physical": "dice typed in by a player are whatever he types: nothing a machine can check",
}

RulesetLoader = Callable[[str, "int | None"], Ruleset]


def fair_dice_refusal(dice_mode: str | None) -> str | None:
    """Why a fair campaign may not roll ``dice_mode`` dice (None: it may; None for the mode
    means the default, strict). Issue 42 item 3, docs/turn-files.md "Who can preview what"."""
    if dice_mode is None or dice_mode in FAIR_DICE or dice_mode not in FAIR_DICE_WHY:
        return None
    return (
        f"--dice {dice_mode} with --fair is refused: {FAIR_DICE_WHY[dice_mode]}; fair mode "
        "plays with strict dice (the default with --fair: nobody can preview a roll) or "
        "commit-reveal dice (the sender previews its own)"
    )


def content_loader(data_dir: Path | None = None) -> RulesetLoader:
    """The default ruleset source: ``campaign.content.load_ruleset`` on ``data_dir``."""

    def load(layout: str, seed: int | None) -> Ruleset:
        from campaign.content import load_ruleset

        return load_ruleset(data_dir, layout, seed)

    return load


def parse_stored(rows: list[StoredEvent], name: str = "") -> list[Event]:
    """Events from stored JSON rows; ``TamperedLogError`` naming the first unreadable one."""
    try:  # each row by its own class (the usual case: no union schema to build)
        return parse_stored_events((row.type, row.payload) for row in rows)
    except (KeyError, ModelError):
        pass  # read again with the union, which names the first unreadable row
    adapter = event_adapter()
    try:
        return [adapter.validate_json(row.payload) for row in rows]
    except ModelError:
        for row in rows:
            try:
                adapter.validate_json(row.payload)
            except ModelError as error:
                raise TamperedLogError(
                    name, row.seq, f"event cannot be read by this version: {field_problem(error)}"
                ) from None
        raise


class Loaded(Struct):
    """A campaign as loaded: its row, verified log head, state and ruleset, and the verified
    log it was folded from (``rows``, kept up to date by ``Campaigns.append``: use cases that
    need the log read it here instead of reading it again)."""

    row: CampaignRow
    head: Head
    state: CampaignState
    ruleset: Ruleset
    from_snapshot: int = 0  # seq of the snapshot used (0: cold replay)
    dice_mode: str = "seeded"  # chosen at creation: seeded, physical, commit-reveal, strict
    rows: list[StoredEvent] = field(default_factory=list)

    def income_history(self) -> IncomeHistory:
        """Per side, the boxes that counted in its incomes so far and the game turn of the
        last one (``treasury.boxes_counted``), read from the ``income-collected`` events of
        the log: the income report names those the side has lost since (DN-ECO-1/2)."""
        wanted = [row for row in self.rows if row.type in _HISTORY_EVENTS]
        return boxes_counted(zip((row.seq for row in wanted), parse_stored(wanted), strict=True))


#: The events an income history reads (``Loaded.income_history``).
_HISTORY_EVENTS = frozenset({"income-collected", "referee-restored"})


class Campaigns:
    """Create and load campaigns of one database; append one order's events at a time."""

    def __init__(
        self,
        store: Store | None = None,
        *,
        db_url: str | None = None,
        ruleset_loader: RulesetLoader | None = None,
        seal_dir: Path | None = None,
        snapshot_every: int = SNAPSHOT_EVERY,
        create: bool = True,
    ) -> None:
        """``seal_dir``: where this machine's snapshot-sealing key lives (default: the user's
        data directory; ``campaign/store/seal.py``). ``snapshot_every``: a snapshot is written
        whenever the log crosses a multiple of this many events (tests force small values so
        that every path through a snapshot is exercised). ``create=False``: a database named by
        ``db_url`` or ``$CAMPAIGN_DB_URL`` that does not exist is refused, not created
        (``Store``)."""
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        catalog.load()
        self.store = store if store is not None else Store(db_url, create=create)
        self.load_ruleset = ruleset_loader or content_loader()
        #: The data directory is the tool's own choice (``$CAMPAIGN_DATA_DIR`` or the shipped
        #: data), which a refusal of changed data names (``ruleset_for``).
        self.reads_default_data = ruleset_loader is None
        self.seals = Seals(seal_dir)
        self.snapshot_every = snapshot_every

    def refuse_own_files(
        self, to: Path, name: str, what: str, also: Sequence[OwnFile] = ()
    ) -> None:
        """``FileRefusedError`` when ``to``, a file the user named for ``what`` about campaign
        ``name`` (a turn file, a picture, a record), is (or links to) the database the campaign
        is kept in (or one of its journals), or one of the files ``also`` (a signing key):
        every command and dialog that writes a file the user names asks this before it writes
        anything (``userfiles.refuse_own_files``)."""
        refuse_own_files(to, [*self.own_files(name), *also], what)

    def own_files(self, name: str | None = None) -> list[OwnFile]:
        """The files of this database (an SQLite file and its journals; none for a server),
        each with the words that say why nothing may be written over it: the database
        campaign ``name`` is kept in, or (no name: a scenario game's save) the campaigns'."""
        whose = f"campaign {name!r} is" if name is not None else "the campaigns are"
        return [(path, f"that is the database {whose} kept in") for path in self.store.files()]

    def migration_notice(self) -> str | None:
        """What opening the database did, when it migrated an older one: where the copy of it
        went or how to go back, and the unsent orders this version refuses, with what to do
        (``campaign.app.upgrading.migration_notice``); said once by the commands and the
        terminal UI alike. ``None`` when this open migrated nothing."""
        if self.store.migrated is None:
            return None
        # deliberate lazy import: the notice reads the mail ledger and decides orders again,
        # which a command on a database not migrated now never needs (issue 47 item 2)
        from campaign.app.upgrading import migration_notice

        return migration_notice(self)

    def create(
        self,
        name: str,
        layout: str = "standard",
        seed: int | None = None,
        dice_seed: str | None = None,
        dice_mode: str | None = None,
        *,
        fair: bool = False,
    ) -> Loaded:
        """A new campaign: pins the data, logs the map and the seeded neutral shuffle (with
        ``fair``: no seeded shuffle; the two players' machines shuffle the face-down counters
        jointly by turn file, docs/adr/0028-fair-play-by-e-mail.md).

        ``seed`` seeds random assembly and, when no ``dice_seed`` is given, the dice too (so a
        seeded game is reproducible: for tests, demos and seed games). Without ``seed`` a random
        layout gets a fresh map seed (logged) and the dice a secret random seed. ``dice_mode``
        (``seeded``, ``physical``, ``commit-reveal`` or ``strict``) decides who may give dice
        values later; the set-up's neutral shuffle is always seeded. Without ``dice_mode`` a fair
        campaign rolls strict dice, any other seeded ones (issue 42 item 3).
        """
        if dice_mode is None:
            dice_mode = FAIR_DICE[0] if fair else "seeded"
        check_campaign_name(name)
        if fair:  # the joint shuffle needs the fair extra: say so before anything is made
            from campaign.pbem.fair.group import require

            require()
        if dice_mode not in DICE_MODES:
            raise CampaignError(f"unknown dice mode {dice_mode!r} ({', '.join(DICE_MODES)})")
        refusal = fair_dice_refusal(dice_mode) if fair else None
        if refusal is not None:
            raise CampaignError(refusal)
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
            fair=fair,
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
        if fair or dice_mode in SECRET_DICE:  # its secrets will be stored here
            self.store.keep_private()
        return self.load(name)

    def ruleset_for(self, row: CampaignRow, *, allow_changed: bool = False) -> Ruleset:
        """The ruleset of ``row``; refuses changed data files unless ``allow_changed``."""
        ruleset = self.load_ruleset(row.layout, row.layout_seed)
        pinned = json.loads(row.file_hashes)
        if not allow_changed and dict(ruleset.file_hashes) != pinned:
            from campaign.content.hashing import describe_changes, diff_hashes

            raise RulesetMismatchError(
                describe_changes(diff_hashes(pinned, dict(ruleset.file_hashes)))
                + f" (campaign {row.name!r}: `campaign repin {shlex.quote(row.name)} REASON`)"
                + (self._data_read() if self.reads_default_data else "")
            )
        return ruleset

    @staticmethod
    def _data_read() -> str:
        """Which data directory was read and why, for the refusal of changed data: a campaign
        created with a referee's own files (``$CAMPAIGN_DATA_DIR``) and opened in a shell
        without the variable was told only that "the data files changed" and to re-pin, which
        would have put it on the shipped house tables (found by use, December 8)."""
        from campaign.app.data import data_directory, data_origin
        from campaign.content.loader import DATA_DIR_ENV

        return (
            f"; the data read: {data_directory(None)} ({data_origin(None)}): a campaign "
            f"created with your own data files reads them with {DATA_DIR_ENV}=DIR"
        )

    def reader(self, name: str, side: Side | None) -> Side | None:
        """Whose eyes a read of ``name`` is for: ``side`` when the user names one; else, in a
        player's own database (play by e-mail: the side it plays is recorded), that player's
        (in fair mode it holds kinds revealed to the machines only); else the referee's
        (docs/seats.md)."""
        if side is not None:
            return side
        player = self.store.ledger.player(name) if self.store.plays_by_mail(name) else None
        return Side(player.side) if player is not None else None

    def load(
        self, name: str, *, use_snapshot: bool = True, allow_changed_data: bool = False
    ) -> Loaded:
        """Open ``name`` (``Store.open_campaign``: its row and the log, hash chain verified),
        then fold the log: from the latest snapshot when this machine sealed it; otherwise the
        log is replayed up to the snapshot and the store vouches for the snapshot only when it
        agrees, sealing it (``from_snapshot`` = its event). The log is read once.

        A snapshot that differs from the replayed log (an edited database) is never used: the
        log is the truth, and ``campaign verify`` names the bad snapshot."""
        opened = self.store.open_campaign(name, self.seals, use_snapshot=use_snapshot)
        rows, snapshot = opened.rows, opened.snapshot
        ruleset = self.ruleset_for(opened.row, allow_changed=allow_changed_data)
        state, checked = CampaignState(), 0
        if snapshot is not None and opened.trusted:
            state = CampaignState.from_canonical_text(snapshot.state)
            engine.fold(parse_stored(rows[snapshot.seq :], name), state)
            checked = snapshot.seq
        elif snapshot is not None:
            events = parse_stored(rows, name)
            engine.fold(events[: snapshot.seq], state)
            if self.store.vouch_for_snapshot(
                name, snapshot, rows, state.canonical_text(), self.seals
            ):
                checked = snapshot.seq
            engine.fold(events[snapshot.seq :], state)
        else:
            engine.fold(parse_stored(rows, name), state)
        return Loaded(
            opened.row, head_of_rows(rows), state, ruleset, checked, opened.dice_mode, rows
        )

    def caught_up(self, loaded: Loaded) -> Loaded | None:
        """``loaded`` brought up to the stored campaign, or None when it is current. Orders
        appended after it are read alone, checked to continue its hash chain and folded into
        it (a screen following a game reads a few rows, not the whole log, issue 43); after
        an undo, or anything else that is not a continuation, the campaign is loaded anew."""
        name = loaded.row.name
        stored = self.store.head(name)
        if stored == loaded.head:
            return None
        rows = self.store.rows(name, after_seq=loaded.head.seq)
        try:
            verify_after(name, loaded.head, rows)
        except TamperedLogError:  # not a continuation (an undo): read it all, verified
            return self.load(name)
        if not rows:
            return self.load(name)
        engine.fold(parse_stored(rows, name), loaded.state)
        loaded.rows.extend(rows)
        loaded.head = head_of_rows(loaded.rows)
        return loaded

    def stored_head(self, name: str) -> Head:
        """The head of ``name`` as stored now (one row; to tell whether a kept ``Loaded`` is
        behind, ``campaign.app.live``)."""
        return self.store.head(name)

    def append(self, loaded: Loaded, order_text: str, events: list[Event]) -> None:
        """Store ``events`` after the loaded head, then update ``loaded`` and snapshot."""
        stored = self.store.append(
            loaded.row.name,
            loaded.head.seq,
            order_text,
            [(e.type, canonical_json(e)) for e in events],
        )
        engine.fold([engine.as_stored(e) for e in events], loaded.state)
        self.appended(loaded, stored)

    def appended(self, loaded: Loaded, stored: list[StoredEvent]) -> None:
        """``loaded``, whose state already holds the events ``stored`` after its head, now ends
        at them; a snapshot is written when they cross a multiple of ``snapshot_every``."""
        previous = loaded.head.seq
        loaded.rows.extend(stored)
        loaded.head = head_of_rows(loaded.rows)
        if loaded.head.seq // self.snapshot_every > previous // self.snapshot_every:
            self.snapshot(loaded)

    def snapshot(self, loaded: Loaded) -> None:
        """Write a snapshot of ``loaded`` at its head, sealed: this machine computed it."""
        text, name, head = loaded.state.canonical_text(), loaded.row.name, loaded.head
        self.store.save_snapshot(name, head.seq, head.hash, sha256_hex(text), text, self.seals)

    def repin(self, name: str, reason: str) -> Loaded | None:
        """Accept the current data files for ``name`` (DN-DATA-4), logged with ``reason``;
        ``None`` (nothing logged) when the data files are those pinned already."""
        reason = check_reason(reason, "the reason for re-pinning")
        loaded = self.load(name, allow_changed_data=True)
        ruleset = loaded.ruleset
        if dict(ruleset.file_hashes) == json.loads(loaded.row.file_hashes):
            return None
        event = RulesetRepinned(
            reason=reason, file_hashes=dict(ruleset.file_hashes), profile_hash=ruleset.profile_hash
        )
        self.append(loaded, f"referee repin {json.dumps(reason)}", [event])
        self.store.update_pins(name, dict(ruleset.file_hashes), ruleset.profile_hash)
        return self.load(name)

"""The play-by-e-mail ledger's statements: which turn files went out and came in, own dice
secrets, fork decisions, the side this database plays and whether files are signed, withdrawn
files (docs/turn-files.md; the tables are declared in ``tables.py``, created on first use).

The event log is written here only by ``commit_import``, the import/fork transaction: it appends
a whole turn file — after dropping our own crossed branch when a fork is resolved — with the
file's ledger rows, the agreed dice mode and the next dice key, in **one transaction**, so a
failed import leaves the database exactly as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

import msgspec

from campaign.records.ledger_rows import (
    FairPass,
    FairSecret,
    PbemEnvelope,
    PbemFile,
    PbemFork,
    PbemPlayer,
    PbemSetup,
    PbemWithdrawal,
    StrictPending,
)
from campaign.records.mail_record import MailRecord
from campaign.records.rows import StoredEvent
from campaign.rules.errors import ConflictError
from campaign.store.database import Connection, Database, IntegrityViolation
from campaign.store.names import side_of_last_file
from campaign.store.statements import (
    LEDGER_TABLE_NAMES,
    delete_after,
    expect_head,
    insert_events,
    set_dice_mode,
)


class Host(Protocol):
    """What the ledger needs of the store it lives in (``Store``): its database, and creating
    the ledger's tables on first use. A protocol, so this module does not import the repository
    that creates it (``Store.ledger``)."""

    database: Database

    def create_missing(self, names: Sequence[str], present: set[str] | None = None) -> None: ...


Row = TypeVar("Row", bound=msgspec.Struct)

#: The table each ledger row is stored in (its fields are the table's columns).
TABLE_OF: dict[type, str] = {
    PbemSetup: "dn_pbem_setup",
    PbemFile: "dn_pbem_file",
    PbemFork: "dn_pbem_fork",
    PbemEnvelope: "dn_pbem_envelope",
    PbemPlayer: "dn_pbem_player",
    PbemWithdrawal: "dn_pbem_withdrawal",
    FairPass: "dn_fair_pass",
    FairSecret: "dn_fair_secret",
    StrictPending: "dn_strict_pending",
}


def _columns(kind: type[msgspec.Struct]) -> list[str]:
    return list(kind.__struct_fields__)


def _insert(connection: Connection, row: msgspec.Struct) -> None:
    """Insert ``row`` (a ledger record) into its table."""
    columns = _columns(type(row))
    connection.run(
        f"INSERT INTO {TABLE_OF[type(row)]} ({', '.join(columns)})"
        f" VALUES ({', '.join(':' + column for column in columns)})",
        msgspec.structs.asdict(row),
    )


def _select(
    connection: Connection, kind: type[Row], where: str, params: dict, order: str = ""
) -> list[Row]:
    """The rows of ``kind``'s table that match ``where``."""
    columns = _columns(kind)
    found = connection.all(
        f"SELECT {', '.join(columns)} FROM {TABLE_OF[kind]} WHERE {where}"
        + (f" ORDER BY {order}" if order else ""),
        params,
    )
    return [kind(**dict(zip(columns, row, strict=True))) for row in found]


BY_NAME = "campaign_name = :name"
BY_FILE = "campaign_name = :name AND exchange = :exchange"


def _save_fair(connection: Connection, rows: Sequence[FairPass | FairSecret]) -> None:
    """Record shuffle passes (kept when already recorded: a pass never changes) and this
    side's secrets (replacing what was recorded: the third pass adds keys)."""
    for row in rows:
        if isinstance(row, FairSecret):
            connection.run(
                f"DELETE FROM dn_fair_secret WHERE {BY_NAME}", {"name": row.campaign_name}
            )
        elif connection.first(
            f"SELECT side FROM dn_fair_pass WHERE {BY_FILE}",
            {"name": row.campaign_name, "exchange": row.exchange},
        ):
            continue
        _insert(connection, row)


def _save_player(connection: Connection, player: PbemPlayer) -> None:
    """Record ``player``, replacing what was recorded for its campaign."""
    connection.run(f"DELETE FROM dn_pbem_player WHERE {BY_NAME}", {"name": player.campaign_name})
    _insert(connection, player)


def exchanged_through(store: Host, name: str) -> int:
    """The last event of ``name`` that went out or came in with a turn file (0: none, also when
    this database never exchanged one: the ledger's tables are not created for asking).

    Events up to there are shared with the other player: a plain undo must not remove them."""
    if "dn_pbem_file" not in store.database.table_names():
        return 0
    with store.database.read() as connection:
        row = connection.first(
            f"SELECT MAX(head_seq) FROM dn_pbem_file WHERE {BY_NAME}", {"name": name}
        )
    return int(row[0] or 0) if row is not None else 0


def exchanged_heads(store: Host, name: str) -> list[tuple[int, int, str]]:
    """(file number, last event, its hash) of every turn file of ``name`` sent or received and
    not taken back: the log must still hold each of those events (``chain.verify_exchanged``).
    None when this database never exchanged a file."""
    if "dn_pbem_file" not in store.database.table_names():
        return []
    with store.database.read() as connection:
        return [
            (int(exchange), int(seq), str(digest))
            for exchange, seq, digest in connection.all(
                f"SELECT exchange, head_seq, head_hash FROM dn_pbem_file WHERE {BY_NAME}",
                {"name": name},
            )
        ]


def _player(connection: Connection, name: str, files: Sequence[PbemFile]) -> PbemPlayer | None:
    """``Ledger.player`` on ``connection``, ``files`` being the campaign's files."""
    recorded = _select(connection, PbemPlayer, BY_NAME, {"name": name})
    if recorded:
        return recorded[0]
    if not files:
        return None
    last = files[-1]
    side = side_of_last_file(last.side, last.direction)
    signed = connection.first(
        f"SELECT MIN(exchange) FROM dn_pbem_envelope WHERE {BY_NAME} AND signature IS NOT NULL",
        {"name": name},
    )
    return PbemPlayer(
        campaign_name=name, side=side, signed_since=signed[0] if signed is not None else None
    )


class Ledger:
    """The PBEM tables of one store (``Store.ledger``)."""

    def __init__(self, store: Host) -> None:
        self.store = store
        self.database = store.database
        store.create_missing(LEDGER_TABLE_NAMES)

    def _one(self, kind: type[Row], where: str, params: dict) -> Row | None:
        with self.database.read() as connection:
            found = _select(connection, kind, where, params)
        return found[0] if found else None

    def setup(self, name: str) -> PbemSetup | None:
        """The PBEM set-up of ``name``, if any."""
        return self._one(PbemSetup, BY_NAME, {"name": name})

    def save_setup(self, setup: PbemSetup, *, campaign_mode: str | None = None) -> None:
        """Record the set-up (an explicitly accepted dice mode before the first file); with
        ``campaign_mode`` the campaign's own dice mode becomes that mode too."""
        with self.database.write() as connection:
            _insert(connection, setup)
            if campaign_mode is not None:
                set_dice_mode(connection, setup.campaign_name, campaign_mode)

    def envelope(self, name: str, exchange: int) -> PbemEnvelope | None:
        """The header and signature of file ``exchange`` (None for files recorded before this
        table existed)."""
        return self._one(PbemEnvelope, BY_FILE, {"name": name, "exchange": exchange})

    def files(self, name: str) -> list[PbemFile]:
        """Every file sent or received, by exchange number."""
        with self.database.read() as connection:
            return _select(connection, PbemFile, BY_NAME, {"name": name}, "exchange")

    def secret(self, name: str, exchange: int) -> str | None:
        """Our own secret committed in file ``exchange`` (None if that file was not ours)."""
        with self.database.read() as connection:
            row = connection.first(
                f"SELECT secret FROM dn_pbem_secret WHERE {BY_FILE}",
                {"name": name, "exchange": exchange},
            )
        return row[0] if row is not None else None

    def forks(self, name: str) -> list[PbemFork]:
        """Crossed-file decisions, oldest first."""
        with self.database.read() as connection:
            return _select(connection, PbemFork, BY_NAME, {"name": name}, "id")

    def withdrawals(self, name: str) -> list[PbemWithdrawal]:
        """Files sent and taken back, oldest first."""
        with self.database.read() as connection:
            return _select(connection, PbemWithdrawal, BY_NAME, {"name": name}, "id")

    def player(self, name: str) -> PbemPlayer | None:
        """The side this database plays in ``name`` and since which file files are signed: as
        recorded, or for a campaign exchanged by an older version, as its files show (its last
        file sent, or the other side of a file received; the first signed envelope)."""
        with self.database.read() as connection:
            return _player(
                connection, name, _select(connection, PbemFile, BY_NAME, {"name": name}, "exchange")
            )

    def mail(self, name: str) -> MailRecord:
        """Everything the ledger holds about ``name``, in one read (``MailRecord``): what a
        play-by-e-mail command reads once and passes down (issue 48 item 1)."""
        params = {"name": name}
        with self.database.read() as connection:
            files = _select(connection, PbemFile, BY_NAME, params, "exchange")
            setups = _select(connection, PbemSetup, BY_NAME, params)
            secret = _select(connection, FairSecret, BY_NAME, params)
            held = _select(connection, StrictPending, BY_NAME, params)
            secrets = connection.all(
                f"SELECT exchange, secret FROM dn_pbem_secret WHERE {BY_NAME}", params
            )
            return MailRecord(
                name,
                setup=setups[0] if setups else None,
                player=_player(connection, name, files),
                files=tuple(files),
                secrets={int(exchange): text for exchange, text in secrets},
                envelopes={
                    row.exchange: row for row in _select(connection, PbemEnvelope, BY_NAME, params)
                },
                forks=tuple(_select(connection, PbemFork, BY_NAME, params, "id")),
                withdrawals=tuple(_select(connection, PbemWithdrawal, BY_NAME, params, "id")),
                passes=tuple(_select(connection, FairPass, BY_NAME, params, "exchange")),
                fair_secret=secret[0] if secret else None,
                held=held[0] if held else None,
            )

    def fair_passes(self, name: str) -> list[FairPass]:
        """The shuffle passes made here or received (fair mode), by file number."""
        with self.database.read() as connection:
            return _select(connection, FairPass, BY_NAME, {"name": name}, "exchange")

    def fair_secret(self, name: str) -> FairSecret | None:
        """This database's own shuffle secrets (fair mode), if it made a pass."""
        return self._one(FairSecret, BY_NAME, {"name": name})

    def save_fair(self, rows: Sequence[FairPass | FairSecret]) -> None:
        """Record passes and this side's secrets in one transaction (``_save_fair``)."""
        with self.database.write() as connection:
            _save_fair(connection, rows)

    def strict_pending(self, name: str) -> StrictPending | None:
        """Our order waiting for the other side's dice contribution (strict dice), if any."""
        return self._one(StrictPending, BY_NAME, {"name": name})

    def hold_for_dice(self, pending: StrictPending) -> None:
        """Keep ``pending`` until the file that answers it arrives (strict dice)."""
        try:
            with self.database.write() as connection:
                _insert(connection, pending)
        except IntegrityViolation:
            raise ConflictError(
                f"campaign {pending.campaign_name!r}: an order already waits for the other "
                "side's dice; nothing recorded"
            ) from None

    def release_held(self, name: str) -> None:
        """Forget this side's order held for the dice (taken back before it was sent)."""
        with self.database.write() as connection:
            connection.run(f"DELETE FROM dn_strict_pending WHERE {BY_NAME}", {"name": name})

    def save_player(self, player: PbemPlayer) -> None:
        """Record (or replace) what this database plays (``campaign new --as``)."""
        with self.database.write() as connection:
            _save_player(connection, player)

    def withdraw(self, record: PbemFile, reason: str) -> None:
        """Forget that file ``record`` was sent (its header and signature with it) and log why,
        in one transaction. The secret committed in it is kept: the next file of that number
        commits to the same secret, so a copy that did arrive cannot make the dice disagree."""
        params = {"name": record.campaign_name, "exchange": record.exchange}
        with self.database.write() as connection:
            for table in ("dn_pbem_file", "dn_pbem_envelope"):
                connection.run(f"DELETE FROM {table} WHERE {BY_FILE}", params)
            _insert(
                connection,
                PbemWithdrawal(
                    campaign_name=record.campaign_name,
                    exchange=record.exchange,
                    body_sha256=record.body_sha256,
                    reason=reason,
                ),
            )

    def record_export(
        self,
        record: PbemFile,
        secret: str | None,
        envelope: PbemEnvelope,
        new_setup: PbemSetup | None = None,
        player: PbemPlayer | None = None,
        fair: Sequence[FairPass | FairSecret] = (),
    ) -> None:
        """Remember a file we sent (after it was written), our secret committed in it, its
        envelope, with the first file the set-up, what this database plays (``player``,
        when it changed) and the shuffle pass it carried with our secrets (``fair``): all in
        one transaction."""
        params = {"name": record.campaign_name, "exchange": record.exchange}
        try:
            with self.database.write() as connection:
                _insert(connection, record)
                _insert(connection, envelope)
                if new_setup is not None:
                    _insert(connection, new_setup)
                if player is not None:
                    _save_player(connection, player)
                _save_fair(connection, fair)
                if (
                    secret is not None
                    and connection.first(
                        f"SELECT secret FROM dn_pbem_secret WHERE {BY_FILE}", params
                    )
                    is None
                ):
                    connection.run(
                        "INSERT INTO dn_pbem_secret (campaign_name, exchange, secret)"
                        " VALUES (:name, :exchange, :secret)",
                        {**params, "secret": secret},
                    )
        except IntegrityViolation:
            raise ConflictError(
                f"file {record.exchange} of {record.campaign_name!r} was recorded meanwhile "
                "by another process; nothing recorded"
            ) from None

    def commit_import(
        self,
        name: str,
        expected_seq: int,
        rows: Sequence[StoredEvent],
        record: PbemFile,
        next_dice_seed: str | None,
        *,
        envelope: PbemEnvelope,
        fork: PbemFork | None = None,
        new_setup: PbemSetup | None = None,
        player: PbemPlayer | None = None,
        fair: Sequence[FairPass | FairSecret] = (),
        answered: bool = False,
    ) -> None:
        """The import/fork transaction: append ``rows`` after ``expected_seq`` with the file's
        ledger rows; with ``new_setup`` (the first contact) the agreed dice mode becomes the
        campaign's, with ``next_dice_seed`` the campaign's dice key changes, with ``player``
        what this database plays is recorded anew, with ``fair`` the shuffle pass received and
        the one made in answer, with our secrets (fair mode); ``answered``: the file decided
        our order that waited for the other side's dice, which waits no more (strict dice).

        With ``fork``: first drop our own events after ``fork.base_seq`` and our files from the
        fork's number on (the crossed branch we give up), logging ``fork``. Another process that
        imports or appends at the same moment makes this a ``ConflictError`` (nothing stored),
        never a database error."""
        try:
            with self.database.write() as connection:
                expect_head(connection, name, expected_seq, "nothing imported, try again")
                if fork is not None:
                    delete_after(connection, name, fork.base_seq)
                    for table in (
                        "dn_pbem_file",
                        "dn_pbem_secret",
                        "dn_pbem_envelope",
                        "dn_fair_pass",
                    ):
                        connection.run(
                            f"DELETE FROM {table} WHERE {BY_NAME} AND exchange >= :exchange",
                            {"name": name, "exchange": fork.exchange},
                        )
                    _insert(connection, fork)
                    # an order held for the dice belonged to the branch given up
                    connection.run(f"DELETE FROM dn_strict_pending WHERE {BY_NAME}", {"name": name})
                insert_events(connection, name, rows)
                _insert(connection, record)
                _insert(connection, envelope)
                if new_setup is not None:
                    _insert(connection, new_setup)
                    set_dice_mode(connection, name, new_setup.mode)
                if next_dice_seed is not None:
                    connection.run(
                        "UPDATE dn_campaign SET dice_seed = :seed WHERE name = :name",
                        {"name": name, "seed": next_dice_seed},
                    )
                if player is not None:
                    _save_player(connection, player)
                _save_fair(connection, fair)
                if answered:
                    connection.run(f"DELETE FROM dn_strict_pending WHERE {BY_NAME}", {"name": name})
        except IntegrityViolation:
            raise ConflictError(
                f"campaign {name!r}: another process imported or appended first; nothing "
                "imported (run `campaign exchanges` to see what it stored)"
            ) from None

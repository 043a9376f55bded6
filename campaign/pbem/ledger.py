"""The exchange ledger: which turn files went out and came in, own dice secrets, fork decisions,
the side this database plays and whether files are signed, withdrawn files.

Kept in tables of the campaign database next to the event log (created on first use).
The event log itself is never written here except by ``commit_import``, which appends a whole
turn file — every batch, the ledger row and the next dice key — in **one transaction**, so a
failed import leaves the database exactly as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Column, Connection, Text, delete, func, insert, inspect, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Field, Session, SQLModel, select

from campaign.rules.errors import ConflictError
from campaign.store.database import SqlAlchemyConnection
from campaign.store.models import campaign_dice, campaigns
from campaign.store.repository import (
    Head,
    Store,
    StoredEvent,
    chain_events,
    create_tables,
    delete_after,
    head_of,
    insert_events,
)


class PbemSetup(SQLModel, table=True):
    """How a campaign is played by e-mail: dice mode and the shared set-up seed."""

    __tablename__ = "dn_pbem_setup"

    campaign_name: str = Field(primary_key=True, max_length=200)
    mode: str
    shared_seed: str


class PbemFile(SQLModel, table=True):
    """One turn file sent (``out``) or received (``in``)."""

    __tablename__ = "dn_pbem_file"

    campaign_name: str = Field(primary_key=True, max_length=200)
    exchange: int = Field(primary_key=True)
    side: str
    direction: str
    base_seq: int
    head_seq: int
    head_hash: str
    commitment: str
    reveal: str | None = None
    body_sha256: str


class PbemSecret(SQLModel, table=True):
    """This machine's own commit–reveal secret for the file it sent as ``exchange``."""

    __tablename__ = "dn_pbem_secret"

    campaign_name: str = Field(primary_key=True, max_length=200)
    exchange: int = Field(primary_key=True)
    secret: str


class PbemFork(SQLModel, table=True):
    """A crossed-files decision: which file was kept, which events were dropped, and why."""

    __tablename__ = "dn_pbem_fork"

    id: int | None = Field(default=None, primary_key=True)
    campaign_name: str = Field(index=True, max_length=200)
    exchange: int
    base_seq: int
    kept_sha256: str
    dropped_sha256: str
    dropped_events: str = Field(sa_column=Column(Text, nullable=False))  # "seq:hash" lines
    reason: str = Field(sa_column=Column(Text, nullable=False))


class PbemEnvelope(SQLModel, table=True):
    """What a turn file held besides its events: the header and the signature, as sent or
    received, so that ``campaign export --again N`` can rebuild file ``N`` byte for byte."""

    __tablename__ = "dn_pbem_envelope"

    campaign_name: str = Field(primary_key=True, max_length=200)
    exchange: int = Field(primary_key=True)
    header: str = Field(sa_column=Column(Text, nullable=False))  # canonical JSON
    signature: str | None = Field(default=None, sa_column=Column(Text, nullable=True))


class PbemPlayer(SQLModel, table=True):
    """What this database agreed at set-up (docs/turn-files.md, "Sides and signatures"): the
    side its player plays, recorded with the first file sent or imported (or by
    ``campaign new --as``), and the first file that was signed, after which every file both
    ways must be signed."""

    __tablename__ = "dn_pbem_player"

    campaign_name: str = Field(primary_key=True, max_length=200)
    side: str
    signed_since: int | None = None


class PbemWithdrawal(SQLModel, table=True):
    """A file this database sent and took back because the other side refused it
    (``campaign withdraw``): its events stay here as orders not yet sent."""

    __tablename__ = "dn_pbem_withdrawal"

    id: int | None = Field(default=None, primary_key=True)
    campaign_name: str = Field(index=True, max_length=200)
    exchange: int
    body_sha256: str
    reason: str = Field(sa_column=Column(Text, nullable=False))


TABLES = (PbemSetup, PbemFile, PbemSecret, PbemFork, PbemEnvelope, PbemPlayer, PbemWithdrawal)


def exchanged_through(store: Store, name: str) -> int:
    """The last event of ``name`` that went out or came in with a turn file (0: none).

    Events up to there are shared with the other player: a plain undo must not remove them."""
    if not inspect(store.engine).has_table(PbemFile.__tablename__):
        return 0
    with Session(store.engine) as session:
        last = session.exec(
            select(func.max(PbemFile.head_seq)).where(PbemFile.campaign_name == name)
        ).one()
    return int(last or 0)


@dataclass(frozen=True)
class NewBatch:
    """One order batch to append: its notation and ``(type, canonical payload)`` pairs."""

    order_text: str
    payloads: list[tuple[str, str]]


def chain(
    name: str, head_seq: int, head_hash: str, head_batch: int, batches: Sequence[NewBatch]
) -> list[StoredEvent]:
    """The event rows ``batches`` become after the given head (hashes computed as the store
    does, so the receiver can compare its head hash with the sender's before storing)."""
    rows: list[StoredEvent] = []
    head = Head(head_seq, head_hash, head_batch)
    for batch in batches:
        stored = chain_events(name, head, batch.order_text, batch.payloads)
        rows.extend(stored)
        if stored:
            head = Head(stored[-1].seq, stored[-1].hash, stored[-1].batch)
        else:
            head = Head(head.seq, head.hash, head.batch + 1)
    return rows


def _other(side: str) -> str:
    return "solomani" if side == "aslan" else "aslan"


def set_dice_mode(connection: Connection, name: str, mode: str) -> None:
    """Make ``mode`` the dice mode of campaign ``name`` (replacing the one it had)."""
    connection.execute(delete(campaign_dice).where(campaign_dice.c.campaign_name == name))
    connection.execute(insert(campaign_dice).values(campaign_name=name, mode=mode))


class Ledger:
    """Access to the PBEM tables of one store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        create_tables(store.engine, [t.__table__ for t in TABLES])  # type: ignore[attr-defined]

    def setup(self, name: str) -> PbemSetup | None:
        """The PBEM set-up of ``name``, if any."""
        with Session(self.store.engine) as session:
            row = session.get(PbemSetup, name)
            if row is not None:
                session.expunge(row)
            return row

    def save_setup(self, setup: PbemSetup, *, campaign_mode: str | None = None) -> None:
        """Record the set-up (an explicitly accepted dice mode before the first file); with
        ``campaign_mode`` the campaign's own dice mode becomes that mode too."""
        with Session(self.store.engine) as session:
            session.add(PbemSetup.model_validate(setup.model_dump()))
            if campaign_mode is not None:
                set_dice_mode(session.connection(), setup.campaign_name, campaign_mode)
            session.commit()

    def envelope(self, name: str, exchange: int) -> PbemEnvelope | None:
        """The header and signature of file ``exchange`` (None for files recorded before this
        table existed)."""
        with Session(self.store.engine) as session:
            row = session.get(PbemEnvelope, (name, exchange))
            if row is not None:
                session.expunge(row)
            return row

    def files(self, name: str) -> list[PbemFile]:
        """Every file sent or received, by exchange number."""
        with Session(self.store.engine) as session:
            rows = list(
                session.exec(
                    select(PbemFile)
                    .where(PbemFile.campaign_name == name)
                    .order_by(PbemFile.exchange)  # type: ignore[arg-type]
                )
            )
            for row in rows:
                session.expunge(row)
            return rows

    def secret(self, name: str, exchange: int) -> str | None:
        """Our own secret committed in file ``exchange`` (None if that file was not ours)."""
        with Session(self.store.engine) as session:
            row = session.get(PbemSecret, (name, exchange))
            return row.secret if row is not None else None

    def forks(self, name: str) -> list[PbemFork]:
        """Crossed-file decisions, oldest first."""
        with Session(self.store.engine) as session:
            rows = list(session.exec(select(PbemFork).where(PbemFork.campaign_name == name)))
            for row in rows:
                session.expunge(row)
            return rows

    def player(self, name: str) -> PbemPlayer | None:
        """The side this database plays in ``name`` and since which file files are signed: as
        recorded, or for a campaign exchanged by an older version, as its files show (its last
        file sent, or the other side of a file received; the first signed envelope)."""
        with Session(self.store.engine) as session:
            row = session.get(PbemPlayer, name)
            if row is not None:
                session.expunge(row)
                return row
        files = self.files(name)
        if not files:
            return None
        last = files[-1]
        side = last.side if last.direction == "out" else _other(last.side)
        with Session(self.store.engine) as session:
            signed = session.exec(
                select(func.min(PbemEnvelope.exchange)).where(
                    PbemEnvelope.campaign_name == name,
                    PbemEnvelope.signature.is_not(None),  # type: ignore[union-attr]
                )
            ).one()
        return PbemPlayer(campaign_name=name, side=side, signed_since=signed)

    def save_player(self, player: PbemPlayer) -> None:
        """Record (or replace) what this database plays (``campaign new --as``)."""
        with Session(self.store.engine) as session:
            session.merge(PbemPlayer.model_validate(player.model_dump()))
            session.commit()

    def withdrawals(self, name: str) -> list[PbemWithdrawal]:
        """Files sent and taken back, oldest first."""
        with Session(self.store.engine) as session:
            rows = list(session.exec(
                select(PbemWithdrawal).where(PbemWithdrawal.campaign_name == name)
                .order_by(PbemWithdrawal.id)  # type: ignore[arg-type]
            ))
            for row in rows:
                session.expunge(row)
            return rows

    def withdraw(self, record: PbemFile, reason: str) -> None:
        """Forget that file ``record`` was sent (its header and signature with it) and log why,
        in one transaction. The secret committed in it is kept: the next file of that number
        commits to the same secret, so a copy that did arrive cannot make the dice disagree."""
        with Session(self.store.engine) as session, session.no_autoflush:
            for table in (PbemFile, PbemEnvelope):
                session.exec(  # type: ignore[call-overload]
                    delete(table).where(table.campaign_name == record.campaign_name,
                                        table.exchange == record.exchange)
                )
            session.add(PbemWithdrawal(campaign_name=record.campaign_name,
                                       exchange=record.exchange,
                                       body_sha256=record.body_sha256, reason=reason))
            session.commit()

    def record_export(self, record: PbemFile, secret: str | None, envelope: PbemEnvelope,
                      new_setup: PbemSetup | None = None,
                      player: PbemPlayer | None = None) -> None:
        """Remember a file we sent (after it was written), our secret committed in it, its
        envelope, with the first file the set-up, and what this database plays (``player``,
        when it changed): all in one transaction."""
        with Session(self.store.engine) as session, session.no_autoflush:
            session.add(record)
            session.add(envelope)
            if new_setup is not None:
                session.add(PbemSetup.model_validate(new_setup.model_dump()))
            if player is not None:
                session.merge(PbemPlayer.model_validate(player.model_dump()))
            if secret is not None and session.get(
                    PbemSecret, (record.campaign_name, record.exchange)) is None:
                session.add(
                    PbemSecret(
                        campaign_name=record.campaign_name, exchange=record.exchange,
                        secret=secret,
                    )
                )
            try:
                session.commit()
            except IntegrityError:
                session.rollback()
                raise ConflictError(
                    f"file {record.exchange} of {record.campaign_name!r} was recorded meanwhile "
                    "by another process; nothing recorded"
                ) from None

    def commit_import(
        self,
        name: str,
        expected_seq: int,
        rows: list[StoredEvent],
        record: PbemFile,
        next_dice_seed: str | None,
        *,
        envelope: PbemEnvelope,
        fork: PbemFork | None = None,
        new_setup: PbemSetup | None = None,
        player: PbemPlayer | None = None,
    ) -> None:
        """Append ``rows`` after ``expected_seq`` with the ledger row (and ``player`` when what
        this database plays changed), in one transaction.

        With ``fork``: first drop our own events after ``fork.base_seq`` and our file of the
        same number (the crossed branch we give up), logging ``fork``. Another process that
        imports the same file at the same moment makes this a ``ConflictError`` (nothing
        stored), never a database error."""
        with Session(self.store.engine) as session, session.no_autoflush:
            try:
                self._append_import(session, name, expected_seq, rows, record, next_dice_seed,
                                    envelope, fork, new_setup)
                if player is not None:
                    session.merge(PbemPlayer.model_validate(player.model_dump()))
                session.commit()
            except IntegrityError:
                session.rollback()
                raise ConflictError(
                    f"campaign {name!r}: another process imported or appended first; nothing "
                    "imported (run `campaign exchanges` to see what it stored)"
                ) from None

    @staticmethod
    def _append_import(
        session: Session, name: str, expected_seq: int, rows: list[StoredEvent],
        record: PbemFile,
        next_dice_seed: str | None, envelope: PbemEnvelope, fork: PbemFork | None,
        new_setup: PbemSetup | None,
    ) -> None:
        connection = session.connection()
        statements = SqlAlchemyConnection(connection)  # the store's own SQL, in this transaction
        head = head_of(statements, name)
        if head.seq != expected_seq:
            raise ConflictError(
                f"campaign {name!r} changed meanwhile (now at event {head.seq}); "
                "nothing imported, try again"
            )
        if fork is not None:
            delete_after(statements, name, fork.base_seq)
            for table in (PbemFile, PbemSecret, PbemEnvelope):
                session.exec(  # type: ignore[call-overload]
                    delete(table).where(
                        table.campaign_name == name, table.exchange >= fork.exchange
                    )
                )
            session.add(fork)
            session.flush()
        insert_events(statements, name, rows)
        session.add(record)
        session.add(envelope)
        if new_setup is not None:  # first contact: the agreed mode is the campaign's mode
            session.add(PbemSetup.model_validate(new_setup.model_dump()))
            set_dice_mode(connection, name, new_setup.mode)
        if next_dice_seed is not None:
            connection.execute(update(campaigns).where(campaigns.c.name == name)
                               .values(dice_seed=next_dice_seed))

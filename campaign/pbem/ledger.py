"""The exchange ledger: which turn files went out and came in, own dice secrets, fork decisions.

Kept in three tables of the campaign database next to the event log (created on first use).
The event log itself is never written here except by ``commit_import``, which appends a whole
turn file — every batch, the ledger row and the next dice key — in **one transaction**, so a
failed import leaves the database exactly as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Column, Text, delete
from sqlalchemy.exc import IntegrityError
from sqlmodel import Field, Session, SQLModel, select

from campaign.rules.errors import ConflictError
from campaign.store.models import CampaignRow, EventRow, SnapshotRow
from campaign.store.repository import Store, chain_hash


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


TABLES = (PbemSetup, PbemFile, PbemSecret, PbemFork)


@dataclass(frozen=True)
class NewBatch:
    """One order batch to append: its notation and ``(type, canonical payload)`` pairs."""

    order_text: str
    payloads: list[tuple[str, str]]


def chain(
    name: str, head_seq: int, head_hash: str, head_batch: int, batches: Sequence[NewBatch]
) -> list[EventRow]:
    """The event rows ``batches`` become after the given head (hashes computed as the store
    does, so the receiver can compare its head hash with the sender's before storing)."""
    rows: list[EventRow] = []
    seq, prev = head_seq, head_hash
    for offset, batch in enumerate(batches, start=1):
        for type_, payload in batch.payloads:
            seq += 1
            digest = chain_hash(
                name, seq, head_batch + offset, batch.order_text, type_, payload, prev
            )
            rows.append(
                EventRow(
                    campaign_name=name, seq=seq, batch=head_batch + offset,
                    order_text=batch.order_text, type=type_, payload=payload,
                    prev_hash=prev, hash=digest,
                )
            )
            prev = digest
    return rows


class Ledger:
    """Access to the PBEM tables of one store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        SQLModel.metadata.create_all(
            store.engine, tables=[t.__table__ for t in TABLES]  # type: ignore[attr-defined]
        )

    def setup(self, name: str) -> PbemSetup | None:
        """The PBEM set-up of ``name``, if any."""
        with Session(self.store.engine) as session:
            row = session.get(PbemSetup, name)
            if row is not None:
                session.expunge(row)
            return row

    def save_setup(self, setup: PbemSetup) -> None:
        """Record the set-up (first export or import)."""
        with Session(self.store.engine) as session:
            session.add(PbemSetup.model_validate(setup.model_dump()))
            session.commit()

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

    def record_export(self, record: PbemFile, secret: str | None) -> None:
        """Remember a file we sent and our secret committed in it."""
        with Session(self.store.engine) as session:
            session.add(record)
            if secret is not None:
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
                    f"file {record.exchange} of {record.campaign_name!r} was recorded meanwhile"
                ) from None

    def commit_import(
        self,
        name: str,
        expected_seq: int,
        rows: list[EventRow],
        record: PbemFile,
        next_dice_seed: str | None,
        *,
        fork: PbemFork | None = None,
        new_setup: PbemSetup | None = None,
    ) -> None:
        """Append ``rows`` after ``expected_seq`` with the ledger row, in one transaction.

        With ``fork``: first drop our own events after ``fork.base_seq`` and our file of the
        same number (the crossed branch we give up), logging ``fork``."""
        with Session(self.store.engine) as session:
            head = Store._head(session, name)
            if head.seq != expected_seq:
                raise ConflictError(
                    f"campaign {name!r} changed meanwhile (now at event {head.seq}); "
                    "nothing imported, try again"
                )
            if fork is not None:
                for table in (EventRow, SnapshotRow):
                    session.exec(  # type: ignore[call-overload]
                        delete(table).where(
                            table.campaign_name == name, table.seq > fork.base_seq
                        )
                    )
                for table in (PbemFile, PbemSecret):
                    session.exec(  # type: ignore[call-overload]
                        delete(table).where(
                            table.campaign_name == name, table.exchange >= fork.exchange
                        )
                    )
                session.add(fork)
                session.flush()
            for row in rows:
                session.add(row)
            session.add(record)
            if new_setup is not None:
                session.add(PbemSetup.model_validate(new_setup.model_dump()))
            if next_dice_seed is not None:
                campaign = session.get(CampaignRow, name)
                assert campaign is not None
                campaign.dice_seed = next_dice_seed
                session.add(campaign)
            try:
                session.commit()
            except IntegrityError:
                session.rollback()
                raise ConflictError(
                    f"campaign {name!r}: another writer appended first; nothing imported"
                ) from None

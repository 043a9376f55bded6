"""The SQL statements the store's modules share inside one transaction: the head of a log and
its check, reading and inserting events, the dice mode, deleting after an event.

Functions of an open ``Connection`` (``database.py``), used by the repository (``Store``) and
the play-by-e-mail ledger (``ledger.py``), which compose them into their transactions.
"""

from __future__ import annotations

from collections.abc import Sequence

from campaign.records.chain import GENESIS_HASH
from campaign.records.rows import Head, StoredEvent
from campaign.rules.errors import ConflictError
from campaign.store.database import Connection

LEGACY_DICE_MODE = "seeded"

#: The tables the store needs (``tables.CAMPAIGN_TABLES``, by name: checking them needs no
#: SQLAlchemy), and the ledger's (``tables.LEDGER_TABLES``, created on the ledger's first use).
TABLE_NAMES = (
    "dn_schema_info",
    "dn_campaign",
    "dn_event",
    "dn_snapshot",
    "dn_campaign_dice",
    "dn_snapshot_seal",
)
LEDGER_TABLE_NAMES = (
    "dn_pbem_setup",
    "dn_pbem_file",
    "dn_pbem_secret",
    "dn_pbem_fork",
    "dn_pbem_envelope",
    "dn_pbem_player",
    "dn_pbem_withdrawal",
    "dn_fair_pass",
    "dn_fair_secret",
    "dn_strict_pending",
)
#: The ledger tables whose rows make a campaign one this database plays by e-mail (its recorded
#: side, its turn files): ``Ledger.player`` is None exactly when neither has a row of it.
MAIL_MARKS = ("dn_pbem_player", "dn_pbem_file")
SCHEMA_TABLE = "dn_schema_info"
SCHEMA_VERSION_QUERY = "SELECT version FROM dn_schema_info WHERE id = 1"
SNAPSHOT_QUERY = (
    "SELECT campaign_name, seq, event_hash, digest, state FROM dn_snapshot"
    " WHERE campaign_name = :name"
)


def head_of(connection: Connection, name: str) -> Head:
    """The last stored event of ``name`` as seen in ``connection``'s transaction (the PBEM
    ledger checks it inside its own import transaction)."""
    row = connection.first(
        "SELECT seq, hash, batch FROM dn_event WHERE campaign_name = :name"
        " ORDER BY seq DESC LIMIT 1",
        {"name": name},
    )
    if row is None:
        return Head(0, GENESIS_HASH, -1)
    return Head(row[0], row[1], row[2])


def expect_head(
    connection: Connection, name: str, expected_seq: int, outcome: str, detail: str = ""
) -> Head:
    """The head of ``name`` in ``connection``'s transaction, which must be ``expected_seq``:
    else another writer was first, and ``ConflictError`` says so and what became of the
    write (``outcome``)."""
    head = head_of(connection, name)
    if head.seq != expected_seq:
        raise ConflictError(
            f"campaign {name!r} changed meanwhile (now at event {head.seq}{detail}); {outcome}"
        )
    return head


def log_of(connection: Connection, name: str, after_seq: int = 0) -> list[StoredEvent]:
    """The stored events of ``name`` with ``seq > after_seq``, in order (not verified)."""
    found = connection.all(
        "SELECT seq, batch, order_text, type, payload, prev_hash, hash FROM dn_event"
        " WHERE campaign_name = :name AND seq > :after ORDER BY seq",
        {"name": name, "after": after_seq},
    )
    return [StoredEvent._make(row) for row in found]


def dice_mode_of(connection: Connection, name: str) -> str:
    """The dice mode ``name`` was created with (``seeded`` for older campaigns)."""
    row = connection.first(
        "SELECT mode FROM dn_campaign_dice WHERE campaign_name = :name", {"name": name}
    )
    return row[0] if row is not None else LEGACY_DICE_MODE


def set_dice_mode(connection: Connection, name: str, mode: str) -> None:
    """Make ``mode`` the dice mode of campaign ``name`` (replacing the one it had)."""
    connection.run("DELETE FROM dn_campaign_dice WHERE campaign_name = :name", {"name": name})
    connection.run(
        "INSERT INTO dn_campaign_dice (campaign_name, mode) VALUES (:name, :mode)",
        {"name": name, "mode": mode},
    )


def insert_events(connection: Connection, name: str, stored: Sequence[StoredEvent]) -> None:
    """Insert ``stored`` events of ``name`` in ``connection``'s transaction."""
    if stored:
        connection.run_many(
            "INSERT INTO dn_event (campaign_name, seq, batch, order_text, type, payload,"
            " prev_hash, hash) VALUES (:campaign_name, :seq, :batch, :order_text, :type,"
            " :payload, :prev_hash, :hash)",
            [
                {
                    "campaign_name": name,
                    "seq": e.seq,
                    "batch": e.batch,
                    "order_text": e.order_text,
                    "type": e.type,
                    "payload": e.payload,
                    "prev_hash": e.prev_hash,
                    "hash": e.hash,
                }
                for e in stored
            ],
        )


def delete_after(connection: Connection, name: str, keep_seq: int) -> None:
    """Delete the events, snapshots and seals of ``name`` after event ``keep_seq``."""
    for table in ("dn_snapshot_seal", "dn_snapshot", "dn_event"):
        connection.run(
            f"DELETE FROM {table} WHERE campaign_name = :name AND seq > :keep",
            {"name": name, "keep": keep_seq},
        )

"""After an upgrade: what the migration of a database did and how to go back, and the orders of
our own log that this version refuses where they stand (docs/compatibility.md, "Orders the new
version refuses"; ADR 0057).

An order an older version accepted may be refused by this one (0.1.0 let a side produce before
maintaining, 0.2.0 does not: DN-ECO-7). A stored game is not judged again, but a turn file is
imported by playing its orders again, so such an order, given and not sent before the upgrade,
would make the other player's import refuse our next file. It is said twice, each time with
what to do: when the database is migrated (``migration_notice``, while the copy of it as it was
exists) and when a file would carry it (``check_sendable``: the export refuses, writing and
recording nothing).
"""

from __future__ import annotations

import re
import shlex
from itertools import groupby
from pathlib import Path
from typing import Protocol
from urllib.parse import urlsplit, urlunsplit

from campaign.pbem.errors import TurnFileError
from campaign.pbem.position import LoggedBatch, Refused, refused_orders
from campaign.records.ledger_rows import PbemFile
from campaign.records.rows import CampaignRow, StoredEvent
from campaign.rules import engine
from campaign.rules.base import Event
from campaign.rules.errors import CampaignError
from campaign.rules.ids import Side
from campaign.rules.registry import parse_stored_events
from campaign.rules.ruleset import Ruleset
from campaign.store.migrations import Migrated
from campaign.store.repository import Store

#: Where the documentation says what to do (the CLI's `campaign docs compatibility`).
DOCS = 'docs/compatibility.md, "Orders the new version refuses"'
#: A rule id that begins a refusal (``DN-ECO-7``): the export's message begins with it too.
RULE_ID = re.compile(r"^[A-Z]{2,}-[A-Z]+-\d+\b")
#: Where it says how a server's database goes back to the older version's schema.
GOING_BACK = 'run the statements of docs/compatibility.md, "Going back"'


class Log(Protocol):
    """A campaign as ``Campaigns.load`` gives it (``campaign.app.campaigns.Loaded``): its row,
    its verified log and its ruleset (this module is imported by ``campaigns``, not the other
    way round)."""

    row: CampaignRow
    rows: list[StoredEvent]
    ruleset: Ruleset


class Opened(Protocol):
    """The use cases over one database (``campaign.app.campaigns.Campaigns``): its store and
    its campaigns, loaded."""

    store: Store

    def load(self, name: str) -> Log: ...


class UnsendableOrderError(TurnFileError):
    """The next turn file would carry an order this version refuses where it stands: the
    export writes nothing and records nothing."""


def refused_since(loaded: Log, base_seq: int, sender: Side | None) -> list[Refused]:
    """The orders of ``loaded`` after event ``base_seq`` (a file's base) that this version's
    rules refuse where they stand, read as the other machine's import reads them
    (``position.refused_orders``); ``sender``: the side this database plays, which a referee
    order it typed is read as."""
    rows = loaded.rows
    state = engine.fold(_events(rows[:base_seq]))
    return refused_orders(_batches(rows[base_seq:]), state, loaded.ruleset, sender)


def _events(rows: list[StoredEvent]) -> list[Event]:
    """The events of ``rows``, a log the load has verified and read already."""
    return parse_stored_events((row.type, row.payload) for row in rows)


def _batches(rows: list[StoredEvent]) -> list[LoggedBatch]:
    """``rows`` as the order batches they were logged in."""
    return [
        LoggedBatch(batch[0].order_text, batch[0].seq, _events(batch))
        for batch in (list(group) for _, group in groupby(rows, key=lambda row: row.batch))
    ]


def _orders(refused: list[Refused]) -> str:
    """The refused orders, each with its event and the rules' reason."""
    return "; ".join(f"'{r.order}' (event {r.first_seq}): {r.reason}" for r in refused)


def _take_back(name: str, first: Refused) -> str:
    """How plain undos take ``first`` back with the orders after it."""
    times = "" if first.undos == 1 else f" {first.undos} times (it and the orders after it)"
    return (
        f"take it back with `campaign undo {shlex.quote(name)}`{times}, then give the orders "
        "again as this version's rules allow"
    )


def _go_back(copy: Path | None, *, since: bool) -> str:
    """How the exchange is made with the older version from the copy of the database as it
    was before the upgrade (``since``: orders may have been given since the upgrade)."""
    where = f"the copy {copy}" if copy is not None else "a copy made before the upgrade"
    lost = " (orders given since the upgrade must then be given again)" if since else ""
    return (
        f"make this exchange with the older version, which accepted it: put {where} in place "
        f"of the database{lost}, send the file with the older version, and the other player "
        "imports it with the older version too; then both upgrade again"
    )


def _newest_copy(store: Store) -> Path | None:
    """The newest copy a migration made of the store's SQLite file (``FILE.schema-N.bak``
    beside it); None for a server's database, or when there is none."""
    files = store.files()
    if not files:
        return None
    database = files[0]
    copies = database.parent.glob(f"{database.name}.schema-*.bak")
    return max(copies, key=lambda path: path.stat().st_mtime, default=None)


def check_sendable(loaded: Log, base_seq: int, side: Side, exchange: int, store: Store) -> None:
    """``UnsendableOrderError`` when file ``exchange`` of ``side``, carrying the orders after
    event ``base_seq``, holds an order this version refuses where it stands: one message that
    names each such order and its rule, says the other player's import would refuse the file,
    and what to do (take it back where plain undos can, else make this exchange with the
    older version from the copy a migration made of ``store``'s database). A database no
    migration ever ran on holds no order of an older version: its log is not folded again.
    Found by use (December 7, late night): the file was written, recorded as sent, and
    refused by the other player's import."""
    refused = refused_since(loaded, base_seq, side) if store.ever_migrated() else []
    if not refused:
        return
    first, name = refused[0], loaded.row.name
    remedy = (
        _take_back(name, first)
        if first.undoable
        else "it cannot be taken back (an order since rolled dice or ended a phase): "
        + _go_back(_newest_copy(store), since=True)
    )
    rule = RULE_ID.match(first.reason)
    one = len(refused) == 1
    raise UnsendableOrderError(
        f"{rule.group() + ': ' if rule else ''}nothing written: file {exchange} would carry "
        f"{_some(refused)} this version's rules refuse where {'it stands' if one else 'they'}"
        f"{'' if one else ' stand'} (given with an older version, which accepted "
        f"{'it' if one else 'them'}): {_orders(refused)}; {side.enemy.value}'s import would "
        f"refuse the file. To send your orders: {remedy} ({DOCS})"
    )


def migration_notice(service: Opened) -> str | None:
    """What opening ``service``'s database did, said once by the commands and the terminal UI
    alike (docs/compatibility.md, "Upgrading"): that it migrated an older database, where the
    copy of it went or, for a server's database, which gets none, how to go back; then, for
    each campaign played by e-mail, the orders given and not sent (or sent and not yet
    answered) that this version refuses, with what to do while the copy exists. ``None`` when
    this open migrated nothing."""
    migrated = service.store.migrated
    if migrated is None:
        return None
    lines = [_migrated_line(service, migrated)]
    for name in service.store.campaigns():
        if service.store.plays_by_mail(name):
            lines.extend(_refused_lines(service, name, migrated.backup))
    return "\n".join(lines)


def _migrated_line(service: Opened, migrated: Migrated) -> str:
    """What the migration did and how to go back: the SQLite file's copy, or for a server's
    database, which gets none (a copy of a server's database is its administrator's to make),
    the statements that take it back and the command that keeps a dump from now on. Found by
    use (December 7, late night): a PostgreSQL migration said nothing at all."""
    if migrated.backup is not None:
        return (
            "the database was made by an older version and is now migrated; "
            f"a copy of it as it was: {migrated.backup}"
        )
    return (
        f"the database {service.store.safe_url} was made by an older version (schema "
        f"{migrated.before}) and is now migrated to schema {migrated.after}, in one "
        "transaction; a server's database gets no copy. To go back to the older version, "
        f"before any order is given with this one: {GOING_BACK}. Keep a dump from now on: "
        f"`pg_dump --format=custom --file=FILE {shlex.quote(_libpq_url(service.store.url))}`"
    )


def _libpq_url(url: str) -> str:
    """``url`` as PostgreSQL's own tools take it: no driver name, no password (they ask for
    it, or read it from ~/.pgpass)."""
    parts = urlsplit(url)
    host = parts.netloc.rpartition("@")[2]
    user = parts.username
    netloc = f"{user}@{host}" if user else host
    return urlunsplit(("postgresql", netloc, parts.path, parts.query, parts.fragment))


def _refused_lines(service: Opened, name: str, copy: Path | None) -> list[str]:
    """The notice's lines for campaign ``name``: its orders since the last file exchanged (or
    in the last file sent, not yet answered) that this version refuses, and what to do."""
    mail = service.store.ledger.mail(name)
    last: PbemFile | None = mail.last
    try:
        loaded = service.load(name)
    except CampaignError:  # the command that opened the database says what is wrong
        return []
    if last is not None:
        base = last.base_seq if last.direction == "out" else last.head_seq
    else:
        base = max(row.seq for row in loaded.rows if row.batch == 0)
    side = Side(mail.player.side) if mail.player is not None else None
    refused = refused_since(loaded, base, side)
    if not refused:
        return []
    sent = [r for r in refused if last is not None and r.first_seq <= last.head_seq]
    unsent = [r for r in refused if r not in sent]
    lines = []
    if sent and last is not None:
        lines.append(
            f"in campaign {name!r}, file {last.exchange}, which you sent with the older version "
            f"and the other player has not answered yet, carries {_some(sent)} this version "
            f"refuses: {_orders(sent)}; if he has not imported it yet, he imports it with the "
            "older version, before he upgrades: his upgraded import would refuse it"
        )
    if unsent:
        first = unsent[0]
        remedy = (
            _take_back(name, first) if first.undoable and not sent else _go_back(copy, since=False)
        )
        lines.append(
            f"in campaign {name!r}, this version refuses {_some(unsent)} given with the older "
            f"version and not sent yet: {_orders(unsent)}; the other player's import would "
            f"refuse your next file. Now, before any other order: {remedy} ({DOCS})"
        )
    return lines


def _some(refused: list[Refused]) -> str:
    """``an order`` or ``orders``."""
    return "an order" if len(refused) == 1 else "orders"

"""The names of the campaigns a database holds, and the side it plays in one, read without the
rest of the store.

Shell completion asks for them on every Tab (``campaign.app.lookup``): this module needs only the
database drivers (``campaign.store.database``), not the repository, its records and the rules'
canonical forms that ``Store`` brings with it (issue 47 item 2: 0.10 s CPU of imports per Tab).
It only reads: a database without the campaign table has no campaigns, and nothing is created.
"""

from __future__ import annotations

from campaign.store.database import Database, open_database

CAMPAIGN_TABLE = "dn_campaign"
#: The side a database plays by e-mail, as recorded (``--as``, or with the first file).
PLAYER_TABLE = "dn_pbem_player"
#: The turn files sent and received; the side of a database of an older version follows them.
FILE_TABLE = "dn_pbem_file"


def names_in(database: Database) -> list[str]:
    """Names of all campaigns of ``database``, in name order."""
    with database.read() as connection:
        return [row[0] for row in connection.all("SELECT name FROM dn_campaign ORDER BY name")]


def campaign_names(url: str) -> list[str]:
    """Names of the campaigns in the database at ``url``; none when it has no campaign table."""
    database = open_database(url)
    try:
        if CAMPAIGN_TABLE not in database.table_names():
            return []
        return names_in(database)
    finally:
        database.dispose()


def side_of_last_file(side: str, direction: str) -> str:
    """The side a database plays, from its last turn file (``side`` sent it, ``direction``
    ``out`` or ``in``): the sender's if it went out, else the other side (``Ledger.player`` for
    a campaign exchanged by a version that did not record its side)."""
    if direction == "out":
        return side
    return "solomani" if side == "aslan" else "aslan"


def played_side(url: str, name: str) -> str | None:
    """The side the database at ``url`` plays by e-mail in campaign ``name`` (as
    ``Ledger.player`` reads it), or None: it plays no side, holds no such campaign, or has no
    play-by-e-mail tables. Only reads, as ``campaign_names`` does."""
    database = open_database(url)
    try:
        tables = database.table_names()
        params = {"name": name}
        with database.read() as connection:
            if PLAYER_TABLE in tables:
                row = connection.first(
                    f"SELECT side FROM {PLAYER_TABLE} WHERE campaign_name = :name", params
                )
                if row is not None:
                    return str(row[0])
            if FILE_TABLE not in tables:
                return None
            last = connection.first(
                f"SELECT side, direction FROM {FILE_TABLE} WHERE campaign_name = :name "
                "ORDER BY exchange DESC",
                params,
            )
        return None if last is None else side_of_last_file(str(last[0]), str(last[1]))
    finally:
        database.dispose()

"""The names of the campaigns a database holds, read without the rest of the store.

Shell completion asks for them on every Tab (``campaign.app.lookup``): this module needs only the
database drivers (``campaign.store.database``), not the repository, its records and the rules'
canonical forms that ``Store`` brings with it (issue 47 item 2: 0.10 s CPU of imports per Tab).
It only reads: a database without the campaign table has no campaigns, and nothing is created.
"""

from __future__ import annotations

from campaign.store.database import Database, open_database

CAMPAIGN_TABLE = "dn_campaign"


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

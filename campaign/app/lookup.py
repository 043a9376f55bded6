"""Read-only lookups for shell completion: the campaigns a database holds, without creating a
database or a data directory when none is there (completion only reads)."""

from __future__ import annotations

import os
from pathlib import Path

from campaign.store import names
from campaign.store.database import SQLITE_PREFIX, uses_sqlite_driver
from campaign.store.places import DB_URL_ENV, data_dir


def campaign_names(url: str | None) -> list[str]:
    """The campaigns in the database (``url``, ``$CAMPAIGN_DB_URL`` or the user's); nothing
    when it cannot be read. A missing SQLite file is not created."""
    url = url or os.environ.get(DB_URL_ENV) or f"{SQLITE_PREFIX}{data_dir() / 'campaigns.db'}"
    if uses_sqlite_driver(url) and not Path(url[len(SQLITE_PREFIX) :]).is_file():
        return []
    try:
        return names.campaign_names(url)
    except Exception:
        return []

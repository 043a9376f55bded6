"""Databases for tests of commands that read one: a database the user names must exist
(docs/referee-cli.md, "Which commands create a database")."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

from campaign.app import CampaignService


def existing_database(url: str) -> str:
    """``url`` after its database has been made, holding no campaign (as the launcher or
    `campaign new` leaves it), so that a read command reaches the campaign it names."""
    CampaignService(db_url=url)
    return url


def existing_sqlite(path: Path) -> str:
    """The ``sqlite:///`` URL of ``path``, made as an existing database (``existing_database``)."""
    return existing_database(f"sqlite:///{path}")


def pin_other_data_files(service: CampaignService, name: str) -> None:
    """``name``'s pinned data files as if they had changed since it was created (DN-DATA-4):
    every hash pinned is another one, so the campaign cannot be opened."""
    path = service.store.url.removeprefix("sqlite:///")
    with closing(sqlite3.connect(path)) as connection, connection:
        (hashes,) = connection.execute(
            "SELECT file_hashes FROM dn_campaign WHERE name = ?", (name,)
        ).fetchone()
        changed = {file: "0" * 64 for file in json.loads(hashes)}
        connection.execute(
            "UPDATE dn_campaign SET file_hashes = ? WHERE name = ?", (json.dumps(changed), name)
        )

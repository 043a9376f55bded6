"""Databases for tests of commands that read one: a database the user names must exist
(docs/referee-cli.md, "Which commands create a database")."""

from __future__ import annotations

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

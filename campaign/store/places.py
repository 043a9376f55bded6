"""Where the tool keeps its files: the user's data directory and the default database URL.

Apart from ``repository.py`` so that the snapshot seals (``seal.py``) find their key beside the
default database without importing the repository that uses them.
"""

from __future__ import annotations

import os
from pathlib import Path

from campaign import APP_NAME
from campaign.rules.errors import CampaignError

__all__ = ["APP_NAME", "DB_URL_ENV", "config_dir", "data_dir", "default_url", "named_url"]

DB_URL_ENV = "CAMPAIGN_DB_URL"


def data_dir() -> Path:
    """The user's data directory of the tool (not created here)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME))


def config_dir() -> Path:
    """The user's config directory of the tool (not created here)."""
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME))


def named_url(url: str | None = None) -> str | None:
    """The database the user named: ``url`` (``--db``), else ``$CAMPAIGN_DB_URL``; ``None``
    when neither is given and the default database in the data directory is meant. Only a
    named database must exist before a command reads it (``Store``, ``create``): a typo in a
    name must not leave a new empty database behind, while the default one is the tool's own."""
    return url or os.environ.get(DB_URL_ENV) or None


def default_url() -> str:
    """``$CAMPAIGN_DB_URL``, else SQLite in the user's data directory (created if needed)."""
    url = named_url()
    if url:
        return url
    directory = data_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CampaignError(
            f"{directory}: cannot make the data directory for the default database "
            f"({error.strerror}); name a database with --db URL or ${DB_URL_ENV}"
        ) from None
    return f"sqlite:///{directory / 'campaigns.db'}"

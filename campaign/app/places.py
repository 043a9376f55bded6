"""The user's directories the front ends read and write (screenshots, remembered folders), as
the store names them: the front ends reach them through the application layer."""

from __future__ import annotations

from campaign.store.places import config_dir, data_dir

__all__ = ["config_dir", "data_dir"]

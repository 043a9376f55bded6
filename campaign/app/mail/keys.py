"""Where a player's signing keys live, for fair mode's signed files (issue 42 item 4,
docs/turn-files.md "Keys in fair mode").

- **The keys home**: ``$CAMPAIGN_KEYS_HOME``, else ``keys`` in the tool's user config directory
  (``$XDG_CONFIG_HOME/dark-nebula-campaign/keys`` on Linux). It holds this player's own key
  pairs, ``SIDE.key`` (0600, never sent) and ``SIDE.pub`` (sent to the other player).
- **The other player's public key** of a campaign goes in ``HOME/CAMPAIGN/SIDE.pub`` (one folder
  per campaign: two opponents may both play solomani). ``--keys DIR`` / ``$CAMPAIGN_PBEM_KEYS``
  name another folder.

``campaign new --fair --as SIDE`` makes the pair if the player has none and prints what to send
and where to put what comes back (``prepare``); a fair campaign's export signs with
``HOME/SIDE.key`` unless ``--sign`` names another key.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from campaign.pbem import signing
from campaign.store.places import config_dir

KEYS_HOME_ENV = "CAMPAIGN_KEYS_HOME"


def keys_home() -> Path:
    """``$CAMPAIGN_KEYS_HOME``, else ``keys`` in the user's config directory (not created)."""
    given = os.environ.get(KEYS_HOME_ENV)
    return Path(given) if given else config_dir() / "keys"


def own_key(home: Path, side: str) -> Path:
    """This player's private key for ``side``."""
    return home / f"{side}.key"


def peer_dir(home: Path, name: str) -> Path:
    """The folder of the other player's public key for campaign ``name`` (a safe folder name:
    anything but letters, digits, ``.``, ``_`` and ``-`` becomes ``_``)."""
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", name).lstrip(".") or "_"
    return home / safe[:80]


def prepare(home: Path, name: str, side: str) -> list[str]:
    """Make ``side``'s key pair in ``home`` if there is none, and the folder for the other
    player's public key; the lines telling the player how to exchange public keys."""
    other = "solomani" if side == "aslan" else "aslan"
    private, public = own_key(home, side), home / f"{side}.pub"
    if os.path.lexists(private) and os.path.lexists(public):
        made = f"fair mode signs every turn file with your key {private} (made before)"
    else:
        signing.generate_keys(home, side)
        made = f"fair mode signs every turn file: your key pair was made, {private} (keep it)"
    peers = peer_dir(home, name)
    peers.mkdir(mode=0o700, parents=True, exist_ok=True)
    return [
        made,
        f"send your public key {public} to the {other} player (by e-mail, before file 1), and "
        f"compare its fingerprint {fingerprint(public)} with him by another way (phone, chat)",
        f"put the {other} player's public key as {peers / (other + '.pub')}: a file of "
        f"{other} that is unsigned, or signed by another key, is refused",
    ]


def fingerprint(public: Path) -> str:
    """The key id of the public key in ``public`` (what a signature names)."""
    return signing.key_id(public.read_bytes())

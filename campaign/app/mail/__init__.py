"""Play by e-mail, the use cases the CLI and the TUI both call (docs/turn-files.md), in the
shape of the orders (issue 48 item 1): one value read once per command, the ledger's
``MailRecord`` (set-up, player, files, secrets, fair passes), handed to

- ``export``: ``export_turn`` (every order batch since the last file exchanged, with its events
  — secret ones sealed —, the sender's dice commitment/reveal, optionally signed),
  ``export_file`` (written to a path or a stream, recorded only once written) and
  ``export_again`` (a recorded file rebuilt byte for byte);
- ``importing``: ``import_turn`` (every check, every order re-run through the rules, all
  appended in one transaction) and ``verify_file`` (the same checks as findings);
- ``resolve``: ``resolve_crossed`` (keep the other side's crossed file, drop our branch, logged).

``service.PbemService`` is what the front ends hold; ``agreement`` (side, signatures),
``checks`` (an incoming file's checks) and ``fair`` (fair mode's passes, duties and audit) judge
the record and read nothing themselves. The file format is ``campaign.pbem``; the ledger's
statements are ``campaign.store.ledger``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import BinaryIO

from campaign.app.mail.agreement import KEYS_ENV
from campaign.app.mail.export import ARMOURED_SUFFIXES
from campaign.app.mail.importing import REFEREE_UNDO
from campaign.app.mail.results import Exported, Imported, Verification, withdrawn_line
from campaign.app.mail.service import PbemService
from campaign.pbem import signing
from campaign.pbem.armour import MAX_BYTES
from campaign.pbem.errors import FairPlayFileError, RefereeOrderError
from campaign.records.chain import events_text
from campaign.userfiles import read_bounded, read_stream_bounded

__all__ = [
    "ARMOURED_SUFFIXES",
    "REFEREE_UNDO",
    "Exported",
    "FairPlayFileError",
    "Imported",
    "PbemService",
    "RefereeOrderError",
    "Verification",
    "events_text",
    "keygen",
    "keys_dir",
    "read_turn_file",
    "read_turn_stream",
    "withdrawn_line",
]


def keys_dir(given: Path | None = None) -> Path | None:
    """The directory of the other side's public keys: ``given``, else ``$CAMPAIGN_PBEM_KEYS``."""
    if given is not None:
        return given
    return Path(os.environ[KEYS_ENV]) if os.environ.get(KEYS_ENV) else None


def keygen(side: str, directory: Path) -> str:
    """Make ``side``'s key pair in ``directory`` (``signing.generate_keys``); the line to show."""
    private, public = signing.generate_keys(directory, side)
    return f"private key {private} (keep it), public key {public} (send it to the other player)"


def read_turn_file(path: Path) -> bytes:
    """A turn file's bytes, bounded before anything is parsed (devices and FIFOs refused)."""
    return read_bounded(path, MAX_BYTES, "turn file")


def read_turn_stream(stream: BinaryIO, name: str = "stdin") -> bytes:
    """A turn file read from ``stream`` (a mail piped in), bounded like a file."""
    return read_stream_bounded(stream, MAX_BYTES, name, "turn file")

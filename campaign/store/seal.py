"""Snapshot seals: this machine's mark on a snapshot it has checked against the log.

A snapshot in the database saves replaying the log before it, but the database can be edited:
a forged snapshot with a recomputed digest must never be used (``campaign verify`` names it).
So a snapshot is used without replaying the log before it only when it carries a seal: an
HMAC-SHA256, under a key kept outside the database, of the campaign name, the snapshot's event
number, the hash of the log at that event and the snapshot's digest. This machine seals a
snapshot when it computed the state itself (``CampaignService.snapshot``) or replayed the log
and found the snapshot equal (the first load after a copy of the database, or after an edit).
The store applies this protocol (``Store.open_campaign``, ``vouch_for_snapshot``,
``save_snapshot``) with the ``Seals`` of the service that opens the campaign.

- Whoever can edit the database but cannot read the key cannot make a seal: an edited snapshot
  or a rewritten log (the event hash at the snapshot changes) fails the seal, and the load falls
  back to replaying and comparing, as without seals.
- The key is 32 random bytes in ``snapshot-seal.key`` in the user's data directory (mode 0600),
  made on first use. It is read like every other file (``campaign.userfiles``): a FIFO, a
  device or a directory at its place, or a key others can read or change, or that belongs to
  another user, is refused with one line (``SealKeyError``) instead of hanging, crashing or
  trusting seals that anybody could have forged. Another machine (or a user without the key)
  has other seals or none: it replays once, then seals with its own key. Without a writable
  data directory nothing is sealed, and every load replays (slower, never wrong).

See docs/adr/0022-snapshot-seals.md.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import hmac
import os
import secrets
from pathlib import Path

from campaign.rules.errors import CampaignError
from campaign.store.places import data_dir
from campaign.userfiles import FileRefusedError, read_key

KEY_FILE = "snapshot-seal.key"
KEY_BYTES = 32
#: Read at most this much of the key file (a key is ``KEY_BYTES``; more is no key).
_READ_LIMIT = 4096


#: What to do with a key file that cannot be trusted: never just ``chmod`` it (seals forged
#: while others could read it would stay trusted).
_DELETE_IT = "delete it: a new key is made, and every snapshot is checked against the log again"


class SealKeyError(CampaignError):
    """The sealing key's file cannot be trusted or read (a special file, unsafe permissions)."""


#: Names the snapshot format a seal vouches for: a seal made for key-sorted snapshots (schema
#: 1, which reordered the units) never vouches for a snapshot now.
SEAL_FORMAT = "ordered-state-2"


def seal_of(key: bytes, campaign: str, seq: int, event_hash: str, digest: str) -> str:
    """The seal (hex HMAC-SHA256) of the snapshot of ``campaign`` after event ``seq``."""
    message = "\n".join((SEAL_FORMAT, campaign, str(seq), event_hash, digest)).encode("utf-8")
    return hmac.new(key, message, hashlib.sha256).hexdigest()


class Seals:
    """This machine's seals, under the key in ``directory`` (default: the user's data
    directory), read or made when a seal is first needed and then kept."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory

    @functools.cached_property
    def key(self) -> bytes | None:
        """The sealing key (``machine_key``); ``None``: nothing can be sealed here."""
        if self.directory is None:
            return machine_key(data_dir())
        return machine_key(self.directory)

    def seal(self, campaign: str, seq: int, event_hash: str, digest: str) -> str | None:
        """The seal of that snapshot, or ``None`` without a key."""
        key = self.key
        return seal_of(key, campaign, seq, event_hash, digest) if key is not None else None

    def vouches(self, mac: str, campaign: str, seq: int, event_hash: str, digest: str) -> bool:
        """True when ``mac`` is this machine's seal of that snapshot."""
        wanted = self.seal(campaign, seq, event_hash, digest)
        return wanted is not None and hmac.compare_digest(mac, wanted)


def machine_key(directory: Path) -> bytes | None:
    """This machine's sealing key from ``directory``, made there on first use; ``None`` when it
    can be neither read nor made (then nothing is sealed), or when the file is not a key (wrong
    length: not used and not replaced). ``SealKeyError`` when the file must not be used.

    A new key is written to a temporary file and linked into place, so two processes starting
    at once both end up with the same complete key (the second link fails and that process
    reads the first one's key)."""
    path = directory / KEY_FILE
    if os.path.lexists(path):
        return _read_key(path)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        temporary = directory / f".{KEY_FILE}.{os.getpid()}.{secrets.token_hex(4)}"
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(secrets.token_bytes(KEY_BYTES))
                out.flush()
                os.fsync(out.fileno())
            with contextlib.suppress(FileExistsError):  # another process was first: use its key
                os.link(temporary, path)
        finally:
            temporary.unlink(missing_ok=True)
    except OSError:
        return None
    return _read_key(path)


def _read_key(path: Path) -> bytes | None:
    """The key in ``path``; ``None`` if the file is not a key (wrong length)."""
    try:
        key = read_key(path, _READ_LIMIT, "snapshot-seal key", private=True, advice=_DELETE_IT)
    except FileRefusedError as error:
        message = str(error)
        raise SealKeyError(
            message if _DELETE_IT in message else f"{message}; {_DELETE_IT}"
        ) from None
    return key if len(key) == KEY_BYTES else None

"""The specific errors of the campaign engine (DN-ERR-1).

Every error a player or referee can cause is one of these, with a message a player understands.
A rejected order never changes state and never consumes dice: ``decide`` raises before anything
is returned, and the caller appends nothing.
"""

from __future__ import annotations


class CampaignError(Exception):
    """Base class of every expected (user-facing) error of the campaign tool."""

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.message

    @property
    def message(self) -> str:
        """The user-facing sentence."""
        return str(self.args[0]) if self.args else self.__class__.__name__


class InvalidOrderError(CampaignError):
    """An order that cannot even be read: malformed notation, unknown verb, unknown unit id."""


class IllegalOrderError(CampaignError):
    """A well-formed order that breaks a rule; names the rule id (``DN-MOV-4: ...``)."""

    def __init__(self, rule_id: str, message: str) -> None:
        super().__init__(f"{rule_id}: {message}")
        self.rule_id = rule_id
        self.reason = message


class StaleTurnError(CampaignError):
    """An order or turn file built on a state that is no longer the current one."""


class TamperedLogError(CampaignError):
    """The stored event log fails its hash chain; ``seq`` is the first bad event."""

    def __init__(self, campaign: str, seq: int, reason: str) -> None:
        super().__init__(f"campaign {campaign!r}: event {seq} fails verification: {reason}")
        self.campaign = campaign
        self.seq = seq
        self.reason = reason


class ConflictError(CampaignError):
    """Another writer appended to the campaign first; nothing of ours was stored."""


class UndoError(CampaignError):
    """The requested undo would cross a dice roll, a phase boundary or the campaign start."""


class SchemaVersionError(CampaignError):
    """The database was written by a newer (or unknown) schema version of this tool."""


class RulesetMismatchError(CampaignError):
    """The data files changed since the campaign was created (DN-DATA-4): re-pin to continue."""


class CampaignNotFoundError(CampaignError):
    """No campaign of that name in the database."""


class EngineBugError(Exception):
    """An internal inconsistency of an area module (not a user error): e.g. unrecorded dice."""

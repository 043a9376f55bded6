"""Errors of turn-file handling: each says what happened and what to do (DN-ERR-1).

All subclass ``CampaignError`` so the CLI prints them as one line; ``problem`` is a short stable
code tests and the TUI can switch on (``"checksum"``, ``"stale"``, ``"crossed"`` ...).
"""

from __future__ import annotations

from campaign.rules.errors import CampaignError, StaleTurnError


class TurnFileError(CampaignError):
    """A turn file that cannot be used; nothing was changed."""

    problem = "invalid"

    def __init__(self, message: str, *, source: str = "") -> None:
        super().__init__(f"{source}: {message}" if source else message)
        self.source = source


class MalformedTurnFileError(TurnFileError):
    """Not a turn file, truncated, garbage, or fields of the wrong shape."""

    problem = "malformed"


class ChecksumError(TurnFileError):
    """The content does not match its checksum: damaged in transit or edited."""

    problem = "checksum"


class FutureSchemaError(TurnFileError):
    """Written by a newer version of the tool (schema version above ours)."""

    problem = "future-schema"


class WrongCampaignError(TurnFileError):
    """The file belongs to another campaign or another rules profile."""

    problem = "wrong-campaign"


class WrongSideError(TurnFileError):
    """A file from this database's own side, a file sent as the wrong side, or a first file
    imported before this database said which side it plays."""

    problem = "side"


class SignatureError(TurnFileError):
    """A signature is missing, unreadable or does not match the sender's public key."""

    problem = "signature"


class ReplayMismatchError(TurnFileError):
    """Re-running the file's orders through the rules does not give the file's events."""

    problem = "mismatch"


class ForeignOrderError(TurnFileError):
    """The file holds an order of the other side, or an unagreed referee order (then a
    ``RefereeOrderError``)."""

    problem = "foreign-order"


class RefereeOrderError(ForeignOrderError):
    """The file holds referee orders (or a referee undo) the receiver did not say he agreed to
    (``allow_referee``); ``orders`` names every one in the file as the refusal names the first
    (``batch 2 ('referee set-ru …', from event 41)``), for a front end to ask about them."""

    problem = "referee"

    def __init__(self, message: str, *, orders: tuple[str, ...] = (), source: str = "") -> None:
        super().__init__(message, source=source)
        self.orders = orders


class DiceRevealError(TurnFileError):
    """A commit–reveal secret does not match the commitment made earlier."""

    problem = "dice"


class StrictDiceError(TurnFileError):
    """Strict dice (ADR 0028): the file breaks the exchange of dice nobody can preview: an
    order that rolls dice its sender could not know, a withheld or changed decision of the
    receiver's order that waited for the sender's contribution. ``side`` is the side at fault."""

    problem = "strict-dice"

    def __init__(self, message: str, *, side: str | None = None, source: str = "") -> None:
        super().__init__(message, source=source)
        self.side = side


class StaleFileError(StaleTurnError, TurnFileError):
    """Built on an older state than ours, already imported, or from the future."""

    problem = "stale"


class CrossedFilesError(StaleFileError):
    """Both sides played on the same base: the two files crossed in the post."""

    problem = "crossed"


class FairPlayFileError(TurnFileError):
    """Fair mode (ADR 0028): the file breaks the protocol: a share that does not open its
    commitment or belongs to another card, a withheld share, a wrong reveal, a bad shuffle pass.
    ``problem`` is the core's code (``withheld``, ``replayed-share``, ``bad-share`` ...),
    ``side`` the side at fault, ``card`` the card concerned."""

    problem = "fair"

    def __init__(
        self,
        message: str,
        *,
        problem: str,
        side: str | None = None,
        card: str | None = None,
        source: str = "",
    ) -> None:
        super().__init__(message, source=source)
        self.problem = problem
        self.side = side
        self.card = card

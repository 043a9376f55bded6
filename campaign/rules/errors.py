"""The specific errors of the campaign engine (DN-ERR-1).

Every error a player or referee can cause is one of these, with a message a player understands.
A rejected order never changes state and never consumes dice: ``decide`` raises before anything
is returned, and the caller appends nothing.
"""

from __future__ import annotations

import re

#: A word of a message longer than this is echoed clipped (issue 44 item 4: a 1000-character
#: unknown word was repeated whole on the status line). Long enough for any path or id.
LONGEST_ECHO = 160
#: How much of a clipped word is kept.
CLIPPED_TO = 40
_LONG_WORD = re.compile(rf"[^\s'\"]{{{LONGEST_ECHO + 1},}}")  # quotes stay outside


def clip_long_words(text: str) -> str:
    """``text`` with every word longer than ``LONGEST_ECHO`` characters cut to its start and
    its length (``'xxxx…' (1000 characters)``), so a refusal stays one readable line."""
    return _LONG_WORD.sub(
        lambda match: f"{match.group()[:CLIPPED_TO]}… ({len(match.group())} characters)", text
    )


class CampaignError(Exception):
    """Base class of every expected (user-facing) error of the campaign tool."""

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.message

    @property
    def message(self) -> str:
        """The user-facing sentence, a very long word in it clipped (``clip_long_words``)."""
        return clip_long_words(str(self.args[0])) if self.args else self.__class__.__name__


#: A refusal's leading rule id and its colon (``DN-MOV-4: …``).
LEADING_RULE = re.compile(r"^([A-Z]{2,}-[A-Z]+-\d+): ")
#: The rule a refusal names when the order breaks no rule of the game because the rules never
#: got to read it as one: a line that is not order notation, an unknown order, side or name
#: (docs/rules-core.md, "Which rule a refusal names").
BAD_INPUT = "DN-ERR-1"


class RuleNamedError(CampaignError):
    """A refusal whose message starts with a rule id, as every refusal of an order or of its
    undo does (DN-ERR-1: a refused order names its rule; found by use, December 7, late night:
    "unknown unit 'A-CL-9'", "cannot read order …" and "cannot undo …" named none): the one
    ``message`` starts with, else ``rule_id`` (by default ``BAD_INPUT``, DN-ERR-1). ``reason``
    is the message without it, for a refusal that quotes another."""

    def __init__(self, message: str, rule_id: str = BAD_INPUT) -> None:
        leading = LEADING_RULE.match(message)
        if leading is not None:
            rule_id, message = leading.group(1), message[leading.end() :]
        super().__init__(f"{rule_id}: {message}")
        self.rule_id = rule_id
        self.reason = message


class InvalidOrderError(RuleNamedError):
    """An order that cannot even be read: malformed notation, unknown verb, unknown unit id
    (named DN-ERR-1 unless a rule is given: ``RuleNamedError``)."""


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


class UndoError(RuleNamedError):
    """The requested undo would cross a dice roll, a phase boundary or the campaign start."""


class SeatError(CampaignError):
    """A seat asked for something only another seat may do: another side's order, undo or
    turn file, or a referee override from a player's seat (``campaign.app.authority``)."""

    def __init__(self, rule_id: str, message: str) -> None:
        super().__init__(f"{rule_id}: {message}")
        self.rule_id = rule_id
        self.reason = message


class SchemaVersionError(CampaignError):
    """The database was written by a newer (or unknown) schema version of this tool."""


class RulesetMismatchError(CampaignError):
    """The data files changed since the campaign was created (DN-DATA-4): re-pin to continue."""


class CampaignNotFoundError(CampaignError):
    """No campaign of that name in the database."""


class EngineBugError(Exception):
    """An internal inconsistency of an area module (not a user error): e.g. unrecorded dice."""


class Wait:
    """What a waiting decision needs and from whom (fair play, ADR 0028): ``side``'s share
    for the reveal of ``subject`` (``what`` "reveal"; ``side`` None: both shares are in and
    either machine reveals it) or ``side``'s dice contribution (``what`` "dice")."""

    __slots__ = ("side", "what", "subject")

    def __init__(self, side: str | None, what: str, subject: str) -> None:
        self.side, self.what, self.subject = side, what, subject

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Wait) and (self.side, self.what, self.subject) == (
            other.side,
            other.what,
            other.subject,
        )

    def __hash__(self) -> int:
        return hash((self.side, self.what, self.subject))

    def __repr__(self) -> str:
        return f"Wait({self.side!r}, {self.what!r}, {self.subject!r})"

    @property
    def sentence(self) -> str:
        """``waiting for aslan's reveal of N-X-3`` (the status line's words)."""
        noun = "dice contribution to" if self.what == "dice" else "reveal of"
        who = f"{self.side}'s " if self.side else "the "
        return f"waiting for {who}{noun} {self.subject}"

    @property
    def own_sentence(self) -> str | None:
        """What the side waited for reads instead (found by use, December 7, evening: Aslan's
        own status said "waiting for aslan's reveal of N-X-1", though his machine gives it when
        he exports): ``export your turn file: your machine adds your reveal of N-X-3 to it``;
        for strict dice, ``waiting for your dice contribution to file 7: your machine adds it
        when it imports that file`` (found by use, December 7, night: the Solomani seat read
        "waiting for solomani's dice contribution"). None for a reveal either machine gives
        (``side`` None)."""
        if self.side is None:
            return None
        if self.what == "dice":
            return (
                f"waiting for your dice contribution to {self.subject}: your machine adds it "
                "when it imports that file"
            )
        return f"export your turn file: your machine adds your reveal of {self.subject} to it"

    def read_by(self, reader: str | None) -> str:
        """The wait as ``reader`` (a side's name; None: the referee) reads it: its
        ``own_sentence`` when it waits for that side, else ``sentence``."""
        own = self.own_sentence if reader is not None and reader == self.side else None
        return own if own is not None else self.sentence


class WaitingError(IllegalOrderError):
    """The order cannot be decided yet: it needs what only the other machine can give (a card
    share, a dice contribution). Nothing changed; ``waits`` is the typed, checkable condition
    an exchange acts on (issue 34). ``reader``: the side whose seat reads the refusal, told
    its own part in the second person (``Wait.read_by``; found by use, December 7, night:
    Aslan's order was refused with "waiting for aslan's reveal of N-X-1")."""

    def __init__(self, rule_id: str, waits: tuple[Wait, ...], reader: str | None = None) -> None:
        super().__init__(rule_id, "; ".join(wait.read_by(reader) for wait in waits))
        self.waits = waits

    def read_by(self, reader: str | None) -> WaitingError:
        """This refusal as ``reader`` reads it (the same ``waits``)."""
        return WaitingError(self.rule_id, self.waits, reader)


class KindHidden(Exception):
    """A rule asked for the kind of a face-down counter nobody's machine knows (fair mode,
    ADR 0028). Not a ``CampaignError``: no refusal handler may swallow it; ``engine.decide``
    turns it into a held order and a called reveal. ``units``: the counters asked about;
    ``cards``: cards asked about that no counter holds yet (the token of the next draw)."""

    def __init__(self, units: tuple[str, ...], cards: tuple[str, ...] = ()) -> None:
        named = ", ".join((*units, *cards)) or "a face-down counter"
        super().__init__(f"the kind of {named} is not known")
        self.units = units
        self.cards = cards

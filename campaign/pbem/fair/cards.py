"""Cards, key commitments and a shuffle pass as it travels (ADR 0028, issue 42 item 1).

A card is named ``DECK-N`` (``token-3``, ``box-5``), N counting from 1 in final order. A key's
public commitment is the point ``key · B``. A ``Pass`` read from another party is checked in
full before it is used: the decks it must hold and no other, every list bounded by the deck's
size before its items are read, every point and scalar in its one accepted spelling (lowercase
hex of the canonical encoding), each fault named by pass, card and side.
"""

from __future__ import annotations

from msgspec import Struct, field

from campaign.pbem.fair import group
from campaign.pbem.fair.errors import FairPlayViolation

#: Public decks: deck name -> card labels in table order.
Decks = dict[str, list[str]]
#: The most cards one deck may hold (bounds every pass read from another party).
MAX_CARDS = 512
#: The fields of a pass as it travels (pass 1 alone carries ``mask``).
FIELDS = {"number", "side", "decks", "commitments", "proof"}


def card_name(deck: str, index: int) -> str:
    """The name of the card at ``index`` (0-based) of ``deck`` in final order: ``box-5``."""
    return f"{deck}-{index + 1}"


def parse_card(card: str) -> tuple[str, int]:
    """``("box", 4)`` for ``box-5``; ``FairPlayViolation`` for anything else."""
    deck, _, number = card.rpartition("-")
    if (
        not deck
        or not number.isdigit()
        or not 1 <= int(number) <= MAX_CARDS
        or number != str(int(number))
    ):
        raise FairPlayViolation("malformed", f"{card!r} names no card (DECK-N, e.g. box-5)")
    return deck, int(number) - 1


def all_cards(public: Decks) -> list[str]:
    """Every card name of the decks, deck by deck (sorted by name), in final order."""
    return [
        card_name(name, i) for name, labels in sorted(public.items()) for i in range(len(labels))
    ]


def key_commitment(key: bytes) -> str:
    """The public commitment to a per-card key: the point ``key · B`` (hex). It binds the key
    (one scalar per point) and lets pass 3 prove its re-keying (Chaum–Pedersen)."""
    return group.base_mul(key).hex()


class Pass(Struct, frozen=True):
    """One pass as it travels: its number, its sender, the points of every deck (hex), for
    passes 2 and 3 the commitment to every per-card key of its sender (by card name), for pass 1
    the commitment ``mask`` to its mask, and the proof that it was made honestly."""

    number: int
    side: str
    decks: dict[str, list[str]]
    commitments: dict[str, str] = field(default_factory=dict)
    mask: str | None = None
    proof: object = None

    def to_plain(self) -> dict[str, object]:
        """JSON-ready data (for a turn file)."""
        plain: dict[str, object] = {
            "number": self.number,
            "side": self.side,
            "decks": self.decks,
            "commitments": self.commitments,
            "proof": self.proof,
        }
        if self.mask is not None:
            plain["mask"] = self.mask
        return plain

    def where(self, card: str | None = None) -> str:
        """``pass 2 of aslan`` (``, box-3``): how a fault names its place."""
        return f"pass {self.number} of {self.side}" + (f", {card}" if card else "")

    @classmethod
    def from_plain(cls, data: object, public: Decks) -> Pass:
        """A pass read from another party, every field checked (shapes, sizes, spellings,
        points); the proof's own form is checked when it is verified."""
        if not isinstance(data, dict):
            raise FairPlayViolation("malformed", "a shuffle pass must be an object")
        number, side = data.get("number"), data.get("side")
        if (
            number not in (1, 2, 3)
            or type(number) is not int
            or not isinstance(side, str)
            or len(side) > 40
        ):
            raise FairPlayViolation("malformed", "a shuffle pass needs number 1-3 and a side")
        made = cls(number, side, {})
        wanted = FIELDS | ({"mask"} if number == 1 else set())
        if set(data) != wanted:
            raise FairPlayViolation(
                "malformed",
                f"{made.where()} must hold exactly the fields {', '.join(sorted(wanted))}",
                side=side,
            )
        decks = _decks(made, data["decks"], public)
        commitments = _commitments(made, data["commitments"], public)
        mask = None
        if number == 1:
            mask = group.point_from_hex(data["mask"], f"{made.where()}: its mask commitment").hex()
        return cls(number, side, decks, commitments, mask, data["proof"])


def _decks(made: Pass, decks: object, public: Decks) -> dict[str, list[str]]:
    """The points of every deck, each list bounded by its deck's size before it is read."""
    if not isinstance(decks, dict) or sorted(decks) != sorted(public):
        raise FairPlayViolation(
            "malformed",
            f"{made.where()} must hold the decks {', '.join(sorted(public))}",
            side=made.side,
        )
    for name, points in decks.items():
        if not isinstance(points, list) or len(points) != len(public[name]):
            raise FairPlayViolation(
                "malformed",
                f"{made.where()}: deck {name} must hold {len(public[name])} cards",
                side=made.side,
            )
        for index, point in enumerate(points):
            _point(made, point, card_name(name, index))
    return {name: list(points) for name, points in decks.items()}


def _commitments(made: Pass, commitments: object, public: Decks) -> dict[str, str]:
    """None in pass 1; in passes 2 and 3 one point per card of the decks, and no other."""
    if not isinstance(commitments, dict):
        raise FairPlayViolation(
            "malformed", f"{made.where()}: its key commitments must be an object", side=made.side
        )
    cards = all_cards(public)
    if made.number == 1 and commitments:
        raise FairPlayViolation(
            "malformed",
            f"{made.where()} carries {len(commitments)} key commitments; pass 1 carries none",
            side=made.side,
        )
    if made.number > 1 and (len(commitments) != len(cards) or sorted(commitments) != sorted(cards)):
        raise FairPlayViolation(
            "malformed",
            f"{made.where()} must commit to a key for each of "
            f"the {len(cards)} cards and no other (it holds "
            f"{len(commitments)})",
            side=made.side,
        )
    for card, point in commitments.items():
        _point(made, point, f"{card}'s key commitment")
    return dict(commitments)


def _point(made: Pass, text: object, what: str) -> bytes:
    """A point of ``made`` at ``what``; a fault names the pass, the card and the side."""
    try:
        return group.point_from_hex(text, f"{made.where()}, {what}")
    except FairPlayViolation as bad:
        raise FairPlayViolation(
            bad.problem, bad.message, side=made.side, card=what.split("'")[0]
        ) from None

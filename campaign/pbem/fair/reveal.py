"""Revealing one card: shares, their checks, the opening, and the book of called reveals.

A card of the final deck opens only with both parties' keys for it (``shuffle.py``). When the
rules call a reveal (a ``reveals-called`` event: contact, conscription, a draw), each side
gives its *share* (its key for that card) in the next file it sends. Every share is checked
against the commitment its side made when the deck was agreed, so

- a share that opens no commitment is refused and its side named (``bad-share``);
- a share that is the side's key of *another* card (a replayed or misplaced share) is named as
  such (``replayed-share``): it cannot open this card;
- the opened point must be a card of the deck not opened before (``no-card``,
  ``duplicate-card``): if both shares match their commitments and it is not, a shuffle pass
  was dishonest, and only the audit (``audit.py``) can tell whose;
- a file that leaves out a share the rules called for is named (``withheld``, ``RevealBook``).
"""

from __future__ import annotations

from msgspec import Struct, field

from campaign.pbem.fair import group
from campaign.pbem.fair.errors import FairPlayViolation
from campaign.pbem.fair.shuffle import Deck, key_commitment, parse_card


def check_share(deck: Deck, side: str, card: str, share: str) -> bytes:
    """``side``'s share of ``card`` as a key, after checking it against its commitment."""
    parse_card(card)
    committed = deck.commitments.get(side)
    if committed is None or card not in committed:
        raise FairPlayViolation(
            "malformed", f"{side} has no key commitment for card {card!r}", side=side, card=card
        )
    try:
        key = group.scalar_from_hex(share, f"{side}'s share of {card}")
    except FairPlayViolation as violation:  # name who sent it
        raise FairPlayViolation("bad-share", violation.message, side=side, card=card) from None
    point = key_commitment(key)
    if point == committed[card]:
        return key
    for other, value in sorted(committed.items()):
        if other != card and point == value:
            raise FairPlayViolation(
                "replayed-share",
                f"the share {side} gave for {card} is its share of {other}: "
                "a share for another card cannot open this one",
                side=side,
                card=card,
            )
    raise FairPlayViolation(
        "bad-share",
        f"the share {side} gave for {card} does not open the "
        "key commitment it made when the deck was agreed",
        side=side,
        card=card,
    )


def open_card(deck: Deck, card: str, shares: dict[str, str]) -> str:
    """The label of ``card`` from both parties' shares (each checked first)."""
    keys = [
        check_share(deck, side, card, shares.get(side, "")) for side in (deck.first, deck.second)
    ]
    point = group.mul(group.invert(group.scalar_mul(keys[0], keys[1])), deck.point(card))
    name, _ = parse_card(card)
    for label in deck.public[name]:
        if group.card_point(deck.context, name, label) == point:
            return label
    raise FairPlayViolation(
        "no-card",
        f"{card} opens to no card of deck {name} although both shares match their "
        "commitments: a shuffle pass was not honest; open the shuffle (audit) to name the side",
        card=card,
    )


class RevealBook(Struct):
    """The reveals the rules called and the shares received, as one machine follows them.

    ``call(card, file)``: the rules called the reveal of ``card`` with the events of file
    ``file``. ``give``: a share arrived (checked). ``withheld(side, file, carried)``: the cards
    whose share ``side`` should have carried in its file ``file`` and did not: the sender of
    the file that called a reveal gives its share in that same file, the other side in its next
    file. ``open(card)`` once both shares are in; a label opened twice is a dishonest deck."""

    deck: Deck
    called: dict[str, int] = field(default_factory=dict)
    shares: dict[str, dict[str, str]] = field(default_factory=dict)
    opened: dict[str, str] = field(default_factory=dict)

    def call(self, card: str, file: int) -> None:
        """Record that the rules called ``card``'s reveal in file ``file``."""
        parse_card(card)
        self.called.setdefault(card, file)

    def give(self, side: str, card: str, share: str) -> None:
        """Record ``side``'s share of a called card, after checking it."""
        if card not in self.called:
            raise FairPlayViolation(
                "malformed",
                f"{side} gave a share of {card}, whose reveal the rules did not call",
                side=side,
                card=card,
            )
        check_share(self.deck, side, card, share)
        given = self.shares.setdefault(card, {})
        if given.get(side, share) != share:  # pragma: no cover - one key per commitment
            raise FairPlayViolation("bad-share", f"{side} gave two shares of {card}", side=side)
        given[side] = share

    def withheld(self, side: str, file: int, carried: set[str]) -> list[FairPlayViolation]:
        """Every called card whose share ``side`` still owes after its file ``file``, which
        carried the shares of ``carried``: each one is a withheld reveal, named."""
        late = []
        for card, called_in in sorted(self.called.items()):
            if called_in > file or side in self.shares.get(card, {}) or card in carried:
                continue
            late.append(
                FairPlayViolation(
                    "withheld",
                    f"file {file} from {side} withholds its share of {card}, whose "
                    f"reveal the rules called in file {called_in}",
                    side=side,
                    card=card,
                )
            )
        return late

    def open(self, card: str) -> str:
        """The label of ``card`` once both shares are in (each label opens once)."""
        label = open_card(self.deck, card, self.shares.get(card, {}))
        for other, seen in self.opened.items():
            if seen == label and other != card and parse_card(other)[0] == parse_card(card)[0]:
                raise FairPlayViolation(
                    "duplicate-card",
                    f"{card} opens to {label}, already opened as {other}: a "
                    "shuffle pass was not honest; open the shuffle (audit)",
                    card=card,
                )
        self.opened[card] = label
        return label

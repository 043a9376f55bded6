"""The joint shuffle of the face-down decks by two parties (ADR 0028, DN-NEU-1).

Every card ``c`` of a public deck (labels in table order) is a point ``P_c``
(``group.card_point``). Three passes, each a message of one side to the other:

1. **first** picks one mask ``a`` and a permutation ``π1`` per deck and sends
   ``D1[i] = a · P[π1(i)]``. Distinct cards give distinct points: the receiver checks that.
2. **second** picks a permutation ``π2`` and a key ``b_i`` per card and sends
   ``D2[i] = b_i · D1[π2(i)]``, with the commitment ``H(b_i)`` to every key.
3. **first** removes its mask and puts a key ``a_i`` per card: ``D3[i] = a_i · a⁻¹ · D2[i]``,
   with the commitment to every ``a_i``.

``D3[i] = a_i · b_i · P[σ(i)]`` is the final deck: card ``i`` opens only with both keys
``a_i`` and ``b_i`` (its two *shares*, ``reveal.py``). Under the decisional Diffie–Hellman
assumption neither party can tell which card is where from what it holds (its own secrets,
the passes, and the shares of cards already revealed). Nothing in a pass proves it honest:
the outputs bind each party to its secrets (a different opening would need a discrete
logarithm between two card points), so the audit at the end of the game or on dispute
(``audit.py``) recomputes every pass from both openings and names the side whose pass does not
follow. A card is named ``DECK-N`` (``token-3``, ``box-5``), N counting from 1 in final order.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from campaign.pbem.fair import group
from campaign.pbem.fair.errors import FairPlayViolation
from campaign.rules.canonical import digest

#: Public decks: deck name -> card labels in table order.
Decks = dict[str, list[str]]
#: The most cards one deck may hold (bounds every pass read from another party).
MAX_CARDS = 512


def card_name(deck: str, index: int) -> str:
    """The name of the card at ``index`` (0-based) of ``deck`` in final order: ``box-5``."""
    return f"{deck}-{index + 1}"


def parse_card(card: str) -> tuple[str, int]:
    """``("box", 4)`` for ``box-5``; ``FairPlayViolation`` for anything else."""
    deck, _, number = card.rpartition("-")
    if not deck or not number.isdigit() or not 1 <= int(number) <= MAX_CARDS:
        raise FairPlayViolation("malformed", f"{card!r} names no card (DECK-N, e.g. box-5)")
    return deck, int(number) - 1


def key_commitment(context: str, side: str, card: str, key: bytes) -> str:
    """The public commitment to ``side``'s key of ``card``: SHA-256 of a domain-separated
    line holding the key (a uniform 252-bit scalar: nothing to guess)."""
    line = "\x1f".join((group.LABEL, "key", context, side, card, key.hex()))
    return hashlib.sha256(line.encode()).hexdigest()


@dataclass(frozen=True)
class Pass:
    """One pass as it travels: its number, its sender, the points of every deck (hex) and, for
    passes 2 and 3, the commitment to every per-card key of its sender (by card name)."""

    number: int
    side: str
    decks: dict[str, list[str]]
    commitments: dict[str, str] = field(default_factory=dict)

    def to_plain(self) -> dict[str, object]:
        """JSON-ready data (for a turn file, phase B)."""
        return {"number": self.number, "side": self.side, "decks": self.decks,
                "commitments": self.commitments}

    @classmethod
    def from_plain(cls, data: object, public: Decks) -> Pass:
        """A pass read from another party, every field checked (shapes, sizes, points)."""
        if not isinstance(data, dict):
            raise FairPlayViolation("malformed", "a shuffle pass must be an object")
        number, side = data.get("number"), data.get("side")
        decks, commitments = data.get("decks"), data.get("commitments", {})
        if number not in (1, 2, 3) or not isinstance(side, str) or not isinstance(decks, dict):
            raise FairPlayViolation("malformed", "a shuffle pass needs number 1-3, side, decks")
        if sorted(decks) != sorted(public):
            raise FairPlayViolation("malformed", f"pass {number} holds decks {sorted(decks)}, "
                                    f"expected {sorted(public)}", side=side)
        for name, points in decks.items():
            if not isinstance(points, list) or len(points) != len(public[name]):
                raise FairPlayViolation("malformed", f"pass {number}: deck {name} must hold "
                                        f"{len(public[name])} cards", side=side)
            for index, point in enumerate(points):
                group.point_from_hex(point, f"pass {number}, {card_name(name, index)}")
        if not isinstance(commitments, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and len(v) == 64
            for k, v in commitments.items()
        ):
            raise FairPlayViolation("malformed", f"pass {number}: bad key commitments", side=side)
        return cls(number, side, {k: list(v) for k, v in decks.items()}, dict(commitments))


@dataclass
class Secrets:
    """What one party keeps to itself: its permutations, its mask (first party) and its key
    per card (by card name). Opened only at the end of the game or on dispute."""

    side: str
    permutations: dict[str, list[int]] = field(default_factory=dict)
    mask: bytes | None = None
    keys: dict[str, bytes] = field(default_factory=dict)

    def to_plain(self) -> dict[str, object]:
        """JSON-ready data (hex keys): what its owner stores, and publishes as its opening."""
        return {"side": self.side, "permutations": self.permutations,
                "mask": self.mask.hex() if self.mask is not None else None,
                "keys": {card: key.hex() for card, key in sorted(self.keys.items())}}

    @classmethod
    def from_plain(cls, data: object, public: Decks) -> Secrets:
        """Secrets read back or received as an opening, every field checked (shapes, keys)."""
        if not isinstance(data, dict) or not isinstance(data.get("side"), str):
            raise FairPlayViolation("malformed", "an opening must be an object with a side")
        side = data["side"]
        permutations, keys, mask = data.get("permutations"), data.get("keys"), data.get("mask")
        if not isinstance(permutations, dict) or not isinstance(keys, dict) or any(
            name not in public or not isinstance(order, list)
            or sorted(order) != list(range(len(public[name])))
            for name, order in permutations.items()
        ) or len(keys) > sum(len(labels) for labels in public.values()):
            raise FairPlayViolation("malformed", f"the opening of {side} holds no permutations "
                                    "and keys of these decks", side=side)
        for card in keys:
            parse_card(str(card))
        return cls(side, {name: list(order) for name, order in permutations.items()},
                   group.scalar_from_hex(mask, f"the mask of {side}") if mask is not None
                   else None,
                   {card: group.scalar_from_hex(key, f"{side}'s key of {card}")
                    for card, key in keys.items()})

    def share(self, card: str) -> str:
        """This party's share of ``card``: its key for it, as hex."""
        try:
            return self.keys[card].hex()
        except KeyError:
            raise FairPlayViolation("malformed", f"no key of {self.side} for card {card!r}",
                                    card=card) from None


def check_public(public: Decks) -> None:
    """Every deck non-empty, at most ``MAX_CARDS`` cards, labels distinct (distinct points)."""
    for name, labels in public.items():
        if not 0 < len(labels) <= MAX_CARDS or len(set(labels)) != len(labels):
            raise FairPlayViolation("malformed", f"deck {name}: 1-{MAX_CARDS} distinct cards")


def first_pass(context: str, side: str, public: Decks, rand: group.Random) -> tuple[Pass, Secrets]:
    """Pass 1: mask every card with one key and permute each deck."""
    check_public(public)
    mask = group.random_scalar(rand)
    secrets = Secrets(side, mask=mask)
    decks: dict[str, list[str]] = {}
    for name, labels in sorted(public.items()):
        order = group.random_permutation(len(labels), rand)
        secrets.permutations[name] = order
        decks[name] = [group.mul(mask, group.card_point(context, name, labels[j])).hex()
                       for j in order]
    return Pass(1, side, decks), secrets


def second_pass(
    context: str, side: str, public: Decks, first: Pass, rand: group.Random
) -> tuple[Pass, Secrets]:
    """Pass 2: check pass 1 (valid, distinct points), permute, and key every card."""
    first = Pass.from_plain(first.to_plain(), public)
    for name, points in first.decks.items():
        if len(set(points)) != len(points):
            raise FairPlayViolation("bad-pass", f"pass 1 of {first.side} repeats a card in deck "
                                    f"{name}: it is not a shuffle of the deck", side=first.side)
    secrets = Secrets(side)
    decks: dict[str, list[str]] = {}
    commitments: dict[str, str] = {}
    for name, points in sorted(first.decks.items()):
        order = group.random_permutation(len(points), rand)
        secrets.permutations[name] = order
        out = []
        for index, j in enumerate(order):
            card = card_name(name, index)
            key = group.random_scalar(rand)
            secrets.keys[card] = key
            commitments[card] = key_commitment(context, side, card, key)
            out.append(group.mul(key, bytes.fromhex(points[j])).hex())
        decks[name] = out
    return Pass(2, side, decks, commitments), secrets


def third_pass(
    context: str, secrets: Secrets, public: Decks, second: Pass, rand: group.Random
) -> Pass:
    """Pass 3 (by the first party, whose ``secrets`` gain a key per card): unmask and key."""
    second = Pass.from_plain(second.to_plain(), public)
    if secrets.mask is None:
        raise FairPlayViolation("malformed", "pass 3 is made by the party that made pass 1")
    unmask = group.invert(secrets.mask)
    decks: dict[str, list[str]] = {}
    commitments: dict[str, str] = {}
    for name, points in sorted(second.decks.items()):
        out = []
        for index, point in enumerate(points):
            card = card_name(name, index)
            key = group.random_scalar(rand)
            secrets.keys[card] = key
            commitments[card] = key_commitment(context, secrets.side, card, key)
            out.append(group.mul(group.scalar_mul(key, unmask), bytes.fromhex(point)).hex())
        decks[name] = out
    return Pass(3, secrets.side, decks, commitments)


@dataclass(frozen=True)
class Deck:
    """The agreed final deck: both parties' names, the final points and every key commitment
    (``commitments[side][card]``). Both parties hold the same; ``digest`` goes into the log
    (``seal-deck``), binding the game to it."""

    context: str
    first: str
    second: str
    public: Decks
    points: dict[str, list[str]]
    commitments: dict[str, dict[str, str]]

    @classmethod
    def agree(cls, context: str, public: Decks, second: Pass, third: Pass) -> Deck:
        """The final deck from passes 2 and 3 (each checked as read)."""
        second = Pass.from_plain(second.to_plain(), public)
        third = Pass.from_plain(third.to_plain(), public)
        cards = [card_name(name, i) for name, labels in sorted(public.items())
                 for i in range(len(labels))]
        for made in (second, third):
            if sorted(made.commitments) != sorted(cards):
                raise FairPlayViolation("malformed", f"pass {made.number} of {made.side} must "
                                        "commit to a key for every card", side=made.side)
        return cls(context, third.side, second.side, {k: list(v) for k, v in public.items()},
                   third.decks, {second.side: second.commitments, third.side: third.commitments})

    @property
    def digest(self) -> str:
        """SHA-256 of the deck's canonical JSON (what ``seal-deck`` records)."""
        return digest({"context": self.context, "first": self.first, "second": self.second,
                       "public": self.public, "points": self.points,
                       "commitments": self.commitments})

    def point(self, card: str) -> bytes:
        """The final point of ``card``."""
        name, index = parse_card(card)
        if name not in self.points or index >= len(self.points[name]):
            raise FairPlayViolation("malformed", f"the deck has no card {card!r}", card=card)
        return bytes.fromhex(self.points[name][index])

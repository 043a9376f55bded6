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
the passes, and the shares of cards already revealed). Every pass carries a zero-knowledge
proof that it was made so (``pass_proofs.py``, issue 42), checked by the receiver before it
answers or any card is drawn (``received``); the audit at the end of the game or on dispute
(``audit.py``) recomputes every pass from both openings as a second, independent check. Key
commitments are points (``key · B``), pass 1 commits to its mask (``A = a · B``).
"""

from __future__ import annotations

from msgspec import Struct, field

from campaign.pbem.fair import group, pass_proofs
from campaign.pbem.fair.cards import (
    MAX_CARDS,
    Decks,
    Pass,
    all_cards,
    card_name,
    key_commitment,
    parse_card,
)
from campaign.pbem.fair.errors import FairPlayViolation
from campaign.rules.canonical import digest

__all__ = [
    "MAX_CARDS",
    "Deck",
    "Decks",
    "Pass",
    "Secrets",
    "card_name",
    "check_public",
    "first_pass",
    "key_commitment",
    "parse_card",
    "received",
    "second_pass",
    "third_pass",
]


class Secrets(Struct):
    """What one party keeps to itself: its permutations, its mask (first party) and its key
    per card (by card name). Opened only at the end of the game or on dispute."""

    side: str
    permutations: dict[str, list[int]] = field(default_factory=dict)
    mask: bytes | None = None
    keys: dict[str, bytes] = field(default_factory=dict)

    def to_plain(self) -> dict[str, object]:
        """JSON-ready data (hex keys): what its owner stores, and publishes as its opening."""
        return {
            "side": self.side,
            "permutations": self.permutations,
            "mask": self.mask.hex() if self.mask is not None else None,
            "keys": {card: key.hex() for card, key in sorted(self.keys.items())},
        }

    @classmethod
    def from_plain(cls, data: object, public: Decks) -> Secrets:
        """Secrets read back or received as an opening, every field checked (shapes, keys)."""
        if not isinstance(data, dict) or not isinstance(data.get("side"), str):
            raise FairPlayViolation("malformed", "an opening must be an object with a side")
        side = data["side"]
        permutations, keys, mask = data.get("permutations"), data.get("keys"), data.get("mask")
        if (
            not isinstance(permutations, dict)
            or not isinstance(keys, dict)
            or any(
                name not in public
                or not isinstance(order, list)
                or sorted(order) != list(range(len(public[name])))
                for name, order in permutations.items()
            )
            or len(keys) > sum(len(labels) for labels in public.values())
        ):
            raise FairPlayViolation(
                "malformed",
                f"the opening of {side} holds no permutations and keys of these decks",
                side=side,
            )
        for card in keys:
            parse_card(str(card))
        return cls(
            side,
            {name: list(order) for name, order in permutations.items()},
            group.scalar_from_hex(mask, f"the mask of {side}") if mask is not None else None,
            {
                card: group.scalar_from_hex(key, f"{side}'s key of {card}")
                for card, key in keys.items()
            },
        )

    def share(self, card: str) -> str:
        """This party's share of ``card``: its key for it, as hex."""
        try:
            return self.keys[card].hex()
        except KeyError:
            raise FairPlayViolation(
                "malformed", f"no key of {self.side} for card {card!r}", card=card
            ) from None


def check_public(public: Decks) -> None:
    """Every deck non-empty, at most ``MAX_CARDS`` cards, labels distinct (distinct points)."""
    for name, labels in public.items():
        if not 0 < len(labels) <= MAX_CARDS or len(set(labels)) != len(labels):
            raise FairPlayViolation("malformed", f"deck {name}: 1-{MAX_CARDS} distinct cards")


def received(context: str, public: Decks, data: object, earlier: dict[int, Pass]) -> Pass:
    """A pass read from another party, its form and its proof checked against the passes before
    it (``earlier``, by number): ``FairPlayViolation`` naming the pass and its side."""
    made = Pass.from_plain(data, public)
    missing = [n for n in range(1, made.number) if n not in earlier]
    if missing:
        raise FairPlayViolation(
            "malformed", f"{made.where()} arrived before pass {missing[0]}", side=made.side
        )
    pass_proofs.verify(context, public, made, earlier)
    return made


def first_pass(context: str, side: str, public: Decks, rand: group.Random) -> tuple[Pass, Secrets]:
    """Pass 1: mask every card with one key, permute each deck, commit to the mask, prove."""
    check_public(public)
    mask = group.random_scalar(rand)
    secrets = Secrets(side, mask=mask)
    decks: dict[str, list[str]] = {}
    for name, labels in sorted(public.items()):
        order = group.random_permutation(len(labels), rand)
        secrets.permutations[name] = order
        decks[name] = [
            group.mul(mask, group.card_point(context, name, labels[j])).hex() for j in order
        ]
    made = Pass(1, side, decks, mask=key_commitment(mask))
    proof = pass_proofs.prove_first(context, public, made, secrets.permutations, mask, rand)
    return Pass(1, side, decks, mask=made.mask, proof=proof), secrets


def second_pass(
    context: str, side: str, public: Decks, first: Pass, rand: group.Random
) -> tuple[Pass, Secrets]:
    """Pass 2 in answer to ``first`` (checked by ``received``): permute, key every card,
    commit to each key, prove."""
    secrets = Secrets(side)
    for name, points in sorted(first.decks.items()):
        secrets.permutations[name] = group.random_permutation(len(points), rand)
        for index in range(len(points)):
            secrets.keys[card_name(name, index)] = group.random_scalar(rand)
    return make_second(context, first, secrets, rand), secrets


def make_second(context: str, first: Pass, secrets: Secrets, rand: group.Random) -> Pass:
    """Pass 2 from its maker's permutations and keys, with its proof."""
    decks: dict[str, list[str]] = {}
    commitments: dict[str, str] = {}
    for name, points in sorted(first.decks.items()):
        decks[name] = []
        for index, j in enumerate(secrets.permutations[name]):
            key = secrets.keys[card_name(name, index)]
            commitments[card_name(name, index)] = key_commitment(key)
            decks[name].append(group.mul(key, bytes.fromhex(points[j])).hex())
    made = Pass(2, secrets.side, decks, commitments)
    proof = pass_proofs.prove_second(context, first, made, secrets.permutations, secrets.keys, rand)
    return Pass(2, secrets.side, decks, commitments, proof=proof)


def third_pass(
    context: str, secrets: Secrets, public: Decks, second: Pass, rand: group.Random
) -> Pass:
    """Pass 3 (by the first party, whose ``secrets`` gain a key per card) in answer to
    ``second`` (checked by ``received``): unmask and key every card, commit, prove each
    re-keying."""
    if secrets.mask is None:
        raise FairPlayViolation("malformed", "pass 3 is made by the party that made pass 1")
    unmask = group.invert(secrets.mask)
    decks: dict[str, list[str]] = {}
    commitments: dict[str, str] = {}
    rekeys: dict[str, bytes] = {}
    for name, points in sorted(second.decks.items()):
        decks[name] = []
        for index, point in enumerate(points):
            card = card_name(name, index)
            key = group.random_scalar(rand)
            secrets.keys[card] = key
            commitments[card] = key_commitment(key)
            rekeys[card] = group.scalar_mul(key, unmask)
            decks[name].append(group.mul(rekeys[card], bytes.fromhex(point)).hex())
    made = Pass(3, secrets.side, decks, commitments)
    proof = pass_proofs.prove_third(
        context, second, made, group.base_mul(secrets.mask), rekeys, rand
    )
    return Pass(3, secrets.side, decks, commitments, proof=proof)


class Deck(Struct, frozen=True):
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
        cards = all_cards(public)
        for made in (second, third):
            if sorted(made.commitments) != sorted(cards):  # pragma: no cover - from_plain
                raise FairPlayViolation(
                    "malformed",
                    f"{made.where()} must commit to a key for every card",
                    side=made.side,
                )
        return cls(
            context,
            third.side,
            second.side,
            {k: list(v) for k, v in public.items()},
            third.decks,
            {second.side: second.commitments, third.side: third.commitments},
        )

    @property
    def digest(self) -> str:
        """SHA-256 of the deck's canonical JSON (what ``seal-deck`` records)."""
        return digest(
            {
                "context": self.context,
                "first": self.first,
                "second": self.second,
                "public": self.public,
                "points": self.points,
                "commitments": self.commitments,
            }
        )

    def point(self, card: str) -> bytes:
        """The final point of ``card``."""
        name, index = parse_card(card)
        if name not in self.points or index >= len(self.points[name]):
            raise FairPlayViolation("malformed", f"the deck has no card {card!r}", card=card)
        return bytes.fromhex(self.points[name][index])

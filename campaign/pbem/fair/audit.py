"""The opening of the shuffle at the end of the game or on dispute (ADR 0028).

Each party publishes its ``Secrets`` (permutations, mask, every per-card key). Anyone holding
the three passes and both openings recomputes every pass from the public deck; the first pass
that does not follow names its sender (``bad-pass``), a key that does not match its commitment
names its owner (``bad-opening``), and a missing opening names the side that withholds it.
"""

from __future__ import annotations

from campaign.pbem.fair import group
from campaign.pbem.fair.errors import FairPlayViolation
from campaign.pbem.fair.shuffle import Decks, Pass, Secrets, card_name, key_commitment


def audit(
    context: str,
    public: Decks,
    passes: tuple[Pass, Pass, Pass],
    openings: dict[str, Secrets | None],
) -> None:
    """Recompute the shuffle from both openings; ``FairPlayViolation`` names the first fault."""
    first, second, third = passes
    opened: dict[str, Secrets] = {}
    for side in (first.side, second.side):
        opening = openings.get(side)
        if opening is None:
            raise FairPlayViolation(
                "withheld",
                f"{side} withholds the opening of its shuffle secrets: the audit cannot be made",
                side=side,
            )
        opened[side] = opening
    a, b = opened[first.side], opened[second.side]
    if a.mask is None:
        raise FairPlayViolation(
            "bad-opening", f"the opening of {first.side} has no mask", side=first.side
        )
    if key_commitment(a.mask) != first.mask:
        raise FairPlayViolation(
            "bad-opening",
            f"the opening of {first.side} gives a mask that is not the one pass 1 committed to",
            side=first.side,
        )
    unmask = group.invert(a.mask)
    for name, labels in sorted(public.items()):
        points = [group.card_point(context, name, label) for label in labels]
        d1 = [group.mul(a.mask, points[j]).hex() for j in _permutation(a, name, len(labels))]
        _same(first, name, d1)
        cards = [card_name(name, i) for i in range(len(labels))]
        order = _permutation(b, name, len(labels))
        d2 = [
            group.mul(_key(b, card, context, second), bytes.fromhex(d1[j])).hex()
            for card, j in zip(cards, order, strict=True)
        ]
        _same(second, name, d2)
        d3 = [
            group.mul(
                group.scalar_mul(_key(a, card, context, third), unmask), bytes.fromhex(point)
            ).hex()
            for card, point in zip(cards, d2, strict=True)
        ]
        _same(third, name, d3)


def _permutation(secrets: Secrets, deck: str, size: int) -> list[int]:
    order = secrets.permutations.get(deck, [])
    if sorted(order) != list(range(size)):
        raise FairPlayViolation(
            "bad-opening",
            f"the opening of {secrets.side} holds no permutation of deck {deck}",
            side=secrets.side,
        )
    return order


def _key(secrets: Secrets, card: str, context: str, made: Pass) -> bytes:
    key = secrets.keys.get(card)
    committed = made.commitments.get(card)
    if key is None or key_commitment(key) != committed:
        raise FairPlayViolation(
            "bad-opening",
            f"the opening of {secrets.side} gives for {card} "
            "a key that is not the one it committed to",
            side=secrets.side,
            card=card,
        )
    return key


def _same(made: Pass, deck: str, recomputed: list[str]) -> None:
    if made.decks.get(deck) != recomputed:
        raise FairPlayViolation(
            "bad-pass",
            f"pass {made.number} of {made.side} (deck {deck}) "
            "does not follow from its opening: that side did not shuffle "
            "honestly",
            side=made.side,
        )

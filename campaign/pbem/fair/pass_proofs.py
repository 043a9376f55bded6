"""What each pass of the joint shuffle proves, and its check by the receiver (issue 42 item 2).

- **Pass 1** (mask ``a``, one permutation per deck): the cards ``P`` and the base point ``B``
  go to ``D1 = a · P[π1]`` and to the mask commitment ``A = a · B`` with one scalar
  (``proofs.Shuffle`` in single mode, ``B → A`` a one-slot deck of its own): a pass 1 that
  repeats, drops or replaces a card, or whose mask commitment is not its mask, fails.
- **Pass 2** (per-card keys ``b_i``): the pairs ``(B, D1[j])`` go to ``(B_i, D2[i])``, one
  scalar per slot, so each output slot is one input slot keyed by the very key its commitment
  ``B_i`` binds: a pass built from one slot, a point of known discrete logarithm or another
  deck's card fails.
- **Pass 3** (unmask and re-key, ``t_i = a_i · a⁻¹``): for each card a Chaum–Pedersen proof
  that ``D3[i] = t_i · D2[i]`` and ``S_i = t_i · A`` (``S_i = a_i · B`` its key commitment):
  so card ``i`` opens with the shares ``a_i`` and ``b_i`` exactly when pass 1 was honest.

The receiver checks each pass as it arrives, before it answers or any card is drawn; the
end-of-game audit (``audit.py``) stays as a second, independent check.
"""

from __future__ import annotations

from collections.abc import Mapping

from campaign.pbem.fair import group, proofs
from campaign.pbem.fair.cards import Decks, Pass, card_name
from campaign.pbem.fair.errors import FairPlayViolation

#: The one-slot "deck" of pass 1's proof that takes the base point to the mask commitment.
MASK = "\x00mask"


def _label(context: str, side: str, number: int, card: str = "") -> str:
    return "\x1f".join((group.LABEL, context, side, f"pass {number}", card))


def _points(texts: list[str]) -> list[bytes]:
    return [bytes.fromhex(text) for text in texts]


def first_statement(context: str, public: Decks, made: Pass) -> proofs.Shuffle:
    """Pass 1's statement: cards and base point to its decks and mask commitment."""
    inputs: dict[str, list[tuple[bytes, ...]]] = {
        name: [(group.card_point(context, name, label),) for label in labels]
        for name, labels in public.items()
    }
    outputs: dict[str, list[tuple[bytes, ...]]] = {
        name: [(point,) for point in _points(made.decks[name])] for name in public
    }
    inputs[MASK] = [(group.BASE,)]
    outputs[MASK] = [(bytes.fromhex(made.mask or ""),)]
    return proofs.Shuffle(_label(context, made.side, 1), inputs, outputs, single=True)


def second_statement(context: str, first: Pass, made: Pass) -> proofs.Shuffle:
    """Pass 2's statement: ``(B, D1[j])`` pairs to ``(B_i, D2[i])`` pairs."""
    inputs = {
        name: [(group.BASE, point) for point in _points(points)]
        for name, points in first.decks.items()
    }
    outputs = {
        name: [
            (bytes.fromhex(made.commitments[card_name(name, i)]), point)
            for i, point in enumerate(_points(points))
        ]
        for name, points in made.decks.items()
    }
    return proofs.Shuffle(_label(context, made.side, 2), inputs, outputs, single=False)


def prove_first(
    context: str,
    public: Decks,
    made: Pass,
    orders: Mapping[str, list[int]],
    mask: bytes,
    rand: group.Random,
) -> object:
    """The proof of pass 1 (``orders``: its permutations, ``mask``: its mask)."""
    statement = first_statement(context, public, made)
    scalars = {name: [mask] * len(slots) for name, slots in statement.outputs.items()}
    return proofs.prove_shuffle(statement, proofs.Witness({**orders, MASK: [0]}, scalars), rand)


def prove_second(
    context: str,
    first: Pass,
    made: Pass,
    orders: Mapping[str, list[int]],
    keys: Mapping[str, bytes],
    rand: group.Random,
) -> object:
    """The proof of pass 2 (``keys``: its key of every card, by card name)."""
    scalars = {
        name: [keys[card_name(name, i)] for i in range(len(points))]
        for name, points in made.decks.items()
    }
    return proofs.prove_shuffle(
        second_statement(context, first, made), proofs.Witness(orders, scalars), rand
    )


def prove_third(
    context: str,
    second: Pass,
    made: Pass,
    mask_point: bytes,
    rekeys: Mapping[str, bytes],
    rand: group.Random,
) -> object:
    """The proof of pass 3: one Chaum–Pedersen proof per card (``rekeys``: ``t_i``)."""
    dleq: dict[str, list[str]] = {}
    for name, points in sorted(second.decks.items()):
        for i, point in enumerate(points):
            card = card_name(name, i)
            dleq[card] = proofs.prove_equal_logs(
                _label(context, made.side, 3, card),
                bytes.fromhex(point),
                mask_point,
                rekeys[card],
                rand,
            )
    return {"dleq": dleq}


def verify(context: str, public: Decks, made: Pass, earlier: Mapping[int, Pass]) -> None:
    """Check ``made``'s proof against the passes before it (``earlier``, by number):
    ``FairPlayViolation`` (``bad-proof``) naming the pass and its side if it fails."""
    try:
        if made.number == 1:
            proofs.verify_shuffle(first_statement(context, public, made), made.proof)
        elif made.number == 2:
            proofs.verify_shuffle(second_statement(context, earlier[1], made), made.proof)
        else:
            _verify_third(context, earlier[1], earlier[2], made)
    except proofs.ProofError as bad:
        raise FairPlayViolation(
            "bad-proof",
            f"{made.where()}: its proof fails ({bad}): that side did not make "
            "its pass honestly; refused before any card is drawn",
            side=made.side,
        ) from None


def _verify_third(context: str, first: Pass, second: Pass, made: Pass) -> None:
    proof = made.proof
    cards = [
        card_name(name, i)
        for name, points in sorted(second.decks.items())
        for i in range(len(points))
    ]
    if (
        not isinstance(proof, dict)
        or set(proof) != {"dleq"}
        or not isinstance(proof["dleq"], dict)
        or sorted(proof["dleq"]) != sorted(cards)
    ):
        raise proofs.ProofError(
            f"it must hold one equal-logarithm proof for each of the {len(cards)} cards"
        )
    mask_point = bytes.fromhex(first.mask or "")
    for name, points in sorted(second.decks.items()):
        for i, point in enumerate(points):
            card = card_name(name, i)
            try:
                proofs.verify_equal_logs(
                    _label(context, made.side, 3, card),
                    bytes.fromhex(point),
                    mask_point,
                    bytes.fromhex(made.decks[name][i]),
                    bytes.fromhex(made.commitments[card]),
                    proof["dleq"][card],
                )
            except proofs.ProofError as bad:
                raise proofs.ProofError(f"{card}: {bad}") from None

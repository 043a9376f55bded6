"""The proofs of the shuffle passes, in the core (issue 42 item 2, ADR 0028).

Completeness (honest passes prove), soundness against the cheats the proofs exist for, and a
proof's form checked before any group operation (bounded, one spelling).
"""

from __future__ import annotations

import copy
import random

import pytest

from campaign.pbem.fair import group, pass_proofs, proofs, shuffle
from campaign.pbem.fair.errors import FairPlayViolation

CONTEXT = "proof-game"
PUBLIC = {
    "box": ["neutral:PD/1", "neutral:RT-2/1", "neutral:JT-3/1", "neutral:AT-8/1"],
    "token": ["box/1", "box/2", "box/3", "box/4"],
}


def _rand(seed: int):
    return random.Random(seed).randbytes


@pytest.fixture(scope="module")
def passes() -> tuple[shuffle.Pass, shuffle.Pass, shuffle.Pass]:
    rand = _rand(5)
    p1, secrets = shuffle.first_pass(CONTEXT, "solomani", PUBLIC, rand)
    p2, _ = shuffle.second_pass(CONTEXT, "aslan", PUBLIC, p1, _rand(6))
    p3 = shuffle.third_pass(CONTEXT, secrets, PUBLIC, p2, rand)
    return p1, p2, p3


def _check(made: shuffle.Pass, earlier: dict[int, shuffle.Pass]) -> None:
    shuffle.received(CONTEXT, PUBLIC, made.to_plain(), earlier)


def _bad(made: shuffle.Pass, earlier: dict[int, shuffle.Pass]) -> FairPlayViolation:
    with pytest.raises(FairPlayViolation) as caught:
        _check(made, earlier)
    assert caught.value.side == made.side
    return caught.value


def test_honest_passes_prove(passes) -> None:
    """Issue 42 item 2: each honest pass's proof holds against the passes before it."""
    p1, p2, p3 = passes
    _check(p1, {})
    _check(p2, {1: p1})
    _check(p3, {1: p1, 2: p2})


def test_a_proof_for_another_game_or_side_fails(passes) -> None:
    """Issue 42 item 2: a proof is bound to its game (the statement's label): replayed in
    another campaign, it fails."""
    p1, _, _ = passes
    with pytest.raises(FairPlayViolation) as caught:
        shuffle.received("another-game", PUBLIC, p1.to_plain(), {})
    assert caught.value.problem in ("bad-proof", "malformed")


def test_swapping_two_cards_after_proving_fails(passes) -> None:
    """Issue 42 item 2: the proof binds the output order: two cards of pass 2 swapped after
    the proof was made (the same multiset of points) fail."""
    p1, p2, _ = passes
    box = list(p2.decks["box"])
    box[0], box[1] = box[1], box[0]
    forged = shuffle.Pass(2, p2.side, {**p2.decks, "box": box}, p2.commitments, proof=p2.proof)
    assert _bad(forged, {1: p1}).problem == "bad-proof"


def test_a_commitment_that_is_not_the_slots_key_fails(passes) -> None:
    """Issue 42 item 2: pass 2 binds each key commitment to its slot's key: swapping two
    commitments (every share would then open the other card's commitment) fails."""
    p1, p2, _ = passes
    commitments = dict(p2.commitments)
    commitments["box-1"], commitments["box-2"] = commitments["box-2"], commitments["box-1"]
    forged = shuffle.Pass(2, p2.side, p2.decks, commitments, proof=p2.proof)
    assert _bad(forged, {1: p1}).problem == "bad-proof"


def test_a_mask_commitment_that_is_not_the_mask_fails(passes) -> None:
    """Issue 42 item 2: pass 1's mask commitment is proven with its decks (pass 3's proofs
    rest on it): another point there fails."""
    p1, _, _ = passes
    forged = shuffle.Pass(1, p1.side, p1.decks, mask=group.BASE.hex(), proof=p1.proof)
    assert _bad(forged, {}).problem == "bad-proof"


@pytest.mark.parametrize(
    "change",
    [
        lambda proof: proof["rounds"].pop(),
        lambda proof: proof["rounds"].append(proof["rounds"][0]),
        lambda proof: proof.update(challenge=proof["challenge"].upper()),
        lambda proof: proof["rounds"][0].update(order={"box": [0, 0, 1, 2]}),
        lambda proof: proof["rounds"][0]["order"].update(box=list(range(10**5))),
        lambda proof: proof.update(extra=1),
    ],
    ids=[
        "a round short",
        "a round more",
        "upper-case challenge",
        "not a permutation",
        "an order far too long",
        "an unknown field",
    ],
)
def test_a_malformed_proof_is_refused_by_form(passes, change) -> None:
    """Issue 42 items 1 and 2: a proof has exactly 64 rounds, every order a permutation of the
    deck's size, every text in its one spelling; anything else is refused, naming the pass."""
    p1, p2, _ = passes
    proof = copy.deepcopy(p2.proof)
    change(proof)
    forged = shuffle.Pass(2, p2.side, p2.decks, p2.commitments, proof=proof)
    error = _bad(forged, {1: p1})
    assert error.problem == "bad-proof" and "pass 2 of aslan" in error.message


def test_a_pass_3_equal_log_proof_of_another_card_fails(passes) -> None:
    """Issue 42 item 2 (Chaum–Pedersen for pass 3): box-1's proof given for box-2 fails and
    the card is named."""
    p1, p2, p3 = passes
    proof = copy.deepcopy(p3.proof)
    proof["dleq"]["box-2"] = proof["dleq"]["box-1"]
    forged = shuffle.Pass(3, p3.side, p3.decks, p3.commitments, proof=proof)
    error = _bad(forged, {1: p1, 2: p2})
    assert error.problem == "bad-proof" and "box-2" in error.message


def test_the_cheating_chance_is_two_to_the_minus_64() -> None:
    """Issue 42 item 2: 64 rounds, one challenge bit each (the ADR's soundness argument)."""
    assert proofs.ROUNDS == 64
    assert pass_proofs.MASK not in PUBLIC


@pytest.mark.parametrize("text", ["AB" * 32, "Ab" * 32, " " + "ab" * 31 + "a", "ab" * 33])
def test_one_spelling_per_point_and_scalar(text: str) -> None:
    """Issue 42 item 1: upper- or mixed-case hex, padding or a wrong length is refused for
    points and scalars alike; the lowercase text of the same bytes is the one accepted."""
    with pytest.raises(FairPlayViolation, match="lowercase hex"):
        group.point_from_hex(text, "pass 2 of aslan, box-1")
    with pytest.raises(FairPlayViolation, match="lowercase hex"):
        group.scalar_from_hex(text, "aslan's share of box-1")
    point = group.base_mul(group.random_scalar(_rand(3)))
    assert group.point_from_hex(point.hex(), "p") == point

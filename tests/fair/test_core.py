"""The fair-play core (issue 34 phase A, ADR 0028): honest runs, attackers, indistinguishability.

Rule ids: DN-NEU-1 (face-down counters drawn from a shuffled pile), DN-ERR-1 (dice bound to
their purpose; a die that does not match is refused).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.pbem.fair import group, shuffle, strict
from campaign.pbem.fair.audit import audit
from campaign.pbem.fair.errors import FairPlayViolation
from campaign.pbem.fair.reveal import RevealBook, open_card
from campaign.rules import fairplay
from campaign.rules.dice import RollContext, SeededSource
from campaign.rules.errors import WaitingError
from tests.fair.machines import swapped_second_pass
from tests.rulesets import sample

CONTEXT = "core-test"


def _rand(seed: int):
    return random.Random(seed).randbytes


def _deal(public: dict[str, list[str]], seeds: tuple[int, int], second_pass=shuffle.second_pass):
    """An honest joint shuffle by solomani (first) and aslan (second)."""
    first_rand, second_rand = _rand(seeds[0]), _rand(seeds[1])
    p1, solomani = shuffle.first_pass(CONTEXT, "solomani", public, first_rand)
    p2, aslan = second_pass(CONTEXT, "aslan", public, p1, second_rand)
    p3 = shuffle.third_pass(CONTEXT, solomani, public, p2, first_rand)
    return (p1, p2, p3), solomani, aslan, shuffle.Deck.agree(CONTEXT, public, p2, p3)


SMALL = {
    "token": ["box/1", "box/2", "hex/1"],
    "box": ["neutral:PD/1", "neutral:RT-2/1"],
    "hex": ["neutral:TR/1"],
}


def _cards(public: dict[str, list[str]]) -> list[str]:
    return [
        shuffle.card_name(name, i) for name, labels in public.items() for i in range(len(labels))
    ]


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_honest_runs_open_every_card_once_and_pass_the_audit(a: int, b: int) -> None:
    """DN-NEU-1: with both shares every card opens to a card of its deck, each exactly once
    (the deck is a permutation of the pile), and the audit of both openings is clean."""
    passes, solomani, aslan, deck = _deal(SMALL, (a, b))
    book = RevealBook(deck)
    for card in _cards(SMALL):
        book.call(card, 4)
        book.give("solomani", card, solomani.share(card))
        book.give("aslan", card, aslan.share(card))
        book.open(card)
    for name, labels in SMALL.items():
        assert sorted(v for k, v in book.opened.items() if k.startswith(name + "-")) == sorted(
            labels
        )
    audit(CONTEXT, SMALL, passes, {"solomani": solomani, "aslan": aslan})


def test_the_whole_neutral_pile_deals_uniquely() -> None:
    """DN-NEU-1: the real decks (27 counters) open to the pile, one card each."""
    public = fairplay.decks(sample())
    _, solomani, aslan, deck = _deal(public, (5, 6))
    labels = [
        open_card(deck, c, {"solomani": solomani.share(c), "aslan": aslan.share(c)})
        for c in _cards(public)
    ]
    assert sorted(labels) == sorted(sum(public.values(), []))


# --- attackers ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def dealt():
    return _deal(SMALL, (11, 12))


def test_a_player_cannot_open_a_card_with_his_own_key_alone(dealt) -> None:
    """ADR 0028: unmasking with one's own key (or both of one's keys) never lands on a card."""
    _, solomani, aslan, deck = dealt
    points = {
        group.card_point(CONTEXT, name, label) for name, labels in SMALL.items() for label in labels
    }
    for party in (solomani, aslan):
        for card in _cards(SMALL):
            guess = group.mul(group.invert(party.keys[card]), deck.point(card))
            assert guess not in points


def test_a_replayed_share_is_named(dealt) -> None:
    """A share of another card (an old share replayed) is named as such, with its side."""
    _, solomani, _, deck = dealt
    book = RevealBook(deck)
    book.call("box-1", 5)
    with pytest.raises(FairPlayViolation) as caught:
        book.give("solomani", "box-1", solomani.share("token-2"))
    assert (caught.value.problem, caught.value.side) == ("replayed-share", "solomani")
    assert "its share of token-2" in caught.value.message


def test_a_forged_share_is_named(dealt) -> None:
    """A made-up key opens no commitment: bad-share, naming the side."""
    _, _, aslan, deck = dealt
    forged = group.random_scalar(_rand(99)).hex()
    with pytest.raises(FairPlayViolation) as caught:
        RevealBook(deck, called={"box-1": 5}).give("aslan", "box-1", forged)
    assert (caught.value.problem, caught.value.side) == ("bad-share", "aslan")


def test_a_share_for_a_card_not_called_is_refused(dealt) -> None:
    """No share is taken for a card whose reveal the rules did not call."""
    _, solomani, _, deck = dealt
    with pytest.raises(FairPlayViolation, match="did not call"):
        RevealBook(deck).give("solomani", "box-2", solomani.share("box-2"))


def test_withholding_a_reveal_is_named(dealt) -> None:
    """The rules called box-1 in file 7: solomani's file 7 and aslan's file 8 must carry
    their shares; a file without it names the side and the card (withheld)."""
    _, solomani, _, deck = dealt
    book = RevealBook(deck)
    book.call("box-1", 7)
    assert book.withheld("solomani", 6, set()) == []  # before the call: nothing owed
    book.give("solomani", "box-1", solomani.share("box-1"))
    assert book.withheld("solomani", 7, set()) == []
    late = book.withheld("aslan", 8, set())
    assert [(v.problem, v.side, v.card) for v in late] == [("withheld", "aslan", "box-1")]
    assert book.withheld("aslan", 8, {"box-1"}) == []


def test_a_dishonest_pass_is_detected_at_reveal_and_named_by_the_audit() -> None:
    """A second party that puts one card twice in its pass (dropping another): the card opens
    to nothing or to a card opened before, and the audit names the cheat."""

    def cheat(context, side, public, first, rand):
        made, secrets = shuffle.second_pass(context, side, public, first, rand)
        box = list(made.decks["box"])
        key = secrets.keys["box-2"]
        copy_from = secrets.permutations["box"][0]
        box[1] = group.mul(key, bytes.fromhex(first.decks["box"][copy_from])).hex()
        secrets.permutations["box"][1] = copy_from
        return shuffle.Pass(2, side, {**made.decks, "box": box}, made.commitments), secrets

    passes, solomani, aslan, deck = _deal(SMALL, (3, 4), second_pass=cheat)
    book = RevealBook(deck)
    for card in ("box-1", "box-2"):
        book.call(card, 5)
        book.give("solomani", card, solomani.share(card))
        book.give("aslan", card, aslan.share(card))
    book.open("box-1")
    with pytest.raises(FairPlayViolation) as caught:
        book.open("box-2")
    assert caught.value.problem == "duplicate-card"
    with pytest.raises(FairPlayViolation) as named:
        audit(CONTEXT, SMALL, passes, {"solomani": solomani, "aslan": aslan})
    assert (named.value.problem, named.value.side) == ("bad-opening", "aslan")


def test_withholding_the_opening_is_named(dealt) -> None:
    """The audit cannot be made without both openings: the side that withholds is named."""
    passes, solomani, _, _ = dealt
    with pytest.raises(FairPlayViolation) as caught:
        audit(CONTEXT, SMALL, passes, {"solomani": solomani, "aslan": None})
    assert (caught.value.problem, caught.value.side) == ("withheld", "aslan")


def test_malformed_points_are_refused() -> None:
    """A point off the group (or of small order) from the other party is refused."""
    with pytest.raises(FairPlayViolation, match="not a point"):
        group.point_from_hex("01" + "00" * 31, "pass 2, box-1")
    with pytest.raises(FairPlayViolation, match="hex digits"):
        group.point_from_hex("zz", "pass 2, box-1")


# --- indistinguishability ----------------------------------------------------------------


def test_one_sides_data_cannot_tell_two_set_ups_with_permuted_kinds_apart() -> None:
    """ADR 0028: two deals whose box-3 and box-4 hold each other's kinds (aslan's permutation
    differs by that swap, every key the same). Solomani's data — its secrets, every pass and
    the final deck it holds, aslan's shares of the cards revealed (box-1, box-2) — differs
    only in group elements at those two places; the one test solomani can make with its own
    keys finds no card there in either deal; with aslan's secrets the deals differ."""
    public = {"box": ["neutral:PD/1", "neutral:RT-2/1", "neutral:JT-3/1", "neutral:AT-8/1"]}
    worlds = []
    for second in (shuffle.second_pass, swapped_second_pass(2, 3)):
        passes, solomani, aslan, deck = _deal(public, (21, 22), second_pass=second)
        worlds.append((passes, solomani, aslan, deck))
    kinds = [
        [open_card(d, c, {"solomani": s.share(c), "aslan": a.share(c)}) for c in ("box-3", "box-4")]
        for _, s, a, d in worlds
    ]
    assert kinds[0] == kinds[1][::-1] and kinds[0][0] != kinds[0][1]  # really permuted

    def solomani_view(world):
        passes, solomani, aslan, deck = world
        return {
            "secrets": (solomani.mask, solomani.permutations, solomani.keys),
            "shares": {c: aslan.share(c) for c in ("box-1", "box-2")},
            "passes": [p.to_plain() for p in passes],
            "commitments": deck.commitments,
        }

    views = [solomani_view(w) for w in worlds]
    assert views[0]["secrets"] == views[1]["secrets"]
    assert views[0]["shares"] == views[1]["shares"]
    assert views[0]["commitments"] == views[1]["commitments"]
    for made0, made1 in zip(views[0]["passes"], views[1]["passes"], strict=True):
        differ = [
            k
            for k, (x, y) in enumerate(
                zip(made0["decks"]["box"], made1["decks"]["box"], strict=True)
            )
            if x != y
        ]
        assert differ in ([], [2, 3])
    points = {group.card_point(CONTEXT, "box", label) for label in public["box"]}
    for _, solomani, _, deck in worlds:  # the test solomani can make: nothing to learn
        for card in ("box-3", "box-4"):
            assert group.mul(group.invert(solomani.keys[card]), deck.point(card)) not in points


# --- strict dice -------------------------------------------------------------------------


def _ctx(purpose: str = "fire marrow round 1 A-CL-1>S-DD-1", index: int = 0) -> RollContext:
    return RollContext("nebula", 3, 9, purpose, index, 6, "aslan")


def test_strict_dice_wait_for_the_receivers_contribution() -> None:
    """DN-ERR-1: the sender of file 5 has not got the receiver's secret: its machine answers
    with a typed wait naming the receiver; the receiver (both secrets) rolls."""
    rand = _rand(7)
    own, theirs = strict.new_secret(rand), strict.new_secret(rand)
    sender = strict.StrictSource.for_file("nebula", 5, own, None, "solomani")
    with pytest.raises(WaitingError) as waiting:
        sender.draw(_ctx())
    assert [(w.side, w.what, w.subject) for w in waiting.value.waits] == [
        ("solomani", "dice", "file 5")
    ]
    receiver = strict.StrictSource.for_file("nebula", 5, own, theirs, "solomani")
    key = strict.roll_key("nebula", 5, own, theirs)
    assert receiver.draw(_ctx()) == SeededSource(key).draw(_ctx())


@settings(max_examples=30, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.binary(min_size=32, max_size=32))
def test_strict_dice_keep_the_purpose_binding(a: bytes, b: bytes) -> None:
    """DN-ERR-1: a roll belongs to its purpose and index; the commitment opens only with its
    own secret."""
    key = strict.roll_key("nebula", 6, a.hex(), b.hex())
    source = strict.StrictSource(6, key, "aslan")
    assert source.draw(_ctx()) == SeededSource(key).draw(_ctx())
    assert strict.opens("nebula", 6, a.hex(), strict.commitment("nebula", 6, a.hex()))
    assert not strict.opens("nebula", 6, b.hex(), strict.commitment("nebula", 6, a.hex())) or a == b


def test_strict_dice_start_with_the_third_file() -> None:
    """Files 1 and 2 have no earlier secrets: a roll there waits (the set-up rolls none)."""
    with pytest.raises(WaitingError, match="file 3"):
        strict.StrictSource.for_file("nebula", 2, "aa", "bb", "aslan").draw(_ctx())

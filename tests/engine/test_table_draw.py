"""Neutral counters drawn at the table (issue 45 item 1, DN-NEU-1): the referee enters each
draw as it happens; the tool checks it against the counters left in the pile and the rules,
and records it as the draw."""

from __future__ import annotations

from collections import Counter

import pytest

from campaign.rules import narration
from campaign.rules.errors import IllegalOrderError, InvalidOrderError
from campaign.rules.ids import Side
from campaign.rules.phases import Phase
from tests.engine.factory import SETUP_ORDERS, Game


def _table_game() -> Game:
    game = Game()
    game.play("referee neutral-draw table")
    return game


def _neutrals(game: Game) -> dict[str, str]:
    return {u.id: u.kind for u in game.state.units.values() if u.owner is Side.NEUTRAL}


def test_the_counter_named_is_placed_and_leaves_the_pile():
    """Issue 45 item 1: the named counter is placed whatever the tool's shuffle says, and one
    counter of that kind leaves the pile."""
    game = _table_game()
    pile = Counter(game.state.neutral_pile)
    wanted = next(k for k in pile if k != game.state.neutral_pile[0] and not k.endswith(":PD"))
    (placed,) = game.play(f"solomani place-neutral neb-a {wanted.removeprefix('neutral:')}")
    assert placed.kind == wanted and _neutrals(game) == {placed.unit_id: wanted}
    assert Counter(game.state.neutral_pile) == pile - Counter([wanted])


def test_a_code_may_be_typed_without_its_hyphens():
    """DN-NEU-1 (found by use, December 7): ``rt2`` names the counter ``RT-2`` and ``m807`` the
    monitor ``M-8-0-7``, as their codes with hyphens do."""
    game = _table_game()
    (first,) = game.play("solomani place-neutral neb-a rt2")
    (second,) = game.play("aslan place-neutral neb-c m807")
    assert (first.kind, second.kind) == ("neutral:RT-2", "neutral:M-8-0-7")


def test_a_draw_must_be_named_and_be_left_in_the_pile():
    """Issue 45 item 1 (DN-NEU-1, DN-DATA-2): no counter named, a code of no counter, or more of
    a kind than are left: refused, nothing placed."""
    game = _table_game()
    error = game.reject("solomani place-neutral neb-a")
    assert isinstance(error, IllegalOrderError) and error.rule_id == "DN-NEU-1"
    assert isinstance(game.reject("solomani place-neutral neb-a RT-9"), InvalidOrderError)
    kind = game.state.neutral_pile[0].removeprefix("neutral:")
    left = game.state.neutral_pile.count(f"neutral:{kind}")
    too_many = ",".join([kind] * (left + 1))
    assert "more" in str(game.reject(f"solomani place-neutral neb-a {too_many}"))
    assert _neutrals(game) == {}


def test_a_second_pd_for_a_box_is_set_aside_and_named_first():
    """Issue 45 item 1 (DN-MOV-10 [HOUSE]): a PD drawn for a box holding one is set aside; the
    referee names it, then the counter placed; a lone PD there is refused."""
    game = _table_game()
    game.play("solomani place-neutral neb-a PD")
    error = game.reject("aslan place-neutral neb-a PD")
    assert isinstance(error, IllegalOrderError) and error.rule_id == "DN-MOV-10"
    before = game.state.neutral_pile.count("neutral:PD")
    (placed,) = game.play("aslan place-neutral neb-a PD,TR")
    assert placed.set_aside == ["neutral:PD"] and placed.kind == "neutral:TR"
    assert game.state.neutral_pile.count("neutral:PD") == before - 1
    fresh = _table_game()  # a box with no PD: nothing is set aside
    assert "DN-MOV-10" in str(fresh.reject("solomani place-neutral neb-a PD,TR"))


def test_naming_a_counter_is_refused_when_the_tool_draws():
    """Issue 45 item 1: without the table draw a player cannot choose the counter."""
    game = Game()
    error = game.reject("solomani place-neutral neb-a TR")
    assert isinstance(error, IllegalOrderError) and "drawn at the table" in str(error)


def test_the_draw_is_chosen_before_the_first_counter():
    """Issue 45 item 1: switching to the table draw after a counter is placed is refused."""
    game = Game()
    game.play(SETUP_ORDERS[0])
    assert "before the first" in str(game.reject("referee neutral-draw table"))


def test_the_set_up_ends_after_as_many_counters_as_sections():
    """Issue 45 item 1 (DN-NEU-1): the table draw ends the step like the tool's."""
    game = _table_game()
    for side, code in (("solomani", "TR"), ("aslan", "PD"), ("solomani", "RT-2")):
        game.play(f"{side} place-neutral neb-a {code}")
    assert game.state.phase is Phase.SETUP_PURCHASE


def test_a_player_reads_neither_the_counter_nor_the_order_naming_it():
    """Issue 45 item 1 (DN-NEU-1): the placement's sentence and order text a player reads
    do not name the counter drawn at the table."""
    from campaign.rules.views import seen_text

    game = _table_game()
    before = game.state.clone()
    events = game.play("solomani place-neutral neb-a TR")
    (referee,) = narration.narrate(events, before)
    assert "draw TR (" in (referee.text or "") and "at the table" in (referee.text or "")
    (player,) = narration.narrate(events, before, viewer=Side.ASLAN)
    assert "TR" not in (player.text or "")
    shown = seen_text("solomani place-neutral neb-a TR", game.state, Side.ASLAN)
    assert shown == "solomani place-neutral neb-a ?"


def test_no_table_draw_in_fair_mode():
    """Issue 45 item 1 (DN-NEU-1, ADR 0028): the machines shuffle jointly in fair mode; the
    table draw is refused there."""
    from campaign.rules import engine
    from campaign.rules.dice import SeededSource
    from campaign.rules.flow import MapAssembled, layout_record
    from tests import harness
    from tests.engine.factory import small_ruleset

    ruleset = small_ruleset()
    source = SeededSource("fair")
    events = engine.start(
        "test", ruleset, MapAssembled(layout=layout_record(ruleset.star_map)), source, fair=True
    )
    game = harness.Game(ruleset, events, dice=source)
    assert "fair mode" in str(game.reject("referee neutral-draw table"))


def test_the_order_offered_names_the_code_to_type():
    """Issue 45 item 1 (DN-SEQ-2): with the table draw the legal order reads
    ``place-neutral SYSTEM CODE``; with the tool's draw it stays ``place-neutral SYSTEM``."""
    from campaign.rules import engine

    def offered(game: Game) -> str:
        (placing,) = [
            o
            for o in engine.legal_orders(game.state, Side.SOLOMANI, game.ruleset)
            if o.verb == "place-neutral"
        ]
        return placing.template

    assert offered(Game()) == "place-neutral SYSTEM"
    assert offered(_table_game()) == "place-neutral SYSTEM CODE"


def test_too_many_arguments_are_counted_against_the_order_shown_now():
    """DN-NEU-1, DN-SEQ-2: ``place-neutral`` given one argument too many is refused with the
    usage the campaign shows now (``SYSTEM CODE`` with the table draw, ``SYSTEM`` without), and
    the count said matches that usage (it said "at most 2 argument(s): place-neutral
    SYSTEM")."""
    from campaign.rules import engine

    def refusal(game: Game, text: str) -> str:
        with pytest.raises(InvalidOrderError) as raised:
            engine.read_typed(game.state, text, game.ruleset)
        return raised.value.message

    table = refusal(_table_game(), "solomani place-neutral neb-a RT-2 RT-3")
    assert table.endswith(
        "'place-neutral' takes at most 2 arguments (usage: solomani place-neutral SYSTEM CODE)"
    )
    tool = refusal(Game(), "solomani place-neutral neb-a RT-2 RT-3")
    assert tool.endswith(
        "'place-neutral' takes at most 1 argument (usage: solomani place-neutral SYSTEM)"
    )


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ('""', "CODE is empty"),
        ("' '", "CODE is empty"),
        ("RT-2,", "CODE 'RT-2,' has an empty item"),
        (",", "CODE ',' has an empty item"),
        ("PD,,RT-2", "CODE 'PD,,RT-2' has an empty item"),
    ],
)
def test_an_empty_code_is_named_with_the_rule(typed: str, problem: str):
    """DN-NEU-1, DN-ERR-1 (found by use, December 7): an empty counter code read "DN-NEU-1:  is
    no neutral counter left in the pile"; the refusal names the argument as the usage does and
    the order's rule, and nothing is placed."""
    from campaign.rules import engine

    game = _table_game()
    text = f"solomani place-neutral neb-a {typed}"
    with pytest.raises(InvalidOrderError) as raised:
        engine.read_typed(game.state, text, game.ruleset)
    assert raised.value.message.startswith(f"DN-NEU-1: cannot read order {text!r}: {problem}")
    assert raised.value.message.endswith("(usage: solomani place-neutral SYSTEM CODE)")
    game.reject(text)
    assert _neutrals(game) == {}

"""Which rule a refusal names (DN-ERR-1; docs/rules-core.md, "Which rule a refusal names").

Found by use, December 7, late night: unknown unit, system and stack ids and "cannot read order
…" named no rule, while every other refusal starts with its rule id. Now a name the game does
not have and a line no order is read from name DN-ERR-1; an order whose words do not fit its
usage names the order's own rule; the "did you mean" is kept.
"""

from __future__ import annotations

import pytest

from campaign.rules import engine
from campaign.rules.errors import CampaignError, InvalidOrderError
from tests.movement.helpers import Game


def _world() -> Game:
    return Game(
        counters="""
        A-CL-1 aslan:CL hex:hlirakh stack=s1
        A-DD-1 aslan:DD hex:hlirakh stack=s1
        A-CL-2 aslan:CL hex:hlirakh
        A-CL-3 aslan:CL box:hlirakh
        A-DD-2 aslan:DD hex:ftahr
        S-CL-1 solomani:CL hex:concord
    """
    )


def _refusal(game: Game, text: str) -> CampaignError:
    """The refusal of ``text`` typed at the table (the CLI's path: read, names checked,
    decided); nothing changes."""
    digest = engine.state_digest(game.state)
    with pytest.raises(CampaignError) as refused:
        order = engine.read_typed(game.state, text, game.ruleset)
        engine.decide(game.state, order, game.ruleset)
    assert engine.state_digest(game.state) == digest
    return refused.value


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "aslan end-move A-CL-9",
            "DN-ERR-1: unknown unit 'A-CL-9'; did you mean 'A-CL-1' or 'A-CL-2' or 'A-CL-3'?",
        ),
        ("aslan jump s11 ftahr", "DN-ERR-1: unknown stack or unit 's11'; did you mean 's1'?"),
        ("aslan jump s1 ftahe", "DN-ERR-1: unknown system 'ftahe'; did you mean 'ftahr'?"),
        ("aslan jupm s1 ftahr", "DN-ERR-1: unknown order 'jupm'; did you mean 'jump'?"),
        (
            "asaln jump s1 ftahr",
            "DN-ERR-1: cannot read order 'asaln jump s1 ftahr': 'asaln' is not aslan, solomani "
            "or referee; did you mean 'aslan'?",
        ),
        (
            'aslan jump s1 "ftahr',
            "DN-ERR-1: cannot read order 'aslan jump s1 \"ftahr': a quotation mark is not closed",
        ),
        (
            "aslan",
            "DN-ERR-1: cannot read order 'aslan': expected '<aslan|solomani|referee> <order> ...'",
        ),
    ],
)
def test_bad_input_names_dn_err_1_and_keeps_its_suggestion(text: str, message: str):
    """DN-ERR-1: a name the game does not have, or a line no order is read from."""
    error = _refusal(_world(), text)
    assert isinstance(error, InvalidOrderError)
    assert error.message == message
    assert error.rule_id == "DN-ERR-1"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "aslan jump",
            "DN-MOV-2: cannot read order 'aslan jump': STACK is missing (usage: aslan jump "
            "STACK PATH)",
        ),
        (
            "aslan end-phase now",
            "DN-SEQ-2: cannot read order 'aslan end-phase now': 'end-phase' takes no arguments "
            "(usage: aslan end-phase)",
        ),
        (
            "aslan end-move s1 x",
            "DN-MOV-4: cannot read order 'aslan end-move s1 x': 'end-move' takes at most 1 "
            "argument (usage: aslan end-move STACK)",
        ),
        (
            "referee stepping",
            "DN-SEQ-2: cannot read order 'referee stepping': say manual or auto (usage: referee "
            "stepping manual|auto)",
        ),
        (
            "aslan form-stack 9x A-CL-2",
            "DN-MOV-2: bad stack label '9x': a letter, then up to 23 letters, digits, '_' or '.'",
        ),
        (
            "aslan split-stack A-CL-2 x A-CL-2",
            "DN-MOV-2: A-CL-2 is in no stack: only a stack's ships split off (form-stack LABEL "
            "UNITS forms one)",
        ),
        (
            "aslan merge-stacks A-CL-2 s1",
            "DN-MOV-2: A-CL-2 is in no stack: form-stack LABEL UNITS forms one",
        ),
    ],
)
def test_words_that_do_not_fit_the_usage_name_the_order_s_rule(text: str, message: str):
    """DN-ERR-1, DN-MOV-2, DN-SEQ-2: the usage printed is the order's rule's (found by use,
    December 7, late night: "STACK: is missing", "takes at most 0 argument(s)", "'A-CL-1' is
    not a stack" named no rule)."""
    assert _refusal(_world(), text).message == message


def test_a_stack_across_places_is_refused_with_the_places_in_words():
    """DN-MOV-2 (found by use, December 7, late night): ``form-stack`` of ships in two places
    was refused "A-CL-1 at hex:wahtoi, A-CL-3 at box:wahtoi", the log's notation; the places
    are named as every sentence names them, each once."""
    game = _world()
    assert _refusal(game, "aslan form-stack t A-CL-2,A-CL-3,A-DD-2").message == (
        "DN-MOV-2: a stack stands in one place: A-CL-2 in the stellar hex of Hlirakh; A-CL-3 "
        "in the surface box of Hlirakh; A-DD-2 in the stellar hex of Ftahr"
    )


def test_a_refusal_keeps_the_rule_it_was_given():
    """DN-ERR-1: the rule a message starts with is kept (not doubled), else the caller's,
    else DN-ERR-1; ``reason`` is the sentence without it."""
    assert InvalidOrderError("unknown unit 'X'").message == "DN-ERR-1: unknown unit 'X'"
    named = InvalidOrderError("DN-MOV-2: name at least one unit")
    assert (named.rule_id, named.reason) == ("DN-MOV-2", "name at least one unit")
    assert InvalidOrderError(named.message).message == named.message
    assert InvalidOrderError("x", "DN-CBT-3").message == "DN-CBT-3: x"


def test_a_stack_that_finished_moving_is_named_as_the_stack():
    """DN-MOV-2 (found by use, December 7, late night): a stack given a second jump was
    refused "A-B1-1 has finished its movement this phase", one ship of the stack named."""
    game = _world()
    game.play("aslan jump s1 ftahr")
    assert game.reject("aslan jump s1 hlirakh", rule="DN-MOV-2").message == (
        "DN-MOV-2: stack s1 (A-CL-1, A-DD-1) has finished its movement this phase"
    )


@pytest.mark.parametrize(
    ("text", "how"),
    [
        ("aslan jump A-CL-2,A-CL-3 ftahr", "form-stack LABEL A-CL-2,A-CL-3"),
        ("aslan jump s1,A-CL-2 ftahr", "merge-stacks s1 A-CL-2"),
    ],
)
def test_a_list_where_one_stack_goes_says_how_to_make_one(text: str, how: str):
    """DN-MOV-2 (found by use, December 7, late night): ``aslan jump A-CS-1,A-CS-2 aokhtel``
    read "unknown stack or unit 'A-CS-1,A-CS-2'; did you mean …", as if mistyped."""
    what = text.split()[2]
    assert _refusal(_world(), text).message == (
        f"DN-MOV-2: {what} names 2 stacks or ships, and an order moves one: make them one "
        f"stack first ({how})"
    )


def test_an_unknown_order_lists_the_orders_its_giver_may_give():
    """DN-ERR-1, DN-SEQ-2 (found by use, December 7, late night): ``aslan frob`` listed the
    referee's `set-ru`, `adjust-unit` and `stepping` among the known orders; a player is
    offered the players' orders, ``referee …`` the referee's."""
    player = _refusal(_world(), "aslan frob").message
    assert player.startswith("DN-ERR-1: unknown order 'frob'; known orders: assign, buy, ")
    assert "jump" in player and "set-ru" not in player and "stepping" not in player
    assert _refusal(_world(), "referee frob").message == (
        "DN-ERR-1: unknown order 'frob'; known orders: adjust-unit, neutral-draw, "
        "referee-assign, set-ru, stepping"
    )
    assert "did you mean" not in _refusal(_world(), "aslan set-rue").message


def test_a_split_under_the_stack_s_own_label_says_what_to_do():
    """DN-MOV-2 (found by use, December 7, late night): ``split-stack main main A-B1-1`` read
    "stack main already exists: use merge-stacks"."""
    assert _refusal(_world(), "aslan split-stack s1 s1 A-DD-1").message == (
        "DN-MOV-2: A-DD-1 is in stack s1 already: split it off under a new label, or '-' to "
        "leave it unstacked"
    )

"""'Did you mean' for order verbs, units, stacks and systems, drawn only from what the player
typing the order may see (issue 32 item 6, DN-ERR-1, DN-NEU-1): a real id of a face-down neutral
counter typed by a player is refused exactly as an id that does not exist, and no suggestion or
list names one; the referee may name every counter. A campaign through the service: eight
counters placed in Lantern, Aslan and Solomani scouts deployed, first movement."""

from __future__ import annotations

import argparse
import re

import pytest

from campaign.rules.errors import CampaignError
from campaign.rules.ids import Side
from campaign.rules.naming import check_names, nameable_units
from campaign.rules.notation import parse_order
from campaign.rules.seats import Seat
from campaign.rules.state import CampaignState
from campaign.rules.suggest import did_you_mean
from campaign.rules.views import hidden_names, player_view
from tests.engine.lantern import lantern_game
from tests.integration.table import Table

REAL_NEUTRAL_ID = re.compile(r"(?<![A-Z-])N-(?!X-)[A-Z0-9]+-[0-9]+")


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Table:
    return lantern_game(tmp_path_factory.mktemp("suggest") / "s.db", "suggest")


def _refusal(table: Table, text: str, viewer: Side | None = Side.ASLAN) -> str:
    """The refusal of ``text`` typed by ``viewer`` (the Aslan player unless told)."""
    before = table.loaded.head.seq
    with pytest.raises(CampaignError) as refused:
        table.service.submit(table.loaded, text, seat=Seat.of(viewer))
    assert table.loaded.head.seq == before  # a refused order changes nothing
    return refused.value.message


def test_a_mistyped_order_verb_suggests_the_verb(table: Table):
    # DN-ERR-1
    assert _refusal(table, "aslan jmup A-SC-1 lantern") == (
        "DN-ERR-1: unknown order 'jmup'; did you mean 'jump'?"
    )


@pytest.mark.parametrize(
    ("text", "suggestion"),
    [
        ("aslna buy CL 1", "; did you mean 'aslan'?"),
        ("Solomnai end-phase", "; did you mean 'solomani'?"),
        ("refere stepping manual", "; did you mean 'referee'?"),
        ("klingon end-phase", ""),
    ],
)
def test_a_mistyped_side_suggests_the_side(text: str, suggestion: str):
    """DN-ERR-1 (found by use, December 7): the first word of an order, mistyped, gets a "did
    you mean" like a verb, a unit or a system."""
    with pytest.raises(CampaignError) as refused:
        parse_order(text)
    side = text.split()[0]
    assert refused.value.message == (
        f"DN-ERR-1: cannot read order {text!r}: {side!r} is not aslan, solomani or referee"
        f"{suggestion}"
    )


@pytest.mark.parametrize(
    ("text", "suggestion"),
    [
        ('referee set-ru aslin 5 "x"', "; did you mean 'aslan'?"),
        ('referee set-ru solomnai 5 "x"', "; did you mean 'solomani'?"),
        ('referee set-ru klingon 5 "x"', ""),
    ],
)
def test_a_mistyped_side_argument_suggests_the_side(text: str, suggestion: str):
    """DN-ERR-1 (found by use, December 7): a side typed as an order's argument (the order
    model's own check, not the first word) gets a "did you mean" as the first word does."""
    with pytest.raises(CampaignError) as refused:
        parse_order(text)
    assert refused.value.message == (
        f"DN-ERR-1: cannot read order {text!r}: SIDE: must be 'aslan', 'solomani' or 'neutral'"
        f'{suggestion} (usage: referee set-ru SIDE RU "REASON")'
    )


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("aslan choose-range b1 shrot", "R: must be 'long' or 'short'; did you mean 'short'?"),
        ("referee stepping manuel", "mode: must be 'manual' or 'auto'; did you mean 'manual'?"),
    ],
)
def test_a_mistyped_choice_suggests_the_choice(text: str, problem: str):
    """DN-ERR-1: any argument with a fixed set of choices, named by the usage or not."""
    with pytest.raises(CampaignError) as refused:
        parse_order(text)
    assert f"cannot read order {text!r}: {problem} (usage: " in refused.value.message


def test_a_mistyped_unit_suggests_the_units_the_side_may_name(table: Table):
    # DN-ERR-1
    message = _refusal(table, "aslan jump A-SC-2 lantern")
    assert message.startswith("DN-ERR-1: unknown unit 'A-SC-2'; did you mean 'A-SC-1'")


def test_a_mistyped_stack_suggests_the_side_s_stacks(table: Table):
    # DN-MOV-2: a stack label the side does not have
    table.play("aslan form-stack scouts A-SC-1")
    try:
        assert _refusal(table, "aslan jump scuots lantern") == (
            "DN-ERR-1: unknown stack or unit 'scuots'; did you mean 'scouts'?"
        )
    finally:
        table.play("aslan split-stack scouts - A-SC-1")


def test_a_mistyped_system_suggests_the_system(table: Table):
    # DN-MAP-4 / DN-ERR-1
    assert _refusal(table, "aslan jump A-SC-1 lantren") == (
        "DN-ERR-1: unknown system 'lantren'; did you mean 'lantern'?"
    )
    assert "did you mean 'wahtoi'" in _refusal(table, "aslan sublight A-SC-1 wahtio")


def test_a_sublight_refusal_lists_the_adjacent_systems(table: Table):
    # DN-MOV-1: the legal choices are few, so the refusal names them
    message = _refusal(table, "aslan sublight A-SC-1 concord")
    assert message.startswith("DN-MOV-1: ")
    assert "(adjacent: " in message or "no system lies in an adjacent hex" in message


def _hidden_ids(state: CampaignState, side: Side) -> list[str]:
    return sorted(hidden_names(state, side))


ORDERS_NAMING = [
    "aslan form-stack g {}",
    "aslan jump {} lantern",
    "aslan load {} A-SC-1",
    "aslan form-stack g A-SC-1,{}",
]


@pytest.mark.parametrize("template", ORDERS_NAMING)
def test_a_hidden_real_id_is_refused_like_an_id_that_does_not_exist(table: Table, template):
    # DN-NEU-1: the same refusal as in the player's view of the game, where the real id does
    # not exist; the message names no real id of a face-down counter
    hidden = _hidden_ids(table.state, Side.ASLAN)
    assert len(hidden) == 8
    view = player_view(table.state, Side.ASLAN)
    for real in [*hidden, "N-PD-9", "N-M-7"]:
        text = template.format(real)
        message = _refusal(table, text)
        with pytest.raises(CampaignError) as in_view:
            check_names(view, table.loaded.ruleset, parse_order(text), Side.ASLAN)
        assert message == in_view.value.message
        assert message == (
            f"DN-ERR-1: unknown unit {real!r}"
            f"{did_you_mean(real, nameable_units(table.state, Side.ASLAN))}"
        )
        assert not REAL_NEUTRAL_ID.search(message.replace(repr(real), "")), message


def _swap_ids(state: CampaignState, first: str, second: str) -> CampaignState:
    """The same game with the two face-down counters' kinds (and so real ids) exchanged, each
    keeping its place in the placement order."""
    swapped = state.clone()
    units = {}
    for uid, unit in swapped.units.items():
        if uid == first:
            units[second] = unit.model_copy(update={"id": second, "kind": state.units[second].kind})
        elif uid == second:
            units[first] = unit.model_copy(update={"id": first, "kind": state.units[first].kind})
        else:
            units[uid] = unit
    swapped.units = units
    return swapped


def test_refusals_do_not_change_when_hidden_kinds_are_exchanged(table: Table):
    # DN-NEU-1 (indistinguishability): exchanging what two face-down counters are changes no
    # refusal text a player gets for any id typed, real, alias or made up
    state, ruleset = table.state, table.loaded.ruleset
    hidden = _hidden_ids(state, Side.ASLAN)
    kinds = {}
    for uid in hidden:
        kinds.setdefault(state.units[uid].kind, uid)
    first, second = sorted(kinds.values())[:2]
    other = _swap_ids(state, first, second)
    typed = [*hidden, "N-X-1", "N-X-9", "N-PD-9", "A-SC-2", "S-SC-1"]
    for template in ORDERS_NAMING:
        for uid in typed:
            texts = []
            for game in (state, other):
                try:
                    check_names(game, ruleset, parse_order(template.format(uid)), Side.ASLAN)
                    texts.append("admitted")
                except CampaignError as error:
                    texts.append(error.message)
            assert texts[0] == texts[1], (template, uid)


def test_the_referee_may_name_every_real_id(table: Table):
    # DN-NEU-1: the referee sees everything; the check admits real ids and aliases, in the
    # referee's own orders and in the players' orders the referee types at the table
    for uid in _hidden_ids(table.state, Side.ASLAN):
        for text in (f'referee adjust-unit {uid} hex:lantern - "fix"', f"aslan form-stack g {uid}"):
            check_names(table.state, table.loaded.ruleset, parse_order(text), None)
    assert "N-PD-1" not in nameable_units(table.state, Side.ASLAN)
    # through the service: the handler answers (the counter is not Aslan's), not "unknown unit"
    message = _refusal(table, "aslan form-stack g N-PD-1", viewer=None)
    assert "unknown unit" not in message


@pytest.mark.parametrize("typed", ["A-XX-7", "N-PD-9", "S-SC-2"])
def test_the_referee_is_offered_real_ids_not_aliases(table: Table, typed: str):
    """DN-ERR-1, DN-NEU-1 (found by use, December 7, night): the referee typing an id that
    names no unit (``maintain A-XX-7``) was offered the players' alias ``N-X-7``; the referee
    names counters by their real ids, so those are what he is offered."""
    message = _refusal(table, f"aslan jump {typed} lantern", viewer=None)
    assert message.startswith(f"DN-ERR-1: unknown unit {typed!r}"), message
    assert "N-X-" not in message, message
    real = sorted(table.state.units)
    assert message == f"DN-ERR-1: unknown unit {typed!r}{did_you_mean(typed, real)}"


def test_the_referee_typing_an_alias_is_offered_aliases(table: Table):
    """DN-NEU-1: an alias that names no counter (``N-X-9`` of eight) is answered with the
    aliases, the names of that form he may use."""
    message = _refusal(table, "aslan jump N-X-9 lantern", viewer=None)
    assert message.startswith("DN-ERR-1: unknown unit 'N-X-9'; did you mean 'N-X-1'"), message


@pytest.mark.parametrize(
    ("text", "verb"),
    [("referee undo", "undo"), ("aslan status", "status"), ("solomani battles", "battles")],
)
def test_a_command_typed_as_an_order_is_named_as_a_command(text: str, verb: str):
    """DN-ERR-1 (found by use, December 7, night): ``campaign order demo 'referee undo'`` was
    answered "unknown order 'undo'; did you mean 'unload'?" (``status``: 'stay', ``battles``:
    'join-battle'), leading to an order that does something else; a command of the tool typed
    as an order is named as one, with the command to run."""
    with pytest.raises(CampaignError) as refused:
        parse_order(text)
    message = refused.value.message
    assert message.startswith(
        f"DN-ERR-1: unknown order {verb!r}: {verb!r} is a command of the tool, not an order of "
        "the game: "
        f"`campaign {verb} NAME`"
    ), message
    assert "did you mean" not in message


def test_the_commands_named_as_such_are_commands_and_no_orders():
    """DN-ERR-1: ``registry.TOOL_COMMANDS`` is kept to the command line's own commands, none
    of them an order's verb."""
    from campaign.cli import build_parser
    from campaign.rules.registry import ORDERS, TOOL_COMMANDS

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert set(TOOL_COMMANDS) <= set(commands.choices)
    assert not set(TOOL_COMMANDS) & set(ORDERS)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("solomani target b1 S-DD-1 x", "ENGAGEMENTS, item 1: must be a whole number"),
        ("solomani target b1 S-DD-1,S-DD-2 1,y", "ENGAGEMENTS, item 2: must be a whole number"),
    ],
)
def test_a_bad_item_of_a_list_is_named_by_its_place_and_word(text: str, problem: str):
    """DN-ERR-1 (found by use, December 7, night): a word of a list that is no number read
    "ENGAGEMENTS.0: must be a whole number", the 0 taken for the value typed; the item is named
    by its place, counted from 1."""
    with pytest.raises(CampaignError) as refused:
        parse_order(text)
    assert f"cannot read order {text!r}: {problem}" in refused.value.message

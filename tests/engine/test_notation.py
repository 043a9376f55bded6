"""Order notation: every order type parses from and formats to one line."""

from __future__ import annotations

import shlex

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.rules import catalog
from campaign.rules.errors import InvalidOrderError
from campaign.rules.ids import Side
from campaign.rules.notation import order_tokens, parse_order
from campaign.rules.registry import ORDERS, parse_order_data
from campaign.rules.setup_rules import Buy, Deploy
from campaign.rules.state import Location

ROUND_TRIPS = [
    "aslan end-phase",
    "solomani place-neutral neb-a",
    "aslan buy CL 2",
    "aslan buy RT-5",
    "aslan deploy A-CL-1 hex:asl-cap",
    "solomani deploy S-F-1 on:S-MS-1",
    'referee set-ru aslan 40 "miscounted income"',
    'referee adjust-unit A-CL-1 box:asl-b no "set up wrongly"',
    'referee adjust-unit A-CL-1 - yes "hit by fire"',
]


@pytest.mark.parametrize("text", ROUND_TRIPS)
def test_notation_round_trip(text):  # DN-ERR-1
    order = parse_order(text)
    assert order.to_notation() == text
    assert parse_order(order.to_notation()) == order
    assert parse_order_data(order.model_dump(mode="json")) == order


def test_defaults_are_left_out_and_may_be_omitted():  # DN-SET-1
    assert parse_order("aslan buy CL") == Buy(side=Side.ASLAN, kind="CL", count=1)
    assert Buy(side=Side.ASLAN, kind="CL").to_notation() == "aslan buy CL"


def test_a_count_may_be_left_out_before_a_location():  # DN-ECO-8, DN-ERR-1
    """``produce KIND [COUNT] [LOCATION]``: the count is optional before a location too."""
    from campaign.rules.economy.production import Produce

    catalog.load()
    typed = parse_order("aslan produce DD box:Halden")
    assert typed == Produce(side="aslan", kind="DD", count=1, location=Location.parse("box:halden"))
    assert typed.to_notation() == "aslan produce DD 1 box:halden"
    assert parse_order("aslan produce DD 2 box:halden").count == 2
    with pytest.raises(InvalidOrderError, match="COUNT: must be a whole number"):
        parse_order("aslan produce DD halden")  # neither a count nor a location
    with pytest.raises(InvalidOrderError, match="at most 3"):
        parse_order("aslan produce DD box:halden box:halden")


@pytest.mark.parametrize(
    ("typed", "count"),
    [("+1", 1), ("01", 1), ("1_0", 10), ("2.0", 2), ("+0_2", 2)],
)
def test_a_count_reads_as_it_always_did(typed, count):  # DN-SET-1, DN-ERR-1
    """A count is read from text as pydantic read it (ADR 0055: no answer changes when the
    models became msgspec Structs): a sign, leading zeros, underscores between digits and a
    fraction of zeros are a whole number; msgspec alone refused "+1", "01" and "1_0"."""
    assert parse_order(f"aslan buy CL {typed}").count == count
    assert parse_order(f'referee set-ru aslan {typed} "r"').ru == count


@pytest.mark.parametrize("typed", ["1e3", "1E1", "1e0", "2.5e1", "1.5", "0x10", "1__0", "1.", "-"])
def test_a_count_in_scientific_notation_is_not_a_whole_number(typed):  # DN-SET-1, DN-ERR-1
    """``aslan buy CL 1e0`` was refused as "COUNT: must be a whole number"; msgspec alone read
    "1e3" as 1000 ("must be at most 99") and "1e0" as 1, buying a counter (ADR 0055)."""
    with pytest.raises(InvalidOrderError) as refused:
        parse_order(f"aslan buy CL {typed}")
    assert str(refused.value) == (
        f"DN-SET-1: cannot read order 'aslan buy CL {typed}': COUNT: must be a whole number "
        "(usage: aslan buy KIND [COUNT])"
    )


def test_engagement_numbers_read_as_counts_do():  # DN-CBT-3, DN-ERR-1
    """The engagement numbers of ``target`` (a list of whole numbers) read as a count does."""
    order = parse_order("aslan target b1 A-CL-1 01,+2")
    assert list(order.engagements) == [1, 2]
    with pytest.raises(InvalidOrderError, match="must be a whole number"):
        parse_order("aslan target b1 A-CL-1 1e0")


def test_locations_parse_to_models():  # DN-SET-2
    order = parse_order("aslan deploy A-RT-1 box:asl-cap")
    assert isinstance(order, Deploy) and order.location == Location.box("asl-cap")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "expected"),
        ("aslan", "expected"),
        ("klingon end-phase", "not aslan, solomani or referee"),
        ("aslan fly A-CL-1", "unknown order 'fly'"),
        ("aslan buy", "KIND is missing"),
        ("aslan buy CL two", "COUNT: must be a whole number"),
        ("aslan buy CL 0", "COUNT: must be"),
        ("aslan buy CL 2 3", "at most 2"),
        ("aslan deploy A-CL-1 orbit:x", "bad location"),
        ('aslan buy "CL', "cannot read"),
    ],
)
def test_malformed_notation_is_invalid(text, fragment):  # DN-ERR-1
    with pytest.raises(InvalidOrderError, match=fragment):
        parse_order(text)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("solomani jump", "STACK is missing (usage: solomani jump STACK PATH)"),
        ("solomani jump S-DD-2", "PATH is missing"),
        ("aslan end-move", "STACK is missing"),
        ('referee set-ru aslin 5 "typo"', "SIDE: must be 'aslan', 'solomani' or 'neutral'"),
        ("aslan join-battle", "SYS is missing"),
        ("referee stepping manuel", "mode: must be 'manual' or 'auto'"),  # no usage word
    ],
)
def test_a_refusal_names_the_argument_as_the_usage_does(text, fragment):  # DN-ERR-1
    """A missing or wrong argument is named by its word in the usage printed with it (STACK),
    not by the order's internal field (``what: is missing`` said nothing to a player)."""
    with pytest.raises(InvalidOrderError) as refused:
        parse_order(text)
    assert fragment in str(refused.value)
    assert "what:" not in str(refused.value) and "target:" not in str(refused.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            'solomani place-neutral ""',
            "DN-NEU-1: cannot read order 'solomani place-neutral \"\"': SYSTEM is empty "
            "(usage: solomani place-neutral SYSTEM)",
        ),
        (
            "aslan jump strike hlirakh,,ftahr",
            "DN-MOV-2: cannot read order 'aslan jump strike hlirakh,,ftahr': PATH "
            "'hlirakh,,ftahr' has an empty item: a list is names joined by commas, none of "
            "them empty, or '-' for none (usage: aslan jump STACK PATH)",
        ),
        (
            "aslan form-stack '' A-CL-1",
            "DN-MOV-2: cannot read order \"aslan form-stack '' A-CL-1\": LABEL is empty "
            "(usage: aslan form-stack LABEL UNITS)",
        ),
        (
            "aslan buy CL ''",
            "DN-SET-1: cannot read order \"aslan buy CL ''\": COUNT is empty "
            "(usage: aslan buy KIND [COUNT])",
        ),
    ],
)
def test_an_empty_argument_is_named_with_the_order_s_rule(text, message):
    """DN-ERR-1 (found by use, December 7): an empty argument, or an empty item of a list, is
    refused in one sentence naming the argument as the usage does and the order's rule."""
    with pytest.raises(InvalidOrderError) as refused:
        parse_order(text)
    assert refused.value.message == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "aslan load A-F-2,A-F-3 A-MS-1",
            "DN-MOV-5: cannot read order 'aslan load A-F-2,A-F-3 A-MS-1': CARGO takes one "
            "name, not a list ('A-F-2,A-F-3'): give one 'load' order for each (usage: aslan "
            "load CARGO CARRIER)",
        ),
        (
            "aslan unload A-F-2,A-F-3",
            "DN-MOV-5: cannot read order 'aslan unload A-F-2,A-F-3': CARGO takes one name, "
            "not a list ('A-F-2,A-F-3'): give one 'unload' order for each (usage: aslan "
            "unload CARGO)",
        ),
    ],
)
def test_a_list_where_the_usage_takes_one_name_says_to_give_one_order_each(text, message):
    """DN-MOV-5 DN-ERR-1 (found by use, December 8): ``load A-F-2,A-F-3 A-MS-1`` was refused
    as "unknown unit 'A-F-2,A-F-3'", which did not say that ``load`` takes one cargo. A list in
    a one-name argument is refused saying so and how to load several: one order each."""
    with pytest.raises(InvalidOrderError) as refused:
        parse_order(text)
    assert refused.value.message == message


def test_a_comma_in_free_text_or_another_one_name_argument_is_left_to_the_order():
    """DN-ERR-1: the one-name check leaves a referee's quoted reason alone, and a list where a
    label, a stack or a way out goes to the order's own refusal, which says what is wrong
    there better than "one order for each" (DN-MOV-2, DN-CBT-7)."""
    order = parse_order('referee set-ru aslan 5 "recount, at the table"')
    assert order.reason == "recount, at the table"  # type: ignore[attr-defined]
    for text in ("aslan form-stack a,b A-CL-1", "aslan withdraw b1 a,b", "aslan jump x,y span"):
        parse_order(text)  # read: the rules refuse it with their own sentence


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "solomani produce RT 1 halden",
            "DN-ECO-8: cannot read order 'solomani produce RT 1 halden': LOCATION: bad "
            "location 'halden': expected hex:SYSTEM, box:SYSTEM, on:UNIT or unplaced; did you "
            "mean 'box:halden' or 'hex:halden'? (usage: solomani produce KIND [COUNT] "
            "[LOCATION])",
        ),
        (
            "solomani deploy S-F-1 orbit:x",
            "DN-SET-2: cannot read order 'solomani deploy S-F-1 orbit:x': LOCATION: bad "
            "location 'orbit:x': expected hex:SYSTEM, box:SYSTEM, on:UNIT or unplaced "
            "(usage: solomani deploy UNITS LOCATION)",
        ),
    ],
)
def test_a_bad_location_is_named_with_the_order_s_rule(text, message):
    """DN-ECO-8, DN-SET-2 (found by use, December 7): a location that is no place was refused
    with no rule and no usage ("bad location 'halden'"); it now names the order's rule, the
    argument as the usage does, and for a bare name the places it may mean."""
    with pytest.raises(InvalidOrderError) as refused:
        parse_order(text, systems=MAP_IDS)
    assert refused.value.message == message


#: Some system ids of a map, for the places a refusal may suggest.
MAP_IDS = ("concord", "halden", "marrow", "wahtoi")


@pytest.mark.parametrize(
    ("word", "hint"),
    [
        ("halden", "; did you mean 'box:halden' or 'hex:halden'?"),
        ("haldne", "; did you mean 'box:halden' or 'hex:halden'?"),
        ("HALDEN", "; did you mean 'box:halden' or 'hex:halden'?"),
        ("x", ""),
        ("A-CL-1", ""),
        ("orbit:halden", ""),
    ],
)
def test_a_bare_place_suggests_only_places_of_the_map(word, hint):
    """DN-ERR-1 (found by use, December 7, late night): ``adjust-unit A-B1-1 x`` was asked
    "did you mean 'box:x' or 'hex:x'?", places that cannot be. A bare word is offered the
    places of a system of the map it is close to, or nothing; without the map, nothing."""
    text = f"solomani produce RT 1 {word}"
    with pytest.raises(InvalidOrderError) as refused:
        parse_order(text, systems=MAP_IDS)
    assert refused.value.message == (
        f"DN-ECO-8: cannot read order {text!r}: LOCATION: bad location {word!r}: expected "
        f"hex:SYSTEM, box:SYSTEM, on:UNIT or unplaced{hint} (usage: solomani produce KIND "
        "[COUNT] [LOCATION])"
    )
    with pytest.raises(InvalidOrderError) as unmapped:
        parse_order(text)
    assert "did you mean" not in unmapped.value.message


def test_free_text_is_left_to_the_order_to_judge():
    """DN-ERR-1: a quoted word of the usage (``"REASON"``) is free text, not an id: the empty
    check leaves it to the order's own validation, which says what a reason needs."""
    with pytest.raises(InvalidOrderError) as refused:
        parse_order('referee set-ru aslan 5 ""')
    assert "REASON: must have at least 1 character" in refused.value.message


def test_every_registered_order_has_a_handler_and_rule():  # DN-SEQ-2
    catalog.load()
    for spec in ORDERS.values():
        assert spec.handler is not None, spec.verb
        assert spec.rule.startswith("DN-"), spec.verb


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab-1,:> \t\r\n\u00a0\u2003#\"'\\")), max_size=30))
def test_order_words_are_split_exactly_as_shlex_splits_them(text):  # DN-ERR-1
    """The quick split of plain lines gives exactly ``shlex``'s words (quotes, backslashes and
    whitespace shlex does not split at included), or fails where shlex fails."""
    try:
        expected = shlex.split(text, comments=False)
    except ValueError:
        with pytest.raises(ValueError):
            order_tokens(text)
        return
    assert order_tokens(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "referee referee-assign b1 S-CL-2>A-CS-2 S-CL-3>A-CR-2",
        "aslan deploy A-CL-1 A-CL-2 hex:asl-cap",
    ],
)
def test_a_list_written_with_spaces_is_told_to_use_commas(text):
    """DN-ERR-1 (found by use, December 7, evening): `referee referee-assign b1 S-CL-2>A-CS-2
    S-CL-3>A-CR-2` (as docs/referee-cli.md wrote it, "D1+D2>A1 ...") was refused with only
    "'referee-assign' takes at most 2 argument(s)". An order with a list says how a list is
    written."""
    with pytest.raises(InvalidOrderError) as refused:
        parse_order(text)
    assert "takes at most" in refused.value.message
    assert "joined by commas, no spaces" in refused.value.message

"""Space combat driven through the engine: battle detection, a full round, withdrawal."""

from __future__ import annotations

from campaign.rules import engine
from campaign.rules.acting import who_must_act
from campaign.rules.canonical import canonical_json
from campaign.rules.combat import book
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import Side
from campaign.rules.phases import Phase
from campaign.rules.registry import event_adapter
from tests.combat.campaign_helpers import Campaign, place, unopened

BID = "neb-a/aslan-solomani"


def duel() -> Campaign:
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
            place("S-RT-1", "solomani:RT-4", "box:neb-a"),
        ]
    )
    game.enter()
    return game


def test_battle_opened_where_both_sides_have_ships():  # DN-CBT-1
    game = duel()
    assert list(book.battles(game.state)) == [BID]
    rec = book.battles(game.state)[BID]
    assert rec["stage"] == "range"
    assert {u["uid"] for u in rec["battle"]["units"]} == {"A-CL-1", "S-DD-1"}


def test_full_round_through_orders_records_dice():  # DN-CBT-1
    game = duel()
    # the defender (Solomani) rolls first: 5 against Aslan's 2 -> Solomani chooses
    rolled = game.play(f"aslan range {BID}", [5, 2])
    assert [r.value for r in rolled[0].rolls] == [5, 2]
    game.reject(f"aslan choose-range {BID} long")  # only the chooser
    game.play(f"solomani choose-range {BID} long")
    game.reject(f"aslan target {BID} A-CL-1")  # the defender names first
    game.play(f"solomani target {BID} S-DD-1")
    game.play(f"aslan target {BID} A-CL-1")
    fought = game.play(f"aslan fire {BID}", [1, 6])
    round_event = fought[0]
    assert [r.purpose for r in round_event.rolls] == [
        "fire neb-a round 1 S-DD-1>A-CL-1",
        "fire neb-a round 1 A-CL-1>S-DD-1",
    ]
    # the DD (missile 4 vs defence 4) rolls 1: no effect; the CL (missile 2 vs defence 2) rolls
    # 6 on the 1:1 column: X
    assert game.where("S-DD-1") == "eliminated" and game.where("A-CL-1") == "hex:neb-a"
    assert book.battles(game.state)[BID]["stage"] == "over"


def test_rejected_fire_rolls_no_dice():  # DN-CBT-3
    game = duel()
    game.play(f"aslan range {BID}", [1, 6])
    game.play(f"aslan choose-range {BID} short")
    error = game.reject(f"aslan assign {BID} A-CL-1>A-CL-1", [3, 3])
    assert "DN-CBT-3" in str(error)
    game.reject(f"aslan fire {BID}", [3, 3])  # assignment not made yet


def test_whole_assignment_and_withdrawal_order():  # DN-CBT-7
    game = duel()
    game.play(f"aslan range {BID}", [1, 6])
    game.play(f"aslan choose-range {BID} short")
    game.play(f"referee referee-assign {BID} S-DD-1>A-CL-1")
    fought = game.play(f"aslan fire {BID}", [1])  # the Solomani DD has beam 0: no die
    assert [r.purpose for r in fought[0].rolls] == ["fire neb-a round 1 A-CL-1>S-DD-1"]
    assert book.battles(game.state)[BID]["stage"] == "withdraw"
    game.reject(f"aslan stay {BID}")  # defender (Solomani) decides first
    error = game.reject(f"solomani withdraw {BID} sol-cap")  # not adjacent
    assert "DN-CBT-7" in str(error)
    game.play(f"solomani withdraw {BID} neb-b")
    assert game.where("S-DD-1") == "hex:neb-b"
    assert book.battles(game.state)[BID]["stage"] == "over"


def test_space_step_cannot_end_with_open_battle():  # DN-CBT-7
    game = duel()
    assert "DN-CBT-7" in str(game.reject("aslan end-phase"))


def test_neutrals_fight_as_third_side():  # DN-NEU-2
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
            place("N-M-1", "neutral:M-8-0-7", "hex:neb-a"),
        ]
    )
    before = game.state.clone()
    events = game.enter()
    fought_in_turn = ["neb-a/aslan-solomani", "neb-a/aslan-neutral", "neb-a/solomani-neutral"]
    assert list(book.battles(game.state)) == fought_in_turn
    # the log stores events key-sorted: read back, the battles keep the order they are fought
    # in (the CLI reloads the log for every command; the TUI keeps the state in memory)
    adapter = event_adapter()
    engine.fold([adapter.validate_json(canonical_json(e)) for e in events], before)
    assert list(book.battles(before)) == fought_in_turn


def test_conscripted_neutral_fights_for_its_ally():  # DN-NEU-2
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("N-M-1", "neutral:M-8-0-7", "hex:neb-a", owner=Side.ASLAN),
        ]
    )
    game.enter()
    assert book.battles(game.state) == {}


def test_reaction_stack_fights_with_friends_present_but_not_a_second_stack():  # DN-REA-1
    units = [
        place("S-CL-1", "solomani:CL", "hex:neb-a", stack="r"),  # the reaction stack
        place("S-DD-1", "solomani:DD", "hex:neb-a"),  # already there
        place("A-CL-1", "aslan:CL", "hex:neb-a"),
        place("S-DD-2", "solomani:DD", "hex:neb-c"),  # a second stack elsewhere
        place("A-CL-2", "aslan:CL", "hex:neb-c"),
    ]
    game = Campaign(units, phase=Phase.REACTION_COMBAT, reaction_stack=["S-CL-1"])
    game.enter()
    battles = book.battles(game.state)
    assert list(battles) == ["neb-a/solomani-aslan"]
    fighting = {u["uid"] for u in battles["neb-a/solomani-aslan"]["battle"]["units"]}
    assert fighting == {"S-CL-1", "S-DD-1", "A-CL-1"}


def test_no_reaction_battles_without_a_reaction_stack():  # DN-REA-1
    units = [place("S-DD-1", "solomani:DD", "hex:neb-a"), place("A-CL-1", "aslan:CL", "hex:neb-a")]
    game = Campaign(units, phase=Phase.REACTION_COMBAT, reaction_stack=[])
    game.enter()
    assert book.battles(game.state) == {}


def _to_withdrawal(game: Campaign, bid: str) -> None:
    game.play(f"aslan range {bid}", [1, 6])
    game.play(f"aslan choose-range {bid} short")
    game.play(f"referee referee-assign {bid} auto")


def test_withdrawal_from_type3_needs_tanker():  # DN-CBT-7
    bid = "neb-b/aslan-solomani"
    units = [
        place("A-CL-1", "aslan:CL", "hex:neb-b"),
        place("S-SC-1", "solomani:SC", "hex:neb-b"),
        place("S-RT-1", "solomani:RT-4", "box:neb-b"),
    ]
    game = Campaign(units)
    game.enter()
    _to_withdrawal(game, bid)
    game.play(f"aslan fire {bid}", [1])  # the scout has beam 0
    error = game.reject(f"solomani withdraw {bid} neb-a")
    assert "DN-MOV-4" in str(error)
    game.play(f"solomani withdraw {bid} box")  # its troops control the box: its own box
    assert game.where("S-SC-1") == "box:neb-b"


def test_withdrawal_not_into_enemy_warships():  # DN-CBT-7
    units = [
        place("A-CL-1", "aslan:CL", "hex:neb-a"),
        place("S-DD-1", "solomani:DD", "hex:neb-a"),
        place("A-DD-1", "aslan:DD", "hex:neb-b"),
        place("A-RT-1", "aslan:RT-5", "box:neb-a"),
    ]
    game = Campaign(units)
    game.enter()
    _to_withdrawal(game, BID)
    game.play(f"aslan fire {BID}", [1])
    for blocked in ("neb-b", "box"):  # Aslan warship in neb-b; Aslan troops in the box
        assert "DN-CBT-7" in str(game.reject(f"solomani withdraw {BID} {blocked}"))
    game.play(f"solomani stay {BID}")
    game.play(f"aslan stay {BID}")
    assert book.battles(game.state)[BID]["stage"] == "range"  # next round


def test_fighters_launch_through_orders():  # DN-CBT-8
    units = [
        place("A-MS-1", "aslan:MS", "hex:neb-a"),
        place("A-F-1", "aslan:F", "on:A-MS-1"),
        place("A-F-2", "aslan:F", "on:A-MS-1"),
        place("S-DD-1", "solomani:DD", "hex:neb-a"),
    ]
    game = Campaign(units)
    game.enter()
    game.reject(f"aslan launch {BID} S-DD-1")
    game.play(f"aslan launch {BID} A-F-1")
    battle = book.battle_of(book.battles(game.state)[BID])
    assert {u.uid for u in battle.fighting(Side.ASLAN)} == {"A-MS-1", "A-F-1"}
    # fighters are not counted for the range roll: 1 ship each, no +1 (DN-CBT-10)
    rolled = game.play(f"aslan range {BID}", [3, 4])[0]
    assert dict(rolled.result.totals) == {Side.SOLOMANI: 3, Side.ASLAN: 4}


def test_referee_gives_whole_assignment_checked():  # DN-CBT-3
    game = duel()
    game.play(f"aslan range {BID}", [1, 6])
    game.play(f"aslan choose-range {BID} long")
    assert "DN-CBT-3" in str(game.reject(f"referee referee-assign {BID} S-DD-1>S-DD-1"))
    game.play(f"referee referee-assign {BID} S-DD-1>A-CL-1")
    assert book.battles(game.state)[BID]["stage"] == "fire"


def test_declared_close_attack_through_orders():  # DN-CBT-5
    game = duel()
    game.play(f"aslan range {BID}", [1, 6])
    game.play(f"aslan choose-range {BID} short")
    game.play(f"referee referee-assign {BID} auto")
    assert "DN-CBT-5" in str(game.reject(f"aslan declare {BID} S-DD-1"))  # not Aslan's unit
    game.play(f"aslan declare {BID} A-CL-1")
    fought = game.play(f"aslan fire {BID}", [1])  # the DD has no beam to return fire with
    assert [s.step for s in fought[0].result.shots] == ["close"]


def test_multiple_targets_switch_off_rejects_declaration():  # DN-CBT-6
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
            place("S-DD-2", "solomani:DD", "hex:neb-a"),
        ]
    )
    game.enter()
    game.play(f"aslan range {BID}", [1, 6])
    game.play(f"aslan choose-range {BID} long")
    game.play(f"referee referee-assign {BID} S-DD-1+S-DD-2>A-CL-1")
    # the CL faces two DDs, but the optional rule is off in this profile
    assert "DN-CBT-6" in str(game.reject(f"aslan declare {BID} - - A-CL-1"))
    game.play(f"aslan declare {BID} - - - A-CL-1>S-DD-2")  # it may pick whom to fire at
    fought = game.play(f"aslan fire {BID}", [1, 1, 1])
    assert next(s.target for s in fought[0].result.shots if s.firer == "A-CL-1") == "S-DD-2"


def test_fighters_based_in_friendly_box_join_and_return():  # DN-CBT-9
    units = [
        place("A-MS-1", "aslan:MS", "hex:neb-a"),
        place("A-F-1", "aslan:F", "on:A-MS-1"),
        place("A-F-2", "aslan:F", "box:neb-a"),  # based in the Aslan-held box
        place("A-RT-1", "aslan:RT-5", "box:neb-a"),
        place("S-CL-1", "solomani:CL", "hex:neb-a"),
    ]
    game = Campaign(units)
    game.enter()
    game.play(f"aslan launch {BID} A-F-1,A-F-2")
    game.play(f"aslan range {BID}", [1, 6])
    game.play(f"aslan choose-range {BID} long")
    # Solomani CL alone against the mothership and two fighters: it fires at the mothership
    game.play(f"referee referee-assign {BID} S-CL-1>A-MS-1+A-F-1+A-F-2")
    game.play(f"solomani declare {BID} - - - S-CL-1>A-MS-1")
    # CL missile 2 vs MS defence 2 (1:1), die 6 -> X; the fighters roll 1, 1
    game.play(f"aslan fire {BID}", [6, 1, 1])
    assert game.where("A-MS-1") == "eliminated"
    assert game.where("A-F-1") == "box:neb-a"  # launched, carrier lost: lands in the own box
    assert game.where("A-F-2") == "box:neb-a"


def test_forecast_of_open_battle_from_state():  # DN-CBT-4
    from campaign.rules.combat.queries import battle_stage, forecast_open_battle, open_battles

    game = duel()
    assert list(open_battles(game.state)) == [BID] and battle_stage(game.state, BID) == "range"
    from tests.combat.campaign_helpers import RULESET

    first = forecast_open_battle(game.state, RULESET, BID, samples=300, seed=1)
    assert first == forecast_open_battle(game.state, RULESET, BID, samples=300, seed=1)
    assert first.samples == 300 and 0 <= first.defender_holds.mean <= 1


def test_box_ships_join_battle_between_rounds():  # DN-REA-1
    units = [
        place("S-CL-1", "solomani:CL", "hex:neb-a"),  # the reaction stack
        place("S-CR-1", "solomani:CR", "box:neb-a"),  # already in the box: joins at will
        place("S-RT-1", "solomani:RT-4", "box:neb-a"),
        place("A-CL-1", "aslan:CL", "hex:neb-a"),
        place("S-DD-2", "solomani:DD", "box:neb-a"),
        place("S-CR-2", "solomani:CR", "box:neb-c"),  # elsewhere: may not join
        place("A-DD-1", "aslan:DD", "hex:neb-c"),
    ]
    game = Campaign(units, phase=Phase.REACTION_COMBAT, reaction_stack=["S-CL-1"])
    game.enter()
    bid = "neb-a/solomani-aslan"
    assert "DN-INT-5" in str(game.reject("solomani join-battle neb-a S-RT-1"))  # troops stay
    game.play("solomani join-battle neb-a S-CR-1")
    fighting = {u.uid for u in book.battle_of(book.battles(game.state)[bid]).units}
    assert fighting == {"S-CL-1", "S-CR-1", "A-CL-1"}
    assert game.where("S-CR-1") == "hex:neb-a"
    assert "DN-REA-1" in str(game.reject("solomani join-battle neb-c S-CR-2"))  # not the stack's
    game.play(f"solomani range {bid}", [1, 6])
    assert "DN-CBT-1" in str(game.reject("solomani join-battle neb-a S-DD-2"))  # mid-round


def test_box_ship_lifting_off_opens_battle():  # DN-CBT-1
    units = [
        place("A-CL-1", "aslan:CL", "box:neb-a"),
        place("A-RT-1", "aslan:RT-5", "box:neb-a"),
        place("S-DD-1", "solomani:DD", "hex:neb-a"),
    ]
    game = Campaign(units)
    game.enter()
    assert book.battles(game.state) == {}  # the CL in the box is not in the stellar hex
    game.play("aslan join-battle neb-a A-CL-1")
    assert book.battles(game.state)[BID]["stage"] == "range"


def test_three_sided_battles_fought_in_turn_with_current_units():  # DN-NEU-2
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
            place("N-M-1", "neutral:M-8-0-7", "hex:neb-a"),
        ]
    )
    game.enter()
    second = "neb-a/aslan-neutral"
    assert "DN-NEU-2" in str(game.reject(f"aslan range {second}", [1, 6]))
    game.play(f"aslan range {BID}", [1, 6])
    game.play(f"aslan choose-range {BID} long")
    game.play(f"referee referee-assign {BID} auto")
    game.play(f"aslan fire {BID}", [6, 1])  # the DD destroys the CL (missile 4 vs defence 4)
    battles = book.battles(game.state)
    assert battles[BID]["stage"] == "over"
    # the Aslan-neutral battle has no Aslan unit left: it is over without a shot
    assert battles[second]["stage"] == "over"
    assert battles["neb-a/solomani-neutral"]["stage"] == "range"
    game.play("solomani range neb-a/solomani-neutral", [3, 4])


def test_multiple_targets_switch_on_through_orders():  # DN-CBT-6
    from campaign.rules.ruleset import HouseRules
    from tests.combat.campaign_helpers import RULESET

    rules = RULESET.model_copy(update={"house_rules": HouseRules(multiple_targets=True)})
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),  # 5-2-4[3]: up to three returns
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
            place("S-DD-2", "solomani:DD", "hex:neb-a"),
        ],
        ruleset=rules,
    )
    game.enter()
    game.play(f"aslan range {BID}", [1, 6])
    game.play(f"aslan choose-range {BID} long")
    game.play(f"referee referee-assign {BID} S-DD-1+S-DD-2>A-CL-1")
    game.play(f"aslan declare {BID} - - A-CL-1")
    fought = game.play(f"aslan fire {BID}", [1, 1, 1, 1])
    shots = [(s.firer, s.target) for s in fought[0].result.shots]
    assert shots == [
        ("S-DD-1", "A-CL-1"),
        ("A-CL-1", "S-DD-1"),
        ("S-DD-2", "A-CL-1"),
        ("A-CL-1", "S-DD-2"),
    ]


def test_referee_enters_every_die_by_purpose():  # DN-CBT-1
    from campaign.rules.dice import PhysicalSource

    asked: list[str] = []

    def referee(ctx):  # the referee types a die for each purpose shown
        asked.append(ctx.purpose)
        return 1 if "range" not in ctx.purpose else (6 if "aslan" in ctx.purpose else 2)

    game = duel()
    game.play(f"aslan range {BID}", PhysicalSource(referee))
    game.play(f"aslan choose-range {BID} long")
    game.play(f"referee referee-assign {BID} auto")
    game.play(f"aslan fire {BID}", PhysicalSource(referee))
    assert asked == [
        "range neb-a round 1 solomani try 1",
        "range neb-a round 1 aslan try 1",
        "fire neb-a round 1 S-DD-1>A-CL-1",
        "fire neb-a round 1 A-CL-1>S-DD-1",
    ]


def test_neutral_decisions_are_taken_by_the_engine():  # DN-NEU-2
    bid = "neb-a/aslan-neutral"
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("A-CL-2", "aslan:CL", "hex:neb-a"),
            place("N-M-1", "neutral:M-8-0-7", "hex:neb-a"),
        ]
    )
    game.enter()
    # the neutral (defender, fewer ships +1) wins the roll: it chooses short range (beam 8)
    # and names its monitor at once
    events = game.play(f"aslan range {bid}", [5, 3])
    rec = book.battles(game.state)[bid]
    assert rec["range"] == "short" and rec["stage"] == "assign"
    assert [e.type for e in events[:3]] == ["range-rolled", "range-chosen", "targets-assigned"]
    assert "DN-NEU-2" in str(game.reject(f"aslan assign {bid} N-M-1>A-CL-1+A-CL-2"))
    game.play(f"aslan target {bid} A-CL-2")
    game.play(f"aslan target {bid} A-CL-1 1")
    assert book.battles(game.state)[bid]["stage"] == "fire"
    game.play(f"aslan fire {bid}", [1, 1, 1])
    assert book.battles(game.state)[bid]["withdrawing"] == "aslan"  # neutrals never withdraw
    game.play(f"aslan stay {bid}")
    assert book.battles(game.state)[bid]["stage"] == "range"


def test_reaction_combat_only_in_the_stack_system():  # DN-REA-1
    units = [
        place("S-CL-1", "solomani:CL", "hex:neb-a"),  # the reaction stack
        place("A-CL-1", "aslan:CL", "hex:neb-a"),
        place("A-CL-2", "aslan:CL", "hex:neb-c"),  # phasing ships facing neutrals elsewhere
        place("N-M-1", "neutral:M-8-0-7", "hex:neb-c"),
    ]
    game = Campaign(units, phase=Phase.REACTION_COMBAT, reaction_stack=["S-CL-1"])
    game.enter()
    assert list(book.battles(game.state)) == ["neb-a/solomani-aslan"]


def test_join_battle_only_where_a_battle_is_fought():
    # DN-MOV-6 (issue 29 item 2): lifting off "into the battle" needs a battle in that system;
    # a ship in a box where nobody fights is neither offered join-battle nor allowed it
    from campaign.rules import engine

    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
            place("S-CL-2", "solomani:CL", "box:neb-c"),
            place("S-RT-1", "solomani:RT-4", "box:neb-c"),
        ]
    )
    game.enter()
    error = game.reject("solomani join-battle neb-c S-CL-2")
    assert "DN-MOV-6" in str(error) and "no battle" in str(error)
    offered = {o.verb for o in engine.legal_orders(game.state, Side.SOLOMANI, game.ruleset)}
    assert "join-battle" not in offered
    assert game.where("S-CL-2") == "box:neb-c"


def test_join_battle_answers_the_same_whatever_a_face_down_counter_is():
    """DN-MOV-6 with DN-NEU-1 (found by use, December 7): a transport cannot fire, so lifting
    it off opens a battle only if the counter above it can; refused above a face-down
    transport, accepted (and offered) above a face-down monitor, the order told a player which
    it was, for free. A face-down counter opens no battle as the side can tell: the lift-off
    is refused in both games, with words that say so, and never offered; an armed ship still
    opens the battle whatever the counter is."""
    from campaign.rules import engine

    answers = []
    for kind in ("neutral:TR", "neutral:M-8-0-7"):
        game = Campaign(
            [
                place("A-TR-1", "aslan:TR", "box:neb-a"),
                place("N-X-1", kind, "hex:neb-a", face_down=True),
            ]
        )
        game.enter()
        offered = {o.verb for o in engine.legal_orders(game.state, Side.ASLAN, game.ruleset)}
        try:
            answer = f"accepted: {game.play('aslan join-battle neb-a A-TR-1')}"
        except IllegalOrderError as error:
            answer = str(error)
        answers.append((answer, "join-battle" in offered))
        game.put("A-CL-1", "aslan:CL", "box:neb-a")
        game.play("aslan join-battle neb-a A-CL-1")
        assert book.battles(game.state)["neb-a/aslan-neutral"]["stage"] == "range"
    assert answers[0] == answers[1]
    assert answers[0][0].startswith("DN-MOV-6") and "face-down" in answers[0][0]
    assert not answers[0][1]


def test_join_battle_refused_in_fair_mode_without_a_reveal():
    """DN-MOV-6 with DN-NEU-1, fair mode (ADR 0028; found by use, December 7): the refusal of
    a transport lifting off under a face-down counter no machine has opened is decided from
    what is public (the transport cannot fire, the counter is face down). Before, the order
    was held and called the counter's reveal only to be refused once it was opened."""
    from campaign.rules import engine

    game = Campaign(
        [
            place("A-TR-1", "aslan:TR", "box:neb-a"),
            place("N-X-1", "neutral:M-8-0-7", "hex:neb-a", face_down=True),
        ]
    )
    unopened(game, "N-X-1", "hex")
    game.enter()
    error = game.reject("aslan join-battle neb-a A-TR-1", rule="DN-MOV-6")
    assert "a face-down counter opens none" in str(error)
    offered = {o.verb for o in engine.legal_orders(game.state, Side.ASLAN, game.ruleset)}
    assert "join-battle" not in offered


def test_join_battle_refused_once_the_battle_is_over():
    """Issue 45 item 3 (DN-MOV-6): after the defender withdrew into its box the battle is over;
    lifting off again is not "joining the battle" and must not open a new one in the step."""
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-b"),
            place("S-SC-1", "solomani:SC", "hex:neb-b"),
            place("S-RT-1", "solomani:RT-4", "box:neb-b"),
        ]
    )
    game.enter()
    bid = "neb-b/aslan-solomani"
    _to_withdrawal(game, bid)
    game.play(f"aslan fire {bid}", [1])
    game.play(f"solomani withdraw {bid} box")
    assert book.battles(game.state)[bid]["stage"] == "over"
    error = game.reject("solomani join-battle neb-b S-SC-1")
    assert "DN-MOV-6" in str(error) and "over" in str(error)
    assert game.where("S-SC-1") == "box:neb-b"
    assert book.battles(game.state)[bid]["stage"] == "over"
    offered = {o.verb for o in engine.legal_orders(game.state, Side.SOLOMANI, game.ruleset)}
    assert "join-battle" not in offered


def test_once_fighters_are_out_the_duty_names_the_range_roll_first():  # DN-CBT-8
    """DN-CBT-8 DN-CBT-1 (found by use, December 7, late night): after ``aslan launch b1
    A-F-1,A-F-2,A-F-3`` the line still read "aslan must act: battle b1 …: roll for range —
    aslan launch b1 FIGHTERS", as if the launch had not been taken. Launching is offered
    first while none of the side's fighters is out; once some are, the range roll comes
    first and launching (or taking them back) second."""
    units = [
        place("A-MS-1", "aslan:MS", "hex:neb-a"),
        place("A-F-1", "aslan:F", "on:A-MS-1"),
        place("S-DD-1", "solomani:DD", "hex:neb-a"),
    ]
    game = Campaign(units)
    game.enter()
    [duty] = who_must_act(game.state, game.ruleset)
    assert duty.orders == ("aslan launch b1 FIGHTERS", "aslan range b1")
    game.play(f"aslan launch {BID} A-F-1")
    [duty] = who_must_act(game.state, game.ruleset)
    assert duty.orders == ("aslan range b1", "aslan launch b1 FIGHTERS")


def test_the_range_roll_says_the_defender_may_launch_its_fighters_first():  # DN-CBT-8
    """DN-CBT-8 DN-CBT-1 (found by use, December 8): with the Aslan defending, "solomani must
    act: battle b1 at Aagar: roll for range" said nothing of the Aslan fighters aboard their
    mothership, which may launch as the round opens; a referee following it rolled the range
    with them left aboard. The duty's reason names the other side's launch until one is out."""
    game = Campaign(
        [
            place("S-CL-1", "solomani:CL", "hex:neb-a"),
            place("A-MS-1", "aslan:MS", "hex:neb-a"),
            place("A-F-1", "aslan:F", "on:A-MS-1"),
        ],
        phasing=Side.SOLOMANI,
    )
    game.enter()
    bid = "neb-a/solomani-aslan"
    [duty] = who_must_act(game.state, game.ruleset)
    assert duty.side is Side.SOLOMANI and duty.orders == ("solomani range b1",)
    assert duty.reason.endswith(
        "roll for range, round 1 (aslan may launch fighters first: aslan launch b1 FIGHTERS, "
        "DN-CBT-8)"
    )
    game.play(f"aslan launch {bid} A-F-1")
    [duty] = who_must_act(game.state, game.ruleset)
    assert duty.reason.endswith("roll for range, round 1")

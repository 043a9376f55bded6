"""What ``legal_orders`` offers during combat: only orders the battle's stage accepts now, each
for the side that can give it (DN-SEQ-2 with the DN-CBT / DN-INT / DN-GND sequences)."""

from __future__ import annotations

from campaign.rules import engine
from campaign.rules.combat import book
from campaign.rules.ids import Side
from campaign.rules.phases import SubPhase
from tests.combat.campaign_helpers import Campaign, place

A, S = Side.ASLAN, Side.SOLOMANI
BID = "neb-a/aslan-solomani"
BATTLE_VERBS = {
    "launch",
    "range",
    "choose-range",
    "target",
    "assign",
    "declare",
    "fire",
    "withdraw",
    "stay",
    "join-battle",
}


def offered(game: Campaign, side: Side | None) -> set[str]:
    """Verbs ``legal_orders`` offers ``side`` now."""
    return {legal.verb for legal in engine.legal_orders(game.state, side, game.ruleset)}


def duel() -> Campaign:
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
        ]
    )
    game.enter()
    return game


def test_only_the_range_roll_offered_before_the_range_roll():  # DN-SEQ-2 DN-CBT-1
    game = duel()
    for side in (A, S):  # neither side has fighters: launch is not offered (issue 45 item 3)
        assert offered(game, side) & BATTLE_VERBS == {"range"}
    # what is not offered is indeed refused at this stage
    assert "DN-CBT-1" in str(game.reject(f"aslan fire {BID}", [3, 3]))
    assert "DN-CBT-1" in str(game.reject(f"solomani choose-range {BID} long"))
    assert "DN-CBT-1" in str(game.reject(f"aslan assign {BID} auto"))


def test_choose_range_offered_only_to_the_roll_winner():  # DN-SEQ-2 DN-CBT-1
    game = duel()
    game.play(f"aslan range {BID}", [5, 2])  # the defender (Solomani) rolls 5: it chooses
    assert "choose-range" in offered(game, S)
    assert offered(game, A) & BATTLE_VERBS == set()
    assert "range" not in offered(game, S)
    assert "DN-CBT-1" in str(game.reject(f"aslan choose-range {BID} long"))


def test_target_offered_to_the_side_the_protocol_waits_for():  # DN-SEQ-2 DN-CBT-3
    game = duel()
    game.play(f"aslan range {BID}", [5, 2])
    game.play(f"solomani choose-range {BID} long")
    # the defender names first: `target` is the defender's; a whole assignment only from the
    # referee (or when the players agreed, switch players_assign_freely) (DN-CBT-3, issue 16)
    assert "target" in offered(game, S) and "assign" not in offered(game, S)
    assert not {"target", "assign"} & offered(game, A)
    assert "referee-assign" in offered(game, None)
    assert "fire" not in offered(game, A) | offered(game, S)
    game.play(f"solomani target {BID} S-DD-1")
    # now the attacker answers; a whole assignment is no longer accepted
    assert "target" in offered(game, A)
    assert not {"target", "assign"} & offered(game, S)
    assert "DN-CBT-3" in str(game.reject(f"solomani assign {BID} auto"))
    assert "referee-assign" not in offered(game, None)


def test_legal_order_names_the_side_that_gives_it():  # DN-SEQ-2 DN-CBT-3
    game = duel()
    game.play(f"aslan range {BID}", [5, 2])
    game.play(f"solomani choose-range {BID} long")
    assert game.state.acting is A  # the phasing side acts, yet the defender names the target
    legal = {o.verb: o for o in engine.legal_orders(game.state, S, game.ruleset)}
    assert legal["target"].side is S
    assert legal["target"].notation == "solomani target BATTLE UNITS [ENGAGEMENTS]"
    referee = engine.legal_orders(game.state, None, game.ruleset)
    assert referee and all(o.notation.startswith("referee ") for o in referee)


def test_declare_and_fire_offered_after_the_assignment_only():  # DN-SEQ-2 DN-CBT-4
    game = duel()
    game.play(f"aslan range {BID}", [1, 6])
    assert "choose-range" in offered(game, A)
    game.play(f"aslan choose-range {BID} short")
    assert "fire" not in offered(game, A)
    game.play(f"referee referee-assign {BID} S-DD-1>A-CL-1")
    for side in (A, S):
        assert offered(game, side) & BATTLE_VERBS == {"declare", "fire"}


def test_withdrawal_offered_to_the_deciding_side_then_nothing():  # DN-SEQ-2 DN-CBT-7
    game = duel()
    game.play(f"aslan range {BID}", [1, 6])
    game.play(f"aslan choose-range {BID} short")
    game.play(f"referee referee-assign {BID} S-DD-1>A-CL-1")
    game.play(f"aslan fire {BID}", [1])
    assert book.battles(game.state)[BID]["stage"] == "withdraw"
    assert offered(game, S) & BATTLE_VERBS == {"withdraw", "stay"}  # defender first
    assert offered(game, A) & BATTLE_VERBS == set()
    assert "end-phase" not in offered(game, A)
    game.play(f"solomani withdraw {BID} neb-b")
    assert book.battles(game.state)[BID]["stage"] == "over"
    # the battle is over: no battle order is offered, and the space step may end
    for side in (A, S):
        assert offered(game, side) & BATTLE_VERBS == set()
    assert "end-phase" in offered(game, A)
    assert "DN-CBT-7" in str(game.reject(f"aslan fire {BID}"))  # over: the withdrawal rule


def test_join_battle_offered_only_with_ships_in_a_box():  # DN-SEQ-2 DN-MOV-6
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
            place("S-DD-2", "solomani:DD", "box:neb-a"),
        ]
    )
    game.enter()
    assert "join-battle" in offered(game, S) and "join-battle" not in offered(game, A)
    game.play(f"aslan range {BID}", [1, 6])  # past the range stage: ships join between rounds
    assert "join-battle" not in offered(game, S)
    assert "DN-CBT-1" in str(game.reject("solomani join-battle neb-a S-DD-2"))


def _pd_world() -> Campaign:
    game = Campaign(
        [
            place("S-CL-1", "solomani:CL", "hex:neb-a"),
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
            place("A-PD-1", "aslan:PD", "box:neb-a"),
            place("A-RT-1", "aslan:RT-4", "box:neb-a"),
        ],
        sub_phase=SubPhase.INTERACTION,
        phasing=S,
    )
    game.enter()
    return game


def test_pd_fire_offered_only_to_the_pd_owner_while_awaited():  # DN-SEQ-2 DN-INT-2
    game = _pd_world()
    assert "interact" in offered(game, S)
    assert "pd-fire" not in offered(game, A) | offered(game, S)
    game.play("solomani interact neb-a S-DD-1 S-CL-1>A-RT-1")
    assert "pd-fire" in offered(game, A) and "pd-fire" not in offered(game, S)
    assert "interact" not in offered(game, S)  # the only system waits for PD fire
    game.play("aslan pd-fire neb-a A-PD-1>S-DD-1", [1, 1])
    assert "pd-fire" not in offered(game, A)
    assert "interact" not in offered(game, S)  # the ships at neb-a have acted
    assert "DN-INT-1" in str(game.reject("solomani interact neb-a - S-CL-1>A-RT-1"))


def test_empty_interaction_refused_and_not_offered_without_ships():  # DN-SEQ-2 DN-INT-1
    game = _pd_world()
    assert "DN-INT-1" in str(game.reject("solomani interact neb-a - - -"))
    game.state.units["S-CL-1"].location = game.state.units["A-RT-1"].location
    game.state.units["S-DD-1"].location = game.state.units["A-RT-1"].location
    assert "interact" not in offered(game, S)  # no ships left in a stellar hex
    assert "lift-off" in offered(game, S)  # but ships in a box may lift off (DN-INT-5)


def test_remove_losses_offered_only_to_the_side_that_chooses():  # DN-SEQ-2 DN-GND-2
    game = Campaign(
        [
            place("A-RT-1", "aslan:RT-6", "box:neb-a"),
            place("S-RT-1", "solomani:RT-3", "box:neb-a"),
            place("S-AT-1", "solomani:AT-8", "box:neb-a"),
        ],
        sub_phase=SubPhase.SURFACE,
    )
    game.enter([6, 1])  # Aslan 6 vs 11 rolls 6 -> D: Solomani removes one of its two units
    assert "remove-losses" in offered(game, S) and "remove-losses" not in offered(game, A)
    assert "end-phase" not in offered(game, A)
    game.play("solomani remove-losses neb-a S-AT-1")
    assert "remove-losses" not in offered(game, S)
    assert "end-phase" in offered(game, A)


def test_legal_orders_keep_the_catalog_order_whatever_was_imported_first(monkeypatch):
    # DN-SEQ-2: the offered list (and the UI's first suggestion) must not depend on which area
    # module a caller imported before the catalog was loaded
    from campaign.rules import registry

    game = duel()
    before = [(o.verb, o.side) for o in engine.legal_orders(game.state, A, game.ruleset)]
    # as if a caller had imported the modules backwards (production's before maintenance's,
    # combat's before the flow's): every module's order types register in reverse module order
    modules: dict[str, dict] = {}
    for verb, spec in registry.ORDERS.items():
        modules.setdefault(spec.cls.__module__, {})[verb] = spec
    shuffled = {
        verb: spec for module in reversed(modules.values()) for verb, spec in module.items()
    }
    assert list(shuffled) != list(registry.ORDERS)
    monkeypatch.setattr(registry, "ORDERS", shuffled)
    after = [(o.verb, o.side) for o in engine.legal_orders(game.state, A, game.ruleset)]
    assert after == before
    assert before[0] == ("range", A)  # combat comes before movement in the catalog


def test_launch_offered_only_to_a_side_with_fighters():
    """Issue 45 item 3 (DN-CBT-8): ``launch`` is offered to the side whose mothership carries
    fighters, not to the other side, which is refused if it tries."""
    game = Campaign(
        [
            place("A-MS-1", "aslan:MS", "hex:neb-a"),
            place("A-F-1", "aslan:F", "on:A-MS-1"),
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
        ]
    )
    game.enter()
    assert "launch" in offered(game, A) and "launch" not in offered(game, S)
    error = game.reject(f"solomani launch {BID}")
    assert "DN-CBT-8" in str(error) and "no fighters" in str(error)
    game.play(f"aslan launch {BID} A-F-1")

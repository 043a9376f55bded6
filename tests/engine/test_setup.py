"""Set-up: neutral placement, starting purchases and deployment."""

from __future__ import annotations

import pytest

from campaign.rules import engine
from campaign.rules.errors import IllegalOrderError, InvalidOrderError
from campaign.rules.ids import Side
from campaign.rules.phases import Phase
from campaign.rules.setup_rules import neutral_pile
from campaign.rules.state import Where
from tests.engine.factory import SETUP_ORDERS, Game


def _rule(error: Exception) -> str:
    assert isinstance(error, IllegalOrderError), error
    return error.rule_id


def test_neutrals_shuffled_face_down_and_logged():  # DN-NEU-1
    game = Game()
    shuffled = [e for e in game.events if e.type == "neutrals-shuffled"]
    assert len(shuffled) == 1
    pile = shuffled[0].pile
    assert sorted(pile) == sorted(neutral_pile(game.ruleset))
    assert pile != neutral_pile(game.ruleset)  # 27 counters: the identity order is (1/27!) unlikely
    assert len(shuffled[0].rolls) == len(pile) - 1  # every shuffle roll is in the event
    assert game.state.phase is Phase.SETUP_NEUTRALS


def test_neutral_shuffle_is_seeded():  # DN-NEU-1
    first = Game("seed-a").state.neutral_pile
    assert Game("seed-a").state.neutral_pile == first
    assert Game("seed-b").state.neutral_pile != first


def test_neutrals_solomani_first_then_alternate():  # DN-NEU-1
    game = Game()
    assert game.state.acting is Side.SOLOMANI
    top = game.state.neutral_pile[0]
    _rule(game.reject("aslan place-neutral neb-a"))
    (placed,) = game.play("solomani place-neutral neb-a")
    assert placed.kind == top and placed.drawn_by is Side.SOLOMANI
    unit = game.state.units[placed.unit_id]
    assert unit.face_down and unit.owner is Side.NEUTRAL and unit.home_system == "neb-a"
    assert game.state.acting is Side.ASLAN
    assert _rule(game.reject("solomani place-neutral neb-c")) == "DN-SEQ-2"


def test_neutrals_only_type1_outside_home_sections():  # DN-NEU-1
    game = Game()
    assert _rule(game.reject("solomani place-neutral neb-b")) == "DN-NEU-1"  # type 3
    assert _rule(game.reject("solomani place-neutral sol-b")) == "DN-NEU-1"  # home section
    assert isinstance(game.reject("solomani place-neutral nowhere"), InvalidOrderError)


def test_as_many_neutrals_as_sections_then_purchase():  # DN-NEU-1
    game = Game()
    game.play_all(SETUP_ORDERS[:2])
    assert _rule(game.reject("solomani end-phase")) == "DN-NEU-1"
    events = game.play(SETUP_ORDERS[2])
    assert [e.type for e in events] == ["neutral-placed", "phase-advanced"]
    assert events[-1].auto
    neutrals = [u for u in game.state.units.values() if u.owner is Side.NEUTRAL]
    assert len(neutrals) == len(game.ruleset.star_map.sections) == 3
    assert game.state.phase is Phase.SETUP_PURCHASE and game.state.acting is Side.ASLAN


def test_manual_stepping_stops_the_draw_at_as_many_neutrals_as_sections():
    """Issue 45 item 3 (DN-NEU-1): with manual stepping the step waits for end-phase, but a
    counter past as many as there are sections is refused and changes nothing."""
    game = Game(manual_steps=True)
    game.play_all(SETUP_ORDERS[:3])
    assert game.state.phase is Phase.SETUP_NEUTRALS  # waits for end-phase
    placed = sum(u.owner is Side.NEUTRAL for u in game.state.units.values())
    error = game.reject(f"{game.state.acting.value} place-neutral neb-a")
    assert _rule(error) == "DN-NEU-1" and "end-phase" in str(error)
    assert sum(u.owner is Side.NEUTRAL for u in game.state.units.values()) == placed == 3
    game.play(f"{game.state.acting.value} end-phase")
    assert game.state.phase is Phase.SETUP_PURCHASE


def _at_purchase() -> Game:
    game = Game()
    game.play_all(SETUP_ORDERS[:3])
    return game


def test_purchase_starts_with_99_ru_and_costs():  # DN-SET-1
    game = _at_purchase()
    assert game.state.ru == {Side.ASLAN: 99, Side.SOLOMANI: 99}
    game.play("aslan buy CL 2")  # 6 RU each
    assert game.state.ru[Side.ASLAN] == 87
    bought = [u for u in game.state.units_of(Side.ASLAN)]
    assert [u.id for u in bought] == ["A-CL-1", "A-CL-2"]
    assert all(u.location.where is Where.UNPLACED for u in bought)


def test_a_kind_may_be_typed_without_its_hyphen():
    """DN-SET-1 (found by use, December 7): ``rt5`` is the kind ``RT-5``, as ``rt-5`` was; the
    event names the kind as the data files do."""
    game = _at_purchase()
    game.play("aslan buy rt5")
    game.play("aslan buy Jt4")
    kinds = sorted(u.kind for u in game.state.units_of(Side.ASLAN))
    assert kinds == ["aslan:JT-4", "aslan:RT-5"]


def test_an_unknown_kind_is_refused_with_a_suggestion():
    """DN-SET-1, DN-ERR-1: a kind of none of the side's counters is refused with the known
    kinds and the closest ones, naming the rule that lists the kinds (DN-DATA-2; found by use,
    December 7, night: the refusal named no rule)."""
    game = _at_purchase()
    error = game.reject("aslan buy rt-9")
    assert isinstance(error, InvalidOrderError)
    assert str(error).startswith("DN-DATA-2: unknown unit kind 'RT-9' for aslan (known: AO, AT-7,")
    assert str(error).endswith("; did you mean 'RT-4' or 'RT-5' or 'RT-6'?")
    assert list(game.state.units_of(Side.ASLAN)) == []


def test_a_kind_typed_without_hyphens_that_fits_two_is_refused():
    """DN-SET-1, DN-ERR-1: when ``rt5`` would fit two kinds of the data files (a referee's own
    ``R-T5`` beside ``RT-5``) neither is taken; the refusal names both."""
    from types import SimpleNamespace

    from campaign.rules.setup_rules import unit_kind

    class Rules:
        units = [
            SimpleNamespace(kind=f"aslan:{code}", side=Side.ASLAN) for code in ("RT-5", "R-T5")
        ]

        def unit_type(self, kind: str) -> SimpleNamespace:
            found = [u for u in self.units if u.kind == kind]
            if not found:
                raise KeyError(kind)
            return found[0]

    assert unit_kind(Rules(), Side.ASLAN, "R-T5").kind == "aslan:R-T5"  # type: ignore[arg-type]
    with pytest.raises(InvalidOrderError) as refused:
        unit_kind(Rules(), Side.ASLAN, "RT5")  # type: ignore[arg-type]
    assert str(refused.value) == (
        "DN-DATA-2: unit kind 'RT5' for aslan is ambiguous without its hyphens; did you mean "
        "'R-T5' or 'RT-5'?"
    )


def test_purchase_over_budget_rejected():  # DN-SET-1
    game = _at_purchase()
    game.play("aslan buy B1 6")  # 6 x 13 = 78
    error = game.reject("aslan buy CR 2")  # 24 > 21
    assert _rule(error) == "DN-SET-1" and "21 RU" in str(error)


def test_refusals_name_the_kind_as_typed():
    """DN-SET-1, DN-DATA-2 (found by use, December 7, night): "aslan buy RT-4" with 1 RU left
    read "1 RT cost 2 RU", naming the code of every strength; the counter mix refusal too
    ("has 2 RT"). They now name the kind as the order does: "1 × RT-5 costs 2 RU"."""
    game = _at_purchase()
    game.play("aslan buy B1 6")  # 6 x 13 = 78, 21 RU left
    game.play("aslan buy CR 1")  # 12 RU, 9 left
    game.play("aslan buy RT-4 2")  # 4 RU, 5 left
    game.play("aslan buy SC 4")  # 4 RU, 1 left
    error = game.reject("aslan buy RT-5")
    assert str(error) == "DN-SET-1: 1 × RT-5 costs 2 RU; aslan has 1 RU"
    game = _at_purchase()
    error = game.reject("aslan buy RT-4 3")
    assert _rule(error) == "DN-DATA-2" and "2 RT-4 (regular troops)" in str(error)


def test_purchase_counter_mix_limit():  # DN-DATA-2
    game = _at_purchase()
    game.play("aslan buy SC 11")
    assert _rule(game.reject("aslan buy SC")) == "DN-DATA-2"


def test_b2_needs_b1_and_no_bb():  # DN-SET-1
    game = _at_purchase()
    assert _rule(game.reject("aslan buy B2")) == "DN-SET-1"
    assert _rule(game.reject("aslan buy BB")) == "DN-SET-1"
    game.play("aslan buy B1")
    game.play("aslan buy B2")
    assert game.state.count_in_mix("aslan:B2") == 1


def test_unknown_kind_is_invalid():  # DN-ERR-1
    game = _at_purchase()
    error = game.reject("aslan buy ZZ")
    assert isinstance(error, InvalidOrderError) and "ZZ" in str(error)


def test_unspent_setup_ru_carry_over(core_hooks_only):  # DN-SET-1
    game = Game()
    game.play_all(SETUP_ORDERS)
    assert game.state.turn == 1 and game.state.phase is Phase.PRODUCTION
    assert game.state.ru[Side.ASLAN] == 99 - 12 - 2
    assert game.state.ru[Side.SOLOMANI] == 99 - 9 - 2


def _at_deploy() -> Game:
    game = Game()
    game.play_all(SETUP_ORDERS[:9])
    return game


def test_aslan_deploys_first_then_solomani():  # DN-SET-2
    game = _at_deploy()
    assert game.state.phase is Phase.SETUP_DEPLOY and game.state.acting is Side.ASLAN
    assert _rule(game.reject("solomani deploy S-DD-1 hex:sol-cap")) == "DN-SEQ-2"
    game.play_all(SETUP_ORDERS[9:13])
    assert game.state.acting is Side.SOLOMANI


def test_deploy_only_in_own_home_section():  # DN-SET-2
    game = _at_deploy()
    assert _rule(game.reject("aslan deploy A-CL-1 hex:neb-a")) == "DN-SET-2"
    assert _rule(game.reject("aslan deploy A-CL-1 hex:sol-cap")) == "DN-SET-2"
    assert _rule(game.reject("aslan deploy S-DD-1 hex:asl-cap")) == "DN-SET-2"
    game.play("aslan deploy A-CL-1 box:asl-b")  # ships: stellar hex or surface box
    assert game.state.units["A-CL-1"].location.to_text() == "box:asl-b"


def test_ground_units_go_to_the_surface_box():  # DN-SET-2
    game = _at_deploy()
    assert _rule(game.reject("aslan deploy A-RT-1 hex:asl-cap")) == "DN-SET-2"
    game.play("aslan deploy A-RT-1 box:asl-cap")


def test_deploy_everything_before_ending():  # DN-SET-2
    game = _at_deploy()
    game.play("aslan deploy A-CL-1 hex:asl-cap")
    error = game.reject("aslan end-phase")
    assert _rule(error) == "DN-SET-2" and "A-CL-2" in str(error)


def test_unknown_unit_rejected():  # DN-ERR-1
    game = _at_deploy()
    error = game.reject("aslan deploy A-CL-9 hex:asl-cap")
    assert isinstance(error, InvalidOrderError) and "A-CL-9" in str(error)


def test_cargo_capacity_on_deploy():  # DN-MOV-7
    game = Game()
    game.play_all(SETUP_ORDERS[:3])
    game.play_all(["aslan buy TR", "aslan buy RT-4 2", "aslan buy MS", "aslan buy F 4"])
    game.play_all(["aslan end-phase", "solomani end-phase"])
    game.play("aslan deploy A-TR-1 hex:asl-cap")
    game.play("aslan deploy A-RT-1 on:A-TR-1")
    assert _rule(game.reject("aslan deploy A-RT-2 on:A-TR-1")) == "DN-MOV-7"
    game.play("aslan deploy A-MS-1 hex:asl-cap")
    assert _rule(game.reject("aslan deploy A-RT-2 on:A-MS-1")) == "DN-MOV-7"
    for n in (1, 2, 3):
        game.play(f"aslan deploy A-F-{n} on:A-MS-1")
    assert _rule(game.reject("aslan deploy A-F-4 on:A-MS-1")) == "DN-MOV-7"
    assert game.state.position_of("A-F-1").to_text() == "hex:asl-cap"


def test_one_pd_per_surface_box():  # DN-MOV-10
    game = Game()
    game.play_all(SETUP_ORDERS[:3])
    game.play_all(["aslan buy PD 2", "aslan end-phase", "solomani end-phase"])
    game.play("aslan deploy A-PD-1 box:asl-cap")
    assert _rule(game.reject("aslan deploy A-PD-2 box:asl-cap")) == "DN-MOV-10"
    # an unplaced PD marker may stay unplaced (DN-MOV-10): ending is allowed
    game.play("aslan end-phase")
    assert game.state.units["A-PD-2"].location.where is Where.UNPLACED


@pytest.mark.parametrize("count", [1, 3])
def test_state_digest_changes_with_every_purchase(count):  # DN-SET-1
    game = _at_purchase()
    before = engine.state_digest(game.state)
    game.play(f"aslan buy DD {count}")
    assert engine.state_digest(game.state) != before


def test_player_view_hides_face_down_neutrals():  # DN-NEU-1
    from campaign.rules.views import HIDDEN_KIND, player_view

    game = Game()
    game.play_all(SETUP_ORDERS[:3])
    before = engine.state_digest(game.state)
    for side in (Side.ASLAN, Side.SOLOMANI):
        view = player_view(game.state, side)
        neutrals = [u for u in view.units.values() if u.owner is Side.NEUTRAL]
        assert neutrals and all(u.kind == HIDDEN_KIND for u in neutrals)
        assert set(view.neutral_pile) == {HIDDEN_KIND}
        assert len(view.neutral_pile) == len(game.state.neutral_pile)
    referee = player_view(game.state, None)
    assert engine.state_digest(referee) == before == engine.state_digest(game.state)


def test_neutral_draw_is_decided_by_the_seed_and_the_campaign_name():
    # DN-NEU-1 (issue 29, documented decision): like every die, the seeded neutral shuffle is
    # bound to the campaign's name as well as its seed: the same name and seed always give
    # the same pile (both PBEM players create the campaign alike); another name gives another
    from tests.engine.factory import Game as Played

    pile = Played("seed:5", campaign_id="war").state.neutral_pile
    assert Played("seed:5", campaign_id="war").state.neutral_pile == pile
    assert Played("seed:5", campaign_id="practice").state.neutral_pile != pile
    assert Played("seed:6", campaign_id="war").state.neutral_pile != pile

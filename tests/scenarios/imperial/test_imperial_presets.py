"""Rule presets ``guide`` and ``published`` (issue 21): the switches each sets, the API and the
set-up screen (IMP-8, IMP-16, IMP-20 are the rules whose readings they choose)."""

from __future__ import annotations

import pytest

from scenarios.imperial import make_game
from scenarios.imperial.options import PRESETS, Options, options_for, preset_of, preset_switches
from scenarios.imperial.rules import legal_orders
from tests.scenarios.imperial.helpers import await_, fresh, play

#: Every rules switch of ``Options``: all fields but the seats, the deal and the house cap.
SWITCHES = set(Options.model_fields) - {"players", "seed", "max_turns"}


def test_every_preset_lists_every_rules_switch():
    # IMP-8 IMP-16 IMP-20: a preset sets every switch, so no reading is left implicit
    assert set(PRESETS) == {"guide", "published"}
    assert "factory_top_up" in SWITCHES and "home_chips" in SWITCHES
    for switches in PRESETS.values():
        assert set(switches) == SWITCHES


def test_guide_preset_is_the_default():
    # IMP-8 IMP-16 IMP-20: the teaching guide is the default reading (the spec)
    assert make_game(4, seed=2).options == make_game(4, seed=2, preset="guide").options
    assert preset_of(Options()) == "guide"


def test_published_preset_sets_the_published_readings():
    # IMP-8 top-up, IMP-16 chips only on seas and neutral land, IMP-20 no interest on a pass
    options = make_game(5, seed=1, preset="published").options
    assert options.factory_top_up and not options.production_chips and not options.home_chips
    assert not options.end_pass_pays_interest and not options.norway_denmark
    assert not options.convoy_keeps_fleet_move  # the switch is the spec's reading, not published
    assert (options.players, options.seed) == (5, 1)
    assert preset_of(options) == "published"


def test_a_switch_given_by_name_overrides_the_preset():
    # IMP-8: one switch changed from the published preset makes a custom mix
    options = options_for("published", factory_top_up=False)
    assert not options.factory_top_up and not options.home_chips
    assert preset_of(options) is None


def test_unknown_preset_is_refused_with_the_known_names():
    # IMP-8: bad input gets a clear error naming the choices
    with pytest.raises(ValueError, match="unknown rules preset 'house'.*guide, published"):
        make_game(4, preset="house")
    with pytest.raises(ValueError, match="unknown rules preset"):
        preset_switches("")


def test_published_preset_lets_the_governor_top_up_a_factory():
    # IMP-8: with 3M in the treasury the guide forbids Factory; the published preset lets the
    # governor pay the shortfall
    results = {}
    for preset in ("guide", "published"):
        state = fresh(4, seed=0, preset=preset)
        nation = state.nation
        state.rondel[nation] = 7  # Factory is one step ahead
        state.treasury[nation] = 3
        state.cash[state.flags[nation]] = 5
        await_(state, "rondel", nation)
        results[preset] = ("rondel", 0) in legal_orders(state)
    assert results == {"guide": False, "published": True}


def test_published_preset_places_no_chip_where_production_places_units():
    # IMP-16: the guide's production chips are off in the published preset
    chips = {}
    for preset in ("guide", "published"):
        state = fresh(4, seed=0, preset=preset)
        nation = state.nation
        state.rondel[nation] = 0
        await_(state, "rondel", nation)
        after = play(state, ("rondel", 1))  # Production
        chips[preset] = after.chips_of(nation)
    assert chips["guide"] > 0 and chips["published"] == 0

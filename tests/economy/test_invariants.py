"""Random economy orders never break invariants (DN-ECO-7, DN-ECO-8, DN-ERR-1).

RU never go negative, the counter mix is never exceeded, a rejected order changes nothing.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.rules.errors import CampaignError
from campaign.rules.ids import Side
from tests.economy.game import Game

S = Side.SOLOMANI
PLACES = ["concord", "vantage", "halden", "marrow", "lantern", "kestrel", "brume"]
SHIPS = ["CR", "DD", "B2", "SC", "AO"]
PRODUCE = [
    "CL 1 hex:concord",
    "CR 3 hex:vantage",
    "RT-4 2 box:kestrel",
    "PD",
    "B2 4 box:halden",
    "DD 2 hex:lantern",
    "CA 5 hex:concord",
    "F 1 box:concord",
]


@st.composite
def situations(draw):
    ships = draw(
        st.lists(
            st.tuples(st.sampled_from(SHIPS), st.sampled_from(PLACES), st.booleans()), max_size=6
        )
    )
    enemy = draw(st.lists(st.sampled_from(PLACES), max_size=2))
    ru = draw(st.integers(0, 40))
    unpaid = draw(st.lists(st.integers(0, 5), max_size=3))
    recover = draw(st.lists(st.integers(0, 5), max_size=3))
    builds = draw(st.lists(st.sampled_from(PRODUCE), max_size=4))
    dice = draw(st.lists(st.integers(1, 6), min_size=6, max_size=6))
    return ships, enemy, ru, unpaid, recover, builds, dice


def _try(game: Game, text: str, dice: list[int] | None = None) -> None:
    before = game.state.model_dump_json()
    kinds = [unit_type.kind for unit_type in game.ruleset.units_of(S)]
    counts = {kind: game.state.count_in_mix(kind) for kind in kinds}
    try:
        game.play(text, dice) if dice is None else _play_some(game, text, dice)
    except CampaignError:
        assert game.state.model_dump_json() == before
    assert all(ru >= 0 for ru in game.state.ru.values())
    for unit_type in game.ruleset.units_of(S):  # the set-up may already exceed it
        limit = max(counts[unit_type.kind], unit_type.count)
        assert game.state.count_in_mix(unit_type.kind) <= limit


def _play_some(game: Game, text: str, dice: list[int]) -> None:
    from campaign.rules.dice import FixedSource
    from campaign.rules.engine import apply_event, decide
    from campaign.rules.notation import parse_order

    for event in decide(game.state, parse_order(text), game.ruleset, FixedSource(dice)):
        apply_event(game.state, event)


@settings(max_examples=40, deadline=None)
@given(situations())
def test_random_maintenance_and_production_keep_invariants(situation):  # DN-ECO-7, DN-ECO-8
    ships, enemy, ru, unpaid, recover, builds, dice = situation
    game = Game(ru=ru)
    ids = []
    for n, (code, place, disrupted) in enumerate(ships):
        ids.append(f"S-{code}-{90 + n}")
        game.put(ids[-1], f"solomani:{code}", f"hex:{place}", disrupted=disrupted)
    for n, place in enumerate(enemy):
        game.put(f"A-CR-{90 + n}", "aslan:CR", f"hex:{place}")

    def pick(indexes: list[int]) -> str:
        chosen = sorted({ids[i] for i in indexes if i < len(ids)})
        return ",".join(chosen) or "-"

    _try(game, f"solomani maintain {pick(unpaid)} {pick(recover)}", dice)
    for build in builds:
        _try(game, f"solomani produce {build}")

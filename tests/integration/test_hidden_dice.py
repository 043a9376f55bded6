"""A player's seat types only the dice it may see (DN-NEU-1), tested as indistinguishability.

In a campaign rolled with physical dice a player types his own orders' dice. A die of a shot
by or at a face-down counter, or of a ground combat where one stands, is one he may not see
rolled: how many such dice an order rolls, and what each is for, follows the hidden kind (a
face-down PD fires once at each ship bombarding it, a monitor is fired at instead). Found by
use: ``aslan interact span - A-CR-1>N-X-2,A-CR-2>N-X-2`` with two dice typed was refused with
"this order rolls 1 dice … 1) pd span N-X-2>A-CR-1", nothing stored: a free probe of the
counter's kind. The TUI's dice hint counted and named the same dice before the order was sent.

Same method as ``test_hidden_views``: a second game whose face-down counters hold the same
places with permuted kinds. For every order the side could type, the dice its seat is asked
for (``preview.dice_needed``, the TUI's hint) and the answer to typing none, one or two dice
(the use case's own source, ``orders.typed_dice_source``) must be the same in both games.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import msgspec
import pytest

from campaign.app import CampaignService, Loaded, TypedDice
from campaign.app.orders import typed_dice_source
from campaign.app.preview import dice_needed
from campaign.rules import engine
from campaign.rules.errors import CampaignError
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.phases import SubPhase
from campaign.rules.seats import REFEREE, Seat
from campaign.rules.state import Where
from campaign.store.repository import Store
from tests.integration.driver import Driver
from tests.integration.test_hidden_views import (
    NAME,
    _batches,
    _loaded,
    _permutation,
    _stop_points,
    _store_game,
    game,
    permuted_batches,
    probe_orders,
)
from tests.rulesets import sample

#: What a player types in the dice field, in turn: nothing, one die, two dice.
TYPED = ((), (3,), (3, 4))


def physical(loaded: Loaded) -> Loaded:
    """``loaded`` as a campaign created with physical dice (the log is the same)."""
    return msgspec.structs.replace(loaded, dice_mode="physical")


def typed_answer(loaded: Loaded, text: str, side: Side, values: tuple[int, ...]) -> str:
    """What giving ``text`` with ``values`` typed from ``side``'s seat answers, nothing stored:
    ``accepted`` or the refusal (the source ``Orders.submit`` uses, then the rules)."""
    seat = Seat(side)
    try:
        order = engine.read_typed(loaded.state, text, loaded.ruleset, side)
        engine.decide(
            loaded.state, order, loaded.ruleset, typed_dice_source(loaded, TypedDice(values), seat)
        )
    except CampaignError as error:
        return f"refused: {error.message}"
    return "accepted"


def interaction_points(driver: Driver) -> list[int]:
    """Numbers of orders after which the phasing side may interact with a face-down counter:
    the interaction sub-phase, with its ships in a system where one stands (DN-INT-*)."""
    start = len(driver.events) - sum(count for _, count in driver.orders)
    state = engine.fold(driver.events[:start])
    points, done = [], start
    for n, (_, count) in enumerate(driver.orders):
        engine.fold(driver.events[done : done + count], state)
        done += count
        if state.turn < 1 or state.sub_phase is not SubPhase.INTERACTION:
            continue
        hidden = {u.location.system for u in state.units.values() if u.face_down}
        ships = {
            u.location.system
            for u in state.units.values()
            if u.owner is state.phasing and u.location.where is Where.HEX
        }
        if hidden & ships and (not points or n > points[-1]):
            points.append(n + 1)
    return points[:2]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 7])
def test_a_players_dice_never_tell_what_is_face_down(tmp_path: Path, seed: int) -> None:
    # DN-NEU-1: the dice a player types, and every word about them, follow what he may see
    driver = game(seed)
    playing = tmp_path / "a.db"
    player = CampaignService(
        Store(f"sqlite:///{playing}", durable=False), ruleset_loader=lambda *_: sample()
    )
    player.create(NAME, dice_seed=driver.dice_seed)
    played, compared, rolled = 0, 0, 0
    for stop in sorted({*_stop_points(driver)[:2], *interaction_points(driver)}):
        for text, _ in driver.orders[played:stop]:
            player.order(NAME, text)
        played = stop
        shutil.copyfile(playing, tmp_path / f"a{stop}.db")
        url_a = f"sqlite:///{tmp_path / f'a{stop}.db'}"
        state_a = _loaded(url_a).state
        new_kind = _permutation(state_a, sample(), 1)
        if not new_kind:
            continue
        url_b = f"sqlite:///{tmp_path / f'b{stop}.db'}"
        _store_game(url_b, permuted_batches(_batches(url_a), new_kind, sample()), driver.dice_seed)
        loaded_a, loaded_b = physical(_loaded(url_a)), physical(_loaded(url_b))
        for side in PLAYER_SIDES:
            for text in probe_orders([loaded_a.state, loaded_b.state], side):
                hint = dice_needed(loaded_a, text, Seat(side))
                assert hint == dice_needed(loaded_b, text, Seat(side)), text
                rolled += bool(dice_needed(loaded_a, text, REFEREE))
                for values in TYPED:
                    assert typed_answer(loaded_a, text, side, values) == typed_answer(
                        loaded_b, text, side, values
                    ), f"{text!r} with dice {values} after {stop} orders"
        compared += 1
    assert compared >= 2
    # the probes include orders that roll dice by or at face-down counters (interactions the
    # rules accept: the case found by use), so the comparison is not only of refusals
    assert rolled > 0

"""DN-NEU-1 by e-mail: an order is read as the player who typed it knows the counters.

Found by use (December 7): a file whose order named a neutral counter by its real id
(``aslan target b1 N-M-1``, forged and signed by the Aslan player) was refused on the Solomani
player's machine with "N-X-3 is not in the battle at keystone": the refusal put the counter's
alias in place of the real id, so each forged file told which alias is which kind (``N-M-1``
is ``N-X-3``, a monitor). A player's own ``order --side`` refuses such an id exactly as an id
that does not exist ("unknown unit 'N-M-1'"); the import now reads every order of a file as
its sender's seat would have typed it, and refuses with the same words.

The same, found the same day on a player's own database (``campaign new … --as aslan``):
``campaign order nebula 'aslan target b1 N-TR-2'`` without ``--side`` (the database owner's
seat) took the real id and answered "N-TR-2 is not a unit of aslan", and an unknown id got
"did you mean 'N-TR-1' or 'N-TR-2'": the owner acts from the referee's seat, but he reads as
his side (docs/seats.md), so the names he may type and the refusal he reads are his side's.
"""

from __future__ import annotations

import json

import pytest

from campaign.pbem import errors
from campaign.rules.errors import CampaignError
from campaign.rules.ids import Side
from campaign.rules.seats import REFEREE, Seat
from campaign.rules.views import neutral_aliases
from tests.pbem.conftest import database_image, resealed
from tests.pbem.helpers import CAMPAIGN, Table

#: The probes: each neutral counter's real id (and one that names no counter) in orders the
#: Aslan may give in production, whose refusals name the unit.
PROBES = ("aslan form-stack probe {}", "aslan load {} A-TR-1")


def _refusals(table: Table, seat: Seat) -> dict[str, str]:
    """What the Aslan's database answers to every probe given from ``seat`` (each refused:
    nothing is stored)."""
    aslan = table.players[Side.ASLAN]
    truth = aslan.service.load(CAMPAIGN).state
    said: dict[str, str] = {}
    for real in [*neutral_aliases(truth), "N-PD-9"]:
        for probe in PROBES:
            with pytest.raises(CampaignError) as caught:
                aslan.service.order(CAMPAIGN, probe.format(real), seat=seat)
            said[probe.format(real)] = caught.value.message
    return said


@pytest.fixture
def game(base: Table) -> tuple[Table, str, dict[str, str]]:
    """``base`` with the Aslan's file of their first order (not yet delivered), and what the
    Aslan's own seat answers to every probe typed at that file's base."""
    own = _refusals(base, Seat(Side.ASLAN))
    base.play("aslan end-phase")
    return base, base.players[Side.ASLAN].export().json_text, own


def _with_order(text: str, order: str) -> str:
    """The file ``text`` with its first order's text replaced by ``order`` (a forger's file,
    its checksum made good)."""

    def change(data: dict) -> None:
        data["body"]["batches"][0]["order"] = order

    return resealed(text, change)


def test_a_real_id_in_a_files_order_is_refused_as_by_the_senders_seat(game):  # DN-NEU-1
    table, text, own = game
    receiver = table.players[Side.SOLOMANI]
    before = database_image(receiver)
    for order, refusal in own.items():
        with pytest.raises(errors.TurnFileError) as caught:
            receiver.pbem.import_turn(CAMPAIGN, _with_order(text, order), source="t.json")
        said = caught.value.message
        assert said.endswith(f": {refusal}"), said
    assert database_image(receiver) == before


def test_a_files_orders_by_alias_still_import(game):  # DN-NEU-1
    """The file of an honest sender names counters by alias and imports as before."""
    table, text, _ = game
    assert json.loads(text)["body"]["batches"][0]["order"] == "aslan end-phase"
    done = table.players[Side.SOLOMANI].pbem.import_turn(CAMPAIGN, text, source="t.json")
    assert done.orders == ["aslan end-phase"]


def test_a_players_own_database_reads_his_orders_as_his_seat(base):  # DN-NEU-1
    """The owner of a player's database gives orders from the referee's seat (agreed
    overrides still work there), but every refusal reads exactly as from his side's seat."""
    before = database_image(base.players[Side.ASLAN])
    assert _refusals(base, REFEREE) == _refusals(base, Seat(Side.ASLAN))
    assert database_image(base.players[Side.ASLAN]) == before


def test_a_referee_order_from_a_players_database_travels_by_alias(base):  # DN-NEU-1
    """The owner's agreed override naming a counter (by its alias, as he knows it) is logged
    and sent by that alias; found by use (December 7): `referee adjust-unit N-X-3 …` was
    logged, and sent, as `referee adjust-unit N-M-1 …`: the counter's kind in clear in the
    file, which the receiver now refuses as a real id the sender cannot know."""
    aslan, solomani = base.players[Side.ASLAN], base.players[Side.SOLOMANI]
    truth = aslan.service.load(CAMPAIGN).state
    real, alias = next(iter(neutral_aliases(truth).items()))
    place = truth.units[real].location
    # a real change (disrupted): an override that changes nothing is refused (DN-ERR-1)
    aslan.order(f'referee adjust-unit {alias} {place.where.value}:{place.system} yes "agreed"')
    made = aslan.export()
    assert real not in made.json_text and alias in made.json_text
    solomani.pbem.allow_referee = True
    done = solomani.pbem.import_turn(CAMPAIGN, made.json_text, source="t.json")
    assert done.orders == [
        f"referee adjust-unit {alias} {place.where.value}:{place.system} yes agreed"
    ]
    assert aslan.digest() == solomani.digest()


def test_an_override_that_changes_nothing_is_refused_by_alias(base):  # DN-NEU-1, DN-ERR-1
    """The refusal of an adjust-unit that changes nothing names the counter as the owner typed
    it (its alias), never by its real id, which would tell its kind."""
    aslan = base.players[Side.ASLAN]
    truth = aslan.service.load(CAMPAIGN).state
    real, alias = next(iter(neutral_aliases(truth).items()))
    place = truth.units[real].location
    with pytest.raises(CampaignError) as refused:
        aslan.order(f'referee adjust-unit {alias} {place.where.value}:{place.system} - "x"')
    assert "DN-ERR-1" in str(refused.value) and "nothing to adjust" in str(refused.value)
    assert alias in str(refused.value) and real not in str(refused.value)

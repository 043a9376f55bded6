"""Play by e-mail up to the victory and after it (DN-VIC-1; found by use, December 7, evening).

The Solomani land on the undefended Aslan capital in game turn 1 and win at the end of their
player turn 2; the Aslan's machine gives the last order (its pass in Reaction Movement). Until
then, that machine said nothing about sending the file that carries the end (``next_step`` was
silent once the game was over), and after it an export said "give your orders first" or
"wait for the other side's reply", which never comes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.pbem.errors import TurnFileError
from campaign.rules.errors import UndoError
from campaign.rules.ids import Side
from campaign.rules.phases import Phase
from tests.pbem.helpers import CAMPAIGN, Table

A, S = Side.ASLAN, Side.SOLOMANI

RAID = "marrow,redoubt,bastion,rampart,orilla,corredor,mirador,alameda,vado,candle,beacon,solace"

ORDERS = [
    "solomani place-neutral keystone",
    "aslan place-neutral keystone",
    "solomani place-neutral lantern",
    "aslan place-neutral lantern",
    "solomani place-neutral quillon",
    "aslan place-neutral quillon",
    "solomani place-neutral pellow",
    "aslan place-neutral keystone",
    "aslan buy CL 2",
    "aslan end-phase",
    "solomani buy CL 2",
    "solomani buy TR 2",
    "solomani buy RT-5 2",
    "solomani end-phase",
    "aslan deploy A-CL-1,A-CL-2 hex:wahtoi",
    "aslan end-phase",
    "solomani deploy S-CL-1,S-CL-2,S-TR-1,S-TR-2 hex:concord",
    "solomani deploy S-RT-1 on:S-TR-1",
    "solomani deploy S-RT-2 on:S-TR-2",
    "solomani form-stack raid S-CL-1,S-CL-2,S-TR-1,S-TR-2",
    "solomani end-phase",
    # game turn 1: the Aslan cruisers leave for the frontier, the Solomani raid lands
    "aslan end-phase",
    "aslan form-stack a A-CL-1,A-CL-2",
    "aslan jump a hlirakh,ftahr,khtaoi,fissure",
    "aslan pass",
    "solomani pass",
    "solomani end-phase",
    f"solomani jump raid {RAID},aokhtel,eawyo,hlirakh",
    "solomani end-phase",
    "solomani interact hlirakh S-TR-1,S-TR-2",
    "solomani pass",
    "aslan pass",
    # game turn 2: held through the Aslan player turn and the Solomani one
    "aslan pass",
    "solomani pass",
    "solomani pass",
    "aslan pass",
]


def _ended(folder: Path) -> Table:
    """Both machines; the Aslan's has just given the order that ended the game."""
    table = Table(folder, armoured=False)
    for text in ORDERS:
        table.play(text)
    state = table.players[A].service.load(CAMPAIGN).state
    assert state.phase is Phase.GAME_OVER and state.winner is S
    return table


@pytest.fixture(scope="module")
def ended(tmp_path_factory: pytest.TempPathFactory) -> Table:
    """The game just ended on the Aslan machine; the Solomani's does not know yet. The tests
    that use it change nothing, so they pass in any order and on any worker."""
    return _ended(tmp_path_factory.mktemp("won"))


@pytest.fixture(scope="module")
def ended_on_both(tmp_path_factory: pytest.TempPathFactory) -> Table:
    """The same end, the last file imported on the Solomani machine too (found by use: a test
    that handed the file over changed the first fixture under the tests after it, so one of
    them passed only where the other had run first on the same worker)."""
    table = _ended(tmp_path_factory.mktemp("won-both"))
    table.hand_over(S)
    return table


def test_the_machine_with_the_last_orders_is_told_to_send_them(ended: Table):  # DN-VIC-1
    line = ended.players[A].pbem.next_step(CAMPAIGN) or ""
    assert line.startswith("the game is over (DN-VIC-1): export now and send file")
    assert "to solomani so that its copy ends too" in line
    # the other machine does not know yet: it waits for that file
    assert "wait for aslan's file" in (ended.players[S].pbem.next_step(CAMPAIGN) or "")


def test_after_the_last_file_nothing_more_goes_out(ended_on_both: Table):  # DN-VIC-1
    ended = ended_on_both
    for side in (A, S):
        state = ended.players[side].service.load(CAMPAIGN).state
        assert state.phase is Phase.GAME_OVER and state.winner is S
        line = ended.players[side].pbem.next_step(CAMPAIGN) or ""
        assert line.startswith("the game is over (DN-VIC-1): nothing more to send or import")
        with pytest.raises(TurnFileError) as refused:
            ended.players[side].export()
        message = str(refused.value)
        assert message.startswith("nothing to send: the game is over (solomani won, DN-VIC-1)")
        assert "give your orders" not in message and "wait for" not in message


def test_the_ending_game_needs_these_orders(tmp_path: Path):  # DN-VIC-1
    """The fixture's orders end the game exactly at the end of the Solomani player turn 2: one
    order short, it goes on."""
    table = Table(tmp_path, armoured=False)
    for text in ORDERS[:-1]:
        table.play(text)
    assert table.players[S].service.load(CAMPAIGN).state.winner is None


def test_a_plain_undo_after_the_end_names_the_end(ended_on_both: Table):  # DN-VIC-1, DN-ERR-1
    """Found by use: it said "give a new order instead", which the end refuses."""
    ended = ended_on_both
    before = ended.players[S].digest()
    with pytest.raises(UndoError) as refused:
        ended.players[S].service.undo(CAMPAIGN)
    message = str(refused.value)
    assert "the game is over (solomani won, DN-VIC-1)" in message
    assert "give a new order" not in message and "undo --referee REASON" in message
    assert ended.players[S].digest() == before

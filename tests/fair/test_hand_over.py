"""Play by e-mail never dead-ends when one side has nothing to say (issue 42 item 6, found
playing a fair game with strict dice from the CLI, docs/turn-files.md "Handing the turn over").

With strict dice an order that rolls is held and ends its side's file; the other machine rolls
it and sends the decision back in its next file. When that decision passes the turn to the
side that rolled it (Aslan's ``pass`` in production, its maintenance dice rolled by Solomani's
machine, hands the reaction movement to Solomani), Aslan owes Solomani a file but has no order
to put in it, and Solomani may not send twice in a row. Both were refused (``nothing to send``
on Aslan's side, ``carries no orders`` on Solomani's): neither player could go on. An empty
file now hands the turn over when the game waits for the receiver only, and ``next:`` says so.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.pbem.errors import TurnFileError
from campaign.rules.ids import Side
from campaign.rules.phases import Phase
from tests.fair.by_mail import CAMPAIGN, PLACES, SETUP, MailTable

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("fair", [False, True], ids=["strict", "fair-strict"])
def test_a_side_with_nothing_to_say_hands_the_turn_over_with_an_empty_file(
    tmp_path: Path, fair: bool
) -> None:
    # DN-SEQ-1 / DN-ECO-7 by turn file: the held pass is decided on the other machine
    table = MailTable(tmp_path, fair=fair, dice="strict")
    for number, system in enumerate(PLACES):
        table.play(f"{('solomani', 'aslan')[number % 2]} place-neutral {system}")
    for text in SETUP:
        table.play(text)
    table.until(lambda state: state.turn == 2 and state.phase is Phase.PRODUCTION)
    aslan, solomani = table.machines[Side.ASLAN], table.machines[Side.SOLOMANI]
    table.play("aslan pass")  # maintenance rolls: held for Solomani's dice
    assert aslan.pbem.dice_wait(CAMPAIGN) is not None
    table.send(Side.ASLAN)  # ends with the held pass; Solomani's machine rolls it
    table.send(Side.SOLOMANI)  # the decision comes back: now Solomani acts
    state = aslan.state()
    assert state.acting is Side.SOLOMANI and state.turn == 2
    assert "hands the turn to solomani" in (aslan.pbem.next_step(CAMPAIGN) or "")
    before = solomani.state().canonical_text()
    table.send(Side.ASLAN)  # an empty file: was "nothing to send", then "carries no orders"
    assert solomani.state().canonical_text() == before  # it brought nothing but the turn
    assert "your turn" in (solomani.pbem.next_step(CAMPAIGN) or "")
    table.play("solomani pass")
    table.settle()
    assert aslan.state().canonical_text() == solomani.state().canonical_text()


def test_a_side_that_must_act_still_may_not_send_an_empty_file(tmp_path: Path) -> None:
    # the hand-over is the only empty file: with orders to give, "give your orders first"
    table = MailTable(tmp_path, fair=False, dice="strict")
    for number, system in enumerate(PLACES):
        table.play(f"{('solomani', 'aslan')[number % 2]} place-neutral {system}")
    table.send(Side.ASLAN)  # the placements; Aslan buys first (DN-SEQ-1)
    assert table.machines[Side.SOLOMANI].state().acting is Side.ASLAN
    table.send(Side.SOLOMANI)  # nothing to say: the empty file hands the turn to Aslan
    with pytest.raises(TurnFileError, match="nothing to send"):
        table.send(Side.ASLAN)  # Aslan must act: an empty file is refused

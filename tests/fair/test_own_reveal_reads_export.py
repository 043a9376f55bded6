"""In fair mode a player whose machine owes a reveal is told to export his turn file, not that
the game waits for him (DN-NEU-1, ADR 0028). Found by use (December 7, evening): Aslan's own
status read "aslan must act: waiting for aslan's reveal of N-X-1 (its machine gives it when
the turn files are exchanged)", which does not say what he should do: his machine adds the
reveal to the turn file he exports."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.rules import fairplay
from campaign.rules.errors import Wait
from campaign.rules.ids import Side
from tests.pbem.helpers import service

EXPORT = "export your turn file: your machine adds your reveal of N-X-1 to it"
WAITING = "waiting for aslan's reveal of N-X-1 (its machine gives it when the turn files"


def test_the_side_that_owes_a_reveal_is_told_to_export(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DN-NEU-1: Aslan's seat reads what to do (status text and JSON); Solomani's and the
    referee's read whom the game waits for, as before."""
    monkeypatch.setattr(fairplay, "waits", lambda _state: (Wait("aslan", "reveal", "N-X-1"),))
    campaigns = service(tmp_path / "c.db")
    campaigns.create("duel", seed=3)

    def read(viewer: Side | None) -> str:
        return " | ".join(duty.reason for duty in campaigns.status("duel", viewer).duties)

    aslan = read(Side.ASLAN)
    assert EXPORT in aslan and "waiting for aslan's" not in aslan
    for viewer in (Side.SOLOMANI, None):
        other = read(viewer)
        assert WAITING in other and "export your turn file" not in other


@pytest.mark.slow
def test_an_order_refused_for_the_reveal_tells_its_own_share_in_the_second_person(
    tmp_path: Path,
) -> None:
    """DN-NEU-1 (found by use, December 7, night): after Aslan's scout met the face-down
    counter at Solace, ``campaign order nebula 'aslan end-phase'`` on Aslan's machine was
    refused with "waiting for aslan's reveal of N-X-1; waiting for solomani's reveal of
    N-X-1", the third person to Aslan's own seat, as his status once read. The refusal tells
    him his part as his status does; the other side's part stays in the third person."""
    from campaign.rules.errors import WaitingError
    from campaign.rules.seats import REFEREE, Seat
    from tests.fair.by_mail import CAMPAIGN, MailTable, play_to_contact

    table = MailTable(tmp_path / "fair", fair=True)
    play_to_contact(table)
    aslan = table.machines[Side.ASLAN].service
    for seat in (Seat.of(Side.ASLAN), REFEREE):  # the owner's seat reads as Aslan here
        with pytest.raises(WaitingError) as refused:
            aslan.order_report(CAMPAIGN, "aslan end-phase", seat=seat)
        said = refused.value.message
        assert EXPORT in said and "waiting for aslan's" not in said, said
        assert "waiting for solomani's reveal of N-X-1" in said, said
        assert refused.value.waits == (
            Wait("aslan", "reveal", "N-X-1"),
            Wait("solomani", "reveal", "N-X-1"),
        )  # what a machine acts on is unchanged

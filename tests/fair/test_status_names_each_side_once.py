"""While reveals are pending in fair mode, the status names each side the game waits for once,
with every card it waits for (DN-NEU-1, ADR 0028). Found by use (December 7): an Aslan cruiser
jumping into Lantern called the reveal of its six face-down counters, and `campaign status`
listed twelve "must act now" lines, two a card."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.rules import acting, fairplay
from campaign.rules.errors import Wait
from tests.pbem.helpers import service

CARDS = ("N-X-3", "N-X-4", "N-X-5")


def test_one_duty_per_side_names_every_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DN-NEU-1: each side's missing shares of three cards are one duty of that side, naming
    the three cards in order; a card both shares are in (the reveal itself) is one more."""
    campaigns = service(tmp_path / "c.db")
    campaigns.create("duel", seed=3)
    state = campaigns.load("duel").state
    waits = [Wait(side, "reveal", card) for card in CARDS for side in ("aslan", "solomani")]
    monkeypatch.setattr(fairplay, "waits", lambda _state: (*waits, Wait(None, "reveal", "N-X-6")))
    duties = acting.who_must_act(state)
    assert [(duty.side.value if duty.side else None, duty.reason) for duty in duties] == [
        (
            "aslan",
            "waiting for aslan's reveal of N-X-3, N-X-4, N-X-5 (its machine gives it when the "
            "turn files are exchanged)",
        ),
        (
            "solomani",
            "waiting for solomani's reveal of N-X-3, N-X-4, N-X-5 (its machine gives it when "
            "the turn files are exchanged)",
        ),
        (
            state.acting.value,
            "waiting for the reveal of N-X-6 (its machine gives it when the turn files are "
            "exchanged)",
        ),
    ]
    assert acting.acting_sentence(state).startswith(
        "aslan must act: waiting for aslan's reveal of N-X-3, N-X-4, N-X-5"
    )

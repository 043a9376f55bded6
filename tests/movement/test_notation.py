"""Every movement order has one canonical text form (DN-MOV-2, DN-MOV-5, DN-MOV-10)."""

from __future__ import annotations

import pytest

from campaign.rules import catalog
from campaign.rules.notation import parse_order

TEXTS = [
    "aslan jump s1 ftahr,khtaoi",
    "aslan sublight s1 ftahr",
    "aslan end-move A-AO-1",
    "aslan leave-box s1",
    "aslan form-stack s1 A-CL-1,A-DD-1",
    "aslan split-stack s1 - A-CR-1",
    "solomani merge-stacks r1 r2,S-CR-4",
    "aslan load A-RT-1 A-TR-2",
    "aslan unload A-RT-1",
    "aslan install-pd A-PD-1 hlirakh",
]


@pytest.mark.parametrize("text", TEXTS)
def test_movement_orders_round_trip(text):
    # DN-MOV-2 DN-MOV-5 DN-MOV-10: parse(text).to_notation() == text
    catalog.load()
    assert parse_order(text).to_notation() == text

"""Every combat order has one canonical text that parses back to the same order (DN-CBT-3)."""

from __future__ import annotations

import pytest

from campaign.rules.notation import parse_order

TEXTS = [
    "aslan launch neb-a/aslan-solomani A-F-1,A-F-2",
    "aslan range neb-a/aslan-solomani",
    "solomani choose-range neb-a/aslan-solomani short",
    "solomani target neb-a/aslan-solomani S-DD-1",
    "aslan target neb-a/aslan-solomani A-CL-2 1",
    "aslan assign neb-a/aslan-solomani S-DD-1+S-DD-2>A-CL-1,S-CL-1>A-CL-2",
    "referee referee-assign neb-a/aslan-solomani auto",
    "aslan declare neb-a/aslan-solomani A-CL-1 A-CS-1 - A-CL-2>S-DD-1",
    "aslan fire neb-a/aslan-solomani",
    "solomani withdraw neb-a/aslan-solomani box",
    "solomani stay neb-a/aslan-solomani",
    "solomani join-battle neb-a S-CR-1",
    "aslan interact neb-a A-TR-1 A-CL-1>N-RT-1 A-JT-1",
    "aslan lift-off neb-a A-CL-1",
    "solomani pd-fire neb-a A-PD-1>S-DD-1",
    "solomani remove-losses neb-a S-AT-1,S-RT-2",
]


@pytest.mark.parametrize("text", TEXTS)
def test_combat_order_notation_round_trip(text):  # DN-CBT-3
    order = parse_order(text)
    assert order.to_notation() == text
    assert parse_order(order.to_notation()) == order


def test_bad_range_is_rejected_at_parse():  # DN-CBT-2
    from campaign.rules.errors import InvalidOrderError

    with pytest.raises(InvalidOrderError):
        parse_order("aslan choose-range neb-a/aslan-solomani medium")

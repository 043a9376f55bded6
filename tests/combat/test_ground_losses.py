"""DN-GND-2 (issue 16 item 3): ground-combat losses are counted among, and taken from, the ground
units and PD that made up the strength, never from ships or the fighters aboard them.

Driven by orders from the interaction sub-phase: a Solomani mothership with three fighters and
two transports with troops land on an Aslan-held box (armour 8 + troops 4 = 12)."""

from __future__ import annotations

from campaign.rules.ids import Side
from campaign.rules.phases import SubPhase
from tests.combat.campaign_helpers import Campaign, place


def _landed(troops: int) -> Campaign:
    units = [
        place("S-MS-1", "solomani:MS", "hex:neb-a"),
        *(place(f"S-F-{n}", "solomani:F", "on:S-MS-1") for n in (1, 2, 3)),
        *(place(f"S-TR-{n}", "solomani:TR", "hex:neb-a") for n in range(1, troops + 1)),
        *(place(f"S-RT-{n}", "solomani:RT-3", f"on:S-TR-{n}") for n in range(1, troops + 1)),
        place("A-AT-1", "aslan:AT-8", "box:neb-a"),
        place("A-RT-1", "aslan:RT-4", "box:neb-a"),
    ]
    game = Campaign(units, sub_phase=SubPhase.INTERACTION, phasing=Side.SOLOMANI)
    game.enter()
    transports = ",".join(f"S-TR-{n}" for n in range(1, troops + 1))
    game.play(f"solomani interact neb-a S-MS-1,{transports} - -")
    return game


def test_x_counts_only_the_ground_units_that_made_up_the_strength():
    # DN-GND-2: 12 against 3, X: half of ONE ground unit (rounded up) = the troops; the
    # mothership, its fighters and the transport are not losses of the ground round
    game = _landed(troops=1)
    events = game.play("solomani end-phase", [6])  # Solomani 3:12 rolls no die; Aslan 4:1 X
    fought = next(e for e in events if e.type == "ground-fought")
    assert fought.result.removed == ("S-RT-1",)
    assert game.where("S-RT-1") == "eliminated"
    assert [game.where(u) for u in ("S-MS-1", "S-TR-1", "S-F-1", "S-F-2", "S-F-3")] == [
        "box:neb-a"
    ] * 5


def test_owner_chooses_losses_among_ground_units_only():
    # DN-GND-2: 12 against 6, X on two ground units removes one; the owner may not give fighters
    game = _landed(troops=2)
    game.play("solomani end-phase", [1, 6])  # Solomani 6:12 (1:2) rolls 1: -; Aslan 2:1 X
    error = game.reject("solomani remove-losses neb-a S-F-1")
    assert "DN-GND-2" in str(error) and "S-RT-1, S-RT-2" in str(error)
    game.reject("solomani remove-losses neb-a S-F-1,S-F-2,S-F-3")
    game.play("solomani remove-losses neb-a S-RT-2")
    assert (game.where("S-RT-2"), game.where("S-RT-1")) == ("eliminated", "box:neb-a")

"""DN-INT-4 (issue 16 item 6): PD fire at a disrupted ship is *easier*, not harder. The same die
against a healthy and a disrupted light cruiser, through orders (interaction sub-phase)."""

from __future__ import annotations

from campaign.rules.combat.interaction import InteractionResult
from campaign.rules.ids import CombatResult, Side
from campaign.rules.phases import SubPhase
from tests.combat.campaign_helpers import Campaign, place


def _pd_fires_at_landing_cruiser(*, disrupted: bool, die: int) -> InteractionResult:
    game = Campaign(
        [
            place("S-CL-1", "solomani:CL", "hex:neb-a", disrupted=disrupted),
            place("A-PD-1", "aslan:PD", "box:neb-a"),
            place("A-RT-1", "aslan:RT-4", "box:neb-a"),
        ],
        sub_phase=SubPhase.INTERACTION,
        phasing=Side.SOLOMANI,
    )
    game.enter()
    game.play("solomani interact neb-a S-CL-1 - -")
    events = game.play("aslan pd-fire neb-a A-PD-1>S-CL-1", [die])
    return next(e for e in events if e.type == "interacted").result


def test_pd_fire_disrupted_target_is_easier_to_hit_with_the_same_die():
    # DN-INT-4: PD 2 against CL defence 3 (1:2): a 2 misses a healthy cruiser; the disrupted one
    # takes +1 on this table (3: D), and a D on a disrupted ship is an X (DN-CBT-4)
    healthy = _pd_fires_at_landing_cruiser(disrupted=False, die=2)
    [shot] = healthy.shots
    assert (shot.modifier, shot.result) == (0, CombatResult.NO_EFFECT)
    disrupted = _pd_fires_at_landing_cruiser(disrupted=True, die=2)
    [shot] = disrupted.shots
    assert (shot.modifier, shot.result) == (+1, CombatResult.DESTROYED)
    assert disrupted.effects["S-CL-1"] is CombatResult.DESTROYED

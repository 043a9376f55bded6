"""A Solomani assault on the Aslan capital through ``CampaignService``: a raid stack jumps in,
bombards, lands a loaded transport under PD fire named by the Aslan player, the ground combat
leaves both players a loss to choose, and control and income follow (movement, combat and
economy together)."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.app import parse_stored
from campaign.rules.economy.adapter import income_report_for
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import Side
from campaign.rules.movement import move_options
from campaign.rules.phases import Phase, SubPhase
from tests.integration.table import Entered, Table

A, S = Side.ASLAN, Side.SOLOMANI


@pytest.fixture
def table(tmp_path: Path) -> Table:
    game = Table(tmp_path / "assault.db", name="assault")
    for system in [
        "keystone",
        "keystone",
        "lantern",
        "lantern",
        "quillon",
        "quillon",
        "pellow",
        "keystone",
    ]:
        game.play(f"{game.state.acting.value} place-neutral {system}")
    for text in [
        "aslan buy PD",
        "aslan buy RT-4",
        "aslan buy CL",
        "aslan end-phase",
        "solomani buy CL 2",
        "solomani buy TR 2",
        "solomani buy RT-5 2",
        "solomani end-phase",
        "aslan deploy A-PD-1 box:hlirakh",
        "aslan deploy A-RT-1 box:hlirakh",
        "aslan deploy A-CL-1 hex:wahtoi",
        "aslan end-phase",
        "solomani deploy S-CL-1 hex:concord",
        "solomani deploy S-CL-2 hex:concord",
        "solomani deploy S-TR-1 hex:concord",
        "solomani deploy S-RT-1 on:S-TR-1",
        "solomani deploy S-TR-2 hex:concord",
        "solomani deploy S-RT-2 on:S-TR-2",
        "solomani form-stack raid S-CL-1,S-CL-2,S-TR-1,S-TR-2",
        "solomani end-phase",
    ]:
        game.play(text)
    game.end_until(lambda: game.state.phasing is S and game.state.phase is Phase.FIRST_MOVEMENT)
    return game


def test_assault_on_a_pd_defended_capital(table: Table):
    # DN-MOV-2 DN-MOV-5 DN-MOV-7 DN-INT-1 DN-INT-2 DN-INT-4 DN-GND-2 DN-ECO-1 DN-ECO-2 DN-VIC-1
    # DN-ERR-1
    options = move_options(table.state, table.loaded.ruleset, S, "raid")
    table.play(f"solomani jump raid {','.join(options.legal['hlirakh'].path)}")
    assert table.where("S-RT-1") == "on:S-TR-1"  # cargo moves with its carrier (DN-MOV-7)
    with pytest.raises(IllegalOrderError) as refused:  # hostile box: no unloading now (DN-MOV-5)
        table.play("solomani unload S-RT-1")
    assert refused.value.rule_id == "DN-MOV-5"

    table.end_until(lambda: table.state.sub_phase is SubPhase.INTERACTION)
    assert table.state.phase is Phase.FIRST_COMBAT  # no enemy ship there: no space battle
    table.play("solomani interact hlirakh S-TR-1,S-TR-2 S-CL-1>A-RT-1 -")
    with pytest.raises(IllegalOrderError) as refused:  # DN-INT-2: the PD owner names targets
        table.play("solomani end-phase")
    assert refused.value.rule_id == "DN-INT-2"
    with pytest.raises(IllegalOrderError) as refused:
        table.play("solomani pd-fire hlirakh A-PD-1>S-TR-1")
    assert refused.value.rule_id == "DN-INT-2"
    dice = Entered(lambda purpose: 1)
    (interacted, *_) = table.play("aslan pd-fire hlirakh A-PD-1>S-TR-1", dice)
    # bombardment first, then PD fire (DN-INT-1); each die named by its shot
    assert dice.asked == ["bombard hlirakh S-CL-1>A-RT-1", "pd hlirakh A-PD-1>S-TR-1"]
    assert interacted.result.landed == ("S-TR-1", "S-TR-2")
    assert table.where("S-TR-1") == "box:hlirakh" and table.state.units["S-TR-1"].disrupted
    assert table.where("S-RT-1") == "box:hlirakh"  # the landing transport unloads (DN-MOV-5)

    ground = Entered(lambda purpose: 6)
    table.play("solomani end-phase", ground)
    assert sorted(ground.asked) == ["ground hlirakh aslan", "ground hlirakh solomani"]
    assert table.state.sub_phase is SubPhase.SURFACE
    with pytest.raises(IllegalOrderError) as refused:  # DN-GND-2: owners choose their losses
        table.play("solomani end-phase")
    assert refused.value.rule_id == "DN-GND-2"
    with pytest.raises(IllegalOrderError):
        table.play("aslan remove-losses hlirakh A-RT-1,A-PD-1")  # one loss, not two
    with pytest.raises(IllegalOrderError):  # losses come from the ground forces (DN-GND-2)
        table.play("solomani remove-losses hlirakh S-TR-1")
    table.play("solomani remove-losses hlirakh S-RT-2")
    table.play("aslan remove-losses hlirakh A-RT-1")
    assert table.where("S-RT-2") == "eliminated" and table.where("A-RT-1") == "eliminated"
    assert table.where("S-TR-1") == "box:hlirakh"

    # the box now holds Aslan PD and Solomani troops: nobody controls it by DN-ECO-1, and the
    # star-marked capital stays Aslan (DN-ECO-2: enemy troops are not there alone)
    report = income_report_for(table.state, table.loaded.ruleset, A)
    capital = next(box for box in report.boxes if box.system_id == "hlirakh")
    assert (capital.controller, capital.control_rule, capital.ru) == (A, "DN-ECO-2", 10)

    # Second Combat: the troops and the PD fight again in the box (DN-GND-2)
    table.end_until(
        lambda: (
            table.state.phase is Phase.SECOND_COMBAT
            and table.state.sub_phase is SubPhase.INTERACTION
        )
    )
    again = Entered(lambda purpose: 6 if purpose.endswith("solomani") else 1)
    (*_, fought, typed) = table.play("solomani end-phase", again)
    assert typed.type == "dice-entered"  # the table's dice are logged as typed (DN-ERR-1)
    assert fought.type == "ground-fought" and fought.removed == ["A-PD-1"]  # X: no choice left
    assert table.where("A-PD-1") == "eliminated"

    # Solomani troops alone in the star-marked capital box take it (DN-ECO-1/2): game turn 2
    # pays Aslan nothing for it, and the raiders hold the capital at the start of a turn
    table.end_until(lambda: table.state.turn == 2)
    events = parse_stored(table.service.store.rows("assault"))
    income = [e for e in events if e.type == "income-collected" and e.side is A][-1]
    assert income.turn == 2 and "hlirakh" not in income.boxes and income.boxes["eawyo"] == 10
    noted = [e for e in events if e.type == "capital-control-noted"][-1]
    assert (noted.turn, noted.phasing, noted.holders) == (2, A, [S])  # DN-VIC-1 bookkeeping
    assert table.service.verify("assault") == []

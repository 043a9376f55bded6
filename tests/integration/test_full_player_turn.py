"""A scripted full player turn through ``CampaignService`` on a temporary SQLite database.

Set-up, then game turn 1 (Aslan): first movement along a path taken from ``move_options``, a
space battle against the Solomani with entered dice, Solomani reaction movement and reaction
combat, Aslan second movement with cargo, the end of the game turn; then game turn 2:
Aslan income, maintenance and production. This is the flow the TUI drives; every step asserts
on the stored state.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.rules.combat import book
from campaign.rules.economy.maintenance import MaintenanceResolved
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import Side
from campaign.rules.movement import move_options
from campaign.rules.phases import Phase, SubPhase
from tests.integration.table import Entered, Table

A, S = Side.ASLAN, Side.SOLOMANI
NEUTRAL_SYSTEMS = [
    "keystone",
    "keystone",
    "lantern",
    "lantern",
    "quillon",
    "quillon",
    "pellow",
    "keystone",
]  # all off the Aslan route to marrow


@pytest.fixture
def table(tmp_path: Path) -> Table:
    game = Table(tmp_path / "campaign.db")
    for system in NEUTRAL_SYSTEMS:  # DN-NEU-1: Solomani first, then alternately
        game.play(f"{game.state.acting.value} place-neutral {system}")
    for text in [
        "aslan buy CL 3",
        "aslan buy TR",
        "aslan buy RT-5",
        "aslan end-phase",
        "solomani buy DD 2",
        "solomani buy CL 2",
        "solomani buy RT-4",
        "solomani buy SC",
        "solomani end-phase",
    ]:
        game.play(text)
    for text in [
        "aslan deploy A-CL-1 hex:eawyo",
        "aslan deploy A-CL-2 hex:eawyo",
        "aslan deploy A-CL-3 hex:eawyo",
        "aslan form-stack strike A-CL-1,A-CL-2,A-CL-3",
        "aslan deploy A-TR-1 hex:hlirakh",
        "aslan deploy A-RT-1 box:hlirakh",
        "aslan end-phase",
        "solomani deploy S-DD-1 hex:marrow",
        "solomani deploy S-DD-2 hex:concord",
        "solomani deploy S-CL-1 hex:concord",
        "solomani deploy S-CL-2 hex:concord",
        "solomani deploy S-RT-1 box:concord",
        "solomani deploy S-SC-1 hex:vantage",
        "solomani end-phase",
    ]:
        game.play(text)
    return game


def test_setup_and_first_income(table: Table):
    # DN-SET-1 (99 RU, costs, carry over) DN-SET-2 DN-ECO-4 DN-SEQ-1 (Aslan first, production)
    state = table.state
    assert (state.turn, state.phase, state.phasing, state.acting) == (1, Phase.PRODUCTION, A, A)
    # Aslan: 99 - 3 CL (18) - TR (1) - RT (2) = 78 kept; Table 3: budget 25, Hlirakh and Eawyo
    # (type 1, connected) 10 each, four marked type 2 boxes 2 each = 53
    assert state.ru == {A: 131, S: 78}
    status = table.service.status("turn")  # what the TUI shows: production, no maintenance
    offered = {legal.verb for legal in status.legal}
    assert {"produce", "end-phase"} <= offered and "maintain" not in offered
    assert "conscript" not in offered  # nobody holds a neutral system yet (DN-NEU-2, DN-SEQ-2)
    with pytest.raises(IllegalOrderError) as refused:  # no maintenance on game turn 1
        table.play("aslan maintain")
    assert refused.value.rule_id == "DN-ECO-7"
    assert table.service.verify("turn") == []


def test_full_player_turn_with_battle_reaction_and_maintenance(table: Table):
    # DN-SEQ-1 DN-MOV-2 DN-CBT-1 DN-CBT-3 DN-CBT-4 DN-CBT-7 DN-MOV-8 DN-REA-1 DN-MOV-5 DN-ECO-4
    # DN-ECO-7 DN-ECO-8 DN-ERR-1
    table.play("aslan end-phase")
    assert table.state.phase is Phase.FIRST_MOVEMENT

    # First Movement: the UI's destination list gives the path; the jump follows it
    options = move_options(table.state, table.loaded.ruleset, A, "strike")
    path = options.legal["marrow"].path
    assert path[-1] == "marrow" and "sirehk" not in path  # type 3 would stop it (DN-MOV-4)
    table.play(f"aslan jump strike {','.join(path)}")
    assert {table.where(f"A-CL-{n}") for n in (1, 2, 3)} == {"hex:marrow"}

    # First Combat: a battle against the Solomani destroyer at marrow
    table.play("aslan end-phase")
    bid = "marrow/aslan-solomani"
    assert (table.state.sub_phase, book.battles(table.state)[bid]["stage"]) == (
        SubPhase.SPACE,
        "range",
    )
    with pytest.raises(IllegalOrderError) as refused:  # DN-CBT-7: the battle must be fought
        table.play("aslan end-phase")
    assert refused.value.rule_id == "DN-CBT-7"
    rng = Entered(lambda purpose: 6 if "aslan" in purpose else 1)
    table.play(f"aslan range {bid}", rng)
    assert sorted(rng.asked) == [f"range marrow round 1 {s} try 1" for s in ("aslan", "solomani")]
    assert book.battles(table.state)[bid]["chooser"] == "aslan"  # 6 against 1 + 1 (DN-CBT-1)
    table.play(f"aslan choose-range {bid} short")
    table.play(f"referee referee-assign {bid} auto")  # one defender: all three cruisers engage it
    fire = Entered(lambda purpose: 6)
    table.play(f"aslan fire {bid}", fire)
    # beams 5 against defence 1; the destroyer's beam 0 rolls no die (DN-CBT-2)
    assert sorted(fire.asked) == [f"fire marrow round 1 A-CL-{n}>S-DD-1" for n in (1, 2, 3)]
    assert table.where("S-DD-1") == "eliminated"
    assert book.battles(table.state)[bid]["stage"] == "over"

    # Reaction Movement (Solomani): one stack only (DN-MOV-8)
    table.end_until(lambda: table.state.phase is Phase.REACTION_MOVEMENT)
    assert table.state.acting is S
    table.play("solomani form-stack home S-CL-1,S-CL-2,S-DD-2")
    table.play("solomani jump home marrow")
    with pytest.raises(IllegalOrderError) as refused:
        table.play("solomani jump S-SC-1 concord")
    assert refused.value.rule_id == "DN-MOV-8"

    # Reaction Combat: the reacting stack attacks the Aslan cruisers, then withdraws
    table.play("solomani end-phase")
    bid2 = "marrow/solomani-aslan"
    assert table.state.phase is Phase.REACTION_COMBAT and bid2 in book.battles(table.state)
    table.play(f"solomani range {bid2}", Entered(lambda p: 6 if "aslan" in p else 1))
    table.play(f"aslan choose-range {bid2} long")
    table.play(f"referee referee-assign {bid2} auto")
    misses = Entered(lambda purpose: 1)
    table.play(f"solomani fire {bid2}", misses)
    assert len(misses.asked) == 6 and all(p.startswith("fire marrow round 1") for p in misses.asked)
    assert book.battles(table.state)[bid2]["withdrawing"] == "aslan"  # defender first (DN-CBT-7)
    table.play(f"aslan stay {bid2}")
    table.play(f"solomani withdraw {bid2} concord")
    assert {table.where(u) for u in ("S-CL-1", "S-CL-2", "S-DD-2")} == {"hex:concord"}
    assert {table.where(f"A-CL-{n}") for n in (1, 2, 3)} == {"hex:marrow"}

    # Second Movement: a transport carries troops from the capital to Eawyo (DN-MOV-5, -7)
    table.end_until(lambda: table.state.phase is Phase.SECOND_MOVEMENT)
    assert table.state.acting is A
    table.play("aslan load A-RT-1 A-TR-1")
    assert table.where("A-RT-1") == "on:A-TR-1"
    table.play("aslan jump A-TR-1 eawyo")
    table.play("aslan unload A-RT-1")
    assert table.where("A-RT-1") == "box:eawyo"

    # End of the Aslan player turn, the Solomani player turn, then game turn 2
    table.end_until(lambda: table.state.phasing is S)
    assert table.state.phase is Phase.PRODUCTION
    # Solomani income: Halden is cut off (Aslan cruisers at marrow, Brume is type 3): 4 not 10
    assert table.state.ru[S] == 78 + 25 + 10 + 4 + 10 + 2 + 2 + 2
    table.end_until(lambda: table.state.turn == 2)
    assert (table.state.phase, table.state.acting) == (Phase.PRODUCTION, A)
    assert table.state.ru[A] == 131 + 53

    # Maintenance: the transport in Eawyo pays 1 RU, the cruisers roll in frontier space
    with pytest.raises(IllegalOrderError) as refused:
        table.play("aslan end-phase")
    assert refused.value.rule_id == "DN-ECO-7"
    upkeep = Entered(lambda purpose: 4)
    (resolved, *_) = table.play("aslan maintain", upkeep)
    assert isinstance(resolved, MaintenanceResolved)
    assert sorted(upkeep.asked) == [f"frontier maintenance A-CL-{n}" for n in (1, 2, 3)]
    assert table.state.ru[A] == 184 - 1
    assert not any(table.state.units[f"A-CL-{n}"].disrupted for n in (1, 2, 3))
    table.play("aslan produce CL 1 hex:hlirakh")
    assert table.state.ru[A] == 183 - 6 and table.where("A-CL-4") == "hex:hlirakh"

    # the stored log: hash chain and replay agree with the state the TUI would show
    assert table.service.verify("turn") == []
    reloaded = table.service.load("turn", use_snapshot=False)
    assert reloaded.state == table.state
    incomes = [line for line in table.service.log("turn") if "income-collected" in line.events]
    assert len(incomes) == 3  # Aslan, Solomani, Aslan (game turn 2)

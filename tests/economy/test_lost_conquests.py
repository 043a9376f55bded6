"""A world a side conquered and then left empty is lost, and the income report says so
(DN-ECO-1, DN-ECO-4; found by use, December 7).

DN-ECO-1: a side controls a surface box while its ground forces or PD are the only ones
there; nothing keeps the control once they leave (docs/rules-economy.md). The report used to
list under ``lost`` only the side's own worlds (the boxes it is the original owner of), so a
conquered neutral world that stopped counting just vanished from it. The report now reads the
side's income history from the log (the boxes of its ``income-collected`` events) and names
every type 1 or 2 box it earned from and no longer controls, with the reason and the game turn
of the last income it counted in.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.cli import main
from campaign.rules.economy.report import income_report
from campaign.rules.economy.treasury import IncomeCollected, boxes_counted
from campaign.rules.ids import Side
from campaign.rules.referee import RefereeRestored
from campaign.tui.session import CampaignSession
from campaign.tui.views import income_lines
from tests.cli_referee.conftest import NEUTRALS, SETUP
from tests.economy.helpers import occupancy, piece
from tests.rulesets import sample

S, A = Side.SOLOMANI, Side.ASLAN

#: ``conftest.SETUP`` with a Solomani transport in Halden carrying the regular troops.
_SETUP = [
    text.replace("solomani buy SC", "solomani buy TR").replace(
        "solomani deploy S-SC-1 hex:vantage",
        "solomani deploy S-TR-1 hex:halden",
    )
    for text in SETUP
    if text != "solomani deploy S-RT-1 box:concord"
]
_SETUP.insert(
    _SETUP.index("solomani deploy S-TR-1 hex:halden") + 1, "solomani deploy S-RT-1 on:S-TR-1"
)

#: Game turn 1: the troops land alone on Bulwark, a type 1 world outside the home sections
#: (DN-ECO-1), which counts in the Solomani income of game turn 2; then they leave it.
_PLAY = [
    "aslan pass",
    "solomani pass",
    "solomani end-phase",
    "solomani jump S-TR-1 bulwark",
    "solomani end-phase",
    "solomani unload S-RT-1",
    "solomani pass",
    "aslan pass",
    "aslan pass",
    "solomani pass",
    "solomani maintain",
    "solomani end-phase",
    "solomani load S-RT-1 S-TR-1",
    "solomani jump S-TR-1 halden",
]


@pytest.fixture(scope="module")
def left_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("conquest") / "c.db"
    service = CampaignService(db_url=f"sqlite:///{path}")
    service.create("w", seed=5)
    for system in NEUTRALS:
        service.order("w", f"{service.load('w').state.acting.value} place-neutral {system}")
    for text in [*_SETUP, *_PLAY]:
        service.order("w", text)
    service.store.dispose()
    return path


@pytest.fixture
def db(left_db: Path, tmp_path: Path) -> list[str]:
    copy = tmp_path / "c.db"
    shutil.copyfile(left_db, copy)
    return ["--db", f"sqlite:///{copy}"]


def test_the_left_world_is_named_lost_in_text_and_json(db, capsys):
    """DN-ECO-1: `campaign income` names Bulwark, left empty, with the reason and the income
    it counted in; the JSON lists it under ``lost``."""
    assert main(["income", "w", "--side", "solomani", *db]) == 0
    text = capsys.readouterr().out
    assert "Bulwark does not count: the Solomani no longer control it" in text
    assert "no ground forces or PD there" in " ".join(text.split())
    assert "it counted in the income of game turn 2 (DN-ECO-1)" in " ".join(text.split())
    assert main(["income", "w", "--side", "solomani", "--json", *db]) == 0
    (report,) = json.loads(capsys.readouterr().out)["sides"]
    (lost,) = report["lost"]
    assert (lost["system_id"], lost["controller"], lost["control_rule"]) == (
        "bulwark",
        None,
        "DN-ECO-1",
    )
    assert "bulwark" not in [box["system_id"] for box in report["boxes"]]


def test_the_tui_economy_tab_names_it_too(db):
    """DN-ECO-1: the TUI's Economy tab reads the same report, history included."""
    service = CampaignService(db_url=db[1])
    lines = " ".join(" ".join(income_lines(CampaignSession(service, "w").income(S))).split())
    service.store.dispose()
    assert "Bulwark does not count" in lines and "income of game turn 2" in lines


def _income(side: Side, turn: int, *systems: str) -> IncomeCollected:
    boxes = dict.fromkeys(systems, 10)
    return IncomeCollected(
        side=side, turn=turn, before=0, kept=0, budget=25, boxes=boxes, income=25
    )


def test_the_history_keeps_the_last_income_and_forgets_undone_ones():
    """DN-ECO-4: per side, each box with the game turn of the last income it counted in; an
    income a referee undo took back (``referee-restored`` to an earlier event) is dropped."""
    events = [
        (10, _income(S, 1, "concord", "bulwark")),
        (20, _income(A, 2, "hlirakh")),
        (30, _income(S, 2, "concord", "bulwark")),
        (40, _income(S, 3, "concord", "span")),
        (41, RefereeRestored(reason="wrong move", to_seq=35, state_text="{}")),
    ]
    assert boxes_counted(events) == {S: {"concord": 2, "bulwark": 2}, A: {"hlirakh": 2}}


def test_a_counted_box_held_again_or_by_troops_is_not_lost():
    """DN-ECO-1: a counted box the side controls again earns as usual, one where its troops
    share the box is listed as uncontrolled, and one the enemy holds alone is lost with the
    enemy named (sample map: Lantern and Span are unmarked type 1 systems)."""
    ruleset = sample()
    counted = {"lantern": 2, "span": 3}
    held = occupancy(
        piece(ruleset, "solomani:RT-4", "lantern", box=True),
        piece(ruleset, "aslan:RT-5", "span", box=True),
    )
    report = income_report(ruleset, held, S, counted=counted)
    assert "lantern" in [box.system_id for box in report.boxes]
    (lost,) = report.lost
    assert (lost.system_id, lost.controller) == ("span", A)
    assert lost.reason.endswith("; it counted in the income of game turn 3")
    assert "aslan ground forces/PD are there alone" in lost.reason
    # without the history the report is what it was: own worlds only
    assert income_report(ruleset, held, S).lost == []

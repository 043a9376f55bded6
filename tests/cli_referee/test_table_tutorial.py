"""docs/referee-at-the-table.md is a real game refereed at the table (issue 45 items 1, 2, 7):
physical dice typed as each is asked for, the neutral counters drawn from the boxed game's pile
and entered, a battle, a landing with its ground combat, maintenance, a conscription, and the
taking of the enemy capital up to the victory (DN-VIC-1). Every
command runs here, in order, against one fresh database, and each block of the page must show
exactly what the command prints (the dice typed echoed after their prompts). Regenerate with
``CAMPAIGN_WRITE_DOCS=1`` after an intended change."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli_referee.conftest import TO_MARROW
from tests.cli_referee.transcripts import run_session, stale_blocks
from tests.conftest import REPO_ROOT

PAGE = REPO_ROOT / "docs" / "referee-at-the-table.md"
GAME = "campaign order boxed"

#: The orders file of the set-up (purchases and deployment), as the page shows it.
SETUP_FILE = """\
# boxed-setup.txt: purchases (DN-SET-1) and deployment (DN-SET-2)
aslan buy CL 4
aslan buy TR
aslan buy RT-5
aslan end-phase
solomani buy DD 2
solomani buy CL 2
solomani buy RT-4
solomani buy SC
solomani end-phase
aslan deploy A-CL-1,A-CL-2,A-CL-3 hex:eawyo
aslan form-stack strike A-CL-1,A-CL-2,A-CL-3
aslan deploy A-CL-4 hex:khtaoi
aslan deploy A-TR-1 hex:eawyo
aslan deploy A-RT-1 on:A-TR-1
aslan end-phase
solomani deploy S-DD-1 hex:marrow
solomani deploy S-DD-2,S-CL-1,S-CL-2 hex:concord
solomani deploy S-RT-1 box:concord
solomani deploy S-SC-1 hex:vantage
solomani end-phase
"""

#: The page's blocks, in the order they are played: (block id, commands); a command with the
#: dice typed at its prompts is (command, "3 4").
BLOCKS: list[tuple[str, list[str | tuple[str, str]]]] = [
    ("new", ["campaign new boxed --dice physical --neutrals table"]),
    (
        "neutrals",
        [
            f"{GAME} 'solomani place-neutral solace RT-2'",
            f"{GAME} 'aslan place-neutral span RT-3'",
            f"{GAME} 'solomani place-neutral keystone M-8-0-8'",
            f"{GAME} 'aslan place-neutral lantern PD'",
            f"{GAME} 'solomani place-neutral quillon JT-4'",
            f"{GAME} 'aslan place-neutral pellow AT-8'",
            f"{GAME} 'solomani place-neutral bulwark RT-2'",
            f"{GAME} 'aslan place-neutral lantern PD,TR'",
        ],
    ),
    ("setup", ["campaign orders boxed boxed-setup.txt"]),
    (
        "move",
        [
            f"{GAME} 'aslan end-phase'",
            f"{GAME} 'aslan jump strike {TO_MARROW}'",
            f"{GAME} 'aslan jump A-CL-4 fissure,span'",
            f"{GAME} 'aslan jump A-TR-1 aokhtel,solace'",
            f"{GAME} 'aslan end-phase'",
        ],
    ),
    (
        "battle",
        [
            (f"{GAME} 'aslan range b1'", "3 4 2 5"),
            f"{GAME} 'aslan choose-range b1 short'",
            f"{GAME} 'solomani target b1 auto'",
            f"{GAME} 'aslan target b1 auto'",
            (f"{GAME} 'aslan fire b1'", "4 5 1"),
        ],
    ),
    ("landing", [f"{GAME} 'aslan interact solace A-TR-1'", (f"{GAME} 'aslan end-phase'", "5 2")]),
    (
        "passes",
        [
            f"{GAME} 'aslan pass'",
            f"{GAME} 'solomani pass'",
            f"{GAME} 'solomani pass'",
            f"{GAME} 'aslan pass'",
        ],
    ),
    (
        "upkeep",
        [
            "campaign upkeep boxed --side aslan",
            (f"{GAME} 'aslan maintain'", "4 2 6 5"),
            f"{GAME} 'aslan conscript span'",
        ],
    ),
    (
        "capital-move",
        [
            f"{GAME} 'aslan produce TR 1 hex:hlirakh'",
            f"{GAME} 'aslan produce RT-5 1 box:hlirakh'",
            f"{GAME} 'aslan end-phase'",
            f"{GAME} 'aslan load A-RT-2 A-TR-2'",
            (f"{GAME} 'aslan jump strike concord'", "4"),
            f"{GAME} 'aslan jump A-TR-2 {TO_MARROW.removeprefix('hlirakh,')},concord'",
            f"{GAME} 'aslan end-phase'",
        ],
    ),
    (
        "capital-battle",
        [
            (f"{GAME} 'aslan range b1'", "1 6"),
            f"{GAME} 'aslan choose-range b1 short'",
            f"{GAME} 'solomani target b1 auto'",
            f"{GAME} 'aslan target b1 auto'",
            (f"{GAME} 'aslan fire b1'", "1 1 6 6 6"),
            f"{GAME} 'aslan end-phase'",
            f"{GAME} 'aslan interact concord A-TR-2'",
            (f"{GAME} 'aslan end-phase'", "6 1"),
        ],
    ),
    (
        "victory",
        [
            f"{GAME} 'aslan pass'",
            f"{GAME} 'solomani pass'",
            f"{GAME} 'solomani pass'",
            f"{GAME} 'aslan pass'",
            f"{GAME} 'aslan pass'",
            f"{GAME} 'solomani pass'",
            "campaign status boxed",
        ],
    ),
    ("check", ["campaign log boxed --turn 1 --type ground-fought", "campaign verify boxed"]),
]


@pytest.mark.slow
def test_the_page_shows_a_game_refereed_at_the_table(tmp_path: Path, monkeypatch):
    # DN-NEU-1 DN-CBT-1..4 DN-INT-1 DN-GND-2 DN-ECO-7 DN-NEU-2 DN-MOV-9 DN-VIC-1: every die
    # typed, none rolled by the tool, up to the victory
    monkeypatch.chdir(tmp_path)
    (tmp_path / "boxed-setup.txt").write_text(SETUP_FILE, encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'boxed.db'}"
    stale = stale_blocks(PAGE, "table", BLOCKS, url)
    assert stale == [], (
        f"docs/referee-at-the-table.md: stale blocks {stale}; regenerate with CAMPAIGN_WRITE_DOCS=1"
    )
    # nothing rolled by the tool after the start (whose shuffle the table draw ignores)
    rolled = [
        line
        for line in run_session(["campaign log boxed --raw"], url).splitlines()
        if "dice (" in line and "(campaign started)" not in line
    ]
    # game turn 1: range, fire, ground combat; 2: maintenance, a disrupted move, range, fire,
    # ground combat
    assert len(rolled) == 8
    assert all("dice (typed at the table)" in line for line in rolled), rolled


def test_every_block_is_played_and_the_setup_file_is_the_one_shown():
    text = PAGE.read_text(encoding="utf-8")
    assert re.findall(r"<!-- table:([a-z-]+) -->", text) == [name for name, _ in BLOCKS]
    assert f"```\n{SETUP_FILE}```" in text


def test_the_created_line_names_the_event_the_status_shows(tmp_path, capsys):
    """``campaign new boxed --dice physical --neutrals table --manual-steps`` said "created:
    ..., event 3" and, in the status printed just below, "event 5": the line named the event
    before the referee's stepping and neutral-draw orders the command itself gives."""
    from campaign.cli import main

    db = f"sqlite:///{tmp_path / 'c.db'}"
    argv = ["new", "boxed", "--dice", "physical", "--neutrals", "table", "--manual-steps"]
    assert main([*argv, "--db", db]) == 0
    out = capsys.readouterr().out
    assert "created: layout standard, 8 sections, event 5, manual stepping" in out
    assert "  event 5, state digest" in out


def test_too_many_arguments_name_the_order_as_the_table_draw_shows_it(tmp_path, capsys):
    """DN-NEU-1: ``campaign order b2 'solomani place-neutral solace RT-2 RT-3'`` with the
    neutral counters drawn at the table said "takes at most 2 argument(s): place-neutral
    SYSTEM": two counted, one shown. The usage is the one ``status`` shows now."""
    from campaign.cli import main

    db = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["new", "b2", "--neutrals", "table", "--db", db]) == 0
    capsys.readouterr()
    assert main(["order", "b2", "solomani place-neutral solace RT-2 RT-3", "--db", db]) == 1
    assert (
        capsys.readouterr()
        .err.strip()
        .endswith(
            "'place-neutral' takes at most 2 arguments (usage: solomani place-neutral SYSTEM CODE)"
        )
    )

"""docs/tutorial.md is a real first game: every command in it runs here, in order, against one
fresh database, and each block of the tutorial must show exactly what the command prints
(issue 32 item 5). After an intended change, regenerate with ``CAMPAIGN_WRITE_DOCS=1``: the
test rewrites the blocks and the diff shows what changed (read the prose around it again)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli_referee.conftest import TO_MARROW
from tests.cli_referee.transcripts import stale_blocks
from tests.conftest import REPO_ROOT

TUTORIAL = REPO_ROOT / "docs" / "tutorial.md"
NEUTRALS = [
    ("solomani", "keystone"),
    ("aslan", "keystone"),
    ("solomani", "lantern"),
    ("aslan", "lantern"),
    ("solomani", "quillon"),
    ("aslan", "quillon"),
    ("solomani", "pellow"),
    ("aslan", "keystone"),
]

#: The tutorial's blocks, in the order they are played: (block id, commands).
BLOCKS: list[tuple[str, list[str]]] = [
    ("new", ["campaign new first --seed 5"]),
    (
        "neutrals",
        [f"campaign order first '{side} place-neutral {system}'" for side, system in NEUTRALS[:2]],
    ),
    (
        "neutrals-rest",
        [f"campaign order first '{side} place-neutral {system}'" for side, system in NEUTRALS[2:]],
    ),
    ("neutrals-seen", ["campaign units first --owner neutral --side aslan"]),
    (
        "purchase",
        [
            "campaign order first 'aslan buy CL 3'",
            "campaign order first 'aslan buy TR'",
            "campaign order first 'aslan buy RT-5'",
            "campaign order first 'aslan end-phase'",
        ],
    ),
    (
        "purchase-solomani",
        [
            "campaign order first 'solomani buy DD 2'",
            "campaign order first 'solomani buy CL 2'",
            "campaign order first 'solomani buy RT-4'",
            "campaign order first 'solomani buy SC'",
            "campaign order first 'solomani end-phase'",
        ],
    ),
    (
        "deploy",
        [
            "campaign order first 'aslan deploy A-CL-1,A-CL-2,A-CL-3 hex:eawyo'",
            "campaign order first 'aslan form-stack strike A-CL-1,A-CL-2,A-CL-3'",
            "campaign order first 'aslan deploy A-TR-1 hex:hlirakh'",
            "campaign order first 'aslan deploy A-RT-1 box:hlirakh'",
            "campaign order first 'aslan end-phase'",
        ],
    ),
    (
        "deploy-solomani",
        [
            "campaign order first 'solomani deploy S-DD-1 hex:marrow'",
            "campaign order first 'solomani deploy S-DD-2,S-CL-1,S-CL-2 hex:concord'",
            "campaign order first 'solomani deploy S-RT-1 box:concord'",
            "campaign order first 'solomani deploy S-SC-1 hex:vantage'",
            "campaign order first 'solomani end-phase'",
        ],
    ),
    ("production", ["campaign order first 'aslan end-phase'"]),
    (
        "move",
        [
            f"campaign order first 'aslan jump strike {TO_MARROW}'",
            "campaign map first -o first.svg",
        ],
    ),
    ("battle-opens", ["campaign order first 'aslan end-phase'", "campaign battles first"]),
    (
        "battle",
        [
            "campaign order first 'aslan range b1'",
            "campaign order first 'aslan choose-range b1 short'",
            "campaign order first 'solomani target b1 S-DD-1'",
            "campaign order first 'aslan target b1 A-CL-1'",
            "campaign order first 'aslan target b1 A-CL-2,A-CL-3 1,1'",
            "campaign order first 'aslan fire b1'",
        ],
    ),
    ("income", ["campaign income first --side aslan"]),
    ("pass", ["campaign order first 'aslan pass'", "campaign order first 'solomani pass'"]),
    ("log", ["campaign log first --turn 1 --type round-fought", "campaign verify first"]),
]


@pytest.mark.slow
def test_the_tutorial_shows_what_every_command_prints(tmp_path: Path, monkeypatch):
    # DN-SET-1 DN-SET-2 DN-NEU-1 DN-MOV-2 DN-CBT-1..4 DN-ECO-3: a whole first game, for real
    monkeypatch.chdir(tmp_path)  # `campaign map -o first.svg` writes here
    stale = stale_blocks(TUTORIAL, "tutorial", BLOCKS, f"sqlite:///{tmp_path / 'tutorial.db'}")
    assert stale == [], (
        f"docs/tutorial.md: stale blocks {stale}; regenerate with CAMPAIGN_WRITE_DOCS=1"
    )
    assert (tmp_path / "first.svg").is_file()


def test_every_block_of_the_tutorial_is_played():
    # a block in the document that no test plays could drift unseen
    in_doc = re.findall(r"<!-- tutorial:([a-z-]+) -->", TUTORIAL.read_text(encoding="utf-8"))
    assert in_doc == [name for name, _ in BLOCKS]

"""The campaign CLI: commands work end to end; errors print the rule id, exit non-zero, and
never show a traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from campaign.cli import main
from tests.conftest import REPO_ROOT


@pytest.fixture
def db(tmp_path: Path) -> list[str]:
    return ["--db", f"sqlite:///{tmp_path / 'cli.db'}"]


def test_new_status_order_log_undo_verify(db, capsys):  # DN-SEQ-2
    assert main(["new", "game", *db]) == 0
    out = capsys.readouterr().out
    assert "setup-neutrals" in out and "place-neutral SYSTEM" in out and "DN-NEU-1" in out
    assert main(["order", "game", "solomani place-neutral lantern", *db]) == 0
    placed = capsys.readouterr().out
    # the counter drawn by the code orders use (JT-3), not the type id neutral:JT-3 (found
    # by use, December 7); only the referee's reading names it (DN-NEU-1)
    assert re.search(r"The Solomani draw [A-Z][A-Z0-9-]* \(N-", placed), placed
    assert "neutral:" not in placed and "face down in the" in placed
    assert main(["log", "game", "--side", "aslan", *db]) == 0  # a player's view (DN-NEU-1)
    log = capsys.readouterr().out
    assert "solomani place-neutral lantern" in log and "hidden roll" in log
    assert main(["verify", "game", *db]) == 0
    assert "hash chain intact" in capsys.readouterr().out
    assert main(["undo", "game", *db]) == 0
    assert main(["status", "game", *db]) == 0
    assert "solomani to act" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("order", "message"),
    [
        ("aslan buy CL", "DN-SEQ-2: 'buy' is not allowed in the setup-neutrals phase"),
        ("aslan place-neutral lantern", "DN-SEQ-2: it is solomani's turn"),
        ("solomani place-neutral halden", "DN-NEU-1"),
        ("solomani fly away", "unknown order 'fly'"),
        ('solomani place-neutral "lantern', "cannot read order"),
    ],
)
def test_bad_orders_exit_nonzero_with_rule_id(db, capsys, order, message):  # DN-ERR-1
    assert main(["new", "game", *db]) == 0
    capsys.readouterr()
    assert main(["order", "game", order, *db]) == 1
    captured = capsys.readouterr()
    assert message in captured.err and "Traceback" not in captured.err + captured.out
    assert main(["log", "game", "--raw", *db]) == 0
    assert capsys.readouterr().out.count("\n") == 1  # still only the opening batch


def test_physical_dice_must_be_numbers(db, capsys):  # DN-ERR-1
    main(["new", "game", *db])
    capsys.readouterr()
    assert main(["order", "game", "solomani place-neutral lantern", "--dice", "x", *db]) == 2
    assert "--dice" in capsys.readouterr().err


def test_unknown_campaign_and_duplicate_name(db, capsys):  # DN-ERR-1
    main(["new", "game", *db])
    assert main(["status", "nothing", *db]) == 1
    assert "no campaign named 'nothing'" in capsys.readouterr().err
    assert main(["new", "game", *db]) == 1
    assert "already exists" in capsys.readouterr().err


def test_a_duplicate_name_says_where_and_how_to_start_again(db, capsys):
    """DN-ERR-1 (found by use, December 7): typing the tutorial's `campaign new first --seed 5`
    a second time answered only "campaign 'first' already exists"; it now names the database
    and the two ways on, and the campaign stored is left as it was."""
    assert main(["new", "game", "--seed", "5", *db]) == 0
    capsys.readouterr()
    assert main(["status", "game", *db]) == 0
    before = capsys.readouterr().out
    assert main(["new", "game", "--seed", "6", *db]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert f"campaign 'game' already exists in {db[1]}" in err
    assert "choose another name, or `campaign delete game` to start it again" in err
    assert main(["status", "game", *db]) == 0
    assert capsys.readouterr().out == before


def test_undo_refused_at_campaign_start(db, capsys):  # DN-SEQ-2
    main(["new", "game", *db])
    capsys.readouterr()
    assert main(["undo", "game", *db]) == 1
    assert "cannot be undone" in capsys.readouterr().err


def test_replay_seed_file(capsys):  # DN-SEQ-1
    path = REPO_ROOT / "seeds" / "random-7-setup.json"
    assert main(["replay", str(path)]) == 0
    assert "every digest matches" in capsys.readouterr().out


def test_replay_unreadable_file(tmp_path, capsys):  # DN-ERR-1
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["replay", str(bad)]) == 1
    assert f"{bad}:1: not a seed game: JSON error" in capsys.readouterr().err


def test_env_var_selects_database(tmp_path, monkeypatch, capsys):  # DN-ERR-1
    monkeypatch.setenv("CAMPAIGN_DB_URL", f"sqlite:///{tmp_path / 'env.db'}")
    assert main(["new", "envgame"]) == 0
    assert (tmp_path / "env.db").exists()


def test_random_layout_without_seed_gets_a_logged_map_seed(db, capsys):  # DN-MAP-5
    from campaign.app import CampaignService, parse_stored

    assert main(["new", "r", "--layout", "random", *db]) == 0
    service = CampaignService(db_url=db[1])
    assembled = next(e for e in parse_stored(service.store.rows("r")) if e.type == "map-assembled")
    assert isinstance(assembled.layout["seed"], int)
    row = service.store.campaign("r")
    assert row.layout_seed == assembled.layout["seed"]
    assert str(row.layout_seed) not in row.dice_seed  # the dice stay secret

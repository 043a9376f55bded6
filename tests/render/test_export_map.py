"""`campaign export --map`: the sender's side view beside the turn file (issue 19, DN-NEU-1)."""

from __future__ import annotations

from campaign.app import CampaignService
from campaign.cli import main
from tests.render.svgdoc import parse


def test_export_writes_the_senders_view_beside_the_turn_file(tmp_path, capsys):  # DN-NEU-1
    db = ["--db", f"sqlite:///{tmp_path / 'c.db'}"]
    assert main(["new", "nebula", "--seed", "3", *db]) == 0
    assert main(["order", "nebula", "solomani place-neutral lantern", *db]) == 0
    turn = tmp_path / "turn1.json"
    capsys.readouterr()
    assert main(["export", "nebula", "--as", "solomani", "-o", str(turn), "--map", *db]) == 0
    picture = tmp_path / "turn1.svg"
    assert f"{picture}: map of nebula as solomani sees it" in capsys.readouterr().out
    root = parse(picture.read_bytes())
    assert root.get("data-view") == "solomani"
    state = CampaignService(db_url=db[1]).load("nebula").state
    hidden = [u for u in state.units.values() if u.face_down and u.location.on_map]
    assert hidden
    text = picture.read_text(encoding="utf-8")
    assert not any(unit.id in text or unit.kind in text for unit in hidden)


def test_export_map_to_stdout_is_refused_before_anything_is_sent(tmp_path, capsys):
    """DN-ERR-1: nowhere to put the picture -> nothing is exported (no file recorded as sent)."""
    db = ["--db", f"sqlite:///{tmp_path / 'c.db'}"]
    assert main(["new", "nebula", "--seed", "3", *db]) == 0
    capsys.readouterr()
    assert main(["export", "nebula", "--side", "solomani", "-o", "-", "--map", *db]) == 1
    assert "--map needs -o FILE" in capsys.readouterr().err
    assert main(["exchanges", "nebula", *db]) == 0
    assert capsys.readouterr().out == ""

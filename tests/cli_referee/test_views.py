"""Read-only views (issue 15 item 3): ``campaign units``, ``campaign battles`` and
``campaign status`` as text and as JSON validated against the published schemas."""

from __future__ import annotations

import json

import jsonschema
import pytest

from campaign.cli import main
from campaign.views.schemas import view_schemas
from tests.cli_referee.conftest import TO_MARROW
from tests.conftest import REPO_ROOT
from tools.view_schemas import render

SCHEMAS = REPO_ROOT / "docs" / "schemas"


def _run(db, capsys, *argv: str) -> tuple[int, str, str]:
    code = main([*argv, *db])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _json(db, capsys, schema: str, *argv: str) -> dict:
    code, out, err = _run(db, capsys, *argv, "--json")
    assert code == 0, err
    data = json.loads(out)
    validator = jsonschema.Draft202012Validator(
        json.loads((SCHEMAS / schema).read_text(encoding="utf-8"))
    )
    errors = sorted(validator.iter_errors(data), key=str)
    assert errors == [], errors[0].message if errors else ""
    return data


def test_committed_schemas_match_the_report_models():
    for name, schema in view_schemas().items():
        assert (SCHEMAS / name).read_text(encoding="utf-8") == render(schema), (
            f"docs/schemas/{name} is stale: run python -m tools.view_schemas"
        )


def test_units_view_groups_by_system_with_factors_and_stacks(db, capsys):
    # DN-MOV-2 DN-MOV-7 DN-DATA-2: id, owner, type, printed factors, stack, place
    code, out, _ = _run(db, capsys, "units", "t", "--system", "eawyo")
    assert code == 0
    assert "Eawyo (eawyo)" in out
    assert "A-CL-1" in out and "light cruiser" in out and "stack strike" in out
    assert "Concord" not in out
    data = _json(db, capsys, "units.schema.json", "units", "t", "--owner", "solomani")
    ids = {u["id"] for group in data["systems"] for u in group["units"]}
    assert ids == {"S-DD-1", "S-DD-2", "S-CL-1", "S-CL-2", "S-RT-1", "S-SC-1"}


def test_units_view_for_a_player_hides_face_down_neutrals(db, capsys):
    # DN-NEU-1: kind, name and factors of face-down neutrals are hidden from a player
    referee = _json(db, capsys, "units.schema.json", "units", "t", "--owner", "neutral")
    player = _json(
        db, capsys, "units.schema.json", "units", "t", "--owner", "neutral", "--side", "aslan"
    )
    referee_units = [u for g in referee["systems"] for u in g["units"]]
    player_units = [u for g in player["systems"] for u in g["units"]]
    assert referee_units and all(u["kind"] != "neutral:?" for u in referee_units)
    assert len(player_units) == len(referee_units)
    assert all((u["kind"], u["factors"]) == ("neutral:?", "?") for u in player_units)
    assert player["viewer"] == "aslan"
    # the real id names the kind (N-JT-1): a player reads only the opaque alias N-X-k
    assert all(u["id"].startswith("N-X-") for u in player_units)
    assert {u["id"] for u in referee_units}.isdisjoint(u["id"] for u in player_units)
    text = _run(db, capsys, "units", "t", "--owner", "neutral", "--side", "aslan")[1]
    assert not any(u["id"] in text for u in referee_units)


def test_battles_view_shows_short_ids_stage_engagements_and_who_acts(db, capsys):
    # DN-CBT-1 DN-CBT-3: the defender names first, whatever the phasing side
    assert _run(db, capsys, "battles", "t")[1].startswith("t: no battle in this step")
    for order in (
        f"aslan jump strike {TO_MARROW}",
        "aslan end-phase",
        "aslan range b1",
        "aslan choose-range b1 short",
    ):
        assert _run(db, capsys, "order", "t", order)[0] == 0
    code, out, _ = _run(db, capsys, "battles", "t")
    assert (
        "b1  marrow/aslan-solomani  Marrow: aslan attack solomani, round 1, stage assign, "
        "short range" in out
    )
    assert "must act: solomani — battle b1 at marrow: the defender (solomani) names" in out
    assert "solomani target b1 UNIT" in out
    # a player's seat reads the battle by its short id only, as every screen names it
    # (docs/seats.md; found by use, December 7: `battles --side S` printed the inner id)
    for side in ("aslan", "solomani"):
        seen = _run(db, capsys, "battles", "t", "--side", side)[1]
        assert seen.startswith("b1  Marrow: aslan attack solomani, round 1") and "/" not in seen
    _run(db, capsys, "order", "t", "solomani target b1 S-DD-1")
    data = _json(db, capsys, "battles.schema.json", "battles", "t")
    battle = data["battles"][0]
    assert (battle["short"], battle["stage"], battle["named"]) == ("b1", "assign", "S-DD-1")
    assert battle["must_act"]["side"] == "aslan"
    _run(db, capsys, "order", "t", "aslan target b1 A-CL-1")
    _run(db, capsys, "order", "t", "aslan target b1 A-CL-2 1")
    code, out, _ = _run(db, capsys, "battles", "t")
    assert "engagement 1: S-DD-1 vs A-CL-1, A-CL-2" in out
    assert "aslan target b1 UNIT ENGAGEMENT" in out


def test_status_json_names_who_must_act(db, capsys):
    # DN-SEQ-2
    data = _json(db, capsys, "status.schema.json", "status", "t")
    assert data["step"] == "first-movement" and data["must_act"][0]["side"] == "aslan"
    assert data["must_act"][0]["orders"][0].startswith("aslan jump")


@pytest.mark.parametrize(
    "argv",
    [
        ["status", "t"],
        ["units", "t"],
        ["battles", "t"],
        ["upkeep", "t"],
        ["systems", "t"],
        ["income", "t"],
        ["income", "t", "--side", "solomani"],
    ],
)
def test_every_json_view_has_the_same_envelope(db, capsys, argv):
    """DN-ERR-1 (found by use, December 7): every ``--json`` report starts with
    ``schema_version`` and names its campaign and viewer, indented alike; ``income --json``
    had neither and was indented by two."""
    code, out, err = _run(db, capsys, *argv, "--json")
    assert code == 0, err
    assert out.startswith('{\n "schema_version": 1,\n "campaign": "t",\n'), out[:80]
    data = json.loads(out)
    viewer = argv[argv.index("--side") + 1] if "--side" in argv else "referee"
    assert data["viewer"] == viewer


def test_income_json_is_the_published_schema(db, capsys):
    # DN-ECO-3/4: one report per side, as that side sees it, under ``sides``
    data = _json(db, capsys, "income.schema.json", "income", "t")
    assert [s["side"] for s in data["sides"]] == ["aslan", "solomani"]
    assert data["turn"] == 1 and data["step"] == "first-movement"
    one = _json(db, capsys, "income.schema.json", "income", "t", "--side", "aslan")
    assert one["sides"] == data["sides"][:1] and one["viewer"] == "aslan"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["units", "t", "--system", "atlantis"], "campaign: unknown system 'atlantis'"),
        (["units", "t", "--system", "x" * 65], "campaign: --system: a system id has at most 64"),
        (["units", "nosuch"], "campaign: "),
        (["battles", "nosuch"], "campaign: "),
    ],
)
def test_bad_view_input_is_one_clear_line(db, capsys, argv, message):
    # DN-ERR-1
    code, out, err = _run(db, capsys, *argv)
    assert code == 1 and out == "" and err.startswith(message) and err.count("\n") == 1


def test_status_offers_no_cargo_orders_to_the_side_not_acting(db, capsys):
    # DN-SEQ-2, DN-MOV-5 (issue 29): in the Solomani player turn the Aslan (not acting) have a
    # transport and troops at Hlirakh; status lists no `aslan load` for them, and that option
    # keeps no Solomani combat step open
    for order in ("aslan pass", "solomani pass", "solomani end-phase"):
        assert main(["order", "t", order, *db]) == 0
    capsys.readouterr()
    code, out, _ = _run(db, capsys, "order", "t", "solomani end-phase")  # First Movement
    assert code == 0
    assert "first-combat/space" not in out, out  # the space step no longer waits for them
    assert "aslan load" not in out
    code, out, _ = _run(db, capsys, "status", "t")
    assert code == 0 and "aslan load" not in out and "aslan unload" not in out
    assert main(["order", "t", "solomani pass", *db]) == 0
    code, out, _ = _run(db, capsys, "status", "t")
    assert "reaction-movement, phasing solomani, aslan to act" in out
    assert "  aslan load CARGO CARRIER" in out  # acting now: the Aslan are offered their cargo


def test_status_shows_no_deploy_duty_once_everything_is_placed(tmp_path, capsys):
    # DN-SET-2 (issue 29): with every unit placed the duty is end-phase, not deploy
    from campaign.app import CampaignService
    from tests.cli_referee.conftest import NEUTRALS, SETUP

    url = f"sqlite:///{tmp_path / 'deploy.db'}"
    service = CampaignService(db_url=url)
    service.create("t", seed=5)
    for system in NEUTRALS:
        service.order("t", f"{service.load('t').state.acting.value} place-neutral {system}")
    for text in SETUP[: SETUP.index("aslan end-phase", 5)]:  # the Aslan deploy everything
        service.order("t", text)
    code, out, _ = _run(["--db", url], capsys, "status", "t")
    assert code == 0
    duty = out[out.index("must act now:") : out.index("legal orders now")]
    assert "aslan end-phase" in duty.splitlines()[1]
    assert "aslan deploy" not in duty


def test_battle_target_refusal_lists_the_units_the_side_may_name(db, capsys):
    # DN-CBT-3: a unit not in the battle, or the enemy's: the side's own units still to assign
    for text in (
        f"aslan jump strike {TO_MARROW}",
        "aslan end-phase",
        "aslan range b1",
        "aslan choose-range b1 short",
    ):
        assert main(["order", "t", text, *db]) == 0
    capsys.readouterr()
    assert main(["order", "t", "solomani target b1 S-DD-2", *db]) == 1
    assert capsys.readouterr().err.strip() == (
        "campaign: DN-CBT-3: S-DD-2 is not in battle b1 at Marrow: it is in the stellar hex of "
        "Concord; solomani may name: S-DD-1"
    )


def test_units_with_a_mistyped_system_suggests_it(db, capsys):
    assert main(["units", "t", "--system", "marow", *db]) == 1
    assert capsys.readouterr().err.strip() == (
        "campaign: unknown system 'marow'; did you mean 'marrow'?"
    )


def test_set_up_refusals_list_the_legal_systems(tmp_path, capsys):
    # DN-NEU-1, DN-SET-2: the legal systems are few and public, so the refusal names them
    db = ["--db", f"sqlite:///{tmp_path / 'setup.db'}"]
    assert main(["new", "s", "--seed", "5", *db]) == 0
    capsys.readouterr()
    assert main(["order", "s", "solomani place-neutral hlirakh", *db]) == 1
    assert capsys.readouterr().err.strip() == (
        "campaign: DN-NEU-1: Hlirakh is on a home section (Aslan Hierate) (type 1 systems "
        "outside the home sections: alameda, bastion, beacon, bulwark, keystone, lantern, "
        "mirador, pellow, quillon, solace, span)"
    )
    for side, system in [
        ("solomani", "keystone"),
        ("aslan", "keystone"),
        ("solomani", "lantern"),
        ("aslan", "lantern"),
        ("solomani", "quillon"),
        ("aslan", "quillon"),
        ("solomani", "pellow"),
        ("aslan", "keystone"),
        ("aslan", "buy CL"),
        ("aslan", "end-phase"),
        ("solomani", "buy CL"),
        ("solomani", "end-phase"),
    ]:
        verb = system if " " in system or system == "end-phase" else f"place-neutral {system}"
        assert main(["order", "s", f"{side} {verb}", *db]) == 0
    capsys.readouterr()
    assert main(["order", "s", "aslan deploy A-CL-1 hex:marrow", *db]) == 1
    assert capsys.readouterr().err.strip() == (
        "campaign: DN-SET-2: Marrow is not in the aslan home section (Aslan Hierate: aokhtel, "
        "eawyo, ftahr, hlirakh, khtaoi, sirehk, wahtoi)"
    )


def test_battles_shows_no_engagement_of_the_round_fought_under_the_next_round(db, capsys):
    """DN-CBT-3, DN-CBT-7: after a round's fire the battle stands at that round's withdrawal
    decision; found by use, `battles` listed the engagements of the round just fought under
    the withdrawal stage, a destroyed unit among them ("engagement 4: A-SC-1 vs S-CL-3").
    Engagements are listed while they are formed and fired (stages assign and fire)."""
    for order in (
        f"aslan jump strike {TO_MARROW}",
        "aslan end-phase",
        "aslan range b1",
        "aslan choose-range b1 long",
        "referee referee-assign b1 auto",
    ):
        assert _run(db, capsys, "order", "t", order)[0] == 0
    _, out, _ = _run(db, capsys, "battles", "t")
    assert "stage fire" in out and "engagement 1:" in out
    fire = ["order", "t", "aslan fire b1", "--dice", "1,1,1,1", "--referee", "all miss"]
    assert _run(db, capsys, *fire)[0] == 0
    code, out, _ = _run(db, capsys, "battles", "t")
    assert code == 0 and "round 1, stage withdraw" in out  # the round just fought's decision
    assert "engagement" not in out
    data = _json(db, capsys, "battles.schema.json", "battles", "t")
    assert data["battles"][0]["engagements"] == []


def test_status_heading_names_the_side_that_must_act_in_a_battle(db, capsys):
    """DN-SEQ-2, DN-CBT-3 (found by use): with the defender to name a unit, ``status`` began
    "phasing aslan, aslan to act" and then said "must act now: solomani"; the heading now
    names the side that must act, and whose step it is."""
    for order in (f"aslan jump strike {TO_MARROW}", "aslan end-phase", "aslan range b1"):
        assert _run(db, capsys, "order", "t", order)[0] == 0
    assert _run(db, capsys, "order", "t", "aslan choose-range b1 short")[0] == 0
    out = _run(db, capsys, "status", "t")[1]
    heading = out.splitlines()[0]
    assert heading.endswith("phasing aslan, solomani to act (in aslan's step)"), heading
    assert "must act now: solomani" in out
    # the JSON agrees with the text (found by use, December 7, late night: only "acting":
    # "aslan"): the step's side and the side waited for, each a field
    data = _json(db, capsys, "status.schema.json", "status", "t")
    assert (data["acting"], data["to_act"]) == ("aslan", "solomani")
    assert "solomani to act (in aslan's step)" in _run(db, capsys, "list")[1]  # and the list
    assert _run(db, capsys, "order", "t", "solomani target b1 S-DD-1")[0] == 0
    heading = _run(db, capsys, "status", "t")[1].splitlines()[0]
    assert heading.endswith("phasing aslan, aslan to act"), heading
    data = _json(db, capsys, "status.schema.json", "status", "t")
    assert (data["acting"], data["to_act"]) == ("aslan", "aslan")

"""Authority, decided once (issue 41, architecture property 9, DN-SEQ-2, DN-ERR-1).

Every act — an order, an undo, an override, a turn file's export, a preview — is tried from
every seat (the referee, Aslan's, Solomani's) through the use cases the front ends call, and
through the CLI: it is accepted exactly where the seat may act, and a refusal changes nothing
(the log's head stays where it was; no file is written or recorded).
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from campaign.app import CampaignService, TypedDice, authority
from campaign.app.mail import PbemService
from campaign.app.preview import dice_needed, ending_preview
from campaign.cli import main
from campaign.pbem.errors import ForeignOrderError
from campaign.rules.base import Order
from campaign.rules.errors import CampaignError, SeatError, UndoError
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.phases import Actor
from campaign.rules.registry import order_specs
from campaign.rules.seats import REFEREE, Seat
from campaign.tui.session import CampaignSession

SEATS = (REFEREE, Seat(Side.ASLAN), Seat(Side.SOLOMANI))
#: One order of each giver that the demo position (Aslan's First Movement) accepts from it.
GIVEN = {
    Side.ASLAN: "aslan jump A-CL-1 hlirakh",
    Side.SOLOMANI: "solomani end-phase",  # refused by the rules (not his turn), never by seat
    None: "referee stepping manual",
}


@pytest.fixture
def db(service: CampaignService, tmp_path: Path) -> Path:
    """This test's copy of the demo database (the shared ``service`` fixture made it)."""
    return tmp_path / "campaigns.db"


def _service(db: Path) -> CampaignService:
    return CampaignService(db_url=f"sqlite:///{db}")


def _head(db: Path) -> int:
    return _service(db).load("demo").head.seq


def _run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue() + err.getvalue()


def _bare_order(verb: str, giver: Side | None) -> Order:
    """An order ``verb`` from ``giver`` with no other field: what the seat check reads (its
    type and side) and nothing else."""
    return cast(Order, SimpleNamespace(type=verb, side=giver))


def test_every_order_type_is_given_only_from_a_seat_that_speaks_for_its_giver() -> None:
    # DN-SEQ-2: the whole order vocabulary, each verb with each giver it may have
    tried = 0
    for spec in order_specs():
        givers = [None] if spec.actor is Actor.REFEREE else list(PLAYER_SIDES)
        for giver in givers:
            order = _bare_order(spec.verb, giver)
            for seat in SEATS:
                tried += 1
                if seat.is_referee or seat.side is giver:
                    authority.check_order(seat, order)
                    continue
                with pytest.raises(SeatError) as refused:
                    authority.check_order(seat, order)
                assert refused.value.rule_id == "DN-SEQ-2" and seat.name in str(refused.value)
    assert tried > 3 * len(order_specs())


@pytest.mark.parametrize("seat", SEATS, ids=lambda s: s.name)
@pytest.mark.parametrize("giver", list(GIVEN), ids=lambda g: g.value if g else "referee")
def test_an_order_is_refused_by_seat_only_where_the_seat_may_not_give_it(
    db: Path, seat: Seat, giver: Side | None
) -> None:
    # DN-SEQ-2 (issue 41 item 1): the use case decides, whatever front end asks
    service = _service(db)
    before = _head(db)
    try:
        service.order_report("demo", GIVEN[giver], seat=seat)
    except SeatError as refused:
        assert not seat.speaks_for(giver)
        assert f"you play {seat.name}" in str(refused)
        assert _head(db) == before
        return
    except CampaignError:
        assert seat.speaks_for(giver)  # the rules may still refuse it, never the seat
        return
    assert seat.speaks_for(giver)
    assert _head(db) > before


def test_a_player_undoes_only_his_own_last_order(db: Path) -> None:
    # DN-SEQ-2 (issue 41 item 1): "campaign order demo 'aslan jump ...'", then Solomani's undo
    service = _service(db)
    service.order_report("demo", GIVEN[Side.ASLAN])
    head = _head(db)
    with pytest.raises(SeatError, match="the last order is aslan's; you play solomani"):
        service.undo_report("demo", seat=Seat(Side.SOLOMANI))
    assert _head(db) == head
    code, out = _run("undo", "demo", "--side", "solomani", "--db", f"sqlite:///{db}")
    assert code != 0 and "you play solomani" in out and _head(db) == head
    report = service.undo_report("demo", seat=Seat(Side.ASLAN))
    assert report.lines[0] == f"undone: {GIVEN[Side.ASLAN]}" and _head(db) < head


def test_a_player_never_undoes_the_referees_order(db: Path) -> None:
    # DN-SEQ-2: the referee's own order is the referee's to take back
    service = _service(db)
    service.order_report("demo", GIVEN[None])
    for side in PLAYER_SIDES:
        with pytest.raises(SeatError, match="the last order is the referee's"):
            service.undo_report("demo", seat=Seat(side))
    service.undo_report("demo", seat=REFEREE)


@pytest.mark.parametrize("side", PLAYER_SIDES, ids=lambda s: s.value)
def test_overrides_are_the_referees_alone(db: Path, side: Side) -> None:
    # DN-ERR-1 (issue 41 item 1): an undo with a reason, typed dice with a reason in a
    # seeded campaign; both refused from a player's seat, nothing stored
    service = _service(db)
    service.order_report("demo", GIVEN[Side.ASLAN])
    head = _head(db)
    with pytest.raises(SeatError, match="an undo with a reason is a referee override"):
        service.undo_report("demo", referee_reason="misread the map", seat=Seat(side))
    with pytest.raises(SeatError, match="typed dice with a reason is a referee override"):
        service.order_report(
            "demo",
            f"{side.value} end-phase",
            typed=TypedDice((3,), "rolled at the table"),
            seat=Seat(side),
        )
    assert _head(db) == head
    code, out = _run(
        "undo", "demo", "--referee", "x", "--side", side.value, "--db", f"sqlite:///{db}"
    )
    assert code != 0 and "referee override" in out and _head(db) == head
    service.undo_report("demo", referee_reason="misread the map", seat=REFEREE)
    assert _head(db) == head + 1  # the referee's override is logged


@pytest.mark.parametrize("side", PLAYER_SIDES, ids=lambda s: s.value)
def test_typed_dice_in_a_seeded_campaign_offer_a_player_no_override(db: Path, side: Side) -> None:
    """DN-ERR-1 (found by use, December 7, night): ``campaign order demo ORDER --dice 3 --side
    solomani`` in a seeded campaign was told typed dice are accepted "as a referee override
    with a reason (--referee "REASON")", which his seat may not give; he is told that typing
    dice here is the referee's override, and the referee still reads how to give one."""
    head = _head(db)
    base = ["order", "demo", f"{side.value} end-phase", "--dice", "3", "--db", f"sqlite:///{db}"]
    code, out = _run(*base, "--side", side.value)
    assert code != 0 and _head(db) == head
    assert out.strip() == (
        f"campaign: DN-ERR-1: campaign 'demo' rolls seeded dice: the tool rolls every die, and "
        f"typed dice are accepted only in a campaign created with physical dice; you play "
        f"{side.value}: typing dice here is a referee override (ask the referee)"
    )
    assert "--referee" not in out
    code, out = _run(*base)
    assert code != 0 and '--referee "REASON"' in out and _head(db) == head


@pytest.mark.parametrize("seat", SEATS, ids=lambda s: s.name)
def test_a_seat_exports_only_its_own_sides_turn_file(db: Path, tmp_path: Path, seat: Seat) -> None:
    # DN-SEQ-2 (issue 41 item 6): nothing is written or recorded for a refused export
    pbem = PbemService(_service(db))
    for side in PLAYER_SIDES:
        target = tmp_path / f"{seat.name}-{side.value}.json"
        if seat.speaks_for(side):
            continue  # writing a real file needs the exchange's order: tested in tests/pbem
        with pytest.raises(SeatError, match=f"you play {seat.name}"):
            pbem.export_file("demo", side, target, seat=seat)
        assert not target.exists()
        assert pbem.ledger.files("demo") == []


def test_previews_answer_only_for_the_seats_own_orders(db: Path) -> None:
    # DN-SEQ-2: a dry run of another side's order tells that seat nothing
    loaded = _service(db).load("demo")
    assert ending_preview(loaded, "aslan end-phase", REFEREE) is not None
    assert ending_preview(loaded, "aslan end-phase", Seat(Side.ASLAN)) is not None
    assert ending_preview(loaded, "aslan end-phase", Seat(Side.SOLOMANI)) is None
    assert dice_needed(loaded, "aslan end-phase", Seat(Side.SOLOMANI)) == []


def test_a_players_screen_asks_the_same_use_cases(db: Path) -> None:
    # issue 41 item 1: the TUI says which seat it is; the app refuses, not the screen
    _service(db).order_report("demo", GIVEN[Side.ASLAN])
    head = _head(db)
    screen = CampaignSession(_service(db), "demo", viewer=Side.SOLOMANI)
    assert screen.seat == Seat(Side.SOLOMANI)
    with pytest.raises(SeatError, match="the last order is aslan's"):
        screen.undo()
    with pytest.raises(SeatError, match="referee override"):
        screen.undo(referee_reason="because")
    with pytest.raises(SeatError, match="you play solomani"):
        screen.order("aslan end-phase")
    with pytest.raises(SeatError, match="you play solomani"):
        screen.export_turn(Side.ASLAN, str(db.parent / "aslan.json"))
    assert not (db.parent / "aslan.json").exists()
    assert _head(db) == head


def test_an_undo_refusal_advises_what_the_seat_can_do(db: Path) -> None:
    # DN-ERR-1 (issue 41 item 6): a player is never told to use the referee's key or flag
    service = _service(db)
    service.order_report("demo", "aslan end-phase")
    with pytest.raises(UndoError) as referee:
        service.undo_report("demo", seat=REFEREE)
    with pytest.raises(UndoError) as player:
        service.undo_report("demo", seat=Seat(Side.ASLAN))
    assert "undo --referee REASON" in str(referee.value)
    assert "--referee" not in str(player.value) and "only the referee can revert it" in str(
        player.value
    )


#: Orders that bring the demo to Aslan's fire on the face-down monitor at Quillon (DN-CBT-1..4).
TO_THE_FIRE = (
    "aslan end-phase",
    "aslan range b1",
    "aslan choose-range b1 long",
    "aslan target b1 A-B1-1",
    "aslan target b1 A-B2-1,A-TR-1,A-AO-1 1,1,1",
    "aslan fire b1",
)


def test_an_undo_refusal_names_no_face_down_counter_or_its_die(db: Path) -> None:
    # DN-NEU-1 (issue 41 item 2): the refusal once said "(fire quillon round 1 N-M-1>A-B1-1
    # = 2)": the real id names the kind, and whether a die was rolled bounds its factors
    service = _service(db)
    screen = CampaignSession(service, "demo")
    screen.order(screen.move_order("main", "quillon"))
    for text in TO_THE_FIRE:
        service.order_report("demo", text)
    with pytest.raises(UndoError) as referee:
        service.undo_report("demo", seat=REFEREE)
    assert "N-M-1>" in str(referee.value)  # the referee reads the die (so the check can fail)
    for side in PLAYER_SIDES:
        with contextlib.suppress(SeatError), pytest.raises(UndoError) as player:
            service.undo_report("demo", seat=Seat(side))
        if side is Side.SOLOMANI:
            continue  # Aslan's order: refused by seat before anything else is said
        message = str(player.value)
        assert "N-M-" not in message and "N-X-" not in message, message
        assert message == (
            "DN-ERR-1: cannot undo 'aslan fire b1': it rolled dice; only the referee can "
            "revert it, with a logged override"
        )


def test_who_must_act_names_a_face_down_counter_by_its_alias(db: Path) -> None:
    # DN-NEU-1 (found while trying doors for issue 41): the text of `status --side` said
    # "the attacker (aslan) answers N-M-1 with a unit": the defender's named monitor by its
    # real id (the JSON form was redacted, the text form was not)
    service = _service(db)
    screen = CampaignSession(service, "demo")
    screen.order(screen.move_order("main", "quillon"))
    for text in TO_THE_FIRE[:3]:
        service.order_report("demo", text)
    url = f"sqlite:///{db}"
    _, referee = _run("status", "demo", "--db", url)
    assert "answers N-M-1 with a unit" in referee
    for side in PLAYER_SIDES:
        _, player = _run("status", "demo", "--side", side.value, "--db", url)
        assert "N-M-" not in player and "answers N-X-" in player, player


#: A neutral counter's kind, as a type id (``neutral:JT-4``) or as the placement narrates it
#: (``draw JT-4 (``), and its real id (``N-JT-1``); aliases are N-X-k.
KIND = re.compile(r"neutral:[A-Z]|\bdraw [A-Z][A-Z0-9-]* \(")
REAL_ID = re.compile(r"(?<![A-Za-z0-9-])N-(?!X-)[A-Z]+\d*-\d+")


def test_a_players_own_database_reads_as_that_player(tmp_path: Path) -> None:
    # DN-NEU-1 (docs/seats.md): in play by e-mail the database is one player's; what a command
    # shows there without --side is that player's reading (the referee's seat still acts, so
    # agreed overrides work): the placement once said "The Solomani draw JT-4 (N-JT-1)"
    url = f"sqlite:///{tmp_path / 'solomani.db'}"
    referee_url = f"sqlite:///{tmp_path / 'referee.db'}"
    assert (
        _run(
            "new",
            "nebula",
            "--seed",
            "4711",
            "--dice",
            "commit-reveal",
            "--as",
            "solomani",
            "--db",
            url,
        )[0]
        == 0
    )
    assert _run("new", "nebula", "--seed", "4711", "--db", referee_url)[0] == 0
    code, placed = _run("order", "nebula", "solomani place-neutral solace", "--db", url)
    assert code == 0 and "place a face-down neutral in Solace" in placed
    assert not KIND.search(placed) and not REAL_ID.search(placed), placed
    code, told = _run("order", "nebula", "solomani place-neutral solace", "--db", referee_url)
    assert code == 0 and KIND.search(told)  # the referee reads the kind (the check can fail)
    for command in (["units"], ["log"], ["status"], ["battles"], ["upkeep"]):
        code, shown = _run(*command, "nebula", "--db", url)
        assert code == 0, shown
        assert not REAL_ID.search(shown) and not KIND.search(shown), command
    assert "units as solomani sees them" in _run("units", "nebula", "--db", url)[1]


@pytest.mark.parametrize("side", PLAYER_SIDES, ids=lambda s: s.value)
def test_a_player_exchanges_no_turn_file_on_a_shared_database(
    db: Path, tmp_path: Path, side: Side
) -> None:
    # DN-SEQ-2 (found by use, December 7): on the live table (`campaign serve`) Aslan's browser
    # seat exported "his" turn file from the Mail tab: it overwrote a file of the referee's
    # machine at the path typed, and recorded the referee's database as playing aslan by
    # e-mail for good, so the referee's screen became Aslan's and Solomani's orders were
    # refused. Only the database's owner starts an exchange; nothing is read, written or
    # recorded for a player's seat, and no file is probed.
    pbem, seat = PbemService(_service(db)), Seat(side)
    kept = tmp_path / "kept.txt"
    kept.write_text("the referee's file")
    with pytest.raises(SeatError, match=f"you play {side.value}.*plays no side by e-mail"):
        pbem.export_file("demo", side, kept, seat=seat)
    with pytest.raises(SeatError, match="plays no side by e-mail"):
        pbem.export_file("demo", side, tmp_path / "no-such-folder" / "x.txt", seat=seat)
    with pytest.raises(SeatError, match="plays no side by e-mail"):
        pbem.import_turn("demo", kept.read_text(), source=str(kept), seat=seat)
    screen = CampaignSession(_service(db), "demo", viewer=side)
    with pytest.raises(SeatError, match="plays no side by e-mail"):
        screen.export_turn(side, str(kept))
    for path in (kept, tmp_path / "missing.json", Path("/etc/passwd")):
        with pytest.raises(SeatError, match="plays no side by e-mail"):
            screen.import_turn(str(path), side)
    assert kept.read_text() == "the referee's file"
    assert pbem.ledger.files("demo") == [] and pbem.own_side("demo") is None


def test_a_player_exchanges_turn_files_on_his_own_database(db: Path, tmp_path: Path) -> None:
    # DN-SEQ-2: a database that plays aslan by e-mail is the Aslan player's: his seat writes
    # his turn file there; Solomani's seat on it writes none
    pbem = PbemService(_service(db))
    pbem.claim_side("demo", Side.ASLAN)
    with pytest.raises(SeatError, match="you play solomani.*plays aslan by e-mail"):
        pbem.export_file("demo", Side.SOLOMANI, tmp_path / "s.txt", seat=Seat(Side.SOLOMANI))
    target = tmp_path / "a.txt"
    # his seat passes; the demo's log holds solomani's orders given at the table, which a file
    # of aslan never carries (solomani's import refuses them; found by use, December 8)
    with pytest.raises(ForeignOrderError, match="would carry solomani's order"):
        pbem.export_file("demo", Side.ASLAN, target, seat=Seat(Side.ASLAN))
    assert not target.exists() and pbem.ledger.files("demo") == []

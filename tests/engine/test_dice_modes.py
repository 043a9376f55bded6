"""Issue 16 item 5(b), DN-ERR-1 / DN-SEQ-2: a campaign's dice mode is chosen at creation; typed
dice are accepted only in physical mode or as a referee override with a reason; every batch
records where its dice came from, the log shows it and `verify` checks seeded dice."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.cli import main
from campaign.store.repository import chain_hash
from tests.engine import rolling


def _campaign(tmp_path: Path, mode: str) -> list[str]:
    db = ["--db", f"sqlite:///{tmp_path / 'c.db'}"]
    assert main(["new", "c", "--seed", "5", "--dice", mode, *db]) == 0
    return db


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


@pytest.fixture(autouse=True)
def _test_roll():
    with rolling.registered():
        yield


def test_seeded_campaign_refuses_typed_dice_without_a_referee_reason(tmp_path, capsys):
    """DN-ERR-1: in a seeded campaign nobody chooses his dice by typing them."""
    db = _campaign(tmp_path, "seeded")
    before = CampaignService(db_url=db[1]).store.head("c")
    code, _, err = _run(capsys, "order", "c", "aslan test-roll 3", "--dice", "6", *db)
    assert code == 1 and "DN-ERR-1" in err and "seeded dice" in err
    assert CampaignService(db_url=db[1]).store.head("c") == before
    code, out, _ = _run(
        capsys,
        "order",
        "c",
        "aslan test-roll 3",
        "--dice",
        "6",
        "--referee",
        "die fell off the table",
        *db,
    )
    assert code == 0 and "Referee override: dice typed in (die fell off the table): 6" in out
    _, out, _ = _run(capsys, "log", "c", *db)
    assert "dice (typed by the referee: die fell off the table): test roll need 3=6" in out
    assert _run(capsys, "verify", "c", *db)[0] == 0


def test_a_blank_referee_reason_is_named_as_the_problem(tmp_path, capsys):
    """DN-ERR-1 (found by use): ``--dice 1,6 --referee ""`` in a seeded campaign was refused
    with the message for no ``--referee`` at all ("… or as a referee override with a reason
    (--referee "REASON")"), which the referee had given; the refusal now says the reason is
    blank, as ``undo --referee ""`` does, and changes nothing."""
    db = _campaign(tmp_path, "seeded")
    before = CampaignService(db_url=db[1]).store.head("c")
    for blank in ("", "   "):
        argv = ("order", "c", "aslan test-roll 3", "--dice", "6", "--referee", blank, *db)
        code, _, err = _run(capsys, *argv)
        assert code == 1 and "DN-ERR-1: give the referee's reason: it is logged" in err, err
        assert "seeded dice" not in err
    assert CampaignService(db_url=db[1]).store.head("c") == before


def test_physical_campaign_takes_typed_dice_and_logs_their_origin(tmp_path, capsys):
    """DN-ERR-1: a physical-dice campaign needs the dice typed in, and says so in the log."""
    db = _campaign(tmp_path, "physical")
    code, _, err = _run(capsys, "order", "c", "aslan test-roll 3", *db)
    assert code == 1 and "only 0 were entered" in err and "Give exactly 1" in err
    assert _run(capsys, "order", "c", "aslan test-roll 3", "--dice", "4", *db)[0] == 0
    _, out, _ = _run(capsys, "log", "c", *db)
    assert "dice (typed at the table): test roll need 3=4" in out


def test_seeded_dice_show_their_origin(tmp_path, capsys):  # DN-ERR-1
    db = _campaign(tmp_path, "seeded")
    assert _run(capsys, "order", "c", "aslan test-roll 3", *db)[0] == 0
    _, out, _ = _run(capsys, "log", "c", *db)
    assert "dice (seeded): test roll need 3=" in out


def test_commit_reveal_campaign_refuses_typed_dice(tmp_path, capsys):  # DN-ERR-1
    """Issue 20 item 3: typed dice in play by e-mail would make a file the other side
    refuses for ever; they are refused when given."""
    db = _campaign(tmp_path, "commit-reveal")
    code, _, err = _run(
        capsys, "order", "c", "aslan test-roll 3", "--dice", "6", "--referee", "x", *db
    )
    assert code == 1 and "commit-reveal" in err


def _rewrite_last_event(db: list[str], edit: Callable[[str], str]) -> None:
    """The last event's payload edited in the database, its hash recomputed (no anchor kept)."""
    service = CampaignService(db_url=db[1])
    last = service.store.rows("c")[-1]
    payload = edit(last.payload)
    assert payload != last.payload
    digest = chain_hash(
        "c", last.seq, last.batch, last.order_text, last.type, payload, last.prev_hash
    )
    with service.store.database.write() as connection:
        connection.run(
            "UPDATE dn_event SET payload = :payload, hash = :hash"
            " WHERE campaign_name = 'c' AND seq = :seq",
            {"payload": payload, "hash": digest, "seq": last.seq},
        )


def _other_digit(digit: str) -> str:
    return "1" if digit != "1" else "2"


def test_verify_finds_a_die_that_is_not_the_seeds(tmp_path, capsys):  # DN-ERR-1
    """A die edited in the database, every hash recomputed, no typed-dice record: `verify`
    tells it apart from a seeded die."""
    db = _campaign(tmp_path, "seeded")
    assert _run(capsys, "order", "c", "aslan test-roll 3", *db)[0] == 0

    def edit_the_die(payload: str) -> str:  # the roll's value comes first (keys sorted)
        at = payload.index('"value":') + len('"value":')
        return payload[:at] + _other_digit(payload[at]) + payload[at + 1 :]

    _rewrite_last_event(db, edit_the_die)
    code, _, err = _run(capsys, "verify", "c", *db)
    assert code == 1 and "aslan test-roll 3" in err and "not the ones the campaign's seed" in err


def test_verify_tells_an_outcome_decided_otherwise_from_other_dice(tmp_path, capsys):
    """DN-ERR-1: an event whose dice are the seed's but whose outcome this version would not
    write (an earlier version's rules, or an outcome edited around the dice) is reported as
    such, never as dice that are not the seed's (a game logged by 0.1.0 was told its dice were
    not the seed's wherever a rule had since changed how it words an order's events)."""
    db = _campaign(tmp_path, "seeded")
    assert _run(capsys, "order", "c", "aslan test-roll 3", *db)[0] == 0

    def edit_the_outcome(payload: str) -> str:  # the event's own value, after its rolls
        at = payload.rindex('"value":') + len('"value":')
        return payload[:at] + _other_digit(payload[at]) + payload[at + 1 :]

    _rewrite_last_event(db, edit_the_outcome)
    code, _, err = _run(capsys, "verify", "c", *db)
    assert code == 1 and "aslan test-roll 3" in err
    assert "its dice are the ones the campaign's seed gives" in err
    assert "decides the order otherwise" in err
    assert "not the ones the campaign's seed" not in err

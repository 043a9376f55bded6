"""Issue 20 item 12 (DN-ERR-1): a referee's anchor outside the database catches a rewritten
log, and an edited snapshot is never used by `status` or `order`."""

from __future__ import annotations

import re
from pathlib import Path

from campaign.app import CampaignService
from campaign.cli import main
from campaign.rules.canonical import canonical_json, sha256_hex
from campaign.store.repository import GENESIS_HASH, StoredEvent, chain_hash, insert_events

ORDERS = (
    "solomani place-neutral lantern",
    "aslan place-neutral span",
    "solomani place-neutral keystone",
)


def _campaign(tmp_path: Path) -> list[str]:
    db = ["--db", f"sqlite:///{tmp_path / 'c.db'}"]
    assert main(["new", "c", "--seed", "3", *db]) == 0
    return db


def _anchor(capsys, db: list[str], given: str = "") -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(["verify", "c", "--anchor", *([given] if given else []), *db])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def _rechain(db: list[str], edit) -> None:
    """Apply ``edit`` to the event rows, then recompute every hash and rewrite the log as a
    forger would."""
    service = CampaignService(db_url=db[1])
    rows: list[StoredEvent] = edit(service.store.rows("c"))
    prev, forged = GENESIS_HASH, []
    for row in rows:
        digest = chain_hash("c", row.seq, row.batch, row.order_text, row.type, row.payload, prev)
        forged.append(row._replace(prev_hash=prev, hash=digest))
        prev = digest
    with service.store.database.write() as connection:
        connection.run("DELETE FROM dn_event WHERE campaign_name = 'c'")
        insert_events(connection, "c", forged)


def test_anchor_proves_nothing_before_it_changed(tmp_path, capsys):
    db = _campaign(tmp_path)
    main(["order", "c", ORDERS[0], *db])
    code, out, _ = _anchor(capsys, db)
    assert code == 0
    anchor = re.search(r"anchor: (\d+:[0-9a-f]{64})", out).group(1)
    main(["order", "c", ORDERS[1], *db])
    code, out, _ = _anchor(capsys, db, anchor)
    assert code == 0 and f"nothing up to event {anchor.split(':')[0]} changed" in out
    code, _, err = _anchor(capsys, db, "12:zz")
    assert code == 1 and "COUNT:HASH" in err


def test_anchor_catches_dropped_events_with_recomputed_hashes(tmp_path, capsys):
    db = _campaign(tmp_path)
    for order in ORDERS[:2]:
        main(["order", "c", order, *db])
    anchor = re.search(r"anchor: (\S+)", _anchor(capsys, db)[1]).group(1)

    def drop_last(rows):
        return rows[:-1]

    _rechain(db, drop_last)
    assert main(["verify", "c", *db]) == 0  # the chain alone cannot tell
    code, _, err = _anchor(capsys, db, anchor)
    assert code == 1 and "events were removed" in err


def test_anchor_catches_an_edited_past_event(tmp_path, capsys):
    db = _campaign(tmp_path)
    for order in ORDERS:
        main(["order", "c", order, *db])
    anchor = re.search(r"anchor: (\S+)", _anchor(capsys, db)[1]).group(1)

    def retarget(rows):
        last = rows[-1]
        return [
            *rows[:-1],
            last._replace(order_text=last.order_text.replace("keystone", "lantern")),
        ]

    _rechain(db, retarget)
    code, _, err = _anchor(capsys, db, anchor)
    assert code == 1 and "no longer has the anchored hash" in err


def test_edited_snapshot_is_not_used(tmp_path, capsys):
    """A snapshot with forged RU and a recomputed digest: `status` shows the log's RU, and
    `verify` names the snapshot."""
    db = _campaign(tmp_path)
    main(["order", "c", ORDERS[0], *db])
    service = CampaignService(db_url=db[1])
    loaded = service.load("c")
    loaded.state.ru[next(iter(loaded.state.ru))] = 999
    text = canonical_json(loaded.state)
    service.store.save_snapshot("c", loaded.head.seq, loaded.head.hash, sha256_hex(text), text)
    with service.store.database.read() as connection:
        assert connection.first("SELECT seq FROM dn_snapshot") is not None
    assert service.load("c").from_snapshot == 0
    capsys.readouterr()
    assert main(["status", "c", *db]) == 0
    out = capsys.readouterr().out
    assert "999 RU" not in out and "99 RU" in out
    assert main(["verify", "c", *db]) == 1
    assert "differs from the replayed log" in capsys.readouterr().err

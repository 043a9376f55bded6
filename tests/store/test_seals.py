"""Snapshot seals (docs/adr/0022-snapshot-seals.md, DN-ERR-1): a snapshot this machine computed or
checked is used without replaying the log before it; a snapshot edited in the database, a log
rewritten under it, or another machine's seal is never trusted, and the load replays instead."""

from __future__ import annotations

import threading

import pytest

from campaign.app import CampaignService
from campaign.app import campaigns as service_module
from campaign.rules import engine
from campaign.rules.canonical import sha256_hex
from campaign.store.repository import Store
from campaign.store.seal import KEY_BYTES, KEY_FILE, machine_key
from tests.engine.factory import SETUP_ORDERS, small_ruleset


def _service(url: str, seal_dir) -> CampaignService:
    """A service on ``url`` with its own sealing key, writing a snapshot every 4 events."""
    ruleset = small_ruleset()
    return CampaignService(
        Store(url), ruleset_loader=lambda layout, seed: ruleset, seal_dir=seal_dir, snapshot_every=4
    )


@pytest.fixture
def played(db_url, tmp_path, monkeypatch):
    """A campaign with snapshots every 4 events, written by a service with its own key."""
    service = _service(db_url, tmp_path / "machine-a")
    service.create("c", dice_seed="s")
    for text in SETUP_ORDERS[:8]:
        service.order("c", text)
    assert service.store.snapshot_count("c") >= 2
    return service


def _parsed_rows(monkeypatch) -> list[int]:
    """Record how many stored events each ``parse_stored`` call reads."""
    counts: list[int] = []
    real = service_module.parse_stored

    def counting(rows, name=""):
        counts.append(len(rows))
        return real(rows, name)

    monkeypatch.setattr(service_module, "parse_stored", counting)
    return counts


def test_a_sealed_snapshot_is_used_without_replaying_the_log_before_it(played, monkeypatch):
    # DN-ERR-1: only the events after the snapshot are read and folded; the state is the log's
    cold = played.load("c", use_snapshot=False)
    counts = _parsed_rows(monkeypatch)
    warm = played.load("c")
    snapshot = played.store.latest_snapshot("c")
    assert warm.from_snapshot == snapshot.seq > 0
    assert counts == [cold.head.seq - snapshot.seq]
    assert engine.state_digest(warm.state) == engine.state_digest(cold.state)
    assert played.verify("c") == []


def test_a_sealed_snapshot_edited_in_the_database_is_not_used(played, monkeypatch):
    # DN-ERR-1: state and digest rewritten together (as a forger would): the seal fails
    snapshot = played.store.latest_snapshot("c")
    cold = engine.state_digest(played.load("c", use_snapshot=False).state)
    forged = snapshot.state.replace('"turn":', '"turn":1', 1)
    assert forged != snapshot.state
    with played.store.database.write() as connection:
        connection.run(
            "UPDATE dn_snapshot SET state = :state, digest = :digest"
            " WHERE campaign_name = 'c' AND seq = :seq",
            {"state": forged, "digest": sha256_hex(forged), "seq": snapshot.seq},
        )
    counts = _parsed_rows(monkeypatch)
    loaded = played.load("c")
    assert loaded.from_snapshot == 0 and counts == [loaded.head.seq]
    assert engine.state_digest(loaded.state) == cold
    assert any("snapshot" in finding for finding in played.verify("c"))


def test_another_machine_checks_once_then_uses_its_own_seal(played, db_url, tmp_path, monkeypatch):
    # DN-ERR-1: a copied database carries seals of a key this machine does not have
    other = _service(db_url, tmp_path / "machine-b")
    counts = _parsed_rows(monkeypatch)
    first = other.load("c")
    assert counts == [first.head.seq]  # replayed and compared: the snapshot agrees
    assert first.from_snapshot > 0
    second = other.load("c")
    assert counts[-1] == second.head.seq - second.from_snapshot  # now sealed by machine B
    assert engine.state_digest(first.state) == engine.state_digest(second.state)


def test_without_a_usable_key_every_load_replays(played, db_url, tmp_path, monkeypatch):
    # DN-ERR-1: a data directory that cannot hold a key (a file stands in its way)
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("x", encoding="utf-8")
    keyless = _service(db_url, blocked)
    counts = _parsed_rows(monkeypatch)
    for _ in range(2):
        loaded = keyless.load("c")
        assert counts[-1] == loaded.head.seq
    assert blocked.read_text(encoding="utf-8") == "x"


def _sealed_seqs(service: CampaignService) -> list[int]:
    with service.store.database.read() as connection:
        return sorted(
            seq
            for (seq,) in connection.all(
                "SELECT seq FROM dn_snapshot_seal WHERE campaign_name = 'c'"
            )
        )


def test_undo_removes_the_seals_of_what_it_removes(played):
    # DN-SEQ-2: an undo deletes the snapshots (and seals) after the events it keeps
    before = _sealed_seqs(played)
    newest = before[-1]
    while played.load("c").head.seq >= newest:
        played.undo("c")
    kept = played.load("c").head.seq
    after = _sealed_seqs(played)
    assert after == [seq for seq in before if seq <= kept] and newest not in after
    assert played.verify("c") == []


def test_processes_making_the_key_at_once_share_one_key(tmp_path):
    # DN-ERR-1: the key is linked into place whole; the loser of the race reads the winner's
    keys: list[bytes | None] = []
    barrier = threading.Barrier(4)

    def make() -> None:
        barrier.wait()
        keys.append(machine_key(tmp_path / "data"))

    threads = [threading.Thread(target=make) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(keys)) == 1 and keys[0] is not None and len(keys[0]) == KEY_BYTES
    assert (tmp_path / "data" / KEY_FILE).stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == [KEY_FILE]


def test_a_damaged_key_file_is_not_used(tmp_path):
    # DN-ERR-1: a key of the wrong length seals nothing (and is not replaced behind the user)
    (tmp_path / KEY_FILE).write_bytes(b"short")
    (tmp_path / KEY_FILE).chmod(0o600)  # private, as a key must be, but not a key
    assert machine_key(tmp_path) is None
    assert (tmp_path / KEY_FILE).read_bytes() == b"short"


def test_a_read_only_database_loads_without_sealing(tmp_path, monkeypatch):
    # DN-ERR-1: the seal is best effort; a database that refuses the write still loads
    path = tmp_path / "c.db"
    writer = _service(f"sqlite:///{path}", tmp_path / "machine-a")
    writer.create("c", dice_seed="s")
    for text in SETUP_ORDERS[:8]:
        writer.order("c", text)
    sealed = _sealed_seqs(writer)
    before = path.read_bytes()
    reader = _service(f"sqlite+pysqlite:///file:{path}?mode=ro&uri=true", tmp_path / "machine-b")
    loaded = reader.load("c")
    assert loaded.from_snapshot > 0  # checked by replay, agreed, could not be sealed
    assert engine.state_digest(loaded.state) == engine.state_digest(writer.load("c").state)
    assert _sealed_seqs(writer) == sealed and path.read_bytes() == before

"""Store edge cases: racing writers, unreadable events, bad URLs, map logging, PG requirement."""

from __future__ import annotations

import json
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.app import CampaignService, parse_stored
from campaign.rules.canonical import canonical_json, sha256_hex
from campaign.rules.errors import (
    CampaignError,
    CampaignNotFoundError,
    ConflictError,
    TamperedLogError,
)
from campaign.store.repository import Store, chain_hash
from tests.engine.factory import small_ruleset
from tests.store import conftest as store_conftest


def _service(url: str) -> CampaignService:
    ruleset = small_ruleset()
    return CampaignService(Store(url), ruleset_loader=lambda layout, seed: ruleset)


def test_two_racing_threads_exactly_one_append_wins(db_url):  # DN-ERR-1
    _service(db_url).create("c", dice_seed="s")
    head = Store(db_url).head("c")
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def writer(tag: str) -> None:
        store = Store(db_url)
        barrier.wait()
        try:
            store.append("c", head.seq, tag, [("phase-ended", "{}")] * 3)
            outcomes.append("won")
        except ConflictError:
            outcomes.append("conflict")
        finally:
            store.dispose()

    threads = [threading.Thread(target=writer, args=(t,)) for t in ("a", "b")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["conflict", "won"]
    rows = Store(db_url).rows("c")
    assert len(rows) == head.seq + 3
    assert len({r.order_text for r in rows[head.seq :]}) == 1  # one writer's batch, complete
    Store.verify_rows("c", rows)


def test_unreadable_event_named_by_seq(db_url):  # DN-ERR-1
    service = _service(db_url)
    service.create("c", dice_seed="s")
    head = service.store.head("c")
    service.store.append("c", head.seq, "x", [("no-such-event", '{"type":"no-such-event"}')])
    with pytest.raises(TamperedLogError) as error:
        service.load("c")
    assert error.value.seq == head.seq + 1 and "cannot be read" in str(error.value)


def test_bad_database_url_is_a_clear_error():  # DN-ERR-1
    with pytest.raises(CampaignError, match="cannot use database URL"):
        Store("nosuchdb://x")


def test_unreachable_postgres_is_a_clear_error():  # DN-ERR-1
    with pytest.raises(CampaignError, match="cannot open database"):
        Store("postgresql+psycopg://nobody@127.0.0.1:1/none?connect_timeout=2")


def test_random_assembly_logged_with_seed_and_placements(tmp_path):  # DN-MAP-5
    service = CampaignService(Store(f"sqlite:///{tmp_path / 'r.db'}"))
    service.create("r", layout="random", seed=7)
    events = parse_stored(service.store.rows("r"))
    assembled = next(e for e in events if e.type == "map-assembled")
    assert assembled.layout["layout"] == "random" and assembled.layout["seed"] == 7
    placements = assembled.layout["placements"]
    assert len(placements) == len(assembled.layout["sections"])
    assert [p["draw"] for p in placements] == list(range(1, len(placements) + 1))
    assert placements[0]["drawn_by"] == "aslan"  # Aslan draws first
    assert {"Aslan Hierate", "Solomani Quadrant", "Dark Nebula"} <= set(
        assembled.layout["sections"]
    )
    again = CampaignService(Store(f"sqlite:///{tmp_path / 'r2.db'}"))
    again.create("r", layout="random", seed=7)
    assert [e.model_dump() for e in parse_stored(again.store.rows("r"))][:2] == [
        e.model_dump() for e in events
    ][:2]


def test_required_postgres_fails_instead_of_skipping(monkeypatch):  # DN-ERR-1
    monkeypatch.setenv(store_conftest.REQUIRE_ENV, "1")
    monkeypatch.delenv(store_conftest.PG_ENV, raising=False)
    with pytest.raises(pytest.fail.Exception, match="not set"):
        store_conftest._pg_base_url()
    monkeypatch.setenv(store_conftest.PG_ENV, "postgresql+psycopg://x@127.0.0.1:1/x")
    with pytest.raises(pytest.fail.Exception, match="unreachable"):
        store_conftest._pg_base_url()


def test_delete_campaign_removes_only_that_campaign(db_url):  # DN-ERR-1
    service = _service(db_url)
    service.create("a", dice_seed="s")
    service.create("b", dice_seed="s")
    service.snapshot(service.load("a"))
    service.store.delete_campaign("a")
    assert service.store.campaigns() == ["b"]
    assert service.store.rows("a") == [] and service.store.snapshot_count("a") == 0
    Store.verify_rows("b", service.store.rows("b"))
    with pytest.raises(CampaignNotFoundError):
        service.store.delete_campaign("a")


def test_event_hash_is_sha256_of_canonical_json_with_prev_hash():  # DN-ERR-1
    import json

    from campaign.rules.canonical import canonical_json, sha256_hex
    from campaign.store.repository import chain_hash

    payload = canonical_json({"type": "units-bought", "unit_ids": ["A-CL-1"], "note": "é"})
    prev = "ab" * 32
    expected = sha256_hex(
        canonical_json(
            {
                "batch": 4,
                "campaign": "Kampagne é",
                "event": json.loads(payload),
                "order": 'referee set-ru aslan 3 "x"',
                "prev_hash": prev,
                "seq": 9,
                "type": "units-bought",
            }
        )
    )
    order = 'referee set-ru aslan 3 "x"'
    got = chain_hash("Kampagne é", 9, 4, order, "units-bought", payload, prev)
    assert got == expected
    assert chain_hash("Kampagne é", 9, 4, "other", "units-bought", payload, prev) != expected


@given(name=st.text(max_size=40), order=st.text(max_size=80), type_=st.text(max_size=30))
@settings(max_examples=300, deadline=None)
def test_event_hash_stays_canonical_for_any_text(name, order, type_):
    """DN-ERR-1 (a tampered log is found): the chain's hand-written JSON string literals (the
    string encoder, not ``json.dumps`` per call; issue 47 item 2) are canonical JSON's for any
    text: quotes, backslashes, control and non-ASCII characters."""
    payload = canonical_json({"note": order, "n": 1})
    prev = "cd" * 32
    expected = sha256_hex(
        canonical_json(
            {
                "batch": 2,
                "campaign": name,
                "event": json.loads(payload),
                "order": order,
                "prev_hash": prev,
                "seq": 7,
                "type": type_,
            }
        )
    )
    assert chain_hash(name, 7, 2, order, type_, payload, prev) == expected

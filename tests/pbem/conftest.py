"""Fixtures: two machines after the first set-up order, and helpers to tamper with files."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from campaign.pbem import signing
from campaign.pbem.model import TurnBody
from campaign.rules.canonical import canonical_json, sha256_hex
from campaign.rules.ids import Side
from campaign.store.repository import LEDGER_TABLE_NAMES
from tests.pbem.helpers import CAMPAIGN, Player, Table, setup_orders


@pytest.fixture
def table(tmp_path: Path) -> Table:
    """Solomani has placed the first neutral; its file 1 is not yet sent."""
    table = Table(tmp_path, armoured=False)
    table.play("solomani place-neutral lantern")
    return table


@pytest.fixture
def base(tmp_path: Path) -> Table:
    """Both machines after the set-up and its files: the Aslan's first step of game turn 1
    (production) on the Aslan's database, which plays aslan by e-mail."""
    table = Table(tmp_path, armoured=False)
    for order in setup_orders():
        table.play(order)
    table.hand_over(Side.ASLAN)
    table.holder = Side.ASLAN
    return table


@pytest.fixture
def file1(table: Table) -> str:
    """Solomani's file 1 (JSON)."""
    return table.players[Side.SOLOMANI].export().json_text


def resealed(text: str, mutate: Callable[[dict], None]) -> str:
    """``text`` changed by ``mutate`` with a correct checksum (a deliberate forger)."""
    data = json.loads(text)
    mutate(data)
    data["body_sha256"] = sha256_hex(canonical_json(data["body"]))
    return json.dumps(data, indent=1)


def resigned(text: str, mutate: Callable[[dict], None], key: Path) -> str:
    """``text`` changed by ``mutate``, signed again with ``key`` and resealed: what a hostile
    machine sends (fair mode signs every file: its sender signs what it forged)."""
    data = json.loads(text)
    mutate(data)
    data["signature"] = signing.sign(TurnBody.model_validate(data["body"]), key).model_dump()
    data["body_sha256"] = sha256_hex(canonical_json(data["body"]))
    return json.dumps(data, indent=1)


def database_image(player: Player) -> tuple:
    """Everything stored about the campaign: events, snapshots, campaign row, PBEM tables."""
    store = player.service.store
    rows = store.rows(CAMPAIGN)
    campaign = store.campaign(CAMPAIGN)._asdict()
    with store.database.read() as connection:
        ledger = [
            sorted(repr(row) for row in connection.all(f"SELECT * FROM {table}"))
            for table in LEDGER_TABLE_NAMES
        ]
    return rows, campaign, ledger, store.snapshot_count(CAMPAIGN)

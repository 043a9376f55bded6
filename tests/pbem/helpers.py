"""Two players on two databases exchanging turn files, driven by order notation."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from campaign.app import CampaignService
from campaign.app.mail import Exported, PbemService
from campaign.rules import engine
from campaign.rules.canonical import sha256_hex
from campaign.rules.ids import Side
from campaign.rules.ruleset import Ruleset
from campaign.store.repository import Store
from tests.conftest import REPO_ROOT
from tests.rulesets import sample

CAMPAIGN = "nebula"


def service(
    path: Path, snapshot_every: int = 250, ruleset_loader: Callable[..., Ruleset] | None = None
) -> CampaignService:
    """A service on the SQLite file ``path`` (the ruleset is loaded once per test session,
    or by ``ruleset_loader``), writing a snapshot every ``snapshot_every`` events.

    Tests switch off SQLite's fsync: commits stay transactions, only durability on power loss
    is given up, which a test does not need (it would cost ~35 ms per commit here)."""
    store = Store(f"sqlite:///{path}", durable=False)
    return CampaignService(
        store, ruleset_loader=ruleset_loader or sample, snapshot_every=snapshot_every
    )


def setup_orders() -> list[str]:
    """The accepted set-up orders of the standard-turn1 seed game (neutrals, buys, deploys)."""
    game = json.loads((REPO_ROOT / "seeds" / "standard-turn1.json").read_text())
    orders = [s["order"] for s in game["steps"] if not s.get("reject")]
    first_turn = orders.index("aslan jump main eawyo,aokhtel")
    return orders[: first_turn - 1]


class Player:
    """One player's machine: its own database and turn-file service."""

    def __init__(
        self,
        side: Side,
        path: Path,
        keys: Path | None = None,
        *,
        dice_mode: str = "commit-reveal",
        dice_seed: str | None = None,
        snapshot_every: int = 250,
    ) -> None:
        self.side = side
        self.dice_mode = dice_mode
        self.dice_seed = dice_seed
        self.service = service(path, snapshot_every)
        counter = iter(range(1, 10**6))
        self.pbem = PbemService(
            self.service,
            keys,
            side=side,
            new_secret=lambda: sha256_hex(f"test secret {side.value} {next(counter)}"),
        )
        self.sent: list[Exported] = []

    def create(self) -> None:
        self.service.create(CAMPAIGN, seed=11, dice_seed=self.dice_seed, dice_mode=self.dice_mode)

    def order(self, text: str) -> list:
        return self.service.order(CAMPAIGN, text)[0]

    def export(self, **options) -> Exported:
        made = self.pbem.export_turn(CAMPAIGN, self.side, **options)
        self.sent.append(made)
        return made

    def digest(self) -> str:
        return engine.state_digest(self.service.load(CAMPAIGN).state)


class Table:
    """Both players; ``play`` routes each order to its side and exchanges files on hand-over."""

    def __init__(
        self,
        tmp: Path,
        *,
        armoured: bool = True,
        dice_mode: str = "commit-reveal",
        dice_seed: str | None = None,
        snapshot_every: int = 250,
        **options,
    ) -> None:
        tmp.mkdir(parents=True, exist_ok=True)
        self.players = {
            side: Player(
                side,
                tmp / f"{side.value}.db",
                dice_mode=dice_mode,
                dice_seed=dice_seed,
                snapshot_every=snapshot_every,
            )
            for side in (Side.ASLAN, Side.SOLOMANI)
        }
        for player in self.players.values():
            player.create()
        self.holder: Side | None = None
        self.armoured = armoured
        self.options = options
        self.files = 0

    def hand_over(self, to: Side) -> None:
        """The current holder sends everything new to ``to``, who imports it."""
        made = self.players[to.enemy].export(**self.options)
        self.deliver(made, self.players[to])
        self.files += 1

    def deliver(self, made: Exported, receiver: Player) -> None:
        """The post: the receiver imports the file (armoured or JSON)."""
        text = made.armoured if self.armoured else made.json_text
        receiver.pbem.import_turn(CAMPAIGN, text, source=f"file{self.files + 1}")

    def play(self, text: str) -> list:
        """Give ``text`` on its side's machine (after handing the file over); its events."""
        side = Side(text.split()[0])
        if self.holder is not None and self.holder is not side:
            self.hand_over(side)
        self.holder = side
        return self.players[side].order(text)

    def acting(self) -> Side:
        return self.players[self.holder or Side.SOLOMANI].service.load(CAMPAIGN).state.acting


def cli_databases(tmp: Path, *, keys: Path | None = None) -> dict[str, list[str]]:
    """Both players' databases made through the CLI as docs/turn-files.md says (`new nebula
    --seed 3 --dice commit-reveal --as SIDE`), as ``--db`` options by side; with ``keys``, both
    key pairs are made there first (`keygen`)."""
    from campaign.cli import main

    if keys is not None:
        for side in ("aslan", "solomani"):
            assert main(["keygen", side, "--dir", str(keys)]) == 0
    dbs = {}
    for side in ("aslan", "solomani"):
        dbs[side] = ["--db", f"sqlite:///{tmp / (side + '.db')}"]
        assert (
            main(
                [
                    "new",
                    CAMPAIGN,
                    "--seed",
                    "3",
                    "--dice",
                    "commit-reveal",
                    "--as",
                    side,
                    *dbs[side],
                ]
            )
            == 0
        )
    return dbs

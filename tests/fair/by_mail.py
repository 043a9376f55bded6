"""Two machines (two SQLite files) playing a fair-mode campaign by turn files through the app
layer the CLI and the TUI call (``PbemService``): issue 34 phase B.

``MailTable.play(text)`` gives ``text`` on its side's machine. Files go over as in real play:
before a side acts, the other side's news (its unsent orders) come to it; an order that answers
``waiting for SIDE's reveal …`` (a held order whose reveal needs the other side's share) costs
a round trip, counted in ``extra``. Every file is written as JSON to ``files_dir`` (what the
other player would receive by mail) and imported from its text.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from campaign.app.mail import PbemService
from campaign.app.mail.keys import own_key, peer_dir, prepare
from campaign.rules import fairplay
from campaign.rules.canonical import sha256_hex
from campaign.rules.combat import book
from campaign.rules.errors import InvalidOrderError, WaitingError
from campaign.rules.ids import Side
from campaign.rules.movement import move_options
from campaign.rules.phases import Phase
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState
from tests.pbem.bot import Bot
from tests.pbem.helpers import service

CAMPAIGN = "nebula"
FIRST = Side.SOLOMANI  # the first to act in the set-up sends file 1 (shuffle passes 1 and 3)
SETUP = [
    "aslan buy SC 2",
    "aslan end-phase",
    "solomani buy SC",
    "solomani end-phase",
    "aslan deploy A-SC-1,A-SC-2 hex:aokhtel",
    "aslan end-phase",
    "solomani deploy S-SC-1 hex:concord",
    "solomani end-phase",
]
#: Where the eight face-down counters go: Solace, Beacon, then Lantern (never in contact).
PLACES = ["solace", "beacon"] + ["lantern"] * 6


@dataclass
class Machine:
    """One player's machine: its database and turn-file service."""

    side: Side
    path: Path
    seed: int
    fair: bool = True
    dice: str = "commit-reveal"
    ruleset_loader: Callable[..., Ruleset] | None = None

    def __post_init__(self) -> None:
        self.service = service(self.path, snapshot_every=40, ruleset_loader=self.ruleset_loader)
        counter = iter(range(1, 10**6))
        #: This player's keys home (fair mode signs every file, issue 42 item 4).
        self.keys = self.path.parent / f"{self.side.value}-keys"
        self.pbem = PbemService(
            self.service,
            side=self.side,
            fair_random=random.Random(self.seed).randbytes,
            new_secret=lambda: sha256_hex(f"dice {self.side.value} {next(counter)}"),
            keys_home=self.keys,
        )
        self.service.create(CAMPAIGN, seed=11, dice_mode=self.dice, fair=self.fair)
        self.pbem.claim_side(CAMPAIGN, self.side)
        if self.fair:
            prepare(self.keys, CAMPAIGN, self.side.value)

    def private_key(self) -> Path:
        """This player's signing key (a hostile machine signs what it forges)."""
        return own_key(self.keys, self.side.value)

    def state(self) -> CampaignState:
        return self.service.load(CAMPAIGN).state


def signer(path: Path) -> Path:
    """The private key of the sender of the file ``path`` written by a ``MailTable`` (in its
    ``files_dir``): a hostile machine signs what it forged."""
    side = json.loads(path.read_text())["body"]["header"]["side"]
    return own_key(path.parent / f"{side}-keys", side)


def exchange_public_keys(homes: dict[str, Path], name: str = CAMPAIGN) -> None:
    """What the players do by e-mail before file 1 (docs/turn-files.md, "Keys in fair mode"):
    each puts the other's ``SIDE.pub`` in his keys home's folder of the campaign."""
    for side, home in homes.items():
        other = "solomani" if side == "aslan" else "aslan"
        folder = peer_dir(homes[other], name)
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(home / f"{side}.pub", folder / f"{side}.pub")


@dataclass
class MailTable:
    """Both machines and the files between them (``files``: all; ``extra``: sent only because
    an order waited for a reveal)."""

    files_dir: Path
    seeds: tuple[int, int] = (1, 2)
    fair: bool = True
    dice: str = "commit-reveal"
    machines: dict[Side, Machine] = field(default_factory=dict)
    holder: Side | None = None
    files: int = 0
    extra: int = 0
    sent: list[Path] = field(default_factory=list)
    extra_by_turn: dict[int, int] = field(default_factory=dict)
    #: What each import told its player (notes, story lines and dice), in order.
    told: list[tuple[Side, str]] = field(default_factory=list)
    #: Both machines' rulesets (``None``: the standard one).
    ruleset_loader: Callable[..., Ruleset] | None = None

    def __post_init__(self) -> None:
        self.files_dir.mkdir(parents=True, exist_ok=True)
        for side, seed in zip((FIRST, FIRST.enemy), self.seeds, strict=True):
            self.machines[side] = Machine(
                side,
                self.files_dir / f"{side.value}.db",
                seed,
                self.fair,
                self.dice,
                self.ruleset_loader,
            )
        if self.fair:
            exchange_public_keys({side.value: m.keys for side, m in self.machines.items()})

    def send(self, sender: Side) -> None:
        """``sender`` exports a file; the other imports it (and does its fair-play duties)."""
        self.files += 1
        path = self.files_dir / f"turn-{self.files:03}.json"
        made = self.machines[sender].pbem.export_file(CAMPAIGN, sender, path)
        self.sent.append(path)
        self.told.append((sender, made.line(path.name)))  # what `campaign export` prints
        done = self.machines[sender.enemy].pbem.import_turn(
            CAMPAIGN, path.read_bytes(), source=path.name
        )
        told = [
            done.line(path.name),  # what `campaign import` prints, then its notes and story
            *([f"next: {done.next_step}"] if done.next_step else []),
            *done.notes,
            *(
                text
                for entry in done.story
                for text in (entry.order_text, *entry.lines, *entry.rolls)
            ),
        ]
        self.told += [(sender.enemy, text) for text in told]
        self.holder = sender.enemy

    def play(self, text: str) -> list:
        """``text`` on its side's machine after the other side's news; a wait for a reveal is
        answered by a round trip of files (counted as extra)."""
        side = Side(text.split(" ", 1)[0])
        if self.holder is not None and self.holder is not side:
            self.send(self.holder)
        self.holder = side
        for _ in range(6):
            try:
                return self.machines[side].service.order(CAMPAIGN, text)[0]
            except WaitingError:
                self.round_trip(side)
        raise AssertionError(f"{text}: still waiting after 6 round trips")

    def round_trip(self, side: Side) -> None:
        """``side`` sends a file and gets the answer: the cost of a wait (extra files)."""
        turn = self.machines[side].state().turn
        self.send(side)
        self.send(side.enemy)
        self.extra += 2
        self.extra_by_turn[turn] = self.extra_by_turn.get(turn, 0) + 2

    def until(self, done: Callable[[CampaignState], bool], verb: str = "end-phase") -> None:
        """The side the game waits for gives ``verb`` until ``done(state)`` holds."""
        for _ in range(80):
            state = self.machines[self.holder or FIRST].state()
            if done(state):
                return
            self.play(f"{state.acting.value} {verb}")
        raise AssertionError("the game did not get there")

    def settle(self) -> None:
        """Exchange until both machines hold the same log and no reveal is pending."""
        for _ in range(6):
            states = [m.state() for m in self.machines.values()]
            if states[0].canonical_text() == states[1].canonical_text() and not (
                self.fair and fairplay.pending(states[0])
            ):
                return
            self.send(self.holder or FIRST)
        raise AssertionError("the machines did not settle")


def play_to_a_battle_order(
    table: MailTable, side: Side, done: Callable[[MailTable, str], bool] = lambda *_: True
) -> str:
    """The bot plays on from where ``table`` stands (300 orders at most) until an order of
    ``side`` names a battle and ``done(table, battle)`` holds once it is played (not sent);
    that battle's full id."""
    bot = Bot()
    for _ in range(300):
        holder = table.machines[table.holder or side]
        loaded = holder.service.load(CAMPAIGN)
        order = bot.next_order(loaded.state, loaded.ruleset)
        battle = next((b for b in book.battle_ids(loaded.state) if b in order), None)
        table.play(order)
        if battle is not None and order.startswith(f"{side.value} ") and done(table, battle):
            return battle
    raise AssertionError(f"{side.value} gave no battle order that ended as asked")


def play_to_contact(table: MailTable) -> list:
    """The set-up, then game turn 1 up to Aslan's scout jumping through Solace (a contact with
    its face-down counter); the events of that jump."""
    for number, system in enumerate(PLACES):
        table.play(f"{('solomani', 'aslan')[number % 2]} place-neutral {system}")
    for text in SETUP:
        table.play(text)
    table.until(lambda state: state.phase is Phase.FIRST_MOVEMENT)
    aslan = table.machines[Side.ASLAN]
    loaded = aslan.service.load(CAMPAIGN)
    path = move_options(loaded.state, loaded.ruleset, Side.ASLAN, "A-SC-1").legal["beacon"].path
    table.play(f"aslan jump A-SC-1 {','.join(path)}")
    return table.play("aslan jump A-SC-2 solace,beacon")


def play_until_held(table: MailTable) -> Side:
    """Strict dice: the bot plays on until an order of the side to act is held for the other
    side's dice contribution (nothing exported yet); that side."""
    bot = Bot()
    for _ in range(500):
        holder = table.machines[table.holder or FIRST]
        if holder.pbem.dice_wait(CAMPAIGN) is not None:
            return holder.side
        loaded = holder.service.load(CAMPAIGN)
        table.play(bot.next_order(loaded.state, loaded.ruleset))
    raise AssertionError("no order rolled dice")


def play_to_conscription(table: MailTable) -> dict[str, list]:
    """Set-up, game turn 1 (an Aslan scout jumps through Solace: contact reveals its counter),
    game turn 2 up to Aslan's conscription in Beacon (it reveals that counter); the events of
    the contact and the conscription orders. The conscription's reveal is still pending:
    ``settle`` (or ``play_on``) completes it."""
    contact = play_to_contact(table)
    table.until(lambda state: state.turn == 2 and state.phase is Phase.PRODUCTION)
    table.play("aslan maintain")  # maintenance comes first, conscription too (DN-ECO-7)
    conscription = table.play("aslan conscript beacon")  # held: its reveal is pending
    return {"contact": contact, "conscription": conscription}


def play_on(table: MailTable, turn: int) -> None:
    """The end-to-end test's simple player (``tests.pbem.bot``) answers for whoever must act
    until game turn ``turn`` begins; a pending reveal costs a round trip (counted as extra);
    both machines settle."""
    bot = Bot()
    for _ in range(3000):
        loaded = table.machines[table.holder or FIRST].service.load(CAMPAIGN)
        if loaded.state.turn >= turn:
            break
        holder = table.machines[table.holder or FIRST]
        if (table.fair and fairplay.pending(loaded.state)) or holder.pbem.dice_wait(CAMPAIGN):
            table.round_trip(holder.side)  # a reveal, or strict dice held for the other side
            continue
        try:
            table.play(bot.next_order(loaded.state, loaded.ruleset))
        except InvalidOrderError:  # a planned order naming a unit this game never bought
            continue
    table.settle()


def assert_equal_and_verified(table: MailTable, turn: int) -> None:
    """Both copies hold the same log, event for event, at game turn ``turn``, and each
    database's own check (hash chain, replay, snapshots) passes."""
    solomani, aslan = (table.machines[side].service for side in (FIRST, FIRST.enemy))
    assert [r.hash for r in solomani.load(CAMPAIGN).rows] == [
        r.hash for r in aslan.load(CAMPAIGN).rows
    ]
    assert solomani.load(CAMPAIGN).state.turn == turn
    for copy in (solomani, aslan):
        assert copy.verify(CAMPAIGN) == []


def sqlite_image(path: Path) -> list[tuple[str, list]]:
    """Every row of every table of the SQLite file ``path``, sorted (the database as a whole:
    a refused file must leave it exactly so)."""
    with sqlite3.connect(path) as connection:
        tables = [
            name
            for (name,) in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        return [
            (table, sorted(map(repr, connection.execute(f"SELECT * FROM {table}"))))
            for table in tables
        ]

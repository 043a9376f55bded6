"""Two players' machines in memory, playing a fair-mode campaign by messages (issue 34 phase A).

Each ``Machine`` holds only what one player's database would: its own event log and state,
its own shuffle secrets and keys, the passes and shares it received. A *message* stands for a
turn file: the order batches given since the last message (with their events) and the
fair-play data (a shuffle pass). The receiver re-runs every order on its own state and requires
the same events (as an import does), checks every ``share`` against its commitment and every
``reveal`` by opening the card itself from both shares (``RevealBook``), and then does its own
fair-play duties: the next shuffle pass, sealing the deck, its shares of called cards, the
reveals it can make. Phase B moves exactly these duties into the turn-file exchange.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from campaign.pbem.fair import shuffle
from campaign.pbem.fair.reveal import RevealBook
from campaign.rules import engine, fairplay
from campaign.rules.base import Event
from campaign.rules.canonical import canonical_json
from campaign.rules.dice import SeededSource
from campaign.rules.errors import WaitingError
from campaign.rules.flow import MapAssembled, layout_record
from campaign.rules.ids import Side
from campaign.rules.notation import parse_order
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState

FIRST, SECOND = Side.SOLOMANI, Side.ASLAN  # who sends file 1 (and shuffle passes 1 and 3)


def swapped_second_pass(i: int, j: int, honest=shuffle.second_pass):
    """A pass 2 that puts the cards of final positions ``box-(i+1)`` and ``box-(j+1)`` the
    other way round: its permutation differs from ``honest``'s by that swap, every key and
    commitment is the same, and it carries a true proof of its own shuffle (two deals whose
    face-down kinds are permuted, ADR 0028)."""

    def second(context, side, public, first, rand):
        _, secrets = honest(context, side, public, first, rand)
        order = secrets.permutations["box"]
        order[i], order[j] = order[j], order[i]
        return shuffle.make_second(context, first, secrets, rand), secrets

    return second


def byte_stream(seed: int):
    """Reproducible randomness for one machine (``os.urandom`` in play)."""
    generator = random.Random(seed)
    return generator.randbytes


@dataclass
class Message:
    """What one turn file would carry."""

    sender: Side
    number: int
    batches: list[tuple[str, list[Event]]]
    shuffle_pass: shuffle.Pass | None = None


@dataclass
class Machine:
    """One player's machine (see the module docstring)."""

    side: Side
    ruleset: Ruleset
    campaign: str
    seed: int
    dice_seed: str
    events: list[Event] = field(default_factory=list)
    state: CampaignState = field(default_factory=CampaignState)
    unsent: list[tuple[str, list[Event]]] = field(default_factory=list)
    passes: dict[int, shuffle.Pass] = field(default_factory=dict)
    secrets: shuffle.Secrets | None = None
    deck: shuffle.Deck | None = None
    book: RevealBook | None = None
    received: list[Message] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rand = byte_stream(self.seed)
        self.source = SeededSource(self.dice_seed)
        layout = MapAssembled(layout=layout_record(self.ruleset.star_map))
        self.events = engine.start(self.campaign, self.ruleset, layout, self.source, fair=True)
        self.state = engine.fold(self.events)
        self.public = fairplay.decks(self.ruleset)

    # --- orders ---------------------------------------------------------------------------

    def give(self, text: str) -> list[Event]:
        """Decide ``text`` on this machine's state and keep it for the next message."""
        events = engine.decide(self.state, parse_order(text), self.ruleset, self.source)
        self._apply(events)
        self.unsent.append((text, events))
        return events

    def _apply(self, events: list[Event]) -> None:
        for event in events:
            self.state = engine.evolve(self.state, event)
        self.events.extend(events)
        if self.book is not None:
            for card in fairplay.pending(self.state):
                self.book.call(card, len(self.received))

    # --- messages -------------------------------------------------------------------------

    def send(self, number: int) -> Message:
        """The next message: the batches not sent yet and this side's shuffle pass, if due."""
        message = Message(self.side, number, self.unsent, self._next_pass())
        self.unsent = []
        return message

    def receive(self, message: Message) -> None:
        """Import ``message`` as the exchange would: re-run, compare, check shares and reveals."""
        if message.shuffle_pass is not None:
            made = shuffle.received(
                self.campaign, self.public, message.shuffle_pass.to_plain(), self.passes
            )
            self.passes[made.number] = made
            self._agree()
        for text, events in message.batches:
            self._check_fair(text)
            mine = engine.decide(self.state, parse_order(text), self.ruleset, self.source)
            assert [canonical_json(e) for e in mine] == [canonical_json(e) for e in events], (
                f"{text}: the events differ between the machines"
            )
            self._apply(mine)
        self.received.append(message)

    def _check_fair(self, text: str) -> None:
        """A share must open its commitment; a reveal must name what both shares open to."""
        order = parse_order(text)
        if order.type == "seal-deck":
            assert self.deck is not None and order.digest == self.deck.digest, "deck differs"
        elif order.type == "share":
            assert self.book is not None
            self.book.give(order.side.value, order.card, order.share)
        elif order.type == "reveal":
            assert self.book is not None
            opened = self.book.opened.get(order.card) or self.book.open(order.card)
            assert opened == order.label, f"{text}: the card opens to {opened}"

    # --- fair-play duties -----------------------------------------------------------------

    def _next_pass(self) -> shuffle.Pass | None:
        if self.side is FIRST and not self.passes:
            made, self.secrets = shuffle.first_pass(
                self.campaign, self.side.value, self.public, self.rand
            )
        elif self.side is SECOND and 1 in self.passes and 2 not in self.passes:
            made, self.secrets = shuffle.second_pass(
                self.campaign, self.side.value, self.public, self.passes[1], self.rand
            )
        elif self.side is FIRST and 2 in self.passes and 3 not in self.passes:
            assert self.secrets is not None
            made = shuffle.third_pass(
                self.campaign, self.secrets, self.public, self.passes[2], self.rand
            )
        else:
            return None
        self.passes[made.number] = made
        self._agree()
        return made

    def _agree(self) -> None:
        if self.deck is None and 2 in self.passes and 3 in self.passes:
            self.deck = shuffle.Deck.agree(
                self.campaign, self.public, self.passes[2], self.passes[3]
            )
            self.book = RevealBook(self.deck)
            for card in fairplay.pending(self.state):
                self.book.call(card, len(self.received))

    def duties(self) -> None:
        """Seal the deck, give this side's shares of called cards, reveal what both opened."""
        if self.deck is None:
            return
        if fairplay.slot(self.state)["sealed"] is None and self.side is FIRST:
            self.give(f"{self.side.value} seal-deck {self.deck.digest}")
        if fairplay.slot(self.state)["sealed"] is None:
            return
        assert self.book is not None and self.secrets is not None
        for wait in fairplay.waits(self.state):
            card = _card(self.state, wait.subject)
            if wait.side == self.side.value:
                share = self.secrets.share(card)
                self.book.give(self.side.value, card, share)
                self.give(f"{self.side.value} share {card} {share}")
        for wait in fairplay.waits(self.state):
            if wait.side is None:
                card = _card(self.state, wait.subject)
                self.give(f"{self.side.value} reveal {card} {self.book.open(card)}")


def _card(state: CampaignState, subject: str) -> str:
    """The card a wait's subject names (a counter's alias or "draw N")."""
    for card in fairplay.pending(state):
        if fairplay.subject(state, card) == subject:
            return card
    raise AssertionError(f"no pending card named {subject}")


@dataclass
class Table:
    """Both machines and the messages between them: ``files`` counts every message, ``extra``
    those sent because an order had to wait, ``reveal_files`` those sent while a reveal was
    pending on the sender's side (the cost fair mode adds)."""

    first: Machine
    second: Machine
    files: int = 0
    extra: int = 0
    reveal_files: int = 0

    @classmethod
    def new(
        cls, ruleset: Ruleset, *, seeds: tuple[int, int] = (1, 2), campaign: str = "fair-sim"
    ) -> Table:
        """A fair-mode campaign created alike on both machines (each with its own secrets)."""
        return cls(
            Machine(FIRST, ruleset, campaign, seeds[0], "sim-dice"),
            Machine(SECOND, ruleset, campaign, seeds[1], "sim-dice"),
        )

    def machine(self, side: Side) -> Machine:
        """The machine of ``side``."""
        return self.first if side is FIRST else self.second

    def post(self, sender: Machine, *, extra: bool) -> None:
        """``sender`` sends a message; the other imports it and does its duties."""
        receiver = self.second if sender is self.first else self.first
        self.files += 1
        self.extra += int(extra)
        self.reveal_files += int(bool(fairplay.pending(sender.state)))
        receiver.receive(sender.send(self.files))
        receiver.duties()

    def play(self, text: str) -> list[Event]:
        """``text`` on its side's machine: the other side's news first, then any reveal the
        game waits for (messages back and forth, counted as extra files), then the order."""
        actor = self.machine(Side(text.split(" ", 1)[0]))
        other = self.second if actor is self.first else self.first
        if other.unsent or (other.side is FIRST and not other.passes):
            self.post(other, extra=False)
        for _ in range(12):
            try:
                actor.duties()
                return actor.give(text)
            except WaitingError:
                self.post(actor, extra=True)
                self.post(other, extra=True)
        raise AssertionError(
            f"{text}: still waiting after 12 exchanges: {fairplay.waits(actor.state)}"
        )

    def until(self, done, verb: str = "pass") -> None:
        """Let the side the game waits for give ``verb`` until ``done(state)`` holds."""
        for _ in range(60):
            self.settle()
            if done(self.first.state):
                return
            self.play(f"{self.first.state.acting.value} {verb}")
        raise AssertionError("the game did not get there")

    def settle(self) -> None:
        """Exchange until neither machine has anything unsent and no reveal is pending."""
        for _ in range(12):
            if not (self.first.unsent or self.second.unsent or fairplay.pending(self.first.state)):
                return
            self.post(self.first, extra=False)
            self.post(self.second, extra=False)
        raise AssertionError("the machines did not settle")

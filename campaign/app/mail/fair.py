"""Fair mode by e-mail (issue 34, docs/adr/0028-fair-play-by-e-mail.md): what a fair campaign's
turn files carry besides orders, what an import checks, and the duties each machine does.

- The joint shuffle rides on files 1-3 (the ``fair`` section): the sender of file 1 makes pass
  1 when it exports; the receiver answers with pass 2, made while it imports file 1 (so pass 1
  is checked at once); the first side makes pass 3 while it imports file 2 and agrees the deck.
  Passes are public and stored as made or received (``dn_fair_pass``); each side's own secrets
  (permutations, mask, per-card keys) only in its own database (``dn_fair_secret``).
- Duties, done by the machine after each import and before each export (``duties``): the
  first side seals the deck (``seal-deck``), each side gives its ``share`` of every card whose
  reveal the rules called, and the machine that holds both shares gives the ``reveal`` (the
  label is what the core opens the card to; the receiver opens it again itself).
- An import (``incoming`` before the orders are re-run, ``check_replayed`` after) refuses a
  file that lacks its pass, a pass that is not one or whose proof fails (issue 42), a seal of
  another deck, a share that does not open its commitment or belongs to another card, a
  reveal of another label, and a file that withholds a share its sender owes at its head
  (named: side and counter).
- ``opening`` / ``audit``: at the end of the game or on dispute each side publishes its
  secrets; the audit recomputes every pass and names the first that does not follow.

Nothing here is SQL (the ledger's statements are ``campaign.store.ledger``) and nothing is a
primitive of our own (``campaign.pbem.fair``); the passes and our secrets come from the
``MailRecord`` the command read once.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager

from msgspec import Struct, field

from campaign.app import CampaignService, Loaded, parse_stored
from campaign.pbem.errors import FairPlayFileError
from campaign.pbem.fair import group, shuffle
from campaign.pbem.fair.audit import audit
from campaign.pbem.fair.errors import FairPlayViolation
from campaign.pbem.fair.reveal import check_share, open_card
from campaign.pbem.model import FairSection, TurnFile
from campaign.records.ledger_rows import FairPass, FairSecret
from campaign.records.mail_record import MailRecord
from campaign.records.rows import StoredEvent
from campaign.rules import fairplay
from campaign.rules.canonical import canonical_json
from campaign.rules.ids import Side
from campaign.rules.model import ModelError
from campaign.rules.phases import Phase
from campaign.rules.state import CampaignState
from campaign.store.ledger import Ledger
from campaign.userfiles import JsonTooDeepError, parse_json

#: Passes of the joint shuffle: pass ``n`` rides on file ``n``.
PASSES = 3
#: At most this many duty orders after one import or before one export (a reveal may resume a
#: held order that calls more reveals; each card needs at most a share and a reveal).
MAX_DUTIES = 200
#: Largest opening file read for the audit (a few hundred keys as hex).
MAX_OPENING_BYTES = 1 << 20

FairRow = FairPass | FairSecret


class Incoming(Struct):
    """What the fair section of an incoming file brought: rows to store with the import (the
    pass received, the pass made in answer, our secrets) and the deck, once agreed."""

    rows: list[FairRow] = field(default_factory=list)
    deck: shuffle.Deck | None = None


class Duties(Struct):
    """The fair-play orders a machine gave (``FairMail.duties``); ``held``: the last one resumed
    an order held for strict dice (it ends the next file)."""

    given: list[str] = field(default_factory=list)
    held: bool = False


@contextmanager
def _named(source: str) -> Iterator[None]:
    """A core violation as a turn-file refusal naming the file (nothing stored)."""
    try:
        yield
    except FairPlayViolation as violation:
        raise FairPlayFileError(
            violation.message,
            problem=violation.problem,
            side=violation.side,
            card=violation.card,
            source=source,
        ) from None


class FairMail:
    """The fair-mode part of play by e-mail for one database (``PbemService.fair``)."""

    def __init__(
        self, service: CampaignService, ledger: Ledger, rand: group.Random = os.urandom
    ) -> None:
        """``rand``: the randomness of this side's secrets (``os.urandom``; tests pass a
        reproducible stream)."""
        self.service = service
        self.ledger = ledger
        self.rand = rand

    # --- what this database holds ---------------------------------------------------------------

    @staticmethod
    def passes(mail: MailRecord, public: shuffle.Decks) -> dict[int, shuffle.Pass]:
        """The passes made here or received, by number."""
        return {
            row.exchange: shuffle.Pass.from_plain(json.loads(row.body), public)
            for row in mail.passes
        }

    @staticmethod
    def secrets(mail: MailRecord, public: shuffle.Decks) -> shuffle.Secrets | None:
        """This side's own shuffle secrets (None before it made a pass)."""
        row = mail.fair_secret
        return shuffle.Secrets.from_plain(json.loads(row.secrets), public) if row else None

    def deck(self, mail: MailRecord, context: str, public: shuffle.Decks) -> shuffle.Deck | None:
        """The agreed final deck (None before passes 2 and 3 are both here)."""
        passes = self.passes(mail, public)
        if 2 not in passes or 3 not in passes:
            return None
        return shuffle.Deck.agree(context, public, passes[2], passes[3])

    @staticmethod
    def _rows(
        name: str,
        made: shuffle.Pass | None,
        plain: dict | None = None,
        secrets: shuffle.Secrets | None = None,
    ) -> list[FairRow]:
        rows: list[FairRow] = []
        if made is not None:
            body = canonical_json(plain if plain is not None else made.to_plain())
            rows.append(
                FairPass(campaign_name=name, exchange=made.number, side=made.side, body=body)
            )
        if secrets is not None:
            rows.append(
                FairSecret(
                    campaign_name=name,
                    side=secrets.side,
                    secrets=canonical_json(secrets.to_plain()),
                )
            )
        return rows

    # --- export ---------------------------------------------------------------------------------

    def outgoing(
        self, loaded: Loaded, mail: MailRecord, side: str, exchange: int
    ) -> tuple[FairSection | None, list[FairRow]]:
        """The ``fair`` section of file ``exchange`` and the rows to record with it: the pass
        it carries (pass 1 is made now; passes 2 and 3 were made when the file before it was
        imported). A file sent again after a withdrawal carries the same pass."""
        if not fairplay.active(loaded.state) or exchange > PASSES:
            return None, []
        name, public = loaded.row.name, fairplay.decks(loaded.ruleset)
        made = self.passes(mail, public).get(exchange)
        if made is not None and made.side == side:
            return FairSection(shuffle=_as_stored(made)), []
        if exchange != 1:
            raise FairPlayFileError(
                f"file {exchange} must carry pass {exchange} of the joint shuffle, which is "
                "made when the other side's file before it is imported: import that file first",
                problem="no-pass",
                side=side,
            )
        made, secrets = shuffle.first_pass(loaded.state.campaign_id, side, public, self.rand)
        return FairSection(shuffle=_as_stored(made)), self._rows(name, made, secrets=secrets)

    def pass_ready(self, loaded: Loaded, mail: MailRecord, side: Side, exchange: int) -> bool:
        """True when file ``exchange`` of ``side`` carries a pass it made on import (passes 2
        and 3): the file is owed even with no order in it."""
        if not fairplay.active(loaded.state) or not 1 < exchange <= PASSES:
            return False
        made = self.passes(mail, fairplay.decks(loaded.ruleset)).get(exchange)
        return made is not None and made.side == side.value

    # --- import ---------------------------------------------------------------------------------

    def incoming(
        self,
        loaded: Loaded,
        mail: MailRecord,
        state: CampaignState,
        turn: TurnFile,
        own: str,
        source: str,
    ) -> Incoming:
        """Check the file's ``fair`` section against the campaign (``state`` at the file's
        base) and make our answering pass; nothing is stored here. The key shares the file
        says its orders gave are checked against the agreed deck before anything is re-run:
        an edited share is named as such, not as the state digest it would change (issue 46)."""
        result = self._incoming(loaded, mail, state, turn, own, source)
        if result.deck is not None:
            with _named(source):
                for batch in turn.body.batches:
                    for event in batch.events:
                        if event.type != "key-share-given" or event.payload is None:
                            continue
                        try:
                            given = fairplay.KeyShareGiven.model_validate(event.payload)
                        except ModelError:  # the re-run names the malformed event
                            continue
                        check_share(result.deck, given.side.value, given.card, given.share)
        return result

    def _incoming(
        self,
        loaded: Loaded,
        mail: MailRecord,
        state: CampaignState,
        turn: TurnFile,
        own: str,
        source: str,
    ) -> Incoming:
        header, section = turn.header, turn.body.fair
        carried = section.shuffle if section is not None else None
        if not fairplay.active(state):
            if section is not None:
                raise FairPlayFileError(
                    "the file carries fair-mode data, but this campaign is "
                    "not played in fair mode (`campaign new --fair`)",
                    problem="malformed",
                    source=source,
                )
            return Incoming()
        name, sender, number = loaded.row.name, header.side.value, header.exchange
        public, context = fairplay.decks(loaded.ruleset), state.campaign_id
        if number > PASSES:
            if carried is not None:
                raise FairPlayFileError(
                    f"file {number} carries a shuffle pass; only files 1-{PASSES} do",
                    problem="malformed",
                    side=sender,
                    source=source,
                )
            result = Incoming(deck=self.deck(mail, context, public))
            with _named(source):
                _check_shares(turn, result.deck)
            return result
        if carried is None:
            raise FairPlayFileError(
                f"file {number} from {sender} carries no pass {number} of the joint shuffle: "
                "the face-down decks cannot be agreed without it; ask for the file again",
                problem="withheld",
                side=sender,
                source=source,
            )
        with _named(source):
            passes = self.passes(mail, public)
            made = shuffle.Pass.from_plain(carried, public)
            if made.number != number or made.side != sender:
                raise FairPlayViolation(
                    "malformed",
                    f"file {number} from {sender} carries pass {made.number} of "
                    f"{made.side} where pass {number} of {sender} was expected (pass n of the "
                    "joint shuffle rides on file n, made by its sender)",
                    side=sender,
                )
            made = shuffle.received(context, public, carried, passes)  # the proof, issue 42
            result = Incoming(self._rows(name, made, plain=carried))
            if number == 1:  # we are the second party: answer with pass 2
                answer, made_here = shuffle.second_pass(context, own, public, made, self.rand)
                result.rows += self._rows(name, answer, secrets=made_here)
            elif number == 2:  # we made pass 1: answer with pass 3, and the deck is agreed
                secrets = self.secrets(mail, public)
                if secrets is None or secrets.mask is None:
                    raise FairPlayViolation(
                        "malformed",
                        "pass 2 arrived, but this database did not make pass 1",
                        side=sender,
                    )
                answer = shuffle.third_pass(context, secrets, public, made, self.rand)
                result.rows += self._rows(name, answer, secrets=secrets)
                result.deck = shuffle.Deck.agree(context, public, made, answer)
            elif 2 in passes:
                result.deck = shuffle.Deck.agree(context, public, passes[2], made)
            _check_shares(turn, result.deck)
        return result

    def check_replayed(
        self,
        turn: TurnFile,
        deck: shuffle.Deck | None,
        state: CampaignState,
        rows: list[StoredEvent],
        name: str,
        source: str,
    ) -> None:
        """After the file's orders were re-run (``state`` at its head, ``rows`` its events):
        the seal names the agreed deck, every share opens its sender's commitment for that
        card, every reveal names what both shares open the card to, and the sender withholds
        no share it owes at the head (ADR 0028)."""
        if not fairplay.active(state):
            return
        sender = turn.header.side.value
        fair = fairplay.slot(state)
        with _named(source):
            for event in parse_stored(rows, name):
                if isinstance(event, fairplay.DeckSealed) and (
                    deck is None or event.digest != deck.digest
                ):
                    raise FairPlayViolation(
                        "bad-seal",
                        f"{sender} sealed a deck this machine did not agree to",
                        side=sender,
                    )
                if deck is None:
                    continue
                if isinstance(event, fairplay.KeyShareGiven):
                    check_share(deck, event.side.value, event.card, event.share)
                elif isinstance(event, fairplay.CardRevealed):
                    opened = open_card(deck, event.card, fair["shares"].get(event.card, {}))
                    if opened != event.label:
                        raise FairPlayViolation(
                            "bad-reveal",
                            f"{sender} revealed {event.card} as {event.label}, "
                            f"but both shares open it to another card",
                            side=sender,
                            card=event.card,
                        )
            if deck is not None and fair["sealed"] is None and deck.first == sender:
                raise FairPlayViolation(
                    "withheld",
                    f"file {turn.header.exchange} from {sender} "
                    "withholds the seal of the agreed deck",
                    side=sender,
                )
            if fair["sealed"] is None:
                return
            self._check_reveals_given(turn, deck, state)
            for wait in fairplay.waits(state):
                if wait.side == sender:
                    card = _card_of(state, wait.subject)
                    raise FairPlayViolation(
                        "withheld",
                        f"file {turn.header.exchange} from {sender} withholds "
                        f"{sender}'s share of {wait.subject} ({card}), whose reveal the rules "
                        "called: the game cannot go on without it; refused, ask "
                        f"{sender} for a file that carries it",
                        side=sender,
                        card=card,
                    )

    @staticmethod
    def _check_reveals_given(
        turn: TurnFile, deck: shuffle.Deck | None, state: CampaignState
    ) -> None:
        """The sender gives the reveal of every card whose two shares it held (issue 42 item
        3): left out, the reveal — and the held order it resumes, with that file's dice —
        would move to a file of the other side's choosing. A reveal the file ends with, held
        for strict dice, counts, once its label is what both shares open the card to."""
        sender, number = turn.header.side.value, turn.header.exchange
        held = (turn.header.pending_order or "").split(" ")
        fair = fairplay.slot(state)
        for card in fairplay.pending(state):
            shares = fair["shares"].get(card, {})
            if len(shares) < 2:
                continue
            if held[1:3] == ["reveal", card] and len(held) == 4 and deck is not None:
                if open_card(deck, card, shares) != held[3]:
                    raise FairPlayViolation(
                        "bad-reveal",
                        f"{sender} revealed {card} as {held[3]}, but both shares "
                        "open it to another card",
                        side=sender,
                        card=card,
                    )
                continue
            raise FairPlayViolation(
                "withheld",
                f"file {number} from {sender} withholds the reveal of "
                f"{fairplay.subject(state, card)} ({card}): both shares were in, so its machine "
                f"owed it in this file; refused, ask {sender} for a file that carries it",
                side=sender,
                card=card,
            )

    # --- duties ---------------------------------------------------------------------------------

    def duties(self, loaded: Loaded, mail: MailRecord, side: str) -> Duties:
        """Give this side's fair-play orders on ``loaded`` (updated in place): the seal of the
        agreed deck (by the first side), a share of every pending card, the reveal of every
        card both shares are in for. Returns the orders given, in order."""
        done = Duties()
        owed = self._owed(loaded, mail)
        if owed is None:
            return done
        deck, secrets = owed
        for _ in range(MAX_DUTIES):
            text = _next_duty(loaded.state, deck, secrets, side)
            if text is None:
                return done
            done.held = not self.service.submit(loaded, text, machine=True)
            done.given.append(text)
            if done.held:  # strict dice: it resumed an order that rolls; it ends the file
                return done
        return done

    def owes(self, loaded: Loaded, mail: MailRecord, side: str) -> bool:
        """Whether ``duties`` would give ``side`` a fair-play order on ``loaded`` now; nothing
        is given (an export's dry run: the file it makes is not empty)."""
        owed = self._owed(loaded, mail)
        return owed is not None and _next_duty(loaded.state, *owed, side) is not None

    def _owed(
        self, loaded: Loaded, mail: MailRecord
    ) -> tuple[shuffle.Deck, shuffle.Secrets | None] | None:
        """The agreed deck and this machine's secrets the duties are given from, or None when
        no fair-play order can be owed (not a fair campaign, or no deck agreed yet)."""
        if not fairplay.active(loaded.state):
            return None
        public = fairplay.decks(loaded.ruleset)
        deck = self.deck(mail, loaded.state.campaign_id, public)
        return None if deck is None else (deck, self.secrets(mail, public))

    # --- the opening and the audit --------------------------------------------------------------

    def opening(self, name: str, *, mid_game: bool = False) -> str:
        """This side's secrets as JSON, to publish at the end of the game or on dispute (it
        tells every face-down kind to whoever holds the other side's secrets too). Before the
        game has ended only with ``mid_game`` (issue 42 item 5): refused otherwise, saying what
        it would reveal."""
        loaded = self.service.load(name)
        secrets = self.secrets(self.ledger.mail(name), fairplay.decks(loaded.ruleset))
        if not fairplay.active(loaded.state) or secrets is None:
            raise FairPlayFileError(
                f"campaign {name!r} has no shuffle secrets here (not a "
                "fair campaign, or no pass made yet)",
                problem="no-pass",
            )
        if loaded.state.phase is not Phase.GAME_OVER and not mid_game:
            hidden = self.hidden_count(loaded)
            raise FairPlayFileError(
                f"campaign {name!r} has not ended: your opening, with the other side's "
                f"secrets, tells the kind of every card of the face-down decks, {hidden} of "
                "them not yet revealed by the rules; publish it now only for a dispute, with "
                "--mid-game",
                problem="mid-game",
            )
        return (
            json.dumps(
                {"campaign": loaded.state.campaign_id, **secrets.to_plain()},
                indent=1,
                sort_keys=True,
            )
            + "\n"
        )

    @staticmethod
    def hidden_count(loaded: Loaded) -> int:
        """How many cards of the face-down decks the rules have not revealed yet."""
        revealed = fairplay.slot(loaded.state)["revealed"]
        total = sum(len(labels) for labels in fairplay.decks(loaded.ruleset).values())
        return total - len(revealed)

    def audit(self, name: str, other_opening: bytes, source: str) -> str:
        """Recompute the whole shuffle from both openings (ours from this database, the other
        side's ``other_opening``); the line to print, or ``FairPlayFileError`` naming the
        side whose pass does not follow."""
        loaded = self.service.load(name)
        public, context = fairplay.decks(loaded.ruleset), loaded.state.campaign_id
        mail = self.ledger.mail(name)
        passes, mine = self.passes(mail, public), self.secrets(mail, public)
        if len(passes) < PASSES or mine is None:
            raise FairPlayFileError(
                f"campaign {name!r}: the shuffle is not complete here "
                f"({len(passes)} of {PASSES} passes)",
                problem="no-pass",
            )
        with _named(source):
            try:
                data = parse_json(other_opening)
            except JsonTooDeepError as error:
                raise FairPlayViolation("malformed", f"the opening: {error}") from None
            except ValueError:  # not JSON, not UTF-8 text
                raise FairPlayViolation("malformed", "the opening is not JSON") from None
            if not isinstance(data, dict) or data.get("campaign") != context:
                raise FairPlayViolation("malformed", "the opening is for another campaign")
            theirs = shuffle.Secrets.from_plain(data, public)
            if theirs.side == mine.side:
                raise FairPlayViolation(
                    "malformed", f"the opening is {mine.side}'s own, not the other side's"
                )
            audit(
                context,
                public,
                (passes[1], passes[2], passes[3]),
                {mine.side: mine, theirs.side: theirs},
            )
        cards = sum(len(labels) for labels in public.values())
        return (
            f"campaign {name!r}: the joint shuffle is sound: all {PASSES} passes follow from "
            f"both openings ({cards} cards, every key matches its commitment)"
        )


def _check_shares(turn: TurnFile, deck: shuffle.Deck | None) -> None:
    """Every ``share`` order of the file opens its side's commitment for that card, checked
    before the orders are re-run: a forged share resealed into a file is ``bad-share`` naming
    its side, not a state digest that differs (issue 42 item 6)."""
    if deck is None:
        return
    for batch in turn.body.batches:
        words = batch.order.split(" ")
        if len(words) == 4 and words[1] == "share":
            check_share(deck, words[0], words[2], words[3])


def _as_stored(made: shuffle.Pass) -> dict[str, object]:
    """A pass as a file carries it: in the key order of its stored canonical JSON, so that
    ``export --again`` writes the file again byte for byte from the stored pass."""
    plain: dict[str, object] = json.loads(canonical_json(made.to_plain()))
    return plain


def _next_duty(
    state: CampaignState, deck: shuffle.Deck, secrets: shuffle.Secrets | None, side: str
) -> str | None:
    """The next fair-play order ``side``'s machine owes on ``state``, or None."""
    fair = fairplay.slot(state)
    if fair["sealed"] is None:
        return f"{side} seal-deck {deck.digest}" if deck.first == side else None
    if secrets is None:
        return None
    pending = fairplay.pending(state)
    for card in pending:
        if side not in fair["shares"].get(card, {}):
            return f"{side} share {card} {secrets.share(card)}"
    for card in pending:
        shares = fair["shares"].get(card, {})
        if len(shares) == 2:
            return f"{side} reveal {card} {open_card(deck, card, shares)}"
    return None


def _card_of(state: CampaignState, subject: str) -> str:
    """The pending card a wait's subject names (a counter's alias or "draw N ...")."""
    for card in fairplay.pending(state):
        if fairplay.subject(state, card) == subject:
            return card
    return subject

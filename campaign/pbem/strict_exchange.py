"""Strict dice in the turn-file exchange (issue 34, ADR 0028, docs/turn-files.md "Strict
dice"): which dice every batch of an incoming file may roll, and the checks of the answer.

File ``n`` from side S carries ``commit_n`` (S's fresh secret ``x_n``, ``strict.commitment``)
and opens ``x_{n-2}``. An order S gives rolls with ``key_n`` (``strict.roll_key`` of
``x_{n-2}`` and the receiver's ``x_{n-1}``), which S cannot know: S's machine keeps the first
order that rolls undecided and it ends the file (``header.pending_order``). The receiver R,
holding both secrets once file ``n`` opened ``x_{n-2}``, decides it on import; R's next file
(``n+1``) carries that decision as its **first batch**, the only order of the other side a
file may carry, and opens ``x_{n-1}``, so S re-runs it with ``key_n`` and compares.

So for an incoming file ``n`` (this module, no SQL):

- batch 1 answers our own pending order of file ``n-1`` when we sent one: it must be that
  order exactly (``check_answer``: a missing or changed answer is named), rolled with
  ``key_{n-1}``;
- every other batch is an order its sender gave before our contribution was opened: it may
  roll no die (``TooSoon``; a file that does is refused and named);
- the file's own ``pending_order`` is decided here with ``key_n`` (``position.decide_pending``).
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec import Struct

from campaign.pbem.errors import StrictDiceError
from campaign.pbem.fair import strict
from campaign.pbem.model import TurnFile
from campaign.rules.dice import DiceSource, RollContext, SeededSource

#: The first file whose orders can roll strict dice (files 1 and 2 have no earlier secret).
FIRST_ROLLING_FILE = 3


class TooSoon:
    """The dice of an order its sender gave before the receiver's contribution was opened:
    the sender could not know them, so rolling any is refused (``StrictDiceError``)."""

    def __init__(self, sender: str, receiver: str) -> None:
        self.sender, self.receiver = sender, receiver

    def draw(self, ctx: RollContext) -> int:
        """Refuse: strict dice are rolled by the receiver of the file an order ends."""
        raise StrictDiceError(
            f"it rolls dice ({ctx.purpose}) that {self.sender} could not know when giving it: "
            f"with strict dice the order that rolls ends the file and {self.receiver}'s "
            "machine rolls it; refused",
            side=self.sender,
        )


class StrictKeys(Struct, frozen=True):
    """The dice keys an incoming file ``n`` opens to this machine: ``answer`` = ``key_{n-1}``
    (our own pending order of file n-1), ``pending`` = ``key_n`` (the file's pending order);
    None where a secret is missing (the first files)."""

    answer: str | None
    pending: str | None


def keys(
    campaign: str,
    exchange: int,
    reveal: str | None,
    own_before_last: str | None,
    own_last: str | None,
) -> StrictKeys:
    """The keys of incoming file ``exchange``, from the secret it opens (``x_{n-2}``) and our
    secrets of files ``n-3`` and ``n-1``."""

    def key(number: int, sender: str | None, receiver: str | None) -> str | None:
        if number < FIRST_ROLLING_FILE or sender is None or receiver is None:
            return None
        return strict.roll_key(campaign, number, sender, receiver)

    return StrictKeys(
        answer=key(exchange - 1, own_before_last, reveal), pending=key(exchange, reveal, own_last)
    )


def sources(
    turn: TurnFile, found: StrictKeys, answers: str | None, receiver: str
) -> Callable[[int], DiceSource]:
    """The dice source of each batch of ``turn`` (numbered from 1): the answer to our
    pending order rolls ``key_{n-1}``, every other batch none."""
    sender = turn.header.side.value
    too_soon = TooSoon(sender, receiver)

    def source(number: int) -> DiceSource:
        if number == 1 and answers is not None and found.answer is not None:
            return SeededSource(found.answer)
        return too_soon

    return source


def check_answer(turn: TurnFile, answers: str | None, source: str) -> None:
    """The file must begin with the decision of ``answers`` (our order that ended our last
    file), exactly as we gave it: a file that withholds it, or decides another order in its
    place, is refused and its sender named."""
    if answers is None:
        return
    header = turn.header
    sender = header.side.value
    orders = [batch.order for batch in turn.body.batches]
    if orders[:1] == [answers]:
        return
    if answers in orders:
        problem = f"decides your order {answers!r} only after other orders"
    elif orders and _same_side(orders[0], answers):
        problem = f"decides {orders[0]!r} in place of your order {answers!r}"
    else:
        problem = f"withholds the decision of your order {answers!r}"
    raise StrictDiceError(
        f"file {header.exchange} from {sender} {problem}, which ended file "
        f"{header.exchange - 1} and whose dice {sender}'s contribution rolls (strict dice): "
        "the game cannot go on without it; refused",
        side=sender,
        source=source,
    )


def _same_side(first: str, answers: str) -> bool:
    """True when the two order texts are given by the same side (their first word)."""
    return first.split(maxsplit=1)[:1] == answers.split(maxsplit=1)[:1]


def pending_source(turn: TurnFile, found: StrictKeys, source: str) -> DiceSource:
    """The dice of the order that ends ``turn`` (``key_n``); a file before the third cannot
    end with one (strict dice start with file 3)."""
    header = turn.header
    if found.pending is None:
        raise StrictDiceError(
            f"file {header.exchange} from {header.side.value} ends with an order whose dice "
            f"no contribution can roll yet (strict dice start with file {FIRST_ROLLING_FILE}); "
            "refused",
            side=header.side.value,
            source=source,
        )
    return SeededSource(found.pending)

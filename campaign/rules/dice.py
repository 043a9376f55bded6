"""Dice as a capability (DN-ERR-1, architecture property 3).

A *source* produces raw results; the engine wraps it in a ``Dice`` recorder for one order, which
area handlers use:

    value = dice.roll("frontier maintenance S-CR-4")      # 1d6, purpose is mandatory
    index = dice.choose("neutral shuffle", len(pile))      # uniform 0..n-1 (shuffles, draws)
    event = Maintained(..., rolls=dice.take())             # every roll goes into an event

Sources:

- ``SeededSource(seed)``: roll = HMAC-SHA256(seed, campaign id, game turn, phasing side (from
  game turn 1; set-up steps occur only once), step, purpose, index) mapped to 1..n by rejection
  sampling (no modulo bias). ``index`` counts earlier rolls with the same purpose in the same
  step (kept in ``state.dice_counts``), so a roll is bound to its declared purpose: resolving
  battles in another order cannot steer anyone's dice.
- ``PhysicalSource(callback)`` / ``PhysicalSource.from_values([...])``: a referee rolls real dice
  and types the values; out-of-range values are refused.
- ``FixedSource([...])``: a list of values for tests (each must be valid for the request).

Replay never rolls: the values are inside the events.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Iterable
from typing import Protocol

from msgspec import Struct

from campaign.rules.errors import EngineBugError, InvalidOrderError
from campaign.rules.state import CampaignState, Roll
from campaign.rules.wording import plural


class RollContext(Struct, frozen=True):
    """Everything a seeded roll is bound to besides the seed."""

    campaign_id: str
    turn: int
    step: int
    purpose: str
    index: int
    sides: int
    phasing: str = ""  # the phasing side: the same step recurs in both player turns


class DiceSource(Protocol):
    """Produces one result in ``1..ctx.sides``."""

    def draw(self, ctx: RollContext) -> int:
        """One die result for ``ctx``."""
        ...


class SeededSource:
    """Deterministic, purpose-bound dice from a secret seed (HMAC-SHA256)."""

    def __init__(self, seed: str | bytes) -> None:
        self._key = seed.encode() if isinstance(seed, str) else seed

    def draw(self, ctx: RollContext) -> int:
        """Map HMAC output to ``1..sides`` by rejection sampling over 32-bit words."""
        parts = [ctx.campaign_id, str(ctx.turn), str(ctx.step), ctx.purpose, str(ctx.index)]
        if ctx.phasing:  # player turns: the same step recurs in both player turns of a turn
            parts.insert(2, ctx.phasing)
        message = "\x1f".join(parts).encode()
        limit = (2**32 // ctx.sides) * ctx.sides
        block = 0
        while True:
            digest = hmac.new(
                self._key, message + b"\x1e" + str(block).encode(), hashlib.sha256
            ).digest()
            for offset in range(0, len(digest), 4):
                word = int.from_bytes(digest[offset : offset + 4], "big")
                if word < limit:
                    return word % ctx.sides + 1
            block += 1


class PhysicalSource:
    """Dice rolled at the table: values come from a callback or a prepared list.

    ``by_hand``: a person rolls these dice and types them in, so a roll whose every face
    succeeds is not asked for (``Dice.roll_to_reach``)."""

    by_hand = True

    def __init__(self, callback: Callable[[RollContext], int]) -> None:
        self._callback = callback

    @classmethod
    def from_values(cls, values: Iterable[int]) -> EnteredDice:
        """A source that hands out ``values`` in order (entered in advance by the referee);
        ``engine.decide`` requires exactly as many values as the order rolls."""
        return EnteredDice(values)

    def draw(self, ctx: RollContext) -> int:
        """Ask for the value and check it is a face of the die."""
        value = self._callback(ctx)
        if not isinstance(value, int) or not 1 <= value <= ctx.sides:
            raise InvalidOrderError(
                f"DN-ERR-1: die value {value!r} for {ctx.purpose!r} is not 1..{ctx.sides}"
            )
        return value


class MissingDiceError(InvalidOrderError):
    """An order needed more entered dice than were given (``engine.decide`` explains which)."""


class RerollNeedsDice(MissingDiceError):
    """A roll that tied is rolled again, but the entered dice ran out (DN-CBT-1): the handler
    says why in ``reason`` under ``rule`` and names every die of the re-roll in ``needed``, so
    the refusal asks for exactly those (``engine.decide``)."""

    def __init__(self, rule: str, reason: str, needed: list[str]) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason
        self.needed = list(needed)


#: The most die values one order may be given (bounds typed input, DN-ERR-1).
MAX_ENTERED_DICE = 500
#: What the counting probe answers for missing values, in turn (``EnteredDice.padded``).
PAD_VALUES = (1, 6)


class Screen(Struct, frozen=True):
    """The dice a player's seat may not see rolled (``views.conceals_die``): they are not his
    to type, so typed dice skip them and ``behind`` rolls them, as a referee would behind his
    screen (DN-NEU-1: how many there are would bound a face-down counter's factors)."""

    conceals: Callable[[str], bool]
    behind: DiceSource


class EnteredDice(PhysicalSource):
    """Dice typed in for one order (``--dice 3,5,1``): the order must use every value, no more
    and no fewer (DN-ERR-1, DN-SEQ-2). ``asked`` records the purpose of every roll requested, so
    a refusal can say how many dice the order rolls and which shot each one is for.
    ``padded()`` is a probe that answers 1 and 6 in turn once the values run out, to list the
    rest (made-up values that alternate never tie a range roll, so the probe cannot loop); it
    starts with 6 after a typed value of 3 or less, so the first made-up value never ties with
    the typed one either (DN-CBT-1: a tie would count the re-roll's dice as due).
    With a ``screen`` (a player's seat), the rolls it conceals are drawn from its source and
    are neither typed, asked nor counted."""

    def __init__(
        self, values: Iterable[int], *, pad: bool = False, screen: Screen | None = None
    ) -> None:
        self.values = list(values)
        if len(self.values) > MAX_ENTERED_DICE:
            raise InvalidOrderError(
                f"DN-ERR-1: {len(self.values)} die values entered; at most {MAX_ENTERED_DICE}"
            )
        self.asked: list[str] = []
        self._pad = pad
        # The first made-up value is the face farthest from the last value typed, so that it
        # cannot tie with it: one range die typed (1) and a made-up 1 tied, and the refusal
        # counted a re-roll the order does not need (found by use, December 7, evening).
        self._pad_start = 1 if self.values and self.values[-1] <= 3 else 0
        self.screen = screen

        def next_value(ctx: RollContext) -> int:
            if screen is not None and screen.conceals(ctx.purpose):
                return screen.behind.draw(ctx)
            self.asked.append(ctx.purpose)
            if len(self.asked) <= len(self.values):
                return self.values[len(self.asked) - 1]
            if self._pad:
                missing = len(self.asked) - len(self.values) - 1 + self._pad_start
                return min(PAD_VALUES[missing % len(PAD_VALUES)], ctx.sides)
            raise MissingDiceError(
                f"DN-ERR-1: a die roll is needed for {ctx.purpose!r} but none was entered"
            )

        super().__init__(next_value)

    @property
    def surplus(self) -> int:
        """Values entered but not used (negative: missing)."""
        return len(self.values) - len(self.asked)

    def padded(self) -> EnteredDice:
        """A probe with the same values that answers 1, 6, 1, ... for the missing rolls."""
        return EnteredDice(self.values, pad=True, screen=self.screen)


def reroll_refusal(
    error: RerollNeedsDice, asked: list[str], entered: int, screen: Screen | None = None
) -> InvalidOrderError:
    """The refusal of typed dice that tied with none left for the re-roll: the rule and the
    reason first ("DN-CBT-1: range tie ...: give 2 more dice"), then every die in order (those
    ``screen`` conceals left out: they are not typed)."""
    needed = [p for p in error.needed if screen is None or not screen.conceals(p)]
    purposes = asked[:entered] + needed
    listing = "; ".join(f"{n}) {purpose}" for n, purpose in enumerate(purposes, start=1))
    more = len(purposes) - entered
    return InvalidOrderError(
        f"{error.rule}: {error.reason}: give {plural(more, 'more die', 'more dice')} "
        f"({len(purposes)} in all), in this order: {listing}"
    )


def wrong_dice_count(
    purposes: list[str], entered: int, screen: Screen | None = None
) -> InvalidOrderError:
    """The DN-ERR-1 refusal of an order given the wrong number of dice: how many it rolls and
    which roll (which unit's shot) each value is for, in order. Behind a ``screen`` (a
    player's seat) it counts the dice the seat types, in words that hold whether or not the
    order also rolls some from the seed (DN-NEU-1)."""
    count = len(purposes)
    listing = "; ".join(f"{n}) {purpose}" for n, purpose in enumerate(purposes, start=1))
    if count == 0:
        takes = "takes none of your dice" if screen is not None else "rolls no dice"
        return InvalidOrderError(
            f"DN-ERR-1: this order {takes}, but {plural(entered, 'value')} "
            f"{'was' if entered == 1 else 'were'} entered"
        )
    if entered > count:
        told = f"{entered} values were entered: {entered - count} too many"
    else:
        told = f"only {entered} were entered; {purposes[entered]!r} is the first missing"
    rolls = plural(count, "die", "dice")
    takes = f"takes {count} of your dice" if screen is not None else f"rolls {rolls}"
    return InvalidOrderError(
        f"DN-ERR-1: this order {takes} and {told}. Give exactly {count}, in this order: {listing}"
    )


class FixedSource(PhysicalSource):
    """Test source: the given values in order, whatever the purpose."""

    def __init__(self, values: Iterable[int]) -> None:
        queue = list(values)
        self.remaining = queue

        def next_value(ctx: RollContext) -> int:
            if not queue:
                raise EngineBugError(f"FixedSource exhausted at {ctx.purpose!r}")
            return queue.pop(0)

        super().__init__(next_value)


class NoDice:
    """A source for orders that must not roll (replay, legality probes): any roll is a bug."""

    def draw(self, ctx: RollContext) -> int:
        """Always fails."""
        raise EngineBugError(f"a die was rolled for {ctx.purpose!r} where none is allowed")


class Dice:
    """The per-order recorder handed to decide-handlers. See the module docstring."""

    def __init__(self, source: DiceSource, state: CampaignState) -> None:
        self._source = source
        self._state = state
        self._local_counts: dict[str, int] = {}
        self._pending: list[Roll] = []
        self.all_rolls: list[Roll] = []

    def rebind(self, state: CampaignState) -> None:
        """Follow the scratch state when ``decide`` applies events between handlers."""
        self._state = state
        self._local_counts = {}

    def _draw(self, purpose: str, sides: int) -> int:
        if not purpose:
            raise EngineBugError("every die roll needs a purpose")
        index = self._state.dice_counts.get(purpose, 0) + self._local_counts.get(purpose, 0)
        state = self._state
        phasing = state.phasing.value if state.turn > 0 else ""  # set-up steps occur once
        ctx = RollContext(state.campaign_id, state.turn, state.step, purpose, index, sides, phasing)
        value = self._source.draw(ctx)
        self._local_counts[purpose] = self._local_counts.get(purpose, 0) + 1
        roll = Roll(purpose=purpose, value=value, sides=sides)
        self._pending.append(roll)
        self.all_rolls.append(roll)
        return value

    def roll(self, purpose: str) -> int:
        """Roll 1d6 for ``purpose`` (e.g. ``"range roll Kuzu round 2 aslan"``)."""
        return self._draw(purpose, 6)

    def roll_to_reach(self, purpose: str, target: int) -> int | None:
        """Roll 1d6 for ``purpose`` that succeeds on ``target`` or more, or ``None`` when no
        die is rolled: every face reaches ``target`` (1 or less) and a person would roll it
        (a source ``by_hand``: dice typed at the table). Asking a referee for a die that cannot
        change anything wastes his time (found by use, December 7). The tool's own dice
        (seeded, commit-reveal, strict) still roll it, as they always did: the dice of a game
        or a turn file made before stay the same, and so do their digests."""
        if target <= 1 and getattr(self._source, "by_hand", False):
            return None
        return self.roll(purpose)

    def choose(self, purpose: str, count: int) -> int:
        """A uniform index ``0..count-1`` (a die with ``count`` faces, minus one)."""
        if count < 1:
            raise EngineBugError(f"choose from {count} items for {purpose!r}")
        if count == 1:
            return 0
        return self._draw(purpose, count) - 1

    def shuffle(self, purpose: str, items: list[str]) -> list[str]:
        """A shuffled copy of ``items`` (Fisher-Yates with ``choose``)."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.choose(f"{purpose} #{i}", i + 1)
            result[i], result[j] = result[j], result[i]
        return result

    def take(self) -> list[Roll]:
        """The rolls made since the last ``take``; put them into the event they decided."""
        taken, self._pending = self._pending, []
        return taken

    @property
    def untaken(self) -> list[Roll]:
        """Rolls not yet handed to an event (must be empty when a handler returns)."""
        return list(self._pending)

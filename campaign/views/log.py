"""The log as a viewer reads it (``campaign log``, ``log --raw``, the TUI's Log tab, the report of
an imported turn file): one entry per order batch, with its sentences and every die with its
purpose and origin.

Pure functions of the log rows and their events: for a player (``viewer``) the order texts,
sentences and dice purposes name neutral counters by their aliases as the state of that moment
shows them, and the dice of secret events are only counted (DN-NEU-1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from msgspec import Struct
from msgspec.structs import replace

from campaign.rules import engine, narration
from campaign.rules.base import Event
from campaign.rules.combat.space_events import BattlesOpened
from campaign.rules.flow import CampaignStarted
from campaign.rules.ids import ORDER_GIVERS, Side
from campaign.rules.narration import BattleSummary, Narrated
from campaign.rules.referee import DiceEntered, RefereeRestored
from campaign.rules.registry import event_types
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState
from campaign.rules.suggest import by_beginning, did_you_mean
from campaign.rules.views import concealed, see
from campaign.views.report import viewer_name
from campaign.views.words import plural


class Logged(Protocol):
    """What a view needs of a stored event row: its order batch, number and order text."""

    @property
    def batch(self) -> int: ...
    @property
    def seq(self) -> int: ...
    @property
    def order_text(self) -> str: ...


class StoryEntry(Struct, frozen=True):
    """One order batch of the log as sentences (``CampaignService.story``).

    ``turn`` is the game turn when the order was given, ``side`` the side that gave it
    (``referee`` or ``-`` for the campaign start), ``types`` the event types it produced,
    ``lines`` the condensed sentences and ``rolls`` every die with its purpose.
    """

    batch: int
    first_seq: int
    turn: int
    side: str
    order_text: str
    types: tuple[str, ...]
    lines: tuple[str, ...]
    rolls: tuple[str, ...]
    dice_origin: str = ""  # where the dice came from (``dice_origin``), when there are dice

    def matches(
        self, *, turn: int | None = None, side: str | None = None, event_type: str | None = None
    ) -> bool:
        """Filter as the TUI log does: game turn, side prefix, event type (substring)."""
        return _matches(self.turn, self.side, self.types, turn, side, event_type)


def _matches(
    turn: int,
    side: str,
    types: Sequence[str],
    want_turn: int | None,
    want_side: str | None,
    event_type: str | None,
) -> bool:
    """Whether an order batch given in game turn ``turn`` by ``side``, with events of
    ``types``, passes a filter (each part None: not filtered): the game turn, a side prefix,
    an event type or part of one. The same for the sentences and ``--raw``."""
    if want_turn is not None and turn != want_turn:
        return False
    if want_side is not None and not side.startswith(want_side.lower()):
        return False
    return event_type is None or any(event_type in t for t in types)


class LogFilter(Struct, frozen=True):
    """What ``campaign log`` keeps (``StoryEntry.matches``): the game turn an order was given
    in, who gave it (one of ``ORDER_GIVERS``), an event type or part of one."""

    turn: int | None = None
    side: str | None = None
    event_type: str | None = None

    @classmethod
    def checked(cls, turn: int | None, side: str | None, event_type: str | None) -> LogFilter:
        """The filter as typed; ``ValueError`` with one sentence (and a "did you mean") for a
        side that is none of ``ORDER_GIVERS`` or a type that no event type holds, which would keep
        nothing whatever the log holds. A side is read by its prefix, as the TUI's filter
        reads it (``sol``: solomani)."""
        if side:
            full = by_beginning(side, ORDER_GIVERS)  # as every command reads a side's name
            if full is None:
                raise ValueError(
                    f"--by {side!r}: orders are given by aslan, solomani or referee"
                    f"{did_you_mean(side.lower(), ORDER_GIVERS)}"
                )
            side = full
        if event_type and not any(event_type in known for known in event_types()):
            hint = did_you_mean(event_type, event_types()) or (
                "; `campaign log NAME --raw` shows each order's event types"
            )
            raise ValueError(f"--type {event_type!r}: no event type is called so or holds it{hint}")
        return cls(turn=turn, side=side or None, event_type=event_type or None)

    @property
    def active(self) -> bool:
        """Whether the filter leaves any order out."""
        return self != LogFilter()

    def keeps(self, entry: StoryEntry | LogLine) -> bool:
        """Whether ``entry`` (of the sentences, or of ``--raw``) passes the filter."""
        return entry.matches(turn=self.turn, side=self.side, event_type=self.event_type)

    def nothing_kept(self, name: str, viewer: Side | None) -> str:
        """The one line printed when the filter keeps no order of the log as ``viewer`` reads
        it (a player's log may lack what the referee's holds)."""
        what = []
        if self.turn is not None:
            what.append(f"given in game turn {self.turn}")
        if self.side is not None:
            what.append(f"given by {self.side}")
        if self.event_type is not None:
            exact = self.event_type in event_types()
            what.append(
                f"with an event of type {self.event_type!r}"
                if exact
                else f"with an event whose type holds {self.event_type!r}"
            )
        return f"{name}: the log as {viewer_name(viewer)} sees it has no order {', '.join(what)}"


class LogLine(Struct, frozen=True):
    """One order batch of the log (``--raw``); ``turn`` and ``side`` as in ``StoryEntry``."""

    batch: int
    first_seq: int
    turn: int
    side: str
    order_text: str
    events: list[str]
    rolls: list[str]
    dice_origin: str = ""  # who rolled the dice: seeded, typed at the table, referee override
    reverted: str = ""  # a referee undo: the order text it reverted (as the viewer reads it)

    def matches(
        self, *, turn: int | None = None, side: str | None = None, event_type: str | None = None
    ) -> bool:
        """Filter as ``StoryEntry.matches`` does."""
        return _matches(self.turn, self.side, self.events, turn, side, event_type)


def dice_origin(
    record: DiceEntered | None, mode: str, rolled: int | None = None, *, setup: bool = False
) -> str:
    """Where the dice of a batch came from, as the log shows it. ``rolled``: how many dice the
    batch rolled, given for the referee's eyes only: a player's order typed at the table takes
    from the seed the dice he may not see (docs/seats.md), and the referee reads how many.
    ``setup``: the batch that started the campaign, whose neutral shuffle rolls with the
    set-up seed in every mode (no file's key exists yet, docs/turn-files.md; found by use,
    December 7: a commit-reveal campaign's log said "commit-reveal key" for it)."""
    if record is None:
        if mode in ("commit-reveal", "strict"):
            if setup:
                return "set-up seed"
            return f"{mode} key"
        return "seeded"
    if record.origin == "physical":
        behind = (rolled or 0) - len(record.values)
        seeded = f", {behind} from the seed behind the screen" if behind > 0 else ""
        return "typed at the table" + seeded + (f" ({record.reason})" if record.reason else "")
    return f"typed by the referee: {record.reason}"


class Reverted:
    """The order a referee undo reverted, as the log names it (found by use, December 7: the
    log said only "state restored to event N", the command's answer named the order): the
    first order after the state the undo put back, event ``to_seq + 1``, as
    ``campaign.app.orders.reverted_row`` finds it for the answer."""

    def __init__(self, rows: Sequence[Logged]) -> None:
        self._rows = rows
        self._by_seq: dict[int, Logged] | None = None  # made at the first referee undo

    def of(self, event: Event, state: CampaignState, viewer: Side | None) -> str:
        """The order text ``event`` reverted as ``viewer`` reads it in ``state`` (the state
        before the undo), or "" when ``event`` is no referee undo or that order is not among
        the rows (a log read from the middle)."""
        if not isinstance(event, RefereeRestored):
            return ""
        if self._by_seq is None:
            self._by_seq = {row.seq: row for row in self._rows}
        row = self._by_seq.get(event.to_seq + 1)
        return "" if row is None else see(state, viewer).text(row.order_text)


def order_side(order_text: str) -> str:
    """The side word an order text starts with (``aslan``, ``solomani``, ``referee``) or ``-``."""
    head = order_text.split(" ", 1)[0]
    return head if head in ORDER_GIVERS else "-"


def log_lines(
    rows: Sequence[Logged], events: Sequence[Event], dice_mode: str, viewer: Side | None = None
) -> list[LogLine]:
    """One line per order batch: its order text, event types, dice and where they came from.
    For a player the order texts and dice purposes name counters by alias (DN-NEU-1)."""
    lines: list[LogLine] = []
    state = CampaignState()
    rolled = 0  # dice rolled by the current batch
    setup = False  # the current batch started the campaign
    reverted = Reverted(rows)
    for row, event in zip(rows, events, strict=True):
        same_batch = bool(lines) and lines[-1].batch == row.batch
        rolled = (rolled if same_batch else 0) + len(event.rolls)
        setup = (setup and same_batch) or isinstance(event, CampaignStarted)
        if event.secret:
            rolls = [plural(len(event.rolls), "hidden roll")] if event.rolls else []
        else:  # the campaign before the event names and hides as the sentences do
            hidden = concealed(state, viewer) if event.rolls else None
            rolls = list(narration.rolls_of(event, viewer, state, hidden))
        if same_batch:
            lines[-1].events.append(event.type)
            lines[-1].rolls.extend(rolls)
        else:
            lines.append(
                LogLine(
                    row.batch,
                    row.seq,
                    state.turn,
                    order_side(row.order_text),
                    see(state, viewer).text(row.order_text),
                    [event.type],
                    rolls,
                )
            )
        undone = reverted.of(event, state, viewer)
        if undone:
            lines[-1] = replace(lines[-1], reverted=undone)
        engine.apply_event(state, event)
        if isinstance(event, DiceEntered):
            counted = rolled if viewer is None else None  # the referee reads how many
            lines[-1] = replace(lines[-1], dice_origin=dice_origin(event, dice_mode, counted))
        elif rolls and not lines[-1].dice_origin:
            lines[-1] = replace(lines[-1], dice_origin=dice_origin(None, dice_mode, setup=setup))
    return lines


def story(
    rows: Sequence[Logged],
    events: Sequence[Event],
    ruleset: Ruleset,
    dice_mode: str,
    *,
    viewer: Side | None = None,
    first_seq: int = 1,
    last_seq: int | None = None,
    before: CampaignState | None = None,
) -> list[StoryEntry]:
    """The log as sentences, one entry per order batch. Only batches starting in
    ``first_seq..last_seq`` are kept; the state before them is folded from the start so names
    are those of the moment. ``before`` is the state the ``rows`` start from (folded in place):
    an import tells the batches it appended without reading the log again."""
    state = CampaignState() if before is None else before
    entries: list[StoryEntry] = []
    reverted = Reverted(rows)
    start = 0
    while start < len(rows):
        end = start
        while end < len(rows) and rows[end].batch == rows[start].batch:
            end += 1
        batch = list(events[start:end])
        row = rows[start]
        if row.seq >= first_seq and (last_seq is None or row.seq <= last_seq):
            narrated = _without_dice_echo(
                narration.narrate(batch, state, viewer=viewer, ruleset=ruleset)
            )
            record = next((e for e in batch if isinstance(e, DiceEntered)), None)
            undone = [f"reverted: {text}" for e in batch if (text := reverted.of(e, state, viewer))]
            entries.append(
                StoryEntry(
                    batch=row.batch,
                    first_seq=row.seq,
                    turn=state.turn,
                    side=order_side(row.order_text),
                    order_text=see(state, viewer).text(row.order_text),  # older logs: real ids
                    types=tuple(e.type for e in batch),
                    lines=(*undone, *narration.condense(narrated)),
                    rolls=tuple(r for item in narrated for r in item.rolls),
                    dice_origin=dice_origin(
                        record,
                        dice_mode,
                        sum(len(e.rolls) for e in batch) if viewer is None else None,
                        setup=any(isinstance(e, CampaignStarted) for e in batch),
                    ),
                )
            )
        engine.fold(batch, state)
        start = end
    return entries


def _without_dice_echo(narrated: list[Narrated]) -> list[Narrated]:
    """``narrated`` without the sentence "Dice typed at the table: 3, 4" when the batch's dice
    line shows those dice with their purposes and says they were typed at the table (found by
    use, December 8: the log showed the typed dice twice for one order). A batch whose typed
    dice show no line of their own (none rolled, or all hidden from the viewer) keeps the
    sentence; so does a referee's override of seeded dice, the record of that override
    (DN-ERR-1)."""
    if not any(item.rolls for item in narrated):
        return narrated
    return [
        item
        for item in narrated
        if not (isinstance(item.event, DiceEntered) and item.event.origin == "physical")
    ]


def standing_seqs(rows: Sequence[Logged], events: Sequence[Event]) -> set[int]:
    """The event numbers that still stand: a ``referee-restored`` event puts the campaign back
    to its state after event ``to_seq``, so the events between are no longer part of the
    story (the restore itself neither; a later restore may bring them back)."""
    standing: dict[int, tuple[int, ...]] = {0: ()}
    current: tuple[int, ...] = ()
    for row, event in zip(rows, events, strict=True):
        if isinstance(event, RefereeRestored):
            current = standing.get(event.to_seq, current)
        else:
            current = (*current, row.seq)
        standing[row.seq] = current
    return set(current)


def short_ids_by_batch(
    rows: Sequence[Logged], events: Sequence[Event]
) -> dict[int, dict[str, str]]:
    """For every batch given while battles were open: full battle id → ``bN``, numbered in the
    order the battles of that combat step opened (DN-CBT-1)."""
    current: dict[str, str] = {}
    found: dict[int, dict[str, str]] = {}
    for row, event in zip(rows, events, strict=True):
        if isinstance(event, BattlesOpened):
            current = {bid: f"b{n}" for n, bid in enumerate(event.battles, 1)}
        if current:
            found.setdefault(row.batch, current)
    return found


def last_battle(
    rows: Sequence[Logged], events: Sequence[Event], ruleset: Ruleset, viewer: Side | None
) -> BattleSummary:
    """What the most recent battles did, narrated from the log as it stands: what a referee
    undo reverted is no longer part of it (issue 31 item 4)."""
    kept = standing_seqs(rows, events)
    standing = [event for row, event in zip(rows, events, strict=True) if row.seq in kept]
    return narration.last_battle_summary(standing, CampaignState(), viewer=viewer, ruleset=ruleset)


def outcome_lines(
    events: Sequence[Event], before: CampaignState, ruleset: Ruleset, viewer: Side | None
) -> list[str]:
    """What an order just did, in the rules core's condensed sentences, as ``viewer`` reads
    them (``before``: the state the order was given on)."""
    return narration.condense(narration.narrate(events, before, viewer=viewer, ruleset=ruleset))

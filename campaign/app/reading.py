"""Reading a campaign for a viewer: the status, the log lines and the story, built by the read
side (``campaign.views``) from the state and the log this layer loads."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from campaign.app.campaigns import Campaigns, parse_stored
from campaign.rules import engine, narration
from campaign.rules.acting import Duty, who_must_act
from campaign.rules.base import Event
from campaign.rules.flow import FLOW
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.referee import DiceEntered
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState, Where
from campaign.rules.views import redact, view_digest
from campaign.store.rows import StoredEvent


@dataclass
class Status:
    """What ``campaign status`` shows."""

    name: str
    turn: int
    step: str
    phasing: Side
    acting: Side
    ru: dict[Side, int]
    units: dict[Side, int]
    unplaced: dict[Side, int]
    seq: int
    digest: str
    winner: Side | None
    legal: list[engine.LegalOrder] = field(default_factory=list)
    legal_other: list[engine.LegalOrder] = field(default_factory=list)  # non-acting side
    duties: list[Duty] = field(default_factory=list)  # who must act now, most urgent first


@dataclass(frozen=True)
class StoryEntry:
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

    def matches(self, *, turn: int | None = None, side: str | None = None,
                event_type: str | None = None) -> bool:
        """Filter as the TUI log does: game turn, side prefix, event type (substring)."""
        if turn is not None and self.turn != turn:
            return False
        if side is not None and not self.side.startswith(side.lower()):
            return False
        return event_type is None or any(event_type in t for t in self.types)


@dataclass(frozen=True)
class LogLine:
    """One order batch of the log."""

    batch: int
    first_seq: int
    order_text: str
    events: list[str]
    rolls: list[str]
    dice_origin: str = ""  # who rolled the dice: seeded, typed at the table, referee override


def dice_origin(record: DiceEntered | None, mode: str) -> str:
    """Where the dice of a batch came from, as the log shows it."""
    if record is None:
        return "commit-reveal key" if mode == "commit-reveal" else "seeded"
    if record.origin == "physical":
        return "typed at the table" + (f" ({record.reason})" if record.reason else "")
    return f"typed by the referee: {record.reason}"


class Reading(Campaigns):
    """Status, log and story of a campaign as a viewer may read them."""

    def status(self, name: str, viewer: Side | None = None) -> Status:
        """Turn, phase, who acts, RU, unit counts, digest and the order types legal now; the
        digest is of what ``viewer`` sees (``views.view_digest``)."""
        loaded = self.load(name)
        state = loaded.state
        units = {s: sum(1 for _ in state.units_of(s)) for s in PLAYER_SIDES}
        unplaced = {
            s: sum(1 for u in state.units_of(s) if u.location.where is Where.UNPLACED)
            for s in PLAYER_SIDES
        }
        return Status(
            name=name,
            turn=state.turn,
            step=FLOW[state.step].label,
            phasing=state.phasing,
            acting=state.acting,
            ru=dict(state.ru),
            units=units,
            unplaced=unplaced,
            seq=loaded.head.seq,
            digest=view_digest(state, viewer),
            winner=state.winner,
            legal=engine.legal_orders(state, state.acting, loaded.ruleset),
            legal_other=engine.legal_orders(state, state.acting.enemy, loaded.ruleset),
            duties=who_must_act(state, loaded.ruleset),
        )

    def log(self, name: str, viewer: Side | None = None) -> list[LogLine]:
        """The verified log, one line per order batch, with the origin of its dice. For a
        player (``viewer``) the order texts and dice purposes name face-down counters by their
        aliases, as the state of that moment shows them (DN-NEU-1)."""
        self.store.campaign(name)
        rows = self.store.rows(name)
        self.store.verify_rows(name, rows)
        mode = self.store.dice_mode(name)
        lines: list[LogLine] = []
        state = CampaignState()
        for row, event in zip(rows, parse_stored(rows, name), strict=True):
            rolls = [redact(f"{r.purpose}={r.value}", state, viewer) for r in event.rolls]
            if event.secret:
                rolls = [f"{len(event.rolls)} hidden roll(s)"] if event.rolls else []
            if lines and lines[-1].batch == row.batch:
                lines[-1].events.append(event.type)
                lines[-1].rolls.extend(rolls)
            else:
                lines.append(LogLine(row.batch, row.seq, redact(row.order_text, state, viewer),
                                     [event.type], rolls))
            engine.apply_event(state, event)
            if isinstance(event, DiceEntered):
                lines[-1] = replace(lines[-1], dice_origin=dice_origin(event, mode))
            elif rolls and not lines[-1].dice_origin:
                lines[-1] = replace(lines[-1], dice_origin=dice_origin(None, mode))
        return lines

    def story(
        self,
        name: str,
        *,
        viewer: Side | None = None,
        first_seq: int = 1,
        last_seq: int | None = None,
    ) -> list[StoryEntry]:
        """The verified log as sentences, one entry per order batch (``campaign log``, the
        CLI report of ``import``). Only batches starting in ``first_seq..last_seq`` are kept;
        the state before them is folded from the start so names are those of the moment."""
        loaded = self.load(name)
        return story_of(loaded.rows, parse_stored(loaded.rows, name), CampaignState(),
                        loaded.ruleset, loaded.dice_mode, viewer=viewer, first_seq=first_seq,
                        last_seq=last_seq)


def story_of(rows: list[StoredEvent], events: list[Event], state: CampaignState,
             ruleset: Ruleset, dice_mode: str, *, viewer: Side | None = None,
             first_seq: int = 1, last_seq: int | None = None) -> list[StoryEntry]:
    """The story of the log ``rows`` (parsed as ``events``) told from ``state``, the state
    before them (folded in place): one entry per order batch starting in
    ``first_seq..last_seq`` (an import tells the batches it appended from the state it started
    from, without reading the log again)."""
    entries: list[StoryEntry] = []
    start = 0
    while start < len(rows):
        end = start
        while end < len(rows) and rows[end].batch == rows[start].batch:
            end += 1
        batch = events[start:end]
        row = rows[start]
        keep = row.seq >= first_seq and (last_seq is None or row.seq <= last_seq)
        if keep:
            narrated = narration.narrate(batch, state, viewer=viewer, ruleset=ruleset)
            record = next((e for e in batch if isinstance(e, DiceEntered)), None)
            entries.append(StoryEntry(
                batch=row.batch, first_seq=row.seq, turn=state.turn,
                side=_order_side(row.order_text),
                order_text=redact(row.order_text, state, viewer),  # older logs: real ids
                types=tuple(e.type for e in batch),
                lines=tuple(narration.condense(narrated)),
                rolls=tuple(r for item in narrated for r in item.rolls),
                dice_origin=dice_origin(record, dice_mode),
            ))
        engine.fold(batch, state)
        start = end
    return entries


def _order_side(order_text: str) -> str:
    """The side word an order text starts with (``aslan``, ``solomani``, ``referee``) or ``-``."""
    head = order_text.split(" ", 1)[0]
    return head if head in ("aslan", "solomani", "referee") else "-"

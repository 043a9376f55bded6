"""The log as the TUI shows it, from the rows the session already holds (issue 48 item 2).

The Log tab, the Battle tab's last round and the table view's results all read the verified
log the session loaded (``Loaded.rows``, kept up to date by every write and by following the
campaign live): nothing here reads the store. The rows are parsed once per state of the held
campaign and the log rows built once; a screen asking again gets them back.
"""

from __future__ import annotations

from msgspec import Struct

from campaign.app import Event, parse_stored
from campaign.tui.session_core import SessionCore
from campaign.views.battles import round_lines
from campaign.views.log import (
    BattleSummary,
    last_battle,
    log_lines,
    short_ids_by_batch,
    standing_seqs,
    story,
)


def filter_mistake(query: str) -> str | None:
    """What in the log filter ``query`` cannot match any order as typed (``turn:abc``: game
    turns are numbers), or ``None``. An empty table then says so instead of only "no order
    matches" (found by use, December 7, evening)."""
    for term in query.lower().split():
        key, _, value = term.partition(":")
        if key == "turn" and value and not value.isdigit():
            return f"{term}: a game turn is a whole number, e.g. turn:1"
    return None


class LogRow(Struct, frozen=True):
    """One order batch of the log with the game turn and side it belongs to (for filtering),
    and the numbers of its first and last event (the "event N" of the phase tracker)."""

    batch: int
    turn: int
    side: str
    order: str
    events: tuple[str, ...]
    rolls: tuple[str, ...]
    first_seq: int = 0
    last_seq: int = 0
    #: What happened, in the rules core's sentences (``CampaignService.story``), condensed.
    sentences: tuple[str, ...] = ()

    @property
    def numbers(self) -> str:
        """The event numbers of the batch: ``71`` or ``70–72``."""
        if self.first_seq == self.last_seq:
            return str(self.last_seq)
        return f"{self.first_seq}–{self.last_seq}"

    def matches(self, query: str) -> bool:
        """``turn:N``, ``side:NAME``, ``type:EVENT`` terms and free words, all must match."""
        for term in query.lower().split():
            key, _, value = term.partition(":")
            if value and key == "turn":
                if str(self.turn) != value:
                    return False
            elif value and key == "side":
                if not self.side.startswith(value):
                    return False
            elif value and key == "type":
                if not any(value in event for event in self.events):
                    return False
            elif term not in self._text():
                return False
        return True

    def _text(self) -> str:
        """Everything a free word of the filter is looked for in, lower case."""
        parts = (self.order, *self.events, *self.sentences, *self.rolls)
        return " ".join(parts).lower()


class SessionLog(SessionCore):
    """The log part of ``CampaignSession`` (see the module)."""

    #: What was built from the held log, for the held campaign (object and head) it came from.
    _log_key: tuple[int, object] | None = None
    _log_events: list[Event]
    _log_rows: list[LogRow]

    def _held_events(self) -> list[Event]:
        """The held log parsed (once per state of the held campaign)."""
        key = (id(self.loaded), self.loaded.head)
        if self._log_key != key:
            self._log_events = parse_stored(self.loaded.rows, self.name)
            self._log_rows = self._build_log_rows(self._log_events)
            self._log_key = key
        return self._log_events

    def log_rows(self) -> list[LogRow]:
        """The verified log, one row per order batch: its event numbers, game turn, the side
        that gave it, what happened in the rules core's sentences and the dice (a secret
        roll's value hidden), as ``viewer`` may read them. Battle ids are written short
        (``b1``, the id of their combat step, issue 31 item 11). Built from the held log."""
        self._held_events()
        return list(self._log_rows)

    def _build_log_rows(self, events: list[Event]) -> list[LogRow]:
        loaded = self.loaded
        rows = loaded.rows
        lines = log_lines(rows, events, loaded.dice_mode, self.viewer)
        told = {
            entry.batch: entry
            for entry in story(rows, events, loaded.ruleset, loaded.dice_mode, viewer=self.viewer)
        }
        shorts = short_ids_by_batch(rows, events)
        ends = [line.first_seq - 1 for line in lines[1:]] + [loaded.head.seq]
        out = []
        for line, last_seq in zip(lines, ends, strict=True):
            entry = told.get(line.batch)
            out.append(
                LogRow(
                    batch=line.batch,
                    turn=entry.turn if entry else 0,
                    side=entry.side if entry and entry.side != "-" else "",
                    order=with_short_ids(line.order_text, shorts.get(line.batch, {})),
                    events=tuple(line.events),
                    rolls=tuple(line.rolls),
                    first_seq=line.first_seq,
                    last_seq=last_seq,
                    sentences=entry.lines if entry else (),
                )
            )
        return out

    def standing_log_rows(self) -> list[LogRow]:
        """The log rows whose events still stand (not reverted by a referee undo)."""
        kept = standing_seqs(self.loaded.rows, self._held_events())
        return [row for row in self._log_rows if row.last_seq in kept]

    def last_battle(self) -> BattleSummary:
        """What the most recent battles did (destroyed, disrupted, withdrawn, control, ground),
        narrated by the rules core from the log as it stands: what a referee undo reverted is
        no longer part of it (issue 31 item 4)."""
        return last_battle(self.loaded.rows, self._held_events(), self.ruleset, self.viewer)

    def battle_round_lines(self, battle_id: str) -> list[str]:
        """The round so far: range chosen, engagements, and the dice of the last round fought
        in this battle (from the log, with their purposes)."""
        lines = round_lines(self.sight, battle_id)
        dice = last_round_dice(self.standing_log_rows(), battle_id.split("/", 1)[0])
        if dice:
            lines.append(f"  last round's dice: {dice}")
        return lines


def with_short_ids(text: str, shorts: dict[str, str]) -> str:
    """``text`` with every full battle id of ``shorts`` written as its short id."""
    for full, short in shorts.items():
        text = text.replace(full, short)
    return text


def last_round_dice(rows: list[LogRow], system: str) -> str:
    """The dice of the last round fought in ``system``'s battle, or "" when this battle has not
    fought a round yet: the search stops at the most recent opening of battles, so a new battle
    never shows the dice of an earlier one in the same system."""
    for row in reversed(rows):
        if "round-fought" in row.events and any(f"fire {system} " in r for r in row.rolls):
            return ", ".join(row.rolls)
        if "battles-opened" in row.events:
            return ""
    return ""

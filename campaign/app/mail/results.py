"""What the mail use cases give back (``campaign.app.mail``): a file made, a file imported, the
findings of a verification, and the one line each front end prints for them."""

from __future__ import annotations

from msgspec import Struct, field

from campaign.pbem.model import Header, TurnFile
from campaign.records.chain import events_text
from campaign.records.ledger_rows import PbemFile
from campaign.rules.ids import Side
from campaign.views.log import StoryEntry
from campaign.views.words import plural


class Exported(Struct, frozen=True):
    """A file made by ``export_turn``: the model, its JSON and its armoured text."""

    turn: TurnFile
    json_text: str
    armoured: str
    #: strict dice: the order the file ends with as its sender reads it (its battle ``b1``,
    #: ``views.seen_text``); the header keeps the inner id the receiver's rules decide
    held: str | None = None

    def line(self, shown: str, *, again: bool = False) -> str:
        """What was written to ``shown`` (the path as the user gave it)."""
        header = self.turn.header
        again_note = " (again, byte for byte)" if again else ""
        return (
            f"{shown}: file {header.exchange} from {header.side.value}{again_note}, "
            f"{carried(self.turn, self.held)}"
        )


class Imported(Struct, frozen=True):
    """What an import appended, and its story as the importing player may read it."""

    exchange: int
    side: Side
    first_seq: int
    last_seq: int
    orders: list[str]
    digest: str
    notes: list[str] = field(default_factory=list)  # e.g. an option that had no effect
    story: list[StoryEntry] = field(default_factory=list)  # DN-NEU-1: the receiver's view
    shuffle: bool = False  # fair mode: the file carried a pass of the joint shuffle
    rolled_here: str | None = None  # strict dice: the held order that ended it, rolled here
    next_step: str | None = None  # what the importing player does next (issue 42 item 6)
    #: The file's last event and the view's digest there, as the sender's `status` shows it,
    #: when this machine added events after it (strict dice, fair mode): ``digest`` is then
    #: the one at ``head_seq``, after them.
    sent: tuple[int, str] | None = None
    head_seq: int = 0

    def line(self, shown: str) -> str:
        """The one line saying what ``shown`` (the file as the user named it) brought."""
        orders = (
            f"{events_text(self.first_seq, self.last_seq)}, "
            f"{plural(len(self.orders), 'order')} re-run and matched"
            if self.orders
            else "no orders"
        )
        shuffle = f", pass {self.exchange} of the joint shuffle checked" if self.shuffle else ""
        held = f", its held order '{self.rolled_here}' rolled here" if self.rolled_here else ""
        return (
            f"{shown}: file {self.exchange} from {self.side.value} imported: {orders}"
            f"{shuffle}{held}; {self.digests()}"
        )

    def digests(self) -> str:
        """The state digest the importing player's `status` shows; when his machine added
        events after the file's last one, first the digest there, the one the sender's
        `status` shows, so the two players can compare them."""
        if self.sent is None or not self.sent[1] or self.sent[1] == self.digest:
            return f"state digest {self.digest[:12]}"
        seq, sent = self.sent
        return (
            f"state digest {sent[:12]} (event {seq}, as {self.side.value}'s status shows it), "
            f"now state digest {self.digest[:12]} (event {self.head_seq}, with your machine's "
            "orders)"
        )

    def resolved_line(self, shown: str) -> str:
        """The line of ``campaign resolve``: the other side's crossed file was kept."""
        return (
            f"{shown}: kept file {self.exchange} from {self.side.value}; your crossed "
            f"events were dropped (logged). Now at event {self.last_seq}"
        )


class Verification(Struct):
    """Findings of ``verify_file`` (empty ``problems`` = nothing wrong was found; ``complete``
    too = the file would import cleanly)."""

    source: str
    header: Header | None = None
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: Every check of an import was made (the campaign is in this database): the orders were
    #: re-run. False: only what the file alone can show was checked (``lines`` says what).
    complete: bool = False
    #: The key id of the signature that was checked (None: the file is not signed).
    signed_by: str | None = None
    #: The file carries a pass of fair mode's joint shuffle (files 1-3 of a fair campaign).
    shuffle: bool = False

    @property
    def ok(self) -> bool:
        """True when nothing is wrong."""
        return not self.problems

    def lines(self) -> list[str]:
        """What ``campaign verify FILE`` prints when nothing is wrong: what was checked and,
        when the campaign is not in this database, what could not be (found by use, December
        7: "valid turn file" with exit status 0 when the orders had not been re-run, while
        docs/turn-files.md called verify "all checks")."""
        header = self.header
        assert header is not None and self.ok
        what = (
            f"turn file {header.exchange} from {header.side.value} for "
            f"{header.campaign_id!r}, {events_text(header.base_seq + 1, header.head_seq)}"
        )
        shuffle = ", its pass of the joint shuffle (and its proof)" if self.shuffle else ""
        if self.complete:
            return [
                f"{self.source}: valid {what}: every check of an import passed (form, "
                f"checksum, signature, sides, its place in the exchange, dice{shuffle}, every "
                "order re-run and matched, chain hash and state digest); nothing stored"
            ]
        signature = (
            f"signed by {header.side.value}'s key {self.signed_by}, and the signature checked"
            if self.signed_by is not None
            else "not signed (no signature to check)"
        )
        return [
            f"{self.source}: {what}: checked only what the file alone shows: its form, version "
            f"and checksum are sound; {signature}",
            f"not checked: campaign {header.campaign_id!r} is not in this database, so the "
            f"sides, the file's place in the exchange, its dice reveal{shuffle} and its orders "
            "(re-run, chain hash, state digest) were not; verify it with the --db of the "
            "database that plays the campaign (an import there makes every check)",
        ]


def withdrawn_line(record: PbemFile) -> str:
    """What ``campaign withdraw`` prints once file ``record`` was taken back."""
    return (
        f"file {record.exchange} withdrawn (logged): "
        f"the orders of {events_text(record.base_seq + 1, record.head_seq)} are not sent "
        "any more; undo them or export again "
        f"(the next file is number {record.exchange} again)"
    )


def carried(turn: TurnFile, held: str | None = None) -> str:
    """What a file carries, as ``export`` says it: its events and orders, a shuffle pass, and
    the order it ends with (strict dice), as ``held`` names it when given."""
    header, batches = turn.header, turn.body.batches
    orders = (
        f"{events_text(header.base_seq + 1, header.head_seq)} ({plural(len(batches), 'order')})"
        if batches
        else "no orders"
    )
    fair = turn.body.fair
    pending = (
        f", ends with '{held or header.pending_order}', whose dice the other side's machine "
        "rolls (strict dice)"
        if header.pending_order is not None
        else ""
    )
    return (
        orders
        + (
            f", pass {header.exchange} of the joint shuffle"
            if fair is not None and fair.shuffle is not None
            else ""
        )
        + pending
    )


def short(order: str) -> str:
    """A fair-play order as a note shows it: keys and digests (64 hex digits) cut short."""
    return " ".join(word[:12] + "…" if len(word) == 64 else word for word in order.split())

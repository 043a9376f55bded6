"""The Mail tab: play by e-mail from the campaign screen.

The tab shows the exchange history (every turn file sent or received) and runs the export and
import forms with the checks and messages of `campaign export/import` (docs/turn-files.md). It
tells the screen the outcome through ``Exchanged`` (the line the CLI prints) and
``ExchangeRefused`` (the reason; nothing changed).
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Static

from campaign.rules.errors import CampaignError
from campaign.rules.ids import Side
from campaign.tui.markup import escape
from campaign.tui.order_template import Blank, OrderTemplate
from campaign.tui.places import in_folder, remember_folder
from campaign.tui.screens.forms import Confirm, OrderForm, TextPrompt, fixed_specs
from campaign.tui.session import CampaignSession
from campaign.tui.views import refusal_text
from scenarios.changed_text import show_text

if TYPE_CHECKING:
    from campaign.app.mail import RefereeOrderError

EXPORT_FORM = OrderTemplate(
    "export", "export", (Blank("SIDE", False), Blank("FILE", False), Blank("KEYFILE", True))
)
IMPORT_FORM = OrderTemplate("import", "import", (Blank("AS", False), Blank("FILE", False)))


class MailTab(VerticalScroll):
    """What ``campaign exchanges`` prints; ``export_turn`` and ``import_turn`` ask for the
    file."""

    class Exchanged(Message):
        """A turn file was written or applied: ``line`` says which, as the CLI does;
        ``changed`` is True when the campaign itself changed (an import)."""

        def __init__(self, line: str, changed: bool) -> None:
            super().__init__()
            self.line = line
            self.changed = changed

    class ExchangeRefused(Message):
        """An export or import was refused: ``reason`` (nothing was written or stored)."""

        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    def __init__(
        self,
        session: CampaignSession,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.session = session
        #: A file was exported or imported here since the history was last shown.
        self._exchanged = False

    def compose(self) -> ComposeResult:
        yield Static(id="mail")

    def show(self) -> None:
        """Rewrite the exchange history from the session's database; after an export or an
        import (here, or a file another window brought), show its end, where the newest file
        is (found by use: at 80x24 file 14 was below the tab's edge, only the status line
        told it was written)."""
        history = self.session.exchange_lines()
        keys = (
            "x: export your turn file · i: import the other player's (the checks of "
            "`campaign export/import`, docs/turn-files.md)"
        )
        if not self.session.seat.is_referee:  # a player at the referee's table has none
            try:
                self.session.check_exchange()
            except CampaignError as error:
                keys = escape(refusal_text(error.message))
        lines = [
            f"[b]Play by e-mail[/b] — {keys}",
            "",
            "[b]Exchange history[/b] (file, in/out, side, events, body digest):",
        ]
        lines += [f"  {line}" for line in history] or ["  no turn file sent or received yet"]
        mail = self.query_one("#mail", Static)
        shown_before = bool(mail.content)
        if show_text(mail, "\n".join(lines)) and (shown_before or self._exchanged):
            self.call_after_refresh(self.scroll_end, animate=False)
        self._exchanged = False

    def _refused(self, error: CampaignError | ValueError) -> str:
        message = refusal_text(error.message if isinstance(error, CampaignError) else str(error))
        self.post_message(self.ExchangeRefused(message))
        return message

    def _may_exchange(self) -> bool:
        """False, after saying why, when this screen's seat may not exchange turn files here
        (a player's seat at the referee's table: ``authority.check_exchange``)."""
        try:
            self.session.check_exchange()
        except CampaignError as error:
            self._refused(error)
            return False
        return True

    # --- export

    def export_turn(self) -> None:
        """Export a side's turn file to a path (armoured for .txt/.asc, else JSON): the side
        this database plays once it is recorded, else the acting side, is offered first."""
        if not self._may_exchange():
            return
        own = self.session.own_side()
        sides = self.session.playing_sides()  # a player's screen: his own side only
        acting = own.value if own is not None else self.session.state.acting.value
        if len(sides) == 1:
            acting = sides[0].value
        self.app.push_screen(
            OrderForm(
                EXPORT_FORM,
                fixed_specs(
                    {"SIDE": [(side.value, side.value) for side in sides]},
                    {
                        "FILE": "path, e.g. turn-3.txt",
                        "KEYFILE": "your private key to sign with (campaign keygen)",
                    },
                ),
                prefill={
                    "SIDE": acting,
                    "FILE": in_folder(f"{self.session.name}-{acting}.txt", writing=True),
                },
                submit=self._export_from_form,
            )
        )

    def _export_from_form(self, text: str) -> str | None:
        _, side_text, path, *keys = shlex.split(text)
        side, key = Side(side_text), keys[0] if keys else None
        if self.session.own_side() is None:  # the first file records the side for good
            try:  # asked only when the export would succeed (found by use, December 7)
                self.session.check_export(side, path, key, record_side=True)
            except (CampaignError, ValueError) as error:
                return self._refused(error)
            return self._ask_before_recording(side, path, key)
        return self._export(side, path, key)

    def _ask_before_recording(self, side: Side, path: str, key: str | None) -> str:
        """The database plays no side by e-mail yet, and its first file records the sending
        side for good (docs/turn-files.md, "Sides and signatures"): say what that does and
        export only on ``y``; ``n`` (or Esc) leaves the form open and nothing written. Found
        by use (December 7): on the referee's screen at the shared table ``x`` Enter Enter
        exported the prefilled side's file and made the whole table play it by e-mail."""
        form = self.app.screen  # the export form

        def answered(yes: bool | None) -> None:
            if not yes:
                if isinstance(form, OrderForm):
                    form.show_refusal("nothing exported: this database still plays no side")
                return
            refusal = self._export(side, path, key, record_side=True)
            if refusal is None:
                form.dismiss(None)
            elif isinstance(form, OrderForm):
                form.show_refusal(refusal)

        other = side.enemy.value
        question = (
            f"This database plays no side by e-mail yet. Exporting {side.value}'s turn file "
            f"records it as playing {side.value} by e-mail, for good: from then on it sends "
            f"only {side.value}'s files, and {other}'s orders are given on the {other} "
            f"player's machine, not here (DN-SEQ-2). Export and record it?"
        )
        self.app.push_screen(Confirm(escape(question)), answered)
        return f"the first turn file records this database as {side.value}'s: export? (y/n)"

    def _export(
        self, side: Side, path: str, key: str | None, *, record_side: bool = False
    ) -> str | None:
        """Write ``side``'s turn file (``record_side``: the user agreed that it records the
        database as ``side``'s); None once written, else the refusal (shown)."""
        before = self.session.loaded.head.seq
        try:
            line = self.session.export_turn(side, path, key, record_side=record_side)
        except (CampaignError, ValueError) as error:
            return self._refused(error)
        remember_folder(Path(path).expanduser())
        # fair mode: the export may have stored the side's own seal/share orders first
        changed = self.session.loaded.head.seq != before
        self._exchanged = True
        self.post_message(self.Exchanged(line, changed=changed))
        return None

    # --- import

    def import_turn(self) -> None:
        """Check and apply the other player's turn file (a refusal changes nothing). Before the
        first file, the form also asks which side this database plays (`import --as`)."""
        if not self._may_exchange():
            return
        if self.session.own_side() is not None:
            self.app.push_screen(
                TextPrompt(
                    "Import a turn file: its path (Enter imports, Esc cancels)",
                    "turn-3.txt",
                    value=in_folder(""),
                    submit=lambda path: self._import(path, None),
                )
            )
            return

        def from_form(text: str) -> str | None:
            _, side, path = shlex.split(text)
            return self._import(path, Side(side))

        sides = self.session.playing_sides()  # a player's screen: his own side only
        playing = sides[0] if len(sides) == 1 else self.session.state.acting.enemy
        self.app.push_screen(
            OrderForm(
                IMPORT_FORM,
                fixed_specs(
                    {"AS": [(side.value, side.value) for side in sides]},
                    {
                        "AS": "the side YOU play (recorded for good)",
                        "FILE": "path, e.g. turn-1.txt",
                    },
                ),
                prefill={"AS": playing.value, "FILE": in_folder("turn-1.txt")},
                submit=from_form,
                note="The first turn file: say which side you play; files from your own side "
                "are then refused.",
            )
        )

    def _import(self, path: str, side: Side | None) -> str | None:
        try:
            line = self.session.import_turn(path, side)
        except (CampaignError, ValueError) as error:
            from campaign.app.mail import RefereeOrderError

            if isinstance(error, RefereeOrderError) and error.orders:
                return self._ask_referee(path, side, error)
            return self._refused(error)
        self._imported(path, line)
        return None

    def _ask_referee(self, path: str, side: Side | None, refused: RefereeOrderError) -> str:
        """The file was refused only for the referee orders in it (`import --allow-referee`
        accepts them): ask whether the players agreed to them. ``y`` imports it with them and
        closes the form that asked for the file (unless that import is refused too); ``n`` (or
        Esc) gives the refusal as any other. What the form shows meanwhile."""
        form = self.app.screen  # the form or prompt whose file this is

        def answered(yes: bool | None) -> None:
            try:
                if not yes:
                    raise refused
                line = self.session.import_turn(path, side, allow_referee=True)
            except (CampaignError, ValueError) as error:
                refusal = self._refused(error)
                if isinstance(form, OrderForm | TextPrompt):
                    form.show_refusal(refusal)
                return
            form.dismiss(None)
            self._imported(path, line)

        question = (
            "This file carries referee orders the other player gave "
            f"({'; '.join(refused.orders)}): accept them?"
        )
        self.app.push_screen(Confirm(escape(question)), answered)
        return "the file carries referee orders: accept them? (y/n)"

    def _imported(self, path: str, line: str) -> None:
        remember_folder(Path(path).expanduser())
        self._exchanged = True
        self.post_message(self.Exchanged(line, changed=True))

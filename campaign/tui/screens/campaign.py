"""The campaign screen: the phase tracker, six tabs, the order bar and the status line.

The screen composes one widget per tab (``campaign.tui.widgets``): it tells them to show the
campaign again when it changed (``show``), and they tell it what the user chose through their
messages (a move to send, a log entry to open, a turn file exchanged). Every change goes
through ``CampaignSession`` (the service underneath); a rejected order shows its rule id and
sentence in the status line and as a notification, and changes nothing. A campaign opens with
the Map tab's widget alone: another tab's widget is mounted the first time it is shown or used,
and every tab but the one shown is rebuilt lazily, when shown, so opening a campaign stays fast.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial, wraps

from rich.text import Text
from textual import on
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import AwaitMount
from textual.widgets import Header, Input, Static, TabbedContent, TabPane, Tabs

from campaign.rules.errors import CampaignError, ConflictError
from campaign.tui.markup import escape
from campaign.tui.order_template import parse_template
from campaign.tui.screens.forms import ChoicePrompt, Confirm, OrderForm, TextPrompt, TextView
from campaign.tui.screens.seat_keys import SeatScreen
from campaign.tui.session import CampaignSession, parse_dice
from campaign.tui.session_log import LogRow
from campaign.tui.tab_registry import BY_ID, TABS, Focus, TabWidget
from campaign.tui.views import LIVE_INTERVAL, caught_up_or_left, refusal_text
from campaign.tui.widgets.battle_tab import BattleTab
from campaign.tui.widgets.fitted_text import OneRowLines, StatusLine
from campaign.tui.widgets.forces_tab import ForcesTab
from campaign.tui.widgets.log_tab import LogTab
from campaign.tui.widgets.mail_tab import MailTab
from campaign.tui.widgets.map_render import MapView
from campaign.tui.widgets.map_tab import DestinationList, MapTab
from campaign.tui.widgets.order_bar import BLANK, OrderBar
from campaign.views.words import plural
from scenarios.changed_text import show_text
from scenarios.footer import KeysFooter

#: The reason the dice-reason prompt offers (Enter keeps it): the usual case, the table's dice
#: typed in; about ten keys fewer per first typed roll (issue 44 item 3).
DEFAULT_DICE_REASON = "dice rolled at the table"

#: Where the whole of an outcome the status line cuts is (``StatusLine``'s pointer).
OUTCOME_IN_LOG = "5 shows the log"


def outcome_text(order: str, sentences: list[str], events: int) -> str:
    """The status line after a sent order: the order and its outcome sentences (written by the
    rules core's narration, never here); the status line shows as many rows as it has."""
    lines = [escape(line) for sentence in sentences for line in sentence.splitlines()]
    head = f"✓ {escape(order.strip())}" + (f"  ({plural(events, 'event')})" if not lines else "")
    return "\n".join([head, *lines])


def _unless_typing(action: Callable[[CampaignScreen], None]) -> Callable[[CampaignScreen], None]:
    """For the action of a priority binding (ADR 0054) whose key a text field takes as a
    letter: while such a field has the focus (``CampaignScreen._typing``) the binding steps
    aside (``SkipAction``) and the key is typed there."""

    @wraps(action)
    def unless_typing(screen: CampaignScreen) -> None:
        if screen._typing():
            raise SkipAction()
        action(screen)

    return unless_typing


#: The width, in columns, under which the campaign screen lays out for a phone.
NARROW = 70
#: The height, in rows, from which a phone's page (under ``NARROW`` columns) puts the Map
#: tab's panel of stacks under the map instead of beside it (a phone held upright: a page
#: 390 pixels wide and 600 to 850 high is 43 columns and 26 to 37 rows); the map keeps at
#: least six rows above the panel's ten (campaign.tcss).
TALL = 26


class CampaignScreen(SeatScreen):
    """One open campaign."""

    #: Under ``NARROW`` columns (a phone's page, docs/table.md) the screen has the class
    #: ``-narrow``: the map and the order line keep most of the width (campaign.tcss); from
    #: ``TALL`` rows on it also has ``-tall``: the Map tab's panel goes under the map, at the
    #: whole width, so that each stack and destination is one line (found by use, December
    #: 7, night: 17 columns beside the map took three lines per stack).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (TALL, "-tall")]

    BINDINGS = [
        *(tab.binding(index) for index, tab in enumerate(TABS)),
        Binding("x", "export_turn", "Export turn", show=False, id="campaign.export"),
        Binding("i", "import_turn", "Import turn", show=False, id="campaign.import"),
        # priority: handled as the key arrives, before the keys typed after it are handed to
        # the widget that had the focus (issue 44: ``o referee`` became ``efreree``, the ``r``
        # reaching the map's list first); skipped while a text field takes the key
        Binding("o,colon", "focus_order", "Order", id="campaign.order", priority=True),
        Binding("m", "move", "Move", id="campaign.move", priority=True),
        Binding("e", "form", "Form", id="campaign.form", priority=True),
        Binding("c", "connections", "Connections", show=False, id="campaign.connections"),
        Binding(
            "g",
            "go_to_system",
            "Go to system",
            show=False,
            id="campaign.go_to_system",
            priority=True,
        ),
        Binding("p", "save_picture", "Picture", show=False, id="campaign.picture"),
        Binding("u", "undo", "Undo", id="campaign.undo"),
        Binding("E", "end_phase", "End phase", show=False, id="campaign.end_phase"),
        Binding(
            "P",
            "produce",
            "Produce (set-up: buy)",
            show=False,
            id="campaign.produce",
            priority=True,
        ),
        Binding(
            "slash",
            "find_in_log",
            "Find in log",
            show=False,
            id="campaign.find_in_log",
            priority=True,
        ),
        Binding(
            "U",
            "referee_undo",
            "Referee undo",
            show=False,
            id="campaign.referee_undo",
            priority=True,
        ),
        Binding("d", "focus_dice", "Dice", show=False, id="campaign.dice", priority=True),
        Binding("n", "next_battle_step", "Next step", show=False, id="campaign.battle_next"),
        Binding("f", "forecast", "Forecast", show=False, id="campaign.forecast"),
        Binding("s", "sort_forces", "Sort", show=False, id="campaign.sort"),
        Binding("escape", "leave_input", "Leave input", show=False, id="campaign.leave_input"),
        Binding("q", "close", "Close", id="campaign.close"),
    ]

    #: The keys of referee overrides (DN-ERR-1): a player's seat is refused them, so its help
    #: does not list them (the key still answers, with the refusal and what to do instead).
    OVERRIDE_BINDINGS = frozenset({"campaign.referee_undo"})
    #: The turn-file keys: refused to a player's seat on a database that does not play his
    #: side by e-mail (DN-SEQ-2), and then not listed either.
    EXCHANGE_BINDINGS = frozenset({"campaign.export", "campaign.import"})
    #: The dice field's key: not listed where the seat may type no die (``d`` says why).
    DICE_BINDINGS = frozenset({"campaign.dice"})
    #: The keys that give or take back the seat's orders: none is listed on a database where
    #: the seat gives none of them (``CampaignSession.gives_elsewhere``: a player's seat on the
    #: other player's database by e-mail); each still says why when pressed.
    GIVING_BINDINGS = frozenset(
        {
            "campaign.order",
            "campaign.move",
            "campaign.form",
            "campaign.undo",
            "campaign.end_phase",
            "campaign.produce",
            "campaign.battle_next",
            "campaign.dice",
        }
    )

    def __init__(self, session: CampaignSession) -> None:
        super().__init__()
        self.session = session
        self._dirty: set[str] = {tab.id for tab in TABS}
        #: Tab widgets being mounted (``tab_widget``), awaited before first use.
        self._mounting: dict[str, AwaitMount] = {}
        #: The referee's reason for typed dice in a seeded campaign (asked once, DN-ERR-1).
        self.dice_reason: str | None = None
        #: The event the screen showed when a change came in under a typed, unsent order: that
        #: order was typed on the old view, and is refused once (``send_order``).
        self._changed_under_order: int | None = None
        #: ``unoffered_bindings`` and the campaign it was worked out for (its last event and
        #: the writes heard): the lists of keys ask for it often, a player's seat reads the
        #: ledger for it, and only a write can change it.
        self._unoffered: tuple[tuple[int, int], frozenset[str]] | None = None
        #: The status line's confirmation of this screen's own last act ("✓ ORDER" and its
        #: outcome, with ``more``) and the event it left the campaign at, while the status
        #: line still shows it: a change made elsewhere after it is told above it, never
        #: instead of it (``catch_up``).
        self._confirmed: tuple[str, str, int] | None = None

    # --- layout

    def compose(self) -> ComposeResult:
        session = self.session
        yield Header()
        yield OneRowLines(id="phase")
        with TabbedContent(id="tabs"):
            with TabPane(TABS[0].title, id=TABS[0].id):
                yield TABS[0].widget(session, id=TABS[0].widget_id)
            for tab in TABS[1:]:
                yield TabPane(tab.title, id=tab.id)  # its widget is mounted when first wanted
        yield OrderBar(session, id="order-bar")
        yield StatusLine(id="status-line")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.title = f"Campaign {self.session.name}"
        self.sub_title = self.session.view_name
        # the map, the legend and the forces table draw in the theme's colours (item 8)
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.refresh_all())
        self.refresh_all()
        self.map_tab.focus_stacks()
        self.session.follow()
        self.set_interval(LIVE_INTERVAL, self.catch_up, name="live")

    def on_unmount(self) -> None:
        self.session.close()

    def catch_up(self) -> None:
        """Show a change made anywhere (another screen, the CLI, an import) without a key;
        an order typed but not sent stays in the line, and is refused once if sent as is
        (it was typed on the old view)."""
        before, writes = self.session.loaded.head.seq, self.session.writes_heard
        changed = caught_up_or_left(self.app, self.session)
        if changed is False and self.session.writes_heard != writes:
            self._exchanges_may_have_changed()
        if not changed:
            return
        now = self.session.loaded.head.seq
        if self.unsent_input() and self._changed_under_order is None:
            self._changed_under_order = before
        self.refresh_all()
        self._tell_the_open_form(before, now)
        kept = "; your order is kept: check it before sending" if self.unsent_input() else ""
        confirmed = self._confirmed
        if confirmed is None:
            self.report(f"↻ the campaign changed elsewhere (event {before} → {now}){kept}")
            return
        # found by use (December 7, late night): an order stored from the CLI right after
        # the page's own replaced its "✓", and the player could not tell whether his went in
        message, more, mine = confirmed
        told = f"↻ the campaign changed elsewhere after your order (event {mine} → {now}){kept}"
        self.report(f"{told}\n{message}", more)
        self._confirmed = confirmed

    def _tell_the_open_form(self, before: int, now: int) -> None:
        """An order form of this screen open on top is offered its choices again from the
        campaign as it is now, and says that it changed (``OrderForm.campaign_changed``)."""
        form = self.app.screen
        if isinstance(form, OrderForm) and form.submit == self._send_from_form:
            form.campaign_changed(
                f"↻ the campaign changed elsewhere (event {before} → {now}): the lists offer "
                "what may be chosen now; check the order before sending",
                self.session.form_note(form.template),
            )

    def unoffered_bindings(self) -> frozenset[str]:
        """The binding ids this seat is not shown: the referee's overrides, on a player's
        screen (``CampaignSession.may_override``; found by use, December 7, evening: a
        player's help listed ``U Referee undo``, which his seat is refused), and the turn-file
        keys where the seat may not exchange turn files (``CampaignSession.may_exchange``),
        the dice field's where it may type no die (``typed_dice_refusal``) and every key that
        gives an order where it gives none (``gives_elsewhere``) (found by use, December 7,
        night: ``x Export turn`` and ``d Dice`` on a player's screen at the referee's table,
        ``o Order m Move e Form u Undo`` on the other player's database by e-mail)."""
        session = self.session
        now = (session.loaded.head.seq, session.writes_heard)
        if self._unoffered is None or self._unoffered[0] != now:
            unoffered = set() if session.may_override else set(self.OVERRIDE_BINDINGS)
            if not session.may_exchange:
                unoffered |= self.EXCHANGE_BINDINGS
            if session.typed_dice_refusal() is not None:
                unoffered |= self.DICE_BINDINGS
            if session.gives_elsewhere() is not None:
                unoffered |= self.GIVING_BINDINGS
            self._unoffered = (now, frozenset(unoffered))
        return self._unoffered[1]

    # --- the tab widgets (kept as properties: the tests and the palette look at them)

    @property
    def map_tab(self) -> MapTab:
        """The Map tab's widget."""
        return self.query_one(MapTab)

    def tab_widget(self, tab: str) -> TabWidget:
        """The widget of ``tab``. A campaign opens with the Map tab's widget alone; another
        tab's is mounted into its pane the first time it is shown or asked for (opening a
        campaign composed all six), and filled once composed (``mounted_tab``)."""
        pane = self.query_one(f"#{tab}", TabPane)
        spec = BY_ID[tab]
        for child in pane.children:
            if isinstance(child, spec.widget):
                return child
        widget = spec.widget(self.session, id=spec.widget_id)
        self._mounting[tab] = pane.mount(widget)
        return widget

    async def mounted_tab(self, tab: str) -> TabWidget:
        """``tab_widget(tab)`` once its own widgets are composed (it may be filled and used)."""
        widget = self.tab_widget(tab)
        mounting = self._mounting.get(tab)
        if mounting is not None and not widget.is_mounted:
            await mounting
        return widget

    @property
    def order_bar(self) -> OrderBar:
        """The order line and the dice field."""
        return self.query_one(OrderBar)

    @property
    def show_connections(self) -> bool:
        """True while the connection overlay is on."""
        return self.map_tab.show_connections

    @property
    def map_view(self) -> MapView | None:
        """What the map shows now."""
        return self.map_tab.map_view

    @property
    def _stack_ids(self) -> list[str]:
        return self.map_tab.stack_ids

    @property
    def _dest_ids(self) -> list[str]:
        return self.map_tab.dest_ids

    @property
    def _log_shown(self) -> list[LogRow]:
        log = self.tab_widget("tab-log")
        assert isinstance(log, LogTab)
        return log.shown

    @property
    def _sort_column(self) -> int:
        forces = self.tab_widget("tab-forces")
        assert isinstance(forces, ForcesTab)
        return forces.sort_column

    # --- refreshing

    def refresh_all(self) -> None:
        """Rebuild the phase tracker and the tab shown now; other tabs when next shown."""
        # plain text: an optional blank ("[COUNT]") read as markup vanished from the line
        show_text(self.query_one("#phase", Static), Text("\n".join(self.session.phase_lines())))
        self.order_bar.show()
        self._dirty = {tab.id for tab in TABS}
        self._refresh_tab(self.query_one("#tabs", TabbedContent).active)

    def _refresh_tab(self, tab: str) -> None:
        if tab not in self._dirty:
            return
        self._dirty.discard(tab)
        widget = self.tab_widget(tab)
        if widget.is_mounted:
            widget.show()
        else:
            self.call_later(self._show_when_mounted, tab)

    async def _show_when_mounted(self, tab: str) -> None:
        (await self.mounted_tab(tab)).show()

    def _exchanges_may_have_changed(self) -> None:
        """A write that stored no event (a turn file exported elsewhere records only its
        exchange): the Mail tab's history is read again, now if it is shown, else when it
        is next shown (its lines are redrawn only if they changed)."""
        self._dirty.add("tab-mail")
        self._refresh_tab(self.query_one("#tabs", TabbedContent).active)

    @on(TabbedContent.TabActivated)
    def _tab_shown(self, event: TabbedContent.TabActivated) -> None:
        self._refresh_tab(event.pane.id or "")

    # --- what the tabs tell the screen

    @on(MapTab.MoveChosen)
    def _move_chosen(self, message: MapTab.MoveChosen) -> None:
        self.map_tab.focus_stacks()  # the screen's keys work again there
        self.send_order(message.order)  # moved: the list goes on to a stack that may move

    @on(MapTab.MoveRefused)
    def _move_refused(self, message: MapTab.MoveRefused) -> None:
        self.report_error(message.reason)

    @on(ForcesTab.Sorted)
    def _forces_sorted(self, message: ForcesTab.Sorted) -> None:
        self.report(f"forces sorted by {message.column}")

    @on(LogTab.EntryOpened)
    def _log_entry_opened(self, message: LogTab.EntryOpened) -> None:
        self.app.push_screen(TextView(message.title, message.text))

    @on(MailTab.Exchanged)
    def _exchanged(self, message: MailTab.Exchanged) -> None:
        line, *notes = message.line.split("\n")
        self.confirm(f"✓ {escape(line)}")  # a path is shown as written, brackets too
        if notes:  # what the import's notes say (fair play: the shares/reveals given here)
            self.notify("\n".join(notes), title="turn file", markup=False, timeout=12)
        if message.changed:
            self.refresh_all()
            return
        self._dirty.add("tab-mail")
        self.action_show_tab(5)
        self._refresh_tab("tab-mail")

    @on(MailTab.ExchangeRefused)
    def _exchange_refused(self, message: MailTab.ExchangeRefused) -> None:
        self.report_error(message.reason)

    @on(Input.Changed, "#order")
    def _order_edited(self, event: Input.Changed) -> None:
        """An emptied order line holds no order typed on an old view any more."""
        if not event.value.strip():
            self._changed_under_order = None

    @on(OrderBar.OrderTyped)
    def _order_typed(self, message: OrderBar.OrderTyped) -> None:
        """Enter in the order line: send the order; one still holding a blank ``n`` put there
        (``solomani target b1 UNIT``) opens its form instead (sent, the blank was read as a
        unit id and refused: found by use)."""
        if self.order_bar.holds_blanks(message.text):
            self.open_form(message.text.strip())
            return
        self.send_order(message.text)

    # --- orders

    def prefill_order(self, text: str) -> None:
        """Put ``text`` in the order input and focus it (the battle tab's ``n``)."""
        self.order_bar.prefill(text)
        self.set_focus(self.order_bar.order_input)

    def choose_order(self, template: str) -> None:
        """An order chosen in the palette: its form when it has blanks, else sent (``pass`` and
        ``end-phase`` ask first). Issue 44 item 3: the template was left in the order line."""
        if BLANK.search(template):
            self.open_form(template)
        else:
            self.send_order(template)

    def send_order(
        self, text: str, *, confirmed: bool = False, table_dice: tuple[int, ...] | None = None
    ) -> bool:
        """Decide and store ``text`` (with the referee's dice if typed); report the outcome.
        ``pass`` and ``end-phase`` ask first, saying how far they go (issue 31 item 1). In a
        physical-dice campaign with no dice typed in the field, each die is asked for when
        it is due (``table_dice``: those answered so far, issue 45 item 2)."""
        dice = self.order_bar.dice_input
        if not text.strip():  # Enter in the dice field with no order: say why nothing goes,
            # and put the cursor where the order goes (left in the dice field, the ``o`` the
            # message named and the order after it were typed there: found by use)
            self.report_error(
                "DN-ERR-1: the order is empty: type it in the order line (the cursor is "
                "there now), then Enter sends it with the dice"
            )
            self.set_focus(self.order_bar.order_input)
            return False
        if dice.value.strip() and not self.session.takes_typed_dice:
            refusal = self.session.typed_dice_refusal()  # a player's seat: no reason to ask
            if refusal is not None:
                self.report_error(refusal)
                return False
            try:  # dice typed wrong are refused before the reason is typed for them
                parse_dice(dice.value)  # (found by use, December 7, late night)
            except ValueError as error:
                self.report_error(str(error))
                return False
            if not self.dice_reason:
                self._ask_dice_reason(text)
                return False
        if self._changed_under_order is not None:
            self.report_error(
                f"DN-ERR-1: the campaign changed while this order was typed "
                f"(event {self._changed_under_order} → "
                f"{self.session.loaded.head.seq}); nothing was sent: check it "
                "against the screen and press Enter again to send it"
            )
            self._changed_under_order = None
            return False
        preview = None if confirmed else self.session.ending_preview(text)
        if preview is not None:
            self._ask_before_ending(text, preview)
            return False
        typed = dice.value
        if self.session.takes_typed_dice and not typed.strip():
            answered = table_dice or ()
            due = self.session.next_die(text, answered)
            if due is not None:
                self._ask_die(text, answered, due)
                return False
            typed = ",".join(str(value) for value in answered)
        try:
            events = self.session.order(text, typed, self.dice_reason)
        except ConflictError as error:  # the screen was behind: it shows the campaign now
            self.report_error(error.message)
            self.refresh_all()
            return False
        except CampaignError as error:
            self.report_error(error.message)
            return False
        self.order_bar.clear()
        self.action_leave_input()  # single keys are commands again
        self.app.clear_notifications()  # an earlier refusal no longer applies
        self.confirm(outcome_text(text, self.session.last_outcome, len(events)), OUTCOME_IN_LOG)
        self.refresh_all()
        if any(event.type == "stack-moved" for event in events):
            # the next stack that may move, whichever way the move was sent (found by use:
            # one sent from the form or the palette left the Map list on the stack moved,
            # "No legal move", DN-MOV-2)
            self.map_tab.move_on()
        return True

    def _ask_die(self, text: str, answered: tuple[int, ...], purpose: str) -> None:
        """Ask for the die of ``purpose`` (rolled at the table), then go on with the order."""

        def check(answer: str) -> str | None:
            if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= 6:
                return None
            return f"{answer[:20]!r} is not a face of the die: type the value rolled, 1 to 6"

        unchanged = self._asked_now(
            "the die was asked", "nothing was sent: look again, then send it"
        )

        def typed(answer: str | None) -> None:
            if answer is None:
                self.report(f"not sent: {escape(text.strip())} (no die typed, nothing changed)")
                return
            if unchanged():
                self.send_order(text, confirmed=True, table_dice=(*answered, int(answer)))

        self.app.push_screen(
            TextPrompt(
                f"Die for {escape(purpose)}: roll it at the table and press its value",
                "1-6",
                submit=check,
                at_once=True,
            ),
            typed,
        )

    def _ask_before_ending(self, text: str, preview: str) -> None:
        """``pass`` / ``end-phase``: say how far the game goes on, send only on ``y``, and only
        if the campaign still stands as the question said (found by use: ended elsewhere
        while asked, ``y`` ended the next step too)."""
        unchanged = self._asked_now(
            "the question was open", "nothing was sent: look again, then send it"
        )

        def answered(yes: bool | None) -> None:
            if not yes:
                self.report(f"not sent: {escape(text.strip())}")
            elif unchanged():
                self.send_order(text, confirmed=True)

        self.app.push_screen(Confirm(escape(preview) + "\n\nSend it?"), answered)

    def _ask_dice_reason(self, text: str) -> None:
        """A seeded campaign takes typed dice only as a referee override with a reason (logged
        with each such order, DN-ERR-1): ask once, keep it for this session, then send."""

        def answered(reason: str | None) -> None:
            if reason:
                self.dice_reason = reason
                self.send_order(text)

        self.report("typed dice in a seeded campaign: give the referee's reason (asked once)")
        self.app.push_screen(
            TextPrompt(
                "Typed dice override the campaign's seeded dice. The "
                "referee's reason (logged with each such order; Enter "
                "keeps the one given):",
                "type why, e.g. the dice were rolled at the table",
                value=DEFAULT_DICE_REASON,
            ),
            answered,
        )

    def report(self, message: str, more: str = "") -> None:
        """Show ``message`` in the status line; when it is cut, its last row ends with "…" and
        ``more`` (where the whole of it is)."""
        self._confirmed = None
        self.query_one("#status-line", StatusLine).show(message, more)

    def confirm(self, message: str, more: str = "", seq: int | None = None) -> None:
        """Show the confirmation of this screen's own act (``report``), which stays in the
        status line when the campaign then changes elsewhere (``catch_up`` tells that change
        above it); ``seq``: the event the act left the campaign at (now, by default)."""
        self.report(message, more)
        self._confirmed = (message, more, self.session.loaded.head.seq if seq is None else seq)

    def report_error(self, message: str) -> None:
        """A refused order or undo: rule id and sentence in the status line and a notification
        (``refusal_text``: keys, not CLI options; always a rule id)."""
        message = refusal_text(message)
        self.report(f"[$error]✗ {escape(message)}[/]")
        self.notify(message, title="refused", severity="error", timeout=8, markup=False)

    # --- actions

    def action_show_tab(self, index: int, focus: Focus | None = None) -> None:
        """Show tab ``index`` (1 map … 6 mail) and focus its main widget (or the part of it
        ``focus`` names).

        Focus is parked on the tab strip first: hiding the focused widget would otherwise move
        focus to another widget of the old pane, and TabbedContent follows focus back to it.
        """
        tab = TABS[index].id
        tabbed = self.query_one("#tabs", TabbedContent)
        if tabbed.active == tab:
            if focus is not None:
                self._focus_tab_body(tab, focus)
            return
        tabbed.query_one(Tabs).focus()
        tabbed.active = tab
        self.call_after_refresh(self._focus_tab_body, tab, focus)

    def _focus_tab_body(self, tab: str, focus: Focus | None = None) -> None:
        """Focus the main widget of ``tab`` (or ``focus``) now, or once the tab is composed."""
        widget = self.tab_widget(tab)
        if widget.is_mounted:
            self.set_focus((focus or BY_ID[tab].focus)(widget))
        else:
            self.call_later(self._focus_when_mounted, tab, focus)

    async def _focus_when_mounted(self, tab: str, focus: Focus | None = None) -> None:
        widget = await self.mounted_tab(tab)
        self.set_focus((focus or BY_ID[tab].focus)(widget))

    def _typing(self) -> bool:
        """True while the focused widget takes letters (a text field, the destination list's
        filter): the actions marked ``_unless_typing`` step aside and the key is typed there."""
        return isinstance(self.focused, Input | DestinationList)

    @_unless_typing
    def action_focus_order(self) -> None:
        """Put the cursor in the order line.

        A priority binding: the focus moves as the app takes the key from its queue, so every
        key typed after ``o`` is handed to the order line itself. Bound as an ordinary key, the
        keys typed before the move landed went to the map's list first and reached the line
        late, out of order, through the app (issue 44: ``efreree`` for ``referee``).
        """
        self.set_focus(self.order_bar.order_input)

    @_unless_typing
    def action_focus_dice(self) -> None:
        """Put the cursor in the referee's dice field (at once, as for the order line); where
        this seat may type no die (a player's seat in a seeded campaign, any seat of one
        played by e-mail) the field cannot be entered, and ``d`` says why."""
        refusal = self.session.typed_dice_refusal()
        if refusal is not None:
            self.report_error(refusal)
            return
        self.set_focus(self.order_bar.dice_input)

    def action_leave_input(self) -> None:
        """Leave a text field, or the destination list whose letters filter it, so single-key
        bindings work again."""
        if isinstance(self.focused, DestinationList):
            self.map_tab.focus_stacks()
        elif isinstance(self.focused, Input):
            self._focus_tab_body(self.query_one("#tabs", TabbedContent).active)

    @_unless_typing
    def action_move(self) -> None:
        """Movement form: pick a stack, then a destination (legal ones highlighted on the map).
        A priority binding (ADR 0054): on the map, the stack list has the focus before the
        next key is handed out (from another tab, once the map is shown). On a player's
        screen while the other side acts the stack list is empty: the status line says who
        the game waits for (the key did nothing visible), also to a player with a battle step
        of his own in the other side's combat step (``no_stack_listed``)."""
        self.action_show_tab(0, focus=BY_ID["tab-map"].focus)
        if not self.map_tab.stack_ids:
            self.report_error(self.session.no_stack_listed())

    def action_connections(self) -> None:
        """Toggle the connection overlay (boxes cut off from their capital, DN-ECO-3)."""
        shown = self.map_tab.toggle_connections()
        self.action_show_tab(0)
        self.report(
            "connection overlay "
            + ("on: underlined = cut off from the capital" if shown else "off")
        )

    @_unless_typing
    def action_go_to_system(self) -> None:
        """Choose a system by name (type to filter); the map selects it and the side panel
        lists its units and the orders that apply there (issue 31 item 6)."""

        def chosen(system: str | None) -> None:
            if system:
                self.action_show_tab(0)
                self.map_tab.select_system(system)

        self.app.push_screen(ChoicePrompt("Go to system", self.session.systems_by_name()), chosen)

    def action_save_picture(self) -> None:
        """Write the map as shown (supply overlay when connections are on, moves when a stack is
        selected) as SVG to the user data directory and say where (docs/maps.md). On a page of
        the live table (``campaign serve``) the picture opens in a new tab of the browser: the
        path is on the server's machine, which a player's phone cannot open (found by use)."""
        from campaign.app.pictures import save_view_picture
        from campaign.views.scene import Overlay

        overlay = (
            Overlay.SUPPLY
            if self.show_connections
            else Overlay.MOVES
            if self.map_tab.selected_stack
            else Overlay.NONE
        )
        try:
            path = save_view_picture(self.session.loaded, overlay=overlay, side=self.session.viewer)
        except (CampaignError, ValueError) as error:
            self.report_error(str(error))
            return
        if self.app.is_web:
            self.app.deliver_text(
                path, open_method="browser", mime_type="image/svg+xml", name="map picture"
            )
            self.report("map picture opened in a new tab of the browser")
            return
        self.report(f"map picture written to {escape(str(path))}")
        self.notify(str(path), title="map picture written", timeout=8, markup=False)

    @_unless_typing
    def action_form(self) -> None:
        """A form for the order in the order line, or for the order the game waits for (the
        header's, issue 31 item 1): one field per blank, the legal choices offered (item 5).
        Words already typed after the verb fill the first blanks, and so do the words of the
        order awaited: its form is its order type's, so a choice the header pre-fills can be
        changed (found by use: ``e`` on "solomani choose-range b2 long" opened a form with no
        field, and short range could not be chosen there). A priority binding, like ``o``:
        the form is opened before the keys typed after ``e`` are handed anywhere."""
        text = self.order_bar.order_input.value.strip()
        awaited = len(text.split()) < 2
        if awaited:
            text = self.session.awaited_order() or ""
            if not text:
                self.report_error(self.session.awaits_nothing())
                return
        words = text.split()
        if BLANK.search(text):  # a template with blanks: ``n``, the palette or the header's
            self.open_form(text)
            return
        verb = words[1].lower()
        notation = next(
            (
                legal.notation
                for legal in self.session.legal_orders()
                if legal.verb == verb and legal.notation.split()[0] == words[0]
            ),
            None,
        )
        if notation is None and not awaited:
            self.report_error(
                f"DN-SEQ-2: {words[0]} {verb} is not legal now; Ctrl+P lists the legal orders"
            )
            return
        self.open_form(notation or text, words[2:] if notation else [])

    def open_form(self, notation: str, typed: list[str] | None = None) -> None:
        """The form of ``notation`` (a template), ``typed`` words filling its first blanks."""
        typed = typed or []
        template = parse_template(notation)
        prefill = self.session.form_prefill(template)
        prefill.update(
            (blank.name, word) for blank, word in zip(template.blanks, typed, strict=False)
        )
        self.app.push_screen(
            OrderForm(
                template,
                partial(self.session.field_spec, template),
                prefill=prefill,
                submit=self._send_from_form,
                note=self.session.form_note(template),
            )
        )

    def _send_from_form(self, text: str) -> str | None:
        """Send a form's order: ``None`` when stored (or handed to the question that a step
        ending order asks first), else the refusal (the form stays open)."""
        if self.session.ending_preview(text) is not None:
            self.call_later(self.send_order, text)  # the question after the form has gone
            return None
        if self.send_order(text):
            return None
        return str(self.query_one("#status-line", Static).render())

    @_unless_typing
    def action_find_in_log(self) -> None:
        """``/``: the Log tab with the cursor in its filter, so the letters typed next filter
        (reached only by Shift+Tab, letters typed towards it ran commands, issue 44 item 3)."""
        self.action_show_tab(4, focus=lambda log: log.filter_input)

    def action_end_phase(self) -> None:
        """``E``: end the step for the side that acts (a player: its own side), asking first
        how far it goes; ``E``, ``y`` — the palette took six keys (issue 44 item 3)."""
        notation = self._own_legal("end-phase")
        if notation is not None:
            self.send_order(notation)

    @_unless_typing
    def action_produce(self) -> None:
        """``P``: the produce form of the side that acts (a player: its own), the kinds it can
        pay for listed, COUNT and LOCATION left at their defaults (1, the default place):
        ``P``, a letter or two of the kind, Enter — from the palette it took nine keys
        (issue 44 item 3). In the set-up purchases the units are bought, not produced
        (DN-SET-1): ``P`` opens the ``buy`` form there (it said "aslan produce is not legal
        now", found by use)."""
        notation = self._own_legal("produce", "buy")
        if notation is not None:
            self.open_form(notation)

    def _own_legal(self, verb: str, *others: str) -> str | None:
        """The legal order ``verb`` (else the first of ``others`` legal now) of the side that
        acts (a player: its own), as the legal orders write it; ``None`` after saying that
        ``verb`` is not legal now."""
        side = (self.session.viewer or self.session.state.acting).value
        legal_orders = self.session.legal_orders()
        notation = next(
            (
                legal.notation
                for wanted in (verb, *others)
                for legal in legal_orders
                if legal.verb == wanted and legal.notation.split()[0] == side
            ),
            None,
        )
        if notation is None:
            self.report_error(
                self.session.nothing_to_do()
                or f"DN-SEQ-2: {side} {verb} is not legal now; Ctrl+P lists the legal orders"
            )
        return notation

    def action_undo(self) -> None:
        """Ask, then take back the last order (same phase, no dice rolled); an undo certain to
        be refused (not this seat's order, dice rolled, the phase ended, sent in a turn file)
        is refused at once, without the question."""
        try:
            self.session.check_undo()
        except CampaignError as error:
            self.report_error(error.message)
            return
        unchanged = self._asked_now("the undo was asked", "nothing was undone: look again, then u")
        # an undo of a referee undo puts the order it reverted back in force: the question
        # says so (found by use: it did so without a word)
        taking_back = self.session.taking_back()

        def answered(yes: bool | None) -> None:
            if yes and unchanged():
                self._undo(take_back=taking_back is not None)

        question = (
            escape(taking_back.question)
            if taking_back is not None
            else f"Undo [b]{self._last_order()}[/b]?"
        )
        self.app.push_screen(Confirm(question), answered)

    def _asked_now(self, asked: str, nothing: str) -> Callable[[], bool]:
        """Note the campaign as it stands when a question opens. The function returned, called
        with the answer, says whether it still stands so, and if not says that nothing was
        done (DN-ERR-1): a change made elsewhere meanwhile (``catch_up``) may have ended the
        step the question named or put another order last."""
        asked_at = self.session.loaded.head

        def unchanged() -> bool:
            now = self.session.loaded.head
            if now == asked_at:
                return True
            self.report_error(
                f"DN-ERR-1: the campaign changed while {asked} "
                f"(event {asked_at.seq} → {now.seq}); {nothing}"
            )
            return False

        return unchanged

    def _last_order(self) -> str:
        """The last order as this seat reads it in the log (a face-down neutral's code hidden),
        as markup: what ``u`` asks about (``U`` names the order it reverts, which after a
        referee undo is the one before: ``CampaignSession.referee_undo_target``); with strict
        dice, the order held for the other side's dice, which ``u`` takes back first."""
        held = self.session.held_to_undo()
        if held is not None:
            return escape(held)
        rows = self.session.log_rows()
        return escape(rows[-1].order) if rows else "the last order"

    def _undo(self, referee_reason: str | None = None, *, take_back: bool = False) -> None:
        try:
            lines = self.session.undo(referee_reason=referee_reason, take_back=take_back)
        except CampaignError as error:
            self.report_error(error.message)
            if isinstance(error, ConflictError):  # the screen was behind: it shows it now
                self.refresh_all()
            return
        # what was taken back first (``undone: …``, ``reverted: …``), as the CLI prints it
        taken = escape(lines[0]) if lines else "undone"
        self.confirm(
            f"{taken} (referee undo logged: {escape(referee_reason)})" if referee_reason else taken
        )
        self.refresh_all()

    @_unless_typing
    def action_referee_undo(self) -> None:
        """Referee override: revert the last order even past dice, with a logged reason (the
        referee's screen only)."""
        try:
            self.session.check_undo(override=True)
            target = self.session.referee_undo_target()
        except CampaignError as error:
            self.report_error(error.message)
            return

        unchanged = self._asked_now(
            "the reason was typed", "nothing was undone: look again, then U"
        )

        def done(reason: str | None) -> None:
            if reason and unchanged():  # found by use: it reverted an order given meanwhile
                self._undo(referee_reason=reason)

        # after a referee undo this is the order before the one it reverted, not the undo
        self.app.push_screen(
            TextPrompt(
                f"Referee undo of [b]{escape(target)}[/b]: the reason (logged)",
                "type why the order is reverted",
            ),
            done,
        )

    def action_next_battle_step(self) -> None:
        """Pre-fill the order that moves the first open battle on."""
        battles = self.session.battles()
        if not battles:
            self.report_error("DN-CBT-1: no open battle now")
            return
        try:
            order = self.session.next_battle_order(next(iter(battles)))
        except CampaignError as error:
            self.report_error(error.message)
            return
        self.prefill_order(order)

    async def action_forecast(self) -> None:
        """Forecast the first open battle (Monte Carlo, in the background)."""
        battles = self.session.battles()
        if not battles:
            self.report_error("DN-CBT-1: no open battle to forecast")
            return
        self.action_show_tab(3)
        battle_tab = await self.mounted_tab("tab-battle")
        assert isinstance(battle_tab, BattleTab)
        battle_tab.forecast(next(iter(battles)))

    async def action_sort_forces(self) -> None:
        """Sort the forces table by the next column, and show it: from another tab the
        table was sorted out of sight, the map still shown (found by use, December 7, late
        night; ``f`` shows the Battle tab it forecasts on)."""
        self.action_show_tab(1)
        forces = await self.mounted_tab("tab-forces")
        assert isinstance(forces, ForcesTab)
        forces.sort_next()

    async def action_export_turn(self) -> None:
        """Export a turn file (the Mail tab's form)."""
        mail = await self.mounted_tab("tab-mail")
        assert isinstance(mail, MailTab)
        mail.export_turn()

    async def action_import_turn(self) -> None:
        """Import the other player's turn file (the Mail tab's form)."""
        mail = await self.mounted_tab("tab-mail")
        assert isinstance(mail, MailTab)
        mail.import_turn()

    def quit_question(self) -> str | None:
        """What ``Ctrl+Q`` asks before quitting (None: nothing typed would be lost)."""
        unsent = self.order_bar.unsent_words()
        if not unsent:
            return None
        return f"Quit and drop {unsent} but not sent? (y quits, n goes back)"

    def unsent_input(self) -> bool:
        """True when the order line or the dice field holds text not sent yet."""
        return self.order_bar.unsent()

    def action_close(self) -> None:
        """Back to the launcher (a new one when the campaign was opened directly); asks first
        when an order or dice are typed but not sent."""
        if not self.unsent_input():
            self._close()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._close()

        self.app.push_screen(
            Confirm(f"Leave the campaign and drop {self.order_bar.unsent_words()} but not sent?"),
            answered,
        )

    def _close(self) -> None:
        close_campaign = getattr(self.app, "close_campaign", None)  # CampaignApp's
        if callable(close_campaign):
            close_campaign()
        else:  # a host app without a launcher: closing the campaign ends it
            self.app.exit()

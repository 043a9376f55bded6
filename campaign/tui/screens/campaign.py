"""The campaign screen: phase tracker, map, forces, economy, battles, log, and the order line.

Every change goes through ``CampaignSession`` (the service underneath); a rejected order shows
its rule id and sentence in the status line and as a notification, and changes nothing.
Tabs other than the map are rebuilt lazily, when shown, so opening a campaign stays fast.
"""

from __future__ import annotations

import shlex

from rich.markup import escape
from rich.style import Style
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    DataTable,
    Footer,
    Header,
    Input,
    LoadingIndicator,
    OptionList,
    Static,
    TabbedContent,
    TabPane,
)
from textual.widgets.option_list import Option

from campaign.rules.engine import STEP_ENDING
from campaign.rules.errors import CampaignError
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.tui.commands import LegalOrdersProvider
from campaign.tui.screens.forms import Confirm, OrderForm, TextPrompt, TextView, template_fields
from campaign.tui.session import CampaignSession, LogRow
from campaign.tui.views import (
    battle_lines,
    forecast_lines,
    income_lines,
    stage_hint,
    upkeep_lines,
)
from campaign.tui.widgets.map_render import (
    SIDE_STYLE,
    MapView,
    hex_centre,
    legend,
    render_map,
)
from campaign.tui.widgets.tables import CursorInViewTable


class DestinationList(OptionList):
    """The destinations of the selected stack. A click only highlights one (the map draws its
    path); a click on the highlighted one, or Enter, sends the move: one stray click must not
    send a jump."""

    async def _on_click(self, event: events.Click) -> None:
        clicked = event.style.meta.get("option")
        if clicked is not None and clicked != self.highlighted:
            event.prevent_default()  # OptionList's own click would select at once
            if not self.get_option_at_index(clicked).disabled:
                self.highlighted = clicked


TABS = ("tab-map", "tab-forces", "tab-economy", "tab-battle", "tab-log", "tab-mail")
FORCE_COLUMNS = ("unit", "side", "type", "factors", "stack", "location", "system", "disr.", "cargo")


def side_style(side: str) -> Style | str:
    """The map's colour of a side named ``side`` (plain text for anything else)."""
    return next((style for known, style in SIDE_STYLE.items() if known.value == side), "")


def dice_hint(purposes: list[str] | None) -> str:
    """The dice field's placeholder: how many physical dice the typed order rolls."""
    if purposes is None:
        return "dice 3,5 (referee)"
    if not purposes:
        return "no dice needed"
    return f"{len(purposes)} dice: {purposes[0]}…" if len(purposes) > 1 else \
        f"1 die: {purposes[0]}"


#: Sentences of an order's outcome shown in the status line (the rest: "+N more").
OUTCOME_LINES = 2


def outcome_text(order: str, sentences: list[str], events: int) -> str:
    """The status line after a sent order: the order and its first outcome sentences (written
    by the rules core's narration, never here)."""
    lines = [line for sentence in sentences for line in sentence.splitlines()]
    shown = lines[:OUTCOME_LINES]
    more = len(lines) - len(shown)
    head = f"✓ {order.strip()}" + (f"  ({events} event(s))" if not lines else "")
    tail = f"  [dim](+{more} more line(s))[/dim]" if more else ""
    return "\n".join([head, *shown]) + tail


class CampaignScreen(Screen[None]):
    """One open campaign."""

    COMMANDS = {LegalOrdersProvider}
    BINDINGS = [
        Binding("1", "show_tab(0)", "Map", show=False, id="campaign.tab_map"),
        Binding("2", "show_tab(1)", "Forces", show=False, id="campaign.tab_forces"),
        Binding("3", "show_tab(2)", "Economy", show=False, id="campaign.tab_economy"),
        Binding("4", "show_tab(3)", "Battle", show=False, id="campaign.tab_battle"),
        Binding("5", "show_tab(4)", "Log", show=False, id="campaign.tab_log"),
        Binding("6", "show_tab(5)", "Mail", show=False, id="campaign.tab_mail"),
        Binding("x", "export_turn", "Export turn", show=False, id="campaign.export"),
        Binding("i", "import_turn", "Import turn", show=False, id="campaign.import"),
        Binding("o,colon", "focus_order", "Order", id="campaign.order"),
        Binding("m", "move", "Move", id="campaign.move"),
        Binding("e", "form", "Form", id="campaign.form"),
        Binding("c", "connections", "Connections", show=False, id="campaign.connections"),
        Binding("p", "save_picture", "Picture", show=False, id="campaign.picture"),
        Binding("u", "undo", "Undo", id="campaign.undo"),
        Binding("U", "referee_undo", "Referee undo", show=False, id="campaign.referee_undo"),
        Binding("d", "focus_dice", "Dice", show=False, id="campaign.dice"),
        Binding("n", "next_battle_step", "Next step", show=False, id="campaign.battle_next"),
        Binding("f", "forecast", "Forecast", show=False, id="campaign.forecast"),
        Binding("s", "sort_forces", "Sort", show=False, id="campaign.sort"),
        Binding("escape", "leave_input", "Leave input", show=False, id="campaign.leave_input"),
        Binding("q", "close", "Close", id="campaign.close"),
    ]

    def __init__(self, session: CampaignSession) -> None:
        super().__init__()
        self.session = session
        self.show_connections = False
        self.selected_stack: str | None = None
        self.highlighted_destination: str | None = None
        self._dirty: set[str] = set(TABS)
        self._sort_column = 0
        self._stack_ids: list[str] = []
        self._dest_ids: list[str] = []
        self._log_shown: list[LogRow] = []  # the Log tab's rows, in table order
        self.map_view: MapView | None = None  # what the map shows now
        #: The referee's reason for typed dice in a seeded campaign (asked once, DN-ERR-1).
        self.dice_reason: str | None = None

    # --- layout

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="phase")
        with TabbedContent(id="tabs"):
            with TabPane("1 Map", id="tab-map"), Horizontal():
                with ScrollableContainer(id="map-scroll"):
                    yield Static(id="map")
                    yield Static(legend(), id="legend", classes="muted")
                with Vertical(id="map-side"):
                    yield Static("Stacks (m)", classes="pane-title")
                    yield OptionList(id="stack-list")
                    yield Static("Destinations", classes="pane-title")
                    yield DestinationList(id="dest-list")
                    yield Static(id="system-info", classes="muted")
            with TabPane("2 Forces", id="tab-forces"):
                yield DataTable(id="forces", cursor_type="row", zebra_stripes=True)
            with TabPane("3 Economy", id="tab-economy"), VerticalScroll(id="economy-scroll"):
                yield Static(id="economy")
            with TabPane("4 Battle", id="tab-battle"), VerticalScroll(id="battle-scroll"):
                yield Static(id="battle")
                yield LoadingIndicator(id="forecast-loading")
                yield Static(id="forecast")
            with TabPane("5 Log", id="tab-log"), Vertical():
                yield Input(placeholder="filter: turn:1 side:aslan type:stack-moved words",
                            id="log-filter", compact=True)
                yield CursorInViewTable(id="log", cursor_type="row", zebra_stripes=True)
                yield Static(id="log-detail")
            with TabPane("6 Mail", id="tab-mail"), VerticalScroll(id="mail-scroll"):
                yield Static(id="mail")
        with Horizontal(id="order-bar"):
            yield Input(placeholder="order (Ctrl+P: legal orders), e.g. aslan end-phase",
                        id="order", compact=True)
            yield Input(placeholder="dice 3,5 (referee)", id="dice", compact=True)
        yield Static(id="status-line")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.title = f"Campaign {self.session.name}"
        self.sub_title = "campaign"
        self.query_one("#forecast-loading").display = False
        forces = self.query_one("#forces", DataTable)
        for label in FORCE_COLUMNS:
            forces.add_column(label, key=label)
        self.query_one("#log", DataTable).add_columns("#", "turn", "order", "what happened", "dice")
        self.refresh_all()
        self.query_one("#stack-list", OptionList).focus()

    # --- refreshing

    def refresh_all(self) -> None:
        """Rebuild the phase tracker and the map now; other tabs when next shown."""
        self.query_one("#phase", Static).update("\n".join(self.session.phase_lines()))
        self.query_one("#order", Input).placeholder = self.session.order_placeholder()
        self._dirty = set(TABS)
        self._refresh_tab(self.query_one("#tabs", TabbedContent).active)

    def _refresh_tab(self, tab: str) -> None:
        if tab not in self._dirty:
            return
        self._dirty.discard(tab)
        {
            "tab-map": self._fill_map_tab,
            "tab-forces": self._fill_forces,
            "tab-economy": self._fill_economy,
            "tab-battle": self._fill_battle,
            "tab-log": self._fill_log,
            "tab-mail": self._fill_mail,
        }[tab]()

    @on(TabbedContent.TabActivated)
    def _tab_shown(self, event: TabbedContent.TabActivated) -> None:
        self._refresh_tab(event.pane.id or "")

    def _fill_map_tab(self) -> None:
        self._fill_stacks()
        self._draw_map()

    def _draw_map(self) -> None:
        options = None
        selected = self.highlighted_destination
        if self.selected_stack is not None:
            try:
                options = self.session.move_options(self.selected_stack)
            except CampaignError:
                options = None
            if selected is None and options is not None:
                selected = options.start
        path: tuple[str, ...] = ()
        if options is not None and self.highlighted_destination in options.legal:
            legs = options.legal[self.highlighted_destination].path
            path = legs if legs[:1] == (options.start,) else (options.start, *legs)
        view = self.session.map_view(
            selected=selected,
            destinations=options.legal if options else (),
            show_connections=self.show_connections,
            path=path,
        )
        self.map_view = view
        self.query_one("#map", Static).update(render_map(self.session.ruleset.star_map, view))
        if selected:
            self.call_after_refresh(self._scroll_map_to, selected)
        info = []
        if selected:
            info.append(f"{self.session.system_name(selected)}: routes to "
                        + ", ".join(self.session.routes_of(selected)))
        if options is not None and self.session.state.phase.is_movement:
            info.extend(options.hints)  # movement hints mean nothing in other phases
        self.query_one("#system-info", Static).update("\n".join(info))

    def _scroll_map_to(self, system_id: str) -> None:
        """Keep ``system_id`` in view when the map is larger than its pane."""
        system = self.session.ruleset.star_map.system(system_id)
        x, y = hex_centre(system.hex.col, system.hex.row)
        scroller = self.query_one("#map-scroll", ScrollableContainer)
        width, height = scroller.scrollable_content_region.size
        scroller.scroll_to(max(0, x - width // 2), max(0, y - height // 2), animate=False)

    def _fill_stacks(self) -> None:
        stack_list = self.query_one("#stack-list", OptionList)
        stack_list.clear_options()
        side = self.session.state.acting
        stacks = self.session.stacks(side)
        self._stack_ids = list(stacks)
        for label, members in stacks.items():
            where = self.session.state.position_of(members[0]).system
            stack_list.add_option(
                Option(f"{label} @ {self.session.system_name(where)} ({len(members)})")
            )
        if self.selected_stack not in stacks:
            self.selected_stack = self._stack_ids[0] if self._stack_ids else None
        if self.selected_stack is not None:
            stack_list.highlighted = self._stack_ids.index(self.selected_stack)
        self._fill_destinations()

    def _fill_destinations(self) -> None:
        dest_list = self.query_one("#dest-list", OptionList)
        dest_list.clear_options()
        self._dest_ids = []
        if self.selected_stack is None:
            return
        if not self.session.state.phase.is_movement:
            dest_list.add_option(Option("moves only in movement phases (DN-SEQ-2)",
                                        disabled=True))
            return
        try:
            options = self.session.move_options(self.selected_stack)
        except CampaignError as error:
            dest_list.add_option(Option(f"✗ {error.message}", disabled=True))
            return
        for system_id, dest in sorted(
            options.legal.items(), key=lambda item: (len(item[1].path), item[0])
        ):
            self._dest_ids.append(system_id)
            extra = " explore" if dest.explore else ""
            dest_list.add_option(
                Option(f"✓ {self.session.system_name(system_id)} ({dest.mode} "
                       f"{len(dest.path)}){extra}")
            )
        for system_id, obstacle in sorted(options.refused.items()):
            self._dest_ids.append(system_id)
            dest_list.add_option(
                Option(f"✗ {self.session.system_name(system_id)} {obstacle.rule}")
            )

    def _fill_forces(self) -> None:
        table = self.query_one("#forces", DataTable)
        table.clear()
        for row in self.session.force_rows():
            table.add_row(
                row.unit_id, Text(row.side, style=side_style(row.side)), row.code, row.factors,
                row.stack, row.location,
                row.system, "D" if row.disrupted else "", row.cargo, key=row.unit_id,
            )

    def _fill_economy(self) -> None:
        lines: list[str] = []
        due = self.session.maintenance_due()
        for side in PLAYER_SIDES:
            lines.extend(income_lines(self.session.income(side)))
            lines.extend(upkeep_lines(self.session.upkeep(side), due and
                                      side is self.session.state.phasing))
            lines.append("")
        self.query_one("#economy", Static).update("\n".join(lines))

    def _fill_battle(self) -> None:
        self.query_one("#forecast", Static).update("")  # a forecast is for the old position
        battles = self.session.battles()
        if not battles:
            text = ("No open battle. Battles open when a combat phase's space sub-phase starts "
                    "in a system with both sides' ships (DN-CBT-1).")
            summary = self.session.last_battle()
            if not summary.empty:
                systems = ", ".join(self.session.system_name(s) for s in summary.systems)
                text += f"\n\n[b]Last battle[/b] at {systems}, {summary.rounds} round(s):\n"
                text += "\n".join(f"  {line}" for line in summary.lines)
        else:
            lines = []
            for battle_id, battle in battles.items():
                stage = self.session.battle_stage(battle_id)
                lines.extend(battle_lines(battle_id, battle, stage))  # type: ignore[arg-type]
                lines.extend(self.session.battle_round_lines(battle_id))
                lines.append(f"  next: {stage_hint(stage)}")
                step = self.session.next_battle_order(battle_id)
                lines.append(f"  [b]n[/b] pre-fills: {step}")
                rolls = self.session.dice_needed(step)
                if rolls:
                    lines.append(f"  it rolls {len(rolls)} dice: {', '.join(rolls)}")
            lines.append("Enter physical dice in the dice field (d) before sending, or leave it "
                         "empty for the seeded dice.  f: forecast")
            text = "\n".join(lines)
        self.query_one("#battle", Static).update(text)

    def _fill_log(self) -> None:
        table = self.query_one("#log", DataTable)
        table.clear()
        query = self.query_one("#log-filter", Input).value
        self._log_shown = [row for row in self.session.log_rows() if row.matches(query)]
        for row in self._log_shown:
            told = " · ".join(row.sentences) or ", ".join(row.events)
            table.add_row(row.numbers, str(row.turn), row.order, told, ", ".join(row.rolls))
        if not self._log_shown:
            self.query_one("#log-detail", Static).update("no order matches the filter")
        # the cursor now (the table scrolls to it once its size is known: CursorInViewTable)
        table.move_cursor(row=table.row_count - 1)

    def _log_entry(self, index: int) -> tuple[str, str] | None:
        """Title and full text (markup) of the Log tab's row ``index``."""
        if not 0 <= index < len(self._log_shown):
            return None
        row = self._log_shown[index]
        told = "\n".join(escape(line) for line in row.sentences) or ", ".join(row.events)
        dice = f"\n[dim]dice: {escape(', '.join(row.rolls))}[/dim]" if row.rolls else ""
        return f"{row.numbers} {escape(row.order)}", f"{told}{dice}"

    @on(DataTable.RowHighlighted, "#log")
    def _log_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The highlighted order below the table (the columns cut long sentences); the detail
        keeps one height, so the table does not shrink under its cursor."""
        entry = self._log_entry(event.cursor_row)
        if entry is None:
            return
        title, text = entry
        lines = text.splitlines()
        shown = "\n".join(lines[:2])
        if len(lines) > 2 or len(text) > 2 * max(20, self.size.width - 4):
            shown += "\n[dim]… Enter: the whole entry[/dim]"
        self.query_one("#log-detail", Static).update(f"[b]{title}[/b]\n{shown}")

    @on(DataTable.RowSelected, "#log")
    def _log_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a log row: the whole entry, every sentence and die, in a window."""
        entry = self._log_entry(event.cursor_row)
        if entry is not None:
            self.app.push_screen(TextView(*entry))

    def _fill_mail(self) -> None:
        history = self.session.exchange_lines()
        lines = ["[b]Play by e-mail[/b] — x: export your turn file · i: import the other "
                 "player's (the checks of `campaign export/import`, docs/turn-files.md)", "",
                 "[b]Exchange history[/b] (file, in/out, side, events, body digest):"]
        lines += [f"  {line}" for line in history] or ["  no turn file sent or received yet"]
        self.query_one("#mail", Static).update("\n".join(lines))

    def action_export_turn(self) -> None:
        """Export a side's turn file to a path (armoured for .txt/.asc, else JSON): the side
        this database plays once it is recorded, else the acting side, is offered first."""
        own = self.session.own_side()
        acting = own.value if own is not None else self.session.state.acting.value
        form = OrderForm(
            "export SIDE FILE [KEYFILE]",
            {"FILE": "path, e.g. turn-3.txt",
             "KEYFILE": "your private key to sign with (campaign keygen), if you sign"},
            choices={"SIDE": self.session.field_choices("SIDE")},
            prefill={"SIDE": acting, "FILE": f"{self.session.name}-{acting}.txt"},
            submit=self._export_from_form,
        )
        self.app.push_screen(form)

    def _export_from_form(self, text: str) -> str | None:
        _, side, path, *key = shlex.split(text)
        try:
            line = self.session.export_turn(Side(side), path, key[0] if key else None)
        except (CampaignError, ValueError) as error:
            message = error.message if isinstance(error, CampaignError) else str(error)
            self.report_error(message)
            return message
        self.report(f"✓ {line}")
        self._dirty.add("tab-mail")
        self.action_show_tab(5)
        self._refresh_tab("tab-mail")
        return None

    def action_import_turn(self) -> None:
        """Check and apply the other player's turn file (a refusal changes nothing). Before the
        first file, the form also asks which side this database plays (`import --as`)."""

        def imported(path: str, side: Side | None) -> str | None:
            try:
                line = self.session.import_turn(path, side)
            except (CampaignError, ValueError) as error:
                message = error.message if isinstance(error, CampaignError) else str(error)
                self.report_error(message)
                return message
            self.report(f"✓ {line}")
            self.refresh_all()
            return None

        def chosen(path: str | None) -> None:
            if path:
                imported(path, None)

        if self.session.own_side() is not None:
            self.app.push_screen(TextPrompt("Import a turn file: its path", "turn-3.txt"),
                                 chosen)
            return

        def from_form(text: str) -> str | None:
            _, side, path = shlex.split(text)
            return imported(path, Side(side))

        self.app.push_screen(OrderForm(
            "import AS FILE",
            {"AS": "the side YOU play (recorded for good)", "FILE": "path, e.g. turn-1.txt"},
            choices={"AS": self.session.field_choices("SIDE")},
            prefill={"AS": self.session.state.acting.enemy.value, "FILE": "turn-1.txt"},
            submit=from_form,
            note="The first turn file: say which side you play; files from your own side "
                 "are then refused.",
        ))

    @on(Input.Changed, "#log-filter")
    def _filter_changed(self) -> None:
        self._fill_log()

    # --- map side panel

    @on(OptionList.OptionHighlighted, "#stack-list")
    def _stack_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        stack = self._stack_ids[event.option_index]
        if stack == self.selected_stack:
            return  # already shown (refresh_all highlights the current stack again)
        self.selected_stack = stack
        self.highlighted_destination = None
        self._fill_destinations()
        self._draw_map()

    @on(OptionList.OptionSelected, "#stack-list")
    def _stack_selected(self) -> None:
        self.query_one("#dest-list", OptionList).focus()

    @on(OptionList.OptionHighlighted, "#dest-list")
    def _dest_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index < len(self._dest_ids):
            self.highlighted_destination = self._dest_ids[event.option_index]
            self._draw_map()

    @on(OptionList.OptionSelected, "#dest-list")
    def _dest_selected(self, event: OptionList.OptionSelected) -> None:
        if self.selected_stack is None or event.option_index >= len(self._dest_ids):
            return
        destination = self._dest_ids[event.option_index]
        try:
            text = self.session.move_order(self.selected_stack, destination)
        except CampaignError as error:
            self.report_error(error.message)
            return
        self.send_order(text)

    # --- orders

    def prefill_order(self, text: str) -> None:
        """Put ``text`` in the order input and focus it (used by the palette and the battle tab)."""
        order = self.query_one("#order", Input)
        order.value = text
        order.cursor_position = len(text)
        self.set_focus(order)

    @on(Input.Changed, "#order")
    def _order_changed(self, event: Input.Changed) -> None:
        """The dice field says how many physical dice the typed order rolls."""
        dice = self.query_one("#dice", Input)
        dice.placeholder = dice_hint(self.session.dice_needed(event.value)
                                     if event.value.strip() else None)

    @on(Input.Submitted, "#order")
    def _order_submitted(self, event: Input.Submitted) -> None:
        self.send_order(event.value)

    def send_order(self, text: str) -> bool:
        """Decide and store ``text`` (with the referee's dice if typed); report the outcome."""
        dice = self.query_one("#dice", Input)
        if dice.value.strip() and not self.session.takes_typed_dice and not self.dice_reason:
            self._ask_dice_reason(text)
            return False
        try:
            events = self.session.order(text, dice.value, self.dice_reason)
        except CampaignError as error:
            self.report_error(error.message)
            return False
        self.query_one("#order", Input).value = ""
        dice.value = ""
        dice.placeholder = dice_hint(None)
        self.action_leave_input()  # single keys are commands again
        self.app.clear_notifications()  # an earlier refusal no longer applies
        self.report(outcome_text(text, self.session.last_outcome, len(events)))
        self.refresh_all()
        return True

    def _ask_dice_reason(self, text: str) -> None:
        """A seeded campaign takes typed dice only as a referee override with a reason (logged
        with each such order, DN-ERR-1): ask once, keep it for this session, then send."""

        def answered(reason: str | None) -> None:
            if reason:
                self.dice_reason = reason
                self.send_order(text)

        self.report("typed dice in a seeded campaign: give the referee's reason (asked once)")
        self.app.push_screen(TextPrompt("Typed dice override the campaign's seeded dice. The "
                                        "referee's reason (logged with each such order):",
                                        "dice rolled at the table"), answered)

    def report(self, message: str) -> None:
        """Show ``message`` in the status line."""
        self.query_one("#status-line", Static).update(message)

    def report_error(self, message: str) -> None:
        """A refused order or undo: rule id and sentence in the status line and a notification."""
        self.query_one("#status-line", Static).update(f"[red]✗ {message}[/red]")
        self.notify(message, title="refused", severity="error", timeout=8)

    # --- actions

    def action_show_tab(self, index: int) -> None:
        """Show tab ``index`` (1 map … 5 log) and focus its main widget.

        Focus is parked on the tab strip first: hiding the focused widget would otherwise move
        focus to another widget of the old pane, and TabbedContent follows focus back to it.
        """
        tabbed = self.query_one("#tabs", TabbedContent)
        if tabbed.active == TABS[index]:
            return
        self.query_one("#tabs Tabs").focus()
        tabbed.active = TABS[index]
        self.call_after_refresh(self._focus_tab_body, TABS[index])

    def _focus_tab_body(self, tab: str) -> None:
        target = {
            "tab-map": "#stack-list",
            "tab-forces": "#forces",
            "tab-economy": "#economy-scroll",
            "tab-battle": "#battle-scroll",
            "tab-log": "#log",
            "tab-mail": "#mail-scroll",
        }[tab]
        self.set_focus(self.query_one(target))

    def action_focus_order(self) -> None:
        """Put the cursor in the order line.

        Focus moves at once (``set_focus``, not ``focus()``, which waits for the message queue):
        keys typed right after ``o`` must land in the line, never fire as commands.
        """
        self.set_focus(self.query_one("#order", Input))

    def action_focus_dice(self) -> None:
        """Put the cursor in the referee's dice field (at once, as for the order line)."""
        self.set_focus(self.query_one("#dice", Input))

    def action_leave_input(self) -> None:
        """Leave a text field (so single-key bindings work again)."""
        if isinstance(self.focused, Input):
            self._focus_tab_body(self.query_one("#tabs", TabbedContent).active)

    def action_move(self) -> None:
        """Movement form: pick a stack, then a destination (legal ones highlighted on the map)."""
        self.action_show_tab(0)
        self.query_one("#stack-list", OptionList).focus()

    def action_connections(self) -> None:
        """Toggle the connection overlay (boxes cut off from their capital, DN-ECO-3)."""
        self.show_connections = not self.show_connections
        self.action_show_tab(0)
        self._draw_map()
        self.report("connection overlay " + ("on: red underline = cut off from the capital"
                                             if self.show_connections else "off"))

    def action_save_picture(self) -> None:
        """Write the map as shown (supply overlay when connections are on, moves when a stack is
        selected) as SVG to the user data directory and say where (docs/maps.md)."""
        from campaign.app.pictures import save_view_picture
        from campaign.views.scene import Overlay

        overlay = (Overlay.SUPPLY if self.show_connections
                   else Overlay.MOVES if self.selected_stack else Overlay.NONE)
        try:
            path = save_view_picture(self.session.service, self.session.loaded, overlay=overlay)
        except (CampaignError, ValueError) as error:
            self.report_error(str(error))
            return
        self.report(f"map picture written to {path}")
        self.notify(str(path), title="map picture written", timeout=8)

    def action_form(self) -> None:
        """A form with one field per blank of the order in the input (or of the first legal
        order): buying, loading, maintenance choices…"""
        text = self.query_one("#order", Input).value.strip()
        legal = self.session.legal_orders()
        template = None
        words = text.split()
        verb = words[1] if len(words) > 1 else ""
        for item in legal:
            if verb and item.notation.split()[0] != words[0]:
                continue  # the side typed first must be the side that gives the order
            if item.verb == verb or (not verb and item.verb not in STEP_ENDING):
                template = self.session.template_for(item)
                break
        if template is None:
            self.report_error(f"DN-SEQ-2: {verb or 'no order'} is not legal now; Ctrl+P lists "
                              "the legal orders")
            return

        _, fields = template_fields(template)
        names = [field.name for field in fields]
        form = OrderForm(
            template,
            choices={name: choices for name in names
                     if (choices := self.session.field_choices(name))},
            prefill={name: value for name in names if (value := self.session.field_prefill(name))},
            submit=self._send_from_form,
            note=f"RU left: {self.session.state.ru.get(self.session.state.acting, 0)}",
        )
        self.app.push_screen(form)

    def _send_from_form(self, text: str) -> str | None:
        """Send a form's order: ``None`` when stored, else the refusal (the form stays open)."""
        if self.send_order(text):
            return None
        return str(self.query_one("#status-line", Static).render())

    def action_undo(self) -> None:
        """Ask, then take back the last order (same phase, no dice rolled)."""
        rows = self.session.log_rows()
        last = rows[-1].order if rows else "the last order"

        def answered(yes: bool | None) -> None:
            if yes:
                self._undo()

        self.app.push_screen(Confirm(f"Undo [b]{last}[/b]?"), answered)

    def _undo(self) -> None:
        try:
            self.session.undo()
        except CampaignError as error:
            self.report_error(error.message)
            return
        self.report("undone")
        self.refresh_all()

    def action_referee_undo(self) -> None:
        """Referee override: revert the last order even past dice, with a logged reason."""

        def done(reason: str | None) -> None:
            if not reason:
                return
            try:
                self.session.undo(referee_reason=reason)
            except CampaignError as error:
                self.report_error(error.message)
                return
            self.report(f"referee undo logged: {reason}")
            self.refresh_all()

        self.app.push_screen(TextPrompt("Referee undo: the reason (logged)", "reason"), done)

    def action_next_battle_step(self) -> None:
        """Pre-fill the order that moves the first open battle on."""
        battles = self.session.battles()
        if not battles:
            self.report_error("DN-CBT-1: no open battle now")
            return
        self.prefill_order(self.session.next_battle_order(next(iter(battles))))

    def action_forecast(self) -> None:
        """Forecast the first open battle (Monte Carlo, in the background)."""
        battles = self.session.battles()
        if not battles:
            self.report_error("DN-CBT-1: no open battle to forecast")
            return
        self.action_show_tab(3)
        self.query_one("#forecast-loading").display = True
        self._run_forecast(next(iter(battles)))

    @work(thread=True, exclusive=True, group="forecast")
    def _run_forecast(self, battle_id: str) -> None:
        forecast = self.session.forecast(battle_id)
        text = "\n".join(forecast_lines(forecast))
        self.app.call_from_thread(self._show_forecast, text)

    def _show_forecast(self, text: str) -> None:
        self.query_one("#forecast-loading").display = False
        self.query_one("#forecast", Static).update(text)

    def action_sort_forces(self) -> None:
        """Sort the forces table by the next column."""
        table = self.query_one("#forces", DataTable)
        self._sort_column = (self._sort_column + 1) % len(FORCE_COLUMNS)
        table.sort(FORCE_COLUMNS[self._sort_column], key=str)  # cells may be coloured Text
        self.report(f"forces sorted by {FORCE_COLUMNS[self._sort_column]}")

    @on(DataTable.HeaderSelected, "#forces")
    def _header_clicked(self, event: DataTable.HeaderSelected) -> None:
        event.data_table.sort(event.column_key, key=str)

    def unsent_input(self) -> bool:
        """True when the order line or the dice field holds text not sent yet."""
        return any(self.query_one(f"#{name}", Input).value.strip() for name in ("order", "dice"))

    def action_close(self) -> None:
        """Back to the launcher (or quit when the campaign was opened directly); asks first when
        an order or dice are typed but not sent."""
        if not self.unsent_input():
            self._close()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._close()

        self.app.push_screen(Confirm("Leave the campaign and drop the order typed but not "
                                     "sent?"), answered)

    def _close(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()

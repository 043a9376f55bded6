"""The launcher: campaigns (new, open, delete) and the scenario games."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Header, Label, ListItem, ListView, Static

from campaign.app.starting import NewCampaignOptions, start_campaign
from campaign.rules.errors import CampaignError
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.seats import REFEREE, Seat
from campaign.tui.screens.forms import Confirm, NewCampaignForm
from campaign.tui.screens.seat_keys import SeatScreen
from campaign.tui.views import LIVE_INTERVAL, refusal_text
from scenarios import registry
from scenarios.footer import KeysFooter

#: Told why a campaign cannot be opened (the refusal's text), instead of a notification.
Refused = Callable[[str], None]

if TYPE_CHECKING:
    from campaign.app import CampaignService
    from campaign.app.live import Follower
    from campaign.tui.session import CampaignSession


class ScenarioItem(ListItem):
    """A scenario game in the launcher list."""

    def __init__(self, entry: registry.ScenarioEntry) -> None:
        super().__init__(Label(f"{entry.title}"))
        self.entry = entry


class LauncherScreen(SeatScreen):
    """First screen: pick a campaign or a scenario game."""

    BINDINGS = [
        Binding("enter", "open", "Open", id="launcher.open"),
        # priority: the dialog opens before the keys typed after ``n`` are handed to the
        # table, whose own keys (``v``, ``x``, ``q``) would take them (issue 17 item 6)
        Binding("n", "new", "New campaign", id="launcher.new", priority=True),
        # x first: the footer shows the first key, and the panel's hint says "x delete" (the
        # footer said "del Delete", found by use December 7)
        Binding("x,delete", "delete", "Delete", id="launcher.delete"),
        Binding("v", "cycle_viewer", "View as", id="launcher.viewer"),
        Binding("tab", "app.focus_next", "Next pane", show=False, id="launcher.next"),
        Binding("q", "app.quit", "Quit", id="launcher.quit"),
    ]

    def __init__(
        self,
        service: CampaignService | None = None,
        viewer: Side | None = None,
        *,
        seat: Seat = REFEREE,
    ) -> None:
        super().__init__()
        self.service = service
        #: Whose screen a campaign opens as (``v`` cycles): the referee's or one player's.
        self.viewer = viewer
        #: The seat the app was started for (``campaign tui --side S``): a player's launcher
        #: opens campaigns as that player only and deletes nothing (``app.authority``).
        self.seat = seat
        #: The database's change watch while the launcher is mounted (``catch_up``).
        self._database_watch: Follower | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="launcher"):
            with Vertical(id="campaign-pane", classes="pane"):
                yield Static("Campaigns", classes="pane-title")
                yield DataTable(id="campaign-table", cursor_type="row", zebra_stripes=True)
                yield Static(self._viewer_hint(), id="viewer-hint", classes="muted")
            with Vertical(id="scenario-pane", classes="pane"):
                yield Static("Scenario games", classes="pane-title")
                yield ListView(
                    *(ScenarioItem(entry) for entry in registry.SCENARIOS), id="scenario-list"
                )
                if not registry.SCENARIOS:
                    yield Static("No scenario games installed.", classes="muted")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.title = "Dark Nebula campaign referee"
        self.sub_title = "launcher"
        table = self.query_one("#campaign-table", DataTable)
        table.add_columns("name", "layout", "events")
        self.refresh_campaigns()
        table.focus()
        if self.service is not None:  # the list follows the database (issue 43 item 4)
            # deliberate lazy import: loaded with the service already (ADR 0020)
            from campaign.app.live import Follower

            self._database_watch = Follower(self.service.store)
            self.set_interval(LIVE_INTERVAL, self.catch_up, name="live")

    def on_unmount(self) -> None:
        if self._database_watch is not None:
            self._database_watch.close()
            self._database_watch = None

    def catch_up(self) -> None:
        """List the campaigns again when anyone wrote to the database (a campaign made,
        deleted or played elsewhere: another screen, the CLI, another machine on the same
        PostgreSQL server); the watch reads no table when nothing was written. While a
        campaign is open over the launcher, the list is made again when it shows."""
        watch = self._database_watch
        if self.is_current and watch is not None and watch.heard():
            self.refresh_campaigns()

    def on_screen_resume(self) -> None:
        """Back from a campaign: its event count has changed (and maybe the list)."""
        self.refresh_campaigns()

    def refresh_campaigns(self) -> None:
        """List the campaigns of the database (name, layout, number of events)."""
        table = self.query_one("#campaign-table", DataTable)
        cursor_row = table.cursor_row
        table.clear()
        if self.service is None:
            return
        store = self.service.store
        for name in store.campaigns():
            row = store.campaign(name)
            layout = row.layout + (
                f" (seed {row.layout_seed})" if row.layout_seed is not None else ""
            )
            table.add_row(name, layout, str(store.head(name).seq), key=name)
        if table.row_count:
            table.move_cursor(row=min(max(cursor_row, 0), table.row_count - 1))

    def select_campaign(self, name: str) -> None:
        """Put the cursor on campaign ``name`` if it is listed. After ``n`` the cursor stayed
        on the row it was on, and the Enter that followed opened that campaign, not the one
        just made (found by use, December 7, late night)."""
        table = self.query_one("#campaign-table", DataTable)
        if name in table.rows:
            table.move_cursor(row=table.get_row_index(name))

    def refused(self, message: str) -> None:
        """A key this seat may not use: the refusal as a notification, as written."""
        self.notify(
            refusal_text(message), title="refused", severity="error", timeout=10, markup=False
        )

    def selected_campaign(self) -> str | None:
        """Name of the campaign under the cursor, if any."""
        table = self.query_one("#campaign-table", DataTable)
        if table.row_count == 0:
            return None
        return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)

    @on(DataTable.RowSelected, "#campaign-table")
    def _campaign_selected(self) -> None:
        self.action_open()

    #: The keys of the referee's app alone: opening a campaign as another seat, deleting one
    #: (``app.authority.check_seat_change``, ``check_delete``), creating one
    #: (``check_create``); a player's launcher does not list them (found by use, December 7,
    #: night), and pressed they say why not.
    REFEREE_BINDINGS = frozenset({"launcher.delete", "launcher.viewer", "launcher.new"})

    def unoffered_bindings(self) -> frozenset[str]:
        """The referee's keys on a player's launcher (``REFEREE_BINDINGS``)."""
        return frozenset() if self.seat.is_referee else self.REFEREE_BINDINGS

    def _viewer_hint(self) -> str:
        # a campaign this database plays by e-mail opens as its player's (``_open_session``)
        who = (
            f"{self.viewer.value}'s screen"
            if self.viewer
            else "the referee's screen (by e-mail: the player's)"
        )
        if not self.seat.is_referee:  # a player's app: his seat only (docs/seats.md)
            return f"Enter open as {who}"
        return f"Enter open as {who} (v: view as) · n new · x delete"

    def action_cycle_viewer(self) -> None:
        """Open campaigns as the referee, then Aslan, then Solomani (DN-NEU-1: a player's
        screen hides what that player may not see); on the referee's app only."""
        # deliberate lazy import: the use cases load with the first campaign (ADR 0020)
        from campaign.app import authority

        try:
            authority.check_seat_change(self.seat)
        except CampaignError as error:
            self.refused(error.message)
            return
        order: list[Side | None] = [None, *PLAYER_SIDES]
        self.viewer = order[(order.index(self.viewer) + 1) % len(order)]
        self.query_one("#viewer-hint", Static).update(self._viewer_hint())

    def open_campaign(self, name: str) -> None:
        """Open ``name`` on the campaign screen as ``viewer`` sees it; a load problem is
        shown, not raised."""
        screen = campaign_screen(self.app, self.service, name, self.viewer)
        if screen is not None:
            self.app.push_screen(screen)

    def action_new(self) -> None:
        """Ask for every option of ``campaign new``, then create the campaign."""
        if self.service is None:
            return
        # deliberate lazy import: the use cases load with the first campaign (ADR 0020)
        from campaign.app import authority

        try:
            authority.check_create(self.seat)
        except CampaignError as error:
            self.refused(error.message)
            return

        def create(answer: NewCampaignOptions) -> str | None:
            """Create the campaign; why not, shown in the dialog, which stays open."""
            if self.service is None:
                return "no database is open"
            try:
                _, notes = start_campaign(self.service, answer)
            except (CampaignError, ValueError) as error:
                message = error.message if isinstance(error, CampaignError) else str(error)
                return refusal_text(message)
            self.refresh_campaigns()
            self.select_campaign(answer.name)  # Enter then opens it, not the row before
            self.notify(
                "\n".join([f"campaign {answer.name!r} created", *notes]),
                timeout=20 if notes else 5,
                markup=False,
            )  # the table shows it
            return None

        self.app.push_screen(NewCampaignForm(create))

    def action_delete(self) -> None:
        """Delete the selected campaign after a y/n confirmation."""
        name = self.selected_campaign()
        if name is None or self.service is None:
            return
        # deliberate lazy import: the use cases load with the first campaign (ADR 0020)
        from campaign.app import authority

        try:
            authority.check_delete(self.seat)
        except CampaignError as error:
            self.refused(error.message)
            return

        def delete(yes: bool | None) -> None:
            if yes and self.service is not None:
                self.service.store.delete_campaign(name)
                self.refresh_campaigns()
                self.notify(f"campaign {name!r} deleted", markup=False)

        self.app.push_screen(
            Confirm(f"Delete campaign [b]{name}[/b] and its whole log? This cannot be undone."),
            delete,
        )

    def action_open(self) -> None:
        """Open whatever is selected in the focused pane."""
        focused = self.focused
        if isinstance(focused, DataTable):
            name = self.selected_campaign()
            if name is not None:
                self.open_campaign(name)
        elif isinstance(focused, ListView):
            item = focused.highlighted_child
            if isinstance(item, ScenarioItem):
                self.open_scenario(item.entry)

    @on(ListView.Selected, "#scenario-list")
    def _scenario_selected(self, event: ListView.Selected) -> None:
        if isinstance(event.item, ScenarioItem):
            self.open_scenario(event.item.entry)

    def open_scenario(self, entry: registry.ScenarioEntry) -> None:
        """Push the scenario's own screen."""
        module = entry.load()
        make_screen = getattr(module, "make_screen", None)
        if make_screen is None:
            self.notify(f"{entry.title} has no screen yet", severity="warning")
            return
        self.app.push_screen(make_screen())


def campaign_screen(
    app: App[Any],
    service: CampaignService | None,
    name: str,
    viewer: Side | None,
    refused: Refused | None = None,
) -> Screen[None] | None:
    """The campaign screen of ``name`` as ``viewer`` sees it, or None after ``refused`` was
    told why it cannot be opened (by default a notification): the launcher's Enter and
    ``campaign tui NAME`` both open a campaign through here."""
    from campaign.tui.screens.campaign import CampaignScreen

    session = _open_session(app, service, name, viewer, refused)
    return CampaignScreen(session) if session is not None else None


def table_screen(
    app: App[Any], service: CampaignService | None, name: str, refused: Refused | None = None
) -> Screen[None] | None:
    """The public table view of ``name`` (``campaign tui NAME --table``), or None after
    ``refused`` was told why it cannot be opened."""
    from campaign.tui.screens.table import TABLE_VIEWER, TableScreen

    session = _open_session(app, service, name, TABLE_VIEWER, refused)
    return TableScreen(session) if session is not None else None


def _open_session(
    app: App[Any],
    service: CampaignService | None,
    name: str,
    viewer: Side | None,
    refused: Refused | None,
) -> CampaignSession | None:
    """``name`` opened as ``viewer`` sees it, or None after telling ``refused`` why not (the
    refusal's text; None: a notification on ``app``). The referee's screen (``viewer`` None)
    of a campaign this database plays by e-mail is its player's (``CampaignService.reader``,
    docs/seats.md), however it was asked for: the launcher's Enter as well as ``campaign tui
    NAME`` (found by use, December 7: the launcher opened a player's own database as the
    referee's view, every face-down kind shown)."""
    from campaign.tui.session import CampaignSession

    assert service is not None
    try:
        return CampaignSession(service, name, viewer=service.reader(name, viewer))
    except CampaignError as error:
        text = refusal_text(error.message)
        if refused is not None:
            refused(text)
        else:
            app.notify(text, title="cannot open", severity="error", timeout=10, markup=False)
        return None

"""The Textual application and the factory used by the CLI and the tests."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import rich
from rich.segment import Segments
from rich.traceback import Traceback
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.command import CommandListItem, CommandPalette, SimpleProvider
from textual.dom import DOMNode, NoScreen
from textual.theme import ThemeProvider
from textual.widget import AwaitMount
from textual.widgets import Input

from campaign.rules.seats import Seat
from campaign.tui.commands import PaletteCommands
from campaign.tui.keymap import LoadedKeymap, load_keymap, unknown_ids
from campaign.tui.screens.help import HelpScreen, binding_rows
from campaign.tui.screens.launcher import LauncherScreen, campaign_screen, table_screen
from campaign.tui.settle import HoldsKeysUntilSettled
from campaign.tui.terminal_watch import watch_terminal
from scenarios.footer import KeysFooter

if TYPE_CHECKING:
    from campaign.app import CampaignService
    from campaign.rules.ids import Side
    from campaign.userfiles import OwnFile


class Palette(CommandPalette):
    """Textual's command palette with a footer of its own, naming its own key (Esc closes
    it): the footer of the screen under it went on naming that screen's keys ("o Order m Move
    …"), which the palette types into its search (found by use, December 7, evening)."""

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield KeysFooter()


class CampaignApp(HoldsKeysUntilSettled):
    """Dark Nebula campaign referee: launcher, campaign screens, scenario games. Keys typed
    right after a key that may move the focus (Enter, a command key) wait until what it did
    has settled (``HoldsKeysUntilSettled``, ADR 0054)."""

    #: Shared styles, then the campaign screen's and its tab widgets' (package data of
    #: campaign.tui and campaign.tui.widgets, pyproject.toml).
    CSS_PATH = ["app.tcss", "widgets/campaign.tcss"]
    TITLE = "Dark Nebula campaign referee"
    #: One provider for every screen, so the palette lists its commands in one order
    #: (``campaign.tui.commands``); it replaces Textual's system commands provider.
    COMMANDS = {PaletteCommands}
    BINDINGS = [
        Binding("f1,question_mark", "help", "Help", id="app.help"),
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True, show=False),
        # shown once, at the footer's right end, by Textual's own palette key
        Binding("ctrl+p", "command_palette", "Commands", id="app.palette", show=False),
        Binding("f12", "screenshot", "Screenshot", id="app.screenshot", show=False),
        # Taken as they arrive, before any later key is handed to a widget: a Tab bound lower
        # down moved the focus only once the field that had it gave the key back, so keys typed
        # right after it went into that field ("club" Tab "42" made the name "club42"; none
        # of our widgets takes Tab for itself)
        Binding("tab", "focus_next", "Next field", id="app.next_field", show=False, priority=True),
        Binding(
            "shift+tab",
            "focus_previous",
            "Previous field",
            id="app.previous_field",
            show=False,
            priority=True,
        ),
    ]

    def __init__(
        self,
        keymap: LoadedKeymap | None = None,
        service: CampaignService | None = None,
        open_campaign: str | None = None,
        screenshot_dir: Path | None = None,
        side: Side | None = None,
        table: bool = False,
        one_campaign: bool = False,
    ) -> None:
        super().__init__()
        self.screenshot_dir = screenshot_dir or default_screenshot_dir()
        self._user_keymap = keymap or LoadedKeymap()
        self.service = service
        self.open_campaign = open_campaign
        #: Whose screen a campaign opens as: ``None`` the referee's, else one player's.
        self.open_side = side
        #: ``campaign tui NAME --table``: the public table view, no orders (issue 43).
        self.table = table
        #: ``--one-campaign``: closing the campaign ends the app (a browser seat, issue 43).
        self.one_campaign = one_campaign

    def own_files(self) -> list[OwnFile]:
        """The files a scenario game's save must never replace: this app's database
        (``scenarios.dialogs.host_own_files`` asks the host for them)."""
        return self.service.own_files() if self.service is not None else []

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A widget outside the maximized part of its screen (the palette's "Maximize") got
        the focus: show the whole screen again. Found by use (December 7, night): after
        "Maximize" on the campaign screen, ``o`` focused the hidden order line, so what was
        typed did not show and Enter sent it unseen. A widget that has left its screen by
        the time the message comes (keys typed at once: ``q n``) is passed over: reading its
        screen ended the program with ``NoScreen`` (found by use, December 7, late night)."""
        widget = event.widget
        try:
            screen = widget.screen
        except NoScreen:
            return
        maximized = screen.maximized
        if maximized is not None and maximized not in widget.ancestors_with_self:
            screen.minimize()

    def on_mount(self) -> None:
        watch_terminal(self)  # end when the terminal hangs up, even without a SIGHUP
        self.set_keymap(self._user_keymap.bindings)
        problems = list(self._user_keymap.problems)
        unknown = unknown_ids(self._user_keymap, known_binding_ids())
        if unknown:
            ids = "binding id" if len(unknown) == 1 else "binding ids"
            problems.append(f"keymap: unknown {ids}: {', '.join(unknown)} (F1 lists ids)")
        for problem in problems:
            self.notify(problem, title="keymap", severity="warning", timeout=10, markup=False)
        notice = self.service.migration_notice() if self.service is not None else None
        if notice is not None:  # docs/compatibility.md: said once, with what to do
            timeout = min(60, max(15, len(notice) // 12))  # time to read it
            self.notify(notice, title="database", timeout=timeout, markup=False)
        if self.open_campaign is not None:
            # ``campaign tui NAME``: the campaign screen alone; the launcher is composed only
            # when the user goes back to it (``close_campaign``), so the campaign opens faster.
            # The table view and a browser seat have no launcher to fall back on.
            ends = self.table or self.one_campaign
            refused = self.cannot_open if ends else None
            opened = (
                table_screen(self, self.service, self.open_campaign, refused)
                if self.table
                else campaign_screen(
                    self, self.service, self.open_campaign, self.open_side, refused
                )
            )
            if opened is not None:
                self.push_screen(opened)
                return
            if ends:
                return
        self.push_screen(
            LauncherScreen(self.service, viewer=self.open_side, seat=Seat.of(self.open_side))
        )

    def close_campaign(self) -> None:
        """Leave the campaign screen on top for the launcher: the one beneath it, or a new one
        when the campaign was opened directly (``campaign tui NAME``); with ``--one-campaign``
        (a browser seat: its page then says the screen is closed) the app ends."""
        if self.one_campaign:
            self.exit()
        elif isinstance(self.screen_stack[-2], LauncherScreen):
            self.pop_screen()
        else:
            self.switch_screen(
                LauncherScreen(self.service, viewer=self.open_side, seat=Seat.of(self.open_side))
            )

    def cannot_open(self, refusal: str) -> None:
        """The one campaign of the table view or a browser seat (``--one-campaign``) cannot be
        opened (its data files changed, its log does not verify …): end with the reason, in
        the CLI's line ``campaign: …``, which the seat's page shows (``campaign serve``). Such
        a screen fell back on the launcher: on a player's phone it listed the database's other
        campaigns and opened them as his seat, and the table view ended saying nothing
        (found by use, December 8; docs/table.md)."""
        self.exit(return_code=1, message=f"campaign: {refusal}")

    def campaign_gone(self, name: str) -> None:
        """The campaign a screen follows was deleted elsewhere (``campaign delete``, another
        screen's launcher): say so and close its screen. The table view and a browser seat
        (``--one-campaign``) end with the line — the table has no launcher a big screen may
        show, a browser seat none at all; any other screen goes back to the launcher (found
        by use, December 7: each ended on a traceback)."""
        said = f"campaign {name!r} was deleted elsewhere: its screen is closed"
        if self.table or self.one_campaign:
            self.exit(return_code=1, message=said)
            return
        self.close_campaign()
        self.notify(said, title="campaign deleted", severity="warning", timeout=10, markup=False)

    def on_key(self, event: events.Key) -> None:
        """A printable key that reaches the app while a text field has focus was typed before
        the field got focus (``o`` then the order, faster than the screen redraws): it goes into
        the field. Keys typed into the field itself never get here, and no single-key command
        fires while a field has focus (the field consumes printable keys)."""
        focused = self.focused
        if isinstance(focused, Input) and event.is_printable and event.character:
            focused.insert_text_at_cursor(event.character)
            event.stop()

    def deliver_screenshot(
        self,
        filename: str | None = None,
        path: str | None = None,
        time_format: str | None = None,
    ) -> str | None:
        """Screenshots (F12 or the palette's "Screenshot") go to ``screenshot_dir`` (the user
        data directory's ``screenshots``, created when needed) instead of ``~/Downloads``, which
        many machines lack; the notification says where the file went."""
        directory = Path(path) if path else self.screenshot_dir
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self.notify(
                f"cannot create {directory}: {error}",
                title="Screenshot",
                severity="error",
                markup=False,
            )
            return None
        return super().deliver_screenshot(filename, str(directory), time_format)

    def _fatal_error(self) -> None:
        """End the app after an unhandled error with a traceback that names the code but not
        the values it held: Textual's own shows every frame's local variables, and those
        hold the loaded campaign — on a player's screen (or the table view's big screen)
        every face-down counter's real id, kind and factors (DN-NEU-1; found by use,
        December 7, when the campaign was deleted while Aslan's screen followed it). The
        referee's screen prints the same: a crash report is pasted where players read it."""
        self.bell()
        traceback = Traceback(show_locals=False, width=None, suppress=[rich])
        self._exit_renderables.append(
            Segments(self.console.render(traceback, self.console.options))
        )
        self._close_messages_no_wait()

    async def action_quit(self) -> None:
        """``Ctrl+Q`` asks, as ``q`` does, when a screen holds work not sent (a typed order or
        dice, issue 31 item 12); a second ``Ctrl+Q`` at the question quits."""
        from campaign.tui.screens.forms import Confirm

        if isinstance(self.screen, Confirm):
            self.exit()
            return
        question = next(
            (
                asked
                for screen in reversed(self.screen_stack)
                if (asked := quit_question(screen)) is not None
            ),
            None,
        )
        if question is None:
            self.exit()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(Confirm(question), answered)

    def action_command_palette(self) -> None:
        """Show the command palette (``Palette``: Textual's, with its own footer)."""
        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            self.push_screen(Palette(id="--command-palette"))

    def search_commands(
        self, commands: Sequence[CommandListItem], placeholder: str = "Search for commands…"
    ) -> AwaitMount:
        """Textual's list of commands, in a ``Palette`` (its own footer)."""
        # a provider instance, as Textual's own search_commands passes (its hint says a class)
        provider = SimpleProvider(self.screen, list(commands))
        return self.push_screen(Palette(providers=[provider], placeholder=placeholder))  # type: ignore[list-item]

    def search_themes(self) -> None:
        """Textual's theme chooser (the palette's "Theme"), in a ``Palette`` (its own
        footer: it showed the screen's keys under it too)."""
        self.push_screen(Palette(providers=[ThemeProvider], placeholder="Search for themes…"))

    def action_help(self) -> None:
        """Show the keys of the current screen."""
        screen = self.screen
        if isinstance(screen, HelpScreen):
            return
        title = (
            getattr(screen, "HELP_TITLE", "")  # a dialog's (forms.DIALOG_HELP)
            or screen.sub_title
            or screen.title
            or type(screen).__name__
        )
        notes = getattr(screen, "HELP_NOTES", "")  # a dialog's own keys, which no binding lists
        self.push_screen(HelpScreen(title, binding_rows(screen), notes))


def quit_question(screen: object) -> str | None:
    """What to ask before quitting from ``screen`` (None: nothing would be lost): screens with
    unsent work say so through a ``quit_question`` method."""
    ask = getattr(screen, "quit_question", None)
    return ask() if callable(ask) else None


def default_screenshot_dir() -> Path:
    """``screenshots`` in the user data directory (beside the default database)."""
    from campaign.app.places import data_dir

    return data_dir() / "screenshots"


def known_binding_ids() -> set[str]:
    """Every binding id the app and its screens define (to report typos in the keymap)."""
    from campaign.tui.screens import forms
    from campaign.tui.screens.campaign import CampaignScreen

    classes: list[type[DOMNode]] = [
        CampaignApp,
        LauncherScreen,
        CampaignScreen,
        HelpScreen,
        forms.OrderForm,
        forms.TextPrompt,
        forms.ChoicePrompt,
        forms.Confirm,
        forms.NewCampaignForm,
    ]
    return {
        binding.id
        for cls in classes
        for binding in cls.BINDINGS
        if isinstance(binding, Binding) and binding.id
    }


def create_app(
    keymap_path: Path | None = None,
    *,
    service: CampaignService | None = None,
    open_campaign: str | None = None,
    side: Side | None = None,
    table: bool = False,
    one_campaign: bool = False,
) -> CampaignApp:
    """Build the app as the CLI runs it (tests pass their own keymap path and database)."""
    return CampaignApp(
        keymap=load_keymap(keymap_path),
        service=service,
        open_campaign=open_campaign,
        side=side,
        table=table,
        one_campaign=one_campaign,
    )

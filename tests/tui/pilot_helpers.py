"""Helpers that drive the campaign screen the way a user does (keys into widgets)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path

from textual import events
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Button, Input, OptionList, Static, TabbedContent

from campaign.app import CampaignService
from campaign.rules.ids import Side
from campaign.tui.app import CampaignApp, create_app
from campaign.tui.screens.campaign import CampaignScreen
from campaign.tui.screens.forms import Confirm, TextPrompt
from campaign.tui.session import CampaignSession
from campaign.tui.tab_registry import BY_ID
from campaign.tui.widgets.fitted_text import StatusLine
from campaign.tui.widgets.order_bar import BLANK
from scenarios.dialogs import GamePathDialog
from scenarios.imperial.screen import InvestorDialog
from tests.waiting import until

SIZE = (100, 30)
#: The referee's reason the tests give for typed dice in a seeded campaign (DN-ERR-1).
DICE_REASON = "dice rolled at the table"


def post_at_once(app: App, keys: Iterable[str]) -> None:
    """Post ``keys`` to ``app`` as its driver does, with no wait between them (a fast typist,
    a paste through the terminal, a loaded machine): ``Pilot.press`` minus its waits."""
    driver = app._driver
    assert driver is not None, "the app is not running"
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        driver.send_message(event)


def screen_lines(app: App, region: Region) -> list[str]:
    """The text the terminal shows inside ``region``, line by line."""
    strips = app.screen._compositor.render_strips()
    return [strip.text[region.x : region.right] for strip in strips[region.y : region.bottom]]


def app_for(service: CampaignService, keymap: Path, name: str | None) -> CampaignApp:
    """The app as ``campaign tui NAME`` builds it, on the test's database."""
    return create_app(keymap, service=service, open_campaign=name)


def screen_of(pilot: Pilot) -> CampaignScreen:
    """The campaign screen on top (fails the test if another screen is shown)."""
    screen = pilot.app.screen
    assert isinstance(screen, CampaignScreen), type(screen).__name__
    return screen


def screen_on_top(app, kind: type, *, focused: bool = False) -> bool:
    """Whether a ``kind`` screen is on top and mounted (with a focused widget when
    ``focused``): a key's dialog or screen comes a little later than the key on a loaded
    machine."""
    screen = app.screen
    return (
        isinstance(screen, kind)
        and screen.is_mounted
        and (not focused or screen.focused is not None)
    )


def tab_ready(screen: CampaignScreen, tab: str) -> bool:
    """Whether the campaign screen shows ``tab`` (its pane id, ``tab-log``) composed, filled
    and with its main part focused: a tab's widget is mounted the first time it is shown,
    filled once mounted and focused after the next refresh, each later than one pause on a
    loaded machine."""
    if screen.query_one("#tabs", TabbedContent).active != tab or tab in screen._dirty:
        return False
    widget = screen.tab_widget(tab)
    if not widget.is_mounted:
        return False
    target = BY_ID[tab].focus(widget)
    return not target.can_focus or target.has_focus


async def campaign_on_top(pilot: Pilot) -> None:
    """Wait until the campaign screen is on top and mounted (composed): a form or question
    closed by the key before shows it a little later on a loaded machine, and a campaign
    opened by name is pushed once the app has started, its widgets composed later still (a
    test that read the screen after one pause read it before that on a loaded machine)."""
    await until(pilot, lambda: screen_on_top(pilot.app, CampaignScreen), "the campaign screen")


@asynccontextmanager
async def campaign_shown(
    service: CampaignService,
    keymap: Path,
    name: str,
    *,
    size: tuple[int, int] = SIZE,
    side: Side | None = None,
    notifications: bool = False,
) -> AsyncIterator[Pilot]:
    """Open ``campaign tui NAME`` (``--side SIDE``) on the test's database at ``size`` and hand
    over the pilot once the campaign screen is shown: the opening most screen tests share (the
    screen is pushed after the app has started, later than one pause on a loaded machine).
    ``notifications``: keep the toasts, as ``App.run_test`` has it."""
    app = create_app(keymap, service=service, open_campaign=name, side=side)
    async with app.run_test(size=size, notifications=notifications) as pilot:
        await campaign_on_top(pilot)
        yield pilot


async def send(pilot: Pilot, text: str, dice: str = "") -> str:
    """Type ``text`` (and referee dice) into the order line, press Enter; the status line."""
    await campaign_on_top(pilot)
    screen = screen_of(pilot)
    screen.query_one("#dice", Input).value = dice
    await pilot.press("escape", "o")  # Esc: out of a list whose letters filter it
    order = screen.query_one("#order", Input)
    await until(pilot, lambda: order.has_focus, "the order line focused")
    order.value = text
    await _answered(pilot, screen, "enter", f"{text!r} sent or asked about")
    if isinstance(pilot.app.screen, TextPrompt):  # typed dice in a seeded campaign: the reason
        prompt = pilot.app.screen
        await until(pilot, lambda: bool(prompt.query(Input)) and prompt.focused, "the prompt")
        prompt.query_one(Input).value = DICE_REASON
        await _answered(pilot, screen, "enter", f"{text!r} sent with the reason")
    if isinstance(pilot.app.screen, Confirm):  # pass / end-phase say how far they go: yes
        await _answered(pilot, screen, "y", f"{text!r} sent after yes")
    return str(screen.query_one("#status-line").render())


async def _answered(pilot: Pilot, screen: CampaignScreen, key: str, what: str) -> None:
    """Press ``key`` and wait until ``screen`` answered it: a new status line, or another
    question on top (waited for, not paused once: the order is decided after the dialog that
    asked about it has gone, and a loaded machine shows the screen before the outcome)."""
    status = screen.query_one("#status-line", StatusLine)
    status.show("")  # the answer shows a message again (or asks first)
    asked = pilot.app.screen
    await pilot.press(key)
    await until(
        pilot,
        lambda: (
            pilot.app.screen not in (screen, asked)
            or (pilot.app.screen is screen and bool(str(status.render()).strip()))
        ),
        what,
    )


async def move_with_form(pilot: Pilot, stack: str, destination: str) -> str:
    """The movement form: ``m``, pick ``stack`` in the list, Enter, pick ``destination`` (typing
    its name when the list shows it only among many refused for one reason), Enter."""
    await campaign_on_top(pilot)
    screen = screen_of(pilot)
    await pilot.press("escape", "m")
    stacks = screen.query_one("#stack-list", OptionList)
    await until(pilot, lambda: stacks.has_focus, "the stack list focused")
    stacks.highlighted = screen._stack_ids.index(stack)
    await pilot.pause()
    await pilot.press("enter")
    destinations = screen.query_one("#dest-list", OptionList)
    await until(pilot, lambda: destinations.has_focus, "the destinations focused")
    if destination not in screen._dest_ids:  # one row for many refusals: type the name
        name = screen.session.system_name(destination).lower()
        await pilot.press(*name)
        await until(pilot, lambda: destination in screen._dest_ids, f"{name} typed")
    destinations.highlighted = screen._dest_ids.index(destination)
    await pilot.pause()
    status = screen.query_one("#status-line", StatusLine)
    status.show("")  # the move's outcome shows a message again
    await pilot.press("enter")
    await until(pilot, lambda: bool(str(status.render()).strip()), f"{stack} moved or refused")
    return str(status.render())


async def open_battle_at_halden(pilot: Pilot) -> CampaignSession:
    """The demo's Aslan main stack jumps to Halden and Aslan ends the movement phase: a battle
    with the Solomani opens there (DN-CBT-1). The screen's session."""
    await campaign_on_top(pilot)
    session = screen_of(pilot).session
    await move_with_form(pilot, "main", "halden")
    await send(pilot, "aslan end-phase")
    return session


def battle_step(session: CampaignSession, battle_id: str) -> str:
    """The first order the battle's duty names with no blank left (``target b1 auto`` where a
    unit is to be named: the default pairing, DN-CBT-3)."""
    return next(o for o in session.duty_orders(battle_id) if not BLANK.search(o))


async def pass_investor(pilot: Pilot) -> None:
    """Imperial may open the investor dialog at once (IMP-19): pass it. The screens are waited
    for first: the game opens the dialog when its screen is mounted, which a loaded machine
    does after the one pause that used to be trusted with it."""
    app = pilot.app
    await computer_answered(pilot)
    while isinstance(dialog := app.screen, InvestorDialog):
        await pilot.press("escape")
        await until(pilot, lambda dialog=dialog: app.screen is not dialog, "the dialog passed")
        await computer_answered(pilot)


async def computer_answered(pilot: Pilot) -> None:
    """Wait until the screens are mounted and no game's computer is deciding (Imperial's
    computer seats decide in a worker thread, as the board games' computers do: the table
    changes when their answer arrives)."""
    app = pilot.app
    await until(
        pilot,
        lambda: all(s.is_mounted and not getattr(s, "thinking", False) for s in app.screen_stack),
        "the screens, the computer answered",
    )


def path_refusal(app: App) -> str:
    """The reason the open path dialog of a scenario game shows for refusing the path typed
    ("" for none): a load it refuses keeps the dialog open (found by use, December 7)."""
    assert isinstance(app.screen, GamePathDialog), type(app.screen).__name__
    return str(app.screen.query_one("#game-path-error", Static).render())


class ScenarioHost(App[None]):
    """Hosts one scenario game screen above a plain screen, as the launcher pushes it."""

    def __init__(self, make) -> None:
        super().__init__()
        self.make = make

    def on_mount(self) -> None:
        self.push_screen(self.make())


async def export_recording_the_side(pilot, form: Screen) -> None:
    """OK on the export form of a database that plays no side by e-mail yet: the question
    (the file records the side for good), answered ``y``."""
    form.query_one("#form-ok", Button).press()
    await until(pilot, lambda: isinstance(pilot.app.screen, Confirm), "the question")
    await pilot.press("y")
    await until(pilot, lambda: not isinstance(pilot.app.screen, Confirm), "the question answered")

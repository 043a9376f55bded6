"""Helpers that drive the campaign screen the way a user does (keys into widgets)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual import events
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from campaign.app import CampaignService
from campaign.tui.app import CampaignApp, create_app
from campaign.tui.screens.campaign import CampaignScreen
from campaign.tui.screens.forms import Confirm, TextPrompt
from campaign.tui.session import CampaignSession
from campaign.tui.widgets.order_bar import BLANK

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


async def send(pilot: Pilot, text: str, dice: str = "") -> str:
    """Type ``text`` (and referee dice) into the order line, press Enter; the status line."""
    screen = screen_of(pilot)
    screen.query_one("#dice", Input).value = dice
    await pilot.press("escape", "o")  # Esc: out of a list whose letters filter it
    order = screen.query_one("#order", Input)
    assert order.has_focus
    order.value = text
    await pilot.press("enter")
    await pilot.pause()
    if isinstance(pilot.app.screen, TextPrompt):  # typed dice in a seeded campaign: the reason
        pilot.app.screen.query_one(Input).value = DICE_REASON
        await pilot.press("enter")
        await pilot.pause()
    if isinstance(pilot.app.screen, Confirm):  # pass / end-phase say how far they go: yes
        await pilot.press("y")
        await pilot.pause()
    return str(screen.query_one("#status-line").render())


async def move_with_form(pilot: Pilot, stack: str, destination: str) -> str:
    """The movement form: ``m``, pick ``stack`` in the list, Enter, pick ``destination`` (typing
    its name when the list shows it only among many refused for one reason), Enter."""
    screen = screen_of(pilot)
    await pilot.press("escape", "m")
    stacks = screen.query_one("#stack-list", OptionList)
    assert stacks.has_focus
    stacks.highlighted = screen._stack_ids.index(stack)
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    destinations = screen.query_one("#dest-list", OptionList)
    assert destinations.has_focus
    if destination not in screen._dest_ids:  # one row for many refusals: type the name
        await pilot.press(*screen.session.system_name(destination).lower())
        await pilot.pause()
    destinations.highlighted = screen._dest_ids.index(destination)
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    return str(screen.query_one("#status-line").render())


async def open_battle_at_halden(pilot: Pilot) -> CampaignSession:
    """The demo's Aslan main stack jumps to Halden and Aslan ends the movement phase: a battle
    with the Solomani opens there (DN-CBT-1). The screen's session."""
    await pilot.pause()
    session = screen_of(pilot).session
    await move_with_form(pilot, "main", "halden")
    await send(pilot, "aslan end-phase")
    return session


def battle_step(session: CampaignSession, battle_id: str) -> str:
    """The first order the battle's duty names with no blank left (``target b1 auto`` where a
    unit is to be named: the default pairing, DN-CBT-3)."""
    return next(o for o in session.duty_orders(battle_id) if not BLANK.search(o))


class ScenarioHost(App[None]):
    """Hosts one scenario game screen above a plain screen, as the launcher pushes it."""

    def __init__(self, make) -> None:
        super().__init__()
        self.make = make

    def on_mount(self) -> None:
        self.push_screen(self.make())

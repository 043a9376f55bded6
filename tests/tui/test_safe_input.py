"""Pilot tests of safe input on the campaign screen (issue 17 item 6): keys typed quickly after
``o`` land in the order line, focus leaves the order line after a sent order, and keys that lose
work (undo, close with an unsent order) ask first."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Checkbox, Input, OptionList, TabbedContent

from campaign.app import CampaignService
from campaign.tui.screens.campaign import CampaignScreen
from campaign.tui.screens.forms import Confirm, NewCampaignForm, OrderForm
from campaign.tui.screens.launcher import LauncherScreen
from tests.tui.pilot_helpers import (
    SIZE,
    app_for,
    campaign_shown,
    move_with_form,
    post_at_once,
    screen_of,
    send,
)
from tests.waiting import until


async def burst(pilot, *keys: str) -> None:
    """Post ``keys`` at once, without waiting between them (a fast typist on a loaded machine)."""
    post_at_once(pilot.app, keys)
    await pilot.pause()
    await pilot.pause()


def test_keys_typed_right_after_o_go_into_the_order_line(service: CampaignService, no_keymap: Path):
    """Issue 17 item 6: under load typed orders fired single-key commands (tab switch, undo,
    form) because the order line received focus only after the queued keys."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            before = service.load("demo").head.seq
            await burst(pilot, "o", "2", "u", "e", "s")
            order = screen.query_one("#order", Input)
            await until(pilot, lambda: order.value == "2ues", "the keys in the order line")
            assert screen.query_one("#tabs", TabbedContent).active == "tab-map"
            assert pilot.app.screen is screen  # no form opened
            assert service.load("demo").head.seq == before

    asyncio.run(scenario())


def test_every_key_typed_after_o_is_handed_to_the_order_line_in_order(
    service: CampaignService, no_keymap: Path
):
    """Issue 44 (a defect of round 3's browser tests: ``o referee`` gave ``efreree``): a key
    typed right after ``o`` was handed to the map's list, which still had the focus, and
    reached the line late through the app, after keys typed later. ``o`` is now taken as it
    arrives, so every later key goes to the order line itself, none to the map first."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            order = screen.query_one("#order", Input)
            handed: list[tuple[str, str]] = []
            for widget in (screen.query_one("#stack-list"), order):
                forward = widget._forward_event

                def record(event, widget=widget, forward=forward):
                    if isinstance(event, events.Key):
                        handed.append((widget.id or "", event.key))
                    forward(event)

                widget._forward_event = record  # type: ignore[method-assign]
            before = service.load("demo").head.seq
            await burst(pilot, "o", *"referee", "E", "m", "c", "n", "d")
            await until(pilot, lambda: len(order.value) == 12, "the keys in the order line")
            assert order.value == "refereeEmcnd"
            assert handed == [("order", key) for key in "refereeEmcnd"]
            assert pilot.app.screen is screen  # no form, no end-phase question
            assert not screen.show_connections
            assert service.load("demo").head.seq == before

    asyncio.run(scenario())


def test_keys_typed_right_after_tab_go_into_the_next_field(
    service: CampaignService, no_keymap: Path
):
    """Issue 17 item 6, found by use: in the new-campaign dialog, ``club``, seven Tabs and
    ``42`` typed in one burst (a fast typist, keys sent by a script, a loaded machine) made the
    name ``club42``. Tab moved the focus only once the name field had given the key back, and
    the keys after it had gone to the name field by then. Tab and Shift+Tab are now taken as
    they arrive (a priority binding of the app), so each later key goes to the next field."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, None).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(pilot.app.screen, LauncherScreen)
            await pilot.press("n")
            await until(pilot, lambda: isinstance(pilot.app.screen, NewCampaignForm), "dialog")
            form = pilot.app.screen
            await burst(pilot, *"club", *["tab"] * 7, "4", "2", "shift+tab", "space")
            await until(pilot, lambda: form.query_one("#new-table", Checkbox).value, "ticked")
            assert form.query_one("#new-name", Input).value == "club"
            assert form.query_one("#new-seed", Input).value == "42"
            assert pilot.app.focused is form.query_one("#new-table", Checkbox)

    asyncio.run(scenario())


def test_keys_typed_right_after_e_go_into_the_order_form(service: CampaignService, no_keymap: Path):
    """ADR 0054, found by use: ``e`` then ``main`` typed in one burst put ``emain`` in the
    order line (Enter then sent it, refused with DN-ERR-1) instead of filling the form: the
    keys after ``e`` were handed to the map's list before the form existed. ``e`` is now taken
    as it arrives, and ``main`` goes into the form's first field."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            await burst(pilot, "e", *"main")
            await until(pilot, lambda: isinstance(pilot.app.screen, OrderForm), "the form")
            form = pilot.app.screen
            await until(pilot, lambda: form.query(Input).first().value == "main", "main typed")
            assert screen.query_one("#order", Input).value == ""

    asyncio.run(scenario())


def test_keys_typed_right_after_n_go_into_the_new_campaign_dialog(
    service: CampaignService, no_keymap: Path
):
    """Issue 17 item 6, found by use: ``n`` then a name typed in one burst on the launcher
    left the name empty (the keys reached the launcher's table before the dialog existed, and
    ``v`` there changes whose screen a campaign opens as). ``n`` is now taken as it arrives."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, None).run_test(size=SIZE) as pilot:
            await pilot.pause()
            launcher = pilot.app.screen
            assert isinstance(launcher, LauncherScreen)
            await burst(pilot, "n", *"vquiz")
            await until(pilot, lambda: isinstance(pilot.app.screen, NewCampaignForm), "dialog")
            form = pilot.app.screen
            name = form.query_one("#new-name", Input)
            await until(pilot, lambda: name.value == "vquiz", "the name typed")
            assert launcher.viewer is None  # ``v`` did not change the launcher's seat

    asyncio.run(scenario())


def test_keys_typed_right_after_g_or_u_go_into_the_prompt_they_open(
    service: CampaignService, no_keymap: Path
):
    """ADR 0054: ``g`` (go to system) and ``U`` (referee undo, with a logged reason) open a
    prompt that takes the next keys; typed in one burst with what follows them, those keys
    went to the map's list before the prompt existed."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            await burst(pilot, "g", *"khtaoi", "enter")
            await until(pilot, lambda: screen.map_tab.selected_system == "khtaoi", "Khtaoi")
            assert pilot.app.screen is screen
            before = service.load("demo").head.seq
            await burst(pilot, "U", *"typo", "enter")
            await until(pilot, lambda: service.load("demo").head.seq != before, "the undo")
            assert "typo" in service.log("demo")[-1].order_text

    asyncio.run(scenario())


def test_keys_typed_right_after_p_go_into_the_produce_form(
    service: CampaignService, no_keymap: Path
):
    """ADR 0054 (DN-ECO-8): ``P`` then ``dd`` typed in one burst: ``P`` opens the produce
    form before the letters are handed out, so they filter its kinds to the destroyer."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "full", size=SIZE) as pilot:
            assert "✓" in await send(pilot, "aslan maintain - -", "6,6,6,6,6,6,6")
            await pilot.press("escape")  # out of the order line
            await burst(pilot, "P", "d", "d")
            await until(pilot, lambda: isinstance(pilot.app.screen, OrderForm), "the form")
            form = pilot.app.screen
            await until(pilot, lambda: form.query(Input).first().value == "dd", "dd typed")

    asyncio.run(scenario())


def test_a_burst_through_a_form_never_sends_an_order_other_than_the_one_typed(
    service: CampaignService, no_keymap: Path
):
    """ADR 0054: Enter in the order form reads what was typed before it, so it is not taken
    ahead of the keys already handed to the field. Tried as a priority binding, ``main``
    Enter ``sirehk`` Enter typed at once sent ``aslan jump main eawyo`` (the first
    destination): Enter had overtaken ``sirehk``. Now such a burst sends the jump to Sirehk
    or nothing, never another."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            logged = len(service.log("demo"))
            await pilot.press("e")
            await until(pilot, lambda: isinstance(pilot.app.screen, OrderForm), "the form")
            await burst(pilot, *"main", "enter", *"sirehk", "enter")
            await pilot.press("escape")
            await until(pilot, lambda: pilot.app.screen is screen, "the form closed")
            stored = [entry.order_text for entry in service.log("demo")][logged:]
            assert all("sirehk" in text for text in stored), stored

    asyncio.run(scenario())


def test_keys_typed_after_an_enter_that_moves_the_focus_go_where_it_moves_it(
    service: CampaignService, no_keymap: Path
):
    """ADR 0054 gap 1, found by use under tmux at 80x24: ``e``, then ``main`` Enter ``sirehk``
    Enter sent in one write left ``mainsirehk`` in the STACK filter and sent nothing: the
    keys after the first Enter had been handed to the field it was leaving. Keys typed after
    an Enter now wait until what the Enter did has settled (the focus moved on), so on the
    map ``m`` Enter ``khtaoi`` Enter jumps the main stack to Khtaoi (it jumped nothing), and
    in the form ``a-cs-1`` Enter ``sirehk`` Enter sends the jump to Sirehk. DN-MOV-2."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            screen = screen_of(pilot)
            head = service.load("demo").head.seq
            await burst(pilot, "m", "enter", *"khtaoi", "enter")
            await until(pilot, lambda: service.load("demo").head.seq > head, "the jump stored")
            assert service.log("demo")[-1].order_text == "aslan jump main ftahr,khtaoi"
            head = service.load("demo").head.seq
            await pilot.press("escape", "e")
            await until(pilot, lambda: isinstance(pilot.app.screen, OrderForm), "the form")
            await burst(pilot, *"a-cs-1", "enter", *"sirehk", "enter")
            await until(pilot, lambda: service.load("demo").head.seq > head, "the second jump")
            stored = service.log("demo")[-1].order_text
            assert stored == "aslan jump A-CS-1 aokhtel,sirehk", stored
            await until(pilot, lambda: pilot.app.screen is screen, "the form closed")

    asyncio.run(scenario())


def test_a_tab_typed_before_a_new_dialog_is_drawn_moves_in_it(
    service: CampaignService, no_keymap: Path
):
    """ADR 0054 gap "keys that arrive before a new dialog has drawn its fields": ``n`` on the
    launcher, ``club``, seven Tabs and ``42`` in one burst (``n`` too) put ``club`` in the
    name but the Tabs found no field yet, and ``42`` went into the name. The keys after ``n``
    now wait until the dialog is drawn and its name field has the focus (DN-MAP-5: the seed
    field)."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, None).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(pilot.app.screen, LauncherScreen)
            await burst(pilot, "n", *"club", *["tab"] * 7, "4", "2")
            await until(pilot, lambda: isinstance(pilot.app.screen, NewCampaignForm), "dialog")
            form = pilot.app.screen
            seed = form.query_one("#new-seed", Input)
            await until(pilot, lambda: seed.value == "42", "the seed typed")
            assert form.query_one("#new-name", Input).value == "club"

    asyncio.run(scenario())


def test_keys_typed_right_after_m_on_another_tab_go_to_the_stack_list(
    service: CampaignService, no_keymap: Path
):
    """ADR 0054 gap "``m`` from another tab": ``m`` shows the map first and focuses its stack
    list once it is drawn, so Enter and the keys after it, typed at once, went elsewhere. They
    now wait for the map to be drawn: from the Forces tab, ``m`` Enter ``khtaoi`` Enter jumps
    the main stack to Khtaoi (DN-MOV-2)."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            screen = screen_of(pilot)
            await pilot.press("2")
            tabs = screen.query_one("#tabs", TabbedContent)
            await until(pilot, lambda: tabs.active == "tab-forces", "the Forces tab")
            head = service.load("demo").head.seq
            await burst(pilot, "m", "enter", *"khtaoi", "enter")
            await until(pilot, lambda: service.load("demo").head.seq > head, "the jump stored")
            assert service.log("demo")[-1].order_text == "aslan jump main ftahr,khtaoi"

    asyncio.run(scenario())


def test_editing_keys_in_a_burst_act_where_they_were_typed(
    service: CampaignService, no_keymap: Path
):
    """Found by use (Textual issue 6605): the order line typed a letter as it read it but ran
    Backspace, the arrows and Ctrl+U later, as bindings, after the letters typed behind them:
    ``aslan pax`` Backspace ``ss`` gave ``aslan paxs``, and Ctrl+U then an order cleared the
    first part of the new order. Every text field is a ``TypeAheadInput`` now, which runs its
    own editing keys in the order typed."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            order = screen.query_one("#order", Input)
            before = service.load("demo").head.seq
            bursts = [
                ((*"aslan pax", "backspace", *"ss"), "aslan pass"),
                ((*"aslan pss", "left", "left", "a"), "aslan pass"),
                ((*"referee", "ctrl+u", *"aslan"), "aslan"),
                ((*"aslan x", "ctrl+w", *"pass"), "aslan pass"),
            ]
            for keys, typed in bursts:
                await pilot.press("escape", "o")
                order.value = ""
                await burst(pilot, *keys)
                await until(pilot, lambda typed=typed: len(order.value) >= len(typed), typed)
                assert order.value == typed
            assert service.load("demo").head.seq == before  # nothing sent

    asyncio.run(scenario())


def test_focus_leaves_the_order_line_after_a_sent_order(service: CampaignService, no_keymap: Path):
    """Issue 17 item 6: after an order is sent, single keys are commands again (the Battle
    tab's ``n`` typed an ``n`` into the order line)."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            status = await send(pilot, "aslan end-phase")
            assert "✓" in status
            assert not isinstance(screen.focused, Input)
            await pilot.press("2")
            tabs = screen.query_one("#tabs", TabbedContent)
            await until(pilot, lambda: tabs.active == "tab-forces", "the Forces tab")
            assert screen.query_one("#order", Input).value == ""

    asyncio.run(scenario())


def test_undo_asks_first(service: CampaignService, no_keymap: Path):
    """Issue 17 item 6 (DN-ERR-1 undo): ``u`` loses an order, so it asks y/n; ``n`` keeps it."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            await move_with_form(pilot, "main", "eawyo")
            screen = screen_of(pilot)
            await pilot.press("escape", "u")
            await until(pilot, lambda: isinstance(pilot.app.screen, Confirm), "the question")
            await pilot.press("n")
            await until(pilot, lambda: pilot.app.screen is screen, "the question answered")
            await pilot.pause()
            assert service.load("demo").state.unit("A-B1-1").location.system == "eawyo"
            await pilot.press("u", "y")
            await until(
                pilot,
                lambda: service.load("demo").state.unit("A-B1-1").location.system == "hlirakh",
                "the move undone",
            )

    asyncio.run(scenario())


def test_close_with_an_unsent_order_asks_first(service: CampaignService, no_keymap: Path):
    """Issue 17 item 6: ``q`` with a half-typed order asks before leaving; ``y`` leaves."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, None).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")  # the first campaign of the launcher
            await until(pilot, lambda: isinstance(pilot.app.screen, CampaignScreen), "campaign")
            screen = screen_of(pilot)
            await pilot.press("o", *"aslan jump")
            await pilot.press("escape", "q")
            await until(pilot, lambda: isinstance(pilot.app.screen, Confirm), "the question")
            await pilot.press("n")
            await until(pilot, lambda: pilot.app.screen is screen, "the question answered")
            assert screen.query_one("#order", Input).value == "aslan jump"
            await pilot.press("q", "y")
            await until(pilot, lambda: isinstance(pilot.app.screen, LauncherScreen), "launcher")

    asyncio.run(scenario())


def test_a_click_on_a_destination_shows_the_path_and_a_second_click_sends(
    service: CampaignService, no_keymap: Path
):
    """Issue 17 item 7 (DN-MOV-2): one mouse click on a destination sent the jump at once.
    Now the first click highlights it and draws its path on the map; a second click sends."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(160, 48)) as pilot:
            screen = screen_of(pilot)
            before = service.load("demo").head.seq
            destinations = screen.query_one("#dest-list", OptionList)
            target = "eawyo"
            row = screen._dest_ids.index(target)
            assert destinations.highlighted != row
            await until(pilot, lambda: destinations.region.height > row, "the list laid out")
            await pilot.click("#dest-list", offset=(3, row))
            await until(pilot, lambda: destinations.highlighted == row, "the row highlighted")
            await pilot.pause()
            assert service.load("demo").head.seq == before  # nothing sent
            path = screen.map_view.path
            assert path[0] == "hlirakh" and path[-1] == target
            await pilot.click("#dest-list", offset=(3, row))
            await until(
                pilot,
                lambda: service.load("demo").state.unit("A-B1-1").location.system == target,
                "the second click's jump",
            )

    asyncio.run(scenario())


def test_m_enter_enter_jumps_the_first_stack_to_the_nearest_destination(
    service: CampaignService, no_keymap: Path
):
    """DN-MOV-2: keys only, as a user types them: ``m`` focuses the stacks, Enter chooses the
    first (the main stack) and highlights the nearest legal destination (its path on the map),
    Enter sends that jump. Before, the second Enter found nothing highlighted and did nothing."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            head = service.load("demo").head.seq
            await pilot.press("m", "enter")
            await until(
                pilot,
                lambda: (
                    bool(screen._dest_ids)
                    and screen.map_tab.highlighted_destination == screen._dest_ids[0]
                ),
                "the nearest destination highlighted",
            )
            nearest = screen._dest_ids[0]
            await pilot.press("enter")
            await until(pilot, lambda: service.load("demo").head.seq > head, "the jump stored")
            status = str(screen.query_one("#status-line").render())
            assert status.startswith(f"✓ aslan jump main {nearest}"), status
            assert service.load("demo").head.seq > head
            assert service.load("demo").state.unit("A-B1-1").location.system == nearest

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("order", "dice", "named"),
    [
        ("", "42", "the dice typed (42)"),
        ("aslan jump", "", "the order typed"),
        ("aslan jump", "4", "the order and the dice typed"),
    ],
)
def test_the_close_question_names_what_was_typed(
    service: CampaignService, no_keymap: Path, order: str, dice: str, named: str
):
    """Found by use (December 7, evening; DN-ERR-1): with only dice typed (``d`` ``9x``),
    ``q`` asked "Leave the campaign and drop the order typed but not sent?" with no order
    typed. ``q`` and ``Ctrl+Q`` name what would be dropped: the order, the dice, or both."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo") as pilot:
            screen = screen_of(pilot)
            screen.query_one("#order", Input).value = order
            screen.query_one("#dice", Input).value = dice
            assert named in (screen.quit_question() or ""), screen.quit_question()
            await pilot.press("escape", "q")
            await until(pilot, lambda: isinstance(pilot.app.screen, Confirm), "the question")
            question = pilot.app.screen
            assert isinstance(question, Confirm)
            assert named in question.question, question.question
            await pilot.press("n")
            await until(pilot, lambda: pilot.app.screen is screen, "the question answered")

    asyncio.run(scenario())

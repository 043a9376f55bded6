"""Keys per common order (issue 44 item 3; the counts are in docs/tui.md, "Keys per order").

Each test gives an order with the keys a referee presses, counts them, and checks the order
was stored: a jump to a destination named by its first letter, ending the phase, the form's
Enter going on to the next empty field, the palette opening the order's form, the Log filter
reached by ``/`` (letters typed then filter, never run commands), and the dice reason prompt
offering the usual reason."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input

from campaign.app import CampaignService
from campaign.rules.ids import Side
from campaign.tui.screens.forms import Confirm, OrderForm, TextPrompt
from campaign.tui.widgets.choice_field import ChoiceField
from tests.tui.pilot_helpers import (
    SIZE,
    app_for,
    battle_step,
    campaign_shown,
    open_battle_at_halden,
    screen_of,
    send,
    tab_ready,
)
from tests.waiting import until


async def press_counted(pilot, *keys: str) -> int:
    """Press ``keys`` one by one (each handled before the next), return how many."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
    return len(keys)


def last_order(service: CampaignService, name: str = "demo") -> str:
    return service.log(name)[-1].order_text


def test_a_jump_to_a_destination_named_by_its_first_letter_takes_four_keys(
    service: CampaignService, no_keymap: Path
):
    """Issue 44 item 3 (DN-MOV-2): ``m``, Enter, ``k``, Enter jumps the main stack to Khtaoi:
    names beginning with what is typed come first (``k`` put Aokhtel first)."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            keys = await press_counted(pilot, "m", "enter", "k", "enter")
            assert keys <= 4
            await until(
                pilot, lambda: last_order(service).startswith("aslan jump main"), "the jump stored"
            )
            assert last_order(service).endswith("khtaoi"), last_order(service)

    asyncio.run(scenario())


def test_end_phase_takes_two_keys(service: CampaignService, no_keymap: Path):
    """Issue 44 item 3 (DN-SEQ-1): ``E`` asks how far the game goes, ``y`` sends (the palette
    took six keys and more)."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            await press_counted(pilot, "E")
            await until(pilot, lambda: isinstance(pilot.app.screen, Confirm), "the question")
            await press_counted(pilot, "y")
            await until(pilot, lambda: last_order(service) == "aslan end-phase", "end-phase stored")

    asyncio.run(scenario())


def test_enter_in_a_form_goes_on_to_the_next_empty_field_then_sends(
    service: CampaignService, no_keymap: Path
):
    """Issue 44 item 3: Enter on a filtered match sent the whole form with PATH still empty
    (refused: "PATH is required") and the next key landed in PATH's filter; now Enter
    chooses the match and goes on to PATH, and Enter there sends."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            await press_counted(pilot, "escape", "e", *"main", "enter")
            await until(pilot, lambda: isinstance(pilot.app.screen, OrderForm), "the form")
            form = pilot.app.screen
            path = form.query_one("#field-1", ChoiceField)
            await until(pilot, lambda: form.focused in path.query(Input), "on to PATH")
            # not sent and refused ("PATH is required"): the choice made, on to the next field
            assert str(form.query_one("#form-error").render()) == ""
            await until(pilot, lambda: path._choices, "PATH's choices for main")
            await press_counted(pilot, "k", "h", "t", "enter")
            await until(pilot, lambda: not isinstance(pilot.app.screen, OrderForm), "the form sent")
            assert last_order(service).startswith("aslan jump main")

    asyncio.run(scenario())


def test_slash_puts_the_cursor_in_the_log_filter(
    service: CampaignService, no_keymap: Path, tmp_path: Path
):
    """Issue 44 item 3: the Log filter was reached only by Shift+Tab; letters typed towards it
    ran commands (``p`` wrote a picture, ``c`` toggled an overlay)."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            await press_counted(pilot, "slash", "p", "c")
            log_filter = screen.query_one("#log-filter", Input)
            await until(pilot, lambda: log_filter.value == "pc", "pc in the filter")
            await pilot.pause()
            assert not screen.map_tab.show_connections
            assert "picture" not in str(screen.query_one("#status-line").render())

    asyncio.run(scenario())


def test_the_dice_reason_prompt_offers_the_usual_reason(service: CampaignService, no_keymap: Path):
    """Issue 44 item 3 (DN-ERR-1): the reason for typed dice in a seeded campaign was typed
    whole (about ten keys); the prompt offers "dice rolled at the table", Enter keeps it."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            screen.query_one("#order", Input).value = "aslan end-phase"
            screen.query_one("#dice", Input).value = "3"
            await press_counted(pilot, "d", "enter")
            await until(
                pilot,
                lambda: (
                    isinstance(pilot.app.screen, TextPrompt) and bool(pilot.app.screen.query(Input))
                ),
                "the reason prompt",
            )
            prompt = pilot.app.screen
            assert prompt.query_one(Input).value == "dice rolled at the table"
            await press_counted(pilot, "enter")
            await until(
                pilot, lambda: screen.dice_reason == "dice rolled at the table", "the reason kept"
            )

    asyncio.run(scenario())


def test_a_jump_to_a_destination_behind_another_of_its_letters_takes_four_keys(
    service: CampaignService, no_keymap: Path
):
    """Issue 44 item 3 (DN-MOV-2): the main stack to Halden, behind Halo, took ``m`` Enter
    ``h`` ``a`` ``l`` ``d`` Enter (7); the legal destinations are numbered, a digit sends:
    ``m`` Enter ``h`` and the number of the second ``h`` row."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            keys = await press_counted(pilot, "m", "enter", "h")
            title = screen.query_one("#dest-title")
            await until(pilot, lambda: "Find: h" in str(title.render()), "h typed")
            shown = screen.map_tab.dest_ids
            assert len(shown) >= 2 and shown[1], shown
            wanted = shown[1]
            keys += await press_counted(pilot, "2")
            assert keys <= 4
            await until(
                pilot, lambda: last_order(service).startswith("aslan jump main"), "the jump stored"
            )
            assert last_order(service).endswith(wanted), (last_order(service), wanted)

    asyncio.run(scenario())


def test_a_digit_with_no_legal_destination_of_that_number_sends_nothing(
    service: CampaignService, no_keymap: Path
):
    """Issue 44 item 3 (DN-MOV-2): a number beyond the legal rows says so, nothing is sent."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            before = service.load("demo").head.seq
            await press_counted(pilot, "m", "enter", "h", "a", "l", "d", "9")
            await until(
                pilot,
                lambda: "numbered 9" in str(screen.query_one("#status-line").render()),
                "the refusal",
            )
            assert service.load("demo").head.seq == before

    asyncio.run(scenario())


def test_produce_at_the_default_place_takes_four_keys(service: CampaignService, no_keymap: Path):
    """Issue 44 item 3 (DN-ECO-8): produce from the palette took nine keys and a place had to
    be chosen; ``P`` opens the produce form, the capital's hex is the default place, ``d``
    ``d`` picks the destroyer, Enter sends."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "full", size=SIZE) as pilot:
            assert "✓" in await send(pilot, "aslan maintain - -", "6,6,6,6,6,6,6")
            await press_counted(pilot, "escape")  # out of the order line (not counted)
            keys = await press_counted(pilot, "P", "d", "d", "enter")
            assert keys <= 4
            capital = screen_of(pilot).session.ruleset.star_map.capital_of(Side.ASLAN).id
            await until(
                pilot,
                lambda: last_order(service, "full").startswith("aslan produce"),
                "the production stored",
            )
            assert last_order(service, "full") == f"aslan produce DD 1 hex:{capital}"

    asyncio.run(scenario())


def test_a_battle_step_takes_two_keys_and_a_target_two(service: CampaignService, no_keymap: Path):
    """Issue 44 item 3 (DN-CBT-1/3): ``n`` Enter sends the step the header names; a target
    to name is ``e`` Enter — an untouched list's first unit is taken (it took ``e`` Down
    Enter)."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            session = await open_battle_at_halden(pilot)
            await press_counted(pilot, "escape")
            before = len(service.log("demo"))
            assert await press_counted(pilot, "n", "enter") == 2
            await until(pilot, lambda: len(service.log("demo")) > before, "the range roll")
            assert " range b1" in last_order(service)
            for _step in range(5):  # choose-range, then the first target to name
                if "target" in (session.awaited_order() or ""):
                    break
                await send(pilot, battle_step(session, next(iter(session.battles()))))
            await press_counted(pilot, "escape")
            before = len(service.log("demo"))
            assert await press_counted(pilot, "e", "enter") == 2
            await until(pilot, lambda: len(service.log("demo")) > before, "the target named")
            assert " target b1 " in last_order(service)

    asyncio.run(scenario())


def test_a_leftover_joins_an_engagement_in_three_keys(service: CampaignService, no_keymap: Path):
    """Issue 44 item 3 (DN-CBT-3): a leftover joining an engagement took ``e`` Down Enter
    ``1`` Enter (5); the form lists the engagements formed, and Enter takes the first unit
    and the first engagement: ``e`` Enter Enter."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            session = await open_battle_at_halden(pilot)
            for _step in range(40):  # a battle of 7 units reaches a leftover in far fewer
                if "ENGAGEMENT" in (session.awaited_order() or ""):
                    break
                assert session.battles(), "the battle ended before a leftover"
                awaited = session.awaited_order() or ""
                stored = len(service.log("demo"))
                if "target" in awaited:  # name or answer with the form's first unit
                    await press_counted(pilot, "escape", "e", "enter")
                else:
                    await send(pilot, battle_step(session, next(iter(session.battles()))))
                await until(pilot, lambda stored=stored: len(service.log("demo")) > stored, awaited)
            else:
                raise AssertionError(f"no leftover step: {session.awaited_order()}")
            await press_counted(pilot, "escape")
            before = len(service.log("demo"))
            assert await press_counted(pilot, "e", "enter", "enter") == 3
            await until(pilot, lambda: len(service.log("demo")) > before, "the leftover placed")
            assert last_order(service).split()[-1] == "1", last_order(service)

    asyncio.run(scenario())


def test_typed_dice_take_one_key_each(tmp_path: Path, no_keymap: Path):
    """Issue 44 item 3 (DN-CBT-1): typed dice took ``d`` ``4`` ``,`` ``2`` Enter; a die due
    is now one key (the prompt takes a face as pressed) and digits typed together in the dice
    field are a die each: the range step with the table's dice is ``n`` Enter ``5`` ``2``."""
    from tests.cli_referee.test_table_dice import physical_battle

    table = CampaignService(db_url=f"sqlite:///{tmp_path / 'p.db'}")
    physical_battle(table)

    async def scenario() -> None:
        async with campaign_shown(table, no_keymap, "p", size=SIZE) as pilot:
            assert await press_counted(pilot, "n", "enter", "5", "2") == 4
            await until(
                pilot, lambda: " range b1" in table.log("p")[-1].order_text, "the range roll stored"
            )
            # the same with the dice typed first, together: d 4 2 Enter after n
            await until(
                pilot,
                lambda: "choose-range" in (screen_of(pilot).session.awaited_order() or ""),
                "the range chosen next",
            )

    asyncio.run(scenario())
    (entry,) = [e for e in table.story("p") if e.order_text.startswith("aslan range")]
    assert [roll.split("=")[1] for roll in entry.rolls] == ["5", "2"]


def test_dice_typed_together_are_one_die_each(service: CampaignService, no_keymap: Path):
    """Issue 44 item 3 (DN-ERR-1): ``42`` in the dice field is two dice, 4 and 2 (a face is
    one digit), so typed dice cost a key per die, without separators."""
    from campaign.tui.session import parse_dice

    assert parse_dice("42") == [4, 2]
    assert parse_dice("4 2,61") == [4, 2, 6, 1]


def test_a_digit_in_an_empty_destination_list_shows_a_tab(
    service: CampaignService, no_keymap: Path
):
    """Found by use (December 7, DN-MOV-2): after the palette closed the focus was back in
    the destination list; in Production (no legal destination) ``6`` said "no legal
    destination numbered 6" instead of showing the Mail tab. With no legal row shown the
    digits are the tab keys, as everywhere else."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "full", size=SIZE) as pilot:
            assert "✓" in await send(pilot, "aslan maintain - -", "6,6,6,6,6,6,6")
            screen = screen_of(pilot)
            await press_counted(pilot, "escape")
            destinations = screen.query_one("#dest-list")
            destinations.focus()
            await until(pilot, lambda: destinations.has_focus, "the destinations focused")
            assert screen.map_tab.legal_shown == 0
            await press_counted(pilot, "6")
            await until(pilot, lambda: tab_ready(screen, "tab-mail"), "the Mail tab shown")
            assert "numbered 6" not in str(screen.query_one("#status-line").render())

    asyncio.run(scenario())

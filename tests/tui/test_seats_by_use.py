"""Found by use on December 7: the campaign TUI played from each seat (the referee, Aslan,
Solomani) at 80x24 and 160x48 under tmux, one whole game turn. Each test names the keys that
showed the defect and what the screen did."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input, OptionList, Static
from textual.widgets._toast import Toast

from campaign.app import CampaignService
from campaign.app.mail import PbemService
from campaign.rules.ids import Side
from campaign.tui.screens.forms import Confirm, OrderForm, TextPrompt
from campaign.tui.session import CampaignSession
from campaign.tui.views import battle_lines, income_lines
from campaign.tui.widgets.choice_field import ChoiceField
from tests.tui.pilot_helpers import (
    battle_step,
    campaign_shown,
    export_recording_the_side,
    screen_lines,
    screen_of,
    screen_on_top,
    send,
)
from tests.waiting import until

#: Aslan's main stack from Hlirakh to Marrow, beside the Solomani capital (the demo's jump).
MAIN_TO_MARROW = (
    "aslan jump main ftahr,khtaoi,fissure,span,scarp,corredor,orilla,rampart,citadel,"
    "bulwark,redoubt,marrow"
)


def status_of(pilot) -> str:
    return str(screen_of(pilot).query_one("#status-line", Static).render())


def test_a_refusal_keeps_the_optional_blanks_of_its_usage(
    service: CampaignService, no_keymap: Path
):
    """DN-ERR-1: ``aslan produce CL x y z`` is refused with the usage ``produce KIND [COUNT]
    [LOCATION]`` (``campaign order`` prints it whole); the status line and the notification
    showed ``produce KIND  `` — a word in square brackets was read as a style and dropped
    (``n`` Enter on a target step lost ``[ENGAGEMENTS]`` the same way)."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", notifications=True) as pilot:
            status = await send(pilot, "aslan produce CL x y z")
            assert "produce KIND [COUNT] [LOCATION]" in status, status
            await until(pilot, lambda: bool(pilot.app.screen.query(Toast)), "the refusal's toast")
            toasts = [str(toast.render()) for toast in pilot.app.screen.query(Toast)]
            assert any("produce KIND [COUNT] [LOCATION]" in toast for toast in toasts), toasts

    asyncio.run(scenario())


def _cut_lines(service: CampaignService) -> list[str]:
    session = CampaignSession(service, "demo")
    session.order(MAIN_TO_MARROW)
    return [line for line in income_lines(session.income(Side.SOLOMANI)) if "cut at" in line]


def test_the_economy_tab_names_a_cut_system_once(service: CampaignService):
    """DN-ECO-3: with Aslan's main stack at Marrow, Solomani's Economy tab read "cut at
    Marrow: Marrow: enemy starships …" (the reason already begins with the system's name)."""
    lines = _cut_lines(service)
    assert any("Marrow" in line for line in lines), lines
    for line in lines:
        name = line.split("cut at ", 1)[1].split(":", 1)[0]
        assert f"{name}: {name}:" not in line, line


def test_dice_sent_with_no_order_put_the_cursor_in_the_order_line(
    service: CampaignService, no_keymap: Path
):
    """DN-ERR-1: ``d`` ``3`` Enter with the order line empty said "the order is empty: type it
    first (o), …" and left the cursor in the dice field, where ``o`` and the order typed next
    went (the dice field read "3oaslan range b2"). The cursor goes to the order line, the
    dice stay, and the message says where to type."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo") as pilot:
            screen = screen_of(pilot)
            await pilot.press("d", "3")
            dice = screen.query_one("#dice", Input)
            await until(pilot, lambda: dice.value == "3", "the die typed")
            await pilot.press("enter")
            await until(pilot, lambda: status_of(pilot).startswith("✗"), "the refusal")
            order = screen.query_one("#order", Input)
            await until(pilot, lambda: order.has_focus, "the order line focused")
            assert "order line" in status_of(pilot), status_of(pilot)
            assert "(o)" not in status_of(pilot)
            await pilot.press(*"aslan end-phase")
            assert order.value == "aslan end-phase" and dice.value == "3"

    asyncio.run(scenario())


def test_a_players_dice_field_in_a_seeded_campaign_takes_no_dice(
    service: CampaignService, no_keymap: Path
):
    """DN-ERR-1: on Aslan's screen of the seeded demo the dice field read "dice (d), empty:
    seeded" and, with an order typed, "2 dice: range …", inviting dice that are always refused
    (a player may not override the seeded dice). A die typed there stayed behind the forms:
    ``e`` Enter on a target step was refused "typing dice … is a referee override" with no
    dice to be seen. The field says it takes none and cannot be entered; ``d`` says why."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", side=Side.ASLAN) as pilot:
            screen = screen_of(pilot)
            dice = screen.query_one("#dice", Input)
            assert dice.placeholder == "no typed dice: seeded"
            screen.report("")
            await pilot.press("d")
            await until(pilot, lambda: status_of(pilot).startswith("✗"), "d refused")
            assert "referee override" in status_of(pilot) and not dice.has_focus
            hints = screen.order_bar.hints_made
            await pilot.press("o", *"aslan range b1")
            # the hint is worked out once typing pauses: wait for it, not for a time
            await until(pilot, lambda: screen.order_bar.hints_made > hints, "the dice hint")
            assert dice.placeholder == "no typed dice: seeded"

    asyncio.run(scenario())


def test_e_says_whom_the_game_waits_for_when_the_player_may_give_other_orders(
    service: CampaignService, no_keymap: Path
):
    """DN-SEQ-2: in a battle at Halden where Solomani chooses the range, ``e`` on Aslan's
    screen said "the game waits for no order now" (Aslan may load cargo meanwhile, so he was
    not told that he has nothing to do). It says that the game waits for Solomani."""
    referee = CampaignSession(service, "demo")
    referee.order(referee.move_order("main", "halden"))
    referee.order("aslan end-phase")
    referee.order("aslan range b1")
    assert referee.awaited_order() == "solomani choose-range b1 long"

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", side=Side.ASLAN) as pilot:
            screen = screen_of(pilot)
            screen.report("")
            await pilot.press("escape", "e")
            await until(pilot, lambda: status_of(pilot).startswith("✗"), "e refused")
            status = status_of(pilot)
            assert status.startswith("✗ DN-SEQ-2: "), status
            assert "solomani must act" in status, status
            assert "the game waits for no order now" not in status

    asyncio.run(scenario())


def test_enter_on_a_stack_outside_movement_keeps_the_keys_on_the_stacks(
    service: CampaignService, no_keymap: Path
):
    """DN-SEQ-2: after the movement phase, ``m`` Enter put the cursor in a destination list
    that offered nothing ("moves only in movement phases"); the letters typed next filtered
    it and the tab keys were taken as destination numbers ("no legal destination numbered
    4"), so ``4`` no longer showed the Battle tab. Enter says why the stack cannot move and
    the keys stay on the stacks."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo") as pilot:
            assert "✓" in await send(pilot, "aslan end-phase")
            screen = screen_of(pilot)
            stacks = screen.query_one("#stack-list")
            await pilot.press("m")
            await until(pilot, lambda: stacks.has_focus, "the stacks focused")
            screen.report("")
            await pilot.press("enter")
            await until(pilot, lambda: status_of(pilot).startswith("✗"), "Enter answered")
            assert "DN-SEQ-2" in status_of(pilot) and "movement phase" in status_of(pilot)
            assert stacks.has_focus
            await pilot.press("2")
            await until(pilot, lambda: screen.query_one("#tabs").active == "tab-forces", "2")

    asyncio.run(scenario())


def test_e_on_an_awaited_choice_offers_the_other_choices(service: CampaignService, no_keymap: Path):
    """DN-CBT-2: the header awaits "solomani choose-range b1 long"; ``e`` opened a form with no
    field, so short range could only be chosen through Ctrl+P or by typing. The form is the
    order type's, the awaited words filled in: BATTLE b1, R long, short offered."""
    referee = CampaignSession(service, "demo")
    referee.order(referee.move_order("main", "halden"))
    referee.order("aslan end-phase")
    referee.order("aslan range b1")
    assert referee.awaited_order() == "solomani choose-range b1 long"

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", side=Side.SOLOMANI) as pilot:
            await pilot.press("escape", "e")
            await until(pilot, lambda: screen_on_top(pilot.app, OrderForm), "the form")
            form = pilot.app.screen
            assert isinstance(form, OrderForm)
            assert [blank.name for blank in form.fields] == ["BATTLE", "R"]
            assert form.values() == {"BATTLE": "b1", "R": "long"}
            spec = screen_of_form_owner(pilot).session.field_spec(
                form.template, form.fields[1], form.values()
            )
            assert ("short (beams)", "short") in spec.choices and spec.hint

    asyncio.run(scenario())


def test_e_on_an_awaited_choice_starts_in_the_choice_to_change(
    service: CampaignService, no_keymap: Path
):
    """DN-CBT-2: with every field of the awaited "solomani choose-range b1 long" filled in,
    the form opened with the focus in BATTLE, which offers b1 alone: Down then Enter sent
    long range, not short (found by use, December 7, late night). The focus starts in the
    first list that offers a choice to change, R: Down Enter chooses short."""
    referee = CampaignSession(service, "demo")
    referee.order(referee.move_order("main", "halden"))
    referee.order("aslan end-phase")
    referee.order("aslan range b1")
    assert referee.awaited_order() == "solomani choose-range b1 long"

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", side=Side.SOLOMANI) as pilot:
            await pilot.press("escape", "e")
            await until(pilot, lambda: screen_on_top(pilot.app, OrderForm), "the form")
            form = pilot.app.screen
            assert isinstance(form, OrderForm)
            field = form.query_one("#field-1")
            await until(pilot, lambda: field.has_focus_within, "R focused")
            await pilot.press("down", "enter")
            await until(pilot, lambda: not screen_on_top(pilot.app, OrderForm), "sent")
            assert "short range" in status_of(pilot), status_of(pilot)

    asyncio.run(scenario())


def screen_of_form_owner(pilot):
    """The campaign screen under the form on top."""
    return pilot.app.screen_stack[-2]


def test_enter_on_a_prefilled_step_with_blanks_opens_its_form(
    service: CampaignService, no_keymap: Path
):
    """DN-CBT-3: ``n`` pre-fills "solomani target b1 UNIT"; Enter at once (as for the range
    and fire steps, ``n`` Enter) sent the blank as a unit and was refused ("cannot read
    order … UNIT …"; for "aslan target b2 UNIT ENGAGEMENT": "ENGAGEMENTS.0: must be a whole
    number"). Enter on an order still holding the blanks ``n`` put there opens its form;
    nothing is sent."""
    referee = CampaignSession(service, "demo")
    referee.order(referee.move_order("main", "halden"))
    referee.order("aslan end-phase")
    referee.order("aslan range b1")
    referee.order("solomani choose-range b1 long")
    assert referee.awaited_order() == "solomani target b1 UNIT"
    head = referee.loaded.head.seq

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo") as pilot:
            screen = screen_of(pilot)
            await pilot.press("escape", "n")
            order = screen.query_one("#order", Input)
            await until(pilot, lambda: order.value == "solomani target b1 UNIT", "n")
            await pilot.press("enter")
            await until(pilot, lambda: screen_on_top(pilot.app, OrderForm), "the form")
            form = pilot.app.screen
            assert isinstance(form, OrderForm)
            assert [blank.name for blank in form.fields] == ["UNIT"]
            assert screen.session.loaded.head.seq == head  # nothing sent
            status = str(screen.query_one("#status-line", Static).render())
            assert not status.startswith("✗"), status

    asyncio.run(scenario())


def test_an_undo_says_which_order_it_took_back(service: CampaignService, no_keymap: Path):
    """DN-SEQ-2: ``u`` ``y`` answered "undone", and ``U`` "referee undo logged: REASON",
    naming no order (the question named it; the status line stays after it has gone). Both
    name the order as the log shows it, and a reason keeps its square brackets."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo") as pilot:
            assert "✓" in await send(pilot, "aslan jump A-CL-1 hlirakh")
            screen = screen_of(pilot)
            screen.report("")
            await pilot.press("escape", "u")
            await until(pilot, lambda: screen_on_top(pilot.app, Confirm), "u's question")
            await pilot.press("y")
            await until(pilot, lambda: "undone" in status_of(pilot), "the undo")
            assert "aslan jump A-CL-1 hlirakh" in status_of(pilot), status_of(pilot)
            assert "✓" in await send(pilot, "aslan jump A-CL-1 hlirakh")
            screen.report("")
            await pilot.press("escape", "U")
            await until(pilot, lambda: screen_on_top(pilot.app, TextPrompt, focused=True), "U")
            pilot.app.screen.query_one(Input).value = "[slip] wrong stack"
            await pilot.press("enter")
            await until(pilot, lambda: "logged" in status_of(pilot), "the referee undo")
            status = status_of(pilot)
            assert "aslan jump A-CL-1 hlirakh" in status and "[slip] wrong stack" in status

    asyncio.run(scenario())


def test_a_players_economy_tab_starts_with_his_own_income(
    service: CampaignService, no_keymap: Path
):
    """DN-ECO-4: on Solomani's screen ``3`` showed Aslan's income and maintenance first, a
    whole 80x24 screen of them: "what is my income, which of my worlds are cut off?" needed
    scrolling past the other side's. A player's tab starts with his own side; the referee's
    keeps Aslan first."""

    async def economy(side: Side | None) -> str:
        async with campaign_shown(service, no_keymap, "demo", side=side) as pilot:
            screen = screen_of(pilot)
            await pilot.press("escape", "3")
            await until(pilot, lambda: bool(screen.query("#economy")), "the Economy tab")
            shown = screen.query_one("#economy", Static)
            await until(pilot, lambda: "income" in str(shown.render()), "the reports")
            return str(shown.render())

    solomani = asyncio.run(economy(Side.SOLOMANI))
    assert solomani.index("solomani income") < solomani.index("aslan income")
    aslan = asyncio.run(economy(Side.ASLAN))
    assert aslan.index("aslan income") < aslan.index("solomani income")
    referee = asyncio.run(economy(None))
    assert referee.index("aslan income") < referee.index("solomani income")


def test_the_withdrawal_after_a_round_is_told_as_that_rounds(service: CampaignService):
    """DN-CBT-7 (breaking off after each round): after round 1's fire at Halden the Battle
    tab (and ``campaign battles``) read "round 2  stage: withdraw" above round 1's range and
    engagements, and "last round's dice: … round 1"; the withdrawal is round 1's."""
    referee = CampaignSession(service, "demo")
    referee.order(referee.move_order("main", "halden"))
    referee.order("aslan end-phase")
    battle = next(iter(referee.battles()))
    while referee.battle_stage(battle) != "withdraw":
        referee.order(battle_step(referee, battle))
    row = next(row for row in referee.battle_rows() if row.id == battle)
    assert row.stage == "withdraw" and row.round == 1, (row.stage, row.round)
    assert battle_lines(row)[0].startswith("[b]b1[/b] at Halden  round 1  stage: withdraw")


def test_a_maintenance_list_with_nothing_to_offer_says_why(
    service: CampaignService, no_keymap: Path
):
    """DN-ECO-7: in game turn 2's maintenance with no disrupted ship, ``e`` showed RECOVER as a
    text line whose hint read "disrupted ships to recover (Space marks; empty: none)": Space
    typed a space there, and nothing said there was none to recover. It is a list that says
    why it is empty."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "full", side=Side.ASLAN) as pilot:
            assert screen_of(pilot).session.awaited_order() == (
                "aslan maintain [UNPAID|-] [RECOVER|-]"
            )
            await pilot.press("escape", "e")
            await until(pilot, lambda: screen_on_top(pilot.app, OrderForm), "the form")
            form = pilot.app.screen
            assert isinstance(form, OrderForm)
            index = [blank.name for blank in form.fields].index("RECOVER")
            field = form.query_one(f"#field-{index}")
            assert isinstance(field, ChoiceField), type(field).__name__
            rows = field.query_one(OptionList)
            shown = str(rows.get_option_at_index(0).prompt)
            assert "no disrupted" in shown and "DN-ECO-7" in shown, shown

    asyncio.run(scenario())


def test_the_battle_tab_indents_what_it_wraps(service: CampaignService, no_keymap: Path):
    """Found by use at 80x24: the Battle tab's "next: …", "it rolls 2 dice: …" and the last
    battle's sentences ran past 80 columns and went on at the left edge, under the battle's
    own name ("(DN-CBT-3)", "1 aslan try 1" alone at column 0). Every line is wrapped with
    the indent of its paragraph, as the units' lines were (DN-CBT-1)."""
    referee = CampaignSession(service, "demo")
    referee.order(referee.move_order("main", "halden"))
    referee.order("aslan end-phase")

    async def battle_text(last: bool = False) -> str:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            screen = screen_of(pilot)
            await pilot.press("escape", "4")
            await until(pilot, lambda: bool(screen.query("#battle")), "the Battle tab")
            shown = screen.query_one("#battle", Static)
            heading = "Last battle" if last else "b1 at"
            await until(pilot, lambda: heading in str(shown.render()), "the battle")
            return str(shown.render())

    def check(text: str) -> None:
        lines = text.splitlines()
        for line in lines:
            if line.startswith("No open battle"):  # a paragraph of its own, at the left edge
                continue
            assert len(line) <= 78, line
            if line and not line.startswith(
                ("b1 at", "Enter physical dice", "No battle's next step", "Last battle")
            ):
                assert line.startswith("  "), line

    text = asyncio.run(battle_text())
    assert "it rolls" in text, text
    check(text)
    battle = next(iter(referee.battles()))
    while referee.battle_stage(battle) != "withdraw":  # a round fought: its dice, engagements
        referee.order(battle_step(referee, battle))
    text = asyncio.run(battle_text())
    assert "last round's dice" in text, text
    check(text)
    while referee.battles():  # the last battle: a round's shots stay one to a row
        referee.order(battle_step(referee, battle))
    text = asyncio.run(battle_text(last=True))
    check(text)
    shots = [line for line in text.splitlines() if " fires on " in line]
    assert shots and all(line.lstrip().startswith(("A-", "S-")) for line in shots), text


def test_after_a_move_the_stack_list_goes_on_to_a_stack_that_may_move(
    service: CampaignService, no_keymap: Path
):
    """DN-MOV-2: after ``m`` Enter ``1`` moved A-CL-1, the stack list still highlighted A-CL-1,
    so the next ``m`` Enter showed "✗ 53 systems: A-CL-1 has finished its movement this
    phase" instead of another stack's destinations. The list goes on to the next stack that
    may still move."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", side=Side.ASLAN) as pilot:
            screen = screen_of(pilot)
            stacks = screen.query_one("#stack-list", OptionList)
            await pilot.press("escape", "m")
            await until(pilot, lambda: stacks.has_focus, "the stacks focused")
            stacks.highlighted = screen._stack_ids.index("A-CL-1")
            await until(pilot, lambda: screen.map_tab.selected_stack == "A-CL-1", "A-CL-1 chosen")
            await pilot.press("enter", "1")
            await until(pilot, lambda: "A-CL-1 jumps" in status_of(pilot), "the move")
            await until(pilot, lambda: stacks.has_focus, "the stacks focused again")
            moved_on = screen.map_tab.selected_stack
            assert moved_on not in (None, "A-CL-1"), moved_on
            assert screen.session.move_options(moved_on).legal
            assert screen._stack_ids[stacks.highlighted or 0] == moved_on

    asyncio.run(scenario())


def test_a_move_sent_from_the_form_goes_on_to_a_stack_that_may_move(
    service: CampaignService, no_keymap: Path
):
    """DN-MOV-2: ``e`` Enter Enter sent the awaited jump of the main stack from the order
    form, and the Map tab's stack list stayed on it: "No legal move" and "has finished its
    movement this phase" under it, while a move sent from the Map list goes on to the next
    stack that may move. Every move sent (form, palette, order line) now does the same."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo") as pilot:
            screen = screen_of(pilot)
            assert screen.map_tab.selected_stack == "main"
            await pilot.press("e")
            await until(pilot, lambda: screen_on_top(pilot.app, OrderForm, focused=True), "form")
            await pilot.press("enter", "enter")
            await until(pilot, lambda: "jump main" in status_of(pilot), "the move")
            moved_on = screen.map_tab.selected_stack
            assert moved_on not in (None, "main"), moved_on
            assert screen.session.move_options(moved_on).legal
            stacks = screen.query_one("#stack-list", OptionList)
            assert screen._stack_ids[stacks.highlighted or 0] == moved_on

    asyncio.run(scenario())


def test_the_log_table_shows_square_brackets_as_written(service: CampaignService, no_keymap: Path):
    """DN-ERR-1: after ``referee set-ru aslan 117 "[fix] count"`` the Log tab's row read
    "Referee: the Aslan now have 117 RU ( count)": the table read its cells as markup, and
    ``[fix]`` was taken for a style (the entry below the table showed it)."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(160, 48)) as pilot:
            assert "✓" in await send(pilot, 'referee set-ru aslan 117 "[fix] count"')
            screen = screen_of(pilot)
            await pilot.press("escape", "5")
            await until(pilot, lambda: bool(screen.query("#log")), "the Log tab")

            def shown() -> str:
                return "\n".join(screen_lines(pilot.app, pilot.app.screen.region))

            def row() -> str:  # the table's row: the order and what happened on one line
                lines = shown().splitlines()
                return next((ln for ln in lines if "set-ru" in ln and "117 RU (" in ln), "")

            await until(pilot, lambda: bool(row()), "the row")
            assert "117 RU ([fix] count)" in row(), row()

    asyncio.run(scenario())


def test_an_exported_files_path_is_shown_as_written(tmp_path: Path, no_keymap: Path):
    """DN-ERR-1: the status line after ``x`` named the file through markup, so a folder such
    as ``turns [b]`` lost its brackets (``[b]`` even turned the rest bold)."""
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'mail.db'}")
    service.create("mail", seed=11)
    folder = tmp_path / "turns [b] [X]"
    folder.mkdir()
    turn = folder / "turn-1.txt"

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "mail", size=(160, 48)) as pilot:
            screen = screen_of(pilot)
            assert "✓" in await send(pilot, "solomani place-neutral lantern")
            await pilot.press("escape", "x")
            await until(pilot, lambda: screen_on_top(pilot.app, OrderForm), "x's form")
            form = pilot.app.screen
            await until(pilot, lambda: bool(form.query("#field-1")), "the form's fields")
            form.query_one("#field-0", ChoiceField).value = "solomani"
            form.query_one("#field-1", Input).value = str(turn)
            await export_recording_the_side(pilot, form)  # the first file: asked
            await until(pilot, lambda: pilot.app.screen is screen, "the form closed")
            await until(pilot, lambda: "✓" in status_of(pilot), "the export")
            assert str(turn) in status_of(pilot), status_of(pilot)

    asyncio.run(scenario())


def test_the_dice_hint_of_a_typed_order_fits_the_dice_field(
    service: CampaignService, no_keymap: Path
):
    """DN-ERR-1: with "aslan range b1" typed at 80x24 the referee's dice field read "2 dice:
    range halden round 1 solomani" — the hint was cut by the field, "…" and the count of the
    other purposes lost. The hint fits the field and says it goes on."""
    referee = CampaignSession(service, "demo")
    referee.order(referee.move_order("main", "halden"))
    referee.order("aslan end-phase")

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            screen = screen_of(pilot)
            dice = screen.query_one("#dice", Input)
            await pilot.press("escape", "o", *"aslan range b1")
            await until(pilot, lambda: dice.placeholder.startswith("2 dice"), "the hint")
            width = dice.content_size.width
            assert len(dice.placeholder) <= width, (dice.placeholder, width)
            assert dice.placeholder.endswith("…"), dice.placeholder

    asyncio.run(scenario())


def test_a_players_screen_at_the_shared_table_opens_no_turn_file_form(
    service: CampaignService, no_keymap: Path
):
    """DN-SEQ-2 (found by use, December 7): on the referee's table, Aslan's screen (his phone,
    ``campaign serve``) opened the Mail tab's forms: ``x`` wrote a turn file at any path of the
    referee's machine and recorded the table as playing aslan by e-mail; ``i`` read any file
    there. Now ``x`` and ``i`` say why not and open no form; nothing is recorded."""

    head = service.load("demo").head.seq

    async def scenario() -> list[str]:
        told = []
        async with campaign_shown(service, no_keymap, "demo", side=Side.ASLAN) as pilot:
            await pilot.press("escape", "6")
            mail = screen_of(pilot).query_one("#mail", Static)
            await until(pilot, lambda: "Play by e-mail" in str(mail.render()), "the Mail tab")
            told.append(str(mail.render()))
            for key in ("x", "i"):
                await pilot.press("escape", key)
                await until(pilot, lambda: status_of(pilot).startswith("✗"), f"{key}'s refusal")
                assert not screen_on_top(pilot.app, OrderForm)
                assert not screen_on_top(pilot.app, TextPrompt)
                told.append(status_of(pilot))
                screen_of(pilot).query_one("#status-line", Static).update("")
        return told

    told = asyncio.run(scenario())
    assert "x: export" not in told[0], told[0]  # the tab offers no key that is refused
    for said in told:
        assert "you play aslan on a database that plays no side by e-mail" in said, said
    assert service.load("demo").head.seq == head
    assert PbemService(service).ledger.files("demo") == []


def test_the_stack_list_opens_on_a_stack_that_may_move(service: CampaignService, no_keymap: Path):
    """DN-MOV-2 (found by use, December 7): after the main stack's jump, ``campaign tui demo``
    opened with the Map list on it — "No legal move", "has finished its movement this
    phase" — though other stacks could still move. The list opens on the first stack that
    may move, as it goes on to one after a move."""
    CampaignSession(service, "demo").order("aslan jump main eawyo")

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo") as pilot:
            screen = screen_of(pilot)
            chosen = screen.map_tab.selected_stack
            assert chosen not in (None, "main"), chosen
            assert screen.session.move_options(chosen).legal

    asyncio.run(scenario())

"""Issue 44 item 4: screens that said too much or too little — a form's hint that stayed after
it was answered (``PATH — choose the stack first`` with the stack chosen), and the order line's
hint running into the dice field's at 80x24. Found by use later: texts cut at 80x24 with no
mark (the new-campaign dialog's options, the order line's hint, the header's who-acts line
losing the battle id of its order, the interact form's BOMBARD hint)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, OptionList

from campaign.app import CampaignService
from campaign.rules.ids import Side
from campaign.tui.app import create_app
from campaign.tui.screens.forms import NewCampaignForm, OrderForm
from campaign.tui.session import CampaignSession
from campaign.tui.widgets.choice_field import ChoiceField
from tests.tui.pilot_helpers import SIZE, app_for, campaign_on_top, campaign_shown, screen_of
from tests.waiting import until


def test_the_path_hint_follows_the_stack_chosen(service: CampaignService, no_keymap: Path):
    """Issue 44 item 4 (DN-MOV-2): after choosing the stack, PATH says where it may go."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            await pilot.press("escape", "e")  # the order the game waits for: aslan jump
            await until(pilot, lambda: form_ready(pilot.app), "the form")
            form = pilot.app.screen
            assert isinstance(form, OrderForm) and form.head == "aslan jump"
            path = form.query_one("#label-1", Label)
            assert "choose the stack first" in str(path.render())
            await pilot.press(*"main")
            stack = form.query_one("#field-0", ChoiceField)
            await until(pilot, lambda: stack.value == "main", "main chosen")
            await pilot.press("tab")  # to PATH: its choices and its hint follow the stack
            await until(
                pilot,
                lambda: "where main may go" in str(path.render()),
                "PATH's hint for the stack chosen",
            )
            assert "choose the stack first" not in str(path.render())
            assert form.query_one("#field-1", ChoiceField)._choices

    asyncio.run(scenario())


def test_the_order_hint_and_the_dice_hint_stay_apart_at_80x24(
    service: CampaignService, no_keymap: Path
):
    """Issue 44 item 4: "…aslan jump STACreferee's dice (d), empty:" — the two hints touched
    and the dice hint was cut. Now a column between them, the dice hint whole, the order
    line's example first."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            screen = screen_of(pilot)
            order, dice = screen.query_one("#order", Input), screen.query_one("#dice", Input)
            await until(
                pilot, lambda: order.region.width > 0 and dice.region.width > 0, "the bar laid out"
            )
            assert order.region.right < dice.region.x  # at least one blank column between
            assert len(str(dice.placeholder)) < dice.region.width
            assert str(order.placeholder).startswith("e.g. aslan jump STACK PATH")

    asyncio.run(scenario())


def test_a_form_fits_a_50_column_terminal(service: CampaignService, no_keymap: Path):
    """Issue 44 item 4: a form kept 70 columns and was cut at 50x16; now it takes the width
    there is, and its fields are reachable (what does not fit in height scrolls)."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(50, 16)) as pilot:
            await pilot.press("escape", "e")
            await until(pilot, lambda: form_ready(pilot.app), "the form")
            form = pilot.app.screen
            assert isinstance(form, OrderForm)
            box = form.query_one(".form-box")
            await until(pilot, lambda: box.region.width > 0, "the form laid out")
            assert box.region.x >= 0 and box.region.right <= 50, box.region
            assert box.region.bottom <= 16, box.region
            field = form.query_one("#field-1", ChoiceField)
            field.focus()
            await until(
                pilot,
                lambda: field.region.y < 16 and field.region.height > 0,
                "PATH scrolled into view",
            )

    asyncio.run(scenario())


def form_ready(app) -> bool:
    """An order form on top, mounted, its first field focused (keys typed next go there)."""
    form = app.screen
    return isinstance(form, OrderForm) and form.is_mounted and form.focused is not None


def shown(widget: Widget) -> str:
    """What ``widget`` draws, its rows joined with single spaces."""
    rows = widget.render_lines(widget.outer_size.region)
    return " ".join(" ".join(strip.text for strip in rows).split())


def assert_whole_in(box: Widget) -> None:
    """Every label and check box inside ``box`` is drawn whole within its width."""
    width = box.scrollable_content_region.width
    widgets = [*box.query(Label), *box.query(Checkbox)]
    assert widgets
    for widget in widgets:
        text = " ".join(str(widget.render() if isinstance(widget, Label) else widget.label).split())
        assert widget.outer_size.width <= width, text
        assert text in shown(widget), (text, shown(widget))


def test_the_new_campaign_dialog_is_whole_at_80x24(service: CampaignService, no_keymap: Path):
    """Found by use: at 80x24 the dialog's options were cut ("…shuffle the neutrals joi",
    "…from the boxed game's pi", "seed (…; empty: r"): labels wrap now, check boxes are
    shorter (DN-SET-1 neutral draw, DN-MAP-5 random assembly)."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, None).run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await until(pilot, lambda: isinstance(pilot.app.screen, NewCampaignForm), "n")
            box = pilot.app.screen.query_one(".form-box")
            await until(pilot, lambda: box.region.width > 0, "the dialog laid out")
            # DN-SET-1 neutral draw, DN-MAP-5 random assembly: each option reads whole
            assert_whole_in(box)

    asyncio.run(scenario())


def test_the_interact_form_labels_are_whole_at_80x24(service: CampaignService, no_keymap: Path):
    """Found by use (DN-INT-1): the BOMBARD label was cut at "e.g. A-CL-1>N-X-2 (em"."""
    session = CampaignSession(service, "demo")
    session.order("aslan jump A-CL-1 hlirakh,ftahr,khtaoi,fissure,span")
    session.order("aslan end-phase")
    session.order("aslan end-phase")  # first-combat/interaction: A-CL-1 over Span

    async def scenario() -> None:
        app = create_app(None, service=service, open_campaign="demo", side=Side.ASLAN)
        async with app.run_test(size=(80, 24)) as pilot:
            await campaign_on_top(pilot)
            await pilot.press("escape", "e")
            await until(pilot, lambda: isinstance(pilot.app.screen, OrderForm), "the form")
            form = pilot.app.screen
            assert isinstance(form, OrderForm) and form.head == "aslan interact"
            box = form.query_one(".form-box")
            await until(pilot, lambda: box.region.width > 0, "the form laid out")
            # DN-INT-1: the bombardment hint, e.g. A-CL-1>N-X-2, reads whole
            assert any("BOMBARD" in shown(label) for label in box.query(Label))
            assert_whole_in(box)

    asyncio.run(scenario())


def rows_in_view(form: OrderForm, index: int) -> int:
    """How many rows of field ``index``'s list the form shows now, within its box's edges."""
    box = form.query_one(".form-box")
    choices = form.query_one(f"#field-{index}", ChoiceField).query_one(OptionList)
    return choices.region.intersection(box.scrollable_content_region).height


def in_view(form: OrderForm, widget: Widget) -> bool:
    """True when ``widget`` is drawn whole inside the form's box (not scrolled away)."""
    box = form.query_one(".form-box").scrollable_content_region
    return widget.region.height > 0 and box.contains_region(widget.region)


async def field_in_view(pilot: Pilot, form: OrderForm, index: int) -> None:
    """Wait until field ``index`` has the focus and is in view with its label, a list showing
    at least 3 of its rows (all when fewer)."""
    field, label = form.query_one(f"#field-{index}"), form.query_one(f"#label-{index}")
    name = form.fields[index].name
    await until(pilot, lambda: field.has_focus_within, f"{name} focused")
    if not isinstance(field, ChoiceField):
        await until(pilot, lambda: in_view(form, field), f"{name} in view")
        return
    choices = field.query_one(OptionList)
    await until(pilot, lambda: choices.option_count > 0, f"{name}'s choices")
    least = min(3, choices.option_count)
    await until(
        pilot,
        lambda: rows_in_view(form, index) >= least and in_view(form, label),
        f"{name}: {least} rows of {choices.option_count} in view, and its label",
    )


@pytest.mark.parametrize(
    ("orders", "key"),
    [
        ([], "enter"),  # aslan jump: STACK (9 stacks and ships), then PATH (47 systems)
        (
            [
                "aslan jump A-CL-1 hlirakh,ftahr,khtaoi,fissure,span",
                "aslan end-phase",
                "aslan end-phase",  # first-combat/interaction: A-CL-1 over Span
            ],
            "tab",  # aslan interact: SYS, LAND, BOMBARD (a text field), DROPS
        ),
    ],
    ids=["jump", "interact"],
)
def test_every_list_of_a_crowded_form_shows_rows_at_80x24(
    service: CampaignService, no_keymap: Path, orders: list[str], key: str
):
    """Found by use: at 80x24 the interact form's SYS list showed no row, only its filter line,
    and the produce form's KIND list one: a choice field took a share of what the box had left.
    Now each list shows at least 3 rows (all when fewer), the form scrolls, and the field
    that has the focus is in view with its label (DN-MOV-2 jump, DN-INT-1 interact)."""
    session = CampaignSession(service, "demo")
    for order in orders:
        session.order(order)

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            await pilot.press("escape", "e")
            await until(pilot, lambda: isinstance(pilot.app.screen, OrderForm), "the form")
            form = pilot.app.screen
            assert isinstance(form, OrderForm)
            # DN-MOV-2 / DN-INT-1: each blank of the order, its legal choices in view
            for index in range(len(form.fields)):
                await field_in_view(pilot, form, index)
                if index < len(form.fields) - 1:
                    await pilot.press(key)
            if not orders:  # the jump form: PATH lists where the stack may go
                assert (
                    form.query_one("#field-1", ChoiceField).query_one(OptionList).option_count > 9
                )

    asyncio.run(scenario())


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_the_header_and_the_order_hint_keep_the_order_awaited(
    service: CampaignService, no_keymap: Path, size: tuple[int, int]
):
    """Found by use (DN-CBT-1): at 80x24 the header read "aslan must act: battle b1 at
    keystone: roll for range, round 1 — aslan range" (``b1`` cut) and the order line's hint
    "order, e.g. aslan range b1 (Ctrl+P:". The who-acts line keeps its order whole and cuts
    the sentence before it with "…"; the hint is the longest that fits, the example first."""
    session = CampaignSession(service, "demo")
    session.order("aslan jump A-CL-1 hlirakh,ftahr,khtaoi,fissure,span,keystone")
    session.order("aslan end-phase")  # a battle with the neutral transport there

    async def scenario() -> None:
        app = create_app(None, service=service, open_campaign="demo", side=Side.ASLAN)
        async with app.run_test(size=size) as pilot:
            await campaign_on_top(pilot)
            screen = screen_of(pilot)
            phase, order = screen.query_one("#phase"), screen.query_one("#order", Input)
            awaited = "aslan range b1"
            await until(pilot, lambda: awaited in str(phase.render()), "the battle's step")
            await until(pilot, lambda: order.content_size.width > 0, "the order line laid out")
            rows = [strip.text.strip() for strip in phase.render_lines(phase.outer_size.region)]
            assert len(rows) == 3
            # DN-CBT-1: the range roll of battle b1 is the order awaited, b1 included
            assert rows[2].startswith("aslan must act: battle b1") and rows[2].endswith(
                f"— {awaited}"
            ), rows
            hint = str(order.placeholder)
            assert awaited in hint and len(hint) <= order.content_size.width, hint
            assert "legal orders" in hint
            if size[0] >= 160:
                assert "…" not in rows[2]
                assert hint == f"order, e.g. {awaited} (Ctrl+P: legal orders)"

    asyncio.run(scenario())


@pytest.mark.parametrize("width", [45, 60])
def test_a_phones_page_keeps_most_of_its_width_for_the_map_and_the_order(
    service: CampaignService, no_keymap: Path, width: int
):
    """docs/table.md (found by use, December 7, evening: Aslan's page on a phone, 45
    columns): the map kept 13 columns beside the 32 of the stacks' panel, and the order line
    a third of the bar beside the 34 of the dice field. Under 70 columns the map keeps more
    than half the width and the order line at least half of the bar; 80 columns are as
    before."""

    async def scenario() -> None:
        async with campaign_shown(
            service, no_keymap, "demo", size=(width, 40), side=Side.ASLAN
        ) as pilot:
            screen = screen_of(pilot)
            scroll, side = screen.query_one("#map-scroll"), screen.query_one("#map-side")
            order, dice = screen.query_one("#order", Input), screen.query_one("#dice", Input)
            await until(
                pilot, lambda: scroll.region.width > 0 and dice.region.width > 0, "laid out"
            )
            assert scroll.region.width > width // 2, (scroll.region, side.region)
            assert order.region.width >= width // 2, (order.region, dice.region)
            assert side.region.width >= 16 and dice.region.width >= 12
            assert order.region.right < dice.region.x  # a blank column between

    asyncio.run(scenario())

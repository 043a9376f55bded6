"""Refereeing the boxed game at the table through the campaign screen (docs/referee-at-the-
table.md), found by use: a physical-dice campaign whose neutral counters are drawn at the table,
its set-up and its forms at 80x24."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Input, OptionList, Static

from campaign.app import CampaignService
from campaign.rules.economy.maintenance import upkeep_list
from campaign.rules.ids import Side
from campaign.rules.views import seen_text
from campaign.tui.order_template import parse_template
from campaign.tui.screens.forms import OrderForm
from campaign.tui.session import CampaignSession
from campaign.tui.widgets.choice_field import ChoiceField
from tests.tui.pilot_helpers import (
    app_for,
    campaign_on_top,
    campaign_shown,
    screen_lines,
    screen_of,
    screen_on_top,
)
from tests.waiting import until

#: The draws of docs/referee-at-the-table.md, in turn from the Solomani (a PD set aside last).
DRAWS = [
    "solomani place-neutral solace RT-2",
    "aslan place-neutral span RT-3",
    "solomani place-neutral keystone M-8-0-8",
    "aslan place-neutral lantern PD",
    "solomani place-neutral quillon JT-4",
    "aslan place-neutral pellow AT-8",
    "solomani place-neutral bulwark RT-2",
    "aslan place-neutral lantern PD,TR",
]


def table_campaign(tmp_path: Path) -> CampaignService:
    """``campaign new t --dice physical --neutrals table``: at its first neutral draw."""
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 't.db'}")
    service.create("t", dice_mode="physical")
    service.order("t", "referee neutral-draw table")
    return service


def test_the_phase_tracker_shows_an_orders_optional_blanks(tmp_path: Path, no_keymap: Path):
    """DN-SET-1: the who-acts line read "aslan buy KIND": its "[COUNT]" was read as markup and
    vanished (the CLI says "aslan buy KIND [COUNT]")."""
    service = table_campaign(tmp_path)
    for text in DRAWS:
        service.order("t", text)

    async def scenario() -> str:
        async with app_for(service, no_keymap, "t").run_test(size=(80, 24)) as pilot:
            await campaign_on_top(pilot)
            phase = screen_of(pilot).query_one("#phase", Static)
            await until(pilot, lambda: "aslan buy KIND" in str(phase.render()), "the who-acts line")
            return str(phase.render())

    assert "aslan buy KIND [COUNT]" in asyncio.run(scenario())


def test_p_in_the_set_up_purchases_opens_the_buy_form(tmp_path: Path, no_keymap: Path):
    """Found by use: in the set-up purchases ``P`` (produce) said "aslan produce is not
    legal now"; the order there is ``buy`` (DN-SET-1). ``P`` opens the buy form: ``P``, the
    kind's code, Enter."""
    service = table_campaign(tmp_path)
    for text in DRAWS:
        service.order("t", text)

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "t", size=(80, 24)) as pilot:
            await pilot.press("escape", "P")
            await until(pilot, lambda: isinstance(pilot.app.screen, OrderForm), "P's form")
            form = pilot.app.screen
            assert isinstance(form, OrderForm) and form.head == "aslan buy"
            await pilot.press(*"rt-5", "enter")
            await until(pilot, lambda: screen_of(pilot) is pilot.app.screen, "the form sent")

    asyncio.run(scenario())
    # DN-SET-1: the set-up purchase stored, as the buy order
    assert service.log("t")[-1].order_text == "aslan buy RT-5"


def test_the_form_needs_the_code_of_the_counter_drawn(tmp_path: Path, no_keymap: Path):
    """DN-NEU-1: with the counters drawn at the table the form called CODE "optional", so
    Enter on the system sent the order without it (refused); now Enter goes on to CODE, and the
    SYSTEM list offers only type 1 systems outside the home sections (it listed all of them,
    Aokhtel, a type 2 system, among the first)."""
    service = table_campaign(tmp_path)
    template = parse_template("solomani place-neutral SYSTEM CODE")
    assert [(b.name, b.optional) for b in template.blanks] == [
        ("SYSTEM", False),
        ("CODE", False),
    ]
    seen: dict[str, object] = {}

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "t", size=(80, 24)) as pilot:
            await pilot.press("e")
            await until(
                pilot,
                lambda: screen_on_top(pilot.app, OrderForm, focused=True),
                "the form",
            )
            form = pilot.app.screen
            assert isinstance(form, OrderForm)
            options = form.query_one("#field-0", ChoiceField).query_one(OptionList)
            seen["systems"] = [
                str(options.get_option_at_index(i).prompt) for i in range(options.option_count)
            ]
            await pilot.press(*"solace", "enter")
            code = form.query_one("#field-1", Input)
            await until(pilot, lambda: code.has_focus, "on to CODE")
            seen["still open"] = pilot.app.screen is form
            seen["on code"] = code.has_focus
            await pilot.press(*"RT-2", "enter")
            await until(pilot, lambda: pilot.app.screen is not form, "the form sent")

    asyncio.run(scenario())
    assert seen["still open"] and seen["on code"]
    assert "Solace (solace)" in seen["systems"]  # type: ignore[operator]
    assert not any("Aokhtel" in s for s in seen["systems"])  # type: ignore[union-attr]
    assert service.log("t")[-1].order_text == "solomani place-neutral solace RT-2"


def test_a_players_screen_asks_for_the_code_too(tmp_path: Path):
    """DN-NEU-1: the hiding of a drawn counter ("place-neutral span ?") took the template's
    CODE blank for a counter: Aslan's screen asked for "aslan place-neutral SYSTEM ?". The
    counter named in a placement stays hidden from a player."""
    service = table_campaign(tmp_path)
    service.order("t", DRAWS[0])
    session = CampaignSession(service, "t", Side.ASLAN)
    assert session.phase_lines()[2].endswith("aslan place-neutral SYSTEM CODE")
    assert session.awaited_order() == "aslan place-neutral SYSTEM CODE"
    state = session.state
    assert seen_text(DRAWS[1], state, Side.SOLOMANI) == "aslan place-neutral span ?"


class _Choices(App[None]):
    def __init__(self, field: ChoiceField) -> None:
        super().__init__()
        self.field = field

    def compose(self) -> ComposeResult:
        yield self.field


def test_a_marked_choice_shows_its_mark():
    """The deploy form's UNITS list showed " A-CL-1" for a marked unit: "[x]" was read as a
    markup tag and dropped."""
    field = ChoiceField([("A-CL-1 CL", "A-CL-1"), ("A-CL-2 CL", "A-CL-2")], multi=True)

    async def scenario() -> list[str]:
        app = _Choices(field)
        async with app.run_test(size=(40, 8)) as pilot:
            field.focus()
            await until(pilot, lambda: app.focused is not None, "the list focused")
            await pilot.press("space")
            listed = field.query_one(OptionList)
            await until(
                pilot, lambda: field.value == "A-CL-1" and listed.region.height > 0, "A-CL-1 marked"
            )
            await until(  # drawn after the next refresh
                pilot,
                lambda: screen_lines(app, listed.region)[0].startswith("[x]"),
                "A-CL-1's mark drawn",
            )
            return screen_lines(app, listed.region)

    rows = asyncio.run(scenario())
    assert rows[0].startswith("[x] A-CL-1") and rows[1].startswith("[ ] A-CL-2")
    assert field.value == "A-CL-1"


def test_typing_a_kinds_code_chooses_that_kind():
    """DN-SET-1: typing "TR" in the buy form's KIND list and Enter bought regular troops
    (RT-4 "regular troops" holds "tr" and came first); the choice whose value is what was
    typed comes first and is chosen."""
    field = ChoiceField(
        [("RT-4   regular troops 4", "RT-4"), ("TR     transport", "TR")], optional=False
    )

    async def scenario() -> str:
        async with _Choices(field).run_test(size=(40, 8)) as pilot:
            field.focus()
            await until(pilot, lambda: field.app.focused is not None, "the list focused")
            await pilot.press("T", "R")
            await until(pilot, lambda: field.value == "TR", "TR chosen")
            return field.value

    assert asyncio.run(scenario()) == "TR"


def test_maintain_lists_only_ships_the_order_takes(service: CampaignService):
    """DN-ECO-7: UNPAID offered frontier ships (refused: "it rolls, there is nothing to leave
    unpaid") and RECOVER disrupted ones outside civilised space; only civilised ships that pay
    may be left unpaid, only disrupted civilised ones recovered."""
    session = CampaignSession(service, "full")
    assert session.state.turn == 2 and session.maintenance_due()
    template = parse_template("aslan maintain [UNPAID|-] [RECOVER|-]")
    unpaid, recover = (
        {value for _, value in session.field_spec(template, blank, {}).choices}
        for blank in template.blanks
    )
    ships = upkeep_list(session.state, session.ruleset, Side.ASLAN)
    assert any(not ship.civilised for ship in ships)  # frontier ships are there to leave out
    assert unpaid == {s.unit_id for s in ships if s.civilised and not s.disrupted}
    assert recover == {s.unit_id for s in ships if s.civilised and s.disrupted}

"""Issue 31 items 1, 3, 5 and 11: the keys that give orders open the order the game waits for,
``pass`` and ``end-phase`` ask first, forms build only orders the notation reads and offer only
the legal, distinct choices (type to filter), and the Battle tab's ``n`` pre-fills the order
the header asks for, with one battle id everywhere."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widgets import Input, Label, OptionList, Static, TabbedContent

from campaign.app import CampaignService
from campaign.rules.acting import who_must_act
from campaign.rules.economy.production import production_systems
from campaign.rules.ids import Side
from campaign.tui.app import create_app
from campaign.tui.order_template import Blank, parse_template
from campaign.tui.screens.forms import Confirm, OrderForm
from campaign.tui.screens.help import HelpScreen
from campaign.tui.session import CampaignSession
from campaign.tui.widgets.choice_field import ChoiceField, FilterInput
from campaign.views.choices import FieldSpec
from tests.tui.pilot_helpers import (
    SIZE,
    app_for,
    battle_step,
    campaign_on_top,
    campaign_shown,
    move_with_form,
    open_battle_at_halden,
    screen_lines,
    screen_of,
    screen_on_top,
    send,
)
from tests.waiting import until

BATTLE = "halden/aslan-solomani"


async def open_form(pilot, order_line: str = "") -> OrderForm:
    """``e`` with ``order_line`` in the order line: the form on top."""
    screen = screen_of(pilot)
    screen.query_one("#order", Input).value = order_line
    await pilot.press("escape", "e")
    await until(
        pilot,
        lambda: screen_on_top(pilot.app, OrderForm),
        "the order form",
    )
    form = pilot.app.screen
    assert isinstance(form, OrderForm), type(form).__name__
    if form.fields:  # a field to type in: the keys typed next go there
        await until(pilot, lambda: form.focused is not None, "the form's first field focused")
    return form


async def close_form(pilot, form: OrderForm) -> None:
    """Esc until ``form`` is closed: each Esc steps back once (a typed filter, then from a list
    to the field it depends on) before the form closes."""
    for _ in range(len(form.fields) + 2):
        if not screen_on_top(pilot.app, OrderForm):
            return
        await pilot.press("escape")
        await pilot.pause()
    await until(pilot, lambda: not screen_on_top(pilot.app, OrderForm), "the form closed")


def test_e_opens_the_order_the_game_waits_for(service: CampaignService, no_keymap: Path):
    """Item 1 (DN-SEQ-2, DN-CBT-3): with an empty order line ``e`` opened the first legal
    order of the acting side (``aslan load`` while the battle waited for the defender to name
    a target; ``aslan pass`` in other steps) instead of the order the header names."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            form = await open_form(pilot)
            assert form.head == "aslan jump"
            assert [blank.name for blank in form.fields] == ["STACK", "PATH"]
            await pilot.press("escape")
            await move_with_form(pilot, "main", "halden")
            await send(pilot, "aslan end-phase")
            session = screen.session
            session.order(battle_step(session, BATTLE), "4,2", "dice rolled at the table")
            session.order(battle_step(session, BATTLE))  # the roll's winner chooses long
            screen.refresh_all()
            awaited = who_must_act(session.state, session.ruleset)[0].orders[0]
            assert awaited.startswith("solomani target b1")
            form = await open_form(pilot)
            assert form.head == "solomani target b1"
            assert awaited in str(screen.query_one("#phase", Static).render())

    asyncio.run(scenario())


def test_pass_and_end_phase_ask_first_and_say_how_far(service: CampaignService, no_keymap: Path):
    """Item 1 (DN-SEQ-2): ``e`` then Enter passed the whole player turn and ``u`` could not
    take it back. A step-ending order, typed or from a form, asks first and names the step the
    game will stand at; ``n`` sends nothing."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            head = service.load("demo").head.seq
            await pilot.press("o", *"aslan pass", "enter")
            await until(pilot, lambda: isinstance(pilot.app.screen, Confirm), "the question")
            question = pilot.app.screen
            assert isinstance(question, Confirm)
            assert "goes on" in question.question and "game turn" in question.question
            await pilot.press("n")
            status = screen.query_one("#status-line", Static)
            await until(pilot, lambda: "not sent" in str(status.render()), "'not sent' said")
            assert pilot.app.screen is screen
            assert service.load("demo").head.seq == head  # nothing stored
            form = await open_form(pilot, "aslan end-phase")
            assert form.fields == []
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(pilot.app.screen, Confirm), "the question")
            assert "first-movement" in pilot.app.screen.question
            await pilot.press("y")
            await until(pilot, lambda: service.load("demo").head.seq > head, "end-phase stored")
            assert not service.load("demo").state.phase.is_movement

    asyncio.run(scenario())


def test_production_form_offers_legal_distinct_choices_and_builds_a_readable_order(
    service: CampaignService, no_keymap: Path
):
    """Items 3 and 5 (DN-ECO-8): the production form offered about 90 places (enemy boxes
    included) and each ground kind three times without its strength; an empty COUNT was
    written ``-`` and the order refused. Now: legal places only, one entry per kind variant
    with its factors, type to filter, Enter sends from any field, an empty COUNT is 1."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "full", size=SIZE) as pilot:
            screen = screen_of(pilot)
            assert "✓" in await send(pilot, "aslan maintain - -", "6,6,6,6,6,6,6")
            form = await open_form(pilot, "aslan produce")
            kinds = form.query_one("#field-0", ChoiceField)
            labels = [label for label, _ in kinds._choices]
            values = [value for _, value in kinds._choices]
            assert len(set(labels)) == len(labels) and len(set(values)) == len(values)
            assert sum(value.startswith("RT") for value in values) == 3  # three variants
            assert all(" RU " in label for label in labels)
            state = screen.session.state
            legal = set(production_systems(state, screen.session.ruleset, Side.ASLAN))
            places = form.query_one("#field-2", ChoiceField)
            offered = [value for _, value in places._choices if value]
            assert offered and {v.split(":", 1)[1] for v in offered} <= legal
            # type to filter: "dd" narrows the kinds to the destroyer, Enter sends
            assert form.focused is form.query_one("#field-0", ChoiceField).query_one(FilterInput)
            await pilot.press("d", "d")
            await until(pilot, lambda: kinds.value == "DD", "dd filtered to the destroyer")
            places.value = next(v for v in offered if v.startswith("box:"))
            error = form.query_one("#form-error")
            await pilot.press("enter")  # from the first field: COUNT left empty
            await until(
                pilot,
                lambda: pilot.app.screen is screen or bool(str(error.render()).strip()),
                "the form sent or refused",
            )
            assert pilot.app.screen is screen, str(error.render())
            logged = service.log("full")[-1].order_text
            assert logged == f"aslan produce DD 1 {places.value}"

    asyncio.run(scenario())


def test_forms_show_ru_only_where_ru_matter(service: CampaignService, no_keymap: Path):
    """Item 5: every form said "RU left: 73", a jump included."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            form = await open_form(pilot)
            assert form.note == ""
            assert not any("RU" in str(s.render()) for s in form.query(Static))
            paths = form.query_one("#field-1", ChoiceField)
            form.query_one("#field-0", ChoiceField).value = "main"
            form.query_one("#field-1", ChoiceField).focus()
            await until(  # PATH after STACK
                pilot, lambda: any(value == "eawyo" for _, value in paths._choices), "main's paths"
            )

    asyncio.run(scenario())


def test_n_prefills_what_the_header_asks_never_a_referee_override(
    service: CampaignService, no_keymap: Path
):
    """Item 11 (DN-CBT-3): in the assignment stage ``n`` pre-filled ``referee
    referee-assign halden/aslan-solomani auto`` while the header asked the defender to name a
    target; the Battle tab named the battle ``halden/aslan-solomani`` beside ``b1``."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            session = await open_battle_at_halden(pilot)
            screen = screen_of(pilot)
            await send(pilot, battle_step(session, BATTLE), "4,2")
            await send(pilot, battle_step(session, BATTLE))
            assert session.battle_stage(BATTLE) == "assign"
            await pilot.press("4")
            tabs = screen.query_one("#tabs", TabbedContent)
            await until(pilot, lambda: tabs.active == "tab-battle", "the Battle tab")
            await pilot.press("n")
            order = screen.query_one("#order", Input)
            awaited = who_must_act(session.state, session.ruleset)[0].orders[0]
            await until(pilot, lambda: order.value == awaited, "the order line prefilled")
            assert order.value == awaited == "solomani target b1 UNIT"
            assert order.selected_text == "UNIT"  # typing replaces the blank
            tab = str(screen.query_one("#battle", Static).render())
            assert "b1" in tab and BATTLE not in tab
            await pilot.press("escape", "5")
            await until(
                pilot,
                lambda: any(tab.shown for tab in screen.query("LogTab")),
                "the Log tab filled",
            )
            logged = [row.order for row in screen.query_one("LogTab").shown]
            assert "aslan range b1" in logged and not any(BATTLE in o for o in logged)

    asyncio.run(scenario())


def list_rows(form: OrderForm, blank: str) -> list[str]:
    """The rows the choice list of ``blank`` shows now."""
    index = [b.name for b in form.fields].index(blank)
    options = form.query_one(f"#field-{index}", ChoiceField).query_one(OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


def test_an_empty_choice_list_says_why_and_no_match_only_for_a_filter(
    service: CampaignService, no_keymap: Path
):
    """Found by use: with nothing typed, the jump form's PATH before a stack is chosen and the
    interact form's DROPS (DN-SEQ-2: no unit may drop there) said "no choice matches what is
    typed". An empty list says why it is empty; "no choice matches" only when a filter is typed
    (DN-MOV-2, DN-INT-4). Found by use later: before SYS was chosen, interact's LAND listed
    every ship of the side; it says "choose SYS first", then lists the ships over the system
    chosen (DN-INT-1)."""

    async def scenario() -> None:
        app = create_app(None, service=service, open_campaign="demo", side=Side.ASLAN)
        async with app.run_test(size=(80, 24)) as pilot:
            await campaign_on_top(pilot)
            form = await open_form(pilot)
            assert form.head == "aslan jump"
            # DN-MOV-2: the path depends on the stack, none chosen yet
            assert list_rows(form, "PATH") == ["nothing to choose yet: choose the stack first"]
            await pilot.press("enter")  # the first stack: main
            await until(pilot, lambda: len(list_rows(form, "PATH")) > 1, "main's destinations")
            await pilot.press("z", "z")
            no_match = ["no choice matches what is typed"]
            await until(pilot, lambda: list_rows(form, "PATH") == no_match, "no match for zz")
            await close_form(pilot, form)
            session = screen_of(pilot).session
            session.order("aslan jump A-CL-1 hlirakh,ftahr,khtaoi,fissure,span")
            session.order("aslan end-phase")
            session.order("aslan end-phase")
            screen_of(pilot).refresh_all()
            form = await open_form(pilot)
            assert form.head == "aslan interact"
            # found by use: before SYS, LAND listed every ship of the side (DN-INT-1)
            for blank in ("LAND", "DROPS"):
                assert list_rows(form, blank) == ["nothing to choose yet: choose SYS first"]
            await pilot.press("enter")  # the first system offered: Eawyo
            lands = ["A-CS-1", "A-CS-2", "A-TR-2"]  # rows "[ ] A-CS-1 CS 3-9-5[4] at Eawyo hex"
            await until(
                pilot,
                lambda: [row.split()[2] for row in list_rows(form, "LAND")] == lands,
                "Eawyo's ships",
            )
            # DN-SEQ-2 / DN-INT-4: no jump troops over Eawyo, none may drop now
            assert list_rows(form, "DROPS") == ["none may go here now (DN-SEQ-2)"]

    asyncio.run(scenario())


class _Kinds(App[None]):
    """A lone KIND list, as the buy and production forms offer it."""

    def compose(self) -> ComposeResult:
        yield ChoiceField(
            [
                ("RT-4   regular troops 4 — 2 RU", "RT-4"),
                ("RT-5   regular troops 5 — 2 RU", "RT-5"),
                ("TR     transport — 3 RU", "TR"),
                ("M-8-0-7  monitor", "M-8-0-7"),
            ]
        )


def test_a_kind_typed_without_its_hyphen_is_chosen():
    """DN-SET-1, DN-ECO-8 (found by use, December 7): in a KIND list ``rt5`` matched nothing
    while ``rt-5`` chose RT-5. The filter reads a word also without hyphens; a word that fits
    several (``rt``) lists them all, for the reader to choose."""

    async def scenario() -> None:
        async with _Kinds().run_test(size=(60, 12)) as pilot:
            kinds = pilot.app.query_one(ChoiceField)
            kinds.focus()
            await pilot.press(*"rt5")
            await until(pilot, lambda: kinds.value == "RT-5", "rt5 chose RT-5")
            rows = kinds.query_one(OptionList)
            assert rows.option_count == 1
            await pilot.press("backspace")
            await until(pilot, lambda: rows.option_count == 3, "rt lists RT-4, RT-5 and TR")
            kinds.query_one(FilterInput).value = ""
            await pilot.press(*"M807")
            await until(pilot, lambda: kinds.value == "M-8-0-7", "M807 chose the monitor")

    asyncio.run(scenario())


def test_a_forms_header_says_enter_passes_over_optional_fields(
    service: CampaignService, no_keymap: Path
):
    """Found by use (December 7, DN-ECO-8): the buy form's header said "Enter: next empty
    field, then sends"; Enter on the kind sent ``buy CL`` with COUNT empty (1), as the docs
    say Enter does, and the ``3`` typed next for COUNT showed the Economy tab. The header says
    what Enter does: the next *required* field, and Tab reaches the optional ones."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            form = await open_form(pilot)
            header = str(form.query(Static).first().render())
            assert "Enter: next required field, then sends" in header, header
            assert "Tab" in header and "optional" in header, header

    asyncio.run(scenario())


class DeployFormHost(App[None]):
    """Hosts the deploy form alone, LOCATION depending on the UNITS marked as the session's
    spec source would: a hex only when no troop is marked (DN-SET-2)."""

    def on_mount(self) -> None:
        def spec(blank: Blank, values: dict[str, str]) -> FieldSpec:
            if blank.name == "UNITS":
                return FieldSpec([("A-CL-1", "A-CL-1"), ("A-RT-1", "A-RT-1")], multi=True)
            troops = "A-RT-1" in values.get("UNITS", "")
            places = [("Kuiir surface box", "box:asl-cap")]
            if not troops:
                places.insert(0, ("Kuiir stellar hex", "hex:asl-cap"))
            hint = "surface only: a troop is marked" if troops else "your home section"
            return FieldSpec(places, hint=hint, depends_on=("UNITS",))

        self.push_screen(OrderForm(parse_template("aslan deploy UNITS LOCATION"), spec))


def test_marking_a_unit_updates_the_fields_that_depend_on_it():
    """Found by use (December 7, DN-SET-2): in the deploy form, marking a troop with Space
    left LOCATION offering the stellar hexes, with its old hint, until the focus left UNITS.
    A mark now offers the dependent fields their choices at once."""

    async def scenario() -> None:
        async with DeployFormHost().run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(pilot.app.screen, OrderForm), "the form")
            form = pilot.app.screen
            units = form.query_one("#field-0", ChoiceField)
            await until(pilot, lambda: units.has_focus_within, "UNITS focused")
            location = form.query_one("#field-1", ChoiceField)
            assert [v for _, v in location._choices] == ["hex:asl-cap", "box:asl-cap"]
            await pilot.press("down", "down", "space")
            await until(pilot, lambda: units.value == "A-RT-1", "A-RT-1 marked")
            await until(
                pilot,
                lambda: [v for _, v in location._choices] == ["box:asl-cap"],
                "LOCATION without the hex",
            )
            label = form.query_one("#label-1", Label)
            assert "surface only" in str(label.render())
            assert units.has_focus_within

    asyncio.run(scenario())


def test_f1_in_a_dialog_shows_its_keys_and_goes_back_to_it(
    service: CampaignService, no_keymap: Path
):
    """Found by use (December 7, DN-SEQ-2): in the order form and the y/n question, ``F1``
    did nothing (a dialog takes no key of the app), while the footer under it still said
    "f1 Help". It shows the dialog's keys, first those the dialog reads itself (found by
    use: the order form's help listed the field's editing keys, not that Enter sends);
    ``Esc`` goes back to the dialog, its field focused as before."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            app = pilot.app
            for key, kind, title, about in (
                ("e", OrderForm, "order form", "Enter sends the order from any field"),
                ("E", Confirm, "y/n", "y answers yes; n or Esc answers no"),
            ):
                await pilot.press("escape", key)
                await until(pilot, lambda kind=kind: screen_on_top(app, kind), f"{key}'s dialog")
                dialog = app.screen
                focused = app.focused
                await pilot.press("f1")
                await until(pilot, lambda: screen_on_top(app, HelpScreen), f"F1 in {key}")
                help_title = str(app.screen.query_one("#help-title").render())
                assert title in help_title and "keys" in help_title, help_title
                # the dialog's own keys (Enter, Tab, Space) come first: no binding lists them
                help_about = str(app.screen.query_one("#help-about").render())
                assert about in help_about, help_about
                await pilot.press("escape")
                await until(pilot, lambda d=dialog: app.screen is d, f"back to {key}'s dialog")
                await until(pilot, lambda f=focused: app.focused is f, "the same field focused")
                await pilot.press("escape")
                await until(pilot, lambda d=dialog: app.screen is not d, f"{key} closed")

    asyncio.run(scenario())


def test_the_footer_under_a_dialog_names_the_dialog_keys(service: CampaignService, no_keymap: Path):
    """Found by use (December 7, DN-SEQ-2): under the order form and the y/n question the
    footer still showed the campaign screen's keys ("o Order m Move e Form u Undo q Close"),
    which a dialog types into its field or ignores. A dialog's footer names its own keys."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            app = pilot.app
            bottom = Region(0, 23, 80, 1)
            for key, kind, answer in (("e", OrderForm, "Cancel"), ("E", Confirm, "No")):
                await pilot.press("escape", key)
                await until(pilot, lambda kind=kind: screen_on_top(app, kind), f"{key}'s dialog")
                await until(
                    pilot,
                    lambda a=answer: (
                        a in screen_lines(app, bottom)[0] and "Help" in screen_lines(app, bottom)[0]
                    ),
                    f"{key}'s footer",
                )
                assert "Move" not in screen_lines(app, bottom)[0], screen_lines(app, bottom)
                await pilot.press("escape")
                await until(pilot, lambda kind=kind: not screen_on_top(app, kind), "closed")

    asyncio.run(scenario())


def test_enter_on_a_filter_matching_nothing_stays_and_says_so(
    service: CampaignService, no_keymap: Path
):
    """Found by use (December 7, evening; DN-MOV-2): in the jump form, ``zzz`` typed in STACK
    (no stack matches) and Enter moved the focus on to PATH with STACK still empty; the keys
    typed next went to PATH's filter, and only a later Enter said "STACK is required". Enter
    there keeps the focus in STACK and says that nothing matches what is typed, and how to
    go on."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            form = await open_form(pilot)
            stack = form.query_one("#field-0", ChoiceField)
            await until(pilot, lambda: stack.has_focus_within, "STACK focused")
            await pilot.press(*"zzz", "enter")
            error = form.query_one("#form-error", Static)
            await until(pilot, lambda: "zzz" in str(error.render()), "the refusal")
            said = str(error.render())
            assert "STACK" in said and "Backspace" in said, said
            assert stack.has_focus_within, pilot.app.focused
            assert pilot.app.screen is form
            await pilot.press("backspace", "backspace", "backspace", *"main", "enter")
            path = form.query_one("#field-1", ChoiceField)
            await until(pilot, lambda: path.has_focus_within, "on to PATH once main is chosen")
            assert stack.value == "main"

    asyncio.run(scenario())


def test_esc_in_the_destination_list_steps_back_and_keeps_the_form(
    service: CampaignService, no_keymap: Path
):
    """Found by use (December 8; DN-MOV-2, DN-ERR-1): in the jump form, Esc in PATH (the
    destinations of the stack chosen) closed the whole form and the stack chosen was lost.
    Esc now takes back a typed filter first, then goes back to STACK with ``main`` still
    chosen, and only there closes the form, nothing sent."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            session = screen_of(pilot).session
            events_before = session.loaded.head.seq
            form = await open_form(pilot)
            stack = form.query_one("#field-0", ChoiceField)
            path = form.query_one("#field-1", ChoiceField)
            await pilot.press("enter")  # the first stack: main
            await until(pilot, lambda: path.has_focus_within, "PATH focused")
            await until(pilot, lambda: len(list_rows(form, "PATH")) > 1, "main's destinations")
            everywhere = list_rows(form, "PATH")
            await pilot.press("f", "i")
            await until(pilot, lambda: list_rows(form, "PATH") != everywhere, "fi typed")
            await pilot.press("escape")
            await until(pilot, lambda: list_rows(form, "PATH") == everywhere, "filter cleared")
            assert pilot.app.screen is form and path.has_focus_within
            await pilot.press("escape")
            await until(pilot, lambda: stack.has_focus_within, "back in STACK")
            assert pilot.app.screen is form and stack.value == "main"
            await pilot.press("escape")
            await until(pilot, lambda: not screen_on_top(pilot.app, OrderForm), "form closed")
            assert session.loaded.head.seq == events_before

    asyncio.run(scenario())


def test_an_open_form_offers_the_campaign_as_it_is_after_a_change_elsewhere(
    service: CampaignService, no_keymap: Path
):
    """Found by use (December 8; DN-MOV-2, DN-ERR-1): with the jump form open on ``main``'s
    destinations, ``main`` jumped from the CLI; the form went on offering ``main`` and its
    destinations of before. It now offers none for ``main`` (it has moved) and says that the
    campaign changed and what to check."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            form = await open_form(pilot)
            path = form.query_one("#field-1", ChoiceField)
            await pilot.press("enter")  # the first stack: main
            await until(pilot, lambda: path.has_focus_within, "PATH focused")
            elsewhere = CampaignSession(CampaignService(db_url=service.store.url), "demo")
            elsewhere.order("aslan jump main wahtoi")
            error = form.query_one("#form-error", Static)
            await until(pilot, lambda: "changed elsewhere" in str(error.render()), "told")
            assert pilot.app.screen is form and path.has_focus_within
            assert list_rows(form, "PATH") == ["none now: no legal jump for main"]

    asyncio.run(scenario())

"""A player's screen asks the app what its seat may do (issue 41 items 1 and 6, DN-SEQ-2,
DN-ERR-1): ``u`` on the other side's order is refused at once (the screen once asked "Undo
aslan jump …?" and then took Aslan's order back); ``U`` is refused by the same rule the CLI
meets; neither changes the campaign."""

from __future__ import annotations

import asyncio

from campaign.app import CampaignService
from campaign.rules.ids import Side
from campaign.tui.app import create_app
from campaign.tui.screens.campaign import CampaignScreen
from campaign.tui.screens.forms import Confirm
from campaign.tui.screens.help import HelpScreen
from tests.tui.pilot_helpers import SIZE, campaign_on_top, screen_of, screen_on_top
from tests.waiting import until


def _keys_on_solomanis_screen(service: CampaignService, keys: str) -> tuple[str, bool]:
    """The status line after ``keys`` on Solomani's screen, and whether a dialog opened."""

    async def scenario() -> tuple[str, bool]:
        app = create_app(None, service=service, open_campaign="demo", side=Side.SOLOMANI)
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            screen = screen_of(pilot)
            line = screen.query_one("#status-line")
            screen.report("")
            await pilot.press(*keys)
            await until(  # the answer to the keys: a refusal (or a question), then a pause
                pilot,
                lambda: isinstance(pilot.app.screen, Confirm) or str(line.render()).strip(),
                f"{keys} answered",
            )
            await pilot.pause()
            asked = isinstance(pilot.app.screen, Confirm)
            return str(line.render()), asked

    return asyncio.run(scenario())


def test_u_on_the_other_sides_order_is_refused_before_any_question(service: CampaignService):
    # DN-SEQ-2: `campaign order demo "aslan jump A-CL-1 hlirakh"`, then Solomani's `u`
    service.order_report("demo", "aslan jump A-CL-1 hlirakh")
    head = service.load("demo").head.seq
    status, asked = _keys_on_solomanis_screen(service, "u")
    assert not asked
    assert "the last order is aslan's; you play solomani" in status
    status, asked = _keys_on_solomanis_screen(service, "uy")
    assert service.load("demo").head.seq == head  # Aslan's move stands


def test_referee_undo_key_is_refused_on_a_players_screen(service: CampaignService):
    # DN-ERR-1: the override is the referee's, whichever front end asks
    service.order_report("demo", "aslan jump A-CL-1 hlirakh")
    head = service.load("demo").head.seq
    status, asked = _keys_on_solomanis_screen(service, "U")
    assert not asked and "an undo with a reason is a referee override" in status
    assert service.load("demo").head.seq == head


def test_the_export_and_import_forms_offer_only_the_seats_own_side(service: CampaignService):
    # DN-SEQ-2 (issue 41 item 6): a player's screen exported the other side's turn file. A
    # player's seat exchanges turn files only on a database that plays his side by e-mail
    # (found by use, December 7): there the import form asks for the path alone
    from textual.widgets import OptionList

    from campaign.app.mail import PbemService
    from campaign.tui.screens.forms import TextPrompt

    PbemService(service).claim_side("demo", Side.SOLOMANI)

    async def offered(keys: str) -> list[str]:
        app = create_app(None, service=service, open_campaign="demo", side=Side.SOLOMANI)
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            await pilot.press(*keys)
            await until(
                pilot,
                lambda: (
                    not isinstance(pilot.app.screen, CampaignScreen)
                    and any(options.option_count for options in pilot.app.screen.query(OptionList))
                ),
                f"the form of {keys} with its choices",
            )
            return [
                str(options.get_option_at_index(i).prompt)
                for options in pilot.app.screen.query(OptionList)
                for i in range(options.option_count)
            ]

    assert asyncio.run(offered("6x")) == ["solomani"]

    async def import_asks() -> bool:
        app = create_app(None, service=service, open_campaign="demo", side=Side.SOLOMANI)
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            await pilot.press("6", "i")
            await until(pilot, lambda: isinstance(pilot.app.screen, TextPrompt), "i's prompt")
            return not pilot.app.screen.query(OptionList)

    assert asyncio.run(import_asks())


def test_a_players_app_stays_his_seat_on_the_launcher(service: CampaignService):
    # DN-SEQ-2, DN-NEU-1: `campaign tui demo --side aslan`, q, then v once opened the
    # referee's screen (every hidden counter) and x deleted the campaign
    from textual.widgets import Static

    from campaign.tui.screens.launcher import LauncherScreen

    async def scenario() -> tuple[str, str | None, bool]:
        app = create_app(None, service=service, open_campaign="demo", side=Side.ASLAN)
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            await pilot.press("q")
            await until(  # the launcher ready for the keys whose effect must not come
                pilot,
                lambda: screen_on_top(pilot.app, LauncherScreen, focused=True),
                "the launcher",
            )
            launcher = pilot.app.screen
            await pilot.press("v")
            await pilot.pause()
            await pilot.press("x")
            await pilot.pause()
            asked = isinstance(pilot.app.screen, Confirm)
            hint = str(launcher.query_one("#viewer-hint", Static).render())
            viewer = launcher.viewer.value if launcher.viewer else None
            return hint, viewer, asked

    hint, viewer, asked = asyncio.run(scenario())
    assert viewer == "aslan" and "v: view as" not in hint and "delete" not in hint
    assert not asked
    assert service.load("demo").head.seq > 0  # still there


def test_a_players_help_does_not_list_the_referee_undo(service: CampaignService):
    """DN-ERR-1 (found by use, December 7, evening): a player's help (F1) listed ``U Referee
    undo``, an override his seat is refused; the referee's help lists it. The key itself still
    answers a player with the refusal (above)."""

    async def helped(side: Side | None) -> list[tuple[str, ...]]:
        app = create_app(None, service=service, open_campaign="demo", side=side)
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            await pilot.press("f1")
            await until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen), "help open")
            help_screen = pilot.app.screen
            assert isinstance(help_screen, HelpScreen)
            return [tuple(row) for row in help_screen._rows]

    player = asyncio.run(helped(Side.SOLOMANI))
    referee = asyncio.run(helped(None))
    assert not any(row[1] == "campaign.referee_undo" for row in player)
    assert any(row[1] == "campaign.referee_undo" for row in referee)
    assert any(row[1] == "campaign.undo" for row in player)  # his own undo stays


def test_a_players_keys_panel_does_not_list_the_referee_undo(service: CampaignService):
    """DN-ERR-1 (found by use, December 7, night: ``campaign tui demo --side aslan``, Ctrl+P,
    Keys): Textual's own keys panel listed ``U Referee undo`` on a player's screen, as the help
    (F1) once did; the referee's panel lists it. The key itself still answers a player with the
    refusal (``test_referee_undo_key_is_refused_on_a_players_screen``)."""
    from textual.widgets import HelpPanel
    from textual.widgets._key_panel import BindingsTable

    async def panel(side: Side | None) -> str:
        app = create_app(None, service=service, open_campaign="demo", side=side)
        async with app.run_test(size=(160, 48)) as pilot:
            await campaign_on_top(pilot)
            pilot.app.action_show_help_panel()  # what the palette's "Keys" runs
            await until(
                pilot, lambda: bool(pilot.app.screen.query(BindingsTable)), "the keys panel"
            )
            assert pilot.app.screen.query(HelpPanel)
            table = pilot.app.screen.query_one(BindingsTable).render_bindings_table()
            return "\n".join(
                " ".join(str(cell) for cell in row)
                for row in zip(*(column._cells for column in table.columns), strict=True)
            )

    player = asyncio.run(panel(Side.ASLAN))
    referee = asyncio.run(panel(None))
    assert "Referee undo" not in player
    assert "Referee undo" in referee
    assert "Undo" in player  # his own undo stays


def test_a_players_keys_leave_out_the_turn_file_keys_of_a_shared_database(
    service: CampaignService,
):
    """DN-SEQ-2 (found by use, December 7, night: ``campaign tui demo --side aslan``, F1 and
    Ctrl+P Keys): on a database that plays no side by e-mail a player's seat is refused the
    turn files ("you play aslan on a database that plays no side by e-mail …"), yet his help
    and keys panel listed ``x Export turn`` and ``i Import turn``. They are left out there;
    the keys still answer with the refusal, and the referee's lists keep them, as does the
    player's own database by e-mail."""
    from campaign.app.mail import PbemService

    exchange = {"campaign.export", "campaign.import"}

    def listed(side: Side | None, press: str = "") -> tuple[set[str], str]:
        """The turn-file keys the screen lists, and the status line after ``press``."""
        ids, said = asyncio.run(_listed_then(service, side, press))
        return ids & exchange, said

    for key in ("x", "i"):
        keys, said = listed(Side.ASLAN, key)
        assert keys == set()
        assert "you play aslan on a database that plays no side by e-mail" in said, key
    assert listed(None)[0] == exchange
    PbemService(service).claim_side("demo", Side.ASLAN)  # now Aslan's own database
    assert listed(Side.ASLAN)[0] == exchange


#: The keys that give or take back an order of the screen's seat, or type its dice (the
#: test's own list, not the screen's ``GIVING_BINDINGS``: a key dropped there must fail here).
GIVING = {
    "campaign.order",
    "campaign.move",
    "campaign.form",
    "campaign.undo",
    "campaign.end_phase",
    "campaign.produce",
    "campaign.battle_next",
    "campaign.dice",
}


async def _listed_then(
    service: CampaignService, side: Side | None, press: str = ""
) -> tuple[set, str]:
    """The binding ids the campaign screen of ``side`` lists (help, keys panel, footer), and
    its status line after ``press`` (if any)."""
    app = create_app(None, service=service, open_campaign="demo", side=side)
    async with app.run_test(size=SIZE) as pilot:
        await campaign_on_top(pilot)
        screen = screen_of(pilot)
        ids = {active.binding.id for active in screen.active_bindings.values()}
        line = screen.query_one("#status-line")
        if press:
            screen.report("")
            await pilot.press(press)
            await until(pilot, lambda: bool(str(line.render()).strip()), f"{press} answered")
        return ids, str(line.render())


def test_the_dice_key_is_listed_only_where_the_seat_may_type_dice(service: CampaignService):
    """DN-ERR-1 (found by use, December 7, night: ``campaign tui demo --side aslan``, F1): a
    player's screen in a seeded campaign listed ``d Dice``, which answers that a player's
    screen types no dice. It is left out where the seat may type none; pressed, it answers as
    before. The referee's screen (dice with a logged reason) lists it."""
    ids, said = asyncio.run(_listed_then(service, Side.ASLAN, "d"))
    assert "campaign.dice" not in ids
    assert "DN-ERR-1" in said
    ids, _ = asyncio.run(_listed_then(service, None))
    assert "campaign.dice" in ids


def test_the_other_players_database_lists_no_order_key(service: CampaignService):
    """DN-SEQ-2 (found by use, December 7, night: ``--side solomani`` on the Aslan player's
    database by e-mail, F1): that seat gives none of its orders there, yet its footer and help
    offered ``o Order m Move e Form u Undo`` and more, each refused when pressed ("this
    database plays aslan by e-mail: solomani's orders are given on the solomani player's
    machine …"). They are left out; pressed, they still say why. Aslan's seat keeps them."""
    from campaign.app.mail import PbemService

    PbemService(service).claim_side("demo", Side.ASLAN)
    for key in ("E", "m", "e"):
        ids, said = asyncio.run(_listed_then(service, Side.SOLOMANI, key))
        assert not ids & GIVING, ids & GIVING
        assert "this database plays aslan by e-mail" in said, key
    ids, _ = asyncio.run(_listed_then(service, Side.ASLAN))
    assert GIVING - {"campaign.dice"} <= ids  # by e-mail no seat types dice


def test_a_players_launcher_lists_neither_view_as_nor_delete(service: CampaignService):
    """DN-SEQ-2 (found by use, December 7, night: ``campaign tui demo --side aslan``, ``q``,
    then F1): a player's launcher listed ``x Delete`` and ``v View as`` in its footer and
    help, both refused to his seat ("deleting a campaign is the referee's", "this screen
    plays aslan …"). They are left out; pressed, they still refuse (the test above). The
    referee's launcher lists them."""
    from campaign.tui.screens.launcher import LauncherScreen

    async def listed(side: Side | None) -> set[str]:
        app = create_app(None, service=service, open_campaign="demo", side=side)
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            await pilot.press("q")
            await until(
                pilot,
                lambda: screen_on_top(pilot.app, LauncherScreen, focused=True),
                "the launcher",
            )
            return {active.binding.id for active in pilot.app.screen.active_bindings.values()}

    seat_keys = {"launcher.delete", "launcher.viewer", "launcher.new"}
    assert not asyncio.run(listed(Side.ASLAN)) & seat_keys
    assert asyncio.run(listed(None)) >= seat_keys


def test_a_players_launcher_shows_no_key_his_seat_is_refused(service: CampaignService):
    """DN-SEQ-2, DN-ERR-1 (found by use, December 7, night): `campaign tui demo --side aslan`,
    ``q``: the launcher's footer showed ``x Delete`` and ``v View as``, both refused to a
    player ("deleting a campaign is the referee's"), and its help listed them; its own hint
    already left them out. A player's launcher now shows neither in the footer or the help
    (the keys still answer with the refusal); the referee's shows both."""
    from textual.widgets._footer import FooterKey

    from campaign.tui.screens.launcher import LauncherScreen

    async def shown(side: Side | None) -> tuple[set[str], set[str], bool]:
        app = create_app(None, service=service, open_campaign="demo", side=side)
        async with app.run_test(size=(80, 24)) as pilot:
            await campaign_on_top(pilot)
            await pilot.press("q")
            await until(
                pilot,
                lambda: (
                    screen_on_top(pilot.app, LauncherScreen, focused=True)
                    and bool(pilot.app.screen.query(FooterKey))
                ),
                "the launcher and its footer",
            )
            launcher = pilot.app.screen
            footer = {key.description for key in launcher.query(FooterKey)}
            await pilot.press("f1")
            await until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen), "help open")
            rows = {row[1] for row in pilot.app.screen._rows}
            await pilot.press("escape")
            await until(pilot, lambda: pilot.app.screen is launcher, "help closed")
            await pilot.press("x")
            await until(
                pilot,
                lambda: (
                    isinstance(pilot.app.screen, Confirm)
                    or any("referee's" in str(note.message) for note in pilot.app._notifications)
                ),
                "x answered",
            )
            return footer, rows, isinstance(pilot.app.screen, Confirm)

    footer, rows, asked = asyncio.run(shown(Side.ASLAN))
    assert not {"Delete", "View as"} & footer, footer
    assert not {"launcher.delete", "launcher.viewer"} & rows, rows
    assert "New campaign" not in footer and not asked
    footer, rows, asked = asyncio.run(shown(None))
    assert {"Delete", "View as"} <= footer, footer
    assert {"launcher.delete", "launcher.viewer"} <= rows, rows
    assert asked


def test_a_players_launcher_creates_no_campaign(service: CampaignService):
    """DN-SEQ-2 (found by use, December 7, night): `campaign tui demo --side aslan`, ``q``,
    ``n`` opened the new-campaign form, so a player's screen (a browser page of the live table
    among them) could create campaigns in the referee's database. ``n`` now answers with the
    refusal and opens nothing; the referee's launcher opens the form."""
    from campaign.tui.screens.forms import NewCampaignForm
    from campaign.tui.screens.launcher import LauncherScreen

    async def press_n(side: Side | None) -> tuple[bool, str]:
        app = create_app(None, service=service, open_campaign="demo", side=side)
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            await pilot.press("q")
            await until(
                pilot, lambda: screen_on_top(pilot.app, LauncherScreen, focused=True), "launcher"
            )
            await pilot.press("n")
            said = ""
            await until(
                pilot,
                lambda: (
                    isinstance(pilot.app.screen, NewCampaignForm)
                    or any(
                        "creating a campaign" in str(n.message) for n in pilot.app._notifications
                    )
                ),
                "n answered",
            )
            said = " ".join(str(n.message) for n in pilot.app._notifications)
            return isinstance(pilot.app.screen, NewCampaignForm), said

    opened, said = asyncio.run(press_n(Side.ASLAN))
    assert not opened and "creating a campaign here is the referee's; you play aslan" in said
    opened, _ = asyncio.run(press_n(None))
    assert opened

"""Issue 31 item 14: ``campaign tui NAME --side S`` (and the launcher's choice) shows a player
only that side's view — the one hiding rule of the read side (``campaign.views``), the same as
the CLI's ``--side`` reports: a neutral counter named by its alias ``N-X-k``, never its real id
(``N-M-1`` tells its kind), a face-down counter's kind and strengths hidden, and only that
side's orders offered (DN-NEU-1)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from textual.screen import Screen
from textual.widgets import DataTable, Input, OptionList, Static

from campaign.app import CampaignService
from campaign.app.campaigns import SECRET_DICE
from campaign.app.starting import NewCampaignOptions, start_campaign
from campaign.cli import build_parser
from campaign.rules.combat.queries import open_battles
from campaign.rules.errors import CampaignError
from campaign.rules.ids import Side
from campaign.rules.views import see
from campaign.tui.app import create_app
from campaign.tui.screens.campaign import CampaignScreen
from campaign.tui.session import CampaignSession
from campaign.tui.tab_registry import TABS
from campaign.tui.widgets.order_bar import idle_dice_hint
from campaign.views.units import units_report
from tests.tui.pilot_helpers import SIZE, campaign_on_top, campaign_shown, screen_of, tab_ready
from tests.waiting import until

#: A neutral counter's real id (``N-M-1``, ``N-PD-2``); aliases are ``N-X-k``.
REAL_NEUTRAL_ID = re.compile(r"(?<![A-Za-z0-9-])N-(?!X-)[A-Z]+-\d+(?![A-Za-z0-9-])")


def battle_with_a_face_down_neutral(service: CampaignService) -> CampaignSession:
    """The referee moves Aslan's main stack to Quillon, where a face-down neutral monitor
    stands in the hex, and ends the movement phase: a battle opens there (DN-CBT-1)."""
    session = CampaignSession(service, "demo")
    session.order(session.move_order("main", "quillon"))
    session.order("aslan end-phase")
    assert any("quillon" in battle for battle in session.battles())
    return session


def screen_text(screen: Screen) -> str:
    """Everything the screen holds as text: statics, table cells, list entries, inputs."""
    parts = [str(screen.title), str(screen.sub_title)]
    for static in screen.query(Static):
        parts.append(str(static.render()))
    for table in screen.query(DataTable):
        for row_key in table.rows:
            parts.append(" | ".join(str(cell) for cell in table.get_row(row_key)))
    for options in screen.query(OptionList):
        parts.extend(
            str(options.get_option_at_index(i).prompt) for i in range(options.option_count)
        )
    for field in screen.query(Input):
        parts.extend((field.value, str(field.placeholder)))
    return "\n".join(parts)


async def every_tab(pilot, session_check=None) -> str:
    """The text of all six tabs (and the map with a stack selected)."""
    texts = []
    screen = screen_of(pilot)
    for key in ("1", "m", "2", "3", "4", "5", "6"):
        await pilot.press("escape", key)
        tab = "tab-map" if key == "m" else TABS[int(key) - 1].id
        await until(pilot, lambda tab=tab: tab_ready(screen, tab), f"the tab of {key}")
        texts.append(screen_text(pilot.app.screen))
    return "\n".join(texts)


def shown_as(service: CampaignService, side: Side | None) -> str:
    async def scenario() -> str:
        app = create_app(None, service=service, open_campaign="demo", side=side)
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            screen_of(pilot)
            return await every_tab(pilot)

    return asyncio.run(scenario())


def test_a_players_screen_names_no_neutral_by_its_real_id(
    service: CampaignService, no_keymap: Path
):
    """DN-NEU-1: on every tab of Aslan's screen a neutral counter is ``N-X-k``; the referee's
    screen of the same position names ``N-M-1`` (so the check can fail)."""
    battle_with_a_face_down_neutral(service)
    referee = shown_as(service, None)
    assert REAL_NEUTRAL_ID.search(referee)
    player = shown_as(service, Side.ASLAN)
    assert not REAL_NEUTRAL_ID.findall(player)
    assert "N-X-" in player
    assert "aslan's view" in player
    # a player's dice field is not the referee's (issue 32: the hint said so on every screen),
    # and in a seeded campaign it takes no die at all (found by use, December 7)
    assert "referee's dice (d), empty: seeded" in referee
    assert "referee's" not in player and "no typed dice: seeded" in player


def test_the_idle_dice_hint_says_whose_dice_and_what_empty_means():
    """DN-ERR-1: a seeded campaign rolls its own dice when the field is empty; a physical one
    takes the dice rolled at the table. Only the referee's screen calls them the referee's."""
    assert idle_dice_hint(referee=True, physical=False) == "referee's dice (d), empty: seeded"
    assert idle_dice_hint(referee=False, physical=False) == "dice (d), empty: seeded"
    # a player's seat in a seeded campaign types no die (a referee override, DN-ERR-1)
    assert idle_dice_hint(referee=False, physical=False, untypable="seeded") == (
        "no typed dice: seeded"
    )
    assert idle_dice_hint(referee=False, physical=True) == "dice (d): as rolled"
    for referee in (True, False):
        assert (
            idle_dice_hint(referee=referee, physical=False, untypable="commit-reveal")
            == "no typed dice: commit-reveal"
        )


def test_every_idle_dice_hint_fits_the_dice_field(tmp_path: Path, no_keymap: Path):
    """DN-ERR-1, found by use: in a physical-dice campaign the referee's field read
    "referee's dice (d): as rolled at" (the hint was 42 characters, the field 34 wide). Every
    idle hint, for each seat and dice mode, is whole in the field at 80x24 and wider."""
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'dice.db'}")
    service.create("table", seed=11, dice_mode="physical")
    hints = [
        idle_dice_hint(referee=referee, physical=physical, untypable=untypable)
        for referee in (True, False)
        for physical, untypable in (
            (False, None),
            (True, None),
            (False, "seeded"),
            *((False, m) for m in SECRET_DICE),
        )
    ]
    for size in ((80, 24), (160, 48)):

        async def scenario(size: tuple[int, int] = size) -> None:
            app = create_app(no_keymap, service=service, open_campaign="table")
            async with app.run_test(size=size) as pilot:
                await campaign_on_top(pilot)
                dice = screen_of(pilot).query_one("#dice", Input)
                await until(pilot, lambda: dice.content_size.width > 0, "the field laid out")
                assert dice.placeholder == idle_dice_hint(referee=True, physical=True)
                width = dice.content_size.width
                assert [hint for hint in hints if len(hint) > width] == [], width

        asyncio.run(scenario())


def test_a_players_screen_hides_face_down_strengths(service: CampaignService, no_keymap: Path):
    """DN-NEU-1: the face-down monitor in the battle at Quillon shows no factors (``?``), on
    the Battle tab and the Forces tab alike; the forces are the CLI's ``units --side``."""
    session = battle_with_a_face_down_neutral(service)
    state, ruleset = session.state, session.ruleset
    seen = units_report("demo", see(state, Side.ASLAN), ruleset)
    hidden = {row.id for group in seen.systems for row in group.units if row.kind == "neutral:?"}
    assert hidden

    async def scenario() -> None:
        app = create_app(None, service=service, open_campaign="demo", side=Side.ASLAN)
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            await pilot.press("2")
            screen = screen_of(pilot)
            await until(pilot, lambda: tab_ready(screen, "tab-forces"), "the Forces tab")
            table = pilot.app.screen.query_one("#forces", DataTable)
            rows = {
                str(table.get_row(key)[0]): [str(c) for c in table.get_row(key)]
                for key in table.rows
            }
            cli_ids = {row.id for group in seen.systems for row in group.units}
            cli_ids |= {row.id for row in seen.unplaced}
            assert set(rows) == cli_ids
            for alias in hidden:
                assert rows[alias][3] == "?", rows[alias]
            await pilot.press("4")
            await until(pilot, lambda: tab_ready(screen, "tab-battle"), "the Battle tab")
            battle = str(pilot.app.screen.query_one("#battle", Static).render())
            battles = dict(open_battles(session.state))  # the real strengths (rules core)
            monitor = next(u for u in battles[next(iter(battles))].units if u.uid.startswith("N-"))
            strength = f"{monitor.beam}-{monitor.missile}-{monitor.defence}"
            alias = re.search(r"N-X-\d+ \S+", battle)
            assert alias is not None and alias.group().endswith("?"), battle
            assert f"{alias.group().split()[0]} {strength}" not in battle

    asyncio.run(scenario())


def test_a_player_is_offered_only_his_own_orders(service: CampaignService):
    """DN-SEQ-2: Aslan's screen offers Aslan's orders only (no Solomani, no referee ones),
    as ``campaign status --side aslan`` lists them; the referee's screen offers the
    referee's too."""
    player = CampaignSession(service, "demo", viewer=Side.ASLAN)
    assert {legal.notation.split()[0] for legal in player.legal_orders()} == {"aslan"}
    solomani = CampaignSession(service, "demo", viewer=Side.SOLOMANI)
    assert all(legal.notation.startswith("solomani ") for legal in solomani.legal_orders())
    assert not solomani.stacks(Side.ASLAN)
    referee = CampaignSession(service, "demo")
    assert {legal.notation.split()[0] for legal in referee.legal_orders()} >= {"aslan", "referee"}


def test_a_player_is_not_asked_to_confirm_the_other_sides_pass(service: CampaignService):
    """DN-SEQ-2, issue 31 item 1: ``aslan pass`` typed on Solomani's screen is refused when
    sent; no "how far it goes" question comes first (Aslan's screen and the referee's ask)."""
    assert (
        CampaignSession(service, "demo", viewer=Side.SOLOMANI).ending_preview("aslan pass") is None
    )
    assert CampaignSession(service, "demo", viewer=Side.ASLAN).ending_preview("aslan pass")
    assert CampaignSession(service, "demo").ending_preview("aslan pass")


def test_the_cli_opens_the_tui_as_one_side():
    """``campaign tui NAME --side S`` (the CLI's ``--side`` of every view)."""
    args = build_parser().parse_args(["tui", "demo", "--side", "solomani"])
    assert args.side == "solomani"
    assert build_parser().parse_args(["tui", "demo"]).side is None


def test_the_launcher_opens_a_campaign_as_the_side_chosen(
    service: CampaignService, no_keymap: Path
):
    """DN-NEU-1: ``v`` on the launcher chooses whose screen a campaign opens as (referee,
    Aslan, Solomani); the campaign screen says whose view it is and offers that side only."""

    async def scenario() -> None:
        async with create_app(no_keymap, service=service).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("v")
            viewer = pilot.app.screen.query_one("#viewer-hint", Static)
            await until(pilot, lambda: "aslan's screen" in str(viewer.render()), "the side hint")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(pilot.app.screen, CampaignScreen), "campaign")
            screen = screen_of(pilot)
            assert screen.sub_title == "aslan's view"
            assert screen.session.viewer is Side.ASLAN
            await pilot.press("escape", "U")
            status = screen.query_one("#status-line", Static)
            await until(pilot, lambda: "referee override" in str(status.render()), "the refusal")

    asyncio.run(scenario())


def test_a_player_whose_turn_it_is_not_is_told_who_acts(service: CampaignService):
    """DN-SEQ-2: on Solomani's screen the battle at Quillon waits for Aslan; ``n`` pre-fills
    nothing (never an order Solomani may not give) and says who acts."""
    battle_with_a_face_down_neutral(service)
    solomani = CampaignSession(service, "demo", viewer=Side.SOLOMANI)
    battle = next(iter(solomani.battles()))
    assert solomani.duty_orders(battle) == ()
    try:
        solomani.next_battle_order(battle)
    except CampaignError as error:
        assert "aslan" in error.message and error.message.startswith("DN-SEQ-2")
    else:
        raise AssertionError("an order was pre-filled for the side that does not act")
    try:
        solomani.order("aslan range b1")
    except CampaignError as error:
        assert error.message.startswith("DN-SEQ-2")
    else:
        raise AssertionError("Solomani's screen sent an Aslan order")


def test_a_player_with_nothing_to_do_is_told_who_acts_by_the_order_keys(
    service: CampaignService, no_keymap: Path
):
    """DN-SEQ-2: on Solomani's screen while Aslan moves, ``e``, ``E`` and ``m`` say that there
    is nothing for Solomani to do and whom the game waits for (they said "the game waits for
    no order now", "solomani end-phase is not legal now; Ctrl+P lists the legal orders" with
    nothing in Ctrl+P, and ``m`` focused an empty list without a word)."""

    async def scenario() -> None:
        app = create_app(no_keymap, service=service, open_campaign="demo", side=Side.SOLOMANI)
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            screen = screen_of(pilot)
            for key in ("e", "E", "m"):
                screen.report("")
                await pilot.press("escape", key)
                line = screen.query_one("#status-line", Static)
                await until(pilot, lambda line=line: str(line.render()).startswith("✗"), key)
                await pilot.pause()
                assert screen_of(pilot) is screen, key  # no form, no question
                status = str(line.render())
                assert status.startswith("✗ DN-SEQ-2: nothing for solomani to do now: "), key
                assert "aslan must act" in status, key

    asyncio.run(scenario())


def test_m_says_why_no_stack_is_listed_while_the_player_has_a_battle_step(
    service: CampaignService, no_keymap: Path
):
    """DN-SEQ-2: in Aslan's combat step at Halden, the Solomani choose the range. Their Map
    tab lists no stack (the Aslan act in this step); ``m`` focused that empty list without a
    word (found by use, December 7, late night): it now says that no Solomani stack moves
    now and whom the game waits for, and the list keeps the focus for nothing."""
    session = CampaignSession(service, "demo")
    session.order(session.move_order("main", "halden"))
    session.order("aslan end-phase")
    session.order("aslan range b1")
    assert session.acting().startswith("solomani must act")

    async def scenario() -> None:
        app = create_app(no_keymap, service=service, open_campaign="demo", side=Side.SOLOMANI)
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            screen = screen_of(pilot)
            assert not screen.map_tab.stack_ids
            screen.report("")
            await pilot.press("escape", "m")
            line = screen.query_one("#status-line", Static)
            await until(pilot, lambda: str(line.render()).startswith("✗"), "m answered")
            status = str(line.render())
            assert status.startswith("✗ DN-SEQ-2: no stack of solomani's moves now: "), status
            assert "solomani must act" in status and "choose-range" in status, status

    asyncio.run(scenario())


def test_a_player_typing_dice_in_a_seeded_campaign_is_refused_before_any_reason_is_asked(
    service: CampaignService, no_keymap: Path
):
    """DN-ERR-1: typed dice in a seeded campaign are the referee's override. Aslan's screen
    refused them only after asking for "the referee's reason"; it refuses them at once now,
    stores nothing, and its Battle tab does not invite typed dice."""

    async def scenario() -> None:
        app = create_app(no_keymap, service=service, open_campaign="demo", side=Side.ASLAN)
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            screen = screen_of(pilot)
            head = screen.session.loaded.head
            screen.query_one("#dice", Input).value = "4"
            await pilot.press("escape", "o")
            screen.query_one("#order", Input).value = screen.session.move_order("main", "eawyo")
            screen.report("")
            await pilot.press("enter")
            line = screen.query_one("#status-line", Static)
            await until(pilot, lambda: str(line.render()).startswith("✗"), "the refusal")
            await pilot.pause()
            assert screen_of(pilot) is screen  # no reason prompt
            status = str(line.render())
            assert status.startswith("✗ DN-ERR-1: ") and "referee override" in status
            assert "you play aslan" in status
            assert screen.session.loaded.head == head
            from campaign.tui.widgets.battle_tab import dice_line

            assert "Enter physical dice" not in dice_line(screen.session)
        assert "Enter physical dice" in dice_line(CampaignSession(service, "demo"))

    asyncio.run(scenario())


def test_no_seat_is_invited_to_type_dice_in_a_campaign_played_by_e_mail(
    tmp_path: Path, no_keymap: Path
):
    """DN-ERR-1, found by use: in a commit-reveal campaign (play by e-mail) the dice field
    said "dice (d), empty: seeded" and a die typed on Aslan's screen was refused as "a
    referee override; you play aslan: ask the referee", in a game with no referee (the
    other player's machine rolls every die again, so nobody may type one). Every seat's
    field and Battle tab say so, and a typed die gets that reason at once, nothing stored."""
    from campaign.tui.widgets.battle_tab import dice_line

    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'mail.db'}")
    service.create("duel", seed=11, dice_mode="commit-reveal")
    for side in (Side.ASLAN, None):

        async def scenario(side: Side | None = side) -> None:
            app = create_app(no_keymap, service=service, open_campaign="duel", side=side)
            async with app.run_test(size=(80, 24)) as pilot:
                await campaign_on_top(pilot)
                screen = screen_of(pilot)
                dice = screen.query_one("#dice", Input)
                assert dice.placeholder == "no typed dice: commit-reveal"
                assert "no dice are typed in" in dice_line(screen.session)
                head = screen.session.loaded.head
                dice.value = "4"
                await pilot.press("escape", "o")
                screen.query_one("#order", Input).value = "solomani place-neutral lantern"
                screen.report("")
                await pilot.press("enter")
                line = screen.query_one("#status-line", Static)
                await until(pilot, lambda line=line: str(line.render()).startswith("✗"), "refused")
                await pilot.pause()
                assert screen_of(pilot) is screen  # no reason prompt
                status = str(line.render())
                assert "commit-reveal dice" in status and "cannot be typed in" in status
                assert "referee" not in status
                assert screen.session.loaded.head == head

        asyncio.run(scenario())


def test_an_empty_list_of_stacks_says_so_in_its_title(service: CampaignService, no_keymap: Path):
    """DN-SEQ-2: on Solomani's screen while Aslan moves, the Map tab's panel read "Stacks (m)"
    over an empty list, with no word of why (found by use, December 7, late night). Its
    title says that no stack is to be moved now (``m`` says who acts); once the Solomani
    react, their stacks are listed under the plain title again."""

    async def scenario() -> None:
        app = create_app(no_keymap, service=service, open_campaign="demo", side=Side.SOLOMANI)
        async with app.run_test(size=(80, 24)) as pilot:
            await campaign_on_top(pilot)
            screen = screen_of(pilot)
            title = screen.query_one("#stack-title", Static)
            await until(
                pilot,
                lambda: str(title.render()) == "Stacks (m): none now",
                "the empty title",
            )
            assert not screen.map_tab.stack_ids
            CampaignSession(service, "demo").order("aslan pass")  # elsewhere: Solomani react
            await until(pilot, lambda: bool(screen.map_tab.stack_ids), "Solomani's stacks")
            await until(pilot, lambda: str(title.render()) == "Stacks (m)", "the plain title")

    asyncio.run(scenario())


def test_a_player_by_e_mail_is_told_what_to_do_instead_of_asking_a_referee(
    tmp_path: Path, no_keymap: Path
):
    """DN-ERR-1, found by use (December 8): on the Aslan player's own database of a game by
    e-mail (seeded dice, no referee), ``d`` and ``U`` on his screen said "a referee
    override; you play aslan: ask the referee". They say that the game has no referee and
    how an override both players agree on is given: without ``--side`` (the owner's seat)
    and imported with ``--allow-referee``."""
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'mail.db'}")
    start_campaign(service, NewCampaignOptions(name="duel", seed=11, as_side=Side.ASLAN))

    async def scenario() -> None:
        async with campaign_shown(
            service, no_keymap, "duel", size=(80, 24), side=Side.ASLAN
        ) as pilot:
            screen = screen_of(pilot)
            line = screen.query_one("#status-line", Static)
            for key in ("d", "U"):
                screen.report("")
                await pilot.press("escape", key)
                await until(pilot, lambda: str(line.render()).startswith("✗"), f"{key} refused")
                said = " ".join(str(line.render()).split())
                assert "ask the referee" not in said, said
                assert "no referee" in said and "--allow-referee" in said, said
                assert "without --side" in said, said

    asyncio.run(scenario())

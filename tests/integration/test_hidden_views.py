"""What a side sees never tells what is face down (DN-NEU-1), tested as indistinguishability.

Take a seeded random game and a second game that differs only in the kinds of the neutral
counters still face down (permuted among themselves; each keeps its place, the stellar hex or
the surface box, which the placement makes public: docs/turn-files.md, "What a side's view
guarantees"). A player cannot tell the two apart: every view a side can ask for — ``status``
(text and JSON), ``units``, ``battles``, ``income``, ``log`` (sentences, ``--raw``), ``map
--side`` — must be byte-identical between them, and so must the answer to every order the side
could type, legal or not, naming aliases (``N-X-k``) or real ids (``N-PD-1``): the same refusal,
or accepted in both. A real id of a face-down counter is refused exactly like an id that does
not exist.

The second game is the first one's log with the permuted kinds written in: the counters' real
ids are renumbered as the placement would have numbered them, the shuffled pile is permuted
alike, and the events are stored in a second database with their own hash chain (events carry
their results, so folding them needs no rules).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import re
import shutil
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from campaign.app import CampaignService, Loaded
from campaign.app.preview import refusal
from campaign.cli import main
from campaign.rules import engine
from campaign.rules.canonical import canonical_json
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.registry import event_adapter
from campaign.rules.ruleset import Ruleset
from campaign.rules.seats import Seat
from campaign.rules.state import CampaignState, Where
from campaign.rules.views import neutral_aliases
from campaign.store.repository import Store
from tests.integration.driver import Driver
from tests.rulesets import sample
from tests.waiting import until

NAME = "hidden"


@cache
def game(seed: int) -> Driver:
    driver = Driver(sample(), seed=seed, campaign_id=NAME)
    driver.play_randomly(game_turns=2)
    return driver


def _store_game(url: str, batches: list[tuple[str, list[str]]], dice_seed: str) -> None:
    """A campaign ``NAME`` in the database at ``url`` holding exactly these batches (order
    text, canonical event JSON), with its own hash chain."""
    service = CampaignService(Store(url, durable=False), ruleset_loader=lambda *_: sample())
    service.create(NAME, dice_seed=dice_seed)
    store = service.store
    store.truncate(NAME, store.rows(NAME)[-1].seq, 0)  # the log ``create`` made goes
    seq = 0
    for order_text, payloads in batches:
        stored = store.append(NAME, seq, order_text, [(json.loads(p)["type"], p) for p in payloads])
        seq = stored[-1].seq
    store.dispose()


def _batches(url: str) -> list[tuple[str, list[str]]]:
    """The log of ``NAME`` at ``url`` as (order text, event payloads) per batch."""
    store = Store(url, durable=False)
    rows = store.rows(NAME)
    store.dispose()
    grouped: dict[int, tuple[str, list[str]]] = {}
    for row in rows:
        grouped.setdefault(row.batch, (row.order_text, []))[1].append(row.payload)
    return list(grouped.values())


def _permutation(state: CampaignState, ruleset: Ruleset, shift: int = 1) -> dict[str, str]:
    """Real id -> new kind for the face-down counters on the map: within each place (stellar
    hex or surface box) the kinds are rotated ``shift`` steps, so each counter gets another
    kind wherever the place holds two different kinds (several shifts: several
    permutations)."""
    groups: dict[Where, list[str]] = {}
    for uid, unit in state.units.items():
        if unit.face_down and unit.location.where in (Where.HEX, Where.BOX):
            groups.setdefault(unit.location.where, []).append(uid)
    new_kind: dict[str, str] = {}
    for ids in groups.values():
        kinds = [state.units[uid].kind for uid in ids]
        if len(set(kinds)) < 2:
            continue
        step = shift % len(kinds) or 1
        rotated = kinds[step:] + kinds[:step]
        new_kind.update(zip(ids, rotated, strict=True))
    return new_kind


def permuted_batches(
    batches: list[tuple[str, list[str]]], new_kind: dict[str, str], ruleset: Ruleset
) -> list[tuple[str, list[str]]]:
    """The log with the face-down kinds of ``new_kind`` written in (see the module docstring)."""
    adapter = event_adapter()
    renamed: dict[str, str] = {}
    numbers: Counter[str] = Counter()
    pile_slot: list[tuple[int, str]] = []  # (position in the shuffled pile, kind drawn there)
    drawn = 0
    for _, payloads in batches:
        for payload in payloads:
            event = adapter.validate_json(payload)
            if event.type != "neutral-placed":
                continue
            drawn += len(event.set_aside)
            kind = new_kind.get(event.unit_id, event.kind)
            code = ruleset.unit_type(kind).code
            numbers[code] += 1
            renamed[event.unit_id] = f"N-{code}-{numbers[code]}"
            pile_slot.append((drawn, kind))
            drawn += 1
    pattern = re.compile(
        r"(?<![A-Za-z0-9-])("
        + "|".join(re.escape(uid) for uid in sorted(renamed, key=len, reverse=True))
        + r")(?![A-Za-z0-9-])"
    )

    def rename(text: str) -> str:
        return pattern.sub(lambda m: renamed[m.group(0)], text)

    out = []
    for order_text, payloads in batches:
        new_payloads = []
        for payload in payloads:
            event = adapter.validate_json(payload)
            data = event.model_dump(mode="json")
            if event.type == "neutrals-shuffled":
                pile = list(data["pile"])
                for position, kind in pile_slot:
                    pile[position] = kind
                assert Counter(pile) == Counter(data["pile"])
                data["pile"] = pile
            if event.type == "neutral-placed":
                data["kind"] = new_kind.get(event.unit_id, event.kind)
            new_payloads.append(rename(canonical_json(data)))
        out.append((rename(order_text), new_payloads))
    return out


def _run(*argv: str) -> str:
    """What ``campaign ARGV`` prints (stdout and stderr) and its exit status."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return f"exit {status}\n{out.getvalue()}\n--\n{err.getvalue()}"


def side_views(url: str, side: Side, tmp: Path, refused: list[str]) -> dict[str, str]:
    """Every view ``side`` can ask for, as printed (the map as its SVG text), and the CLI's
    answer to ``refused`` (orders the rules refuse, given one by one and as a file)."""
    db = ("--db", url)
    s = ("--side", side.value)
    tmp.mkdir(parents=True, exist_ok=True)
    picture = tmp / f"map-{side.value}.svg"  # one path for both games: the command prints it
    views = {
        "status": _run("status", NAME, *s, *db),
        "status --json": _run("status", NAME, *s, "--json", *db),
        "units": _run("units", NAME, *s, *db),
        "units --json": _run("units", NAME, *s, "--json", *db),
        "battles": _run("battles", NAME, *s, *db),
        "battles --json": _run("battles", NAME, *s, "--json", *db),
        "income": _run("income", NAME, *s, *db),
        "income --json": _run("income", NAME, *s, "--json", *db),
        "log": _run("log", NAME, *s, *db),
        "log --raw": _run("log", NAME, *s, "--raw", *db),
        "upkeep": _run("upkeep", NAME, *s, *db),
        "upkeep --json": _run("upkeep", NAME, *s, "--json", *db),
        "map": _run("map", NAME, *s, "-o", str(picture), *db),
    }
    views["map picture"] = picture.read_text(encoding="utf-8")
    moves = tmp / f"moves-{side.value}.svg"
    views["map --overlay moves"] = _run(
        "map", NAME, *s, "--overlay", "moves", "-o", str(moves), *db
    )
    views["moves picture"] = moves.read_text(encoding="utf-8")
    views["systems"] = _run("systems", NAME, *db)
    views["exchanges"] = _run("exchanges", NAME, "--as", side.value, *db)
    # (``verify`` is left out: it replays the log through the rules, and the second game's
    # later events keep results the first game's kinds decided, so it is no real game to
    # replay; what ``verify`` prints names no counter)
    for text in refused:
        views[f"order {text}"] = _run("order", NAME, text, *s, *db)
    orders = tmp / f"orders-{side.value}.txt"  # one path for both games: the command names it
    orders.write_text("\n".join(refused) + "\n", encoding="utf-8")
    views["orders"] = _run("orders", NAME, str(orders), *s, *db)
    # last: an undo the seat may be allowed (then both games take back the same order)
    views["undo"] = _run("undo", NAME, *s, *db)
    views["undo --referee"] = _run("undo", NAME, *s, "--referee", "a player tries", *db)
    views["status after undo"] = _run("status", NAME, *s, *db)
    return views


def probe_orders(states: list[CampaignState], side: Side) -> list[str]:
    """Orders ``side`` could type, naming every alias and the real id of every neutral counter
    of either game, and every system that holds neutrals."""
    names: set[str] = set()
    systems: set[str] = set()
    battles: set[str] = {"b1"}
    for state in states:
        names.update(neutral_aliases(state).values())
        names.update(uid for uid in state.units if uid.startswith("N-"))
        systems.update(
            u.location.system
            for u in state.units.values()
            if u.owner is Side.NEUTRAL and u.location.system
        )
        battles.update(state.slots.get("combat", {}).get("battles", {}))
    own = sorted(
        uid
        for uid, u in states[0].units.items()
        if u.owner is side and u.location.where is Where.HEX
    )[:1] or ["A-CL-1"]
    word = side.value

    def orbiting(system: str) -> str:
        there = sorted(
            uid
            for uid, u in states[0].units.items()
            if u.owner is side and u.location.where is Where.HEX and u.location.system == system
        )
        return there[0] if there else own[0]

    orders = []
    for name in sorted(names):
        orders += [
            f"{word} rebuild {name}",
            f"{word} target b1 {own[0]} {name}",
            f"{word} jump {name} keystone",
            f"{word} form-stack zz {name}",
            f"{word} pd-fire b1 {name} {own[0]}",
            f"{word} land {name}",
            f"{word} load {name} {own[0]}",
            f"{word} remove-losses keystone {name}",
        ]
        # bombard from a ship in that system's hex where there is one (DN-INT-3: a refusal
        # must not tell which face-down counter is the PD, issue 41 item 3)
        orders += [
            f"{word} interact {system} - {orbiting(system)}>{name} -" for system in sorted(systems)
        ]
    star_map = sample().star_map
    here = states[0].units[own[0]].location.system if own[0] in states[0].units else None
    for system in sorted(systems):
        orders += [f"{word} conscript {system}", f"{word} jump {own[0]} {system}"]
        # through the system: a face-down counter that blocks must not refuse this for free
        beyond = sorted(set(star_map.neighbours(system)) - {here})[:2]
        orders += [f"{word} jump {own[0]} {system},{there}" for there in beyond]
        if here is not None and system in star_map.neighbours(here):
            orders += [f"{word} jump {own[0]} {here}"]
    return orders


def answer(loaded: Loaded, text: str, side: Side) -> str:
    """How the use case answers ``text`` given from ``side``'s seat on ``loaded`` (authority,
    then the rules, nothing stored: ``preview.refusal``): ``accepted`` or the refusal as
    printed."""
    refused = refusal(loaded, text, Seat(side))
    return "accepted" if refused is None else f"refused: {refused}"


def _stop_points(driver: Driver) -> list[int]:
    """Numbers of orders after which to compare: the end of set-up, and points in game turns
    1 and 2 where a battle is open (more to hide) or not."""
    done, points, events = 0, [], 0
    start = len(driver.events) - sum(count for _, count in driver.orders)
    state = engine.fold(driver.events[:start])
    chosen = set()
    for n, (_, count) in enumerate(driver.orders):
        engine.fold(driver.events[start + events : start + events + count], state)
        events += count
        done = n + 1
        battles = bool(state.slots.get("combat", {}).get("battles"))
        key = (state.turn, battles)
        if state.turn >= 1 and key not in chosen:
            chosen.add(key)
            points.append(done)
    return points[:4]


def _loaded(url: str) -> Loaded:
    return CampaignService(Store(url), ruleset_loader=lambda *_: sample()).load(NAME)


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "shift"), [(1, 1), (5, 1), (5, 2)])
def test_a_side_cannot_tell_two_games_with_permuted_face_down_kinds_apart(
    tmp_path: Path, seed: int, shift: int
) -> None:
    # DN-NEU-1: views and refusals are computed from what the side may see
    driver = game(seed)
    compared = 0
    # game A is played once through the service; a copy of its database is taken at each
    # stop (the store keeps no connection open between operations)
    playing = tmp_path / "a.db"
    player = CampaignService(
        Store(f"sqlite:///{playing}", durable=False), ruleset_loader=lambda *_: sample()
    )
    player.create(NAME, dice_seed=driver.dice_seed)
    played = 0
    for stop in _stop_points(driver):
        for text, _ in driver.orders[played:stop]:
            player.order(NAME, text)
        played = stop
        shutil.copyfile(playing, tmp_path / f"a{stop}.db")
        url_a = f"sqlite:///{tmp_path / f'a{stop}.db'}"
        state_a = CampaignService(Store(url_a), ruleset_loader=lambda *_: sample()).load(NAME).state
        new_kind = _permutation(state_a, sample(), shift)
        if not new_kind:
            continue
        url_b = f"sqlite:///{tmp_path / f'b{stop}.db'}"
        _store_game(url_b, permuted_batches(_batches(url_a), new_kind, sample()), driver.dice_seed)
        state_b = CampaignService(Store(url_b), ruleset_loader=lambda *_: sample()).load(NAME).state
        assert [u.kind for u in state_a.units.values()] != [u.kind for u in state_b.units.values()]
        for side in PLAYER_SIDES:
            loaded_a = _loaded(url_a)
            # the CLI's own path for a few refused orders (the use case answers all below)
            refused = [
                text
                for text in probe_orders([state_a, state_b], side)
                if answer(loaded_a, text, side) != "accepted"
            ][::25]
            views_a = side_views(url_a, side, tmp_path / "pictures", refused)
            views_b = side_views(url_b, side, tmp_path / "pictures", refused)
            for view in views_a:
                assert views_a[view] == views_b[view], f"{side.value} {view} after {stop} orders"
            loaded_a, loaded_b = _loaded(url_a), _loaded(url_b)
            for text in probe_orders([state_a, state_b], side):
                assert answer(loaded_a, text, side) == answer(loaded_b, text, side), (
                    f"{text!r} after {stop} orders"
                )
        compared += 1
    assert compared >= 2


def tui_text(url: str, side: Side | None) -> str:
    """Every tab of ``side``'s screen on the campaign at ``url`` as text (tabs 1-6, the map
    with a stack chosen, the palette's list of legal orders), as ``campaign tui --side``."""
    from textual.command import CommandPalette
    from textual.widgets import OptionList

    from campaign.tui.app import create_app
    from tests.tui.pilot_helpers import SIZE
    from tests.tui.test_side_view import every_tab, screen_text

    async def scenario() -> str:
        service = CampaignService(Store(url), ruleset_loader=lambda *_: sample())
        app = create_app(None, service=service, open_campaign=NAME, side=side)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            tabs = await every_tab(pilot)
            await pilot.press("escape", "ctrl+p")
            await until(  # the palette's list of legal orders shown (its absence hides nothing)
                pilot,
                lambda: (
                    isinstance(pilot.app.screen, CommandPalette)
                    and any(options.option_count for options in pilot.app.screen.query(OptionList))
                ),
                "the palette's orders",
            )
            palette = screen_text(pilot.app.screen)
            lists = [
                str(options.get_option_at_index(i).prompt)
                for options in pilot.app.screen.query(OptionList)
                for i in range(options.option_count)
            ]
            return "\n".join([tabs, palette, *lists])

    return asyncio.run(scenario())


@pytest.mark.slow
def test_a_sides_screen_cannot_tell_two_games_with_permuted_face_down_kinds_apart(
    tmp_path: Path,
) -> None:
    # DN-NEU-1 (issue 41 item 3): the TUI per side is one more door through the same seat
    driver = game(5)
    playing = tmp_path / "a.db"
    player = CampaignService(
        Store(f"sqlite:///{playing}", durable=False), ruleset_loader=lambda *_: sample()
    )
    player.create(NAME, dice_seed=driver.dice_seed)
    stop = _stop_points(driver)[-1]
    for text, _ in driver.orders[:stop]:
        player.order(NAME, text)
    player.store.dispose()
    url_a = f"sqlite:///{playing}"
    state_a = _loaded(url_a).state
    new_kind = _permutation(state_a, sample())
    assert new_kind
    url_b = f"sqlite:///{tmp_path / 'b.db'}"
    _store_game(url_b, permuted_batches(_batches(url_a), new_kind, sample()), driver.dice_seed)
    for side in PLAYER_SIDES:
        seen_a, seen_b = tui_text(url_a, side), tui_text(url_b, side)
        assert "N-X-" in seen_a
        assert seen_a == seen_b, side.value
    # the referee's screens differ (so the comparison can fail)
    assert tui_text(url_a, None) != tui_text(url_b, None)


#: Keys of the campaign screen a player may press, each followed by a look at what it showed;
#: what they open is closed again (``n`` declines a question, Esc closes a form or a prompt).
SCREEN_KEYS = ("u", "U", "e", "n", "x", "i", "E", "g", "4", "n", "5", "6", "1", "m")
#: Keys pressed in every order form, each followed by a look: the choices offered and the
#: field's hint change with the fields chosen before (issue 44 item 1); Space marks a choice
#: in a field that takes several.
FORM_KEYS = ("down", "tab", "space", "down", "space", "tab", "down", "space", "tab", "down")


def what_is_shown(app) -> str:
    """The top screen's text (a form, a prompt: everything; the campaign screen: its status
    line, the order line's hints and the phase tracker) and the notifications shown, which
    are then dismissed."""
    from textual.widgets import Static

    from campaign.tui.screens.campaign import CampaignScreen
    from tests.tui.test_side_view import screen_text

    screen = app.screen
    campaign = next(s for s in app.screen_stack if isinstance(s, CampaignScreen))
    parts = [str(campaign.query_one("#status-line", Static).render())]
    if screen is campaign:
        parts += [
            str(static.render())
            for static in campaign.query(Static)
            if static.id in {"phase", "order-hint", "dice-hint"}
        ]
    else:
        parts.append(screen_text(screen))
    parts += [f"{note.title}: {note.message}" for note in app._notifications]
    app.clear_notifications()
    return "\n".join(parts)


async def answered(pilot, screen, choose) -> None:
    """``choose()`` (or Enter when ``None``) on ``screen`` with its status line emptied; wait
    for the answer: a form or question on top, or a new status line (what is shown is looked
    at then, not one pause after, when a loaded machine may show nothing yet)."""
    line = screen.query_one("#status-line")
    screen.report("")
    if choose is None:
        await pilot.press("enter")
    else:
        choose()
    await until(
        pilot,
        lambda: (
            (pilot.app.screen is not screen and pilot.app.screen.is_mounted)
            or bool(str(line.render()).strip())
        ),
        "the screen's answer",
    )


async def back_to_campaign(pilot) -> None:
    """Close whatever the last key opened: decline a question, leave a form or a prompt."""
    from campaign.tui.screens.campaign import CampaignScreen
    from campaign.tui.screens.forms import Confirm

    for _ in range(5):
        if isinstance(shown := pilot.app.screen, CampaignScreen):
            return
        await pilot.press("n" if isinstance(shown, Confirm) else "escape")
        await until(pilot, lambda shown=shown: pilot.app.screen is not shown, "it closed")
    raise AssertionError(f"stuck on {type(pilot.app.screen).__name__}")


async def walk_form(pilot, template: str) -> list[str]:
    """In the open form of ``template``: every choice of its first field in turn, each
    followed by Tab (the next fields offer what that choice allows) and a look; then the
    keys of ``FORM_KEYS``, each followed by a look."""
    from campaign.tui.widgets.choice_field import ChoiceField

    shown = []
    first = pilot.app.screen.query_one("#field-0")
    count = len(first._choices) if isinstance(first, ChoiceField) else 0
    for number in range(count):
        await pilot.press("down", "tab")
        await pilot.pause()
        shown.append(f"{template} choice {number}\n{what_is_shown(pilot.app)}")
        await pilot.press("shift+tab")
    for key in FORM_KEYS:
        await pilot.press(key)
        await pilot.pause()
        shown.append(f"{template} {key}\n{what_is_shown(pilot.app)}")
    return shown


def tui_walk(url: str, side: Side, refused_orders: list[str]) -> list[str]:
    """``side``'s screen, played key by key: every screen key, the form of every legal order
    with the keys of ``FORM_KEYS``, and every order of ``refused_orders`` typed in the order
    line and sent; what the screen showed after each key."""
    from textual.widgets import Input

    from campaign.tui.app import create_app
    from campaign.tui.screens.forms import OrderForm
    from tests.tui.pilot_helpers import SIZE, screen_of

    async def scenario() -> list[str]:
        service = CampaignService(Store(url), ruleset_loader=lambda *_: sample())
        app = create_app(None, service=service, open_campaign=NAME, side=side)
        shown: list[str] = []
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = screen_of(pilot)
            for key in SCREEN_KEYS:
                await pilot.press("escape", key)
                await pilot.pause()
                shown.append(f"key {key}\n{what_is_shown(app)}")
                await back_to_campaign(pilot)
            templates = [
                screen.session.template_for(legal) for legal in screen.session.legal_orders()
            ]
            shown.append("\n".join(templates))
            for template in templates:
                await answered(pilot, screen, lambda t=template: screen.choose_order(t))
                shown.append(f"form {template}\n{what_is_shown(app)}")
                if isinstance(app.screen, OrderForm):
                    shown += await walk_form(pilot, template)
                await back_to_campaign(pilot)
            for text in refused_orders:
                await pilot.press("escape", "o")
                screen.query_one("#order", Input).value = text
                await answered(pilot, screen, None)
                shown.append(f"sent {text}\n{what_is_shown(app)}")
                await back_to_campaign(pilot)
        return shown

    return asyncio.run(scenario())


def battle_with_face_down_neutrals(url: str) -> None:
    """The demo campaign as ``NAME`` at ``url``: Aslan's main stack jumps to Quillon, where a
    face-down neutral counter stands in the hex, ends the movement phase (a battle opens,
    DN-CBT-1) and chooses the range: Aslan now targets, and the form lists the enemy."""
    from campaign.tui.demo import ensure_demo
    from campaign.tui.session import CampaignSession

    service = CampaignService(Store(url, durable=False), ruleset_loader=lambda *_: sample())
    ensure_demo(service, NAME)
    session = CampaignSession(service, NAME)
    session.order(session.move_order("main", "quillon"))
    session.order("aslan end-phase")
    session.order("aslan range b1")
    service.store.dispose()


@pytest.mark.slow
@pytest.mark.parametrize("side", PLAYER_SIDES, ids=lambda side: side.value)
def test_a_sides_screen_key_by_key_cannot_tell_two_games_apart(tmp_path: Path, side: Side) -> None:
    # DN-NEU-1 (issue 41 item 3): form lists and messages after each key of a scripted game,
    # in a battle with a face-down counter whose kind differs between the two games; a test a
    # side, so that the two sides' walks (the suite's longest test) run on two workers
    url_a = f"sqlite:///{tmp_path / 'a.db'}"
    battle_with_face_down_neutrals(url_a)
    state_a = _loaded(url_a).state
    new_kind = _permutation(state_a, sample(), shift=2)  # Quillon's: a transport -> a monitor
    in_battle = [
        uid
        for uid, unit in state_a.units.items()
        if unit.location.system == "quillon" and unit.face_down
    ]
    assert in_battle and all(uid in new_kind for uid in in_battle)
    assert all(new_kind[uid] != state_a.units[uid].kind for uid in in_battle)
    url_b = f"sqlite:///{tmp_path / 'b.db'}"
    _store_game(url_b, permuted_batches(_batches(url_a), new_kind, sample()), "seed:1")
    state_b = _loaded(url_b).state
    loaded_a = _loaded(url_a)
    # every fifth order of the probe (each sent costs ~0.1 s of CPU on each screen)
    refused = [
        text
        for text in probe_orders([state_a, state_b], side)
        if answer(loaded_a, text, side) != "accepted"
    ][::5]
    walks = [tui_walk(url, side, refused) for url in (url_a, url_b)]
    for number, (one, other) in enumerate(zip(*walks, strict=True)):
        assert one == other, f"{side.value}, look #{number}"
    assert len(walks[0]) > 40
    # Aslan targets in the battle (Solomani has no order to give: no form)
    assert any(shown.startswith("form ") for shown in walks[0]) == (side is Side.ASLAN)
    # refusals that name a face-down counter (by its alias) were seen
    assert any(
        shown.startswith("sent ") and "N-X-" in shown.split("\n", 2)[1] for shown in walks[0]
    )

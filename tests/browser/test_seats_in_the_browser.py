"""Issue 43 item 3: each seat's link in a real browser (headless system Chromium).

The referee gives an order from the CLI and every seat's page shows it; a side's page shows
nothing its seat may not see (as the seat's CLI view); a side's page cannot give the other
side's orders or referee orders; a wrong link gets no screen; closing a tab ends its process.
"""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from campaign.app import CampaignService
from tests.browser.harness import PATIENCE, Browser, Served, wait_for
from tests.conftest import REPO_ROOT

#: A neutral counter's real id (``N-M-1``, ``N-PD-2``); aliases are ``N-X-k`` (DN-NEU-1).
REAL_NEUTRAL_ID = re.compile(r"(?<![A-Za-z0-9-])N-(?!X-)[A-Z]+-\d+(?![A-Za-z0-9-])")
#: Any counter id on a screen (``A-CL-1``, ``N-X-2``).
COUNTER_ID = re.compile(r"(?<![A-Za-z0-9-])[ASN]-[A-Z]+-\d+(?![A-Za-z0-9-])")


def cli(served: Served, *words: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "campaign", *words, "--db", served.db_url],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def head(served: Served) -> int:
    service = CampaignService(db_url=served.db_url)
    try:
        return service.stored_head("demo").seq
    finally:
        service.store.dispose()


def test_every_seats_page_shows_an_order_given_from_the_cli(served: Served, browser: Browser):
    """issue 43 items 1 and 3: the referee's, both sides' and the table's pages show an order
    the referee gives with ``campaign order`` (the event number they show moves on) without
    a key. (The 2-second goal is measured in benchmarks/bench_live_table.py.)"""
    before = head(served)
    tabs = {seat: browser.open(url) for seat, url in served.links.items()}
    for tab in tabs.values():
        browser.shows(tab, f"event {before}")
    cli(served, "order", "demo", "aslan end-phase")
    after = head(served)
    assert after > before
    for tab in tabs.values():
        browser.shows(tab, f"event {after}")


def test_a_sides_page_shows_only_what_its_cli_view_shows(served: Served, browser: Browser):
    """issue 43 item 3, DN-NEU-1: Aslan's Forces tab in the browser names every counter as
    ``campaign units --side aslan`` does — no neutral by its real id — while the referee's
    page, on the same campaign, does name real ids (so the check can fail)."""
    seen_by_cli = set(COUNTER_ID.findall(cli(served, "units", "demo", "--side", "aslan")))
    aslan = browser.open(served.links["aslan"])
    forces = forces_tab(browser, aslan, "aslan's view")
    shown = set(COUNTER_ID.findall(forces))
    assert shown and shown <= seen_by_cli, shown - seen_by_cli
    assert not REAL_NEUTRAL_ID.findall(forces)
    referee = browser.open(served.links["referee"])
    assert REAL_NEUTRAL_ID.findall(forces_tab(browser, referee, "referee's view"))


def forces_tab(browser: Browser, tab: str, view: str) -> str:
    """The text of the Forces tab of ``tab`` once its table is drawn (``2`` pressed again
    until it shows: a key typed before the screen is ready is lost)."""
    browser.shows(tab, view)

    def drawn() -> str:
        text = browser.text(tab)
        if "factors" in text and "location" in text and COUNTER_ID.search(text):
            return text
        browser.type(tab, "2")
        return ""

    return wait_for(drawn, "the Forces tab is drawn")


@pytest.mark.parametrize(
    ("order", "refusal"),
    [
        ("solomani end-phase", "DN-SEQ-2: you play aslan"),
        ("referee stepping manual", "is a referee order; you play aslan"),
    ],
)
def test_a_sides_page_cannot_give_the_other_sides_or_the_referees_orders(
    served: Served, browser: Browser, order: str, refusal: str
):
    """issue 43 item 3: an order of another seat typed on Aslan's page is refused by the
    app's authority (docs/seats.md) and nothing is stored."""
    before = head(served)
    aslan = browser.open(served.links["aslan"])
    browser.shows(aslan, "aslan's view")
    browser.give(aslan, order)
    browser.shows(aslan, refusal)
    assert head(served) == before


def test_a_wrong_link_gets_a_refusal_and_no_screen(served: Served, browser: Browser):
    """issue 43 item 2: a wrong (or revoked) token gets HTTP 403 and a refusal, no terminal
    and no process."""
    wrong = served.links["aslan"].rsplit("/", 1)[0] + "/not-a-token"
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(wrong, timeout=10)
    assert refused.value.code == 403
    tab = browser.open(wrong)
    wait_for(lambda: "opens no seat" in browser.driver.page_source, "the refusal page")
    assert not browser.driver.find_elements("css selector", ".textual-terminal")
    assert browser.text(tab) == ""
    assert served.screens("tui demo") == []


def test_closing_a_tab_ends_its_process(served: Served, browser: Browser):
    """issue 43 item 3: each open tab has its seat's process; closing the tab ends it."""
    tab = browser.open(served.links["solomani"])
    browser.shows(tab, "solomani's view")
    assert len(served.screens("--side solomani")) == 1
    browser.close(tab)
    wait_for(lambda: served.screens("--side solomani") == [], "the tab's process ends")


def page_says_closed(browser: Browser, tab: str) -> str:
    """What the page's "your screen is closed" panel says when ``tab`` shows it, else ''."""
    browser.driver.switch_to.window(tab)
    return str(
        browser.driver.execute_script(
            "const body = document.body, message = document.querySelector("
            "'.closed-dialog .message'); return body && message && "
            "body.classList.contains('-closed') ? message.textContent : '';"
        )
    )


def restart(browser: Browser, tab: str) -> None:
    """Press the panel's Restart button (the page asks the server for the seat again)."""
    browser.driver.switch_to.window(tab)
    browser.driver.find_element("css selector", ".closed-dialog button").click()


def test_q_on_a_sides_page_ends_its_screen_and_restart_opens_it_again(
    served: Served, browser: Browser
):
    """issue 43 (round 2, item 3): ``q`` on Aslan's page ends his screen — its process ends
    and the page says the screen is closed, with Restart — instead of opening the launcher,
    which listed the database's campaigns on a player's phone and needed a page reload to get
    back. Restart opens Aslan's screen again, still Aslan's (docs/seats.md)."""
    aslan = browser.open(served.links["aslan"])
    browser.shows(aslan, "aslan's view")
    browser.type(aslan, "q")
    closed = wait_for(lambda: page_says_closed(browser, aslan), "the page says it is closed")
    assert "Your screen is closed" in closed
    wait_for(lambda: served.screens("--side aslan") == [], "the seat's process ends")
    assert "Enter open as" not in browser.text(aslan)  # never the launcher
    restart(browser, aslan)
    wait_for(lambda: not page_says_closed(browser, aslan), "the page opens the seat again")
    text = browser.shows(aslan, "aslan's view")
    assert "referee's view" not in text
    assert len(served.screens("--side aslan")) == 1


def test_a_link_revoked_while_the_server_runs_closes_its_screen_and_opens_nothing(
    served: Served, browser: Browser
):
    """issue 43 (round 2, item 2): ``revoke aslan`` typed in the server's terminal: Aslan's
    open page is closed (its process ends), the old link gets the refusal and no screen
    (HTTP 403), the server prints Aslan's new link, which opens his screen; the other seats'
    links are untouched."""
    old = served.links["aslan"]
    aslan = browser.open(old)
    solomani = browser.open(served.links["solomani"])
    browser.shows(aslan, "aslan's view")
    browser.shows(solomani, "solomani's view")
    said = served.type_command("revoke aslan", "its new link")
    assert "the aslan link is revoked (1 open screen closed)" in said
    new = served.link_after(said, "aslan")
    assert new != old
    wait_for(lambda: page_says_closed(browser, aslan), "Aslan's page is closed")
    wait_for(lambda: served.screens("--side aslan") == [], "Aslan's process ends")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(old, timeout=10)
    assert refused.value.code == 403
    restart(browser, aslan)  # the old link asked again: the refusal, no terminal
    wait_for(lambda: "opens no seat" in browser.driver.page_source, "the refusal page")
    assert not browser.driver.find_elements("css selector", ".textual-terminal")
    assert served.screens("--side aslan") == []
    assert not page_says_closed(browser, solomani)
    browser.shows(solomani, "solomani's view")
    again = browser.open(new)
    browser.shows(again, "aslan's view")


def test_a_screenshot_taken_on_a_page_opens_in_the_browser(served: Served, browser: Browser):
    """DN-ERR-1 (found by use, December 7): the palette's "Screenshot" on a seat's page sent
    the browser to ``/download/KEY`` for the picture, a route the served app lacked: the phone
    got "404: Not Found". The picture now opens in a new tab, the seat's own screen."""
    from selenium.webdriver.common.keys import Keys

    aslan = browser.open(served.links["aslan"])
    browser.shows(aslan, "aslan's view")
    tabs = set(browser.driver.window_handles)
    browser.type(aslan, Keys.CONTROL + "p")
    browser.shows(aslan, "Search for commands")
    browser.type(aslan, "Screenshot")
    browser.shows(aslan, "Save an SVG")
    browser.type(aslan, "\n")
    assert "aslan" in picture_opened(browser, tabs)


def test_the_map_picture_of_a_sides_page_opens_in_the_browser(served: Served, browser: Browser):
    """DN-ERR-1, DN-NEU-1 (found by use, December 7): ``p`` on Aslan's page wrote the map
    picture on the referee's machine and told the phone "map picture written to
    /root/.local/share/…", a path it cannot open. The picture (Aslan's: no real neutral id)
    now opens in a new tab of his browser."""
    aslan = browser.open(served.links["aslan"])
    browser.shows(aslan, "aslan's view")
    tabs = set(browser.driver.window_handles)
    browser.type(aslan, "p")
    picture = picture_opened(browser, tabs)
    assert 'data-view="aslan"' in picture and not REAL_NEUTRAL_ID.search(picture)
    browser.driver.switch_to.window(aslan)
    browser.shows(aslan, "opened in a new tab")


def picture_opened(browser: Browser, before: set[str]) -> str:
    """The SVG picture a page opened in a new tab (not one of the tabs ``before``)."""
    opened = wait_for(lambda: set(browser.driver.window_handles) - before, "a new tab opens")
    browser.driver.switch_to.window(opened.pop())
    wait_for(lambda: "<svg" in browser.driver.page_source, "a picture in the new tab")
    assert "404" not in browser.driver.title
    return str(browser.driver.page_source)


def test_a_link_opens_a_bounded_number_of_screens(served: Served):
    """DN-ERR-1 (found by use, December 7): every websocket opened on a link started one more
    process of the seat's screen (about 70 MiB each on the referee's machine), without end:
    eight sockets on Aslan's link, eight processes. A link now runs at most
    ``MAX_SCREENS_PER_LINK`` screens at once; one more is told why in its terminal and
    closed, and starts nothing."""
    import asyncio

    import aiohttp

    from campaign.serve.server import MAX_SCREENS_PER_LINK

    url = served.links["aslan"] + "/ws?width=80&height=24"

    async def scenario() -> str:
        async with aiohttp.ClientSession() as session:
            sockets = [await session.ws_connect(url) for _ in range(MAX_SCREENS_PER_LINK)]
            wait_for(
                lambda: len(served.screens("--side aslan")) == MAX_SCREENS_PER_LINK,
                "the link's screens run",
            )
            extra = await session.ws_connect(url)
            told = b""
            async for message in extra:
                if message.type == aiohttp.WSMsgType.BINARY:
                    told += message.data
            assert len(served.screens("--side aslan")) == MAX_SCREENS_PER_LINK
            for socket in sockets:
                await socket.close()
            return told.decode()

    told = asyncio.run(scenario())
    assert f"already has {MAX_SCREENS_PER_LINK} open screens" in told, told
    wait_for(lambda: served.screens("--side aslan") == [], "the screens end with their tabs")


def test_a_page_names_no_address_the_request_wrote(served: Served):
    """DN-ERR-1 (found by use, December 7): the page made its script, style and websocket
    URLs from the request's ``Host`` header, so ``Host: evil.example:1`` was echoed into
    ``<script src>``. They are now paths on the server; the page's own address makes the
    websocket's (the browser tests above open it that way)."""
    request = urllib.request.Request(served.links["aslan"], headers={"Host": "evil.example:1"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        page = answer.read().decode()
    assert "evil.example" not in page
    assert '<script src="/static/js/textual.js">' in page
    token = served.links["aslan"].rsplit("/", 1)[1]
    assert f'data-session-websocket-url="/seat/{token}/ws"' in page


def test_a_malformed_message_is_refused_and_the_screen_goes_on(served: Served):
    """DN-ERR-1 (found by use, December 7): the text "not json" on a screen's websocket ended
    that tab's screen with a traceback in the server's terminal. Every message textual-serve's
    page never sends is now answered with a one-line refusal (in the page's console) and one
    line in the server's terminal; the screen goes on and answers the next message."""
    import asyncio

    import aiohttp

    url = served.links["aslan"] + "/ws?width=80&height=24"
    malformed = ["not json", "[]", '{"stdin": "q"}', '["stdin", 5]', '["resize", {"width": 0}]']

    async def scenario() -> list[str]:
        async with aiohttp.ClientSession() as session:
            socket = await session.ws_connect(url)
            for text in malformed:
                await socket.send_str(text)
            await socket.send_str('["ping", "after"]')
            answers: list[str] = []
            async for message in socket:
                if message.type == aiohttp.WSMsgType.TEXT:
                    answers.append(message.data)
                    if message.data == '["pong", "after"]':
                        break
            assert not socket.closed
            assert len(served.screens("--side aslan")) == 1
            await socket.close()
            return answers

    answers = asyncio.run(scenario())
    refusals = [text for text in answers if "DN-ERR-1" in text]
    assert len(refusals) == len(malformed), answers
    assert all("the screen goes on" in text for text in refusals)
    printed = "".join(served.printed)
    assert "Traceback" not in printed and "JSONDecodeError" not in printed
    assert printed.count("was refused") == len(malformed)
    wait_for(lambda: served.screens("--side aslan") == [], "the screen ends with its tab")


def test_a_screen_that_cannot_start_says_why_on_its_page(served: Served, browser: Browser):
    """DN-ERR-1 (found by use, December 7, evening): a seat whose screen could not start (its
    campaign deleted by ``campaign delete``) got the page's "you quit it (q), or the server
    ended it"; the reason was printed in the server's terminal only. The page now says the
    screen could not start and why, in one line naming no database path and no traceback; the
    server's terminal prints the reason once."""
    cli(served, "delete", "demo", "--yes")
    aslan = browser.open(served.links["aslan"])
    said = wait_for(lambda: page_says_closed(browser, aslan), "the page says it is closed")
    assert "could not start" in said and "no campaign named 'demo'" in said, said
    assert "you quit it" not in said, said
    assert "\n" not in said.strip() and "Traceback" not in said, said
    database_path = served.db_url.removeprefix("sqlite:///")
    assert database_path not in said and "sqlite" not in said, said
    printed = wait_for(
        lambda: "no campaign named" in (text := "".join(served.printed)) and text,
        "the server's terminal says why",
    )
    assert printed.count("no campaign named 'demo'") == 1, printed


def test_a_screen_that_ends_on_its_campaign_deleted_says_so_on_its_page(
    served: Served, browser: Browser
):
    """DN-ERR-1 (found by use, December 7, evening): the campaign deleted while the table
    view's page is open: the page says the campaign was deleted, not "you quit it (q)"."""
    table = browser.open(served.links["table"])
    browser.shows(table, "Game turn")
    cli(served, "delete", "demo", "--yes")
    said = wait_for(lambda: page_says_closed(browser, table), "the page says it is closed")
    assert "'demo' was deleted elsewhere" in said and "you quit it" not in said, said


def test_revoking_a_link_says_so_on_its_page(served: Served, browser: Browser):
    """DN-ERR-1: ``revoke aslan``: Aslan's page says the referee revoked its link (not "you
    quit it (q)")."""
    aslan = browser.open(served.links["aslan"])
    browser.shows(aslan, "aslan's view")
    served.type_command("revoke aslan", "its new link")
    said = wait_for(lambda: page_says_closed(browser, aslan), "Aslan's page is closed")
    assert "revoked" in said and "you quit it" not in said, said


def test_ctrl_c_on_the_server_says_its_links_are_dead_and_pages_say_it_stopped(
    served: Served, browser: Browser
):
    """DN-ERR-1 (found by use, December 7, evening): Ctrl+C (SIGINT) on ``campaign serve``
    ended it without a word about the links it had printed, and the open pages said "you
    quit it (q)". The terminal now says every link is dead, and each open page says the
    server has stopped; the seats' processes end before the server does (asyncio warned
    in the terminal of each process that ended after its loop had closed)."""
    import signal

    aslan = browser.open(served.links["aslan"])
    table = browser.open(served.links["table"])
    browser.shows(aslan, "aslan's view")
    browser.shows(table, "Game turn")
    served.process.send_signal(signal.SIGINT)
    served.process.wait(timeout=30)
    for tab in (aslan, table):
        said = wait_for(lambda tab=tab: page_says_closed(browser, tab), "the page is closed")
        assert "server has stopped" in said and "you quit it" not in said, said
    printed = wait_for(lambda: "links" in "".join(served.printed[-3:]) and served.printed, "")
    last = "".join(printed).rstrip().splitlines()[-1]
    assert "stopped" in last and "every link it printed is dead" in last, last
    assert "2 open screen" in last, last
    assert "WARNING" not in "".join(printed), printed  # the screens ended before the server
    wait_for(lambda: served.screens("tui demo") == [], "the seats' processes end")


def test_reloading_a_page_again_and_again_never_locks_its_seat_out(
    served: Served, browser: Browser
):
    """DN-ERR-1 (found by use, December 7, night): a player reloading his page a few times
    in a row (a phone that seemed stuck) got "this link already has 4 open screens … Close
    one of its tabs" on his only tab: each reload's old screen, still ending (a screen takes
    a second or two to start and quit), held one of the link's ``MAX_SCREENS_PER_LINK``
    places until its process had ended. A closed page's screen no longer holds a place (it
    ends within ``QUIT_WITHIN``); the reloaded page opens the seat's screen."""
    from campaign.serve.server import MAX_SCREENS_PER_LINK

    aslan = browser.open(served.links["aslan"])
    browser.shows(aslan, "aslan's view")
    for _ in range(MAX_SCREENS_PER_LINK + 1):
        browser.driver.refresh()
    text = browser.shows(aslan, "aslan's view")
    assert "open screens" not in text and not page_says_closed(browser, aslan), text
    wait_for(lambda: len(served.screens("--side aslan")) == 1, "the old screens end")


@pytest.mark.parametrize("size", ["width=1500&height=1500", "width=80&height=0", "width=-4"])
def test_a_screen_size_out_of_bounds_starts_nothing(served: Served, size: str):
    """DN-ERR-1 (found by use, December 7, night): the size a page asks for when it opens
    its websocket (``?width=…&height=…``) was taken as it came, while a resize message is
    refused beyond ``MAX_TERMINAL`` characters: ``width=1500&height=1500`` started Aslan's
    screen at 1500x1500 (150 MiB, 5 MB written for its first frame), and a size of 0 or
    below reached the screen's process. Such a page is now told why in its terminal, and no
    screen starts."""
    import asyncio

    import aiohttp

    from campaign.serve.server import MAX_TERMINAL

    url = served.links["aslan"] + f"/ws?{size}"

    async def scenario() -> str:
        told = bytearray()

        async def read(socket: aiohttp.ClientWebSocketResponse) -> None:
            async for message in socket:  # until the server closes it
                if message.type == aiohttp.WSMsgType.BINARY:
                    told.extend(message.data)

        async with aiohttp.ClientSession() as session:
            socket = await session.ws_connect(url)
            with contextlib.suppress(TimeoutError):  # a screen started: it never closes
                await asyncio.wait_for(read(socket), PATIENCE)
            await socket.close()
        return told.decode("utf-8", "replace")

    told = asyncio.run(scenario())
    wait_for(lambda: served.screens("--side aslan") == [], "no screen runs")
    assert f"1 to {MAX_TERMINAL} columns and rows" in told and "nothing started" in told, told[:300]


def page_says_not_answering(browser: Browser, tab: str) -> str:
    """The page's "the table is not answering" line when ``tab`` shows it, else ''."""
    browser.driver.switch_to.window(tab)
    return str(
        browser.driver.execute_script(
            "const line = document.getElementById('not-answering'); return line && "
            "line.style.display !== 'none' ? line.textContent : '';"
        )
    )


def test_a_page_whose_screen_stops_answering_says_so_and_recovers(served: Served, browser: Browser):
    """DN-ERR-1 (found by use, December 7, night): Aslan's screen's process stopped
    (``kill -STOP``) froze his page without a word — the server answered the page's pings
    itself. The server now passes them to the screen, whose loop answers: the page says
    that the table is not answering within ``PING_EVERY + SILENT_AFTER`` seconds, and says
    nothing once the screen answers again (``kill -CONT``), which then takes keys again."""
    import os
    import signal

    from campaign.serve.server import PING_EVERY, SILENT_AFTER

    aslan = browser.open(served.links["aslan"])
    browser.shows(aslan, "aslan's view")
    wait_for(
        lambda: browser.driver.execute_script("return document.body.classList.contains('-loaded')"),
        "the page is connected",
    )
    assert not page_says_not_answering(browser, aslan)
    [screen] = served.screens("--side aslan")
    os.kill(screen, signal.SIGSTOP)
    try:
        said = wait_for(
            lambda: page_says_not_answering(browser, aslan),
            "the page says the table is not answering",
            patience=PING_EVERY + SILENT_AFTER + PATIENCE,
        )
        assert "The table is not answering" in said, said
    finally:
        os.kill(screen, signal.SIGCONT)
    wait_for(lambda: not page_says_not_answering(browser, aslan), "the line goes away")
    assert not page_says_closed(browser, aslan)
    browser.type(aslan, "2")  # the Forces tab: the screen takes keys again
    browser.shows(aslan, "factors")


def test_a_page_resized_while_its_screen_starts_is_drawn_at_its_new_size(
    served: Served, browser: Browser
):
    """DN-ERR-1 (found by use, December 8): the table view opened in a wide window made
    phone-sized at once (a phone turned as the page loads) drew its wide screen into the
    narrow page for good: the first size, posted late by Textual's driver, overtook the
    page's resize, and the results were off the page's edge. The screen takes the page's
    last size: the results show beside the map."""
    browser.driver.set_window_size(1200, 700)
    table = browser.open(served.links["table"])
    browser.driver.set_window_size(390, 844)  # while its screen starts
    browser.shows(table, "Latest orders")
    columns = browser.driver.execute_script("return window.__terminals[0].cols")
    assert columns < 60, columns  # the page is phone-sized indeed

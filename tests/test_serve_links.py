"""Issue 43 item 2: the secret links of ``campaign serve`` and what each seat's link starts.
A link names one seat; its token is looked up exactly (no prefix, no other seat's token, no
overlong input); the process a link starts is the TUI as that seat, and nothing in the command
comes from the browser."""

from __future__ import annotations

import shlex

import pytest

from campaign.app import CampaignService
from campaign.cli import main
from campaign.serve.links import MAX_TOKEN_CHARS, TABLE, SeatLinks
from tests.databases import existing_sqlite, pin_other_data_files


def test_each_seat_has_its_own_token_and_only_that_token_opens_it():
    """issue 43 item 2: four links (referee, aslan, solomani, table), distinct tokens; a
    wrong, shortened, lengthened or empty token opens nothing."""
    links = SeatLinks()
    assert [link.seat for link in links.links] == ["referee", "aslan", "solomani", TABLE]
    assert len({link.token for link in links.links}) == 4
    for link in links.links:
        assert links.find(link.token) is link
        assert links.find(link.token[:-1]) is None
        assert links.find(link.token + "x") is None
    assert links.find("") is None
    assert links.find("x" * (MAX_TOKEN_CHARS + 1)) is None
    assert SeatLinks().links[0].token != links.links[0].token  # a new run: new links


def test_a_links_command_is_the_tui_as_its_seat():
    """issue 43 item 2 (docs/seats.md): the referee's link starts the referee's screen, a
    side's link ``--side S``, the table's ``--table``; the campaign name and database URL are
    quoted words (a name with spaces or quotes stays one word)."""
    links = {link.seat: link for link in SeatLinks().links}
    name, url = "war 'one'", "sqlite:////tmp/x y.db"
    words = {seat: shlex.split(link.command(name, url)) for seat, link in links.items()}
    for seat_words in words.values():
        assert seat_words[1:6] == ["-m", "campaign", "tui", name, "--db"]
        # q ends a browser seat's screen, never opens the launcher (issue 43, round 2)
        assert seat_words[6:8] == [url, "--one-campaign"]
    assert words["referee"][8:] == []
    assert words["aslan"][8:] == ["--side", "aslan"]
    assert words["solomani"][8:] == ["--side", "solomani"]
    assert words[TABLE][8:] == ["--table"]


def test_a_revoked_seat_gets_a_new_link_and_its_old_one_opens_nothing():
    """issue 43 (round 2): ``revoke SEAT`` in the server's terminal: the seat's old token is
    refused from then on, its new one opens the same seat; the other seats keep theirs."""
    links = SeatLinks()
    before = {link.seat: link.token for link in links.links}
    new = links.revoke("aslan")
    assert new.seat == "aslan" and new.token != before["aslan"]
    assert links.find(before["aslan"]) is None
    assert links.find(new.token) == new == links.find_seat("aslan")
    assert all(links.find(before[seat]) is not None for seat in before if seat != "aslan")
    with pytest.raises(KeyError):
        links.revoke("bob")


def test_serve_refuses_a_campaign_that_does_not_exist(tmp_path, capsys):
    """issue 43 item 2: ``campaign serve`` of an unknown campaign says so and serves
    nothing."""
    url = existing_sqlite(tmp_path / "c.db")  # (a missing database is refused)
    assert main(["serve", "nowhere", "--db", url]) != 0
    assert "nowhere" in capsys.readouterr().err


def test_serve_refuses_a_campaign_that_cannot_be_opened(
    service: CampaignService, capsys, monkeypatch: pytest.MonkeyPatch
):
    """DN-DATA-4, DN-ERR-1 (found by use, December 8): the referee's data files changed since
    the campaign was made: ``campaign serve`` says why at once and prints no link (it printed
    every link and served, and each page then said that its screen could not start)."""
    from campaign.serve.server import TableServer

    pin_other_data_files(service, "demo")
    monkeypatch.setattr(TableServer, "serve", lambda self, **_: None)  # never listens here
    assert main(["serve", "demo", "--db", service.store.url, "--no-qr"]) != 0
    out, err = capsys.readouterr()
    assert "/seat/" not in out
    assert err.startswith("campaign: DN-DATA-4: the data files changed"), err


def test_the_table_view_needs_a_campaign_name(tmp_path, capsys):
    """issue 43 item 2: ``campaign tui --table`` without NAME is refused with a clear line."""
    assert main(["tui", "--table", "--db", f"sqlite:///{tmp_path / 'c.db'}"]) != 0
    assert "--table shows one campaign" in capsys.readouterr().err


def test_revoke_with_a_wrong_seat_names_the_seats(capsys):
    """DN-ERR-1 (found by use, December 7): ``revoke nobody`` (or ``revoke`` alone) in the
    server's terminal answered "'revoke nobody' is not a command", though revoke is one: the
    answer now says which seats it takes, and no link changes."""
    import asyncio

    from campaign.serve.server import TableServer

    links = SeatLinks()
    before = [link.token for link in links.links]
    server = TableServer("war", "sqlite://", links, host="127.0.0.1", port=0)
    for line in ("revoke nobody", "revoke", "revoke aslan solomani"):
        said = asyncio.run(server.run_command(line))
        assert "is not a command" not in said, said
        assert "revoke takes one seat: referee, aslan, solomani or table" in said, said
    assert [link.token for link in links.links] == before
    assert "is not a command" in asyncio.run(server.run_command("revok aslan"))


def test_a_pages_reason_is_one_line_without_a_traceback_or_the_database():
    """DN-ERR-1, DN-NEU-1 (found by use, December 7, evening): why a seat's screen ended, as
    its page says it: the process's one-line error (the database URL replaced, a console's
    wrapping joined), never a traceback's text; ``q`` (return code 0) says the seat quit."""
    from campaign.serve.server import QUIT, UNEXPLAINED, ended_reason

    url = "postgresql://referee:secret@host/war"
    said = f"campaign: no campaign named 'war' in {url} (campaign list shows them)\n"
    reason = ended_reason(1, said, url, drew=False)
    assert reason.startswith("Your screen could not start: no campaign named 'war'")
    assert "secret" not in reason and "the referee's database" in reason
    wrapped = "campaign 'war' was deleted elsewhere:\nits screen is closed\n"
    assert "deleted elsewhere: its screen is closed" in ended_reason(1, wrapped, url, drew=True)
    crash = "Traceback (most recent call last)\ncampaign x\nRuntimeError: N-M-1 is a mine\n"
    reason = ended_reason(1, crash, url, drew=True)
    assert UNEXPLAINED in reason and "N-M-1" not in reason
    assert UNEXPLAINED in ended_reason(1, "", url, drew=True)
    assert ended_reason(0, "", url, drew=True) == QUIT
    assert "\n" not in ended_reason(1, "campaign: " + "x" * 1000, url, drew=False)


def test_the_servers_terminal_counts_the_screens_it_closed(capsys):
    """DN-ERR-1 (found by use, December 8): ``revoke aslan`` with no open screen said "(0 open
    screen(s) closed)", Ctrl+C "(1 open screen(s) closed)": the count agrees with its noun."""
    import asyncio

    from aiohttp import web

    from campaign.serve.server import TableServer

    server = TableServer("war", "sqlite://", SeatLinks(), host="127.0.0.1", port=0)
    said = asyncio.run(server.run_command("revoke aslan"))
    assert "the aslan link is revoked (0 open screens closed); its new link:" in said
    asyncio.run(server.on_shutdown(web.Application()))
    assert "every link it printed is dead (0 open screens closed);" in capsys.readouterr().out


def test_the_links_of_a_players_own_database_say_what_they_open():
    """docs/seats.md (found by use, December 8): on a database that plays Aslan by e-mail the
    referee's link opens its owner's screen, which sees what Aslan sees, and Solomani's orders
    come in his turn files: the terminal says so, and a revoked link's new one keeps saying
    it (it said "referee (sees everything …)" and "solomani player")."""
    links = SeatLinks(plays="aslan")
    referee = links.find_seat("referee").title()
    assert "sees everything" not in referee
    assert "plays aslan by e-mail" in referee and "sees what aslan sees" in referee
    assert "solomani's orders come in solomani's turn files" in links.revoke("solomani").title()
    assert links.find_seat("aslan").title() == "aslan player"
    assert SeatLinks().find_seat("referee").title().startswith("referee (sees everything")


def test_serve_on_a_players_own_database_names_what_each_link_opens(
    tmp_path, capsys, monkeypatch: pytest.MonkeyPatch
):
    """docs/seats.md: ``campaign serve`` of the Aslan player's own database (``campaign new
    --as aslan``) prints the links as they open there."""
    from campaign.serve.server import TableServer

    monkeypatch.setattr(TableServer, "serve", lambda self, **_: None)  # never listens here
    url = f"sqlite:///{tmp_path / 'aslan.db'}"
    assert main(["new", "nebula", "--seed", "4711", "--as", "aslan", "--db", url]) == 0
    capsys.readouterr()
    assert main(["serve", "nebula", "--db", url, "--no-qr"]) == 0
    out = capsys.readouterr().out
    assert "referee (this database plays aslan by e-mail" in out
    assert "sees everything" not in out
    assert "solomani player (this database plays aslan by e-mail" in out

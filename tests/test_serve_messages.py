"""What a live-table page may send on its websocket (``campaign.serve.server.read_message``):
what textual-serve's page sends is read; anything else is refused, saying what is wrong and
never quoting it (DN-ERR-1; found by use, December 7: "not json" ended the tab's screen)."""

from __future__ import annotations

import io
import logging

import pytest
from rich.console import Console

from campaign.serve.links import SeatLinks
from campaign.serve.server import MAX_TERMINAL, TableServer, read_message


def test_what_the_page_sends_is_read():
    """DN-ERR-1: the page's five messages, as textual-serve's script sends them."""
    assert read_message('["stdin", "q"]') == ("stdin", "q")
    assert read_message('["resize", {"width": 80, "height": 24}]') == (
        "resize",
        {"width": 80, "height": 24},
    )
    assert read_message('["ping", "1"]') == ("ping", "1")
    assert read_message('["blur"]') == ("blur", None)
    assert read_message('["focus"]') == ("focus", None)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("not json", "not JSON"),
        ("{}", "not a JSON list"),
        ("[]", "not a JSON list"),
        ("[5, 1]", "not a JSON list"),
        ('["stdin", 5]', "stdin takes a string"),
        ('["resize", {"width": 80}]', "resize takes a width and a height"),
        ('["resize", {"width": true, "height": 24}]', "resize takes a width and a height"),
        (f'["resize", {{"width": {MAX_TERMINAL + 1}, "height": 24}}]', "resize takes"),
        ('["quit"]', "an unknown message type"),
        # a ping is passed to the screen, which answers it (``campaign.serve.seat_driver``)
        ('["ping", 5]', "ping takes a string"),
        ('["ping", "' + "9" * 65 + '"]', "ping takes a string of at most 64"),
    ],
)
def test_anything_else_is_refused_without_quoting_it(text: str, reason: str):
    """DN-ERR-1: the refusal says what is wrong; the sender's text is not in it."""
    with pytest.raises(ValueError, match=reason) as refused:
        read_message(text)
    assert text not in str(refused.value)


def test_the_servers_terminal_does_not_log_every_request(monkeypatch):
    """Found by use, December 7 (docs/table.md, step 3): every page a seat opened printed five
    or six lines of aiohttp's access log in the server's terminal, each naming the seat's
    secret link, so the referee's typed commands (``revoke SEAT``, ``links``) and their answers
    scrolled away among them. Requests are no longer logged there; warnings still are."""
    monkeypatch.setattr(logging.root, "handlers", [])
    monkeypatch.setattr(logging.root, "level", logging.WARNING)
    access = logging.getLogger("aiohttp.access")
    monkeypatch.setattr(access, "level", access.level)
    server = TableServer("war", "sqlite://", SeatLinks(), host="127.0.0.1", port=0)
    terminal = io.StringIO()
    server.console = Console(file=terminal, width=200)
    server.initialize_logging()
    try:
        access.info('127.0.0.1 "GET /seat/SECRET-TOKEN HTTP/1.1" 200')
        logging.getLogger("textual-serve").warning("a warning the referee should see")
    finally:
        for handler in list(logging.root.handlers):
            logging.root.removeHandler(handler)
    assert "SECRET-TOKEN" not in terminal.getvalue()
    assert "a warning the referee should see" in terminal.getvalue()

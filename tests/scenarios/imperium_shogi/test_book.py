"""The shipped opening book and how ``hard`` uses it (SHO-7, SHO-10; issue 21, ADR 0023)."""

from __future__ import annotations

import struct
import zlib

import pytest

from scenarios.imperium_shogi.ai import ShogiAI
from scenarios.imperium_shogi.book import (
    HEADER,
    MAGIC,
    BookError,
    OpeningBook,
    decode_book,
    encode_book,
    read_book,
    shipped_book,
)
from scenarios.imperium_shogi.game import ShogiState, make_game
from scenarios.imperium_shogi.rules import decode, encode
from scenarios.solvers.alphabeta import AlphaBeta

GAME = make_game()
#: Where the search alone lost the benchmark game (opening 23, hard as Blue): of the seven
#: moves only b3c4 keeps the draw by the solved tablebase; the search played b4c4.
LOSS_POSITION = "mf1/1cb/BC1/1FM - b"


def positions_by_game_moves(depth: int) -> set[int]:
    """Compact keys of every position reachable within ``depth`` plies, through the game's
    protocol (``ShogiState``), independently of the book builder's own walk."""
    frontier = [GAME.new_initial_state()]
    seen = {frontier[0].key()}
    for _ in range(depth):
        following = []
        for state in frontier:
            for move in state.legal_actions():
                child = state.clone()
                child.apply_action(move)
                if child.key() not in seen:
                    seen.add(child.key())
                    following.append(child)
        frontier = following
    return seen


@pytest.mark.slow
def test_shipped_book_holds_only_positions_near_the_start_with_legal_proper_subsets():
    # SHO-10: every stored key is a position within the book's depth of the start; its kept
    # moves are legal there, and some legal move is left out (or the entry would filter nothing)
    book = shipped_book()
    assert book.depth == 7 and len(book) > 10_000
    near = positions_by_game_moves(book.depth)
    assert set(book.entries) <= near
    for key, kept in book.entries.items():
        state = ShogiState(decode(key))
        assert set(kept) < set(state.legal_actions()), state.to_text()


def test_book_keeps_only_b3c4_where_the_search_alone_lost():
    # SHO-7: the benchmark's lost game (issue 21): the book leaves hard one move there
    state = GAME.state_from_text(LOSS_POSITION)
    kept = shipped_book().kept_moves(state.position)
    assert kept is not None
    assert [state.action_to_text(move) for move in kept] == ["b3c4"]


@pytest.mark.slow
def test_hard_plays_the_book_move_without_searching():
    # SHO-7: with its book hard keeps the draw at once; without it, it searches
    state = GAME.state_from_text(LOSS_POSITION)
    booked = ShogiAI("hard")
    assert state.action_to_text(booked.choose(state)) == "b3c4"
    assert booked.last is None and booked.last_book_moves == 1
    alone = ShogiAI("hard", use_book=False)
    alone.choose(state)
    assert alone.last_book_moves is None and alone.last is not None


@pytest.mark.slow
def test_hard_searches_only_the_kept_moves_and_stays_deterministic():
    # SHO-7 (issue 21): with several kept moves hard searches among them only, and a slow clock
    # changes nothing (the book is data, the search a node budget)
    from tests.scenarios.imperium_shogi.test_ai import SlowClock

    state = GAME.state_from_text("mfc/1b1/1B1/CFM - r")
    legal = state.legal_actions()
    unrestricted = ShogiAI("hard", use_book=False).choose(state)
    kept = tuple(move for move in legal if move != unrestricted)[:2]
    book = OpeningBook(7, {encode(state.position): kept})
    fast = ShogiAI("hard", book=book)
    move = fast.choose(state)
    assert move in kept and fast.last_book_moves == 2
    slow = ShogiAI("hard", book=book, clock=SlowClock(0.5))
    assert slow.choose(GAME.state_from_text("mfc/1b1/1B1/CFM - r")) == move
    assert (slow.last.depth, slow.last.nodes) == (fast.last.depth, fast.last.nodes)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_weaker_levels_never_consult_the_book(level):
    # SHO-7: only hard has a book; easy and normal are their search budgets and nothing more
    state = GAME.state_from_text(LOSS_POSITION)
    ai = ShogiAI(level)
    ai.choose(state)
    assert ai.last_book_moves is None and ai.last is not None


def test_search_limited_to_root_actions_and_refuses_an_empty_choice():
    # SHO-3: the searcher picks among the given root actions only; none legal is an error
    state = GAME.state_from_text("mfc/1b1/1B1/CFM - r")
    searcher = AlphaBeta(lambda s, p: 0.0, key=lambda s: s.key())
    only = state.legal_actions()[-1]
    assert searcher.search(state, max_depth=3, root_actions=[only]).action == only
    with pytest.raises(ValueError, match="legal move"):
        searcher.search(state, max_depth=3, root_actions=[0xFFF])


def _book_bytes() -> bytes:
    return encode_book({1: (16,), 2: (32, 48)}, 3)


def test_book_round_trip():
    # SHO-10: what is written is read back
    book = decode_book(_book_bytes(), "b.bin")
    assert book.depth == 3 and dict(book.entries) == {1: (16,), 2: (32, 48)}


def _body(data: bytes) -> bytes:
    return zlib.decompress(data[len(MAGIC) + HEADER.size :])


def _with_body(body: bytes, *, count: int = 2, digest: bytes | None = None) -> bytes:
    import hashlib

    digest = digest if digest is not None else hashlib.sha256(body).digest()
    return MAGIC + HEADER.pack(1, 3, count, digest) + zlib.compress(body)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: b"not a book at all", "not an Imperium Shogi opening book"),
        (lambda d: d[:-5], "does not end where the header says|damaged body"),
        (lambda d: d + b"x", "does not end where the header says"),
        (lambda d: d[: len(MAGIC)] + struct.pack("<B", 9) + d[len(MAGIC) + 1 :], "format 9"),
        (lambda d: _with_body(_body(d), digest=b"\0" * 32), "checksum mismatch"),
        (lambda d: _with_body(_body(d)[:-2]), "length does not match"),
        (lambda d: _with_body(_body(d)[8:16] + _body(d)[:8] + _body(d)[16:]), "out of order"),
        (
            lambda d: _with_body(_body(d)[:16] + b"\x00" + _body(d)[17:18] + _body(d)[20:]),
            "no kept move",
        ),
        (lambda d: _with_body(_body(d)[:18] + b"\xff\xff" + _body(d)[20:]), "malformed"),
        (lambda d: _with_body(_body(d), count=2_000_000), "out of range"),
        (lambda d: b"x" * (5 << 20), "more than a book can have"),
    ],
)
def test_a_damaged_book_is_refused_naming_the_file(damage, message):
    # SHO-10: bad input gets a clear error naming the file; nothing is half-read
    with pytest.raises(BookError, match=rf"^b\.bin: .*({message})"):
        decode_book(damage(_book_bytes()), "b.bin")


def test_reading_a_missing_book_names_the_path(tmp_path):
    # SHO-10: an unreadable file is a BookError with its path, not a traceback
    with pytest.raises(BookError, match="missing.bin"):
        read_book(tmp_path / "missing.bin")


def test_cli_solve_says_when_the_book_decided(capsys):
    # SHO-10: the referee sees that the move came from the book, not from a search
    from scenarios.imperium_shogi.cli import cli_solve

    assert cli_solve(["--position", LOSS_POSITION, "--level", "hard"]) == 0
    out = capsys.readouterr().out
    assert "best move: b3c4" in out
    assert "opening book: 1 of 7 moves keep the solved result (played without search)" in out

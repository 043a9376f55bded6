"""An undo right after a referee undo (DN-ERR-1; docs/referee-cli.md, "Undoing a referee
undo"). Found by use: ``campaign undo t`` after ``campaign undo t --referee REASON`` took the
referee undo back, so the order it had reverted was in force again without a word; and a
second referee undo reverted the first the same way ("state restored to event 45": the order
was back). An undo of an undo is now explicit: a plain undo of a referee undo asks first on a
terminal, and without one is refused unless ``--yes`` confirms it, saying what it puts back in
force; consecutive referee undos each revert one more order, as undo does everywhere, and each
says which order it reverts."""

from __future__ import annotations

import pytest

from campaign.app import CampaignService
from tests.cli_referee.test_views import _run

SPLIT = "aslan split-stack strike - A-CL-3"
JUMP = "aslan jump strike hlirakh"


def _where(db: list[str], unit: str) -> tuple[str, str]:
    """``unit``'s place and stack, as the referee's service loads them."""
    state = CampaignService(db_url=db[1]).load("t").state
    found = state.units[unit]
    return found.location.to_text(), found.stack or "-"


def _jump_reverted(db: list[str], capsys) -> None:
    """The split, the jump, and a referee undo of the jump."""
    for order in (SPLIT, JUMP):
        assert _run(db, capsys, "order", "t", order)[0] == 0
    code, out, _ = _run(db, capsys, "undo", "t", "--referee", "wrong system")
    assert code == 0 and f"reverted: {JUMP}" in out, out
    assert _where(db, "A-CL-1") == ("hex:eawyo", "strike")


def test_an_undo_of_a_referee_undo_says_what_it_does_and_needs_a_yes(db, capsys):
    """DN-ERR-1: with no terminal to ask on, ``undo`` is refused, saying that it would put the
    jump back in force; ``undo --yes`` does it and says so."""
    _jump_reverted(db, capsys)
    code, _, err = _run(db, capsys, "undo", "t")
    said = " ".join(err.split())
    assert code == 1, said
    assert (
        "cannot undo 'referee undo \"wrong system\"' unasked: undoing a referee undo puts "
        f"'{JUMP}' back in force; confirm that with undo --yes"
    ) in said, said
    assert _where(db, "A-CL-1") == ("hex:eawyo", "strike")  # nothing changed
    code, out, _ = _run(db, capsys, "undo", "t", "--yes")
    assert code == 0, out
    assert 'undone: referee undo "wrong system"' in out and f"in force again: {JUMP}" in out
    assert _where(db, "A-CL-1") == ("hex:hlirakh", "strike")


@pytest.mark.parametrize("answer", ["n", "y"])
def test_on_a_terminal_the_undo_of_a_referee_undo_asks_first(db, capsys, monkeypatch, answer):
    """DN-ERR-1: on a terminal the question says what the undo does before it is done."""
    _jump_reverted(db, capsys)
    asked: list[str] = []
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda text: asked.append(text) or answer)
    code, out, err = _run(db, capsys, "undo", "t")
    assert asked == [
        'Undo referee undo "wrong system"? That takes the referee undo back: '
        f"{JUMP} is in force again. [y/N] "
    ]
    if answer == "n":
        assert code == 1 and "not undone: 'referee undo \"wrong system\"' stays" in err, err
        assert _where(db, "A-CL-1") == ("hex:eawyo", "strike")
    else:
        assert code == 0 and f"in force again: {JUMP}" in out
        assert _where(db, "A-CL-1") == ("hex:hlirakh", "strike")


def test_consecutive_referee_undos_each_revert_one_more_order(db, capsys):
    """DN-ERR-1: the second referee undo reverted the first (the jump was back at Hlirakh);
    it now reverts the order before the jump, and says so."""
    _jump_reverted(db, capsys)
    code, out, _ = _run(db, capsys, "undo", "t", "--referee", "and the split")
    assert code == 0 and f"reverted: {SPLIT}" in out, out
    assert _where(db, "A-CL-1") == ("hex:eawyo", "strike")  # the jump stays reverted
    assert _where(db, "A-CL-3") == ("hex:eawyo", "strike")  # the split is reverted too
    # an order given after a referee undo is the one the next referee undo reverts
    assert _run(db, capsys, "order", "t", JUMP)[0] == 0
    code, out, _ = _run(db, capsys, "undo", "t", "--referee", "once more")
    assert code == 0 and f"reverted: {JUMP}" in out, out
    assert _where(db, "A-CL-1") == ("hex:eawyo", "strike")


def test_the_log_names_the_order_a_referee_undo_reverted(db, capsys):
    """DN-ERR-1 (found by use, December 7): the log's entry of a referee undo said only "state
    restored to event N"; only the command's answer named the order. The log names it too, in
    the sentences and in ``--raw``, for the referee and for a player."""
    _jump_reverted(db, capsys)
    for seat in ([], ["--side", "aslan"]):
        code, out, _ = _run(db, capsys, "log", "t", *seat)
        assert code == 0
        entry = out[out.index('referee undo "wrong system"') :]
        assert f"reverted: {JUMP}" in entry, entry
    code, out, _ = _run(db, capsys, "log", "t", "--raw")
    last = out.strip().splitlines()[-1]
    assert "referee-restored" in last and f"reverted: {JUMP}" in last, last


def _typed(key: type[BaseException]):
    """``input`` as a terminal answers it when the referee presses Ctrl+D (``EOFError``) or
    Ctrl+C (``KeyboardInterrupt``) at the question."""

    def answer(text: str) -> str:
        print(text, end="")
        raise key

    return answer


def test_ctrl_d_or_ctrl_c_at_the_undo_question_changes_nothing(db, capsys, monkeypatch):
    """DN-ERR-1 (found by use, December 7, evening): Ctrl+D at the question of an undo of a
    referee undo ended in a Python traceback (EOFError), and Ctrl+C printed `interrupted` on
    the question's own line. Ctrl+D answers no, as an empty answer does; Ctrl+C ends the line
    and says nothing was undone. Neither changes anything."""
    _jump_reverted(db, capsys)
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", _typed(EOFError))
    code, out, err = _run(db, capsys, "undo", "t")
    assert code == 1 and out.endswith("[y/N] \n"), (out, err)
    assert "not undone: 'referee undo \"wrong system\"' stays" in err
    monkeypatch.setattr("builtins.input", _typed(KeyboardInterrupt))
    code, out, err = _run(db, capsys, "undo", "t")
    assert code == 130 and out.endswith("[y/N] \n")
    assert err == "interrupted at the question: nothing changed\n"
    assert _where(db, "A-CL-1") == ("hex:eawyo", "strike")

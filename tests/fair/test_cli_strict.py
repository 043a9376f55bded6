"""Strict dice through the command line (issue 34 "Dice nobody can preview", ADR 0028,
DN-ERR-1): `campaign new --dice strict` on two databases, the set-up and game turn 1 by
`order`, `export` and `import` up to Aslan's first order that rolls (the range in Solace),
which is held, ends Aslan's file and is rolled by Solomani's machine; the status line names
the wait; the answer brings the decision back."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fair.by_mail import PLACES, SETUP
from tests.fair.cli import run_cli, side_db
from tests.pbem.bot import Bot
from tests.pbem.helpers import service

NAME = "duel"


class Players:
    """Two databases played through the CLI only: before a side acts, the other side's file
    goes over (`export` then `import`)."""

    def __init__(self, tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.tmp, self.capsys = tmp, capsys
        self.holder: str | None = None
        self.files = 0

    def run(self, *argv: str) -> str:
        code, out, err = run_cli(self.capsys, *argv)
        assert code == 0, err
        return out

    def send(self, sender: str) -> tuple[str, str]:
        """``sender`` exports its file, the other imports it: both outputs."""
        self.files += 1
        path = self.tmp / f"turn-{self.files}.json"
        out = self.run("export", NAME, "-o", str(path), *side_db(self.tmp, sender))
        receiver = "aslan" if sender == "solomani" else "solomani"
        self.holder = receiver
        return out, self.run("import", NAME, str(path), *side_db(self.tmp, receiver))

    def order(self, text: str) -> str:
        side = text.split(" ", 1)[0]
        if self.holder is not None and self.holder != side:
            self.send(self.holder)
        self.holder = side
        return self.run("order", NAME, text, "--side", side, *side_db(self.tmp, side))


@pytest.mark.slow
def test_a_held_order_goes_over_and_comes_back_decided(tmp_path: Path, capsys) -> None:
    """DN-ERR-1, ADR 0028: Aslan's range order is held ("held for strict dice"), the status
    line names Solomani's contribution, the export says the file ends with it, Solomani's
    import rolls it, and Solomani's answer decides it on Aslan's machine too."""
    for side in ("solomani", "aslan"):
        out = run_cli(
            capsys,
            "new",
            NAME,
            "--seed",
            "11",
            "--dice",
            "strict",
            "--as",
            side,
            *side_db(tmp_path, side),
        )[1]
        assert f"campaign {NAME!r} created" in out
    players = Players(tmp_path, capsys)
    for number, system in enumerate(PLACES):
        players.order(f"{('solomani', 'aslan')[number % 2]} place-neutral {system}")
    for text in SETUP:
        players.order(text)
    bot = Bot()
    for _ in range(300):  # the test bot plays on until an order is held
        side = players.holder or "solomani"
        loaded = service(tmp_path / f"{side}.db").load(NAME)  # the holder's copy is current
        text = bot.next_order(loaded.state, loaded.ruleset)
        out = players.order(text)
        if "held for strict dice" in out:
            break
    else:
        raise AssertionError("no order was held")
    held, giver = text, text.split()[0]
    other = "aslan" if giver == "solomani" else "solomani"
    number = players.files + 1
    assert f"it ends file {number}" in out and f"{other}'s contribution" in out
    assert f"now: waiting for {other}'s dice contribution to file {number}" in out
    status = players.run("status", NAME, "--side", giver, *side_db(tmp_path, giver))
    assert (
        f"must act now: {other} — waiting for {other}'s dice contribution to file "
        f"{number} (DN-ERR-1)"
    ) in status
    # issue 46 item 5: one line, the waiting side named; nothing else is asked or offered
    assert status.count("must act now") == 1 and "legal orders now" not in status
    code, _, err = run_cli(
        capsys, "order", NAME, f"{giver} end-phase", "--side", giver, *side_db(tmp_path, giver)
    )
    assert code == 1 and err.count("\n") == 1 and f"waiting for {other}'s dice" in err
    exported, imported = players.send(giver)
    assert f"ends with '{held}', whose dice the other side's machine rolls" in exported
    assert f"your machine rolled the dice of {giver}'s order '{held}'" in imported
    assert f"its held order '{held}' rolled here" in imported
    exported, imported = players.send(other)
    assert f"file {number + 1} decided your order '{held}'" in imported
    log = players.run("log", NAME, "--side", giver, *side_db(tmp_path, giver))
    assert "dice (strict key): " in log
    status = players.run("status", NAME, "--side", giver, *side_db(tmp_path, giver))
    assert "dice contribution" not in status


def test_fair_mode_rolls_strict_dice_by_default(tmp_path: Path, capsys) -> None:
    """Issue 42 item 3: `campaign new --fair` (no --dice) makes a strict-dice campaign, and
    --dice strict with --fair is accepted; the creation line says so."""
    for name, extra in (("plain", ()), ("named", ("--dice", "strict"))):
        code, out, err = run_cli(
            capsys, "new", NAME, "--fair", "--as", "aslan", *extra, *side_db(tmp_path, name)
        )
        assert code == 0, err
        assert "fair mode (face-down counters shuffled jointly by turn file), strict dice" in out


@pytest.mark.parametrize("dice", ["seeded", "physical"])
def test_fair_mode_with_dice_a_player_can_foresee_is_refused(
    tmp_path: Path, capsys, dice: str
) -> None:
    """Issue 42 item 3 (`--fair` with seeded dice): refused in one line saying why, and no
    database is made."""
    code, _, err = run_cli(
        capsys, "new", NAME, "--fair", "--dice", dice, "--as", "aslan", *side_db(tmp_path, "x")
    )
    assert code == 1 and err.count("\n") == 1
    assert f"--dice {dice} with --fair is refused" in err
    assert not (tmp_path / "x.db").exists()

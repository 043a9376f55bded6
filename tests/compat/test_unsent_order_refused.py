"""An order 0.1.0 accepted and this version refuses, given before the upgrade and not sent yet
(docs/compatibility.md, "Orders the new version refuses"; ADR 0057; DN-ECO-7).

Made with the real 0.1.0 code (commit ``2f51e36``, December 7, late night): from
``snap/017-bob.db`` Bob imported file 18, sent his file 19 (``end-phase`` four times), Alice
(``snap/018-alice.db``) imported it and sent file 20 (``end-phase`` four times:
``extra/020-alice.db`` is her database then), Bob imported it and, at his Maintenance &
Production step, gave ``solomani produce DD 1 hex:concord`` before ``maintain``, which 0.1.0
accepted (``extra/021-bob-produced-first.db``). Found by use: after the upgrade Bob gave
``maintain`` (frontier dice) and ``pass``, exported, and Alice's import refused his file under
DN-ECO-7; nothing had told Bob before.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.compat.game import CAMPAIGN, Machine, copy_release, run

pytestmark = pytest.mark.slow

ORDER = "solomani produce DD 1 hex:concord"


def _players(tmp_path: Path) -> tuple[Machine, Machine]:
    """Alice after she sent file 20 and Bob with his unsent 0.1.0 order, both as 0.1.0 left
    their databases (not migrated yet)."""
    release = copy_release("0.1.0", tmp_path / "0.1.0")
    alice, bob = tmp_path / "alice.db", tmp_path / "bob.db"
    shutil.copyfile(release / "extra" / "020-alice.db", alice)
    shutil.copyfile(release / "extra" / "021-bob-produced-first.db", bob)
    keys = release / "keys"
    return (
        Machine(alice, "aslan", keys / "aslan" / "aslan.key", release / "trust-alice"),
        Machine(bob, "solomani", keys / "solomani" / "solomani.key", release / "trust-bob"),
    )


def test_the_upgrade_names_the_unsent_order_it_refuses(tmp_path):
    """DN-ECO-7 (docs/compatibility.md): the first command after the upgrade says, beside the
    copy of the database as it was, which unsent order this version refuses, its rule, and
    what to do now: here a plain undo takes it back."""
    _, bob = _players(tmp_path)
    code, _, err = run("status", CAMPAIGN, *bob.db_args)
    assert code == 0, err
    assert f"a copy of it as it was: {bob.db}.schema-1.bak" in err
    assert f"'{ORDER}' (event 165)" in err and "DN-ECO-7" in err, err
    assert "the other player's import would refuse your next file" in err
    assert f"take it back with `campaign undo {CAMPAIGN}`" in err
    code, _, err = run("status", CAMPAIGN, *bob.db_args)
    assert (code, err) == (0, ""), err  # said once, when the database is migrated


def _exchanges(machine: Machine) -> str:
    code, out, err = run("exchanges", CAMPAIGN, *machine.db_args)
    assert code == 0, err
    return out


def test_the_export_refuses_a_file_the_other_import_would_refuse(tmp_path):
    """DN-ECO-7: once ``maintain`` rolled dice after it, the order cannot be undone; the
    export refuses in one message naming the order, its rule, that aslan's import would
    refuse the file, and the remedy with the copy's path; nothing is written or recorded."""
    alice, bob = _players(tmp_path)
    run("status", CAMPAIGN, *bob.db_args)  # the upgrade
    bob.order("maintain")
    bob.order("pass")
    before = _exchanges(bob)
    target = tmp_path / "f021.json"
    code, _, err = run("export", CAMPAIGN, "-o", str(target), "--sign", str(bob.key), *bob.db_args)
    assert code != 0
    assert err.count("\n") == 1 and err.startswith(
        "campaign: DN-ECO-7: nothing written: file 21"
    ), err
    assert f"'{ORDER}' (event 165)" in err and "DN-ECO-7: maintenance comes first" in err
    assert "aslan's import would refuse the file" in err
    assert f"put the copy {bob.db}.schema-1.bak in place of the database" in err
    assert not target.exists()
    assert _exchanges(bob) == before  # nothing recorded as sent


def test_taken_back_as_told_the_game_goes_on(tmp_path):
    """DN-ECO-7: after the undo the upgrade advised, ``maintain`` and the same ``produce``,
    the file exports and Alice's upgraded machine imports it: nothing was lost."""
    alice, bob = _players(tmp_path)
    code, _, err = run("undo", CAMPAIGN, *bob.db_args)  # the upgrade, then the undo
    assert code == 0 and "DN-ECO-7" in err, err
    for text in ("maintain", "produce DD 1 hex:concord", "pass"):
        bob.order(text)
    made = bob.export(tmp_path / "f021.json")
    out = alice.import_file(made)
    assert "file 21 from solomani" in out
    code, log, _ = run("log", CAMPAIGN, "--type", "units-produced", *alice.db_args)
    assert code == 0 and ORDER in log, log


def test_the_upgrade_names_a_sent_file_the_other_import_would_refuse(tmp_path):
    """DN-ECO-7: Bob sent file 21 with 0.1.0 (``produce``, ``maintain``, ``pass``:
    ``extra/021-bob-sent.db``) and upgraded before Alice answered; the notice names the file
    and the order, and says Alice imports it with the older version, before she upgrades."""
    release = copy_release("0.1.0", tmp_path / "0.1.0")
    bob = tmp_path / "bob.db"
    shutil.copyfile(release / "extra" / "021-bob-sent.db", bob)
    code, _, err = run("status", CAMPAIGN, "--db", f"sqlite:///{bob}")
    assert code == 0, err
    assert "file 21, which you sent with the older version" in err, err
    assert f"'{ORDER}' (event 165): DN-ECO-7" in err
    assert "he imports it with the older version, before he upgrades" in err
    assert "not sent yet" not in err

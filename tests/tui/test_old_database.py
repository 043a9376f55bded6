"""A database of an older version opened in the terminal UI: migrated on open, and the screen
says so with the copy's path, as the commands do (docs/compatibility.md, "Upgrading")."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

from campaign.app import CampaignService
from campaign.tui.app import create_app
from campaign.tui.screens.launcher import LauncherScreen
from tests.compat.game import COMPAT_DIR
from tests.tui.pilot_helpers import SIZE
from tests.waiting import until


def _notices(no_keymap: Path, database: Path) -> list[str]:
    """The notifications the launcher shows when it opens ``database``."""

    async def messages(service: CampaignService) -> list[str]:
        async with create_app(no_keymap, service=service).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(pilot.app.screen, LauncherScreen), "launcher")
            return [str(note.message) for note in pilot.app._notifications]

    return asyncio.run(messages(CampaignService(db_url=f"sqlite:///{database}")))


def test_the_launcher_says_it_migrated_an_old_database_and_where_the_copy_is(
    tmp_path: Path, no_keymap: Path
) -> None:
    """docs/compatibility.md, "Upgrading" (ADR 0046): ``campaign tui`` on 0.1.0's database
    migrated it and wrote the copy without a word; the launcher now shows the sentence the
    commands print, and only the first time."""
    path = tmp_path / "bob.db"
    shutil.copyfile(COMPAT_DIR / "v0_1_0" / "bob.db", path)
    backup = tmp_path / "bob.db.schema-1.bak"
    expected = (
        "the database was made by an older version and is now migrated; "
        f"a copy of it as it was: {backup}"
    )

    first = _notices(no_keymap, path)
    assert backup.exists()
    assert expected in first
    again = _notices(no_keymap, path)
    assert not [message for message in again if "migrated" in message]


def test_the_launcher_names_an_unsent_order_this_version_refuses(
    tmp_path: Path, no_keymap: Path
) -> None:
    """DN-ECO-7 (docs/compatibility.md, "Orders the new version refuses"; ADR 0057): Bob's
    0.1.0 database holds ``produce`` given before ``maintain`` and not sent; the screen's
    notice after the migration names it, its rule and the undo that takes it back, as the
    commands do (tests/compat/test_unsent_order_refused.py)."""
    path = tmp_path / "bob.db"
    shutil.copyfile(COMPAT_DIR / "v0_1_0" / "extra" / "021-bob-produced-first.db", path)

    (notice,) = _notices(no_keymap, path)
    assert f"a copy of it as it was: {tmp_path / 'bob.db.schema-1.bak'}" in notice
    assert "'solomani produce DD 1 hex:concord' (event 165): DN-ECO-7" in notice, notice
    assert "take it back with `campaign undo nebula`" in notice

"""The browser the page tests drive cleans up after itself (test infrastructure, no rule id).

Chromium leaves its single-instance lock folder (``org.chromium.Chromium.*``) in the
temporary folder when the driver ends it: before this test, every run of the browser tests
left one such folder in ``/tmp`` per browser started (484 had piled up on the team's machine).
"""

from __future__ import annotations

from pathlib import Path

from tests.browser.conftest import require_chromium
from tests.browser.harness import Browser


def chromium_folders(where: Path) -> list[Path]:
    return sorted(where.glob("org.chromium.Chromium.*"))


def test_chromium_keeps_its_temporary_files_in_the_browsers_scratch_folder(browser: Browser):
    browser.open("about:blank")
    assert chromium_folders(browser.scratch), "Chromium wrote its lock folder somewhere else"
    assert (browser.scratch / "profile").is_dir()


def test_quitting_the_browser_removes_its_scratch_folder():
    require_chromium()
    browser = Browser()
    scratch = browser.scratch
    browser.open("about:blank")
    browser.quit()
    assert not scratch.exists()

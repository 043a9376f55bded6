"""The README's picture of the terminal UI is the app's own screenshot of the demo campaign
(issue 32 item 5): `make pictures` redraws it, and this test says when it is stale."""

from __future__ import annotations

import pytest

from tests.conftest import REPO_ROOT
from tools.tui_screenshot import screenshot

PICTURE = REPO_ROOT / "docs" / "images" / "tui-demo.svg"


@pytest.mark.slow
def test_readme_screenshot_matches_a_fresh_one():
    # DN-SEQ-1 tracker, DN-MOV-2 destinations: the demo campaign's first screen
    assert PICTURE.read_text(encoding="utf-8") == screenshot(), (
        "docs/images/tui-demo.svg is stale: run `make pictures`"
    )
    assert "docs/images/tui-demo.svg" in (REPO_ROOT / "README.md").read_text(encoding="utf-8")

"""The README's map picture is the tool's own output for the standard layout: regenerate it with
`make pictures` when the drawing or the map data change (this test says so when it is stale)."""

from __future__ import annotations

from campaign.cli import main
from tests.conftest import DATA_DIR, REPO_ROOT

PICTURE = REPO_ROOT / "docs" / "images" / "standard-layout.svg"


def test_readme_picture_matches_a_fresh_rendering(tmp_path, capsys):  # DN-MAP-5
    fresh = tmp_path / "standard-layout.svg"
    assert main(["data", "map", "--data", str(DATA_DIR), "--layout", "standard",
                 "-o", str(fresh)]) == 0
    assert PICTURE.read_bytes() == fresh.read_bytes(), (
        f"{PICTURE.relative_to(REPO_ROOT)} is stale: run `make pictures`")
    assert "docs/images/standard-layout.svg" in (REPO_ROOT / "README.md").read_text("utf-8")

"""The README's map picture is the tool's own output for the standard layout: regenerate it with
`make pictures` when the drawing or the map data change (this test says so when it is stale)."""

from __future__ import annotations

from campaign.cli import main
from tests.conftest import DATA_DIR, REPO_ROOT

PICTURE = REPO_ROOT / "docs" / "images" / "standard-layout.svg"


def test_readme_picture_matches_a_fresh_rendering(tmp_path, capsys):  # DN-MAP-5
    fresh = tmp_path / "standard-layout.svg"
    assert (
        main(["data", "map", "--data", str(DATA_DIR), "--layout", "standard", "-o", str(fresh)])
        == 0
    )
    assert PICTURE.read_bytes() == fresh.read_bytes(), (
        f"{PICTURE.relative_to(REPO_ROOT)} is stale: run `make pictures`"
    )
    assert "docs/images/standard-layout.svg" in (REPO_ROOT / "README.md").read_text("utf-8")


def test_no_section_title_is_drawn_over_a_system_name():
    """DN-MAP-5: every section title stays clear of the system names ("Aokhtel", at the foot of
    the Aslan Hierate, hung over the "Bright Star" title before). Read back from the picture
    itself: text boxes from each element's position, font size and length (a character is about
    0.62 of the font size wide)."""
    from tests.render.svgdoc import parse

    root = parse(PICTURE.read_bytes())

    def box(element, size: float, anchor: str) -> tuple[float, float, float, float]:
        x, y, text = float(element.get("x")), float(element.get("y")), element.text or ""
        width = len(text) * size * 0.62
        left = x - width / 2 if anchor == "middle" else x
        return left, y - size, left + width, y + size * 0.25

    names = [box(e, 9.0, "middle") for e in root.iter() if e.get("class") == "system"]
    titles = [
        (group.get("data-name"), box(texts[-1], 10.0, "start"))
        for group in root.iter()
        if group.get("class") == "section"
        for texts in [[e for e in group if e.tag.endswith("text")]]
        if texts
    ]
    assert len(titles) == 8 and len(names) == 54
    for title, (left, top, right, bottom) in titles:
        clashes = [
            n for n in names if left < n[2] and n[0] < right and top < n[3] and n[1] < bottom
        ]
        assert not clashes, f"section title {title!r} is drawn over a system name"

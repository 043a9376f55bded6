"""Load fixed layouts from ``data/maps/layouts/`` and build the map (DN-MAP-5, DN-DATA-5).

A layout lists ``[[place]]`` entries (section key, slot column, slot row). Assembly is the pure
``campaign.rules.map_assembly``; its errors are reported at the offending ``[[place]]`` line.
"""

from __future__ import annotations

import re
from pathlib import Path

from campaign.content.errors import DataFileError
from campaign.content.maps import SECTIONS_DIR
from campaign.content.toml_lines import TomlReader
from campaign.rules.map_assembly import AssemblyError, Section, assemble, assemble_random
from campaign.rules.ruleset import SectionPlacement, StarMap
from campaign.rules.suggest import did_you_mean

LAYOUTS_DIR = "layouts"
_PLACE_KEYS = {"section", "col", "row"}
#: The largest slot column or row of a layout (the game has at most about a dozen sections).
MAX_SLOT = 31
#: A layout name: a file stem of data/maps/layouts, never a path (``../x`` reads nothing).
_LAYOUT_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")


def load_layout(path: Path, catalog: dict[str, Section]) -> StarMap:
    """Assemble the fixed layout in ``path`` from ``catalog``; problems name the layout line."""
    reader = TomlReader(path)
    reader.top_level({"layout", "place"})
    head = reader.tables("layout", {"name", "description"})
    if head:  # checked, but the layout is named by its file, as --layout, the campaign's row
        # and the profile hash name it: a copy of standard.toml as mine.toml that kept
        # name = "standard" was logged and summarised as "layout standard" (found by use,
        # December 8)
        reader.value(head[0], "layout", 0, "name", str, path.stem)
    name = path.stem
    placements: list[SectionPlacement] = []
    for index, entry in enumerate(reader.tables("place", _PLACE_KEYS)):
        key = reader.value(entry, "place", index, "section", str, ...)
        if key not in catalog:
            reader.fail(
                f"unknown section {key!r} (known: {', '.join(sorted(catalog))})",
                "place",
                index,
                "section",
            )
        col = reader.value(entry, "place", index, "col", int, ...)
        row = reader.value(entry, "place", index, "row", int, ...)
        if not (0 <= col <= MAX_SLOT and 0 <= row <= MAX_SLOT):
            reader.fail(f"col and row must be from 0 to {MAX_SLOT}", "place", index)
        placements.append(SectionPlacement(section=key, slot_col=col, slot_row=row))
    if not placements:
        reader.fail("a layout needs at least one [[place]]")
    try:
        return assemble(catalog, placements, layout=name)
    except AssemblyError as error:
        line = (
            reader.line("place", error.placement)
            if error.placement is not None
            else reader.line("layout")
        )
        raise DataFileError(path, line, error.reason) from None


def build_map(
    maps_dir: Path, catalog: dict[str, Section], layout: str, seed: int | None
) -> tuple[StarMap, Path | None]:
    """The map for a named layout file, or the seeded random assembly (``layout == "random"``).

    Returns the map and the layout file used (``None`` for random assembly).
    """
    if layout == "random":
        if seed is None:
            raise ValueError("random assembly needs a seed")
        try:
            return assemble_random(catalog, seed), None
        except AssemblyError as error:
            raise DataFileError(maps_dir / SECTIONS_DIR, None, error.reason) from None
    known = sorted(p.stem for p in (maps_dir / LAYOUTS_DIR).glob("*.toml"))
    path = maps_dir / LAYOUTS_DIR / f"{layout}.toml"
    if not _LAYOUT_NAME.fullmatch(layout) or layout not in known:
        named = _LAYOUT_NAME.fullmatch(layout)
        # only a name that looks like a path is told it is not one (found by use, December 8:
        # `--layout Standard` was told so, and not that 'standard' is the name)
        path_like = any(mark in layout for mark in ("/", "\\", ".", "~"))
        raise DataFileError(
            path if named else maps_dir / LAYOUTS_DIR,
            None,
            f"no layout {layout[:80]!r}"
            + (
                ": a layout is the name of a file in this directory, not a path"
                if path_like
                else did_you_mean(layout[:80], [*known, "random"])
            )
            + f" (layouts: {', '.join(known + ['random'])})",
        )
    return load_layout(path, catalog), path

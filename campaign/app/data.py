"""The rules data before any campaign (``campaign data check|map|systems``): which directory,
the checked profile with every fixed layout assembled, and the map of one layout or section to
draw. ``DataFileError`` (file, line, reason) for a broken file."""

from __future__ import annotations

import os
from pathlib import Path

from campaign import __version__
from campaign.content.errors import DataFileError
from campaign.content.layouts import build_map
from campaign.content.loader import (
    DATA_DIR_ENV,
    default_data_dir,
    load_all_layouts,
    load_ruleset,
    load_sections_of,
    missing_data_dir,
    resolve_layout,
)
from campaign.rules.map_assembly import single_section_map
from campaign.rules.ruleset import Ruleset, StarMap
from campaign.rules.suggest import did_you_mean

__all__ = [
    "DataFileError",
    "checked_profile",
    "data_directory",
    "data_origin",
    "map_to_draw",
    "ruleset_of",
]


def data_directory(given: Path | None) -> Path:
    """``given``, else ``$CAMPAIGN_DATA_DIR``, else the data shipped with the tool."""
    return given if given is not None else default_data_dir()


def data_origin(given: Path | None) -> str:
    """Why ``data_directory(given)`` is the directory read, in words for ``campaign data check``:
    ``--data``, ``$CAMPAIGN_DATA_DIR``, or the data shipped with this version. A referee with an
    installed wheel learns where the shipped folder is (to copy it) and sees that his own copy
    is the one read."""
    if given is not None:
        return "--data"
    if os.environ.get(DATA_DIR_ENV):
        return f"${DATA_DIR_ENV}"
    return f"shipped with campaign {__version__}"


def ruleset_of(data_dir: Path, layout: str | None, seed: int | None) -> Ruleset:
    """The profile in ``data_dir`` on ``layout`` (``DataFileError`` for a broken file)."""
    return load_ruleset(data_dir, layout=layout, seed=seed)


def checked_profile(
    data_dir: Path, layout: str | None, seed: int | None
) -> tuple[Ruleset, dict[str, StarMap]]:
    """The profile on ``layout`` and every fixed layout assembled, so a broken layout that is
    not the chosen one fails too (``campaign data check``)."""
    ruleset = ruleset_of(data_dir, layout, seed)
    return ruleset, load_all_layouts(data_dir, load_sections_of(data_dir))


def map_to_draw(
    data_dir: Path, *, section: str | None, layout: str | None, seed: int | None
) -> tuple[StarMap, str]:
    """The map of one section (by key or name) or of a layout, and a line saying which, for
    ``campaign data map``; ``ValueError`` naming the known sections for an unknown one."""
    if not data_dir.is_dir():
        raise ValueError(f"{data_dir}: {missing_data_dir(data_dir)}")
    catalog = load_sections_of(data_dir)
    if section is not None:
        if seed is not None:
            raise ValueError("--seed applies to --layout random, not to --section")
        found = [s for s in catalog.values() if section in (s.key, s.name)]
        if not found:
            raise ValueError(  # a misspelt key gets the closest (found by use, December 8)
                f"no section {section[:80]!r} in {data_dir / 'maps' / 'sections'}"
                f"{did_you_mean(section[:80], catalog)}; known: {', '.join(sorted(catalog))}"
            )
        return single_section_map(found[0]), f"section {found[0].name} ({found[0].key}.toml)"
    chosen = resolve_layout(layout, seed)
    star_map, _ = build_map(data_dir / "maps", catalog, chosen, seed)
    return star_map, f"layout {chosen}" + (f" seed {seed}" if seed is not None else "")

"""Build the frozen ``Ruleset`` from a data directory (DN-DATA-1..5, DN-MAP-1..5).

Everything is read and validated first; a ``Ruleset`` is only returned when every file is good,
so nothing is ever half-loaded. Errors are ``DataFileError`` (``file:line: reason``).
"""

from __future__ import annotations

import os
from pathlib import Path

from campaign.bundled import bundled_data_dir
from campaign.content.errors import DataFileError
from campaign.content.hashing import current_hashes, profile_hash
from campaign.content.layouts import LAYOUTS_DIR, build_map, load_layout
from campaign.content.maps import SECTIONS_DIR, load_sections
from campaign.content.tables import HOUSE_RULES_FILE, load_house_rules_with_label, load_tables
from campaign.content.units import load_units
from campaign.rules.map_assembly import Section
from campaign.rules.ruleset import Ruleset, StarMap

#: Environment variable that points the tool at another data directory.
DATA_DIR_ENV = "CAMPAIGN_DATA_DIR"
DEFAULT_LAYOUT = "standard"
RANDOM_LAYOUT = "random"


def default_data_dir() -> Path:
    """The data directory: ``$CAMPAIGN_DATA_DIR`` if set, else the data shipped with the tool.

    The shipped data is the repository's ``data/`` folder, installed as the resource package
    ``campaign.data`` (``campaign.bundled``), so a wheel and an editable install both find it.
    """
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    return bundled_data_dir()


def resolve_layout(layout: str | None, seed: int | None) -> str:
    """The layout to use: ``random`` when only a seed is given, else ``standard`` by default."""
    if layout is None:
        return RANDOM_LAYOUT if seed is not None else DEFAULT_LAYOUT
    if layout != RANDOM_LAYOUT and seed is not None:
        raise ValueError(f"a seed only applies to random assembly, not to layout {layout!r}")
    if layout == RANDOM_LAYOUT and seed is None:
        raise ValueError("random assembly needs a seed")
    return layout


def load_sections_of(data_dir: Path) -> dict[str, Section]:
    """Every section of ``data_dir/maps/sections``."""
    return load_sections(data_dir / "maps" / SECTIONS_DIR)


def load_ruleset(
    data_dir: Path | None = None, layout: str | None = None, seed: int | None = None
) -> Ruleset:
    """The rules profile from ``data_dir`` (default: ``default_data_dir()``).

    ``layout`` names a file of ``data/maps/layouts`` (default ``standard``) or is ``"random"``
    for seeded random assembly (DN-MAP-5); giving only ``seed`` selects random assembly.
    Raises ``DataFileError`` for any bad file.
    """
    root = Path(data_dir) if data_dir is not None else default_data_dir()
    chosen = resolve_layout(layout, seed)
    if not root.is_dir():
        raise DataFileError(root, None, "data directory not found")
    units = load_units(root / "units.csv")
    tables = load_tables(root / "tables", root)
    house_rules, rules_label = load_house_rules_with_label(root / "tables" / HOUSE_RULES_FILE)
    catalog = load_sections_of(root)
    star_map, _ = build_map(root / "maps", catalog, chosen, seed)
    hashes = current_hashes(root)
    return Ruleset(
        units=units,
        tables=tables,
        star_map=star_map,
        house_rules=house_rules,
        file_hashes=hashes,
        profile_hash=profile_hash(hashes, chosen, seed),
        house_rules_label=rules_label,
    )


def load_all_layouts(data_dir: Path, catalog: dict[str, Section]) -> dict[str, StarMap]:
    """Every fixed layout of ``data_dir``, assembled (used by ``campaign data check``)."""
    layouts_dir = data_dir / "maps" / LAYOUTS_DIR
    return {path.stem: load_layout(path, catalog) for path in sorted(layouts_dir.glob("*.toml"))}

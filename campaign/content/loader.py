"""Build the frozen ``Ruleset`` from a data directory (DN-DATA-1..5, DN-MAP-1..5).

Everything is read and validated first; a ``Ruleset`` is only returned when every file is good,
so nothing is ever half-loaded. Errors are ``DataFileError`` (``file:line: reason``).
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING

from campaign.bundled import DATA_DIR_ENV as DATA_DIR_ENV
from campaign.bundled import chosen_data_dir
from campaign.content.built import keep_built, load_built
from campaign.content.errors import DataFileError
from campaign.content.hashing import current_hashes, profile_hash
from campaign.rules.ruleset import Ruleset

if TYPE_CHECKING:
    from campaign.rules.map_assembly import Section
    from campaign.rules.ruleset import StarMap

DEFAULT_LAYOUT = "standard"
RANDOM_LAYOUT = "random"

#: Rulesets built in this process, by data directory, map assembly and the content hash of
#: every profile file (``_built_key``). The TUI reopens its campaign after every order and a
#: process that serves several commands (the TUI, a test) opens campaigns again and again; the
#: files are hashed on every load anyway (DN-DATA-4), and equal hashes mean equal canonical
#: bytes, so the frozen ruleset built from them is the one parsing them again would build.
#: A changed file changes its hash and is parsed (and checked) again.
_BUILT: OrderedDict[tuple[object, ...], Ruleset] = OrderedDict()
#: Guards ``_BUILT`` (the TUI loads in worker threads too).
_BUILT_LOCK = threading.Lock()
#: How many rulesets ``_BUILT`` keeps (a layout each, a few random maps).
_BUILT_LIMIT = 16
# The readers of the files (``campaign.content.maps``, ``layouts``, ``tables``, ``units``) are
# imported when a ruleset is built from them, not when it comes from ``_BUILT`` or from the
# user's cache (``campaign.content.built``; issue 47 item 2).


def default_data_dir() -> Path:
    """The data directory: ``$CAMPAIGN_DATA_DIR`` if set, else the data shipped with the tool.

    The shipped data is the repository's ``data/`` folder, installed as the resource package
    ``campaign.data`` (``campaign.bundled``), so a wheel and an editable install both find it.
    """
    return chosen_data_dir()


def missing_data_dir(root: Path) -> str:
    """Why ``root`` cannot be read, in words: "data directory not found", and when
    ``$CAMPAIGN_DATA_DIR`` named it, that the variable did and how to go back to the shipped
    data (a variable set long ago is easy to forget: found by use). A file given for the
    directory is called a file (found by use, December 8: `--data mine/units.csv` was "not
    found")."""
    found = (
        "a file, not a data directory (the folder holding units.csv, tables/ and maps/)"
        if root.exists()
        else "data directory not found"
    )
    override = os.environ.get(DATA_DIR_ENV)
    if override and Path(override) == root:
        return f"{found} (named by ${DATA_DIR_ENV}; unset it to use the data shipped with the tool)"
    return found


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
    from campaign.content.maps import SECTIONS_DIR, load_sections

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
        raise DataFileError(root, None, missing_data_dir(root))
    hashes = _hashes_or_none(root)
    key = None if hashes is None else _built_key(root, chosen, seed, hashes)
    if key is not None:
        with _BUILT_LOCK:
            if key in _BUILT:
                _BUILT.move_to_end(key)
                return _BUILT[key]
    ruleset = load_built(key) if key is not None else None
    if ruleset is None:
        ruleset = _build(root, chosen, seed, hashes)
        if key is not None and _hashes_or_none(root) == hashes:  # no file changed while parsed
            keep_built(key, ruleset)
        else:
            key = None
    if key is not None:
        with _BUILT_LOCK:
            _BUILT[key] = ruleset
            while len(_BUILT) > _BUILT_LIMIT:
                _BUILT.popitem(last=False)
    return ruleset


def _hashes_or_none(root: Path) -> dict[str, str] | None:
    """The profile files' hashes, or None when one cannot be read (the full load then names
    the file and the reason, as it does without the cache)."""
    try:
        return current_hashes(root)
    except DataFileError:
        return None


def _built_key(
    root: Path, layout: str, seed: int | None, hashes: dict[str, str]
) -> tuple[object, ...]:
    """The ``_BUILT`` key of a load."""
    return (str(root.resolve()), layout, seed, tuple(sorted(hashes.items())))


def _build(root: Path, chosen: str, seed: int | None, hashes: dict[str, str] | None) -> Ruleset:
    """Read, check and assemble every file of ``root`` into a ruleset (``hashes``: the files'
    hashes taken just before, or None to take them now)."""
    from campaign.content.layouts import build_map
    from campaign.content.tables import (
        HOUSE_RULES_FILE,
        load_house_rules_with_label,
        load_tables,
    )
    from campaign.content.units import load_units

    units = load_units(root / "units.csv")
    tables = load_tables(root / "tables", root)
    house_rules, rules_label = load_house_rules_with_label(root / "tables" / HOUSE_RULES_FILE)
    catalog = load_sections_of(root)
    star_map, _ = build_map(root / "maps", catalog, chosen, seed)
    if hashes is None:
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
    from campaign.content.layouts import LAYOUTS_DIR, load_layout

    layouts_dir = data_dir / "maps" / LAYOUTS_DIR
    return {path.stem: load_layout(path, catalog) for path in sorted(layouts_dir.glob("*.toml"))}

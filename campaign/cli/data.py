"""`campaign data check [--data DIR]`: validate every data file and summarise the profile.

Exit 0 with a short summary when everything loads; otherwise print ``file:line: reason`` on
stderr and exit 1 (DN-DATA-5). Nothing is kept from a failed check.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from campaign.cli.helptext import add_command
from campaign.rules.ids import PLAYER_SIDES, Side

if TYPE_CHECKING:
    from campaign.rules.ruleset import Ruleset, StarMap

#: Modules that add verbs to ``campaign data``: each exposes ``register_data_verbs(verbs)``.
DATA_VERB_MODULES: tuple[str, ...] = ("campaign.cli.maps", "campaign.cli.systems")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``data`` command group."""
    parser = add_command(
        subparsers, "data", summary="data files: check, map, systems",
        description="The rules data: unit table, combat tables, house rules, map sections "
                    "and layouts (docs/data-formats.md). Shipped with the tool; a referee's own "
                    "copy is used with --data DIR or $CAMPAIGN_DATA_DIR.",
        examples=["campaign data check", "campaign data map -o standard.svg",
                  "campaign data systems"])
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", required=True)
    check = add_command(
        verbs, "check", summary="validate every data file and print a summary",
        description="Load and check every data file; print a summary and the profile hash, "
                    "or the first problem as FILE:LINE: reason (DN-DATA-5).",
        examples=["campaign data check", "campaign data check --data my-data",
                  "campaign data check --layout random --seed 3"])
    check.add_argument("--data", type=Path, default=None,
                       help="data directory (default: $CAMPAIGN_DATA_DIR, else the shipped data)")
    check.add_argument("--layout", default=None, help="layout to summarise (default: standard)")
    check.add_argument("--seed", type=int, default=None, help="seed for random assembly")
    check.set_defaults(func=_check)
    for module_name in DATA_VERB_MODULES:
        importlib.import_module(module_name).register_data_verbs(verbs)


def _check(args: argparse.Namespace) -> int:
    # imported here, not at module level: building the parser (every command) stays cheap
    from campaign.content.errors import DataFileError
    from campaign.content.loader import default_data_dir, load_ruleset

    data_dir = args.data if args.data is not None else default_data_dir()
    try:
        ruleset = load_ruleset(data_dir, layout=args.layout, seed=args.seed)
        catalog_layouts = _layouts(data_dir)
    except DataFileError as error:
        print(str(error), file=sys.stderr)
        return 1
    except ValueError as error:
        print(f"campaign data check: {error}", file=sys.stderr)
        return 2
    for line in summary_lines(ruleset, catalog_layouts):
        print(line)
    return 0


def _layouts(data_dir: Path) -> dict[str, StarMap]:
    """Every fixed layout assembled, so a broken layout that is not the chosen one fails too."""
    from campaign.content.loader import load_all_layouts, load_sections_of

    return load_all_layouts(data_dir, load_sections_of(data_dir))


def summary_lines(ruleset: Ruleset, layouts: dict[str, StarMap]) -> list[str]:
    """The human summary of a valid profile."""
    lines = ["data OK"]
    for side in (*PLAYER_SIDES, Side.NEUTRAL):
        units = ruleset.units_of(side)
        counters = sum(unit.count for unit in units)
        lines.append(f"  units {side.value:9} {len(units):3} kinds {counters:4} counters")
    for name, table in sorted(ruleset.tables.items()):
        lines.append(
            f"  table {name:12} [{table.label.value}] {table.columns[0]} .. {table.columns[-1]}"
        )
    rules = ruleset.house_rules.model_dump()
    on = sum(1 for value in rules.values() if value)
    lines.append(
        f"  house rules  [{ruleset.house_rules_label.value}] {len(rules)} switches, {on} on"
    )
    lines.append(f"  layouts      {', '.join(sorted(layouts))} (+ random)")
    star_map = ruleset.star_map
    lines.append(f"  map          layout {star_map.layout}" + (
        f" seed {star_map.seed}" if star_map.seed is not None else ""
    ))
    for section in star_map.sections:
        lines.append(f"    section {section}: {len(star_map.systems_in_section(section))} systems")
    types = Counter(int(system.type) for system in star_map.systems)
    lines.append(
        f"  systems      {len(star_map.systems)} (type 1: {types[1]}, type 2: {types[2]}, "
        f"type 3: {types[3]})"
    )
    unexplored = sum(1 for route in star_map.routes if route.unexplored)
    lines.append(f"  routes       {len(star_map.routes)} ({unexplored} unexplored)")
    lines.append(f"  files        {len(ruleset.file_hashes)} hashed")
    lines.append(f"  profile hash {ruleset.profile_hash}")
    return lines

"""What ``campaign data check`` prints about a valid rules profile: the directory read and why,
units per side, tables with their labels (house or official), house-rule switches, layouts, the
map and the profile hash."""

from collections import Counter

from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.ruleset import Ruleset, StarMap


def profile_summary(ruleset: Ruleset, layouts: dict[str, StarMap], directory: str) -> list[str]:
    """The human summary of a valid profile read from ``directory`` (its path and where the
    choice came from, e.g. ``/srv/dn-data ($CAMPAIGN_DATA_DIR)``)."""
    lines = ["data OK", f"  directory    {directory}"]
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
    lines.append(
        f"  map          layout {star_map.layout}"
        + (f" seed {star_map.seed}" if star_map.seed is not None else "")
    )
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

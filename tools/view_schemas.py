"""Write the JSON Schemas of the CLI views (``campaign units|battles|status --json``) to
``docs/schemas/``: ``python -m tools.view_schemas``. ``tests/cli_referee/test_views.py`` fails
when the committed copies differ from the report models."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from campaign.views.schemas import view_schemas

TARGET = Path(__file__).resolve().parents[1] / "docs" / "schemas"


def render(schema: dict) -> str:
    """The committed text of one schema (sorted keys, two-space indent, final newline)."""
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def main() -> int:
    """Write every schema beside its target through a temporary file, then rename."""
    TARGET.mkdir(parents=True, exist_ok=True)
    for name, schema in view_schemas().items():
        path = TARGET / name
        temporary = path.with_suffix(".tmp")
        with temporary.open("w", encoding="utf-8") as handle:
            handle.write(render(schema))
            handle.flush()
            os.fsync(handle.fileno())
        temporary.replace(path)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Export the turn-file JSON Schema: ``python -m campaign.pbem.schema [PATH]``.

Without PATH the schema is printed. The committed copy is ``docs/turn-file.schema.json``
(regenerate it from a checkout with ``python -m campaign.pbem.schema docs/turn-file.schema.json``);
a test checks it matches the model.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from campaign.pbem.model import json_schema


def schema_text() -> str:
    """The schema as stable, indented JSON text."""
    return json.dumps(json_schema(), indent=2, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write the schema to ``argv[0]``, or print it when no path is given."""
    args = sys.argv[1:] if argv is None else argv
    if not args:
        sys.stdout.write(schema_text())
        return 0
    target = Path(args[0])
    target.write_text(schema_text(), encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

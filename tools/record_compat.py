"""Record this version's fixtures for the compatibility suite (``make release``).

Writes ``tests/compat/vX_Y_Z/`` for the version in ``campaign/__init__.py``: the recorded game
of 0.1.0 played on to the end of game turn 2 with this version (``tests/compat/game.py``), and
left where the next step is Alice's: Bob's last file, written by this version, is not imported
yet. Every later version must import it and go on (``tests/compat/test_releases.py``).

The folder holds both players' SQLite databases, Alice's database as SQL for SQLite and for
PostgreSQL (``alice.sqlite.sql``, ``alice.postgresql.sql``: the tables as this version declares
them and every row), the turn files this version wrote, the test keys, and the fields of every
event type (``event-fields.json``). A release's folder never changes once recorded: the tool
refuses to write over one.

    python -m tools.record_compat            # tests/compat/vX_Y_Z for this version
    python -m tools.record_compat --out DIR  # elsewhere (a trial run)
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.schema import CreateIndex, CreateTable

from campaign import __version__
from campaign.rules import registry
from tests.compat.game import COMPAT_DIR, copy_release, play_on_0_1_0

README = """# Fixtures recorded by version {version}

Written by `make release` (`tools/record_compat.py`): the game of `../v0_1_0/` played on with
version {version} from file 18 to the end of game turn 2, stopped where Alice (aslan) must import
Bob's (solomani) last file.

| path | what |
|---|---|
| `alice.db`, `bob.db` | the players' SQLite databases; Alice has not imported `{next_file}` |
| `alice.sqlite.sql`, `alice.postgresql.sql` | Alice's database as SQL: tables and rows |
| `files/` | the turn files version {version} wrote, `{next_file}` last |
| `keys/`, `trust-alice/`, `trust-bob/` | the test keys of `../v0_1_0/` (never for a real game) |
| `event-fields.json` | every event type of {version} with its fields and their defaults |
"""


def event_fields() -> dict[str, dict[str, str]]:
    """Every registered event type with its fields: ``"REQ"`` or the default's ``repr``."""
    registry.catalog.load()
    return {
        name: {
            field: "REQ"
            if info.is_required()
            else repr(info.get_default(call_default_factory=True))
            for field, info in cls.model_fields.items()
        }
        for name, cls in sorted(registry.EVENTS.items())
    }


def sql_dump(database: Path, dialect: sa.engine.Dialect) -> str:
    """The tables of the SQLite file ``database`` and all their rows, as SQL for ``dialect``
    (tables in dependency order; Alembic's own table included)."""
    engine = sa.create_engine(f"sqlite:///{database}")
    metadata = sa.MetaData()
    metadata.reflect(engine)
    lines = [f"-- made by dark-nebula-campaign {__version__} (tools/record_compat.py)"]
    with engine.connect() as connection:
        for table in metadata.sorted_tables:
            lines.append(str(CreateTable(table).compile(dialect=dialect)).strip() + ";")
            lines.extend(
                str(CreateIndex(index).compile(dialect=dialect)).strip() + ";"
                for index in sorted(table.indexes, key=lambda index: index.name or "")
            )
            order = [column for column in table.primary_key.columns] or list(table.columns)
            for row in connection.execute(table.select().order_by(*order)).mappings():
                insert = table.insert().values(dict(row))
                lines.append(
                    str(insert.compile(dialect=dialect, compile_kwargs={"literal_binds": True}))
                    + ";"
                )
            if dialect.name == "postgresql" and "id" in table.primary_key.columns:
                # rows came with their ids: the generated ones continue after them
                lines.append(
                    f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                    f"COALESCE((SELECT MAX(id) FROM {table.name}), 0) + 1, false);"
                )
    engine.dispose()
    return "\n".join(lines) + "\n"


def record(target: Path) -> None:
    """Play the game on and write the fixtures to ``target`` (which must not exist)."""
    with tempfile.TemporaryDirectory() as work:
        # the players' machines: never the user's own data and config folders (seal key)
        for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME"):
            os.environ[variable] = str(Path(work) / variable.lower())
        release = copy_release("0.1.0", Path(work) / "0.1.0")
        outbox = Path(work) / "files"
        outbox.mkdir()
        players, sent = play_on_0_1_0(release, outbox, deliver_last=False)
        staging = Path(work) / "out"
        staging.mkdir()
        for name, machine in players.items():
            shutil.copyfile(machine.db, staging / f"{name}.db")
        shutil.copytree(outbox, staging / "files")
        for folder in ("keys", "trust-alice", "trust-bob"):
            shutil.copytree(release / folder, staging / folder)
        for key in (staging / "keys").glob("*/*.key"):
            key.chmod(0o644)  # tests make their copies 0600
        alice = staging / "alice.db"
        (staging / "alice.sqlite.sql").write_text(
            sql_dump(alice, sqlite.dialect()), encoding="utf-8"
        )
        (staging / "alice.postgresql.sql").write_text(
            sql_dump(alice, postgresql.dialect()), encoding="utf-8"
        )
        (staging / "event-fields.json").write_text(
            json.dumps(event_fields(), indent=1, sort_keys=True) + "\n", encoding="utf-8"
        )
        (staging / "README.md").write_text(
            README.format(version=__version__, next_file=f"files/{sent[-1].name}"), encoding="utf-8"
        )
        shutil.copytree(staging, target)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = COMPAT_DIR / f"v{__version__.replace('.', '_')}"
    parser.add_argument("--out", type=Path, default=default, help=f"default: {default}")
    args = parser.parse_args(argv)
    if args.out.exists():
        print(
            f"record_compat: {args.out} exists: a release's fixtures are never rewritten "
            "(remove it only if this version was never released)",
            file=sys.stderr,
        )
        return 1
    record(args.out)
    print(f"record_compat: wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

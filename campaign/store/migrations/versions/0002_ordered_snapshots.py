"""Schema 2: snapshots hold the state's canonical text in the order of its collections
(ADR 0031). Schema 1 wrote them key-sorted, which reordered the units, so they and their
seals are dropped: they are caches, and the next order writes new ones. The log is untouched.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Drop the key-sorted snapshots and their seals (a table the database does not have yet
    is created empty after the migration)."""
    present = set(sa.inspect(op.get_bind()).get_table_names())
    for table in ("dn_snapshot_seal", "dn_snapshot"):
        if table in present:
            op.execute(f"DELETE FROM {table}")


def downgrade() -> None:
    """Schema 1 reads no snapshot it did not seal itself; nothing to restore."""

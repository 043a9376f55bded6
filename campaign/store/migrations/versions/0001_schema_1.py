"""Schema 1, as version 0.1.0 created it: the starting point, nothing to change.

Revision ID: 0001
"""

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """A database of schema 1 is stamped with this revision before its first migration."""


def downgrade() -> None:
    """Nothing below schema 1."""

"""Schema 3 (0.2.0): the database records the version of the tool that created or last
migrated it (``dn_schema_info.app_version``), so that an older tool can say which version
to upgrade to ("made by version X; this is version Y: upgrade").

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the column; the migration fills it in with this version."""
    op.add_column("dn_schema_info", sa.Column("app_version", sa.String(), nullable=True))


def downgrade() -> None:
    """Drop the column again."""
    op.drop_column("dn_schema_info", "app_version")

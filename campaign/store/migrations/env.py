"""Alembic's environment for the store's migrations: run on the connection the caller gives
(``campaign.store.migrations.upgrade``), inside the caller's transaction, so that every step
of an upgrade commits together or not at all. Never run from the ``alembic`` command line."""

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None)
with context.begin_transaction():
    context.run_migrations()

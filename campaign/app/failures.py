"""Store failures told as one line for a person (read-only file, full disk, lost server).

The front ends never import the store (ADR 0030): what a database failure means to a user is
decided here, next to the use cases that write through the store. ``campaign.app`` imports this
module first thing, so it is loaded whenever the store can have been used; it imports only the
store's two exception classes (``campaign.store.database``, no driver beyond ``sqlite3``),
because the CLI's error guard consults it on every command that fails unexpectedly.

Those two are all a store failure can be: the store's drivers turn ``sqlite3`` and SQLAlchemy
errors into them (``campaign.store.database``), and so does the one place that still creates
tables through SQLAlchemy (``campaign.store.tables.create_tables``). A failure while the store
is opened comes out of ``Store`` as a ``CampaignError`` naming the database.
"""

from __future__ import annotations

from campaign.store.database import DatabaseUnavailable, IntegrityViolation


def database_problem(error: Exception) -> str | None:
    """One line for a database failure (read-only file, full disk, lost server), else None.

    The store writes in transactions, so such a failure changed nothing."""
    if not isinstance(error, DatabaseUnavailable | IntegrityViolation):
        return None
    detail = str(error).strip().splitlines()
    reason = detail[0] if detail else type(error).__name__
    return f"the database refused the change: {reason}; nothing was changed"

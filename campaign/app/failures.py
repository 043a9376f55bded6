"""Store failures told as one line for a person (read-only file, full disk, lost server).

The front ends never import the store (ADR 0030): what a database failure means to a user is
decided here, next to the use cases that write through the store. ``campaign.app`` imports this
module first thing, so it is loaded whenever the store can have been used; it imports only the
store's exception classes (``campaign.store.database``, no driver beyond ``sqlite3``), because
the CLI's error guard consults it on every command that fails unexpectedly.
"""

from __future__ import annotations

import sys

from campaign.store.database import DatabaseUnavailable, IntegrityViolation


def database_problem(error: Exception) -> str | None:
    """One line for a database failure (read-only file, full disk, lost server), else None.

    The store writes in transactions, so such a failure changed nothing. The store's own
    drivers report ``DatabaseUnavailable`` / ``IntegrityViolation``; the PBEM ledger's SQLModel
    tables report SQLAlchemy errors, looked up only if SQLAlchemy is loaded already (if it is
    not, the error cannot come from it)."""
    exc = sys.modules.get("sqlalchemy.exc")
    if not isinstance(error, DatabaseUnavailable | IntegrityViolation) and (
            exc is None or not isinstance(error, exc.SQLAlchemyError)):
        return None
    detail = str(getattr(error, "orig", None) or error).strip().splitlines()
    reason = detail[0] if detail else type(error).__name__
    return f"the database refused the change: {reason}; nothing was changed"

"""The store's schema migrations, one module a schema version (``0001`` is schema 1)."""

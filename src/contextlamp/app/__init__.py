"""Application layer: the memory service, accounts, export/import, doctor and backend migration, and the
composition root (``compose``) that builds them from settings."""

"""SQLite journal: append-only steps and events, snapshots, migrations, backups.

The store only records: it writes and reads steps, snapshots and backups and
knows no domain object. `DamageError` (from the core, so rules may raise it
too) is what every reader raises for a step that is not what was written.
"""

from companion.core.errors import DamageError

__all__ = ["DamageError"]

"""SQLite journal: append-only steps and events, snapshots, migrations, backups."""

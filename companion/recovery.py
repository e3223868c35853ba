"""`companion recover`: the good part of a damaged game, or a named backup, back in play.

Copying never changes the damaged game or file: its good prefix (every step
up to the first one damaged, replayed to be sure) becomes a new saved game.
Restoring a backup keeps the file it replaces under a new name, never
overwriting anything. Neither ever reads standard input.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
from pathlib import Path
from typing import Any

from companion.core.catalog import Catalog
from companion.core.engine import Match
from companion.core.errors import CompanionError, DamageError
from companion.core.events import Step
from companion.core.words import counted
from companion.games.registry import games
from companion.store.backups import backups_of
from companion.store.journal import Journal, file_identity
from companion.store.opening import open_journal, set_aside_by_hand, set_aside_once
from companion.store.salvage import Salvaged, game_ids, readable_copy, salvage_game
from companion.store.schema import OUR_TABLES, table_names
from companion.store.shortened import restart_heads
from companion.subcommand import Subcommand


def recover_game(db: Path, game_id: str | None) -> str:
    """Check one game of the file whole; if damaged, copy its good prefix to a new game."""
    journal, notice = open_journal(db, full_check=True)  # never write into a bad file
    try:
        game_id = game_id or journal.last_game()
        if game_id is None:
            raise CompanionError(f"There is no saved game in {db} to recover.")
        journal.kind_of(game_id)  # an unknown game id is one sentence
        with readable_copy(db) as conn:
            found = salvage_game(conn, game_id)
        sentence = _copy_prefix(journal, found, game_id)
    finally:
        journal.close()
    return " ".join(x for x in (notice, sentence, _backups_hint(db)) if x)


def recover_from(db: Path, kept: Path) -> str:
    """Copy the good prefix of every game in a kept (damaged) copy into the file `db`."""
    if not kept.is_file():
        raise CompanionError(f"{kept} is not a file; give --from the kept copy's name, "
                             "for example games.db.corrupt-20261123-101500.")
    with readable_copy(kept) as conn:
        found = [salvage_game(conn, g) or g for g in game_ids(conn)]
    if not found:
        raise CompanionError(f"No saved game can be read from {kept}; restore a backup "
                             "with --restore instead.")
    journal, notice = open_journal(db, full_check=True)  # never write into a bad file
    try:
        sentences = [_copy_prefix(journal, s, "?", always=True) for s in found]
    finally:
        journal.close()
    return " ".join(x for x in (notice, *sentences) if x)


def _copy_prefix(journal: Journal, found: Salvaged | str | None, game_id: str,
                 always: bool = False) -> str:
    """Copy the replayable prefix into a new game (unless the game is whole and not `always`)."""
    catalog = _catalog(found) if isinstance(found, Salvaged) else None
    if not isinstance(found, Salvaged) or catalog is None:
        game_id = found if isinstance(found, str) else game_id
        return (f"The record of {game_id} itself is damaged (its kind, seed or catalog), so "
                "its steps cannot be replayed; restore a backup with --restore.")
    steps = _replayable(found, catalog)
    whole = len(steps) == found.total
    if whole and not always:
        return (f"Every step of {found.game_id} is intact ({counted(len(steps), 'step')}); "
                f"nothing to recover.")
    new_id = journal.add_game(found.kind, found.seed, catalog, steps)
    copied = (f"Copied steps 1 to {len(steps)} of {found.game_id} into a new game {new_id}"
              if steps else f"Started {new_id} in place of {found.game_id}, with no step")
    return f"{copied}; {_lost(found.total, len(steps))} The damaged game was left as it is."


def _lost(total: int | None, kept: int) -> str:
    if total is None:
        return "how many steps came after them cannot be read any more."
    lost = total - kept
    if lost == 0:
        return "no step is lost."
    return f"{lost} step{'s' if lost != 1 else ''} after them {'are' if lost != 1 else 'is'} lost."


def _catalog(found: Salvaged) -> Catalog | None:
    """The salvaged game's own catalog, if its data and its game are both still there."""
    if found.catalog_data is None or found.kind not in games():
        return None
    try:
        return games().get(found.kind).catalog_from_data(found.catalog_data,
                                                         "catalog of a recovered game")
    except (CompanionError, TypeError, KeyError, RecursionError):
        return None


def _replayable(found: Salvaged, catalog: Catalog) -> list[Step]:
    """The longest prefix that replays (events known, undo targets valid)."""
    rules: Any = games().get(found.kind).rules
    steps = list(found.steps)
    while steps:
        try:
            Match(rules, catalog, found.seed, steps)
            return steps
        except DamageError as exc:
            cut = exc.step if exc.step and exc.step <= len(steps) else len(steps)
            steps = steps[: cut - 1]
        except Exception:  # a prefix that does not replay is cut shorter, never a crash
            steps = steps[:-1]
    return steps


def _backups_hint(db: Path) -> str:
    names = [p.name for p in backups_of(db)][-5:]
    if not names:
        return ""
    return ("Backups you could restore instead with `companion recover --restore NAME`: "
            + ", ".join(names) + ".")


def restore_backup(db: Path, name: str) -> str:
    """Put a backup in place of the saved-games file; the file it replaces is kept."""
    backup = _find_backup(db, name)
    _check_backup(backup)
    identity = file_identity(db)
    aside = set_aside_once(db, identity, label="replaced") if identity else None
    if identity and aside is None:
        raise CompanionError(f"{db} changed while it was being restored; close every "
                             "companion and try again.")
    temporary = db.with_name(f".{db.name}-restoring-{os.getpid()}")
    try:
        shutil.copyfile(backup, temporary)
        os.link(temporary, db)
    except FileExistsError as exc:
        raise CompanionError(f"A new {db} appeared while restoring (is a companion still "
                             "running?); close it and try again.") from exc
    finally:
        temporary.unlink(missing_ok=True)
    restart_heads(db)
    kept = f"; the file it replaced was kept as {aside.name}" if aside else ""
    return f"Restored {backup.name} as {db}{kept}."


def _find_backup(db: Path, name: str) -> Path:
    for backup in backups_of(db):
        if name in (backup.name, str(backup)):
            return backup
    listed = ", ".join(p.name for p in backups_of(db)[-5:]) or "there are none"
    raise CompanionError(f"There is no backup called {name!r} beside {db} "
                         f"(backups: {listed}).")


def _check_backup(backup: Path) -> None:
    try:
        with readable_copy(backup) as conn:
            ok = conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"
            ok = ok and table_names(conn) >= OUR_TABLES
    except sqlite3.Error:
        ok = False
    if not ok:
        raise CompanionError(f"The backup {backup.name} is damaged itself; choose another.")


def set_aside_and_start(db: Path) -> str:
    """Keep whatever is at `db` aside and start a new saved-games file in its place."""
    aside = set_aside_by_hand(db)
    open_journal(db)[0].close()
    if aside is None:
        return f"There was nothing at {db} to keep aside; a new saved-games file is ready."
    return (f"{db} was kept as {aside.name}, and a new saved-games file was started in its "
            f"place. `companion recover --from {aside.name}` copies the good steps of its "
            "games back.")


def restore_instead(db: Path, name: str) -> str:
    """For a file that cannot be used: keep whatever is at `db` aside, then put the backup
    in its place (restore_backup alone would try to read the file it replaces)."""
    _check_backup(_find_backup(db, name))  # nothing is moved for a backup that is no good
    aside = set_aside_by_hand(db)
    restored = restore_backup(db, name)
    if aside is None:
        return restored
    return f"{restored[:-1]}; what was there was kept as {aside.name}."


# ---- the `companion recover` command ------------------------------------------------
def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--from", dest="kept", metavar="KEPT",
                        help="copy the games of a kept damaged file (games.db.corrupt-...) "
                             "into the saved-games file")
    parser.add_argument("--set-aside", action="store_true",
                        help="keep the saved-games file (whatever is there) under a new "
                             "name and start a new one")
    parser.add_argument("--restore", metavar="BACKUP",
                        help="put this backup (a name from backups/) in place of the "
                             "saved-games file; close every companion first")


def run_recover(args: argparse.Namespace) -> int:
    from companion.paths import default_db

    db = Path(args.db) if getattr(args, "db", None) else default_db()
    if sum(map(bool, (args.restore, args.kept, args.set_aside))) > 1:
        raise CompanionError("Give one of --from, --restore and --set-aside.")
    if args.set_aside:
        print(set_aside_and_start(db))
    elif args.restore:
        print(restore_backup(db, args.restore))
    elif args.kept:
        print(recover_from(db, Path(args.kept)))
    else:
        print(recover_game(db, getattr(args, "game_id", None)))
    return 0


recover_command = Subcommand("recover", "recover a damaged game", _arguments, run_recover)

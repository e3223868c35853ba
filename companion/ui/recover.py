"""The app's recover dialog: what to offer when the saved-games file or a game is damaged.

The same code as `companion recover` (companion/recovery.py) does the work, on the
runner thread: copying the good steps into a new game never changes the damaged
game or the kept file, and restoring a backup keeps the file it replaces. No Kivy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion.core.errors import CompanionError
from companion.tables import Tables
from companion.ui.runner import CommandRunner, Reply

Job = Callable[[CommandRunner], Reply]


@dataclass(frozen=True)
class RecoveryOffer:
    """What the start screen says and offers; `kept` or `game_id` names what to copy from."""

    sentence: str
    kept: str | None = None
    game_id: str | None = None
    backup: str | None = None
    dead_end: bool = False  # the file cannot be used: keep it aside, or a backup instead

    @property
    def can_copy(self) -> bool:
        return self.kept is not None or self.game_id is not None


def damage_sentence(message: str) -> str:
    """The store's sentence without its advice for the command line.

    >>> damage_sentence("Step 17 of the saved game g-1 is damaged (its checksum does not "
    ...                 "match); the command was not run. `companion recover` can copy...")
    'Step 17 of the saved game g-1 is damaged (its checksum does not match); nothing was changed.'
    """
    first = message.split("`companion recover`")[0].strip()
    first = first.replace("; the command was not run.", "; nothing was changed.")
    return first or message


def on_screen(sentence: str) -> str:
    """A `companion recover` sentence without its command-line advice (the screen offers).

    >>> on_screen("No saved game can be read from x; restore a backup with --restore instead.")
    'No saved game can be read from x; restore a backup instead.'
    """
    sentence = sentence.split(" Backups you could restore")[0].split(" `companion recover")[0]
    return sentence.replace(" with --restore", "")


def newest_kept(db: Path) -> Path | None:
    """The damaged file set aside last (`games.db.corrupt-<date>-<time>`), if any."""
    kept = sorted(db.parent.glob(f"{db.name}.corrupt-*"), key=lambda p: p.stat().st_ctime)
    return kept[-1] if kept else None


def offer(tables: Tables, message: str, kind: str) -> RecoveryOffer:
    """The offer for a damage reported in `message`, of a reply's `kind` ("damaged", "set
    aside" or "dead end"; runner thread: it reads the folder)."""
    backups = tables.backups()
    backup = backups[-1] if backups else None
    if kind == "dead end":
        return RecoveryOffer(message, backup=backup, dead_end=True)
    if kind == "set aside":
        kept = newest_kept(tables.db)
        return RecoveryOffer(message, kept=str(kept) if kept else None, backup=backup)
    game_id = tables.last_game().game_id
    return RecoveryOffer(damage_sentence(message), game_id=game_id, backup=backup)


def offer_job(message: str, kind: str) -> Job:
    def job(runner: CommandRunner) -> Reply:
        return Reply(True, "", None, "info", offer(runner.tables, message, kind))
    return job


def _game_ids(tables: Tables) -> list[str]:
    """Every saved game's id, the most recently played first."""
    return [saved.game_id for saved in tables.games()]


def copy_job(found: RecoveryOffer) -> Job:
    """Copy the good steps into a new game (`value` = its id, to open next)."""
    def job(runner: CommandRunner) -> Reply:
        runner.hold_none()  # let go of the open game first
        tables = runner.tables
        before = set(_game_ids(tables))
        try:
            if found.kept is not None:
                sentence = tables.recover_from(Path(found.kept))
            else:
                sentence = tables.recover_game(found.game_id)
        except CompanionError as exc:
            return Reply(False, on_screen(str(exc)), None, "refused")
        new = [game_id for game_id in _game_ids(tables) if game_id not in before]
        return Reply(True, on_screen(sentence), None, "info", new[0] if new else None)
    return job


def restore_job(found: RecoveryOffer) -> Job:
    """Put the newest backup in place of the saved-games file (the replaced one is kept)."""
    def job(runner: CommandRunner) -> Reply:
        assert found.backup is not None
        runner.hold_none()  # a restore replaces the file under the open game
        tables = runner.tables
        try:
            sentence = (tables.restore_instead(found.backup) if found.dead_end
                        else tables.restore(found.backup))
        except CompanionError as exc:
            return Reply(False, on_screen(str(exc)), None, "refused")
        return Reply(True, sentence, None, "info", tables.last_game().game_id)
    return job


def aside_job() -> Job:
    """Keep the file that cannot be used aside and start a new one (`value`: None, there
    is no game to open yet)."""
    def job(runner: CommandRunner) -> Reply:
        runner.hold_none()
        return Reply(True, on_screen(runner.tables.set_aside()), None, "info")
    return job

"""The registry, filled at the edge: every game package under `companion.games`,
plus any game named in the `COMPANION_GAMES` environment variable.

A game package registers itself by exporting `GAME`, a `GameDefinition`, from its
`__init__.py`; nothing else in the companion names a game. Why a scan and not
`pyproject.toml` entry points: a scan works the same from a checkout, under
pytest's `pythonpath` and from the wheel, with no reinstall after a game is
added (entry points live in installed metadata, so a checkout would go on
seeing the games of its last install). A game kept outside the package (the
test game in `tests/`, a game in development) is named as `module:attribute`
in `COMPANION_GAMES` (several separated by commas); see docs/adding-a-game.md.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from functools import cache

from companion.core.definition import GameDefinition, GameRegistry
from companion.core.errors import CompanionError

#: Names `module:attribute` (or just `module`, meaning `module:GAME`), comma-separated.
EXTRA_GAMES_VARIABLE = "COMPANION_GAMES"


def packaged() -> list[GameDefinition]:
    """The games shipped inside the companion package (the docs describe these)."""
    import companion.games as package

    found = []
    for info in pkgutil.iter_modules(package.__path__):
        if info.ispkg:
            found.append(_definition(f"{package.__name__}.{info.name}:GAME"))
    return found


def _extra() -> list[GameDefinition]:
    names = os.environ.get(EXTRA_GAMES_VARIABLE, "")
    return [_definition(name.strip()) for name in names.split(",") if name.strip()]


def _definition(name: str) -> GameDefinition:
    module_name, _, attribute = name.partition(":")
    try:
        module = importlib.import_module(module_name)
    except (ImportError, TypeError, ValueError) as exc:  # "../../etc": not a module name
        raise CompanionError(f"The game {name!r} (from {EXTRA_GAMES_VARIABLE}) cannot be "
                             f"imported: {exc}.") from exc
    definition = getattr(module, attribute or "GAME", None)
    if not isinstance(definition, GameDefinition):
        raise CompanionError(f"{module_name} has no game definition {attribute or 'GAME'}.")
    return definition


@cache
def _registry(extra: str) -> GameRegistry:
    return GameRegistry([*packaged(), *_extra()])


def games() -> GameRegistry:
    """Every registered game (cached per value of COMPANION_GAMES)."""
    return _registry(os.environ.get(EXTRA_GAMES_VARIABLE, ""))


def game(game_id: str) -> GameDefinition:
    """The definition of `game_id`, or a sentence naming the known games."""
    return games().get(game_id)

"""The registry, filled at the edge: every game package under `companion.games`,
plus any game named in the `COMPANION_GAMES` environment variable.

A game package declares itself by exporting `DECLARED`, a `GameDeclaration`, from a
small `__init__.py` that imports none of its rules; the declaration names where its
`GameDefinition` lives (`module:attribute`), and the registry imports that the first
time the game is used: a start that resumes an Exploration game imports Exploration's
rules, not TI4's. A package that exports only `GAME` is imported whole. Nothing else
in the companion names a game. Why a scan and not `pyproject.toml` entry points: a
scan works the same from a checkout, under pytest's `pythonpath` and from the wheel,
with no reinstall after a game is added (entry points live in installed metadata, so
a checkout would go on seeing the games of its last install). A game kept outside
the package (the test game in `tests/`, a game in development) is named as
`module:attribute` in `COMPANION_GAMES` (several separated by commas); see
docs/adding-a-game.md.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from dataclasses import asdict
from functools import cache
from types import ModuleType

from companion.core.declaration import GameDeclaration
from companion.core.definition import GameDefinition, GameRegistry
from companion.core.errors import CompanionError

#: Names `module:attribute` (or just `module`, meaning `module:GAME`), comma-separated.
EXTRA_GAMES_VARIABLE = "COMPANION_GAMES"


def declared() -> list[GameDeclaration | GameDefinition]:
    """The games shipped inside the companion package, as their packages declare them
    (a package that declares nothing gives its whole definition)."""
    import companion.games as package

    found: list[GameDeclaration | GameDefinition] = []
    for info in pkgutil.iter_modules(package.__path__):
        if info.ispkg:
            name = f"{package.__name__}.{info.name}"
            declaration = getattr(_module(name), "DECLARED", None)
            found.append(declaration if isinstance(declaration, GameDeclaration)
                         else _definition(f"{name}:GAME"))
    return found


def packaged() -> list[GameDefinition]:
    """The games shipped inside the companion package, each imported whole."""
    return [game if isinstance(game, GameDefinition) else load(game) for game in declared()]


def _extra() -> list[GameDefinition]:
    names = os.environ.get(EXTRA_GAMES_VARIABLE, "")
    return [_definition(name.strip()) for name in names.split(",") if name.strip()]


def _module(module_name: str, name: str = "") -> ModuleType:
    try:
        return importlib.import_module(module_name)
    except (ImportError, TypeError, ValueError) as exc:  # "../../etc": not a module name
        raise CompanionError(f"The game {name or module_name!r} (from "
                             f"{EXTRA_GAMES_VARIABLE}) cannot be imported: {exc}.") from exc


def _definition(name: str) -> GameDefinition:
    module_name, _, attribute = name.partition(":")
    definition = getattr(_module(module_name, name), attribute or "GAME", None)
    if not isinstance(definition, GameDefinition):
        raise CompanionError(f"{module_name} has no game definition {attribute or 'GAME'}.")
    return definition


def load(declaration: GameDeclaration) -> GameDefinition:
    """The definition a declaration names, refused if it says otherwise than declared."""
    definition = _definition(declaration.where)
    defined = asdict(definition.declaration)
    differ = [f"{name} {defined[name]!r} (declared {value!r})"
              for name, value in asdict(declaration).items()
              if name != "where" and defined[name] != value]
    if differ:
        raise CompanionError(f"{declaration.where} is not what its package declares: "
                             f"{'; '.join(differ)}.")
    return definition


@cache
def _registry(extra: str) -> GameRegistry:
    return GameRegistry([*declared(), *_extra()], load)


def games() -> GameRegistry:
    """Every registered game (cached per value of COMPANION_GAMES); a game's rules are
    imported the first time it is asked for (`games().declared` imports none)."""
    return _registry(os.environ.get(EXTRA_GAMES_VARIABLE, ""))


def game(game_id: str) -> GameDefinition:
    """The definition of `game_id`, or a sentence naming the known games."""
    return games().get(game_id)

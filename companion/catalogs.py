"""Thin loader: read a game's catalog TOML (and demo script) from the packaged assets."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

from companion.core.catalog import Catalog
from companion.core.definition import GameDefinition
from companion.core.errors import CatalogError
from companion.games.registry import game, games


def assets_dir() -> Path:
    """The `assets/` folder: inside the installed package, or beside it in a checkout."""
    packaged = Path(str(resources.files("companion").joinpath("assets")))
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "assets"


def _asset(folder: str, name: str) -> Path:
    path = Path(name)
    return path if path.is_absolute() else assets_dir() / folder / path


def catalog_path(game_id: str) -> Path:
    """Where the current catalog of `game_id` is (its definition names the file)."""
    return _asset("catalogs", game(game_id).catalog_file)


def demo_path(definition: GameDefinition) -> Path | None:
    """The script `companion demo` plays for a game, if it has one."""
    return _asset("demo", definition.demo_file) if definition.demo_file else None


def read_catalog_data(path: Path) -> dict[str, object]:
    """The parsed TOML of one catalog file; errors name the file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CatalogError(f"{path}: cannot be read ({exc.strerror}).") from exc
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"{path}: is not valid TOML ({exc}).") from exc


def load_catalog_file(path: Path) -> Catalog:
    """Parse and validate one catalog file of any registered game; errors name the file and key."""
    data = read_catalog_data(path)
    header = data.get("catalog")
    game_id = header.get("game") if isinstance(header, dict) else None
    if not isinstance(game_id, str) or game_id not in games():
        raise CatalogError(f"{path.name}: catalog.game: {game_id!r} is not a known game; "
                           f"choose {games().choices()}.")
    return game(game_id).catalog_from_data(data, str(path.name))


#: Catalogs read in this process: by game and file, with the definition that read them
#: and the file's size and time of change then. A catalog is frozen data; parsing its TOML
#: again was 60 ms of every "Start the game" (the new-game forms read it just before).
_read: dict[tuple[str, Path], tuple[GameDefinition, tuple[int, int], Catalog]] = {}


def load_catalog(game_id: str) -> Catalog:
    """The current catalog of `game_id` (read again when its file has changed)."""
    definition = game(game_id)
    path = _asset("catalogs", definition.catalog_file)
    try:
        found = path.stat()
    except OSError:
        found = None  # read_catalog_data says why in one sentence
    stamp = (found.st_mtime_ns, found.st_size) if found is not None else (-1, -1)
    kept = _read.get((game_id, path))
    if kept is not None and kept[0] is definition and kept[1] == stamp:
        return kept[2]
    catalog = definition.catalog_from_data(read_catalog_data(path), str(path.name))
    if found is not None:
        _read[(game_id, path)] = (definition, stamp, catalog)
    return catalog

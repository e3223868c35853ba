"""Thin loader: read a game's catalog TOML from the packaged assets."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

from companion.core.catalog import Catalog
from companion.core.errors import CatalogError

CATALOG_FILES = {"xp": "exploration.toml", "ti4": "ti4.toml"}


def assets_dir() -> Path:
    """The `assets/` folder: inside the installed package, or beside it in a checkout."""
    packaged = Path(str(resources.files("companion").joinpath("assets")))
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "assets"


def catalog_path(game: str) -> Path:
    if game not in CATALOG_FILES:
        raise CatalogError(f"{game!r} is not a known game; choose xp or ti4.")
    return assets_dir() / "catalogs" / CATALOG_FILES[game]


def load_catalog_file(path: Path) -> Catalog:
    """Parse and validate one catalog file; errors name the file and key."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CatalogError(f"{path}: cannot be read ({exc.strerror}).") from exc
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"{path}: is not valid TOML ({exc}).") from exc
    return Catalog.from_data(data, str(path.name))


def load_catalog(game: str) -> Catalog:
    """The current catalog of `game` ("xp" or "ti4")."""
    return load_catalog_file(catalog_path(game))

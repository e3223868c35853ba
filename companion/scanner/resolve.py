"""Resolve each decoded code against the catalog before it can reach a game.

Pure apart from the catalog loader it is handed, which runs at most once
per game (`preload` runs it before the scanner starts, so the first scan does
not wait for it); a catalog that fails to load turns its tags "unresolved"
with a sentence saying why, instead of stopping the scanner.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.catalog import Catalog
from companion.core.definition import GameRegistry
from companion.core.errors import (
    CompanionError,
    OtherGameError,
    UnknownCardError,
    UnknownGameError,
)
from companion.core.tags import Tag, classify
from companion.scanner.codes import CardRef, RawCode, ScanCode, printable

#: A payload longer than this cannot be a tag, so it is not even parsed.
MAX_TAG_BYTES = 64

CatalogLoader = Callable[[str], Catalog]


class TagResolver:
    """Turns a RawCode into a ScanCode; bound to one game, or to none.

    A bound resolver checks every tag against that game's catalog, which may be
    given (a saved game's own, possibly older, catalog) instead of loaded.
    """

    def __init__(self, load: CatalogLoader, game: str | None = None,
                 catalog: Catalog | None = None, games: GameRegistry | None = None) -> None:
        self.games = games if games is not None else _registered()
        game = game or (catalog.game if catalog else None)
        if game is not None:
            bound = self.games.get(game)
            if catalog is not None and catalog.game != game:
                raise CompanionError(f"The {catalog.title} catalog cannot check the tags of "
                                     f"{bound.title_with_article} game.")
        self.game = game
        self._load = load
        self._catalogs: dict[str, Catalog] = {catalog.game: catalog} if catalog else {}
        self._failures: dict[str, str] = {}

    def preload(self) -> None:
        """Load now every catalog a scan may need: the bound game's, or every game's."""
        for game in [self.game] if self.game else list(self.games.ids):
            self._catalog(game)

    def catalog_problems(self) -> dict[str, str]:
        """Game -> the sentence explaining why its catalog could not be loaded."""
        return dict(self._failures)

    def resolve(self, raw: RawCode) -> ScanCode:
        corners = raw.corners
        text = raw.text
        if text is None:
            return ScanCode(raw.shown_text, "foreign", corners,
                            message="A QR code holding binary data was ignored.")
        if len(raw.payload) > MAX_TAG_BYTES:
            return ScanCode(raw.shown_text, "foreign", corners,
                            message=f"A QR code holding {len(raw.payload)} bytes was ignored.")
        tag = strict_tag(text)
        if tag is None:
            return ScanCode(raw.shown_text, "foreign", corners, message=_not_a_tag(text))
        try:
            owner = self.games.game_of(tag)
        except UnknownGameError as exc:
            return ScanCode(tag.text, "foreign", corners, message=str(exc))
        if self.game is not None and owner.id != self.game:
            playing = self.games.get(self.game)
            return ScanCode(tag.text, "other-game", corners, message=(
                f"{tag} is {owner.title_with_article} card, not part of this "
                f"{playing.title} game."))
        game = owner.id
        catalog = self._catalog(game)
        if catalog is None:
            return ScanCode(tag.text, "unresolved", corners, message=(
                f"{tag} cannot be checked: {self._failures[game]}"))
        try:
            entry = catalog.resolve(tag)
        except UnknownCardError as exc:
            return ScanCode(tag.text, "unknown", corners, message=str(exc))
        except OtherGameError as exc:
            return ScanCode(tag.text, "other-game", corners, message=str(exc))
        return ScanCode(tag.text, "ok", corners, CardRef(game, entry.card_id, entry.name))

    def _catalog(self, game: str) -> Catalog | None:
        if game in self._catalogs:
            return self._catalogs[game]
        if game in self._failures:
            return None
        try:
            self._catalogs[game] = self._load(game)
        except (CompanionError, OSError) as exc:
            title = self.games.get(game).title
            self._failures[game] = f"the {title} catalog could not be loaded ({exc})."
            return None
        return self._catalogs[game]


def strict_tag(text: str) -> Tag | None:
    """The tag a printed code names, only if it is exactly one, as the tag kit prints it.

    Typed commands forgive case and spaces; a camera must not: a stranger's
    `xp/h03` or ` XP/H03` is not our code, even if it would name a card.

    >>> strict_tag("XP/SH01")
    Tag(prefix='XP', card_id='SH01')
    >>> strict_tag("xp/sh01") is None, strict_tag("XP/SH01 ") is None
    (True, True)
    """
    found = classify(text)
    return found.tag if found.tag is not None and found.tag.text == text else None


def _not_a_tag(text: str) -> str:
    near = classify(text).tag
    if near is None:
        return "A QR code that is not a card tag was ignored."
    return (f"A QR code reading {printable(text)!r} was ignored: card tags are printed in "
            f"upper case with no spaces, like {near.text}.")


def _registered() -> GameRegistry:
    from companion.games.registry import games

    return games()


def default_loader(game: str) -> Catalog:
    """The packaged catalog of `game`; imported late so tests can do without it."""
    from companion.catalogs import load_catalog

    return load_catalog(game)

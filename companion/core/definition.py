"""A game is one definition, registered once; the registry is the only list of games.

Each game package declares itself in a `GameDeclaration` (companion/core/declaration.py)
and defines one `GameDefinition` named `GAME`, imported the first time the game is
used. The core defines the types but never fills a registry: `companion.games.registry`
finds the declarations at the edge and hands a `GameRegistry` to whoever needs the list
(the CLI's choices, the scanner, the tag kit, the session).

>>> from types import SimpleNamespace
>>> rules = SimpleNamespace(game="toy", title="Toy Race")
>>> toy = GameDefinition("toy", "TY", "Toy Race", rules, "toy.toml")  # type: ignore[arg-type]
>>> toy.title_with_article, toy.declaration.prefix
('a Toy Race', 'TY')
>>> GameDefinition("toy", "T1", "Toy", rules, "toy.toml")  # type: ignore[arg-type]
Traceback (most recent call last):
ValueError: 'T1' cannot be a tag prefix: use two letters A-Z.

The registry of games, found by id or by tag prefix:

>>> games = GameRegistry([toy])
>>> games.get("toy").prefix, games.by_prefix("TY").id
('TY', 'toy')
>>> games.game_of(Tag.from_text("TY/C1")).title
'Toy Race'
>>> games.get("chess")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
UnknownGameError: 'chess' is not a known game; choose toy.

A declared game is imported by the registry's `load` only when it is first used:

>>> zed = GameDeclaration("zed", "ZD", "Zed", where="zed.definition:GAME", order=1)
>>> loads = []
>>> def load(declared):
...     loads.append(declared.id)
...     zed_rules = SimpleNamespace(game="zed")
...     return GameDefinition("zed", "ZD", "Zed", zed_rules, "zed.toml",  # type: ignore[arg-type]
...                           order=1)
>>> both = GameRegistry([toy, zed], load)
>>> both.ids, both.choices(), both.declaration("zed").title, loads
(('zed', 'toy'), 'zed or toy', 'Zed', [])
>>> both.get("zed").catalog_file, loads
('zed.toml', ['zed'])

Games are listed in the order they declare (`order`, then id), never in the order
their folders are found. A game may give a demo table (`companion app --demo [ID]`):
the setup lines that seat its players. With no id, the demo is the game that declares
itself `default_demo`, else the first listed game that gives one.

>>> seated = GameDefinition("toy", "TY", "Toy Race", rules, "toy.toml",  # type: ignore[arg-type]
...                         demo_setup=("join Ann", "join Bo"))
>>> GameRegistry([seated]).demo_game(None).demo_setup
('join Ann', 'join Bo')
>>> zed_rules = SimpleNamespace(game="zed", title="Zed")
>>> first = GameDefinition("zed", "ZD", "Zed", zed_rules, "zed.toml",  # type: ignore[arg-type]
...                        order=1, demo_setup=("join Zoe",), default_demo=True)
>>> GameRegistry([seated, first]).ids, GameRegistry([seated, first]).demo_game(None).id
(('zed', 'toy'), 'zed')
>>> games.demo_game("toy")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
UnknownGameError: Toy Race gives no demo table; no game gives one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.catalog import Catalog
from companion.core.declaration import GameDeclaration, check_identity
from companion.core.errors import CatalogError, UnknownGameError
from companion.core.events import Vocabulary
from companion.core.phases import Phases
from companion.core.rules import GameRules
from companion.core.speech import Spoken
from companion.core.tags import Tag, with_article


@dataclass(frozen=True)
class GameDefinition:
    """Everything the companion needs to know about one game, in one place.

    - `id`: the CLI id (`--game ID`), stored with every saved game; never changes.
    - `prefix`: the two letters printed before the slash on its tags; never changes.
    - `title`: the name players see.
    - `rules`: the game's rules object (the engine drives it; dice are `rules.dice`,
      its phases `rules.phases`, also read here as `phases`).
    - `catalog_file`: its catalog's file name under the packaged `assets/catalogs/`,
      or an absolute path for a game that lives outside the package.
    - `demo_file`: the script `companion demo` plays: a name under `assets/demo/`,
      an absolute path, or None if the game has no demo.
    - `demo_setup`: the command lines that set up the app's demo table
      (`companion app --demo ID`): players seated, ready to play; empty if none.
    - `order`: where the game is listed (CLI choices, the new-game screen): lower
      first, ties by id. Default 100.
    - `default_demo`: this game's demo table is the one `companion app --demo` sets
      up with no id (at most one game says so).
    - `spoken`: the sentences the voice says for a step (`companion.core.speech`),
      from its public events; None for a game that says nothing aloud.
    """

    id: str
    prefix: str
    title: str
    rules: GameRules[Any]
    catalog_file: str
    demo_file: str | None = None
    demo_setup: tuple[str, ...] = ()
    order: int = 100
    default_demo: bool = False
    spoken: Spoken | None = None

    def __post_init__(self) -> None:
        check_identity(self.id, self.prefix)
        if self.rules.game != self.id:
            raise ValueError(f"The rules of {self.id!r} say they are {self.rules.game!r}.")
        if self.default_demo and not self.demo_setup:
            raise ValueError(f"{self.id!r} is the default demo but gives no demo table.")

    @classmethod
    def declared_as(cls, declared: GameDeclaration, rules: GameRules[Any], catalog_file: str,
                    demo_file: str | None = None, demo_setup: tuple[str, ...] = (),
                    spoken: Spoken | None = None) -> GameDefinition:
        """The definition of a declared game: id, prefix, title, order and default demo
        as its declaration says them (written once, in the package's `__init__.py`)."""
        return cls(declared.id, declared.prefix, declared.title, rules, catalog_file,
                   demo_file, demo_setup, declared.order, declared.default_demo, spoken)

    @property
    def phases(self) -> Phases[Any]:
        """Each phase's verbs, scan handlers by deck, rolls and hooks (core/phases.py)."""
        return self.rules.phases

    @property
    def vocabulary(self) -> Vocabulary:
        """The event types the game folds and how older forms are read (core/events.py)."""
        return self.rules.vocabulary

    @property
    def declaration(self) -> GameDeclaration:
        """What this definition declares (id, prefix, title, order, its demo tables)."""
        return GameDeclaration(self.id, self.prefix, self.title, "", self.order,
                               bool(self.demo_setup), self.default_demo)

    @property
    def title_with_article(self) -> str:
        """'an Exploration', 'a TI4 Exploration'."""
        return with_article(self.title)

    def catalog_from_data(self, data: Mapping[str, Any], source: str) -> Catalog:
        """This game's catalog from parsed data; refuses another game's catalog."""
        catalog = Catalog.from_data(data, source, self.prefix)
        if catalog.game != self.id:
            raise CatalogError(f"{source}: catalog.game: {catalog.game!r} is not "
                               f"{self.title} ({self.id!r}).")
        return catalog

    def tag_of(self, card_id: str) -> Tag:
        """The tag printed on `card_id` in this game."""
        return Tag(self.prefix, card_id)


#: Imports a declared game's definition (given by the edge: the core imports nothing).
Loader = Callable[[GameDeclaration], "GameDefinition"]


def _cannot_load(declared: GameDeclaration) -> GameDefinition:
    raise UnknownGameError(f"{declared.title} is declared but no loader was given for it.")


class GameRegistry:
    """The registered games in the order they declare, found by id or by tag prefix;
    a declared game's definition is loaded (by `load`) the first time it is asked for."""

    def __init__(self, games: Iterable[GameDefinition | GameDeclaration],
                 load: Loader = _cannot_load) -> None:
        by_id: dict[str, GameDeclaration] = {}
        by_prefix: dict[str, GameDeclaration] = {}
        loaded: dict[str, GameDefinition] = {}
        for declared, game in sorted(map(_entry, games), key=lambda e: (e[0].order, e[0].id)):
            for key, seen in ((declared.id, by_id), (declared.prefix, by_prefix)):
                if key in seen and _clash(seen[key], declared, loaded.get(declared.id), game):
                    raise ValueError(f"Two games claim {key!r}: {seen[key].title} and "
                                     f"{declared.title}.")
                seen[key] = declared
            if game is not None:
                loaded[declared.id] = game
        self._by_id, self._by_prefix, self._loaded, self._load = by_id, by_prefix, loaded, load
        defaults = [game.title for game in by_id.values() if game.default_demo]
        if len(defaults) > 1:
            raise ValueError(f"Two games claim the default demo: {' and '.join(defaults)}.")

    def __iter__(self) -> Iterator[GameDefinition]:
        """Every game's definition (importing those not yet imported)."""
        return iter([self.get(game_id) for game_id in self._by_id])

    def __len__(self) -> int:
        return len(self._by_id)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._by_id

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self._by_id)

    @property
    def declared(self) -> tuple[GameDeclaration, ...]:
        """Every game as declared, in order, importing none."""
        return tuple(self._by_id.values())

    def choices(self) -> str:
        """'xp, ti4 or toy': the ids as a sentence offers them."""
        ids = list(self.ids)
        if len(ids) < 2:
            return "".join(ids) or "none (no game is installed)"
        return f"{', '.join(ids[:-1])} or {ids[-1]}"

    def declaration(self, game_id: str) -> GameDeclaration:
        """The declaration of `game_id` (nothing imported), or UnknownGameError."""
        declared = self._by_id.get(game_id)
        if declared is None:
            raise UnknownGameError(f"{str(game_id)[:20]!r} is not a known game; "
                                   f"choose {self.choices()}.")
        return declared

    def get(self, game_id: str) -> GameDefinition:
        """The game with CLI id `game_id`, or UnknownGameError naming the choices."""
        game = self._loaded.get(game_id)
        if game is None:
            game = self._loaded.setdefault(game_id, self._load(self.declaration(game_id)))
        return game

    def demo_game(self, game_id: str | None) -> GameDefinition:
        """The game whose demo table `companion app --demo [ID]` sets up: `game_id`'s, or
        with none the `default_demo` game, else the first that gives one; else
        UnknownGameError naming them."""
        demos = [game for game in self.declared if game.demo]
        named = [f"{g.id} ({g.title})" for g in demos]
        offered = (" or ".join([", ".join(named[:-1]), named[-1]]) if len(named) > 1 else
                   "".join(named) or "no game gives one")
        if game_id is None:
            if not demos:
                raise UnknownGameError("No installed game gives a demo table.")
            return self.get(next((game for game in demos if game.default_demo), demos[0]).id)
        game = self._by_id.get(game_id.lower())
        if game is None:
            raise UnknownGameError(f"{str(game_id)[:20]!r} is not a game with a demo table; "
                                   f"choose {offered}.")
        if not game.demo:
            raise UnknownGameError(f"{game.title} gives no demo table; "
                                   f"{'choose ' if demos else ''}{offered}.")
        return self.get(game.id)

    def by_prefix(self, prefix: str) -> GameDefinition:
        """The game whose tags carry `prefix`, or UnknownGameError."""
        declared = self._by_prefix.get(prefix)
        if declared is None:
            known = ", ".join(sorted(self._by_prefix)) or "none"
            raise UnknownGameError(f"{prefix[:12]!r} is not the tag prefix of any known game; "
                                   f"known: {known}.")
        return self.get(declared.id)

    def game_of(self, tag: Tag) -> GameDefinition:
        """The game a tag belongs to, or UnknownGameError."""
        if tag.prefix not in self._by_prefix:
            raise UnknownGameError(f"{tag} has an unknown game prefix {tag.prefix}; known: "
                                   f"{', '.join(sorted(self._by_prefix))}.")
        return self.by_prefix(tag.prefix)

    def parse_tag(self, text: str) -> tuple[Tag, GameDefinition]:
        """A tag and its game from text, or a TagFormatError / UnknownGameError."""
        tag = Tag.from_text(text)
        return tag, self.game_of(tag)


def _entry(game: GameDefinition | GameDeclaration) -> tuple[GameDeclaration, GameDefinition | None]:
    if isinstance(game, GameDeclaration):
        return game, None
    return game.declaration, game


def _clash(earlier: GameDeclaration, declared: GameDeclaration,
           earlier_game: GameDefinition | None, game: GameDefinition | None) -> bool:
    """Two claims of one id or prefix clash unless they declare the same game (the same
    definition object, when both are given whole)."""
    return earlier != declared or (earlier_game is not None and game is not None
                                   and earlier_game is not game)

"""Catalog validation: one entry per physical card or tile, each with its own ID.

The core never reads files. A thin loader (`companion.catalogs`) parses the
TOML and hands the data here together with the file name, so every error can
name the file, the key and what is wrong.

Data shape (see docs/catalog-format.md)::

    [catalog]  game, title, version, sources
    [decks.NAME]  title, tagged (bool), reshuffle (bool), when_empty (sentence),
                  card_name (what one of its cards is called), kept (said before a
                  drawn card's summary when it acts only once played)
    [[cards]]  design, name, deck, kind, ids = [...], summary, option,
               copies_assumed, assumed = [...], [cards.attrs]
    retired_ids = [...]      IDs once printed and never to be reused
    [rules] ...              free-form; each game validates its own part
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import CatalogError, OtherGameError, UnknownCardError
from companion.core.tags import Tag, is_valid_card_id, is_valid_prefix


@dataclass(frozen=True)
class Deck:
    """A named group of cards; a tagged deck has one sticker per card.

    `reshuffle` says whether the rules shuffle the discard pile into a new deck
    when the deck runs out; `when_empty` is the sentence the table reads when the
    deck is empty and gives no more cards (saying why); `card_name` is what the
    rulebook calls one of its cards ("Outer Space tile"), or "" for "NAME card";
    `kept` is said before a drawn card's summary when the card does nothing until it
    is played ("Kept until played ...: "), or "".
    """

    name: str
    title: str
    tagged: bool = True
    reshuffle: bool = True
    when_empty: str = ""
    card_name: str = ""
    kept: str = ""

    def one_card(self) -> str:
        """What one card of this deck is called: "Outer Space tile", "Hazard card"."""
        return self.card_name or f"{self.name.replace('_', ' ').capitalize()} card"


@dataclass(frozen=True)
class CardEntry:
    """One physical card or tile: its tag ID, its design and its copy number."""

    card_id: str
    design: str
    name: str
    deck: str
    kind: str
    copy: int
    copies: int
    summary: str = ""
    option: str | None = None
    attrs: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self, prefix: str) -> dict[str, Any]:
        """The card as `catalog --json` shows it; `prefix` is its game's tag prefix."""
        return {
            "tag": Tag(prefix, self.card_id).text,
            "id": self.card_id,
            "deck": self.deck,
            "design": self.design,
            "name": self.name,
            "copy": self.copy,
            "copies": self.copies,
            "kind": self.kind,
            "option": self.option,
        }


@dataclass(frozen=True)
class Catalog:
    """A validated catalog of one game; `data` is kept to store with each game.

    `prefix` is the tag prefix of the game's definition (the catalog file does
    not repeat it): the catalog resolves only tags that carry it.
    """

    game: str
    prefix: str
    title: str
    version: str
    decks: Mapping[str, Deck]
    cards: Mapping[str, CardEntry]
    rules: Mapping[str, Any]
    data: Mapping[str, Any]
    source: str

    @property
    def content_hash(self) -> str:
        return content_hash(self.data)

    @classmethod
    def from_data(cls, data: Mapping[str, Any], source: str, prefix: str) -> Catalog:
        """Validate catalog data read from `source` for the game whose tags carry `prefix`."""
        return _build_catalog(data, source, prefix)

    def tag_of(self, card_id: str) -> Tag:
        """The tag printed on `card_id`'s sticker."""
        return Tag(self.prefix, card_id)

    def to_data(self) -> dict[str, Any]:
        return json.loads(json.dumps(self.data))

    def card(self, card_id: str) -> CardEntry:
        """The entry of `card_id`, or UnknownCardError with a readable sentence."""
        word = card_id.strip().upper()
        if "/" in word:  # a whole tag typed where an ID was asked for
            return self.resolve(Tag.from_text(word))
        entry = self.cards.get(word)
        if entry is None:
            if not is_valid_card_id(word):
                raise UnknownCardError(f"{card_id!r} is not a card ID (IDs look like H01).")
            raise UnknownCardError(f"{self.prefix}/{word} is not a card in the "
                                   f"{self.title} catalog.")
        return entry

    def resolve(self, tag: Tag) -> CardEntry:
        """The card a scanned tag names; refuses tags of another game."""
        if tag.prefix != self.prefix:
            raise OtherGameError(
                f"{tag} is not part of this {self.title} game: its tags start {self.prefix}/."
            )
        return self.card(tag.card_id)

    def in_deck(self, deck: str, options: Iterable[str] = ()) -> list[CardEntry]:
        """Cards of `deck` in catalog order, keeping optional cards only if enabled."""
        enabled = set(options)
        return [
            c for c in self.cards.values()
            if c.deck == deck and (c.option is None or c.option in enabled)
        ]

    def designs(self) -> dict[str, list[CardEntry]]:
        """Copies grouped by design, in catalog order."""
        grouped: dict[str, list[CardEntry]] = {}
        for entry in self.cards.values():
            grouped.setdefault(entry.design, []).append(entry)
        return grouped


def content_hash(data: Mapping[str, Any]) -> str:
    """A stable hash of catalog data, used to pin a saved game to its catalog."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def _fail(source: str, key: str, problem: str) -> CatalogError:
    return CatalogError(f"{source}: {key}: {problem}")


def _require(table: Mapping[str, Any], key: str, kind: type, source: str, where: str) -> Any:
    if key not in table:
        raise _fail(source, f"{where}.{key}", "is missing")
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _fail(source, f"{where}.{key}", f"must be a {kind.__name__}, not {value!r}")
    return value


def _build_decks(data: Mapping[str, Any], source: str) -> dict[str, Deck]:
    raw = data.get("decks")
    if not isinstance(raw, Mapping) or not raw:
        raise _fail(source, "decks", "must be a table naming at least one deck")
    decks = {}
    for name, table in raw.items():
        if not isinstance(table, Mapping):
            raise _fail(source, f"decks.{name}", "must be a table")
        title = _require(table, "title", str, source, f"decks.{name}")
        flags = {}
        for key in ("tagged", "reshuffle"):
            flags[key] = table.get(key, True)
            if not isinstance(flags[key], bool):
                raise _fail(source, f"decks.{name}.{key}", "must be true or false")
        words = {}
        for key in ("when_empty", "card_name", "kept"):
            words[key] = table.get(key, "")
            if not isinstance(words[key], str):
                raise _fail(source, f"decks.{name}.{key}", "must be text")
        decks[name] = Deck(name, title, flags["tagged"], flags["reshuffle"], words["when_empty"],
                           words["card_name"], words["kept"])
    return decks


def _build_cards(
    data: Mapping[str, Any], decks: Mapping[str, Deck], source: str
) -> dict[str, CardEntry]:
    raw = data.get("cards")
    if not isinstance(raw, list) or not raw:
        raise _fail(source, "cards", "must be a list of [[cards]] tables")
    retired = set(data.get("retired_ids", []))
    cards: dict[str, CardEntry] = {}
    designs: set[str] = set()
    for index, table in enumerate(raw):
        where = f"cards[{index}]"
        if not isinstance(table, Mapping):
            raise _fail(source, where, "must be a table")
        design = _require(table, "design", str, source, where)
        where = f"cards[{index}] ({design})"
        if design in designs:
            raise _fail(source, where, f"design {design!r} is listed twice")
        designs.add(design)
        for entry in _entries_of(table, decks, source, where):
            if entry.card_id in cards:
                raise _fail(source, f"{where}.ids", f"ID {entry.card_id} is used twice")
            if entry.card_id in retired:
                raise _fail(source, f"{where}.ids", f"ID {entry.card_id} is retired")
            cards[entry.card_id] = entry
    return cards


def _entries_of(
    table: Mapping[str, Any], decks: Mapping[str, Deck], source: str, where: str
) -> list[CardEntry]:
    name = _require(table, "name", str, source, where)
    deck = _require(table, "deck", str, source, where)
    kind = _require(table, "kind", str, source, where)
    ids = _require(table, "ids", list, source, where)
    if deck not in decks:
        raise _fail(source, f"{where}.deck", f"{deck!r} is not declared under [decks]")
    if not ids:
        raise _fail(source, f"{where}.ids", "must list at least one ID")
    for card_id in ids:
        if not isinstance(card_id, str) or not is_valid_card_id(card_id):
            raise _fail(
                source, f"{where}.ids", f"{card_id!r} is not 1-7 characters of A-Z and 0-9"
            )
    attrs = table.get("attrs", {})
    if not isinstance(attrs, Mapping):
        raise _fail(source, f"{where}.attrs", "must be a table")
    option = table.get("option")
    if option is not None and not isinstance(option, str):
        raise _fail(source, f"{where}.option", "must be a string")
    summary = table.get("summary", "")
    if not isinstance(summary, str):
        raise _fail(source, f"{where}.summary", "must be a string")
    return [
        CardEntry(card_id, str(table["design"]), name, deck, kind, n, len(ids),
                  summary, option, dict(attrs))
        for n, card_id in enumerate(ids, start=1)
    ]


def _build_catalog(data: Mapping[str, Any], source: str, prefix: str) -> Catalog:
    if not isinstance(data, Mapping):
        raise _fail(source, "(top)", "a catalog must be a table of tables")
    header = data.get("catalog")
    if not isinstance(header, Mapping):
        raise _fail(source, "catalog", "the [catalog] table is missing")
    game = _require(header, "game", str, source, "catalog")
    if not is_valid_prefix(prefix):
        raise _fail(source, "catalog.game", f"{prefix!r} cannot be the tag prefix of {game!r}")
    title = _require(header, "title", str, source, "catalog")
    version = str(header.get("version", "0"))
    decks = _build_decks(data, source)
    cards = _build_cards(data, decks, source)
    rules = data.get("rules", {})
    if not isinstance(rules, Mapping):
        raise _fail(source, "rules", "must be a table")
    return Catalog(game, prefix, title, version, decks, cards, rules, data, source)

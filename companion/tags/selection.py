"""Which physical cards get a tag: `all`, deck names, card IDs and tags, mixed.

>>> from companion.core.catalog import Catalog
>>> data = {"catalog": {"game": "toy", "title": "Toy"}, "decks": {"ship": {"title": "Ships"}},
...         "cards": [{"design": "shield", "name": "Shield", "deck": "ship", "kind": "module",
...                    "ids": ["SHLD1", "SHLD2", "SHLD3"]}]}
>>> [c.card_id for c in select_cards(Catalog.from_data(data, "toy", "TY"), "TY/SHLD1, shld2")]
['SHLD1', 'SHLD2']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.core.catalog import CardEntry, Catalog
from companion.core.errors import CompanionError, OtherGameError, UnknownGameError
from companion.core.tags import Tag
from companion.tags.sizes import TagKitError

ALL = "all"


def catalog_options(catalog: Catalog) -> list[str]:
    """The optional card sets (e.g. "codex") this catalog has, sorted."""
    return sorted({c.option for c in catalog.cards.values() if c.option})


def check_options(catalog: Catalog, options: Iterable[str]) -> list[str]:
    """The enabled options, lower-cased; refuses one the catalog does not have."""
    known = catalog_options(catalog)
    enabled = [o.strip().lower() for o in options if o.strip()]
    for option in enabled:
        if option not in known:
            offered = ", ".join(known) if known else "none"
            raise TagKitError(
                f"{catalog.title} has no optional cards called {option!r}; its options: "
                f"{offered}.")
    return enabled


def select_cards(catalog: Catalog, spec: str = ALL, options: Sequence[str] = ()) -> list[CardEntry]:
    """The tagged cards `spec` names, in catalog order, each once.

    Optional cards come with `all` or a deck only when their option is enabled;
    naming one by ID or tag always selects it.
    """
    enabled = check_options(catalog, options)
    words = [word.strip() for word in spec.split(",")]
    if not any(words):
        raise TagKitError("The card selection is empty; give all, a deck name or card IDs.")
    chosen: set[str] = set()
    for word in filter(None, words):
        chosen.update(c.card_id for c in _cards_named(catalog, word, enabled))
    picked = [c for c in catalog.cards.values() if c.card_id in chosen]
    if not picked:
        raise TagKitError(_nothing_selected(catalog, spec))
    return picked


def _cards_named(catalog: Catalog, word: str, enabled: list[str]) -> list[CardEntry]:
    if word.lower() == ALL:
        return [c for deck in catalog.decks.values() if deck.tagged
                for c in catalog.in_deck(deck.name, enabled)]
    deck_name = _deck_named(catalog, word)
    if deck_name is not None:
        _check_tagged(catalog, deck_name)
        return catalog.in_deck(deck_name, enabled)
    entry = _card_named(catalog, word)
    _check_tagged(catalog, entry.deck)
    return [entry]


def _deck_named(catalog: Catalog, word: str) -> str | None:
    lowered = word.lower()
    return next((name for name in catalog.decks if name.lower() == lowered), None)


def _card_named(catalog: Catalog, word: str) -> CardEntry:
    """A card by ID or whole tag, as the catalog resolves it (the other game's tags refused)."""
    try:
        return catalog.card(word)
    except OtherGameError as exc:
        raise TagKitError(_other_game(catalog, Tag.from_text(word))) from exc
    except CompanionError as exc:
        if "/" in word:  # a tag: the catalog's sentence says what is wrong with it
            raise TagKitError(str(exc)) from exc
        decks = ", ".join(catalog.decks)
        raise TagKitError(
            f"{word!r} is neither a deck nor a card ID of {catalog.title}; its decks: "
            f"{decks}.") from exc


def _other_game(catalog: Catalog, tag: Tag) -> str:
    """The sentence for another game's tag, naming the --game that prints it if known."""
    from companion.games.registry import games

    try:
        owner = games().game_of(tag)
    except UnknownGameError as exc:
        return str(exc)
    return (f"{tag} is {owner.title_with_article} tag; these stickers are for "
            f"{catalog.title} (use --game {owner.id} for it).")


def _check_tagged(catalog: Catalog, deck_name: str) -> None:
    deck = catalog.decks[deck_name]
    if not deck.tagged:
        raise TagKitError(
            f"The {deck.title} ({deck.name}) are not tagged in {catalog.title}, so they get "
            "no stickers.")


def _nothing_selected(catalog: Catalog, spec: str) -> str:
    options = catalog_options(catalog)
    hint = (f"; optional cards need --option {options[0]}" if options else "")
    return f"The selection {spec!r} holds no {catalog.title} card to tag{hint}."

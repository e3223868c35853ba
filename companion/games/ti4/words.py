"""Reading what players type: planet names, seats, abilities and keyword parts."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from companion.core.catalog import CardEntry, Catalog
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.games.ti4.explore import Builder, data_of

KEYWORDS = ("for", "with", "to", "from")


@lru_cache(maxsize=4096)
def simple(text: str) -> str:
    """Lower case, letters and digits only: "Tequ'ran" and "tequran" read the same."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


def split_keywords(args: Sequence[str]) -> tuple[list[str], dict[str, str]]:
    """`take Abyz Fria for Alice` -> (["Abyz", "Fria"], {"for": "Alice"})."""
    positional: list[str] = []
    parts: dict[str, list[str]] = {}
    current: list[str] = positional
    for word in args:
        if word.lower() in KEYWORDS:
            if word.lower() in parts:
                raise CommandSyntaxError(f"{word!r} appears twice in that command.")
            current = parts.setdefault(word.lower(), [])
        else:
            current.append(word)
    for key, words in parts.items():
        if not words:
            raise CommandSyntaxError(f"Say what comes after {key!r}.")
    return positional, {k: " ".join(v) for k, v in parts.items()}


_LAST_INDEX: list[tuple[Catalog, list[CardEntry], dict[str, CardEntry]]] = []


def _planet_index(catalog: Catalog, deck: str) -> tuple[list[CardEntry], dict[str, CardEntry]]:
    """The planets and an exact-name/ID lookup, kept for the last catalog only (a prompt
    judges dozens of `take` lines against one catalog)."""
    if _LAST_INDEX and _LAST_INDEX[0][0] is catalog:
        return _LAST_INDEX[0][1], _LAST_INDEX[0][2]
    planets = catalog.in_deck(deck)
    exact: dict[str, CardEntry] = {}
    for p in planets:
        exact.setdefault(simple(p.name), p)
        exact.setdefault(p.card_id.lower(), p)
    _LAST_INDEX[:] = [(catalog, planets, exact)]
    return planets, exact


def find_planets(b: Builder, words: Sequence[str]) -> list[CardEntry]:
    """Planet cards named by ID or name; several may follow each other without quotes."""
    planets, exact = _planet_index(b.catalog, data_of(b).planet_deck)
    found: list[CardEntry] = []
    i = 0
    while i < len(words):
        card, used = _longest_match(planets, exact, words, i)
        found.append(card)
        i += used
    if not found:
        raise CommandSyntaxError("Name at least one planet, for example: take Abyz.")
    return found


def _longest_match(planets: list[CardEntry], exact: dict[str, CardEntry],
                   words: Sequence[str], i: int) -> tuple[CardEntry, int]:
    for j in range(len(words), i, -1):
        hit = exact.get(simple(" ".join(words[i:j])))
        if hit is not None:
            return hit, j - i
    for j in range(len(words), i, -1):
        text = simple(" ".join(words[i:j]))
        prefixed = [p for p in planets if simple(p.name).startswith(text)]
        if len(prefixed) == 1:
            return prefixed[0], j - i
    word = words[i]
    close = [p.name for p in planets if simple(p.name).startswith(simple(word))]
    if close:
        raise IllegalMoveError(f"{word!r} could be {', '.join(close[:6])}; type more letters.")
    raise IllegalMoveError(f"{word!r} is not a planet in the TI4 catalog.")


def seat_of(b: Builder, parts: dict[str, str], key: str = "for") -> str:
    """The seat named after `key`, or the active seat."""
    if key in parts:
        return b.state.table.find_seat(parts[key])
    if b.state.table.active is None:
        raise IllegalMoveError(f"No player is active: add '{key} SEAT' or set the turn with "
                               f"turn SEAT.")
    return b.state.table.active


SMALL_WORDS = ("the", "of", "and")


def initials(name: str) -> set[str]:
    """The short names players use: "det" for Dark Energy Tap, "cotv" or "cv" for
    Circlet of the Void (with or without the small words).

    >>> sorted(initials("The Crown of Emphidia"))
    ['ce', 'tcoe']
    """
    words = re.findall(r"[a-z0-9]+", name.lower())
    every = "".join(w[0] for w in words)
    significant = "".join(w[0] for w in words if w not in SMALL_WORDS)
    return {short for short in (every, significant) if len(short) >= 2}


def match_name(word: str, names: Iterable[tuple[str, str]]) -> str | None:
    """The key whose name `word` starts (ignoring case, punctuation and a leading 'The'),
    or whose initials `word` is (DET, SDN)."""
    text = simple(word)
    hits = [key for key, name in names
            if text and (simple(name).startswith(text) or simple(name).removeprefix("the")
                         .startswith(text) or simple(key).startswith(text)
                         or text in initials(name))]
    unique = list(dict.fromkeys(hits))
    return unique[0] if len(unique) == 1 else None


def either(names: Iterable[str]) -> str:
    """Names joined as a sentence offers them.

    >>> either(["Garv and Gunn"]), either(["A", "B"]), either(["A", "B", "C"])
    ('Garv and Gunn', 'A or B', 'A, B or C')
    """
    listed = list(names)
    return " or ".join([", ".join(listed[:-1]), listed[-1]] if len(listed) > 1 else listed)

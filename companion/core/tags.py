"""The printed tag format `GAME/ID`, a contract that outlives releases.

`GAME` is a known two-letter prefix; `ID` is 1 to 7 characters from A-Z and
0-9; the whole text is at most 10 characters, all in QR's alphanumeric set,
so every tag fits a version-1 QR code at error correction level H.

>>> parse_tag("XP/SH01")
Tag(prefix='XP', card_id='SH01')
>>> classify("TI/R3").kind
'ours'
>>> classify("https://example.org").kind
'foreign'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from companion.core.errors import TagFormatError

#: Tag prefix -> CLI game id. A prefix, once printed, never changes meaning.
GAME_BY_PREFIX: dict[str, str] = {"XP": "xp", "TI": "ti4"}
PREFIX_BY_GAME: dict[str, str] = {game: prefix for prefix, game in GAME_BY_PREFIX.items()}
#: Names players see.
GAME_TITLES: dict[str, str] = {"xp": "Exploration", "ti4": "TI4 Exploration"}

MAX_TAG_LENGTH = 10
MAX_ID_LENGTH = 7
_ID_PATTERN = re.compile(r"[A-Z0-9]{1,7}")
_TAG_PATTERN = re.compile(r"([A-Z]{2})/([A-Z0-9]{1,7})")


@dataclass(frozen=True)
class Tag:
    """A parsed tag: which game's catalog, and which physical card in it."""

    prefix: str
    card_id: str

    @property
    def game(self) -> str:
        return GAME_BY_PREFIX[self.prefix]

    @property
    def text(self) -> str:
        return f"{self.prefix}/{self.card_id}"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Classified:
    """What a decoded text is: one of our tags, or something foreign."""

    kind: Literal["ours", "foreign"]
    text: str
    tag: Tag | None = None


def with_article(game: str) -> str:
    """'an Exploration', 'a TI4 Exploration': a game's title as a sentence needs it."""
    title = GAME_TITLES.get(game, game)
    return f"{'an' if title[0].lower() in 'aeiou' else 'a'} {title}"


def is_valid_card_id(card_id: str) -> bool:
    """True if `card_id` may be printed after the slash."""
    return _ID_PATTERN.fullmatch(card_id) is not None


def parse_tag(text: str) -> Tag:
    """Parse `GAME/ID` or raise TagFormatError with a readable sentence."""
    cleaned = text.strip()
    match = _TAG_PATTERN.fullmatch(cleaned.upper())
    if match is None or len(cleaned) > MAX_TAG_LENGTH:
        raise TagFormatError(
            f"{cleaned[:40]!r} is not a card tag; tags look like XP/SH01 or TI/C12."
        )
    prefix, card_id = match.groups()
    if prefix not in GAME_BY_PREFIX:
        known = ", ".join(sorted(GAME_BY_PREFIX))
        raise TagFormatError(f"{cleaned} has an unknown game prefix {prefix}; known: {known}.")
    return Tag(prefix, card_id)


def classify(text: str) -> Classified:
    """Sort any decoded text into one of our tags or a foreign code."""
    try:
        return Classified("ours", text, parse_tag(text))
    except TagFormatError:
        return Classified("foreign", text)


def make_tag(game: str, card_id: str) -> Tag:
    """Build the tag of `card_id` in `game` (a CLI id such as "xp")."""
    if game not in PREFIX_BY_GAME:
        raise TagFormatError(f"{game!r} is not a known game; known: xp, ti4.")
    if not is_valid_card_id(card_id):
        raise TagFormatError(
            f"{card_id!r} cannot be a card ID: use 1 to 7 characters from A-Z and 0-9."
        )
    return Tag(PREFIX_BY_GAME[game], card_id)

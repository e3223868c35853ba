"""The printed tag format `PREFIX/ID`, a contract that outlives releases.

`PREFIX` is two letters A-Z naming a game (each game's definition declares
its own); `ID` is 1 to 7 characters from A-Z and 0-9; the whole text is at
most 10 characters, all in QR's alphanumeric set, so every tag fits a
version-1 QR code at error correction level H. This module knows the shape
of a tag only: which prefix belongs to which game is the registry's business.

>>> Tag.from_text("xp/sh01")
Tag(prefix='XP', card_id='SH01')
>>> Tag("TI", "R3").text
'TI/R3'
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

MAX_TAG_LENGTH = 10
MAX_ID_LENGTH = 7
_ID_PATTERN = re.compile(r"[A-Z0-9]{1,7}")
_PREFIX_PATTERN = re.compile(r"[A-Z]{2}")
_TAG_PATTERN = re.compile(r"([A-Z]{2})/([A-Z0-9]{1,7})")


@dataclass(frozen=True)
class Tag:
    """A parsed tag: which game's catalog (by prefix), and which physical card in it."""

    prefix: str
    card_id: str

    def __post_init__(self) -> None:
        if not is_valid_prefix(self.prefix):
            raise TagFormatError(f"{self.prefix[:12]!r} cannot be a tag prefix: use two "
                                 "letters A-Z.")
        if not is_valid_card_id(self.card_id):
            raise TagFormatError(f"{self.card_id[:12]!r} cannot be a card ID: use 1 to 7 "
                                 "characters from A-Z and 0-9.")

    @classmethod
    def from_text(cls, text: str) -> Tag:
        """Parse `PREFIX/ID` (any case, spaces around ignored) or raise TagFormatError."""
        cleaned = text.strip()
        match = _TAG_PATTERN.fullmatch(cleaned.upper())
        if match is None or len(cleaned) > MAX_TAG_LENGTH:
            raise TagFormatError(
                f"{cleaned[:40]!r} is not a card tag; tags look like AB/C12.")
        return cls(*match.groups())

    @property
    def text(self) -> str:
        """The tag as printed: `PREFIX/ID`."""
        return f"{self.prefix}/{self.card_id}"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Classified:
    """What a decoded text is: shaped like one of our tags, or something foreign."""

    kind: Literal["ours", "foreign"]
    text: str
    tag: Tag | None = None


def is_valid_card_id(card_id: str) -> bool:
    """True if `card_id` may be printed after the slash."""
    return _ID_PATTERN.fullmatch(card_id) is not None


def is_valid_prefix(prefix: str) -> bool:
    """True if `prefix` may be printed before the slash (two letters A-Z)."""
    return _PREFIX_PATTERN.fullmatch(prefix) is not None


def parse_tag(text: str) -> Tag:
    """`Tag.from_text(text)`: parse `PREFIX/ID` or raise TagFormatError."""
    return Tag.from_text(text)


def classify(text: str) -> Classified:
    """Sort any decoded text into a tag-shaped text or a foreign code."""
    try:
        return Classified("ours", text, Tag.from_text(text))
    except TagFormatError:
        return Classified("foreign", text)


def with_article(title: str) -> str:
    """'an Exploration', 'a TI4 Exploration': a title as a sentence needs it.

    >>> with_article("Exploration")
    'an Exploration'
    """
    return f"{'an' if title[:1].lower() in 'aeiou' else 'a'} {title}"

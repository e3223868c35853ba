"""What the list of games knows of a game before importing its rules.

A game package declares itself in one small `GameDeclaration` (id, tag prefix, title,
order, its demo table) and names where its full `GameDefinition` lives; the registry
(`companion.core.definition.GameRegistry`) imports that definition the first time the
game is used. So a start that resumes an Exploration game imports Exploration's rules
and not TI4's, while the list of games (the CLI's choices, the saved games' titles, the
demo tables) is known from the declarations alone.

>>> GameDeclaration("zed", "ZD", "Zed", where="zed.definition:GAME").title_with_article
'a Zed'
>>> GameDeclaration("zed", "Z", "Zed")
Traceback (most recent call last):
ValueError: 'Z' cannot be a tag prefix: use two letters A-Z.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from companion.core.tags import is_valid_prefix, with_article

_ID_PATTERN = re.compile(r"[a-z][a-z0-9]{1,11}")


def check_identity(game_id: str, prefix: str) -> None:
    """ValueError unless `game_id` can be a game id and `prefix` a tag prefix."""
    if not _ID_PATTERN.fullmatch(game_id):
        raise ValueError(f"{game_id!r} cannot be a game id: use 2-12 of a-z and 0-9.")
    if not is_valid_prefix(prefix):
        raise ValueError(f"{prefix!r} cannot be a tag prefix: use two letters A-Z.")


@dataclass(frozen=True)
class GameDeclaration:
    """A game as the list of games knows it, its rules not imported.

    - `id`, `prefix`, `title`, `order`, `default_demo`: as in `GameDefinition`, and equal
      to its definition's (the registry refuses a definition that says otherwise).
    - `where`: its definition, `module:attribute` (empty for a definition given whole).
    - `demo`: it gives a demo table (its definition's `demo_setup` is not empty).
    """

    id: str
    prefix: str
    title: str
    where: str = field(default="", compare=False)
    order: int = 100
    demo: bool = False
    default_demo: bool = False

    def __post_init__(self) -> None:
        check_identity(self.id, self.prefix)
        if self.default_demo and not self.demo:
            raise ValueError(f"{self.id!r} is the default demo but gives no demo table.")

    @property
    def title_with_article(self) -> str:
        """'an Exploration', 'a TI4 Exploration'."""
        return with_article(self.title)

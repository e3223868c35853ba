"""The game panels of the dashboard's left column, one tab each after "Seats".

Every game's panels come from its table view (`view["table"]["panels"]`, see
core/tableview.py and docs/table-api.md): `panels_for(table)` lists one tab per panel,
in the game's order, then "Decks" when the game has decks. Each is drawn by one
generic widget (`generic.py`), whose `show_table(table)` draws the table's data; the
dashboard calls it after every command while its tab is open, and when it is opened.
No game is named here: a new game's panels appear without an edit in this package.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the widgets import Kivy; this list does not
    from companion.ui.panels.panel import Panel

DECKS = "Decks"


@dataclass(frozen=True)
class PanelSpec:
    """One tab: its title (a word or two: the tab strip is narrow), and how to make it."""

    title: str
    key: str
    make: Callable[[], Panel]


def _game_panel(panel_id: str) -> Panel:
    from companion.ui.panels.generic import GamePanel

    return GamePanel(panel_id)


def _decks() -> Panel:
    from companion.ui.panels.generic import DecksPanel

    return DecksPanel()


def panels_for(table: Mapping[str, Any]) -> tuple[PanelSpec, ...]:
    """The tabs of a table view, in order; none for a view without panels or decks."""
    specs = [PanelSpec(str(p["title"]), f"panel:{p['id']}",
                       partial(_game_panel, str(p["id"])))
             for p in table.get("panels") or ()]
    if table.get("decks"):
        specs.append(PanelSpec(DECKS, "decks", _decks))
    return tuple(specs)

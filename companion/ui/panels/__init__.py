"""The game panels of the dashboard's left column, one tab each after "Seats".

A game lists its panels in its own module here (`exploration.py`, ...), as a
tuple `PANELS` of `PanelSpec`s; `panels_for(kind)` finds them by the game's id.
Each panel widget is a `Panel` (see `panel.py`) whose `show_table(table)` draws
the table's data; the dashboard calls it after every command while the panel's
tab is open, and again when its tab is opened.

To add a game's panels: write `companion/ui/panels/NAME.py` with `PANELS`, and
add the game's id and that module's name to `MODULES` below.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the widgets import Kivy; this registry does not
    from companion.ui.panels.panel import Panel

#: The game id (`TableData.kind`) and the module of this package that lists its panels.
MODULES: dict[str, str] = {
    "xp": "exploration",
    "ti4": "ti4",
}


@dataclass(frozen=True)
class PanelSpec:
    """One tab: its title (a word or two: the tab strip is narrow) and the panel's class."""

    title: str
    widget: type[Panel]


def panels_for(kind: str) -> tuple[PanelSpec, ...]:
    """The panels of a game, in tab order; none for a game that has no panels yet."""
    module = MODULES.get(kind)
    if module is None:
        return ()
    return tuple(import_module(f"{__name__}.{module}").PANELS)

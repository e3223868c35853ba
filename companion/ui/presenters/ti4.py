"""TI4's exploration queue as a screen shows it (planets, relics and decks are drawn from
the table view's panels by the generic panel widget).

Plain data in (the TI4 view), plain data out; no rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class QueueView:
    """The exploration under way and those waiting."""

    lines: tuple[str, ...]
    revealed: str

    @property
    def is_idle(self) -> bool:
        return not self.lines and not self.revealed


def queue_view(view: Mapping[str, Any], _prompt: Mapping[str, Any] | None = None) -> QueueView:
    lines = []
    waiting = 0
    for item in view.get("queue", []):
        if item.get("started"):
            deck = item.get("deck") or " or ".join(item.get("decks", ()))
            lines.append(f"Now: {item['seat']} explores {item['target']} ({deck} deck)")
        else:
            waiting += 1
            lines.append(f"Then {waiting}: {item['seat']} explores {item['target']}")
    return QueueView(tuple(lines), str(view.get("revealed") or ""))

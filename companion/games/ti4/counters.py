"""A seat's counters as the game says them (planets, resources, influence, fragments,
relics, and the commodities and trade goods the cards' own choices counted): the table
view's seat counters, and the JSON view's `counters` a screen draws without knowing
the game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.tableview import Counter
from companion.games.ti4.choices import RESOURCE_NOUNS

#: The game's noun for one unit of each seat counter (and `resource_nouns`).
NOUNS = {"planets": "planet", "resources": "resource", "influence": "influence",
         "fragments": "relic fragment", "relics": "relic"}


def seat_counters(s: Mapping[str, Any]) -> tuple[Counter, ...]:
    planets = s["planets"]
    values = {"planets": len(planets), "resources": sum(p["resources"] for p in planets),
              "influence": sum(p["influence"] for p in planets),
              "fragments": len(s["fragments"]), "relics": len(s["relics"])}
    said = [Counter.of(k, v, NOUNS[k], "influence" if k == "influence" else None)
            for k, v in values.items()]
    # Commodities and trade goods as the cards' own choices counted them (choices.py):
    # shown once a seat has some, so a table that never counts them sees nothing new.
    for key, plural in (("commodities", "commodities"), ("trade_goods", None)):
        if s.get(key):
            said.append(Counter.of(key, int(s[key]), RESOURCE_NOUNS[key], plural))
    return tuple(said)

"""A seat's counters as the game says them (planets, resources, influence, fragments,
relics, and the commodities and trade goods the cards' own choices counted): the table
view's seat counters, and the JSON view's `counters` a screen draws without knowing
the game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
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
    # Commodities and trade goods as the cards' own choices and the table's corrections
    # counted them (choices.py), shown at all times: at 0 a table looked for them.
    return (*said, commodities_counter(s),
            Counter.of("trade_goods", int(s.get("trade_goods") or 0),
                       RESOURCE_NOUNS["trade_goods"]), *relic_points(s))


def relic_points(s: Mapping[str, Any]) -> tuple[Counter, ...]:
    """'1 VP from relics': the victory points the relics held give, when any (the app
    counts no others: objectives are scored at the table); which relic gives them is the
    seat's detail (`points_detail`). Short: a counter is kept on one line whole."""
    relics = s.get("relic_victory_points") or {}
    if not relics:
        return ()
    points = sum(relics.values())
    return (Counter("relic_victory_points", points, "VP", f"{points} VP from relics"),)


def points_detail(s: Mapping[str, Any]) -> tuple[str, ...]:
    """'Shard of the Throne: +1 VP' for each relic held that gives victory points."""
    return tuple(f"{name}: +{points} VP"
                 for name, points in (s.get("relic_victory_points") or {}).items())


def commodities_counter(s: Mapping[str, Any]) -> Counter:
    """'0 commodities (of 3, assumed)': the count, with the seat's commodity value (said
    assumed while the table has not recorded it from the faction sheet), and the faction
    it came from once said ('0 commodities (of 6, Hacan)')."""
    counter = Counter.of("commodities", int(s.get("commodities") or 0),
                         RESOURCE_NOUNS["commodities"], "commodities")
    value = int(s.get("commodity_value") or 0)
    if not value:  # a catalog with no assumed value and none recorded: no cap to say
        return counter
    faction = s.get("faction") or {}
    of = f"of {value}, assumed" if s.get("commodity_value_assumed") else f"of {value}"
    of = f"{of}, {faction['short']}" if faction.get("short") else of
    return replace(counter, text=f"{counter.text} ({of})")

"""A maneuver check as a moment: the face rolled, the arithmetic, the verdict and what a
failure costs. Shared by a step's moments (moments.py) and a move's checks entered before
its last one (prompt_flight.py), which the moments module itself imports.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.catalog import Catalog
from companion.core.events import Event
from companion.core.moments import Moment, die_faces
from companion.games.exploration.checks import check_title, flight_rule
from companion.games.exploration.flight import maneuver_die


def check_moment(e: Event, catalog: Catalog, number: int = 1, checks: int = 1,
                 dropping: bool = False) -> Moment:
    """A maneuver check (the `number`th of a step's `checks`; `dropping`: a module drop's,
    else a pass's): the face rolled, the arithmetic, the outcome and what a failure costs
    (try 31: "Failed" alone read as the ship stopped)."""
    check: Mapping[str, Any] = e["check"]
    title = check_title(str(check.get("ship") or ""), str(check["against"]), number, checks)
    who = "The app rolled" if e["by"] == "app" else "The table rolled"
    word = "symbol" if int(check["symbols"]) == 1 else "symbols"
    passed = bool(check["passed"])
    sign = ">" if passed else "is not above"
    arithmetic = (f"{check['maneuverability']} + {check['symbols']} {word} = "
                  f"{check['result']} {sign} {check['target']} ({check['against']})")
    verdict = "Passed" if passed else "Failed"
    consequence = "" if passed else failure_cost(catalog, check, dropping)
    return Moment("check", f"Maneuver check against {check['against']}",
                  (f"{who} {e['face']}.", arithmetic, verdict,
                   *((consequence,) if consequence else ())),
                  f"{who} {e['face']}: the check against {check['against']} "
                  f"{'passes' if passed else 'fails'}.",
                  data={**check, "die": str(e["die"]), "face": str(e["face"]),
                        "by": str(e["by"]), "verdict": verdict, "arithmetic": arithmetic,
                        "title": title, "number": number, "checks": checks,
                        "consequence": consequence,
                        "faces": die_faces(maneuver_die(catalog))})


def failure_cost(catalog: Catalog, check: Mapping[str, Any], dropping: bool) -> str:
    """What a failed check costs (rulebook: a pass goes on and loses energy; a domination
    drop spends energy and keeps its module)."""
    ship = str(check.get("ship") or "The ship")
    lost = flight_rule(catalog, "failed_check_energy")
    if dropping:
        return f"{ship} loses {lost} more energy and keeps the module."
    return f"{ship} still passes {check['against']}, losing {lost} energy."

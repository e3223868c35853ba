"""Turn order: ordering by keys (velocity, maneuverability...), with tie-breaks shown.

>>> ordered, notes = order_by_keys(
...     [("Falcon", (5, 3)), ("Viper", (5, 3)), ("Orca", (7, 1))],
...     key_names=("velocity", "maneuverability"))
>>> ordered
['Orca', 'Falcon', 'Viper']
>>> notes
['Falcon and Viper tie on velocity 5, maneuverability 3: listed order breaks the tie.']
"""

from __future__ import annotations

from collections.abc import Sequence


def order_by_keys(
    items: Sequence[tuple[str, tuple[int, ...]]], key_names: Sequence[str],
    settles: str = "listed order breaks the tie",
) -> tuple[list[str], list[str]]:
    """Highest keys first; ties keep the given order and are explained, `settles` saying
    what that order is (or that it does not matter)."""
    indexed = list(enumerate(items))
    indexed.sort(key=lambda pair: (tuple(-k for k in pair[1][1]), pair[0]))
    ordered = [name for _, (name, _) in indexed]
    notes = []
    groups: dict[tuple[int, ...], list[str]] = {}
    for _, (name, keys) in indexed:
        groups.setdefault(keys, []).append(name)
    for keys, names in groups.items():
        if len(names) > 1:
            values = ", ".join(f"{n} {v}" for n, v in zip(key_names, keys, strict=True))
            joined = ", ".join(names[:-1]) + f" and {names[-1]}"
            notes.append(f"{joined} tie on {values}: {settles}.")
    return ordered, notes

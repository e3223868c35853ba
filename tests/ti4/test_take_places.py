"""Take planets: every seat is offered the same systems in the same places (try 6, finding
13: a seat's own systems vanished from its list, so "24: Mehar Xull" lay elsewhere for each
player). A planet the seat already controls stays, named with its owner, and is not offered:
its option carries the refusal the command would give."""

from __future__ import annotations

from companion.core.prompt import InputSpec, prompt
from tests.ti4.conftest import new_match, ok, refused


def _take_input(m, seat: str) -> InputSpec:
    """The order input "Take planets for SEAT": the active seat's own, else under `take for`."""
    actions = [*prompt(m).actions, *prompt(m, after="take for").actions]
    spec = next(a.input for a in actions if a.label == f"Take planets for {seat}")
    assert spec is not None and spec.kind == "order"
    return spec


def _places(spec: InputSpec) -> list[tuple[str, str, str | None]]:
    return [(o.value, o.label, o.group) for o in spec.options]


def test_every_seat_sees_the_same_systems_in_the_same_places(catalog) -> None:
    m = new_match(catalog)
    before = _places(_take_input(m, "Alice"))
    # Alice takes Wellon (tile 19, one planet) and New Albion (tile 27, one of two).
    ok(m, "take Wellon", "scan TI/I16", "resolve", "take New Albion", "scan TI/I01",
       "resolve gain")
    alice, bob = _take_input(m, "Alice"), _take_input(m, "Bob")
    assert _places(alice) == _places(bob)  # the same list, whoever takes
    assert [v for v, _l, _g in _places(alice)] == [v for v, _l, _g in before]  # nothing moved
    wellon = next(o for o in alice.options if o.value == "P19")
    # The owner on the details' line (a screen's button keeps its size: try 10, finding 8).
    assert (wellon.label, wellon.group, wellon.detail) == ("Wellon", "19", "industrial · Alice")
    assert not wellon.enabled and wellon.reason == "Alice already controls Wellon."
    assert next(o for o in bob.options if o.value == "P19").enabled  # Bob may take it
    # A system Alice holds in part still offers the planet she does not hold.
    tile_27 = {o.label: (o.enabled, o.detail) for o in alice.options if o.group == "27"}
    assert tile_27 == {"New Albion": (False, "industrial · Alice"),
                       "Starpoint": (True, "hazardous")}
    assert alice.max == len(alice.options) - 2 and bob.max == len(bob.options)
    assert alice.to_dict()["options"][0] == {
        "value": "P19", "label": "Wellon", "group": "19", "detail": "industrial · Alice",
        "enabled": False, "reason": "Alice already controls Wellon."}
    # The reason is the command's own refusal.
    assert refused(m, "take P19 for Alice") == wellon.reason


def test_the_probe_is_a_planet_the_seat_may_take(catalog) -> None:
    """The first option is the seat's own planet: the action is judged on one it may take."""
    m = new_match(catalog)
    ok(m, "take Wellon", "scan TI/I16", "resolve")
    spec = _take_input(m, "Alice")
    assert spec.options[0].value == "P19" and not spec.options[0].enabled
    assert next(a for a in prompt(m).actions if a.label == "Take planets for Alice").enabled
    assert "P19" not in spec.probe.split()

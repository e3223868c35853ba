"""The last new player's try (try 15, touch only): nothing TI4 asks for whose options are
known is typed (finding 1: a relic drawn by an ability asked for a typed name)."""

from __future__ import annotations

from companion.core.prompt import prompt
from tests.ti4.conftest import new_match, ok, refused

TABLE = ("player Nia red", "player Omar blue", "player Pia green", "setup", "factions-assumed")


def relic_by_ability(m, seat: str):
    return next(a for a in prompt(m, after="relic").actions
                if a.label == f"{seat} draws a relic by an ability")


def test_a_relic_drawn_by_an_ability_is_chosen_by_name_from_the_relic_deck(catalog) -> None:
    m = new_match(catalog, *TABLE)
    action = relic_by_ability(m, "Omar")
    assert action.enabled and action.input.kind == "choice"
    names = [o.label for o in action.input.options]
    assert names[0] == "The top relic: let the app draw it"
    assert "The Crown of Emphidia" in names and names[1:] == sorted(names[1:])
    crown = next(o for o in action.input.options if o.label == "The Crown of Emphidia")
    result = ok(m, action.input.fill(crown.value))
    assert "Omar gains the relic The Crown of Emphidia" in result.message
    assert m.state.controller(crown.value) == "Omar" and not m.state.relic_draws
    # Once drawn it is no longer offered; another relic still is, for every seat.
    later = [o.label for o in relic_by_ability(m, "Nia").input.options]
    assert "The Crown of Emphidia" not in later and len(later) == len(names) - 1


def test_the_top_relic_by_an_ability_is_owed_for_the_app_or_the_table_to_draw(catalog) -> None:
    m = new_match(catalog, *TABLE)
    action = relic_by_ability(m, "Pia")
    ok(m, action.input.fill("top"))
    assert list(m.state.relic_draws) == ["Pia"]
    assert "Pick the card drawn at the table: Relic deck" in [
        a.label for a in prompt(m).actions]
    # A relic owed is drawn before another is gained by name.
    assert "owed to Pia" in refused(m, "relic Nia draws R07")


def test_a_relic_that_explores_held_with_nothing_to_explore_says_why_truly(catalog) -> None:
    """The Crown gained by name before any planet: greyed with why, and no command behind
    it that the rules would refuse with another sentence (the table API's contract)."""
    m = new_match(catalog, *TABLE)
    ok(m, "relic Nia draws R07")  # The Crown of Emphidia, Nia holding no planet
    crown = next(a for a in prompt(m).actions if a.label.startswith("Exhaust The Crown"))
    assert not crown.enabled and crown.reason == "Nia controls no planet with a trait to explore."
    assert crown.command is None or refused(m, crown.command) == crown.reason


def test_a_frontier_token_placed_by_a_known_ability_is_tapped_by_its_name(catalog) -> None:
    """Multiverse Shift places frontier tokens (the Empyrean hero): offered by name for a
    system without one, not typed; another faction's seat sees it greyed with why."""
    m = new_match(catalog, "player Nia red", "player Omar blue", "setup", "faction Nia empyrean",
                  "faction Omar hacan")
    placed = [a.label for a in prompt(m, after="place-frontier").actions]
    assert placed == ["Muaat supernova (tile 81)"]
    shift = next(a for a in prompt(m, after="place-frontier 81").actions
                 if a.label == "Tile 81 with Multiverse Shift")
    assert shift.enabled and shift.command is not None
    result = ok(m, shift.command)
    assert "81" in m.state.frontier and "(Multiverse Shift)" in result.message
    ok(m, "undo", "end")  # Omar's turn: the Emirates of Hacan have no Multiverse Shift
    greyed = next(a for a in prompt(m, after="place-frontier 81").actions
                  if a.label == "Tile 81 with Multiverse Shift")
    assert not greyed.enabled and greyed.reason == refused(m, greyed.command) == \
        "Multiverse Shift is the Empyrean's; Omar plays the Emirates of Hacan."

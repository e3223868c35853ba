"""The TI4 view keys the touchscreen reads: systems to take planets from, printed values."""

from __future__ import annotations

from companion.core.catalog import Catalog
from companion.games.ti4.view import view
from tests.ti4.conftest import new_match, ok


def _system(v: dict, tile: str) -> dict:
    return next(s for s in v["systems"] if s["tile"] == tile)


def test_systems_list_each_tile_with_its_planets_and_who_controls_them(catalog: Catalog) -> None:
    m = new_match(catalog)
    v = view(m.state, catalog)
    tiles = [s["tile"] for s in v["systems"]]
    assert tiles[:3] == ["1", "2", "3"]  # by tile number, not as text ("10" after "9")
    rigel = _system(v, "76")
    assert [p["name"] for p in rigel["planets"]] == ["Rigel I", "Rigel II", "Rigel III"]
    assert rigel["planets"][0] == {"id": "P76C", "name": "Rigel I", "traits": ["hazardous"],
                                   "controller": None}
    ok(m, "take P76B for Bob", "draw industrial", "resolve")
    rigel = _system(view(m.state, catalog), "76")
    assert [p["controller"] for p in rigel["planets"]] == [None, "Bob", None]


def test_mirage_is_listed_only_once_its_token_is_on_the_map(catalog: Catalog) -> None:
    m = new_match(catalog)
    names = {p["name"] for s in view(m.state, catalog)["systems"] for p in s["planets"]}
    assert "Mirage" not in names  # still in the box: no tile yet


def test_a_planet_shows_its_printed_values_beside_the_values_with_attachments(
        catalog: Catalog) -> None:
    m = new_match(catalog)
    ok(m, "take Fria", "scan TI/H10", "resolve")  # Lazax Survivors: +1 resource, +2 influence
    fria = next(p for p in view(m.state, catalog)["seats"][0]["planets"] if p["name"] == "Fria")
    assert fria["printed"] == {"resources": 2, "influence": 0}
    assert (fria["resources"], fria["influence"]) == (3, 2)
    assert fria["attachments"] == ["Lazax Survivors (H10)"]


def test_the_prompt_names_who_acts_in_a_sentence_while_the_view_keeps_its_words(
        catalog: Catalog) -> None:
    from companion.games.ti4.prompt import situation

    m = new_match(catalog)
    assert situation(m.state, catalog, None).waiting_for == \
        "Alice's action: take or scan a planet, or another action."
    assert view(m.state, catalog)["waiting_for"] == "a planet taken or scanned, or another action"
    ok(m, "take Fria")
    owed = situation(m.state, catalog, None).waiting_for
    assert owed.startswith("A card from the hazardous deck for Alice's exploration of Fria")
    ok(m, "scan TI/H10")
    assert situation(m.state, catalog, None).waiting_for == \
        "Alice's exploration: resolve Lazax Survivors (H10), revealed to all."


def test_the_frontier_decks_row_lists_its_cards_in_play_with_tile_and_side(
        catalog: Catalog) -> None:
    """Try 10, finding 44: after the Ion Storm and Mirage resolved, the Decks tab (where the
    player looked) showed neither; the frontier deck's row now says where each is."""
    from companion.games.ti4.tableview import table_view

    m = new_match(catalog)
    ok(m, "tech Alice det", "frontier 41 for Alice", "scan TI/F06", "resolve alpha",
       "end", "frontier 42 for Bob with \"Exploration Probe\"", "scan TI/F11", "resolve")

    def frontier_lines() -> tuple[str, ...]:
        decks = table_view(m.state, catalog).decks
        return next(d for d in decks if d.id == "frontier").lines

    lines = frontier_lines()
    assert "In play: Ion Storm (F06) in the common play area; its token in tile 41, alpha " \
           "wormhole side up" in lines
    assert "In play: the Mirage token in tile 42 (from Mirage (F11))" in lines
    cultural = next(d for d in table_view(m.state, catalog).decks if d.id == "cultural")
    assert not any(line.startswith("In play") for line in cultural.lines)

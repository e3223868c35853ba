"""TI4 presenters: plain data from a real TI4 game's view and prompt, no window."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.api import TableAPI
from companion.session import Session, open_session
from companion.ui.presenters import order
from companion.ui.presenters import reveal as reveal_presenter
from companion.ui.presenters.actions import ActionItem, actions_view
from companion.ui.table import table_data


@pytest.fixture
def session(tmp_path: Path) -> Session:
    s = open_session(tmp_path / "games.db", "ti4", new=True, seed=102)
    for line in ("player Alice red", "player Bob blue", "setup"):
        assert s.run(line).ok
    return s


def run(s: Session, *lines: str) -> None:
    for line in lines:
        result = s.run(line)
        assert result.ok, f"{line}: {result.message}"


def _take(session) -> ActionItem:
    view = actions_view(table_data(TableAPI(session)).prompt)
    return next(i for g in view.groups for i in g.items if i.label == "Take planets for Alice")


def test_systems_to_take_put_explorable_ones_first_and_name_the_controller(session) -> None:
    choices = order.group_choices(_take(session))
    rigel = next(c for c in choices if c.text.startswith("76: "))
    assert rigel.text == "76: Rigel I, Rigel II, Rigel III\nhazardous, industrial"
    assert rigel.values == ("P76C", "P76B", "P76A")
    assert choices.index(rigel) < len(choices) - 1
    run(session, "take P76B for Bob", "draw industrial", "resolve")
    again = order.group_choices(_take(session))
    assert next(c for c in again if c.text.startswith("76: ")).text == \
        "76: Rigel I, Rigel II, Rigel III\nhazardous, industrial · Bob, industrial"


def test_the_order_is_built_reordered_and_sent_as_one_take_line(session) -> None:
    item = _take(session)
    chosen = order.add((), ("P76C", "P76B", "P76A"), item.maximum)
    chosen = order.add(chosen, ("P76B", "P75A"), item.maximum)  # added twice: kept once
    assert chosen == ("P76C", "P76B", "P76A", "P75A")
    assert order.add(chosen, ("P74A",), 4) == chosen  # never more than the most allowed
    chosen = order.move_up(order.move_up(chosen, "P76A"), "P76A")
    assert chosen[:3] == ("P76A", "P76C", "P76B")
    assert order.move_up(chosen, "P76A") == chosen  # already first
    assert order.order_lines(item, chosen[:2]) == ("1. Rigel III (industrial)",
                                                   "2. Rigel I (hazardous)")
    line = order.order_line(item, chosen[:3])
    assert line == "take P76A P76C P76B for Alice"
    result = session.run(line)
    assert result.ok and result.message.startswith("Alice gains Rigel III (P76A).")


def test_the_planets_panel_shows_the_exploration_now_and_then(session) -> None:
    assert not [r for r in _panel(session, "planets")["rows"] if r["kind"] == "note"]
    run(session, "take P76A P76C P76B for Alice")
    notes = [r["text"] for r in _panel(session, "planets")["rows"] if r["kind"] == "note"]
    assert notes == ["Now: Alice explores Rigel III (P76A) (industrial deck)",
                     "Then 1: Alice explores Rigel I (P76C)",
                     "Then 2: Alice explores Rigel II (P76B)"]


def _panel(session: Session, panel_id: str) -> dict:
    panels = table_data(TableAPI(session)).view["table"]["panels"]
    return next(p for p in panels if p["id"] == panel_id)


def test_planets_show_values_with_attachments_and_the_printed_ones(session) -> None:
    run(session, "take P76A P76C P76B for Alice", "draw industrial", "resolve",
        "draw hazardous", "resolve", "draw industrial", "resolve",
        "take Loki", "draw cultural", "resolve")  # seed 102: Paradise World on Loki
    rows = _panel(session, "planets")["rows"]
    headings = [r for r in rows if r["kind"] == "heading"]
    assert headings[0]["seat"] == "Alice" and headings[0]["text"] == \
        "Alice: 4 planets · 3 resources, 8 influence"
    loki = next(r for r in rows if r["text"].startswith("Loki"))
    assert loki["number"] == "1/4" and loki["marked"]  # drawn in the warning colour
    assert loki["detail"] == ["cultural · printed 1/2 · + Paradise World (C10)"]
    rigel = next(r for r in rows if r["text"].startswith("Rigel III"))
    assert rigel["detail"] == ["industrial · green specialty"] and not rigel["marked"]
    assert headings[1]["text"] == "Bob: no planets"


def test_fragments_relics_and_decks_read_from_the_view(session) -> None:
    from companion.ui.presenters.decks import deck_rows

    run(session, "take P76A P76C P76B for Alice", "draw industrial", "resolve",
        "draw hazardous", "resolve", "draw industrial", "resolve")
    relics = _panel(session, "relics")
    alice = next(r for r in relics["rows"] if r["seat"] == "Alice")
    assert alice["text"] == "Alice: 1 hazardous (H15)" and alice["detail"][0] == \
        "Relics: no relics"
    assert relics["actions"] == "relic purges"  # the purges the prompt offers, as buttons
    decks = {r.deck: r for r in deck_rows(table_data(TableAPI(session)).view["table"])}
    assert decks["cultural"].text == "20 left\n9 fragments left"
    assert decks["industrial"].text == "18 left · 2 in the discard pile\n5 fragments left"
    assert decks["relic"].left == 10
    planets = _panel(session, "planets")["rows"]
    on_table = [r["text"] for r in planets].index("On the table")
    tokens = planets[on_table + 1]
    assert tokens["text"] == "Frontier tokens" and tokens["number"] == "17"
    assert tokens["detail"][0].startswith("in tiles 17, 39")


def test_the_reveal_offers_resolve_and_says_whose_exploration_it_is(session) -> None:
    run(session, "take Loki")
    result = session.run("draw cultural")
    table = table_data(TableAPI(session))
    cards = reveal_presenter.card_moments([m.to_dict() for m in result.moments])
    view = reveal_presenter.reveal_view(cards, 0, result.message, table.prompt)
    assert view.heading == "Cultural card for Alice exploring Loki (tile 75)"
    card = cards[0]["data"]
    assert view.name == card["name"] and card["deck"] == "cultural"
    assert [c.label for c in view.choices] == [f"Resolve {card['name']} ({card['card']})"]
    assert view.choices[0].value == "resolve"


def test_a_purge_for_a_relic_is_offered_once_three_fragments_of_a_type_are_held(session) -> None:
    from companion.ui.presenters.actions import offered_commands
    from companion.ui.table import prompt_data

    def purges() -> list:
        after = _panel(session, "relics")["actions"]  # the panel's buttons
        return list(offered_commands(prompt_data(TableAPI(session), after=after)))

    assert purges() == []
    run(session, "take P76A P76C P76B for Alice", "draw industrial", "resolve",
        "draw hazardous", "resolve", "draw industrial", "resolve",
        "take Abyz Fria", "draw hazardous", "resolve", "draw hazardous", "resolve")
    (purge,) = purges()
    assert (purge.label, purge.value) == ("Alice purges three fragments for a relic",
                                          "relic Alice")


def test_the_relics_panel_offers_each_set_a_seat_may_purge(session) -> None:
    from companion.ui.presenters.actions import offered_commands
    from companion.ui.table import prompt_data

    run(session, "take P76A P76C P76B for Alice", "draw industrial", "resolve",
        "draw hazardous", "resolve", "draw industrial", "resolve",
        "take Abyz Fria", "draw hazardous", "resolve", "draw hazardous", "resolve",
        "take Lodor", "scan TI/C12", "resolve")
    after = _panel(session, "relics")["actions"]
    purges = offered_commands(prompt_data(TableAPI(session), after=after))
    assert [p.value for p in purges] == ["relic Alice"]  # one set: C12 fits none
    run(session, "frontier 41 with Probe", "scan TI/F12", "resolve")
    purges = offered_commands(prompt_data(TableAPI(session), after=after))
    assert [p.value for p in purges] == ["relic Alice H15,H18,H19", "relic Alice H15,H18,F12"]
    assert purges[1].label.startswith("Alice purges three fragments for a relic: ")


def test_a_seat_with_one_planet_reads_1_planet() -> None:
    from companion.games.ti4.tableview import planets_panel

    jord = {"name": "Jord", "id": "P1", "resources": 4, "influence": 2, "traits": [],
            "printed": {"resources": 4, "influence": 2}, "specialties": [],
            "legendary": False, "attachments": [], "terraformed": False}
    shown = {"revealed": None, "queue": [], "frontier_tokens": [], "common_play_area": [],
             "map_tokens": [], "purged": 0, "seats": [
                 {"seat": "Bob", "planets": [jord], "fragments": [], "relics": []}]}
    assert planets_panel(shown).rows[0].text == "Bob: 1 planet · 4 resources, 2 influence"

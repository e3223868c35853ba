"""The new players' tries 17 and 18 (issue 22): TI4 screens a new player stumbled on."""

from __future__ import annotations

from companion.core.prompt import prompt
from tests.ti4.conftest import new_match, ok

TABLE = ("player Kim red", "player Lou blue", "player Max green", "setup", "factions-assumed")


def _relic_by_ability(m, seat: str):
    return next(a for a in prompt(m, after="relic").actions
                if a.label == f"{seat} draws a relic by an ability")


def test_letting_the_app_draw_the_top_relic_draws_it_at_once(catalog) -> None:
    """Try 18, finding 6: "The top relic: let the app draw it" then asked for the relic
    deck's draw again; the player's one tap draws it."""
    m = new_match(catalog, *TABLE)
    action = _relic_by_ability(m, "Lou")
    top = next(o for o in action.input.options if o.label == "The top relic: let the app draw it")
    result = ok(m, action.input.fill(top.value))
    held = m.state.table.cards_in("area:Lou")
    assert len(held) == 1 and catalog.cards[held[0]].deck == "relic"
    assert not m.state.relic_draws  # nothing left to draw: no second tap asked
    assert f"Lou gains the relic {catalog.cards[held[0]].name}" in result.message
    assert "scan it" not in result.message
    labels = [a.label for a in prompt(m).actions]
    assert not any("Relic deck" in label for label in labels)


def test_a_frontier_token_is_picked_by_what_its_system_is_not_its_number_alone(catalog) -> None:
    """Try 17, finding 8: "Tile 17", "Tile 39", ... by number only; the systems the fact
    sheet names go by their names, the others by what they are."""
    m = new_match(catalog, *TABLE)
    tiles = {o.value: o.label for a in prompt(m, after="frontier").actions
             for o in a.input.options}
    assert tiles["17"] == "Creuss Gate (tile 17)"
    assert tiles["40"] == "System without planets (tile 40)"
    placed = [a.label for a in prompt(m, after="place-frontier").actions]
    assert placed == ["Muaat supernova (tile 81)"]


def test_the_take_planets_keys_run_in_ascending_order(catalog) -> None:
    """Try 18, finding 10: the keys read "17-28, 29-50, 59-68, 69-82, 1-9, 10-18, 51-58"."""
    from companion.games.ti4.take import take_sections

    firsts = [int(k.label.split("-")[0]) for k in take_sections(catalog)]
    assert firsts == sorted(firsts) and firsts[0] == 1


def test_the_relics_panel_says_what_its_number_counts_and_a_relic_opens_its_uses(catalog) -> None:
    """Try 18, finding 11: the big "0" beside "Relics: Dominus Orb" read as "0 relics";
    try 17, finding 3: a relic tapped in the panel did nothing. The seat's number says
    "fragments"; each relic held is a row whose tap opens its uses."""
    from companion.games.ti4.tableview import table_view

    m = new_match(catalog, *TABLE)
    ok(m, "relic Lou draws R07")  # The Crown of Emphidia
    rows = {r.text: r for r in table_view(m.state, catalog).panels[1].rows}
    assert (rows["Lou: no fragments"].number, rows["Lou: no fragments"].unit) == ("0", "fragments")
    crown = rows["The Crown of Emphidia (R07)"]
    assert crown.opens and crown.action == "Use"
    uses = {a.label: a for a in prompt(m, after=crown.opens).actions}
    assert not uses["Exhaust The Crown of Emphidia"].enabled  # Kim's turn, not Lou's
    ok(m, uses["Purge The Crown of Emphidia (Lou's)"].command)
    assert "R07" not in m.state.table.cards_in("area:Lou")


def test_a_relic_with_no_use_of_its_own_offers_its_purge_not_a_use(catalog) -> None:
    """Try 27, finding 3: Shard of the Throne (a victory point while held) read "ready to
    use" with a "Use" button, whose only choice purged it, point and all. Its row says the
    table keeps its effect and its tap is named for what it offers; a relic with a use
    keeps "Use"."""
    from companion.games.ti4.tableview import table_view

    m = new_match(catalog, *TABLE)
    ok(m, "relic Lou draws R04")  # Shard of the Throne
    ok(m, "relic Kim draws R03")  # Scepter of Emelpar: exhausted for its ability
    rows = {r.text: r for r in table_view(m.state, catalog).panels[1].rows}
    shard, scepter = rows["Shard of the Throne (R04)"], rows["Scepter of Emelpar (R03)"]
    assert (shard.action, shard.detail) == (
        "Purge", ("held; the table says when its card is used",))
    assert [a.label for a in prompt(m, after=shard.opens).actions] == [
        "Purge Shard of the Throne (Lou's)"]
    assert (scepter.action, scepter.detail) == ("Use", ("ready to use",))

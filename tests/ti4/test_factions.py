"""Which faction each seat plays (issue 22, try 8 finding 40: "I know 'I'm Hacan', not
'my value is 6'"): chosen by name, it sets the seat's commodity value from the sheet and
shows where the value is shown; undo takes it back; games saved before it read as before."""

from __future__ import annotations

from companion.core.prompt import prompt
from companion.games.ti4.data import ti4_data
from companion.games.ti4.state import TI4State
from companion.games.ti4.tableview import table_view
from companion.games.ti4.view import render, view
from tests.ti4.conftest import new_match, ok, refused

TABLE = ("player Nora red", "player Omar blue", "player Pia green", "setup")


def labels(m, after: str | None = None) -> dict[str, object]:
    return {a.label: a for a in prompt(m, after=after).actions}


def commodities(m, catalog, seat: str) -> str:
    shown = next(s for s in table_view(m.state, catalog).seats if s.seat == seat)
    return next(c.text for c in shown.counters if c.key == "commodities")


def test_the_catalog_lists_every_faction_with_its_sheets_commodity_value(catalog) -> None:
    factions = ti4_data(catalog).factions
    assert len(factions) == 25  # 17 base, 7 Prophecy of Kings, the Council Keleres
    values = {f.short: f.commodity_value for f in factions.values()}
    assert values["Hacan"] == 6 and values["Jol-Nar"] == 4 and values["Keleres"] == 2
    assert sorted(values.values()).count(4) == 7 and sorted(values.values()).count(2) == 7


def test_choosing_a_faction_by_name_sets_the_seats_commodity_value(catalog) -> None:
    m = new_match(catalog, *TABLE)
    assert commodities(m, catalog, "Pia") == "0 commodities (of 3, assumed)"
    ok(m, "factions-assumed")  # the first moment skipped: the form stays a tap away
    offer = labels(m)["Record a faction (none picked, commodity value 3 for all)"]
    assert offer.group == "Faction sheets" and offer.partial == "faction"
    pia = labels(m, "faction")["Pia's faction (none yet: commodity value 3)"]
    (field,) = pia.input.fields
    names = [o.label for o in field.options]
    assert len(names) == 25 and names == sorted(names, key=str.lower)  # found at a glance
    assert names[:3] == ["Arborec", "Argent Flight", "Creuss"] and "Hacan" in names
    assert pia.input.to_dict()["sends"] == "Pia plays {faction}"  # its send button's words
    said = ok(m, pia.input.fill_form({"faction": ["hacan"]})).message  # the form's line
    assert said == "Pia plays the Emirates of Hacan: commodity value 6 (from the faction sheet)."
    assert commodities(m, catalog, "Pia") == "0 commodities (of 6, Hacan)"
    assert view(m.state, catalog)["seats"][2]["faction"] == {
        "key": "hacan", "name": "The Emirates of Hacan", "short": "Hacan"}
    assert "Pia (green, The Emirates of Hacan): techs none" in render(m.state, catalog)
    assert labels(m)["Record a faction (Pia Hacan; Nora and Omar have none: commodity value 3)"]
    assert "Pia's faction (Hacan)" in labels(m, "faction")
    # The commodity value it set caps a gain and fills a replenish, said with the faction.
    ok(m, "frontier 40 for Pia with exploration-probe", "scan TI/F09")
    assert "Pia now has 6 commodities, 0 trade goods (commodity value 6, Hacan)" in \
        ok(m, "resolve replenish").message


def test_a_faction_is_typed_by_its_short_name_and_a_wrong_one_changes_nothing(catalog) -> None:
    m = new_match(catalog, *TABLE)
    ok(m, "faction omar Jol-Nar")
    assert commodities(m, catalog, "Omar") == "0 commodities (of 4, Jol-Nar)"
    assert refused(m, "faction Omar jol-nar") == "Omar already plays the Universities of Jol-Nar."
    assert "not a faction the catalog lists" in refused(m, "faction Omar Lazax")
    assert "faction takes a seat and a faction" in refused(m, "faction Omar")


def test_another_value_keeps_the_numbers_and_takes_the_faction_back(catalog) -> None:
    m = new_match(catalog, *TABLE)
    ok(m, "faction Nora yin")
    assert labels(m, "faction")["Another value, for a faction sheet not listed"].partial \
        == "commodity-value"
    nora = labels(m, "commodity-value")["Nora: 2"]
    assert [o.value for o in nora.input.options] == ["1", "2", "3", "4", "5", "6"]
    ok(m, nora.input.fill("5"))  # a house faction's sheet
    assert commodities(m, catalog, "Nora") == "0 commodities (of 5)"
    assert view(m.state, catalog)["seats"][0]["faction"] is None


def test_undo_takes_a_faction_back_with_its_value_and_redo_gives_both(catalog) -> None:
    m = new_match(catalog, *TABLE)
    ok(m, "faction Pia sol", "faction Pia mentak")
    assert commodities(m, catalog, "Pia") == "0 commodities (of 2, Mentak)"
    ok(m, "undo")
    assert commodities(m, catalog, "Pia") == "0 commodities (of 4, Sol)"
    ok(m, "undo")
    assert commodities(m, catalog, "Pia") == "0 commodities (of 3, assumed)"
    assert m.state.factions == {}
    ok(m, "redo")
    assert commodities(m, catalog, "Pia") == "0 commodities (of 4, Sol)"
    assert m.state == m.replay_from_start()


def test_a_state_saved_before_factions_reads_as_before(catalog) -> None:
    m = new_match(catalog, *TABLE)
    ok(m, "commodity-value Pia 4")
    saved = m.state.to_dict()
    del saved["factions"]  # what a game saved before this key holds
    state = TI4State.from_dict(saved)
    assert state.factions == {} and state == m.state
    shown = next(s for s in table_view(state, catalog).seats if s.seat == "Pia")
    assert "0 commodities (of 4)" in [c.text for c in shown.counters]


def test_a_game_saved_by_an_older_companion_opens_and_its_seats_read_as_before(
        tmp_path) -> None:
    import shutil
    from pathlib import Path

    from companion.games.registry import game
    from companion.session import load_match
    from companion.store.journal import Journal

    old = Path(__file__).resolve().parents[1] / "compat" / "journal_d08fab6.db"
    shutil.copy(old, tmp_path / "games.db")
    journal = Journal(tmp_path / "games.db")
    m = load_match(journal, "ti4-20261123-1", game("ti4"))
    assert m.state.factions == {} and not ti4_data(m.catalog).factions  # its own catalog
    assert all(s["faction"] is None for s in view(m.state, m.catalog)["seats"])
    assert not any(a.partial == "faction" for a in prompt(m).actions)
    assert m.state == m.replay_from_start()
    journal.close()


def test_the_empyrean_starts_with_dark_energy_tap_and_undo_takes_both_back(catalog) -> None:
    # Stranger 2, finding 2: Lou played the Empyrean, yet "Dark Energy Tap" stayed greyed
    # ("record Dark Energy Tap first") until it was recorded by hand: 5 taps and a swipe.
    m = new_match(catalog, *TABLE)
    said = ok(m, "faction Pia empyrean").message
    assert said == ("Pia plays the Empyrean: commodity value 4 (from the faction sheet); "
                    "Pia owns Dark Energy Tap (its starting technology).")
    assert "Pia (green, The Empyrean): techs Dark Energy Tap" in render(m.state, catalog)
    ok(m, "frontier 40 for Pia with dark-energy-tap")  # no detour through "Record a technology"
    ok(m, "undo")
    ok(m, "undo")
    assert m.state.techs.get("Pia", ()) == () and m.state.factions == {}
    ok(m, "faction Pia empyrean", "faction Pia hacan")  # a mis-tap, said again
    assert "Pia (green, The Emirates of Hacan): techs none" in render(m.state, catalog)
    ok(m, "undo")
    assert m.state.techs["Pia"] == ("dark-energy-tap",)
    assert m.state == m.replay_from_start()

"""What a new player found in TI4 try 27 (issue 22): a greyed choice said "if the count is
wrong, correct it first" and no screen offered a way to correct commodities or trade goods."""

from __future__ import annotations

from tests.ti4.conftest import new_match, ok

TABLE = ("player Kim red", "player Lou blue", "player Max green", "setup", "factions-assumed")


def test_each_seat_s_commodities_and_trade_goods_can_be_corrected_from_its_planets_row(
        catalog) -> None:
    from companion.games.ti4.tableview import table_view

    m = new_match(catalog, *TABLE)
    view = table_view(m.state, catalog)
    row = next(r for r in view.panels[0].rows if r.kind == "heading" and r.seat == "Max")
    tracks = {t.key: t for t in row.corrections}
    assert row.target == "Max" and [t.label for t in row.corrections] == [
        "Commodities", "Trade goods"]
    assert (tracks["commodities"].value, tracks["commodities"].highest) == (0, 3)  # assumed 3
    assert view.seats[2].corrections == row.corrections
    said = ok(m, f"adjust Max {tracks['trade_goods'].key} +2 'table mistake'").message
    assert said == "Adjusted Max's trade goods by +2 (table mistake)."
    ok(m, "adjust Max commodities +1 'forgot an effect'")
    after = table_view(m.state, catalog)
    counters = {c.key: c.text for c in after.seats[2].counters}
    assert (counters["trade_goods"], counters["commodities"].split(" (")[0]) == (
        "2 trade goods", "1 commodity")
    # Try 28: beside "Max: no planets" alone, "Fix counts" read as a way to fix planets;
    # the row it sits on says the counts it corrects.
    row = next(r for r in after.panels[0].rows if r.kind == "heading" and r.seat == "Max")
    assert row.text == "Max: no planets"
    assert row.detail == ("1 commodity (of 3, assumed) · 2 trade goods",)

"""What a seat holds and can use (issue 22, try 12): a relic that explores offered as its
own action (findings 24, 30), a gain that its commodity value stops said on its button
(finding 12), no second purge while a relic is owed (finding 40)."""

from __future__ import annotations

from companion.core.prompt import prompt
from companion.games.ti4.tableview import table_view
from tests.ti4.conftest import new_match, ok
from tests.ti4.test_rule35 import _give_fragments

TABLE = ("player Nia red", "player Omar blue", "player Pia green", "setup", "factions-assumed")


def actions(m, after: str | None = None) -> dict[str, object]:
    return {a.label: a for a in prompt(m, after=after).actions}


def test_a_held_relic_that_explores_is_its_own_action_greyed_when_exhausted(catalog) -> None:
    m = new_match(catalog, *TABLE)
    ok(m, "take Lodor", "scan TI/C01", "resolve")  # Nia controls Lodor
    assert not any(label.startswith("Exhaust ") for label in actions(m))
    ok(m, "relic Nia with 'Some Ability'", "scan TI/R07")  # Nia holds the Crown
    use = actions(m)["Exhaust The Crown of Emphidia: explore a planet Nia controls"]
    assert use.enabled and use.group == "Relic fragments and relics"
    assert [o.label for o in use.input.options] == ["Lodor (P26)"]
    ok(m, use.input.fill("P26"))  # one tap on the planet: explored with the Crown
    assert m.state.head is not None and m.state.head.target == "P26"
    ok(m, "scan TI/C02", "resolve")
    used = actions(m)["Exhaust The Crown of Emphidia: explore a planet Nia controls"]
    assert not used.enabled  # greyed in its place, saying why
    assert used.reason == "The Crown of Emphidia is exhausted: the status phase readies it."


def test_a_gain_its_commodity_value_stops_says_what_it_gives(catalog) -> None:
    m = new_match(catalog, *TABLE)
    ok(m, "adjust Nia commodities +3 traded", "take P76A", "scan TI/I01")
    labels = actions(m)
    assert "Resolve Abandoned Warehouses (I01): Gain 2 commodities (already 3 of 3: gains " \
           "nothing)" in labels
    ok(m, "adjust Nia commodities -1 spent")
    assert "Resolve Abandoned Warehouses (I01): Gain 2 commodities (gains 1: 3 is the most)" \
        in actions(m)
    ok(m, "adjust Nia commodities -2 spent")
    assert "Resolve Abandoned Warehouses (I01): Gain 2 commodities" in actions(m)


def test_no_purge_for_a_relic_is_offered_while_one_is_owed(catalog) -> None:
    m = new_match(catalog, *TABLE)
    purge = "Purge three fragments for a relic, or draw one by an ability"
    assert purge in actions(m)
    _give_fragments(m, "Nia", ["C13", "C14", "C15"])
    ok(m, "relic Nia")  # three purged: the relic drawn next is Nia's
    assert purge not in actions(m)
    ok(m, "scan TI/R07")
    assert purge in actions(m)


def test_what_the_app_does_not_count_is_said_with_where_the_table_keeps_it(catalog) -> None:
    """Finding 39: the command token and action cards were logged but shown nowhere; the
    state does not keep them, so the card's result says where the table does."""
    m = new_match(catalog, *TABLE)
    said = ok(m, "take Abyz", "scan TI/H01", "resolve mech").message
    assert "Nia gains 1 command token: take 1 from the reinforcements onto the command " \
           "sheet (the app does not count command tokens)." in said
    said = ok(m, "frontier 40 for Nia with probe", "scan TI/F08", "resolve").message
    assert "The app does not count action cards: Nia draws 2 from the action card deck." \
        in said


def test_the_crowns_victory_point_is_said_kept_on_the_tables_track(catalog) -> None:
    """Finding 38: the Scoreboard shows no victory points; the app does not keep them, so
    the Crown's purge says where they go."""
    m = new_match(catalog, *TABLE)
    ok(m, "take Loki", "scan TI/C11", "resolve")  # the Tomb of Emphidia on Loki
    ok(m, "relic Nia with 'Some Ability'", "scan TI/R07", "pass", "pass", "pass")
    crown = actions(m)["Nia purges The Crown of Emphidia for 1 victory point"]
    assert "The app does not count victory points: Nia moves up 1 space on the table's " \
           "victory point track." in ok(m, crown.command).message


def test_a_relic_used_by_exhausting_it_is_its_own_action_readied_by_the_status_phase(
        catalog) -> None:
    """Try 14, finding 23: the Scepter of Emelpar had no action and no exhausted state."""
    m = new_match(catalog, *TABLE)
    use = "Exhaust Scepter of Emelpar: spend a token from the reinforcements instead of " \
        "the strategy pool"
    assert use not in actions(m)
    ok(m, "relic Nia with 'Some Ability'", "scan TI/R03")  # Nia holds the Scepter
    scepter = actions(m)[use]
    assert scepter.enabled and scepter.group == "Relic fragments and relics"
    result = ok(m, scepter.command)
    assert "R03" in m.state.exhausted
    assert "Nia spends 1 from the reinforcements" in result.message
    tired = actions(m)[use]  # greyed in its place, saying why
    assert not tired.enabled and tired.in_place
    assert tired.reason == "Scepter of Emelpar is exhausted: the status phase readies it."
    seat = next(s for s in table_view(m.state, catalog).seats if s.seat == "Nia")
    assert "Scepter of Emelpar (R03) exhausted" in seat.detail
    assert not m.execute("exhaust Scepter").ok  # refused, nothing changes
    ok(m, "pass", "pass", "pass")  # the status phase readies it
    assert m.state.exhausted == ()
    assert actions(m)[use].enabled


def test_on_another_seats_turn_the_holder_may_exhaust_it(catalog) -> None:
    m = new_match(catalog, *TABLE)
    ok(m, "relic Nia with 'Some Ability'", "scan TI/R10", "end")  # Omar's turn
    tears = next(a for a in actions(m).values() if a.label.startswith(
        "Exhaust The Prophet's Tears: "))
    assert tears.enabled
    ok(m, 'exhaust "The Prophet\'s Tears"')
    assert m.state.exhausted == ("R10",)


def test_a_relic_that_explores_is_exhausted_by_exploring_not_by_itself(catalog) -> None:
    m = new_match(catalog, *TABLE)
    ok(m, "relic Nia with 'Some Ability'", "scan TI/R07")
    refused = m.execute("exhaust R07")
    assert not refused.ok and "choose what it explores" in refused.message
    crown = actions(m)["Exhaust The Crown of Emphidia: explore a planet Nia controls"]
    assert not crown.enabled and crown.reason == \
        "Nia controls no planet with a trait to explore."


def test_trading_a_fragment_keeps_its_place_before_anyone_holds_one(catalog) -> None:
    """Try 28, finding 8: "Trade a relic fragment" arrived with the first fragment and took
    the place of the purge, which moved to the other half of its row: it is greyed in its
    place until then, so the group's places never change."""
    m = new_match(catalog, *TABLE)

    def places() -> list[str]:
        return [a.label for a in prompt(m).actions
                if a.group == "Relic fragments and relics" and (a.enabled or a.in_place)]

    before = places()
    trade = actions(m)["Trade a relic fragment"]
    assert not trade.enabled and trade.in_place
    assert trade.greyed == "Trade a relic fragment: nobody holds one"
    _give_fragments(m, "Nia", ["C12"])
    assert actions(m)["Trade a relic fragment"].enabled
    assert places() == before

"""The Naaz-Rokha's faction ability Fabrication (try 27, finding 2: with two hazardous
fragments the only route was a relic "by an ability" and each fragment purged by hand):
two fragments of one type for a relic, or one for a command token, by command and by
touch, offered only to the seat playing the Naaz-Rokha."""

from __future__ import annotations

from companion.core.catalog import Catalog
from companion.core.prompt import prompt
from tests.ti4.conftest import new_match, ok, refused, zone
from tests.ti4.test_rule35 import _give_fragments


def _naaz(catalog: Catalog):  # type: ignore[no-untyped-def]
    m = new_match(catalog)
    ok(m, "faction Alice naaz-rokha", "faction Bob hacan")
    return m


def _relics(m, seat: str = "Alice") -> dict[str, object]:  # type: ignore[no-untyped-def]
    return {a.label: a for a in prompt(m, after="relic").actions if a.label.startswith(seat)}


def test_two_fragments_of_one_type_draw_a_relic(catalog: Catalog) -> None:
    m = _naaz(catalog)
    _give_fragments(m, "Alice", ["H14", "H15", "C12"])
    result = ok(m, "relic Alice fabrication")
    assert {zone(m, c) for c in ("H14", "H15")} == {"purged"} and zone(m, "C12") == "area:Alice"
    assert "(Fabrication)" in result.message and "scan it" in result.message
    ok(m, "scan TI/R01")
    assert zone(m, "R01") == "area:Alice" and m.state.relic_draws == ()


def test_an_unknown_fragment_counts_as_any_type(catalog: Catalog) -> None:
    m = _naaz(catalog)
    _give_fragments(m, "Alice", ["I16", "F12"])
    ok(m, "relic Alice fabrication industrial")
    assert {zone(m, c) for c in ("I16", "F12")} == {"purged"}


def test_mixed_types_are_refused(catalog: Catalog) -> None:
    m = _naaz(catalog)
    _give_fragments(m, "Alice", ["H14", "C12"])
    assert "cannot purge 2 fragments of one type" in refused(m, "relic Alice fabrication")
    assert "different types" in refused(m, "relic Alice fabrication H14 C12")
    assert "exactly 2" in refused(m, "relic Alice fabrication H14 H14")


def test_a_seat_not_playing_the_naaz_rokha_is_refused(catalog: Catalog) -> None:
    m = _naaz(catalog)
    _give_fragments(m, "Bob", ["H14", "H15"])
    said = refused(m, "relic Bob fabrication")
    assert said == "Fabrication is the Naaz-Rokha's faction ability, and Bob plays Hacan."


def test_undo_puts_the_fragments_back(catalog: Catalog) -> None:
    m = _naaz(catalog)
    _give_fragments(m, "Alice", ["H14", "H15"])
    ok(m, "relic Alice fabrication", "undo")
    assert {zone(m, c) for c in ("H14", "H15")} == {"area:Alice"}
    assert m.state.relic_draws == ()


def test_one_fragment_for_a_command_token(catalog: Catalog) -> None:
    m = _naaz(catalog)
    _give_fragments(m, "Alice", ["H14", "C12"])
    result = ok(m, "relic Alice fabrication token C12")
    assert zone(m, "C12") == "purged" and zone(m, "H14") == "area:Alice"
    assert m.state.relic_draws == ()
    assert result.message.startswith("Alice gains 1 command token: take 1 from the "
                                      "reinforcements onto the command sheet")
    assert "Alice purges Cultural Relic Fragment" in result.message
    assert "not a relic fragment in Alice's" in refused(m, "relic Alice fabrication token C12")


def test_the_prompt_offers_fabrication_only_to_the_naaz_rokha(catalog: Catalog) -> None:
    m = _naaz(catalog)
    _give_fragments(m, "Alice", ["H14", "H15"])
    _give_fragments(m, "Bob", ["H16", "H17"])
    alice = _relics(m)
    relic = alice["Alice purges two fragments for a relic (Fabrication)"]
    assert relic.command == "relic Alice fabrication" and relic.enabled
    assert alice["Alice purges three fragments for a relic"].enabled is False
    token = alice["Alice purges a fragment for a command token (Fabrication)"]
    assert [o.value for o in token.input.options] == ["H14", "H15"]
    assert not any("Fabrication" in label for label in _relics(m, "Bob"))


def test_several_sets_are_a_choice_and_none_is_greyed_with_why(catalog: Catalog) -> None:
    m = _naaz(catalog)
    _give_fragments(m, "Alice", ["H14"])
    greyed = _relics(m)["Alice purges two fragments for a relic (Fabrication)"]
    assert not greyed.enabled and "cannot purge 2 fragments of one type" in str(greyed.reason)
    _give_fragments(m, "Alice", ["C12", "F12"])
    sets = _relics(m)["Alice purges two fragments for a relic (Fabrication)"]
    assert {o.value for o in sets.input.options} == {"H14,F12", "C12,F12"}
    ok(m, sets.input.template.replace("{}", "C12,F12"))
    assert {zone(m, c) for c in ("C12", "F12")} == {"purged"} and zone(m, "H14") == "area:Alice"


def test_the_way_to_the_relics_names_fabrication_at_a_naaz_rokha_table(
        catalog: Catalog) -> None:
    """Try 29, finding 3: a Naaz-Rokha player looked for "Fabrication" at the top level
    and found it only inside "Purge three fragments for a relic, or draw one by an
    ability"; the button names it when a seat plays the faction, and only then."""
    plain = "Purge three fragments for a relic, or draw one by an ability"
    m = new_match(catalog)
    assert plain in {a.label for a in prompt(m).actions}
    m = _naaz(catalog)
    labels = {a.label for a in prompt(m).actions}
    assert "Purge three fragments for a relic, Fabrication, or draw one by an ability" in labels
    assert plain not in labels

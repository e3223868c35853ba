import pytest

from companion.core.engine import Match
from companion.core.errors import CompanionError, IllegalMoveError
from companion.core.phases import Phase, Phases
from companion.core.turns import order_by_keys
from tests.core.toygame import ToyRules, toy_catalog


@pytest.fixture
def match():
    m = Match(ToyRules(), toy_catalog(), seed=11)
    for line in ("sit Ann", "sit Bob"):
        assert m.execute(line).ok
    return m


def test_refused_command_changes_nothing_and_says_why(match):
    before = match.state
    result = match.execute("pay Bob 50")
    assert not result.ok and result.message == "Bob has too few credits."
    assert match.state == before and len(match.steps) == 2


def test_unknown_verb_and_unreadable_line_are_one_sentence(match):
    assert match.execute("fly to mars").message == \
        "'fly' is not a command of Toy; help lists them all."
    assert "cannot be read" in match.execute('note "unclosed').message


def test_scan_draw_is_an_observation_of_a_card_in_that_deck(match):
    assert match.execute("scan TY/H2").ok
    again = match.execute("scan TY/H2")
    assert not again.ok and "in Ann's play area" in again.message


def test_foreign_code_is_reported_and_changes_nothing(match):
    before = match.state
    result = match.execute("scan https://example.org")
    assert result.ok and result.kind == "foreign" and result.step is None
    assert match.state == before


def test_undo_of_a_draw_puts_the_card_back_and_says_so(match):
    match.execute("scan TY/H2")
    assert "Undo would take back step 3 (scan TY/H2)" in match.execute("undo preview").message
    result = match.execute("undo")
    assert "Solar flare (H2) goes back to the hazard deck." in result.message
    assert match.state.table.zone_of("H2") == "deck:hazard"


def test_undo_then_redo_is_the_identity_and_replays_no_roll(match):
    match.execute("roll maneuver")
    rolled = match.state
    match.execute("undo")
    match.execute("redo")
    assert match.state == rolled
    assert match.replay_from_start() == match.state


def test_many_undos_and_a_new_command_clears_redo(match):
    match.execute("pay Ann 1")
    match.execute("pay Ann 1")
    match.execute("undo")
    match.execute("undo")
    assert match.state.table.resource("Ann", "credits") == 5
    match.execute("pay Ann 2")
    assert match.execute("redo").message == "There is nothing to redo."
    assert match.state.table.resource("Ann", "credits") == 3


def test_nothing_to_undo_on_a_new_game():
    m = Match(ToyRules(), toy_catalog(), seed=1)
    assert m.execute("undo").message == "There is nothing to undo."


def test_virtual_deck_shuffles_once_and_draws_in_recorded_order(match):
    first = match.execute("draw hazard")
    second = match.execute("draw hazard")
    assert first.ok and second.ok
    shuffles = [e for e in first.step.events if e.type == "deck_shuffled"]
    assert len(shuffles) == 1
    order = shuffles[0]["order"]
    drawn = [e["card"] for s in (first, second) for e in s.step.events if e.type == "card_moved"]
    assert drawn == order[:2]
    assert not [e for e in second.step.events if e.type == "deck_shuffled"]


def test_same_seed_gives_same_rolls_and_shuffles():
    def play(seed):
        m = Match(ToyRules(), toy_catalog(), seed=seed)
        m.execute("sit Ann")
        return [m.execute(x).message for x in ("roll maneuver", "draw hazard", "roll maneuver")]
    assert play(5) == play(5)
    assert any(play(5) != play(s) for s in range(6, 12))


def test_empty_draw_pile_reshuffles_its_discard(match):
    for card in ("H1", "H2", "H3", "H4"):
        match.execute(f"discard {card}")
    result = match.execute("scan TY/H3")
    assert result.ok
    reshuffle = [e for e in result.step.events if e.type == "discard_reshuffled"]
    assert reshuffle and sorted(reshuffle[0]["cards"]) == ["H1", "H2", "H3", "H4"]


def test_physical_roll_entered_by_the_table(match):
    result = match.execute("roll maneuver two")
    assert result.message == "The table rolled two on the maneuver die (value 2)."
    assert not match.execute("roll maneuver seven").ok


def test_manual_adjust_is_logged_with_its_reason(match):
    result = match.execute("adjust Ann score +2 forgot the comet bonus")
    assert result.ok
    assert match.state.table.score_breakdown("Ann") == {"manual adjust: forgot the comet bonus": 2}
    assert not match.execute("adjust Ann credits -9").ok


def test_odds_count_what_is_left():
    m = Match(ToyRules(), toy_catalog(), seed=3)
    m.execute("sit Ann")
    m.execute("scan TY/H1")
    assert m.execute("odds hazard").message == \
        "3 cards left in the hazard deck: 2 x Solar flare, 1 x Meteor."


def test_order_by_keys_explains_ties():
    ordered, notes = order_by_keys([("A", (3, 1)), ("B", (5, 0)), ("C", (3, 1))],
                                   ("velocity", "maneuverability"))
    assert ordered == ["B", "A", "C"]
    assert notes == ["A and C tie on velocity 3, maneuverability 1: listed order breaks the tie."]


def test_seat_lookup_accepts_unique_prefix_and_explains_ambiguity(match):
    assert match.state.table.find_seat("an") == "Ann"
    match.execute("sit Anders")
    assert "could be Ann, Anders" in match.execute("pay An 1").message


def test_prefix_hash_tells_stacks_apart():
    from companion.core.engine import prefix_hash
    assert prefix_hash([1, 2, 3], 2) == prefix_hash([1, 2], 2)
    assert prefix_hash([1, 2], 2) != prefix_hash([2, 1], 2)
    assert prefix_hash([1, 2], 1) != prefix_hash([1, 2], 2)


def test_return_phrases_read_as_plain_words():
    from companion.core.piles import return_phrase
    assert return_phrase("deck:hazard") == "to the hazard deck"
    assert return_phrase("hand:Kourou") == "to Kourou's hand"
    assert return_phrase("play:common") == "into play (common)"
    assert return_phrase("play:revealed") == "to being revealed, not yet resolved"
    assert return_phrase("box") == "to the box, out of this game"


def test_state_and_history_are_read_only_views(match):
    match.execute("scan TY/H2")
    before = (match.state, match.step_count)
    assert match.execute("state").kind == "info"
    history = match.execute("history 2")
    assert history.ok and history.message.splitlines()[-1].endswith("Ann drew Solar flare.")
    assert len(history.message.splitlines()) == 2
    assert not match.execute("history many").ok
    assert (match.state, match.step_count) == before


class _RefusingRules(ToyRules):
    """A game that refuses every draw, naming the card, as real games may."""

    @property
    def phases(self):
        def refuse(b, card):
            raise IllegalMoveError(f"{card.name} cannot be drawn now.")
        return Phases((Phase("setup", other_scans=refuse),))


def test_a_refused_app_draw_never_names_the_card_nobody_has_seen():
    result = Match(_RefusingRules(), toy_catalog(), seed=11).execute("draw hazard")
    assert not result.ok and "hazard deck" in result.message
    assert "Solar flare" not in result.message and "Meteor" not in result.message


def test_card_lookups_explain_what_was_typed():
    catalog = toy_catalog()
    with pytest.raises(CompanionError, match="'CULTURAL!' is not a card ID"):
        catalog.card("CULTURAL!")
    with pytest.raises(CompanionError, match="TI/C01 is not part of this Toy game"):
        catalog.card("TI/C01")
    assert catalog.card("ty/h1").card_id == "H1"


def test_history_count_is_read_as_a_plain_number(match):
    assert "is not a whole number" in match.execute("history ²").message
    assert "is not a whole number" in match.execute("history " + "9" * 5000).message
    assert match.execute("history 1").ok

import pytest

from companion.core.engine import Match
from companion.core.errors import CompanionError, IllegalMoveError
from companion.core.phases import Phase, Phases
from companion.core.turns import order_by_keys
from tests.racegame import race_catalog
from tests.racegame.rules import RaceRules, position


def _race(*lines: str, seed: int = 11) -> Match:
    m = Match(RaceRules(), race_catalog(), seed=seed)
    for line in lines:
        assert m.execute(line).ok, line
    return m


@pytest.fixture
def match():
    return _race("join Ann", "join Bob", "start")


def test_refused_command_changes_nothing_and_says_why():
    seated = _race("join Ann", "join Bob")
    before = seated.state
    result = seated.execute("join ann")
    assert not result.ok and result.message == "ann is already seated."
    assert seated.state == before and len(seated.steps) == 2


def test_unknown_verb_and_unreadable_line_are_one_sentence(match):
    assert match.execute("fly to mars").message == \
        "'fly' is not a command of Comet Race; help lists them all."
    assert "cannot be read" in match.execute('note "unclosed').message


def test_scan_draw_is_an_observation_of_a_card_in_that_deck(match):
    assert match.execute("scan RC/T2").ok
    again = match.execute("scan RC/T2")
    assert not again.ok and again.message == \
        "T2 cannot be drawn from the comet deck: it is in the comet discard pile."


def test_foreign_code_is_reported_and_changes_nothing(match):
    before = match.state
    result = match.execute("scan https://example.org")
    assert result.ok and result.kind == "foreign" and result.step is None
    assert match.state == before


def test_undo_of_a_draw_puts_the_card_back_and_says_so(match):
    match.execute("scan RC/T2")
    assert "Undo would take back step 4 (scan RC/T2)" in match.execute("undo preview").message
    result = match.execute("undo")
    assert "Tailwind (T2) goes back to the comet deck." in result.message
    assert match.state.table.zone_of("T2") == "deck:comet"


def test_undo_then_redo_is_the_identity_and_replays_no_roll(match):
    match.execute("roll d6")
    rolled = match.state
    match.execute("undo")
    match.execute("redo")
    assert match.state == rolled
    assert match.replay_from_start() == match.state


def test_many_undos_and_a_new_command_clears_redo(match):
    match.execute("roll d6 1")
    match.execute("roll d6 1")
    match.execute("undo")
    match.execute("undo")
    assert position(match.state.table, "Ann") == 0 and match.state.table.active == "Ann"
    match.execute("roll d6 3")
    assert match.execute("redo").message == "There is nothing to redo."
    assert position(match.state.table, "Ann") == 3


def test_nothing_to_undo_on_a_new_game():
    m = Match(RaceRules(), race_catalog(), seed=1)
    assert m.execute("undo").message == "There is nothing to undo."


def test_virtual_deck_shuffles_once_and_draws_in_recorded_order(match):
    first = match.execute("draw comet")
    second = match.execute("draw comet")
    assert first.ok and second.ok
    shuffles = [e for e in first.step.events if e.type == "deck_shuffled"]
    assert len(shuffles) == 1
    order = shuffles[0]["order"]
    drawn = [e["card"] for s in (first, second) for e in s.step.events if e.type == "card_moved"]
    assert drawn == order[:2]
    assert not [e for e in second.step.events if e.type == "deck_shuffled"]


def test_same_seed_gives_same_rolls_and_shuffles():
    def play(seed):
        m = _race("join Ann", "join Bob", "start", seed=seed)
        return [m.execute(x).message for x in ("roll d6", "draw comet", "roll d6")]
    assert play(5) == play(5)
    assert any(play(5) != play(s) for s in range(6, 12))


def test_empty_draw_pile_reshuffles_its_discard():
    # Four pilots share the twelve cards, so nobody reaches the finish (space 12).
    m = _race("join Ann", "join Bob", "join Cy", "join Di", "start")
    for card in ("W1", "W2", "T1", "T2", "T3", "T4", "S1", "S2", "S3", "I1", "I2", "I3"):
        assert m.execute(f"scan RC/{card}").ok, card
    assert m.state.table.count_in("deck:comet") == 0
    result = m.execute("scan RC/T3")
    assert result.ok, result.message
    reshuffle = [e for e in result.step.events if e.type == "discard_reshuffled"]
    assert reshuffle and len(reshuffle[0]["cards"]) == 12
    assert m.state.table.count_in("deck:comet") == 11 and m.state.table.zone_of("T3") == \
        "discard:comet"


def test_physical_roll_entered_by_the_table(match):
    result = match.execute("roll d6 2")
    assert result.message == "The table rolled 2 on the d6 die (value 2). Ann's comet moves " \
                             "to space 2 of 12 (rolled 2)."
    assert match.execute("roll d6 7").message == \
        "'7' is not a face of the d6 die (faces: 1, 2, 3, 4, 5, 6)."


def test_manual_adjust_is_logged_with_its_reason(match):
    result = match.execute("adjust Ann score +2 forgot the comet bonus")
    assert result.ok
    assert match.state.table.score_breakdown("Ann") == {"manual adjust: forgot the comet bonus": 2}
    assert not match.execute("adjust Ann credits -9").ok


def test_odds_count_what_is_left():
    m = _race("join Ann", "join Bob", "start", "scan RC/T1", "scan RC/W2")
    assert m.execute("odds comet").message == \
        "10 cards left in the comet deck: 3 x Tailwind, 3 x Solar wind, 3 x Ion storm, " \
        "1 x Wormhole."


def test_order_by_keys_explains_ties():
    ordered, notes = order_by_keys([("A", (3, 1)), ("B", (5, 0)), ("C", (3, 1))],
                                   ("velocity", "maneuverability"))
    assert ordered == ["B", "A", "C"]
    assert notes == ["A and C tie on velocity 3, maneuverability 1: listed order breaks the tie."]


def test_seat_lookup_accepts_unique_prefix_and_explains_ambiguity(match):
    assert match.state.table.find_seat("an") == "Ann"
    m = _race("join Ann", "join Anders")
    assert "could be Ann, Anders" in m.execute("adjust An score +1 why").message


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
    match.execute("scan RC/T2")
    before = (match.state, match.step_count)
    assert match.execute("state").kind == "info"
    history = match.execute("history 2")
    assert history.ok and history.message.splitlines()[-1].endswith(
        "Ann's comet moves to space 2 of 12 (Tailwind, T2).")
    assert len(history.message.splitlines()) == 2
    assert not match.execute("history many").ok
    assert (match.state, match.step_count) == before


class _RefusingRules(RaceRules):
    """A game that refuses every draw, naming the card, as real games may."""

    @property
    def phases(self):
        def refuse(b, card):
            raise IllegalMoveError(f"{card.name} cannot be drawn now.")
        return Phases((Phase("setup", other_scans=refuse),), title="Comet Race")


def test_a_refused_app_draw_never_names_the_card_nobody_has_seen():
    result = Match(_RefusingRules(), race_catalog(), seed=11).execute("draw comet")
    assert not result.ok and "comet deck" in result.message
    assert not any(name in result.message for name in ("Tailwind", "wind", "storm", "Wormhole"))


def test_card_lookups_explain_what_was_typed():
    catalog = race_catalog()
    with pytest.raises(CompanionError, match="'CULTURAL!' is not a card ID"):
        catalog.card("CULTURAL!")
    with pytest.raises(CompanionError, match="TI/C01 is not part of this Comet Race game"):
        catalog.card("TI/C01")
    assert catalog.card("rc/t1").card_id == "T1"


def test_history_count_is_read_as_a_plain_number(match):
    assert "is not a whole number" in match.execute("history ²").message
    assert "is not a whole number" in match.execute("history " + "9" * 5000).message
    assert match.execute("history 1").ok

"""The card drawn at the table, told by touch (issue 22): beside "Let the app draw: DECK",
"Pick the card drawn at the table: DECK" lists the cards that deck can still give, and a
tap records exactly what a camera scan of one copy would."""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.core.drawn import LABEL, LIST_AT_ONCE, NBSP
from companion.core.engine import Match
from companion.core.prompt import Action, prompt
from tests.exploration.helpers import new_match, run
from tests.racegame import GAME, race_catalog
from tests.ti4.conftest import load_ti4, ok
from tests.ti4.conftest import new_match as ti4_match


def _xp_setup() -> Match[Any]:
    """Two seats joined: their missions, Kourou's development card and the maneuver row
    are owed."""
    match = new_match()
    run(match, "length 8", "join Kourou Ana", "join Xichang Bo")
    return match


def _left(count: int) -> str:
    """How a choice says the copies left: no line break inside it."""
    return f"{NBSP}·{NBSP}{count}{NBSP}left"


def _pick(match: Match[Any], deck: str, seat: str | None = None) -> Action:
    return next(a for a in prompt(match, seat).actions if a.partial == f"scan {deck}")


def _cards(match: Match[Any], deck: str, seat: str | None = None,
           after: str | None = None) -> dict[str, str]:
    """The pick's choices of `deck` that can be taken: label -> command."""
    shown = prompt(match, seat, after=after or f"scan {deck}")
    return {a.label: a.command for a in shown.actions if a.command and a.enabled}


def _names_in(match: Match[Any], zone: str) -> Counter[str]:
    return Counter(match.catalog.cards[c].name for c in match.state.table.cards_in(zone))


def test_each_owed_deck_has_its_pick_after_the_app_draws_and_the_moments_choices():
    """Several decks owed (setup): every app draw first, in a finger's reach at 800x480;
    each deck's pick after the moment's own choices (try 10's pick once pushed the fourth
    deck's draw below the fold)."""
    shown = prompt(_xp_setup())
    labels = [a.label for a in shown.actions]
    draws = [i for i, a in enumerate(shown.actions) if (a.command or "").startswith("draw ")]
    picks = {a.partial: i for i, a in enumerate(shown.actions)
             if (a.partial or "").startswith("scan ")}
    assert {f"scan {deck}" for deck in shown.expects_scan} == set(picks)
    own = [i for i, a in enumerate(shown.actions) if a.group != "Draw a card"
           and a.command not in ("undo", "redo")]
    assert max(draws) < min(own) < min(picks.values()), labels
    assert all(shown.actions[i].label.startswith(f"{LABEL}: ") and shown.actions[i].enabled
               for i in picks.values())


def test_the_choices_are_the_cards_left_in_the_deck_by_name_with_copies_counted():
    match = _xp_setup()
    cards = _cards(match, "maneuver")
    in_deck = _names_in(match, "deck:maneuver")
    names = [label.split(" (")[0] for label in cards]
    assert names == sorted(in_deck, key=str.casefold)  # one button per card, by name
    for label, command in cards.items():
        card = match.catalog.card(command.split("/")[1])
        assert label.startswith(f"{card.name} ({card.card_id})")
        assert label.endswith(_left(in_deck[card.name])) == (in_deck[card.name] > 1)
        assert match.state.table.zone_of(card.card_id) == "deck:maneuver"


def test_a_pick_records_what_a_camera_scan_of_that_copy_records():
    tapped, scanned = _xp_setup(), _xp_setup()
    command = _cards(tapped, "maneuver")["Careful approach (M08)"]
    by_touch = tapped.execute(command)
    entry = scanned.catalog.card("M08")
    plan = scanned.plan_card(entry, f"scan {scanned.catalog.tag_of('M08')}")  # the camera
    scanned.commit(plan)
    assert by_touch.ok and by_touch.step is not None and plan.result.step is not None
    assert by_touch.step.command == plan.result.step.command == "scan XP/M08"
    assert by_touch.step.events == plan.result.step.events
    assert by_touch.message == plan.result.message
    assert tapped.state.to_dict() == scanned.state.to_dict()


def test_a_card_drawn_is_no_longer_offered_and_undo_offers_it_again():
    match = _xp_setup()
    run(match, _cards(match, "maneuver")["Careful approach (M08)"])
    assert match.state.table.zone_of("M08") != "deck:maneuver"
    assert not any(label.startswith("Careful approach") for label in _cards(match, "maneuver"))
    before = _cards(match, "maneuver")
    run(match, _cards(match, "maneuver")[f"Afterburner (M06){_left(2)}"])
    assert "Afterburner (M07)" in _cards(match, "maneuver")  # the other copy, now alone
    run(match, "undo")
    assert _cards(match, "maneuver") == before
    run(match, "undo")
    assert "Careful approach (M08)" in _cards(match, "maneuver")
    assert match.state.table.zone_of("M08") == "deck:maneuver"


def test_a_secret_draw_is_picked_on_the_drawers_own_screen_only():
    match = _xp_setup()
    public = _pick(match, "primary")
    assert public.private_to == "Kourou" and public.label.endswith("(only Ana sees the choices)")
    assert prompt(match, after="scan primary").actions == ()
    assert prompt(match, "Xichang", after="scan primary").actions == ()
    own = _cards(match, "primary", "Kourou")
    assert own and all("(P" not in label for label in own)  # no copy named by its code
    command = own["Ace"]
    run(match, command)
    assert match.state.table.zone_of(command.split("/")[1]) == "hand:Kourou"
    card = command.split("/")[1]
    for seat in ("Xichang", None):  # the shared screen and the other seat: no trace of it
        shown = repr(prompt(match, seat).to_dict())
        assert card not in shown and "Ace" not in shown


def test_the_drawer_of_a_secret_card_sees_every_card_unseen_by_them_never_the_pile_alone():
    match = _xp_setup()
    run(match, _cards(match, "primary", "Kourou")["Ace"])  # Ace has one copy: now Kourou's
    run(match, "for Xichang")
    assert _pick(match, "primary").private_to == "Xichang"
    xichangs = _cards(match, "primary", "Xichang")
    unseen = _names_in(match, "deck:primary") + _names_in(match, "hand:Kourou")
    # The list names the card Kourou holds too: nothing is learnt by elimination.
    assert {label.split(f"{NBSP}·")[0] for label in xichangs} == set(unseen)
    assert "Ace" in xichangs and _names_in(match, "deck:primary")["Ace"] == 0
    before = match.state.to_dict()
    result = match.execute(xichangs["Ace"])  # refused as a scan of it is, naming no one
    assert not result.ok and "Kourou" not in result.message and "Ace" not in result.message
    assert match.state.to_dict() == before


def test_an_empty_pile_the_rules_reshuffle_offers_its_discard_pile():
    match = Match(GAME.rules, race_catalog(), 3)
    run(match, "join Ann", "join Bo", "start")
    total = sum(1 for c in match.catalog.cards.values() if c.deck == "comet")
    for _ in range(total):  # the first by name each time: the setbacks first, no winner yet
        run(match, next(iter(_cards(match, "comet").values())))
    assert match.state.table.phase == "race" and match.state.table.count_in("deck:comet") == 0
    discarded = _names_in(match, "discard:comet")
    assert {label.split(" (")[0] for label in _cards(match, "comet")} == set(discarded)
    result = match.execute(next(iter(_cards(match, "comet").values())))
    assert result.ok and any(e.type == "discard_reshuffled" for e in result.step.events)


def test_the_test_game_offers_its_pick_beside_its_app_draw():
    match = Match(GAME.rules, race_catalog(), 3)
    run(match, "join Ann", "join Bo", "start")
    labels = [a.label for a in prompt(match).actions if a.group == "Draw a card"]
    assert labels == ["Let the app draw: Comet deck", f"{LABEL}: Comet deck"]
    cards = _cards(match, "comet")
    assert list(cards) == [f"Ion storm (I1){_left(3)}", f"Solar wind (S1){_left(3)}",
                           f"Tailwind (T1){_left(4)}", f"Wormhole (W1){_left(2)}"]
    result = match.execute(cards[f"Wormhole (W1){_left(2)}"])
    assert result.ok and "Wormhole" in result.message, result.message
    assert match.state.table.zone_of("W1") == "discard:comet"


def test_a_card_none_of_whose_copies_is_left_stays_greyed_in_its_place():
    """Try 12, finding 35: a card that left the deck shifted every card after it one
    place, and a tap on the spot learned a round before recorded another card."""
    match = Match(GAME.rules, race_catalog(), 3)
    run(match, "join Ann", "join Bo", "start")
    before = [a.label for a in prompt(match, after="scan comet").actions]
    for _ in range(2):  # both Wormholes out of the deck, one after the other
        run(match, next(c for label, c in _cards(match, "comet").items()
                        if label.startswith("Wormhole")))
    shown = prompt(match, after="scan comet").actions
    assert [a.label.split(" (")[0].split(NBSP)[0] for a in shown] == \
        [label.split(" (")[0] for label in before]  # the same cards in the same places
    gone = shown[before.index(next(b for b in before if b.startswith("Wormhole")))]
    assert gone.label == f"Wormhole{NBSP}·{NBSP}none{NBSP}left" and not gone.enabled
    assert gone.reason == "No Wormhole can come from this deck now: every copy is out of it."
    assert all(a.enabled for a in shown if a is not gone)


def test_a_long_deck_is_reached_by_fixed_ranges_of_names():
    match = ti4_match(load_ti4(), "player Alice red", "player Bob blue", "setup codex")
    ok(match, "tech Alice dark-energy-tap", "frontier 41 for Alice")
    assert prompt(match).expects_scan == ("frontier",)
    ranges = prompt(match, after="scan frontier").actions
    names = sorted({c.name for c in match.catalog.cards.values() if c.deck == "frontier"},
                   key=str.casefold)
    assert len(names) > LIST_AT_ONCE and len(ranges) == 2
    assert [a.partial for a in ranges] == ["scan frontier 1", "scan frontier 2"]
    listed = []
    for shown in ranges:
        first, last = shown.label.split(" to ")
        assert first in names and last in names  # this game's names: fixed all game
        cards = _cards(match, "frontier", after=shown.partial)
        assert cards and len(cards) <= 8
        in_range = [label.split(" (")[0] for label in cards]
        assert all(first.casefold() <= n.casefold() <= last.casefold() for n in in_range)
        listed += in_range
    assert listed == sorted(_names_in(match, "deck:frontier"), key=str.casefold)
    first_range = _cards(match, "frontier", after="scan frontier 1")
    derelict = next(label for label in first_range if label.startswith("Derelict Vessel"))
    result = ok(match, first_range[derelict])
    assert "Derelict Vessel" in result.message and result.step.command == "scan TI/F01"


def test_a_game_without_the_codex_lists_its_own_cards_with_no_codex_name():
    """Try 12, findings 7 and 23: "Dead World to Keleres Ship" named Codex cards in a
    game set up without the Codex; its 8 frontier cards now fit one list (a tap fewer)."""
    catalog = load_ti4()
    codex = {c.name for c in catalog.cards.values() if c.deck == "frontier" and c.option}
    match = ti4_match(catalog)
    ok(match, "tech Alice dark-energy-tap", "frontier 41 for Alice")
    cards = _cards(match, "frontier")
    shown = {label.split(" (")[0] for label in cards}
    assert codex and not shown & codex
    assert shown == set(_names_in(match, "deck:frontier"))
    assert all(command.startswith("scan TI/F") for command in cards.values())


def test_ti4_explorations_offer_the_pick_and_a_pick_resolves_like_a_scan():
    catalog = load_ti4()
    match = ti4_match(catalog)
    ok(match, "take Abyz for Alice")
    owed = prompt(match).expects_scan
    assert owed == ("hazardous",)
    cards = _cards(match, "hazardous")
    assert len(cards) <= LIST_AT_ONCE and all(c.startswith("scan TI/H") for c in cards.values())
    label = next(label for label in cards if label.startswith("Core Mine"))
    result = ok(match, cards[label])
    assert "Core Mine" in result.message and result.step.command == cards[label]

"""Zones and seats are values with a parse and format pair; the stored text never changes.

Saved games write zones as text (`deck:hazard`, `hand:Kourou`, `box`) in every
card_moved event and snapshot. Reading that text into a `Zone` and writing it
back gives the same text, for every zone a game saved at d08fab6 holds, so old
saved games and exports keep opening.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.engine import Match
from companion.core.errors import DamageError, SeatNameError, ZoneFormatError
from companion.core.events import Event
from companion.core.seats import Seat
from companion.core.zones import BARE_KINDS, BOX, NAMED_KINDS, Zone
from companion.games.registry import game
from companion.session import load_match
from companion.store.journal import Journal
from tests.racegame import race_catalog
from tests.racegame.rules import RaceRules

OLD_JOURNAL = Path(__file__).resolve().parents[1] / "compat" / "journal_d08fab6.db"


def _stored_zones(match: Match[Any]) -> set[str]:
    zones = set(match.state.table.locations.values())
    for step in match.history():
        for e in step.events:
            if e.type == "card_moved":
                zones.update((str(e["from"]), str(e["to"])))
    return zones


@pytest.mark.parametrize("kind, game_id", [("xp", "xp-20261123-1"), ("ti4", "ti4-20261123-1")])
def test_every_zone_a_game_saved_at_d08fab6_holds_reads_and_writes_back_the_same(
        tmp_path, kind, game_id):
    saved = tmp_path / "games.db"
    shutil.copy(OLD_JOURNAL, saved)
    match = load_match(Journal(saved), game_id, game(kind))
    zones = _stored_zones(match)
    assert len(zones) >= 5  # the old game moved cards between several zones
    for text in zones:
        assert Zone.from_text(text).text == text


@given(st.sampled_from(sorted(NAMED_KINDS)),
       st.text(min_size=1, max_size=30).filter(str.isprintable))
def test_a_named_zone_formats_and_parses_back_to_itself(kind, name):
    zone = Zone(kind, name)
    assert Zone.from_text(zone.text) == zone and str(zone) == zone.text


def test_bare_zones_are_written_alone():
    assert {Zone.from_text(k).text for k in BARE_KINDS} == set(BARE_KINDS)
    assert Zone.from_text("box") == BOX and BOX.seat is None


@pytest.mark.parametrize("text", ["pocket:Ann", "deck:", "box:lid", "", ":x", "hand",
                                  "deck:" + "x\n" * 3000])
def test_a_text_that_is_no_zone_is_refused_in_one_short_sentence(text):
    with pytest.raises(ZoneFormatError) as refused:
        Zone.from_text(text)
    message = str(refused.value)
    assert message.endswith("zones look like deck:hazard, hand:Kourou or box.")
    assert len(message) < 130 and "\n" not in message


def test_a_table_reads_a_card_s_zone_as_a_value():
    match = Match(RaceRules(), race_catalog(), seed=5)
    for line in ("join Ann", "join Bo", "start", "scan RC/W1"):
        assert match.execute(line).ok
    assert match.state.table.zone("W1") == Zone.discard("comet")
    assert match.state.table.zone_of("W1") == "discard:comet"  # the stored text is unchanged
    assert match.state.table.zone("T1").kind == "deck"


def test_seats_parse_and_format():
    assert Seat.from_text(" Cape Canaveral ").text == "Cape Canaveral"
    assert Zone.area(Seat.from_text("Ann").text).seat == "Ann"
    for bad in ("", "   ", "A" * 33, "Ann\x1b[2J", "Bo\nb"):
        with pytest.raises(SeatNameError, match="cannot be a seat name"):
            Seat.from_text(bad)


def test_a_name_that_cannot_be_a_seat_is_refused_and_changes_nothing():
    match = Match(RaceRules(), race_catalog(), seed=5)
    result = match.execute("join Ann\x07")
    assert not result.ok and result.message == \
        "'Ann\\x07' cannot be a seat name: use 1 to 32 printable characters."
    assert match.state.table.seats == () and match.step_count == 0
    assert match.execute("join Ann").ok


def test_a_stored_card_move_to_something_that_is_no_zone_is_damage_naming_the_step():
    match = Match(RaceRules(), race_catalog(), seed=5)
    for line in ("join Ann", "join Bo", "start", "scan RC/W1"):
        assert match.execute(line).ok
    steps = match.history()
    moved = steps[3]
    bad = [Event(e.type, {**e.data, "to": "pocket"}) if e.type == "card_moved" else e
           for e in moved.events]
    damaged = [*steps[:3], replace(moved, events=tuple(bad))]
    with pytest.raises(DamageError) as refused:
        Match(RaceRules(), race_catalog(), 5, damaged)
    assert str(refused.value) == ("Step 4 moves a card to 'pocket', which is not a zone: "
                                  "the saved game is damaged.")
    assert refused.value.step == 4
    assert Match(RaceRules(), race_catalog(), 5, steps).state == match.state


def test_an_import_whose_card_move_names_no_zone_is_refused_whole(tmp_path):
    from companion.session import import_game
    from companion.store.opening import open_journal
    from tests.racegame import GAME

    journal, _ = open_journal(tmp_path / "games.db")
    game_id = journal.create_game("race", 5, race_catalog())
    match = Match(RaceRules(), race_catalog(), seed=5)
    for line in ("join Ann", "join Bo", "start", "scan RC/W1"):
        journal.append(game_id, "race", match.execute(line).step)
    exported = journal.export(game_id)
    for e in exported["steps"][3]["events"]:
        if e["type"] == "card_moved":
            e["from"] = 7
    with pytest.raises(DamageError, match="Step 4 moves a card from '7', which is not a zone"):
        import_game(journal, exported, GAME)
    assert [g.game_id for g in journal.games()] == [game_id]  # nothing was added

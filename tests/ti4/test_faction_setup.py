"""Factions at setup (issue 22, try 12 findings 3, 8, 28): the game's first moment asks
each seat's faction by one tap, greys a faction another seat plays, can be skipped, and a
faction's own ability is then offered only to its seat."""

from __future__ import annotations

from companion.core.prompt import prompt
from companion.games.ti4.state import TI4State
from tests.ti4.conftest import new_match, ok, refused

TABLE = ("player Nia red", "player Omar blue", "player Pia green", "setup")


def actions(m, after: str | None = None) -> dict[str, object]:
    return {a.label: a for a in prompt(m, after=after).actions}


def test_the_first_moment_asks_each_seats_faction_first_and_greys_one_taken(catalog) -> None:
    m = new_match(catalog, *TABLE)
    first = [a.label for a in prompt(m).actions][:4]
    assert first == ["Nia's faction", "Omar's faction", "Pia's faction",
                     "Skip: no faction, commodity value 3"]
    assert prompt(m).actions[0].group == "Setup"
    nia = actions(m)["Nia's faction"]
    assert nia.input.kind == "choice" and len(nia.input.options) == 25  # one tap each
    ok(m, nia.input.fill("hacan"))  # the tapped button's line: faction Nia hacan
    omar = actions(m)["Omar's faction"]
    hacan = next(o for o in omar.input.options if o.value == "hacan")
    assert hacan.reason == "Nia has it" and not hacan.enabled
    assert refused(m, "faction Omar hacan") == ("Nia already plays the Emirates of Hacan; "
                                                "each faction has one seat.")
    assert "Nia: Hacan" in actions(m)
    assert "Skip: no faction, commodity value 3" in actions(m)
    before = [a.label for a in prompt(m).actions][:4]
    ok(m, "faction Omar mentak", "faction Pia empyrean")
    assert m.state.factions == {"Nia": "hacan", "Omar": "mentak", "Pia": "empyrean"}
    # Every seat said: the buttons stay in their places until something is played (try
    # 14, finding 2: they vanished and a fast second tap landed on "Take planets").
    after = prompt(m).actions[:4]
    assert [a.label for a in after] == ["Nia: Hacan", "Omar: Mentak",
                                        "Pia: Empyrean", before[3]]
    assert not after[3].enabled and after[3].in_place
    assert after[3].reason == "Every player's faction is said."
    ok(m, "take Lodor")  # the first moment is past
    assert not any(a.group == "Setup" for a in prompt(m).actions)


def test_skip_keeps_the_assumed_values_and_replays_from_the_saved_lines(catalog) -> None:
    m = new_match(catalog, *TABLE)
    ok(m, actions(m)["Skip: no faction, commodity value 3"].command)
    assert not any(a.group == "Setup" for a in prompt(m).actions)
    assert "Record a faction (none picked, commodity value 3 for all)" in actions(m)
    assert "already skipped" in refused(m, "factions-assumed")
    saved = m.state.to_dict()
    assert saved["factions_skipped"] is True
    assert TI4State.from_dict(saved) == m.state
    del saved["factions_skipped"]  # a game saved before the key: not skipped
    assert TI4State.from_dict(saved).factions_skipped is False


def test_once_played_the_first_moment_is_past_without_an_answer(catalog) -> None:
    m = new_match(catalog, *TABLE)
    ok(m, "frontier 40 for Nia with exploration-probe")
    assert not any(a.group == "Setup" for a in prompt(m).actions)


def test_a_factions_ability_is_offered_only_to_its_seat(catalog) -> None:
    m = new_match(catalog, *TABLE)
    ok(m, "faction Nia mentak", "faction Omar empyrean")
    nia = actions(m, "frontier 40")
    # Multiverse Shift is the Empyrean's: the one ability left is one tap, not a second
    # list of one (try 20, finding 9b: "Tile 40 with Exploration Probe" chosen twice)
    probe = nia["Tile 40 with Exploration Probe"]
    assert probe.command == "frontier 40 with exploration-probe" and probe.input is None
    assert not any("Multiverse Shift" in label for label in nia)
    assert refused(m, "frontier 40 with multiverse-shift") == (
        "Multiverse Shift is the Empyrean's; Nia plays the Mentak Coalition.")
    ok(m, "end")  # Omar plays the Empyrean: offered, and used
    assert "Tile 40 with Exploration Probe or Multiverse Shift" in actions(m, "frontier 40")
    ok(m, "frontier 40 with multiverse-shift")


def test_a_seat_whose_faction_is_not_said_is_offered_every_ability(catalog) -> None:
    m = new_match(catalog, *TABLE)
    ok(m, "faction Omar empyrean")
    assert "Tile 40 with Exploration Probe or Multiverse Shift" in actions(m, "frontier 40")

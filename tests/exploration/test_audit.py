"""Issue 15, Exploration part: what an independent rules audit found, one test per item."""

from __future__ import annotations

import copy
from pathlib import Path

from companion.api import next_hint
from companion.core.catalog import Catalog
from companion.core.prompt import prompt
from companion.games.exploration.views import view
from tests.exploration.flight_setup import round_one, round_two, to_flight
from tests.exploration.helpers import (
    catalog,
    draw_all_pending,
    new_match,
    refused,
    run,
    started_match,
)

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _empty_the_hazard_deck():
    """SHLD1 flies onto a hazard space 16 times; every card is drawn and ignored."""
    match = to_flight(round_two())
    for _ in range(16):
        run(match, "adjust SHLD1 energy +1 keep flying", "adjust Baikonur command +3 to ignore",
            "move SHLD1 1 hazard", "draw hazard", "ignore")
    run(match, "adjust SHLD1 energy +1 keep flying")
    return match


def test_silent_reshuffle_tells_the_table_to_shuffle() -> None:
    match = _empty_the_hazard_deck()
    assert match.state.table.count_in("deck:hazard") == 0
    odds = match.execute("odds hazard").message
    assert "0 cards left" not in odds
    assert "shuffle its discard pile (16 cards) into a new hazard deck" in odds
    assert match.odds("hazard").to_dict()["reshuffle_from_discard"] == 16
    told = run(match, "move SHLD1 1 hazard")[-1].message
    assert "The hazard deck is empty: shuffle its discard pile (16 cards) into a new hazard " \
           "deck before drawing." in told
    assert "shuffle its discard pile (16 cards)" in str(next_hint(match))
    owed = view(match.state, match.catalog)["owed_draws"]
    assert [(o["deck"], o["reshuffle_first"]) for o in owed] == [("hazard", 16)]
    drawn = run(match, "scan XP/H04")[-1].message
    assert "The hazard discard pile (16 cards) was shuffled into a new hazard deck" in drawn
    assert match.state.table.count_in("deck:hazard") == 15


def test_decks_never_reshuffled_say_they_are_empty_and_why() -> None:
    match = started_match()
    reshuffled = {d.name for d in match.catalog.decks.values() if d.reshuffle}
    assert reshuffled == {"hazard", "development"}
    ship = match.execute("odds ship").message
    assert ship.startswith("The ship deck is empty: the draft deals every ship card once")
    assert "No maneuver card can be drawn: five form the face-up row" in \
        match.execute("odds maneuver").message


def test_reports_that_contradict_the_state_are_refused_not_ignored() -> None:
    match = to_flight(round_two())
    message = refused(match, "attack SHLD1 TRNS1 range 1 shield")
    assert "TRNS1 is a Transporter, not a Shield ship" in message
    run(match, "move SHLD1 1 space", "move SHLD1 1 space", "move SHLD1 1 space",
        "move SHLD1 1 space", "next", "next")
    assert match.state.ships["SHLD1"].energy == 0
    message = refused(match, "drift SHLD1=credit")
    assert "SHLD1 has 0 energy, so it does not move and stays put" in message
    assert "leave SHLD1=credit out of the report" in message


def test_selecting_a_ship_with_zero_energy_says_it_cannot_act() -> None:
    match = round_two()
    run(match, "adjust TRNS1 energy -4 drained", "tech credits")
    labels = [a.label for a in prompt(match, "Xichang").actions]
    assert "Select TRNS1 for the flight (0 energy: it cannot act until its energy is " \
           "recovered)" in labels
    message = run(match, "select TRNS1")[-1].message
    assert "TRNS1 has 0 energy: it cannot act in the flight phase until its energy is " \
           "recovered." in message


def test_a_ship_the_rounds_recovery_refills_is_not_said_to_be_stuck() -> None:
    """Try 9: "Recover 1 energy to each ship you control" played, then the select button
    still said the ship at 0 energy could not act, while selecting it gave it 1 energy."""
    match = round_two()
    run(match, "adjust TRNS1 energy -4 drained", "tech energy")
    labels = [a.label for a in prompt(match, "Xichang").actions]
    assert "Select Transporter (TRNS1)" in labels
    assert not any("cannot act" in label for label in labels)
    message = run(match, "select TRNS1")[-1].message
    assert "cannot act" not in message
    assert match.state.ships["TRNS1"].energy == 1


def test_a_draw_still_owed_is_named() -> None:
    match = to_flight(round_two(), x_tech="maneuverability")
    run(match, "next", "next", "drift SHLD1=hazard TRNS1=hazard")
    first = match.state.ship_draws[0]
    second = match.state.ship_draws[1]
    run(match, "scan XP/H10")
    message = run(match, "resolve")[-1].message
    assert "The round ends once the drawn cards are resolved; still to do: draw a hazard " \
           f"card for {second.ship} ({second.seat})." in message
    assert first.ship != second.ship


def test_a_ship_destroyed_during_its_own_move_ends_its_turn_by_itself() -> None:
    match = to_flight(round_two())
    run(match, "adjust SHLD1 resistance -2 worn", "move SHLD1 1 hazard", "scan XP/H04")
    message = run(match, "resolve")[-1].message
    assert "SHLD1 was destroyed, so its flight turn ends by itself. TRNS1 (Xichang) flies " \
           "next." in message
    assert match.state.ships["SHLD1"].location == "destroyed"
    assert match.state.flight_order[match.state.flight_index] == "TRNS1"
    assert match.replay_from_start() == match.state


def test_the_virtual_draft_pack_is_seen_only_by_its_drafter() -> None:
    from companion.games.exploration.prompt_draft import ship_codes

    match = new_match()
    run(match, "length 8", "join Xichang Ana", "join Baikonur Ben")
    draw_all_pending(match)
    run(match, *["draw maneuver"] * 5)
    started = run(match, "draft virtual")[-1]
    pack = match.state.draft.packs[0]
    assert len(pack) == 10
    shown = str(started.to_dict(1))  # the result as play --json prints it
    assert not any(card in shown for card in pack)
    public = view(match.state, match.catalog)["draft"]
    assert public["pack_cards"] == 10 and "my_pack" not in public
    mine = view(match.state, match.catalog, "Xichang")["draft"]
    assert sorted(c["id"] for c in mine["my_pack"]) == sorted(pack)
    assert "my_pack" not in view(match.state, match.catalog, "Baikonur")["draft"]
    assert "Your pack: " in match.rules.render(match.state, match.catalog, "Xichang")
    shared = [a for a in prompt(match).actions if a.group == "Ship draft"]
    assert [a.label for a in shared] == [
        "Xichang takes a ship from the pack (only Ana sees the choices)"]
    assert not any(card in str(prompt(match, after="pick").to_dict()) for card in pack)
    own = prompt(match, "Xichang", after="pick").actions  # by type: a copy is the app's
    types = {str(match.catalog.card(c).attrs["type"]) for c in pack}
    assert sorted(a.command.split()[1] for a in own if a.enabled) == sorted(types)
    in_pack = sum(int(a.label.rsplit("(", 1)[1].split()[0]) for a in own if a.enabled)
    assert in_pack == len(pack)  # each type says how many of the pack's ships it has
    # every type of the draft, in the catalog's order; one the pack lacks greyed in place
    assert [a.command.split()[1] for a in own] == ship_codes(match.catalog)
    assert all(a.in_place and a.reason == "None in the pack." for a in own if not a.enabled)
    stranger = next(c for c in match.state.table.cards_in("deck:ship") if c not in pack)
    message = refused(match, f"pick {stranger}")
    assert not any(card in message for card in pack)


def test_after_the_last_round_every_command_says_the_game_is_over() -> None:
    match = new_match(seed=1)
    for line in (GOLDEN / "xp_2p_8rounds.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            run(match, line)
    assert match.state.table.phase == "end"
    for line in ("tech credits", "done", "select SHLD1", "drift", "complete P06", "for Xichang",
                 "scan XP/H01", "draw hazard"):
        message = refused(match, line)
        assert message.startswith("The game is over"), (line, message)
        assert "end phase" not in message


def test_ships_not_deployed_show_not_deployed_and_their_printed_values() -> None:
    match = round_one()
    text = match.execute("state").message
    assert "SHLD1 Shield: not deployed (deploy cost 5; starts with energy 4/6, resistance 3, " \
           "velocity 4, maneuverability 2, 2 cargo slots)" in text
    assert "hand, energy 0/" not in text
    shld1 = next(s for seat in view(match.state, match.catalog)["seats"] for s in seat["ships"]
                 if s["card"] == "SHLD1")
    assert shld1["location"] == "hand" and shld1["printed"]["energy"] == 4


def test_the_attack_reminds_the_players_of_the_same_orbit_range() -> None:
    match = to_flight(round_two())
    labels = [a.label for a in prompt(match).actions]
    assert "Attack with SHLD1: same orbit, up to 4 spaces" in labels
    message = run(match, "attack SHLD1 TRNS1 range 1")[-1].message
    assert "the target must be on the same orbit, within the attacker's energy in spaces" \
        in message


def test_a_draw_from_a_deck_that_ran_out_never_holds_up_the_game() -> None:
    data = copy.deepcopy(catalog().to_data())
    data["rules"]["technology"]["actions"]["secondary"]["draw_count"] = 30
    match = round_one(catalog=Catalog.from_data(data, "changed.toml", "XP"))
    left = match.state.table.count_in("deck:secondary")
    message = run(match, "tech secondary")[-1].message
    assert f"Only {left} can be drawn: The mission deck is empty, and mission cards are " \
           "never reshuffled" in message
    run(match, *["draw secondary"] * left, "done", "tech credits", "done", "drift")
    message = run(match, "tech secondary")[-1].message
    assert message.endswith("no more can be drawn. Xichang draws nothing.")
    run(match, "done")
    assert match.state.table.active == "Baikonur"


def test_flying_off_the_map_once_every_tile_is_revealed_draws_nothing() -> None:
    data = copy.deepcopy(catalog().to_data())
    data["rules"]["flight"]["outer_tiles_per_round"] = 20
    match = to_flight(round_two(catalog=Catalog.from_data(data, "changed.toml", "XP")))
    def refill() -> None:
        missing = 6 - match.state.ships["SHLD1"].energy
        if missing:
            run(match, f"adjust SHLD1 energy +{missing} keep flying")

    def settle() -> None:
        while match.state.ship_draws or match.state.pending_hazard or match.state.pending_tile:
            if match.state.pending_tile:
                run(match, "tile default")
            elif match.state.pending_hazard:
                run(match, "adjust Baikonur command +3 to ignore", "ignore")
            else:
                run(match, f"draw {match.state.ship_draws[0].deck}")

    run(match, "move SHLD1 2 outer")
    settle()
    for _ in range(7):
        refill()
        run(match, "move SHLD1 1 outer")
        settle()
    assert match.state.table.count_in("deck:hex") == 0
    refill()
    message = run(match, "move SHLD1 1 outer")[-1].message
    assert "Every outer space tile is already revealed on the table: no more can be drawn." \
        in message
    assert not match.state.ship_draws
    run(match, "next")


def test_a_ship_to_deploy_is_named_by_its_type_as_well_as_its_code() -> None:
    match = round_two()
    run(match, "tech credits")
    labels = [a.label for a in prompt(match, "Xichang").actions if a.label.startswith("Deploy")]
    assert labels and all(label.endswith(")") for label in labels)
    ship = next(s for s in match.state.ships_of("Xichang") if s.location == "hand")
    name = catalog().rules["ship_types"][ship.ship_type]["name"]
    assert f"Deploy {name} ({ship.card})" in labels  # the seat card's words (issue 22)

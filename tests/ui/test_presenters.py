"""Presenters, settings, sounds and the runner: plain Python, no window needed."""

from __future__ import annotations

import json
import threading
import wave
from dataclasses import replace
from io import BytesIO
from pathlib import Path

import pytest

from companion.catalogs import load_catalog
from companion.core.engine import Match
from companion.games.registry import game
from companion.session import open_session
from companion.ui.presenters.cues import cue_for
from companion.ui.presenters.dashboard import dashboard, scores_of
from companion.ui.presenters.newgame import FormError, SeatField, form_for, setup_lines
from companion.ui.runner import CommandRunner, Reply, run_inline
from companion.ui.settings import AppSettings, load_settings, save_settings
from companion.ui.sound import CUES, SilentSpeaker, tone_wav


def xp_match(*lines: str) -> Match:
    match = Match(game("xp").rules, load_catalog("xp"), 2047)
    for line in lines:
        assert match.execute(line).ok, line
    return match


def view_of(match: Match) -> dict:
    """The view as the app's snapshot carries it, with its one view shape under `table`."""
    from companion.api import table_view

    return {**match.rules.view(match.state, match.catalog, None),
            "table": table_view(match).to_dict()}


def _seat(seat: str, *counters: tuple[str, int, str], **fields: object) -> dict:
    """A seat of the table view: `counters` as (key, value, text)."""
    return {"seat": seat, "player": "", "colour": None, "score": None, "score_sources": [],
            "counters": [{"key": k, "value": v, "noun": k, "text": t} for k, v, t in counters],
            "in_effect": [], "active": False, "detail": [], "corrections": [], **fields}


def _table(*seats: dict) -> dict:
    return {"table": {"seats": list(seats), "round": 1, "rounds": None,
                      "round_name": "Round 1", "phase_name": "", "turn": "",
                      "waiting_for": "", "notes": [], "decks": []}}


SETUP = ("length 8", "join Xichang Ana", "join Baikonur Ben")


def test_dashboard_shows_seats_scores_and_the_change_since_last_time() -> None:
    match = xp_match(*SETUP)
    before = scores_of(view_of(match))
    match.execute("adjust Baikonur score +3 bribe")
    data = dashboard("Exploration", view_of(match), before)
    rows = {row.seat: row for row in data.seats}
    assert data.round_text == "Before round 1 of 8"
    assert rows["Baikonur"].score == "3" and rows["Baikonur"].delta == "+3"
    assert rows["Xichang"].delta == ""
    assert rows["Baikonur"].player == "Ben" and rows["Baikonur"].initial == "B"
    assert "12 credits" in rows["Xichang"].counters
    assert rows["Xichang"].colour != rows["Baikonur"].colour


def test_a_seat_row_names_the_cards_in_effect_for_that_seat() -> None:
    view = _table(_seat("Xichang", ("credits", 13, "13 credits"), in_effect=[
        {"id": "H09", "name": "Running costs", "summary": "Keep this card: ..."}]),
        _seat("Baikonur", ("credits", 15, "15 credits")))
    rows = {row.seat: row for row in dashboard("Exploration", view).seats}
    assert rows["Xichang"].counters == "13 credits · in effect: Running costs"
    assert rows["Baikonur"].counters == "15 credits"


def test_seat_colours_follow_a_ti4_players_chosen_colour() -> None:
    match = Match(game("ti4").rules, load_catalog("ti4"), 1)
    for line in ("player Alice red", "player Bob blue", "player Carol green", "setup"):
        assert match.execute(line).ok
    data = dashboard("TI4", view_of(match))
    assert [r.colour for r in data.seats] == ["#D62728", "#0072B2", "#009E73"]
    assert "0 planets" in data.seats[0].counters


def test_each_picked_plastic_colour_is_shown_as_itself_and_apart_from_the_others() -> None:
    from companion.colours import hex_rgba, seat_colour
    from companion.games.ti4.form import COLOURS

    shown = {name: hex_rgba(seat_colour(0, name)) for name in COLOURS}
    red, green, blue, _ = shown["red"]
    assert red > 0.8 and green < 0.25 and blue < 0.25  # red, not vermillion orange
    assert len(set(shown.values())) == len(COLOURS)  # no two picks drawn alike
    assert max(shown["black"][:3]) < 0.2


def test_a_seat_row_shows_the_counters_the_game_declares_trade_goods_too() -> None:
    match = Match(game("ti4").rules, load_catalog("ti4"), 1)
    for line in ("player Alice red", "player Bob blue", "setup", "take P76A",
                 "scan TI/I01", "resolve gain", "adjust Alice trade_goods +2 traded"):
        assert match.execute(line).ok, line
    counters = dashboard("TI4", view_of(match)).seats[0].counters
    assert counters == ("1 planet · 1 resource · 1 influence · 0 relic fragments · "
                        "0 relics · 2 commodities (of 3, assumed) · 2 trade goods")


def test_a_spaceport_keeps_its_colour_whoever_else_sits(tmp_path: Path) -> None:
    """Baikonur is the second seat of one game and the first of another: the same badge,
    ships and final colour on the touchscreen, and the same on the phones' page."""
    from companion.colours import seat_colours
    from companion.phones.pages import page_of
    from companion.ui.presenters.final import final_view

    def colours(*joins: str) -> tuple[dict[str, str], ...]:
        match = match_of(*joins)
        view = view_of(match)
        return ({r.seat: r.colour for r in dashboard("Exploration", view).seats},
                seat_colours(view["table"]),  # the badges of every panel (Ships, Traps)
                {r.seat: r.colour for r in final_view(view).seats},
                page_of(match)["colours"])

    first = colours("join Xichang Ana", "join Baikonur Ben")
    second = colours("join Baikonur Ben", "join Kourou Cy")
    for one, other in zip(first, second, strict=True):
        assert one["Baikonur"] == other["Baikonur"]
        assert len(set(other.values())) == 2  # still told apart within a game
    assert first[0]["Baikonur"] != first[0]["Xichang"]
    assert [row["seat_index"] for row in page_of(match_of("join Kourou Cy"))["table"]["seats"]] \
        == [3]


def match_of(*joins: str) -> Match:
    match = Match(game("xp").rules, load_catalog("xp"), 1)
    for line in ("length 8", *joins):
        assert match.execute(line).ok
    return match


def test_the_flight_order_leaves_a_destroyed_ship_out() -> None:
    from companion.games.exploration.tableview import order_line

    ship = {"location": "space", "velocity": 4, "maneuverability": 2, "energy": 3,
            "max_energy": 5, "location_name": "in space", "where": ""}
    shown = {"round": 1, "flight_order": ["TRNS1", "SHLD1"], "seats": [
        {"seat": "Xichang", "score": 0, "ships": [{**ship, "card": "TRNS1"}]},
        {"seat": "Baikonur", "score": 0, "ships": [
            {**ship, "card": "SHLD1", "location": "destroyed", "velocity": 0}]}]}
    assert order_line(shown) == "Flight order: TRNS1 (velocity 4, maneuverability 2)"
    shown["seats"][0]["ships"][0]["location"] = "destroyed"
    assert order_line(shown) == ""
    view = view_of(match_of("join Xichang Ana", "join Baikonur Ben"))
    view["table"]["notes"] = ["Flight order: TRNS1 (velocity 4, maneuverability 2)"]
    assert dashboard("Exploration", view).order_text == view["table"]["notes"][0]
    view["table"]["notes"] = []
    assert dashboard("Exploration", view).order_text == ""


def test_the_technology_track_and_the_technology_score_read_apart() -> None:
    match = match_of("join Xichang Ana", "join Baikonur Ben")
    assert match.execute("adjust Xichang technology +2 a forgotten action").ok
    view = view_of(match)
    view["table"]["seats"][0]["score_sources"] = [{"source": "technology", "points": 3}]
    row = dashboard("Exploration", view).seats[0]
    assert row.counters == "12 credits · 0 command points · 2 technology points · 0 frags"
    assert row.sources == "technology +3"


def declared_form(kind: str):
    """A game's empty new-game form, as the app's runner builds it."""
    definition = game(kind)
    return form_for(kind, definition.title,
                    definition.rules.new_game_form(load_catalog(kind)))


def test_new_game_form_makes_the_commands_a_table_would_type() -> None:
    form = declared_form("xp")
    (sides,) = form.options
    assert sides.values == ("8", "13") and form.is_chosen("length", "8")
    assert [s.label for s in form.seats] == ["Xichang", "Wostochny", "Baikonur", "Kourou",
                                             "Cape Canaveral"]
    seats = (SeatField("Xichang", "Ana"), SeatField("Kourou", ""),
             SeatField("Cape Canaveral", "Jo Ann"))
    form = replace(form.choose("length", "13"), seats=seats)
    lines = setup_lines(form)
    assert lines == ["length 13", "join Xichang Ana", "join 'Cape Canaveral' 'Jo Ann'"]
    match = xp_match(*lines)
    assert match.state.table.players == {"Xichang": "Ana", "Cape Canaveral": "Jo Ann"}


def test_every_seat_the_setup_offers_is_on_the_form() -> None:
    """Issue 22: setup offered a fifth spaceport the form did not."""
    import shlex

    from companion.core.prompt import prompt

    offered = {shlex.split(a.input.template)[1] for a in prompt(xp_match("length 8")).actions
               if a.input is not None and a.input.template.startswith("join ")}
    assert offered == {s.label for s in declared_form("xp").seats}
    assert len(declared_form("xp").seats) == declared_form("xp").declared.max_players


def test_new_game_form_refuses_too_few_or_twin_players() -> None:
    form = declared_form("xp")
    with pytest.raises(FormError, match="at least 2"):
        setup_lines(form)
    twins = (SeatField("Xichang", "Ana"), SeatField("Kourou", "ana"))
    with pytest.raises(FormError, match="same name"):
        setup_lines(replace(form, seats=twins))


def test_setup_lines_start_a_real_game(tmp_path: Path) -> None:
    form = declared_form("ti4")
    # The same colours every game, one a seat: Prophecy of Kings' 7th and 8th seats bring
    # orange and pink (the catalog's max_players).
    assert [s.colour for s in form.seats] == ["red", "blue", "green", "yellow", "purple",
                                              "black", "orange", "pink"]
    seats = (SeatField("Player 1", "Alice", "red"), SeatField("Player 2", "Bo Lee", "blue"),
             SeatField("Player 3", "Carol", "green"))
    form = replace(form.choose("cards", "codex"), seats=seats)
    session = open_session(tmp_path / "g.db", "ti4", new=True, seed=1)
    for line in setup_lines(form):
        assert session.run(line).ok, line
    view = session.match.rules.view(session.match.state, session.match.catalog, None)
    assert [s["seat"] for s in view["seats"]] == ["Alice", "Bo Lee", "Carol"]
    assert view["options"] == ["codex"]
    session.close()
    with pytest.raises(FormError, match="same colour"):
        setup_lines(replace(form, seats=(*seats[:2], SeatField("Player 3", "Dee", "red"))))


def test_cues_mark_refusals_new_cards_and_a_new_turn() -> None:
    match = xp_match(*SETUP, "for Xichang")
    before = view_of(match)
    match.execute("scan XP/D17")
    assert cue_for(True, "step", before, view_of(match)) == "card"
    assert cue_for(False, "refused", before, before) == "failed"
    assert cue_for(True, "info", before, before) is None


def test_settings_round_trip_and_a_broken_file_gives_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"rotation": 180, "fullscreen": true, "kiosk_note": "seeded"}')
    assert load_settings(path).rotation == 180 and load_settings(path).fullscreen
    settings = load_settings(path).with_value("sound", "off")
    save_settings(settings, path)
    assert load_settings(path) == settings
    assert json.loads(path.read_text())["kiosk_note"] == "seeded"
    assert AppSettings().with_value("rotation", "90").rotation == 0
    path.write_bytes(b"\xff\xfe{\"rotation\": ")
    assert load_settings(path) == AppSettings()


def test_each_cue_is_a_short_playable_tone() -> None:
    for notes in CUES.values():
        with wave.open(BytesIO(tone_wav(notes))) as w:
            seconds = w.getnframes() / w.getframerate()
            assert 0.1 < seconds < 1.0
    speaker = SilentSpeaker()
    speaker.play("card")
    assert speaker.played == ["card"]
    with pytest.raises(KeyError):
        speaker.play("fanfare")


def _wait(runner: CommandRunner) -> None:
    for _ in range(2000):
        if not runner.pending:
            return
        threading.Event().wait(0.005)
    raise AssertionError("runner did not finish")


def test_runner_runs_jobs_in_order_on_its_own_thread(tmp_path: Path) -> None:
    replies: list[Reply] = []
    threads: set[str] = set()

    def done(reply: Reply) -> None:
        threads.add(threading.current_thread().name)
        replies.append(reply)

    runner = CommandRunner(tmp_path / "g.db", run_inline)
    runner.new_game("xp", SETUP, done, seed=3)
    for line in ("for Xichang", "scan XP/D17", "scan XP/NOPE", "undo"):
        runner.run(line, done)
    _wait(runner)
    runner.stop()
    assert threads == {"companion-runner"}
    assert [r.ok for r in replies] == [True, True, True, False, True]
    assert "Funding" in replies[2].message
    assert replies[3].kind == "refused" and replies[3].table is not None
    assert replies[4].message.startswith("Undid step 5")
    assert replies[4].table.redo_preview and "Funding" in replies[4].table.redo_preview


def test_runner_resumes_the_last_game_and_says_when_there_is_none(tmp_path: Path) -> None:
    replies: list[Reply] = []
    runner = CommandRunner(tmp_path / "g.db", run_inline)
    runner.resume(replies.append)
    runner.new_game("xp", SETUP, replies.append, seed=3)
    runner.resume(replies.append)
    _wait(runner)
    runner.stop()
    assert replies[0].table is None and "no saved game" in replies[0].message
    assert replies[2].table is not None
    assert replies[2].table.game_id == replies[1].table.game_id


def test_saved_games_name_the_game_its_round_its_players_and_when_it_was_played(
        tmp_path: Path) -> None:
    from companion.ui.presenters.history import games_lines

    replies: list[Reply] = []
    runner = CommandRunner(tmp_path / "g.db", run_inline)
    runner.new_game("ti4", ("player Alice", "player Bob", "setup"), replies.append, seed=5)
    runner.new_game("xp", SETUP, replies.append, seed=3)
    runner.saved_games(replies.append)
    _wait(runner)
    runner.stop()
    lines = [text for _game_id, text in games_lines(replies[-1].value)]
    assert len(lines) == 2
    assert lines[0].startswith("Exploration  ·  Setting up  ·  Ana, Ben\nLast played "), lines
    assert lines[1].startswith("TI4 Exploration  ·  Round 1  ·  Alice, Bob\nLast played "), lines
    assert "step" not in lines[0] and "step" not in lines[1], lines


def test_a_bug_in_a_job_becomes_one_sentence_and_a_crash_log(tmp_path: Path) -> None:
    replies: list[Reply] = []
    runner = CommandRunner(tmp_path / "g.db", run_inline, crash_log=tmp_path / "crash.log")

    def broken(_runner: CommandRunner) -> Reply:
        raise ZeroDivisionError("boom")

    runner.submit(broken, replies.append)
    _wait(runner)
    runner.stop()
    assert not replies[0].ok and "Every step whose result showed is saved" in replies[0].message
    assert "ZeroDivisionError" in (tmp_path / "crash.log").read_text()


# ---- the dashboard's game panels (Ships, Decks, Traps) ------------------------------------
def _ship(**fields: object) -> dict:
    ship = {"card": "TRNS1", "type": "Transporter", "location": "space",
            "location_name": "on the map", "where": "a hazard space", "energy": 2,
            "max_energy": 6, "resistance": 3, "max_resistance": 3, "velocity": 3,
            "maneuverability": 3, "module_names": ["Habitat", "GNSS"], "cargo_slots": 4,
            "selected": False, "skip_turns": 0, "bonuses": [],
            "printed": {"energy": 4, "max_energy": 6, "resistance": 3, "velocity": 3,
                        "maneuverability": 2, "cargo_slots": 4, "deploy_cost": 5}}
    return {**ship, **fields}


def test_a_ship_in_play_shows_its_tracks_bonuses_cargo_and_what_may_be_corrected() -> None:
    from companion.core.tableview import Track
    from companion.games.exploration.tableview import ship_row

    bonus = {"attr": "maneuverability", "amount": 1, "source": "Trim thrusters",
             "expires_round": 4, "condition": "", "from_round": 3}
    row = ship_row(_ship(bonuses=[bonus], skip_turns=1), round_=3)
    assert row.text == "TRNS1 Transporter"
    assert row.detail == (
        "on the map: a hazard space · skips 1 turn",
        "Energy 2/6 · Resistance 3/3 · Velocity 3 · Maneuverability 3",
        "Bonuses: +1 maneuverability (Trim thrusters) until round 4",
        "Cargo: Habitat, GNSS (2 of 4 slots)")
    assert row.target == "TRNS1" and row.corrections == (
        Track("energy", "Energy", 2, 6), Track("resistance", "Resistance", 3, 3))


def test_a_later_bonus_says_when_it_starts_and_a_condition_is_shown() -> None:
    from companion.games.exploration.tableview import bonus_text

    bonus = {"attr": "drop_maneuverability", "amount": -2, "source": "Solar storm",
             "expires_round": 5, "condition": "when dropping", "from_round": 5}
    assert bonus_text(bonus, 4) == \
        "-2 drop maneuverability (Solar storm, when dropping) from round 5 to 5"


def test_ships_in_hand_show_printed_values_and_destroyed_ones_take_no_correction() -> None:
    from companion.games.exploration.tableview import ship_row

    hand = ship_row(_ship(location="hand", location_name="not deployed", where="",
                          energy=0, resistance=0), 0)
    assert hand.detail == ("not deployed",
                           "Deploy cost 5 · starts with energy 4/6, resistance 3, velocity 3,"
                           " maneuverability 2, 4 cargo slots")
    assert hand.corrections == ()
    gone = ship_row(_ship(location="destroyed", location_name="destroyed", where=""), 0)
    assert (gone.detail, gone.corrections) == (("destroyed",), ())


def test_seats_list_their_ships_and_the_counters_a_correction_may_change() -> None:
    match = xp_match("length 8", "join Xichang Ana", "join Baikonur Ben")
    ships = next(p for p in view_of(match)["table"]["panels"] if p["id"] == "ships")
    headings = [r for r in ships["rows"] if r["kind"] == "heading"]
    assert [r["seat"] for r in headings] == ["Xichang", "Baikonur"]
    assert [t["key"] for t in headings[0]["corrections"]] == ["credits", "command",
                                                              "technology", "frags", "score"]
    assert ships["rows"][1]["text"] == "No ships yet."  # nothing drafted yet


def test_the_correction_line_is_the_clis_with_quoted_words() -> None:
    from companion.ui.presenters.corrections import adjust_line

    assert adjust_line("TRNS1", "energy", -1, ("table mistake", "")) == \
        "adjust TRNS1 energy -1 'table mistake'"
    assert adjust_line("Cape Canaveral", "credits", 5, ("", "forgot the credit space")) == \
        "adjust 'Cape Canaveral' credits +5 'forgot the credit space'"
    assert adjust_line("SHLD1", "resistance", 1, ()) == "adjust SHLD1 resistance +1"
    match = xp_match("length 8", "join Xichang Ana", "join Baikonur Ben")
    result = match.execute(adjust_line("Xichang", "credits", 3, ("house rule", "Ana's #1")))
    assert result.ok and result.message == \
        "Adjusted Xichang's credits by +3 (house rule; Ana's #1)."


def test_decks_count_left_and_discarded_and_say_what_to_reshuffle() -> None:
    from companion.ui.presenters.decks import deck_rows, reshuffle_notes

    note = ("The hazard deck is empty: shuffle its discard pile (7 cards) into a new hazard "
            "deck, then draw for TRNS1's move.")
    table = {"decks": [
        {"id": "hazard", "name": "Hazard cards", "left": 0, "discarded": 7, "lines": [],
         "warnings": [note]},
        {"id": "primary", "name": "Primary mission cards", "left": 10, "discarded": 0,
         "lines": [], "warnings": []}]}
    assert [(r.deck, r.title, r.text) for r in deck_rows(table)] == [
        ("hazard", "Hazard deck", "0 left · 7 in the discard pile"),
        ("primary", "Primary deck", "10 left")]
    assert reshuffle_notes(table) == (note,)
    match = xp_match(*SETUP)  # the real table: the same shape, from the game
    real = deck_rows(view_of(match)["table"])
    assert ("development", 18) in [(r.deck, r.left) for r in real]


def test_odds_show_the_table_apis_sentence_and_each_names_chance() -> None:
    from companion.ui.presenters.decks import odds_view

    match = xp_match("length 8", "join Xichang Ana", "join Baikonur Ben")
    odds = odds_view(match.odds("development").to_dict())
    assert odds.sentence.startswith("18 cards left in the development deck: ")
    assert "Funding: 2 of 18 (11%)" in odds.rows
    hidden = xp_match("length 8", "join Xichang Ana", "join Baikonur Ben", "for Xichang",
                      "scan XP/D17", "scan XP/P06")
    primary = hidden.odds("primary").to_dict()
    shown = odds_view(primary)
    assert "1 more primary card is in hidden hands" in shown.sentence
    assert shown.rows == ()  # no list of names that would hold the mission kept secret
    held = hidden.catalog.card("P06").name
    assert held in primary["sentence"] and held not in shown.sentence


def test_traps_show_owner_place_and_count_in_the_owners_colour() -> None:
    from companion.colours import seat_colours
    from companion.games.exploration.tableview import traps_panel

    panel = traps_panel({"traps": [{"trap_id": "T1", "owner": "Baikonur", "count": 2,
                                    "where": "a plain space"}]})
    row = panel.rows[-1]
    assert (row.text, row.number, row.badge) == ("T1 · Baikonur's trap · a plain space", "2",
                                                 "B")
    colours = seat_colours({"seats": [{"seat": "Xichang"}, {"seat": "Baikonur"}]})
    assert colours[str(row.seat)] == "#56B4E9"
    assert traps_panel({"traps": []}).rows == ()


def test_the_check_screen_reads_the_check_from_the_prompt_and_the_result() -> None:
    from companion.ui.presenters.check import check_lines, check_prompt, is_check_prompt

    numbers = {"ship": "TRNS1", "number": 1, "checks": 2, "against": "L1", "target": 2,
               "maneuverability": 3, "title": "Maneuver check 1 of 2: TRNS1 against L1",
               "sum": "Maneuverability 3 + the symbols rolled, against 2"}
    die = {"kind": "die", "die": "maneuver", "then": "partial", "template": "move X die {}",
           "options": [{"value": "blank", "label": "blank", "symbols": 0},
                       {"value": "one", "label": "one", "symbols": 1}]}
    prompt = {"actions": [
        {"label": "The app rolls the maneuver die", "enabled": True, "command": "move X",
         "check": numbers},
        {"label": "Check 1: the face the table rolled", "enabled": True, "input": die,
         "check": numbers},
        {"label": "Move SHLD1", "enabled": True, "partial": "move SHLD1"}]}
    shown = check_prompt(prompt)
    assert is_check_prompt(prompt) and not is_check_prompt({"actions": prompt["actions"][2:]})
    assert shown.heading == "Maneuver check 1 of 2: TRNS1 against L1"
    assert shown.numbers == "Maneuverability 3 + the symbols rolled, against 2"
    assert shown.app_roll == "move X"
    assert [(f.text, f.kind, f.value) for f in shown.faces] == [
        ("blank\n0 symbols", "partial", "move X die blank"),
        ("one\n1 symbol", "partial", "move X die one")]
    failed = {"kind": "check", "title": "Maneuver check against GNSS",
              "lines": ["The table rolled blank.", "1 + 0 symbols = 1 is not above 1 (GNSS)",
                        "Failed"],
              "data": {"face": "blank", "passed": False, "verdict": "Failed",
                       "arithmetic": "1 + 0 symbols = 1 is not above 1 (GNSS)",
                       "faces": [{"face": "blank", "symbols": 0}]}}
    line, = check_lines([{"kind": "reveal", "lines": []}, failed])
    assert (line.verdict, line.rolled, line.symbols) == ("Failed", "The table rolled blank", 0)
    assert line.arithmetic == "1 + 0 symbols = 1 is not above 1 (GNSS)"


def test_an_explosion_names_the_trap_its_owner_and_the_ship_lost() -> None:
    from companion.ui.presenters.explosion import explosions
    from tests.exploration.flight_setup import round_two, to_flight

    match: Match = to_flight(round_two(b_builds=("trap",)))
    for line in ("drop SHLD1 trap 1", "next"):
        assert match.execute(line).ok
    moments = [m.to_dict() for m in match.execute("move TRNS1 2 credit past T1").moments]
    shown, = explosions(moments)
    assert shown.heading == "Trap T1 explodes!"
    assert shown.trap.startswith("Baikonur's trap (count 1)")
    assert shown.did == "TRNS1 (Xichang) is destroyed with its modules."
    view = {"seats": []}
    assert cue_for(True, "step", view, view, moments) == "explosion"
    assert cue_for(True, "step", view, view, [{"kind": "check", "data": {
        "passed": False}}]) == "failed"
    assert explosions([]) == ()


def test_seat_counts_read_as_a_player_says_them_one_planet_two_relics() -> None:
    from companion.games.ti4.tableview import seat_counters

    def said(seat: dict) -> str:
        shown = _seat(seat["seat"])
        shown["counters"] = [c.to_dict() for c in seat_counters(seat)]
        return dashboard("TI4", _table(shown)).seats[0].counters

    alice = {"seat": "Alice", "planets": [{"resources": 1, "influence": 2}], "fragments": [],
             "relics": ["The Obsidian", "Dominus Orb"]}
    bob = {"seat": "Bob", "planets": [], "fragments": [{"id": "C1"}], "relics": []}
    assert said(alice) == ("1 planet · 1 resource · 2 influence · 0 relic fragments · "
                           "2 relics · 0 commodities · 0 trade goods")
    assert said(bob) == ("0 planets · 0 resources · 0 influence · 1 relic fragment · 0 relics"
                         " · 0 commodities · 0 trade goods")
    ana = dashboard("Exploration", _table(_seat("Ana", detail=["1 hidden mission"]))).seats[0]
    assert ana.detail == "1 hidden mission"


def test_a_reveal_names_the_seat_a_card_goes_to_and_no_seat_for_a_row(tmp_path) -> None:
    from companion.session import open_session
    from companion.ui.presenters.reveal import card_moments, reveal_view

    def shown(result):
        return card_moments([m.to_dict() for m in result.moments])

    session = open_session(tmp_path / "games.db", "xp", new=True, seed=2047)
    for line in ("length 8", "join Xichang Ana", "join Baikonur Ben", "for Xichang"):
        assert session.run(line).ok, line
    development = session.run("scan XP/D17")
    card = reveal_view(shown(development), 0, "", {})
    assert card.heading == "Development card for Xichang"
    assert card.counter == "Drawn at the table"  # what happened, not the journal's step number
    # Funding gives its credits only once played, not when drawn (rulebook p. 8).
    assert card.summary == ("Kept in your player area until you play it in a Preparation "
                            "phase; when played: Gain 12 credits.")
    mission = reveal_view(shown(session.run("scan XP/P06")), 0, "", {})
    assert mission.hidden and mission.seat == "Xichang" and mission.code == ""
    assert mission.heading == "A primary card for Xichang"
    for line in ("scan XP/P04", "scan XP/S07", "scan XP/S26", "scan XP/S20",
                 "for Baikonur", "scan XP/P01", "scan XP/P13", "scan XP/S04", "scan XP/S15",
                 "scan XP/S18"):
        assert session.run(line).ok, line
    row = session.run("scan XP/M01")  # into the maneuver row, nobody's
    card = reveal_view(shown(row), 0, "", {})
    assert card.heading == "Maneuver card" and card.name == session.match.catalog.card("M01").name
    session.close()


def test_a_hazards_whole_decision_is_offered_on_its_reveal_but_not_the_tables_other_moves(
        ) -> None:
    from companion.ui.presenters.reveal import reveal_view

    card = {"kind": "reveal", "title": "Hazard card", "lines": ["Mars restriction"],
            "choices": [], "data": {"card": "H12", "name": "Mars restriction",
                                    "summary": "Put a restriction token on a chosen Mars space."}}
    closes = [{"label": f"Apply Mars restriction: close mars{n}", "group": "Hazard",
               "enabled": True, "command": f"resolve mars{n}"} for n in range(1, 5)]
    ignore = {"label": "Ignore Mars restriction", "group": "Hazard",
              "enabled": True, "command": "ignore"}
    view = reveal_view([card], 0, "", {"actions": [*closes, ignore]})
    assert [c.value for c in view.choices] == [
        "resolve mars1", "resolve mars2", "resolve mars3", "resolve mars4", "ignore"]
    # Four commands across two groups are the table carrying on: none is the card's.
    others = [{**closes[0], "group": "Flight"}, {**closes[1], "group": "Turn"}, *closes[2:]]
    assert reveal_view([card], 0, "", {"actions": others}).choices == ()
    # The card's own choices (the moment's) come first, as the prompt offers them (cost).
    own = {**card, "choices": [{"label": "Ignore Mars restriction", "command": "ignore"},
                               {"label": "Apply it", "command": "resolve mars9"}]}
    priced = {**ignore, "group": "Turn", "cost": "2 command points"}
    shown = reveal_view([own], 0, "", {"actions": [*others, priced]}).choices
    assert [(c.value, c.cost) for c in shown] == [("ignore", "2 command points")]

"""Turns and rounds (companion/games/ti4/rounds.py): end of turn, pass, the status phase
and the next round, so a table keeps exploring past round 1."""

from __future__ import annotations

from companion.core.catalog import Catalog
from companion.core.engine import Match
from companion.core.prompt import Action, prompt
from companion.games.ti4.state import TI4State
from tests.ti4.conftest import new_match, ok, refused

THREE = ("player Alice red", "player Bob blue", "player Carol green", "setup")


def labels(m: Match[TI4State]) -> dict[str, Action]:
    return {c.label: c for c in prompt(m).actions}


def main_label(m: Match[TI4State]) -> str | None:
    mains = [c.label for c in prompt(m).actions if c.main]
    assert len(mains) <= 1, mains
    return mains[0] if mains else None


def test_turns_go_round_skipping_seats_that_passed(catalog: Catalog) -> None:
    m = new_match(catalog, *THREE)
    assert main_label(m) == "End Alice's turn"
    assert ok(m, "end").message == "Alice's turn ends; Bob is active."
    assert ok(m, "pass").message == "Bob passes; Carol is active."
    ok(m, "end")
    assert m.state.table.active == "Alice"  # Bob passed: skipped
    ok(m, "end")
    assert m.state.table.active == "Carol"
    ok(m, "pass")
    assert m.state.table.active == "Alice" and m.state.passed == ("Bob", "Carol")
    # Everyone else has passed: Alice takes another turn, and another.
    assert "Alice takes another turn" in ok(m, "end").message
    assert m.state.table.active == "Alice" and m.state.table.phase == "action"


def test_a_seat_passes_once_and_the_round_waits_for_every_pass(catalog: Catalog) -> None:
    m = new_match(catalog, *THREE)
    ok(m, "pass", "turn Alice")
    assert refused(m, "pass") == "Alice has already passed this round."
    assert refused(m, "round").startswith("Round 1's action phase goes on until every player "
                                          "has passed; still to pass: Bob, Carol.")


def test_everyone_passed_the_status_phase_then_round_2(catalog: Catalog) -> None:
    m = new_match(catalog, *THREE)
    ok(m, "pass", "pass")
    last = ok(m, "pass")
    assert "Everyone has passed: the action phase of round 1 ends" in last.message
    t = m.state.table
    assert (t.round, t.phase, t.active) == (1, "status", None)
    p = prompt(m)
    assert p.waiting_for == ("Status phase: ready all planets, technologies, relics and agents, "
                             "then start round 2.")
    assert main_label(m) == "Start round 2"
    assert "End Alice's turn" not in labels(m) and "Take planets for Alice" not in labels(m)
    assert refused(m, "turn Bob").startswith("It is the status phase")
    assert refused(m, "end").startswith("It is the status phase")
    assert ok(m, "round").message == "Round 2, action phase; Alice is active."
    t = m.state.table
    assert (t.round, t.phase, t.active) == (2, "action", "Alice") and m.state.passed == ()
    assert main_label(m) == "End Alice's turn"
    assert m.replay_from_start() == m.state


def test_the_next_round_in_another_turn_order(catalog: Catalog) -> None:
    m = new_match(catalog, *THREE)
    ok(m, "pass", "pass", "pass")
    other = labels(m)["Start round 2 in another turn order"]
    spec = other.input
    assert spec.kind == "order" and spec.min == spec.max == 3
    ok(m, spec.fill("Carol", "Alice", "Bob"))
    assert m.state.table.active == "Carol" and m.state.turn_order == ("Carol", "Alice", "Bob")
    ok(m, "end")
    assert m.state.table.active == "Alice"
    ok(m, "pass", "pass", "pass")
    ok(m, "round")  # the last round's order is kept
    assert m.state.table.active == "Carol"
    assert "Name every seat once" in refused(_status(catalog), "round Bob Bob Alice")


def _status(catalog: Catalog) -> Match[TI4State]:
    m = new_match(catalog, *THREE)
    ok(m, "pass", "pass", "pass")
    return m


def test_no_turn_ends_while_a_card_is_owed(catalog: Catalog) -> None:
    m = new_match(catalog, *THREE)
    ok(m, "take Loki")
    assert "its card is drawn and resolved before the turn ends" in refused(m, "end")
    assert "before Alice passes" in refused(m, "pass")
    assert main_label(m) != "End Alice's turn"
    ok(m, "draw cultural")
    assert "resolved before the turn ends" in refused(m, "end")
    ok(m, "resolve", "end")
    assert m.state.table.active == "Bob"


def test_the_card_owed_is_picked_from_the_moments_main_action(catalog: Catalog) -> None:
    """While a card is owed the table's pick is the main action (a screen's fixed bar: a
    list to open, never the app's own draw where "End turn" sat: try 11, 16); the turn's
    end is main again once it is resolved."""
    m = new_match(catalog, *THREE)
    ok(m, "take Loki")
    assert main_label(m) == "Pick the card drawn at the table: Cultural exploration deck"
    ok(m, "draw cultural", "resolve")
    assert main_label(m) == "End Alice's turn"
    ok(m, "take Abyz Fria", "scan TI/H14", "resolve", "scan TI/H15", "resolve")
    ok(m, "take Rigel I", "scan TI/H16", "resolve", "relic Alice")
    assert main_label(m) == "Pick the card drawn at the table: Relic deck"


def test_the_crown_of_emphidia_is_offered_at_the_status_phase(catalog: Catalog) -> None:
    m = new_match(catalog, *THREE)
    ok(m, "take Loki", "scan TI/C11", "resolve")  # Tomb of Emphidia attached to Loki
    ok(m, "take Abyz Fria", "scan TI/H14", "resolve", "scan TI/H15", "resolve")
    ok(m, "take Rigel I", "scan TI/H16", "resolve", "relic Alice", "scan TI/R07")
    assert "Alice purges The Crown of Emphidia for 1 victory point" not in labels(m)
    ok(m, "pass", "pass")
    assert "Alice may purge The Crown of Emphidia for 1 victory point: Alice controls " \
           "Loki." in ok(m, "pass").message
    crown = labels(m)["Alice purges The Crown of Emphidia for 1 victory point"]
    ok(m, crown.command)
    assert m.state.table.zone_of("R07") == "purged"
    assert "Alice purges The Crown of Emphidia for 1 victory point" not in labels(m)


def test_old_states_without_rounds_read_as_the_seats_order(catalog: Catalog) -> None:
    m = new_match(catalog, *THREE)
    raw = m.state.to_dict()
    del raw["passed"], raw["order"]
    old = TI4State.from_dict(raw)
    assert old.passed == () and old.turn_order == ("Alice", "Bob", "Carol")


def test_the_crown_of_emphidia_is_exhausted_once_used_until_the_status_phase(
        catalog: Catalog) -> None:
    """Try 10, finding 40: the Crown ("exhaust after a tactical action") was offered again
    right after it was used. Used, it is exhausted: its offer greyed with the reason, the
    Relics panel says so, and the status phase readies it (undo puts it back exhausted)."""
    from companion.games.ti4.tableview import table_view

    m = new_match(catalog, *THREE)
    ok(m, "take Loki", "scan TI/C10", "resolve")
    ok(m, "take Abyz Fria", "scan TI/H14", "resolve", "scan TI/H15", "resolve")
    ok(m, "take Rigel I", "scan TI/H16", "resolve", "relic Alice", "scan TI/R07")
    loki = next(c.card_id for c in catalog.cards.values() if c.name == "Loki")
    crown = "With The Crown of Emphidia"

    def offer() -> Action:
        return {a.label: a for a in prompt(m, after=f"explore-again {loki}").actions}[crown]

    def relics_line() -> str:
        panel = next(p for p in table_view(m.state, catalog).panels if p.id == "relics")
        return next(r for r in panel.rows if r.seat == "Alice").detail[0]

    assert offer().enabled
    assert "exhausted" in ok(m, offer().command).message
    ok(m, "scan TI/C12", "resolve")
    assert not offer().enabled
    assert offer().reason == "The Crown of Emphidia is exhausted: the status phase readies it."
    assert relics_line() == "Relics: The Crown of Emphidia (R07) (exhausted until the " \
                            "status phase)"
    refused(m, f"explore-again {loki} with crown")
    ok(m, "pass", "pass")
    assert "The status phase readies The Crown of Emphidia (R07)." in ok(m, "pass").message
    assert relics_line() == "Relics: The Crown of Emphidia (R07)"
    ok(m, "round")
    assert offer().enabled
    ok(m, "undo", "undo")
    assert m.state.exhausted == ("R07",) and not offer().enabled
    ok(m, "redo")
    assert m.state.exhausted == ()

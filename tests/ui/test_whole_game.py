"""A whole 2-seat, 8-round Exploration game played through the screens only: the new-game
form, the command bar for what the table typed, reveals acknowledged by touch, an undo
and redo, and the final scoreboard."""

from __future__ import annotations

from companion.ui.gallery import script_lines, seat_players


def test_a_whole_exploration_game_reaches_the_final_scoreboard(make_driver) -> None:
    driver = make_driver(seed=2047)
    driver.tap("New game")
    seat_players(driver, {"Xichang": "Ana", "Baikonur": "Ben"})
    driver.tap("Start the game")
    reveals = 0
    for number, line in enumerate(script_lines()):
        driver.type_command(line)
        assert not driver.app.message_refused, (line, driver.app.message)
        if driver.screen.name == "reveal":
            reveals += 1
            assert driver.shown("Step ")
        if number == 40:  # a mistake taken back and brought again, by touch
            steps = driver.app.table.steps
            driver.tap("Continue") if driver.screen.name == "reveal" else None
            driver.tap(driver.app.screen("dashboard").ids.command)  # still typeable
            driver.tap("Undo", exact=True)
            assert driver.shown("Undid step")
            driver.tap("Redo", exact=True)
            assert driver.shown("Redid step") and driver.app.table.steps == steps + 2
    assert reveals >= 10
    driver.settle()
    assert driver.app.game_over
    assert driver.screen.name in ("final", "reveal")
    if driver.screen.name == "reveal":
        driver.tap("Continue")
        driver.tap("Final scores")
    assert driver.screen.name == "final"
    seats = {s["player"]: s["score"] for s in driver.app.table.view["seats"]}
    best = max(seats.values())
    winners = [p for p, score in seats.items() if score == best]
    assert driver.shown(f"{winners[0]} wins with {best} points.") or len(winners) > 1
    for player, score in seats.items():
        assert driver.shown(f"{score} points")
        assert driver.shown(player)

"""A whole 2-seat, 8-round Exploration game played through the screens only, by touch on
the prompt's buttons: the new-game form, every card the table owes read by the scanner
from the demo camera (which shows the card the seeded deck deals), reveals acknowledged,
a hazard card met on a hazard space and applied on its reveal, an outer-space tile drawn
by a ship flying off the map, an undo and a redo, maneuver checks on the check screen
(one face tapped, one roll by the app), a trap dropped and going off on the explosion
screen, the final scoreboard."""

from __future__ import annotations

import re

from companion.ui.devtools.gallery import seat_players
from companion.ui.widgets import BigButton
from tests.ui.table_player import TablePlayer

#: Buttons of the actions panel that are not the prompt's actions.
NOT_ACTIONS = ("< Back", "Not possible now", "Hide what is not possible now")
MAX_TAPS = 400


def action_texts(driver) -> list[str]:
    offered = driver.app.screen("dashboard").ids.actions.offered()
    return [text for text in offered if not text.startswith(NOT_ACTIONS)]


class Table:
    """What the test saw on the way, to assert at the end."""

    def __init__(self, driver) -> None:
        self.driver = driver
        self.player = TablePlayer()
        self.trail: list[str] = []
        self.reveals = 0
        self.checks: list[str] = []
        self.explosions: list[str] = []
        self.undone = False
        self.scanned = 0
        self.cards: list[str] = []  # "Hazard card for TRNS1 (Ana): Lost cargo" (as headed)
        self.resolved: list[str] = []

    def step(self) -> None:
        screen = self.driver.screen.name
        if screen == "reveal":
            self.reveal()
        elif screen == "check":
            self.check()
        elif screen == "explosion":
            self.explosion()
        elif screen == "form":
            self.move()
        else:
            assert screen == "dashboard", screen
            self.tap_an_action()

    def reveal(self) -> None:
        """Read the card; one that asks for a decision is applied on the reveal itself."""
        driver, screen = self.driver, self.driver.screen
        assert screen.counter.startswith(("Drawn by the app", "Drawn at the table", "Chosen")), \
            screen.counter
        self.reveals += 1
        self.cards.append(f"{screen.heading}: {screen.name_text}")
        choices = [w for w in reversed(screen.ids.choices.children) if isinstance(w, BigButton)]
        apply = next((w for w in choices if w.text.startswith("Apply ")), None)
        if apply is None:
            driver.tap(screen.ids["continue"])
            return
        driver.tap(apply)
        assert driver.screen.name == "dashboard" and not driver.app.message_refused
        self.resolved.append(driver.app.message)

    def check(self) -> None:
        driver = self.driver
        assert driver.shown("Maneuver check") and driver.shown("Maneuverability ")
        if not self.checks:
            driver.tap("two\n2 symbols", exact=True)  # the table's own die showed two
        else:
            driver.tap("App rolls the die")
            while driver.screen.mode == "choose" and driver.shown("App rolls the die"):
                driver.tap("App rolls the die")  # the move's next check asks too (try 21)
            if driver.screen.mode == "rolling":
                driver.tap("Skip")
        verdict = "Passed" if driver.shown("Passed") else "Failed"
        assert driver.shown(verdict) and driver.shown(" symbol")
        self.checks.append(verdict)
        self.trail = []
        driver.tap("Continue")

    def move(self) -> None:
        """A move on its form: what the player picks, then the form's one send button."""
        driver = self.driver
        seat = str(driver.app.table.prompt.get("seat") or "")
        driver.fill_form(*self.player.move(driver.screen.choices(), seat))
        assert driver.screen.name != "form", driver.screen.refusal

    def explosion(self) -> None:
        driver = self.driver
        assert driver.shown("explodes!") and driver.shown("is destroyed with its modules.")
        self.explosions.append(next(t for t in driver.texts() if "explodes!" in t))
        driver.tap(driver.screen.ids["continue"])
        assert driver.screen.name == "dashboard"

    def tap_an_action(self) -> None:
        driver = self.driver
        table = driver.app.table
        if table.prompt.get("expects_scan"):
            self.card_from_the_camera()
            return
        texts = action_texts(driver)
        if not self.undone and self.trail == [] and table.view.get("round") == 2:
            self.undo_by_touch()
            return
        seat = str(table.prompt.get("seat") or "")
        pick = self.player.choose(texts, self.trail, seat, int(table.view.get("round", 0)))
        driver.tap(pick, exact=True)
        if driver.screen.name == "dashboard" and driver.app.message_refused:
            raise AssertionError(f"{pick!r} was refused: {driver.app.message}")
        partial_opened = pick.endswith("  >") and driver.screen.name == "dashboard" and \
            driver.app.screen("dashboard")._trail
        self.trail = [*self.trail, pick] if partial_opened else []

    def card_from_the_camera(self) -> None:
        """The table owes a card: the demo camera shows it, the scanner reads it."""
        driver, steps = self.driver, self.driver.app.table.steps
        strip = driver.app.screen("dashboard").ids.scanstrip
        driver.wait_for(lambda: driver.app.table.steps > steps or driver.app.message_refused,
                        f"the demo camera's card to be read (card {self.scanned + 1}; "
                        f"the scan strip says {strip.status!r}: {strip.detail!r})")
        driver.settle()
        assert not driver.app.message_refused, driver.app.message
        assert strip.last_scan.startswith("Read ") and "XP/" not in strip.last_scan, \
            strip.last_scan
        self.scanned += 1

    def undo_by_touch(self) -> None:
        """Round 2 begins with a mistake taken back: undo from the top bar, then redo."""
        driver = self.driver
        steps = driver.app.table.steps
        driver.tap("Undo", exact=True)
        assert driver.shown("Undid: ") and driver.app.table.view.get("round") == 1
        driver.tap("Redo", exact=True)
        assert driver.shown("Redid: ") and driver.app.table.steps == steps + 2
        self.undone = True


def test_a_whole_exploration_game_by_touch_reaches_the_final_scoreboard(make_driver,
                                                                       monkeypatch) -> None:
    from companion.ui import app

    monkeypatch.setattr(app, "DEMO_CARD_DELAY", 0.05)  # a hand lays the next card at once
    driver = make_driver(seed=2047, demo=True, scanner=True)
    driver.tap("New game")
    seat_players(driver, {"Xichang": "Ana", "Baikonur": "Ben"})
    driver.tap("Start the game")
    table = Table(driver)
    for _ in range(MAX_TAPS):
        if driver.app.game_over and driver.screen.name in ("final", "reveal"):
            break
        table.step()
    assert driver.app.game_over
    assert table.undone and table.reveals >= 10 and table.scanned >= 16
    assert len(table.checks) == 2 and table.explosions == ["Trap T1 explodes!"]
    # Both kinds of card a move draws came through the camera and were shown.
    assert [c for c in table.cards if re.match(r"Hazard card for \w+ \((Ana|Ben)\): ", c)], \
        table.cards
    assert [c for c in table.cards
            if re.match(r"Outer Space tile for \w+ \((Ana|Ben)\): Outer Space tile", c)], \
        table.cards
    # One hazard card applied on its reveal, and the tile's default applied on its own.
    hazards = [m for m in table.resolved if " resolved for " in m]
    tiles = [m for m in table.resolved if ", the companion's default: " in m]
    assert len(hazards) == 1 and len(tiles) == 1 and len(table.resolved) == 2, table.resolved
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

"""No scroll for the moment's first choices (issue 22): a 3-player Exploration game played
by touch from the start screen through setup (the app's draws, the draft at the table),
round 1 and round 2, looking before every tap at what a finger reaches at 800x480 without
a scroll: the fixed bar's main action always; in every level of a walk (a move's spaces,
where it ends, what it passed; a build; the draft's ship types) and on every other screen
(a move's form, reveals, checks) and at the dashboard's top level the first 6 enabled
choices (its prompt's sentence folded to 2 lines and the last result to 1 above them, the
choices two to a row where their labels fit, no group titles: docs/perf.md). Everywhere
but the dashboard's top level, also as a player counts them (issue 22): the first 6
*enabled* choices, each shown whole (`AppDriver.enabled_out_of_reach`); at the top level
all looks but one hold that too (`TOP_LEVEL_SHORT`; docs/perf.md, "Six enabled choices"
and "The decided layout"). The same walk at Large text, where the seats' column folds and
the last result stands under it, holds the same."""

from __future__ import annotations

from kivy.core.window import Window

from companion.ui.devtools.gallery import seat_players
from tests.ui.table_player import TablePlayer
from tests.ui.test_whole_game import action_texts

SEATS = {"Xichang": "Ana", "Baikonur": "Ben", "Kourou": "Cleo"}
#: The dashboard's top level: how many of its first choices a finger reaches unscrolled
#: (issue 22's 6; on the layout before 27 Nov, with the whole prompt's line, the whole last
#: result and group titles above one button a row, a finger reached 1 to 5 of them).
TOP_LEVEL = 6
#: Top-level looks of this walk whose 6th enabled choice is not whole, and by how much at
#: most: one is left (round 2's preparation turn of Xichang, "Use Field assembly (M02):
#: ..." 39 px short, 28 at Large text: two greyed places kept in their places and a lone
#: "Build a module" row above it; docs/perf.md, "The decided layout"). On the layout
#: before 28 Nov: 24 of 64 looks, up to 80 px.
TOP_LEVEL_SHORT, TOP_LEVEL_SHORT_PX = 1, 40
MAX_TAPS = 300


def unreached(driver) -> list[str]:
    """What the rule above says a finger must reach now and cannot, on this screen."""
    dashboard = driver.screen.name == "dashboard"
    top = dashboard and not driver.app.screen("dashboard")._trail
    missed = driver.out_of_reach(TOP_LEVEL if top else 6)
    if not top:  # and counted as a player does: 6 enabled choices, each whole
        missed += [f"{text} ({px:.0f} px out of view)"
                   for text, px in driver.enabled_out_of_reach(6)]
    main = driver.app.screen("dashboard").ids.main
    if dashboard and main.text and not driver.in_reach(main):  # laid out by out_of_reach
        missed.append(main.text)
    return missed


def short_at_top(driver) -> list[tuple[str, float]]:
    """At the dashboard's top level, its first 6 enabled choices not shown whole (the
    pixels of each out of view), as a player counts them (issue 22)."""
    if driver.screen.name != "dashboard" or driver.app.screen("dashboard")._trail:
        return []
    return driver.enabled_out_of_reach(TOP_LEVEL)


def _step(driver, player: TablePlayer, trail: list[str]) -> list[str]:
    screen = driver.screen
    if screen.name in ("reveal", "explosion"):
        driver.tap(screen.ids["continue"], scroll=False)
        return []
    if screen.name == "check":
        driver.tap("two\n2 symbols", exact=True, scroll=False)
        driver.tap("Continue", scroll=False)
        return []
    table = driver.app.table
    seat = str(table.prompt.get("seat") or "")
    if screen.name == "form":  # a move on one screen: its picks, then its send button
        driver.fill_form(*player.move(screen.choices(), seat), scroll=False)
        assert driver.screen.name != "form", screen.refusal
        return []
    pick = player.choose(action_texts(driver), trail, seat, int(table.view.get("round", 0)))
    driver.tap(pick, exact=True)  # (a later choice than the rule covers may need a scroll)
    assert not driver.app.message_refused, driver.app.message
    opened = pick.endswith("  >") and driver.screen.name == "dashboard" and \
        driver.app.screen("dashboard")._trail
    return [*trail, pick] if opened else []


def test_a_three_player_game_by_touch_never_needs_a_scroll_for_its_first_choices(
        make_driver) -> None:
    from companion.ui.settings import AppSettings

    _walk_the_game(make_driver, AppSettings())  # a touch-only table: no command bar


def test_at_large_text_too_the_first_choices_need_no_scroll(make_driver) -> None:
    """The same game at Large text, where the seats' column folds to names and scores and
    the last result stands under them (companion/ui/folding.py): the top level holds the
    rule as at Normal, the same one look left (on `e38507b`, before the result moved and
    the sentence took the choices' size: 19 looks short, up to 91 px)."""
    from companion.ui.settings import TEXT_SIZES, AppSettings

    _walk_the_game(make_driver, AppSettings(text_scale=TEXT_SIZES[-1]))


def _walk_the_game(make_driver, settings) -> None:
    assert (Window.width, Window.height) == (800, 480)
    driver = make_driver(seed=2047, settings=settings)
    driver.tap("New game", scroll=False)
    seat_players(driver, SEATS)
    driver.tap("Start the game")  # the form's own button (its scrolling is another test's)
    player, trail, levels = TablePlayer(trap_owner="Baikonur", pilot="Xichang"), [], 0
    shorts: list[tuple[list[str], list[tuple[str, float]]]] = []
    side = driver.app.screen("dashboard").ids.side_scroll
    for _ in range(MAX_TAPS):
        if int(driver.app.table.view.get("round") or 0) > 2:
            break
        # New choices open at the list's top; a list a finger scrolled keeps its place
        # until they change (not a first look: not checked).
        if driver.screen.name != "dashboard" or side.scroll_y > 0.999:
            missed = unreached(driver)
            assert not missed, (f"{missed} need a scroll on the {driver.screen.name} screen "
                                f"(after {trail}; shown: {driver.texts()})")
            if short := short_at_top(driver):
                shorts.append((driver.texts()[:4], short))
            levels += 1
        trail = _step(driver, player, trail)
    assert int(driver.app.table.view.get("round") or 0) > 2 and levels > 60
    assert len(shorts) <= TOP_LEVEL_SHORT, shorts
    assert all(px <= TOP_LEVEL_SHORT_PX for _look, short in shorts for _t, px in short), shorts
    assert player.checks >= 1  # a move with a check was among them

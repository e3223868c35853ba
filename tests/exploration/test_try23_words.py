"""Try 23: after a pack's last pick the table showed the same button, only "pack 1" turned
"pack 2", and the player who picked last thought the tap was lost: the headline says the
new pack and who starts it."""

from __future__ import annotations

from companion.core.prompt import prompt
from tests.exploration.helpers import legal_pick, run
from tests.exploration.test_touch_try7 import _drafting_with_a_module_owed


def test_the_headline_says_who_starts_a_new_pack() -> None:
    match = _drafting_with_a_module_owed()
    assert prompt(match).waiting_for.startswith("Xichang picks a ship from pack 1;")
    run(match, f"pick {legal_pick(match)}")
    assert prompt(match).waiting_for.startswith("Wostochny picks a ship from pack 1;")
    run(match, f"pick {legal_pick(match)}")
    # the second pack starts from the last player (rulebook, spaceship fleet selection)
    assert prompt(match).waiting_for.startswith("Pack 2: Wostochny picks first;")
    run(match, f"pick {legal_pick(match)}")
    assert prompt(match).waiting_for.startswith("Xichang picks a ship from pack 2;")


def test_whose_turn_names_the_player_too() -> None:
    """Try 25, finding 6: "Xichang to play" in the header while the pass-the-screen pages
    say "Pass to Mia"; players call each other by name."""
    from companion.api import table_view
    from tests.exploration.helpers import started_match

    match = started_match()
    player = match.state.table.players["Xichang"]
    assert player and player != "Xichang"
    assert table_view(match).turn == f"Xichang ({player}) to play"

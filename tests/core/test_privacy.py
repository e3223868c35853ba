from companion.core.events import Step, event
from companion.core.privacy import public_command, public_step


def _step(*events, command="scan XP/P03"):
    return Step(4, "do", command, "Kourou's mission recorded (hidden).", tuple(events))


def test_a_card_going_into_a_hand_is_never_named():
    step = _step(event("card_moved", card="P03", **{"from": "deck:primary"}, to="hand:Kourou"))
    shown = public_step(step)
    assert shown.command == "scan (a hidden card)"
    assert shown.events[0]["card"] == "hidden" and shown.events[0]["to"] == "hand:Kourou"
    assert "P03" not in repr(shown)


def test_a_revealed_mission_and_public_moves_are_shown():
    reveal = _step(event("card_moved", card="P03", **{"from": "hand:Kourou"}, to="area:Kourou"),
                   command="complete P03")
    assert public_step(reveal) == reveal
    public = _step(event("card_moved", card="H01", **{"from": "deck:hazard"}, to="area:Baikonur"),
                   command="scan XP/H01")
    assert public_command(public) == "scan XP/H01"


def test_a_shuffled_order_is_never_shown():
    step = _step(event("deck_shuffled", deck="primary", order=["P01", "P02", "P03"]),
                 command="draw primary")
    assert public_step(step).events[0].data == {"deck": "primary", "cards": 3}

"""The form screen's words and choices, without a window: a choice takes one option, a
toggle flips, never past its field's most, and the send button says what will be sent."""

from __future__ import annotations

from companion.core.forms import FormField, FormOption
from companion.ui.presenters import form
from companion.ui.presenters.actions import actions_view


def _item():
    spec = {"kind": "form", "template": "go {to} {past}", "fields": [
        FormField("to", "Ends on", "choice", (FormOption("a", "space A"),
                                              FormOption("b", "space B"))).to_dict(),
        FormField("past", "Passes", "toggles",
                  (FormOption("x", "X", "a check", "partial"), FormOption("y", "Y"),
                   FormOption("z", "Z")), min=0, max=2, each="past {}").to_dict()]}
    prompt = {"actions": [{"label": "Go", "group": "", "enabled": True, "reason": None,
                           "partial": "go", "input": spec}]}
    return actions_view(prompt).groups[0].items[0]


def test_a_form_item_is_asked_on_its_screen_even_beside_its_partial() -> None:
    item = _item()
    assert item.kind == "input" and item.input_kind == "form"
    assert [f.name for f in item.fields] == ["to", "past"]


def test_choices_toggles_and_the_send_button() -> None:
    item = _item()
    chosen = form.initial(item)
    assert form.submit_text(item, chosen) == "Choose ends on first"
    chosen = form.tap(item, chosen, "to", "a")
    chosen = form.tap(item, chosen, "to", "b")  # a choice keeps the last one tapped
    assert form.line(item, chosen) == "go b"
    assert form.submit_text(item, chosen) == "Go: ends on space B"
    for value in ("y", "x", "z"):  # the third is past the field's most: nothing changes
        chosen = form.tap(item, chosen, "past", value)
    assert chosen["past"] == ("y", "x")
    assert form.line(item, chosen) == "go b past y past x"  # in the order tapped
    assert form.leads_on(item, chosen)  # X is a check: what follows is asked next
    assert form.submit_text(item, chosen) == "Go: ends on space B, passes Y and X  >"
    chosen = form.tap(item, chosen, "past", "x")  # a second tap takes it back
    assert not form.leads_on(item, chosen) and form.line(item, chosen) == "go b past y"


def test_the_send_button_in_the_games_own_words() -> None:
    """A form whose input `sends` its button's words: each field's chosen labels put in."""
    from dataclasses import replace

    item = replace(_item(), sends="We go to {to}, past {past}")
    chosen = form.tap(item, form.tap(item, form.initial(item), "to", "b"), "past", "y")
    assert form.submit_text(item, chosen) == "We go to space B, past Y"
    chosen = form.tap(item, chosen, "past", "z")
    assert form.submit_text(item, chosen) == "We go to space B, past Y and Z"
    assert form.submit_text(item, form.initial(item)) == "Choose ends on first"

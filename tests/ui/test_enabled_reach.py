"""Issue 22's rule as a player counts it (`AppDriver.enabled_out_of_reach`): the first 6
*enabled* choices of a list show whole without a scroll; a greyed place among them does
not count as one, and a choice whose centre is in view but whose foot is cut needs a
scroll all the same. `out_of_reach` (the first 6 places, by their centres) misses both."""

from __future__ import annotations

from kivy.core.window import Window
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout

from companion.ui.widgets import BigButton
from companion.ui.widgets.touch import TableScroll


def test_the_sixth_enabled_choice_cut_at_the_lists_foot_is_named_with_its_pixels(
        make_driver) -> None:
    driver = make_driver()
    scroll = TableScroll(do_scroll_x=False, size_hint=(None, None),
                         size=(dp(300), dp(52) * 5.6), pos=(0, 0))
    rows = BoxLayout(orientation="vertical", size_hint_y=None, height=dp(52) * 8)
    greyed = [BigButton(text=f"Greyed {i}", disabled=True) for i in (1, 2)]
    enabled = [BigButton(text=f"Choice {i}") for i in range(1, 7)]
    for button in (*greyed, *enabled):
        button.size_hint_y, button.height = None, dp(52)
        rows.add_widget(button)
    scroll.add_widget(rows)
    Window.add_widget(scroll)
    try:
        driver.pump(3)
        missed = dict(driver.enabled_out_of_reach(root=scroll))
        # 5.6 rows show: Choice 3, the 5th place, whole; Choice 4, the 6th place, with its
        # centre in view (the places' rule is kept) and its foot cut; Choices 5 and 6 below.
        assert list(missed) == ["Choice 4", "Choice 5", "Choice 6"]
        assert abs(missed["Choice 4"] - dp(52) * 0.4) < 1.5
        assert abs(missed["Choice 6"] - dp(52) * 2.4) < 1.5
        scroll.height = dp(52) * 8  # every choice whole: nothing needs a scroll
        driver.pump(3)
        assert driver.enabled_out_of_reach(root=scroll) == []
        scroll.height = dp(52) * 7.5  # the 6th enabled choice's foot cut by half a row
        driver.pump(3)
        assert [t for t, _px in driver.enabled_out_of_reach(root=scroll)] == ["Choice 6"]
        assert driver.enabled_out_of_reach(5, root=scroll) == []
    finally:
        Window.remove_widget(scroll)

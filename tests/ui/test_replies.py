"""The frame after a tap waits a moment for the tap's reply (companion/ui/replies.py): the
first frame a player sees after a quick command is its result, not the lit button and
then the result a frame later; a slow reply never holds a frame longer than `wait`."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from kivy.core.window import Window

from companion.ui.replies import Replies
from tests.ui.test_taps import preparation_dashboard


class Owed:
    """The runner's count of replies owed, as the app reads it."""

    def __init__(self, count: int = 0) -> None:
        self.count = count

    def __call__(self) -> int:
        return self.count


def test_a_reply_handed_over_while_the_frame_waits_runs_before_that_frame(kivy_window) -> None:
    owed = Owed(1)
    replies = Replies(owed, wait=60.0)  # generous: a loaded machine's runner is slow
    ran: list[str] = []

    def runner_thread() -> None:
        time.sleep(0.02)  # the reply comes while the frame waits
        replies.deliver(lambda: ran.append("reply"))

    thread = threading.Thread(target=runner_thread)
    thread.start()
    replies._before_frame()
    thread.join()
    assert ran == ["reply"]
    replies.run_ready()  # the Clock's turn comes later: the reply is not run twice
    assert ran == ["reply"]


def test_replies_run_in_the_order_they_were_handed_over(kivy_window) -> None:
    replies = Replies(Owed(2), wait=60.0)
    ran: list[int] = []
    replies.deliver(lambda: ran.append(1))
    replies.deliver(lambda: ran.append(2))
    replies._before_frame()
    assert ran == [1, 2]


def test_a_frame_waits_for_nothing_when_no_reply_is_owed(kivy_window) -> None:
    replies = Replies(Owed(0), wait=60.0)

    def never(_timeout: float) -> bool:
        raise AssertionError("the frame waited although no reply was owed")

    replies._handed.wait = never  # type: ignore[method-assign]
    replies._before_frame()


def test_a_slow_reply_leaves_the_frame_to_be_drawn_without_it(kivy_window) -> None:
    owed = Owed(1)
    replies = Replies(owed, wait=0.0)
    ran: list[str] = []
    replies._before_frame()  # the frame is drawn: the tap's button shows it was taken
    replies.deliver(lambda: ran.append("late reply"))
    replies.run_ready()  # the Clock's next tick
    assert ran == ["late reply"]


def test_the_first_frame_after_a_quick_command_shows_its_result(make_driver,
                                                               tmp_path: Path) -> None:
    driver = preparation_dashboard(make_driver, tmp_path)
    driver.app.replies.wait = 60.0  # the runner answers long before (a loaded machine too)
    steps = len(driver.app.table.history)
    sent: list[bool] = []
    runner = driver.app.runner
    run = runner.run

    def sending(line, done) -> None:
        sent.append(True)
        run(line, done)

    runner.run = sending
    frames: list[tuple[bool, int]] = []  # (the command was sent, steps shown) per frame

    def flipped(*_args) -> None:
        frames.append((bool(sent), len(driver.app.table.history)))

    Window.bind(on_flip=flipped)
    try:
        driver.tap("Deploy Laser beam (LASR2)", settle=False)
        driver.wait_for(lambda: any(was_sent for was_sent, _ in frames),
                        "a frame after the command was sent")
    finally:
        Window.unbind(on_flip=flipped)
        runner.run = run
    first_after = next(shown for was_sent, shown in frames if was_sent)
    assert first_after == steps + 1, "the frame after the tap was drawn before its result"

"""Frames of a still view read one after another (still.SequenceReader): the rescues go
on across frames, still areas are averaged, and nothing is combined across a change."""

from __future__ import annotations

import math

import numpy as np
from hard_photos import DIM
from sequences import pi_reader, still_grays

from companion.scanner.finders import Box
from companion.scanner.still import SequenceReader


def tag_box(truth: object) -> Box:
    corners = np.array(truth.corners[0])  # type: ignore[attr-defined]
    (x, y), (x2, y2) = corners.min(0), corners.max(0)
    return int(x), int(y), int(x2 - x), int(y2 - y)


def test_a_still_cards_frames_are_all_averaged_despite_their_noise() -> None:
    frames, truth = still_grays(2000, **DIM)  # a tag none of these frames reads
    sequence = SequenceReader(pi_reader())
    places = sequence.read(frames[0]).pending
    assert places
    levels = [sequence.level(tag_box(truth))]
    for frame in frames[1:]:
        sequence.read(frame)
        levels.append(sequence.level(tag_box(truth)))
    # Fresh sensor noise in every frame never looks like a moved card: what was left
    # unread in the first frame is averaged over all of them, and nothing starts over.
    assert [sequence.level(box) for box in places] == [len(frames)] * len(places)
    assert levels == sorted(levels) and levels[-1] >= 5


def test_a_moved_card_starts_over_and_is_read_where_it_now_lies() -> None:
    frames, truth = still_grays(2006, **DIM)
    sequence = SequenceReader(pi_reader())
    for frame in frames[:4]:
        sequence.read(frame)
    box = tag_box(truth)
    assert sequence.level(box) >= 2
    shift = 12
    moved = [np.roll(f, shift, axis=1) for f in frames[4:]] * 3
    sequence.read(moved[0])
    # Nothing averaged over the card before and after it moved.
    assert sequence.level(box) == 1 and sequence.level((box[0] + shift, *box[1:])) == 1
    read = [c for f in moved[1:] for c in sequence.read(f).codes]
    assert {c.text for c in read} == set(truth.tags)  # type: ignore[attr-defined]
    centre = np.mean(truth.corners[0], 0) + np.array([shift, 0])  # type: ignore[attr-defined]
    assert all(math.dist(np.mean(c.corners, 0), centre) < 6 for c in read)


def test_a_card_laid_where_another_lay_is_read_as_itself() -> None:
    first, was = still_grays(2005, **DIM)
    second, now = still_grays(2006, **DIM)
    sequence = SequenceReader(pi_reader())
    before = {c.text for f in first * 2 for c in sequence.read(f).codes}
    after = {c.text for f in second * 2 for c in sequence.read(f).codes}
    assert before == set(was.tags)  # type: ignore[attr-defined]
    assert after == set(now.tags)  # type: ignore[attr-defined]

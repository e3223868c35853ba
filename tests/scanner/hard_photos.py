"""Hard table frames: every condition a real stand meets, drawn jointly, with the truth.

`photos.py` stresses one condition at a time; here every frame draws all of
them at once, independently, so a 3 px/module tag may also be blurred, tilted,
in a grey sleeve under a dim lamp and saved at JPEG quality 50:

- blur: Gaussian defocus (sigma 0.6 to 4 px at 1280x720, for the whole frame)
  and motion blur of a card still moving (per card);
- size and angle: 3 to 7 px per module, tilt up to 35 degrees, any rotation;
- light and surface: glare patches on glossy cards and sleeves, low contrast
  (grey sleeves), dim light, sensor noise, JPEG at quality 50 to 95,
  wood, felt and cloth tables;
- cards: one to three per frame; some tags printed light-on-dark (players'
  stickers on dark stock); some frames carry a foreign code, among them
  lower-case look-alikes such as `xp/sh01` that must never become a card.

`make_hard_photo(seed, **force)` is deterministic; `force` pins any frame-level
draw (e.g. `blur=1.6`) or card-level draw (`ppm=3.0`, `inverted=True`,
`look_alike=True`) for the seeded subset in the suite.

Run `python -m tests.scanner.hard_photos OUTDIR COUNT` to look at a sample.
"""

from __future__ import annotations

import json
import math
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from photos import FRAME_SIZE, QUIET, TI_IDS, XP_IDS, _card_face, _foreign_face, qr_modules

BACKGROUNDS = ("wood", "felt", "cloth")
LOOK_ALIKES = ("xp/sh01", "xp/ev07", "ti/r3", "Xp/TR3", "ti/c12")
FOREIGN_TEXTS = ("https://example.org/cards?id=17", "WIFI:S:guest;T:WPA;P:secret;;",
                 "XP-SH01", "hello table")
#: Everyday conditions for one card, so a frame stresses only what is forced on top.
MILD: dict[str, Any] = dict(cards=1, foreign=False, contrast=0.95, light=0.9, glare=0.0,
                            motion=0.3, tilt=10.0, jpeg=90, noise=0.01)
#: The card of the hold test: small, soft, in a grey sleeve under a dim lamp; the
#: ladder reads it in some frames and misses it in others (a flickering read).
HELD: dict[str, Any] = {**MILD, "ppm": 3.3, "blur": 1.65, "light": 0.45, "contrast": 0.6,
                        "tilt": 20.0, "jpeg": 80}

#: A small tag in a grey sleeve under a dim lamp, with a noisy sensor: one frame's noise
#: is what stops the read (the averaged frames of a still card read it).
DIM: dict[str, Any] = {**MILD, "ppm": 3.2, "blur": 1.0, "light": 0.3, "contrast": 0.45,
                       "noise": 0.03, "jpeg": 70}


@dataclass(frozen=True)
class CardDraw:
    """What shaped one card in the frame."""

    text: str
    kind: str  # "tag", "look-alike", "foreign" or "blank"
    ppm: float
    rotation: float
    tilt: float
    motion: float
    contrast: float
    glare: float
    inverted: bool


@dataclass
class HardTruth:
    """What a perfect reader finds: tags (with their corners and draws), foreign texts."""

    tags: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    corners: list[list[list[float]]] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)
    frame: dict[str, Any] = field(default_factory=dict)

    def tag_draws(self) -> list[dict[str, Any]]:
        return [c for c in self.cards if c["kind"] == "tag"]


def _frame_draws(rng: np.random.Generator, force: dict[str, Any]) -> dict[str, Any]:
    # Defocus: half the frames in focus, a quarter soft, a quarter far out of focus.
    band = rng.choice(3, p=[0.5, 0.25, 0.25])
    blur = [rng.uniform(0.6, 1.2), rng.uniform(1.2, 2.0), rng.uniform(2.0, 4.0)][band]
    dim = rng.uniform() < 0.3
    draws = {
        "background": BACKGROUNDS[int(rng.integers(3))],
        "cards": int(rng.choice([1, 2, 3], p=[0.45, 0.35, 0.2])),
        "ppm": rng.uniform(3.0, 7.0),
        "blur": blur,
        "light": rng.uniform(0.25, 0.5) if dim else rng.uniform(0.6, 1.0),
        "noise": rng.uniform(0.005, 0.03),
        "jpeg": 50 if rng.uniform() < 0.3 else int(rng.integers(70, 96)),
        "foreign": rng.uniform() < 0.25,
        "empty": False,
    }
    draws.update({k: v for k, v in force.items() if k in draws})
    return {k: round(float(v), 2) if isinstance(v, float) else v for k, v in draws.items()}


def _card_draws(rng: np.random.Generator, frame: dict[str, Any], kind: str, text: str,
                force: dict[str, Any]) -> CardDraw:
    moving = rng.uniform() < 0.25
    low = rng.uniform() < 0.3
    draw = {
        "ppm": frame["ppm"] * rng.uniform(0.95, 1.05),
        "rotation": rng.uniform(0, 360),
        "tilt": rng.uniform(0, 35),
        "motion": rng.uniform(2.0, 6.0) if moving else rng.uniform(0.0, 1.0),
        "contrast": rng.uniform(0.35, 0.6) if low else rng.uniform(0.85, 1.0),
        "glare": rng.uniform(0.4, 0.8) if rng.uniform() < 0.25 else 0.0,
        "inverted": bool(kind == "tag" and rng.uniform() < 0.12),
    }
    draw.update({k: v for k, v in force.items() if k in draw})
    rounded = {k: round(float(v), 2) if isinstance(v, float) else v for k, v in draw.items()}
    return CardDraw(text=text, kind=kind, **rounded)


def _texts(rng: np.random.Generator, frame: dict[str, Any], force: dict[str, Any]
           ) -> list[tuple[str, str]]:
    """(kind, text) per card: distinct tags, and maybe one foreign code or look-alike."""
    if frame["empty"]:
        return [("blank", "")] * frame["cards"]
    pool = [f"XP/{i}" for i in XP_IDS] + [f"TI/{i}" for i in TI_IDS]
    picked = rng.choice(len(pool), size=frame["cards"], replace=False)
    cards = [("tag", pool[int(i)]) for i in picked]
    if force.get("look_alike") or (frame["foreign"] and rng.uniform() < 0.5):
        cards[-1] = ("look-alike", LOOK_ALIKES[int(rng.integers(len(LOOK_ALIKES)))])
    elif frame["foreign"]:
        cards[-1] = ("foreign", FOREIGN_TEXTS[int(rng.integers(len(FOREIGN_TEXTS)))])
    return cards


def _background(rng: np.random.Generator, kind: str, width: int, height: int) -> np.ndarray:
    """Wood (grain streaks), felt (fine fuzz) or cloth (a woven check)."""
    low = cv2.resize(rng.uniform(0.25, 0.45, (6, 10)).astype(np.float32), (width, height),
                     interpolation=cv2.INTER_CUBIC)
    if kind == "wood":
        texture = cv2.resize(rng.normal(0, 0.06, (height, 24)).astype(np.float32),
                             (width, height), interpolation=cv2.INTER_LINEAR)
    elif kind == "felt":
        texture = cv2.GaussianBlur(rng.normal(0, 0.08, (height, width)).astype(np.float32),
                                   (0, 0), 1.2)
    else:
        ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
        period = rng.uniform(5, 14)
        angle = rng.uniform(0, math.pi)
        u = xs * math.cos(angle) + ys * math.sin(angle)
        v = -xs * math.sin(angle) + ys * math.cos(angle)
        texture = 0.07 * (np.sign(np.sin(2 * math.pi * u / period)) *
                          np.sign(np.sin(2 * math.pi * v / period))).astype(np.float32)
    noise = rng.normal(0, 0.01, (height, width)).astype(np.float32)
    return np.clip(low + texture + noise, 0, 1).astype(np.float32)


def _face(rng: np.random.Generator, card: CardDraw, scale: int) -> np.ndarray:
    """The card as printed, then its sleeve: contrast squeezed, glare patches on top."""
    if card.kind == "foreign":
        face = _foreign_face(rng, card.text, scale)
    elif card.kind == "look-alike":
        face = _sticker(rng, qr_modules(card.text, version=None), scale)
    else:
        face = _card_face(rng, card.text or None, scale)
        if card.inverted:
            face = _inverted_tag(face, scale)
    mid = 0.55
    face = mid + (face - mid) * card.contrast
    if card.glare > 0:
        h, w = face.shape
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
        for _ in range(int(rng.integers(1, 3))):
            gx, gy = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h
            rx, ry = rng.uniform(0.08, 0.25) * w, rng.uniform(0.05, 0.15) * h
            spot = np.exp(-(((xs - gx) / rx) ** 2 + ((ys - gy) / ry) ** 2))
            face = face + card.glare * spot * (1.05 - face)
    return face.astype(np.float32)


def _sticker(rng: np.random.Generator, modules: np.ndarray, scale: int) -> np.ndarray:
    """A home-made sticker with some code on a card, the size of our tags."""
    size = (21 + 2 * QUIET) * scale
    face = np.full((int(size * 2.6 / 2.0), size * 2), rng.uniform(0.8, 0.95), np.float32)
    big = cv2.resize(modules, (size, size), interpolation=cv2.INTER_NEAREST)
    top, left = (face.shape[0] - size) // 2, (face.shape[1] - size) // 2
    face[top:top + size, left:left + size] = big * 0.95 + 0.03
    return face


def _inverted_tag(face: np.ndarray, scale: int) -> np.ndarray:
    """The same tag printed light-on-dark, on dark card stock."""
    height, width = face.shape
    size_q = (21 + 2 * QUIET) * scale
    top = (height // scale - 21 - 2 * QUIET) // 2 * scale
    left = (width // scale - 21 - 2 * QUIET) // 2 * scale
    dark = np.clip(0.95 - face, 0.05, 0.95) * 0.35 + 0.05  # dark stock, art faintly visible
    code = face[top:top + size_q, left:left + size_q]
    dark[top:top + size_q, left:left + size_q] = 0.98 - code * 0.85
    return dark.astype(np.float32)


def _centres(rng: np.random.Generator, draws: list[CardDraw], width: int, height: int
             ) -> list[tuple[float, float]] | None:
    """Tag centres in the frame, far enough apart that no card covers another's tag."""
    for _ in range(300):
        centres = []
        for card in draws:
            reach = card.ppm * (21 + 2 * QUIET) * 0.75 + 8
            centres.append((float(rng.uniform(reach, width - reach)),
                            float(rng.uniform(reach, height - reach))))
        if all(math.dist(a, b) > 2.2 * (21 + 2 * QUIET) * max(c.ppm, d.ppm)
               for i, (a, c) in enumerate(zip(centres, draws, strict=True))
               for b, d in zip(centres[i + 1:], draws[i + 1:], strict=True)):
            return centres
    return None


def _homography(rng: np.random.Generator, card: CardDraw, face_shape: tuple[int, int],
                scale: int, centre: tuple[float, float]) -> np.ndarray:
    """Face pixels -> frame pixels: the card rotated, tilted about a random axis, placed."""
    from photos import CAMERA_DISTANCE

    h, w = face_shape
    to_modules = np.array([[1 / scale, 0, -w / 2 / scale], [0, 1 / scale, -h / 2 / scale],
                           [0, 0, 1]])
    a = math.radians(card.rotation)
    spin = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])
    axis, t = rng.uniform(0, math.pi), math.radians(card.tilt)
    rz = np.array([[math.cos(axis), -math.sin(axis), 0], [math.sin(axis), math.cos(axis), 0],
                   [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, math.cos(t), -math.sin(t)], [0, math.sin(t), math.cos(t)]])
    rot = rz @ rx @ rz.T
    f = card.ppm * CAMERA_DISTANCE
    camera = np.array([[f, 0, centre[0]], [0, f, centre[1]], [0, 0, 1]])
    plane = np.column_stack([rot[:, 0], rot[:, 1], [0, 0, CAMERA_DISTANCE]])
    return camera @ plane @ spin @ to_modules


def _smear(rng: np.random.Generator, image: np.ndarray, length: float) -> np.ndarray:
    """A straight motion smear `length` pixels long at a random angle."""
    size = max(3, round(length) | 1)
    kernel = np.zeros((size, size), np.float32)
    kernel[size // 2, :] = 1
    centre = (size / 2 - 0.5, size / 2 - 0.5)
    rot = cv2.getRotationMatrix2D(centre, float(rng.uniform(0, 180)), 1)
    kernel = cv2.warpAffine(kernel, rot, (size, size)).astype(np.float32)
    return cv2.filter2D(image, -1, kernel / max(float(kernel.sum()), 1e-6))


def _place(rng: np.random.Generator, frame: np.ndarray, card: CardDraw,
           centre: tuple[float, float], still: bool = False) -> list[list[float]]:
    """Lay the card on the table (smeared if moving, unless `still`: the same card lying
    still, with the same draws); the QR's corners in frame pixels."""
    scale = max(4, math.ceil(card.ppm * 2))
    face = _face(rng, card, scale)
    hom = _homography(rng, card, (face.shape[0], face.shape[1]), scale, centre)
    height, width = frame.shape
    warped = cv2.warpPerspective(face, hom, (width, height), flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(np.ones_like(face), hom, (width, height),
                               flags=cv2.INTER_LINEAR)
    layer = warped * mask
    if card.motion >= 1 and still:
        rng.uniform(0, 180, 2)  # the smears' angles, drawn so later cards stay the same
    elif card.motion >= 1:
        layer, mask = _smear(rng, layer, card.motion), _smear(rng, mask, card.motion)
    frame[:] = frame * (1 - mask) + layer
    fh, fw = face.shape
    half = 21 * scale / 2
    square = np.array([[fw / 2 - half, fh / 2 - half], [fw / 2 + half, fh / 2 - half],
                       [fw / 2 + half, fh / 2 + half], [fw / 2 - half, fh / 2 + half]])
    pts = cv2.perspectiveTransform(square.reshape(-1, 1, 2), hom).reshape(-1, 2)
    return [[round(float(x), 1), round(float(y), 1)] for x, y in pts]


def _camera(rng: np.random.Generator, frame: np.ndarray, draws: dict[str, Any],
            count: int = 1, seed: int = 0) -> list[np.ndarray]:
    """Defocus, lamp brightness, sensor noise, then a warm tint and the JPEG encoder:
    `count` exposures of the same view, each with its own sensor noise (the first one's
    from `rng`, the others' from generators seeded by `seed` and their number)."""
    frame = cv2.GaussianBlur(frame, (0, 0), draws["blur"]) * draws["light"]
    noise = draws["noise"] * (1.5 - draws["light"])
    grains = [rng.normal(0, noise, frame.shape).astype(np.float32)]
    tint = np.array([0.85, 0.97, 1.0], np.float32) * rng.uniform(0.95, 1.05, 3)
    grains += [np.random.default_rng([seed, 104_729, k]).normal(0, noise, frame.shape)
               .astype(np.float32) for k in range(1, count)]
    shots = []
    for grain in grains:
        bgr = np.clip(np.clip(frame + grain, 0, 1)[..., None] * tint * 255, 0, 255)
        ok, data = cv2.imencode(".jpg", bgr.astype(np.uint8),
                                [cv2.IMWRITE_JPEG_QUALITY, int(draws["jpeg"])])
        assert ok
        shots.append(cv2.imdecode(data, cv2.IMREAD_COLOR))
    return shots


def make_hard_photo(seed: int, size: tuple[int, int] = FRAME_SIZE, **force: Any
                    ) -> tuple[np.ndarray, HardTruth]:
    """One BGR frame with every condition drawn jointly, and its truth."""
    [frame], truth = still_sequence(seed, 1, size, moving=True, **force)
    return frame, truth


def still_sequence(seed: int, count: int, size: tuple[int, int] = FRAME_SIZE,
                   moving: bool = False, **force: Any) -> tuple[list[np.ndarray], HardTruth]:
    """`count` frames of the same view, as a camera gives them of cards lying still: the
    frame `make_hard_photo(seed, ...)` draws, with fresh sensor noise in each (and so its
    own JPEG steps). The first frame is that frame itself, except that a card drawn as
    moving lies still here and is not smeared (`moving=True` keeps the smear)."""
    rng = np.random.default_rng([seed, 7_919, *size])
    width, height = size
    frame_draws = _frame_draws(rng, force)
    texts = _texts(rng, frame_draws, force)
    cards = [_card_draws(rng, frame_draws, kind, text, force) for kind, text in texts]
    centres = _centres(rng, cards, width, height)
    while centres is None:  # no room for them all at this size: one card fewer
        cards = cards[1:]
        centres = _centres(rng, cards, width, height)
    frame_draws["cards"] = len(cards)
    table = _background(rng, str(frame_draws["background"]), width, height)
    truth = HardTruth(frame=frame_draws, cards=[asdict(c) for c in cards])
    for card, centre in zip(cards, centres, strict=True):
        corners = _place(rng, table, card, centre, still=not moving)
        if card.kind == "tag":
            truth.tags.append(card.text)
            truth.corners.append(corners)
        elif card.kind in ("foreign", "look-alike"):
            truth.foreign.append(card.text)
    return _camera(rng, table, frame_draws, count, seed), truth


def hard_set(seed: int, count: int, size: tuple[int, int] = FRAME_SIZE,
             empty_share: float = 0.15) -> list[tuple[str, np.ndarray, HardTruth]]:
    """`count` frames; every 1/empty_share-th shows cards with no code at all."""
    every = max(1, round(1 / empty_share)) if empty_share > 0 else 0
    made = []
    for i in range(count):
        empty = bool(every) and i % every == every - 1
        made.append((f"hard-{i:04d}", *make_hard_photo(seed * 100_000 + i, size, empty=empty)))
    return made


if __name__ == "__main__":
    out, count = Path(sys.argv[1]), int(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    for name, image, truth in hard_set(1, count):
        cv2.imwrite(str(out / f"{name}.png"), image)
        (out / f"{name}.json").write_text(json.dumps(asdict(truth)))
    print(f"wrote {count} frames to {out}")

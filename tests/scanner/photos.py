"""Camera-like photos of QR-tagged cards on a table, with the truth beside them.

Deterministic from a seed: `make_photo(seed, condition)` always returns the same
pixels, so a failing recall test names a frame anyone can regenerate. Nothing
here is committed as an image; tests and the benchmark render into temp folders.

Geometry: the card lies in a plane measured in QR modules; a pinhole camera at
`CAMERA_DISTANCE` modules (13 cm over a 0.52 mm module) sees it. `ppm` is the
module size in camera pixels of the face-on card at the tag centre; rotation,
tilt (perspective) and position come on top, so a tilted 3 ppm tag shows fewer
than 3 pixels per module along its foreshortened axis.

Run `python -m tests.scanner.photos OUTDIR COUNT` to look at a sample.
"""

from __future__ import annotations

import json
import math
import sys
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import segno

FRAME_SIZE = (1280, 720)
CAMERA_DISTANCE = 250.0  # modules: 13 cm stand height / 0.52 mm module
QUIET = 4  # modules of white around each QR, as printed on the tag kit

#: Conditions a frame can be drawn under; each stresses one thing at full
#: strength on top of mild, random everyday imperfections.
TAG_CONDITIONS = ("clean", "small", "blur", "motion", "tilt", "dim", "glare", "shadow", "jpeg")
ALL_CONDITIONS = (*TAG_CONDITIONS, "two-cards", "foreign", "empty")

XP_IDS = ("SH01", "SH02", "EV07", "TR3", "AR12", "RL1", "CR44", "M5")
TI_IDS = ("R3", "C12", "PL18", "AG4")
FOREIGN_TEXTS = (
    "https://example.org/cards?id=17",
    "hello table",
    "XP-SH01",
    "WIFI:S:guest;T:WPA;P:secret;;",
)


@dataclass(frozen=True)
class Params:
    """Everything that shaped one photo, stored with it as its truth."""

    condition: str
    ppm: float
    rotation: float
    tilt: float
    blur: float
    motion: float
    light: float
    glare: float
    shadow: float
    jpeg: int


@dataclass
class Truth:
    """What a perfect reader would find in the photo."""

    tags: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    corners: list[list[list[float]]] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)


def qr_modules(text: str, version: int | None = 1, error: str = "h") -> np.ndarray:
    """The QR's modules with its quiet zone: 1.0 white, 0.0 black."""
    qr = segno.make_qr(text, error=error, version=version)
    dark = np.array([list(row) for row in qr.matrix_iter(scale=1, border=QUIET)], dtype=bool)
    return np.where(dark, 0.0, 1.0).astype(np.float32)


def draw_params(rng: np.random.Generator, condition: str, ppm: float | None) -> Params:
    """Mild random imperfections, plus full strength on the stressed condition."""
    if ppm is None:
        ppm = rng.uniform(3.0, 3.6) if condition == "small" else rng.uniform(3.0, 7.0)
    stressed = {
        "blur": rng.uniform(0.4, 0.8) if condition != "blur" else rng.uniform(0.9, 1.3),
        "motion": rng.uniform(0, 1.5) if condition != "motion" else rng.uniform(2.0, 4.0),
        "tilt": rng.uniform(0, 15) if condition != "tilt" else rng.uniform(25, 35),
        "light": rng.uniform(0.7, 1.0) if condition != "dim" else rng.uniform(0.18, 0.3),
        "glare": 0.0 if condition != "glare" else rng.uniform(0.5, 0.9),
        "shadow": rng.uniform(0, 0.2) if condition != "shadow" else rng.uniform(0.5, 0.7),
        "jpeg": int(rng.integers(80, 95)) if condition != "jpeg" else int(rng.integers(30, 45)),
    }
    rounded: dict[str, Any] = {k: (round(float(v), 2) if isinstance(v, float) else v)
                               for k, v in stressed.items()}
    return Params(condition=condition, ppm=round(float(ppm), 2),
                  rotation=round(float(rng.uniform(0, 360)), 1), **rounded)


def _table(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """A wood-like table: low-frequency tone, grain streaks, fine noise."""
    low = cv2.resize(rng.uniform(0.25, 0.45, (6, 10)).astype(np.float32), (width, height),
                     interpolation=cv2.INTER_CUBIC)
    grain = cv2.resize(rng.normal(0, 0.05, (height, 24)).astype(np.float32), (width, height),
                       interpolation=cv2.INTER_LINEAR)
    return np.clip(low + grain + rng.normal(0, 0.01, (height, width)), 0, 1).astype(np.float32)


def _card_face(rng: np.random.Generator, text: str | None, scale: int) -> np.ndarray:
    """A flat card, `scale` pixels per module, tag at its centre, artwork around it."""
    modules = qr_modules(text) if text else None
    size_q = 21 + 2 * QUIET
    width, height = int(size_q * 2.0), int(size_q * 2.6)
    face = np.full((height * scale, width * scale), rng.uniform(0.8, 0.95), np.float32)
    # Artwork: dark blocks and lines away from the tag's quiet zone, so the
    # decoder meets busy print next to the code as it does on real cards.
    for _ in range(14):
        x0, y0 = rng.integers(0, width * scale, 2)
        w, h = rng.integers(scale * 2, scale * 12, 2)
        face[y0:y0 + h, x0:x0 + w] = rng.uniform(0.1, 0.7)
    top = (height - size_q) // 2 * scale
    left = (width - size_q) // 2 * scale
    if modules is not None:
        big = cv2.resize(modules, None, fx=scale, fy=scale, interpolation=cv2.INTER_NEAREST)
        face[top:top + big.shape[0], left:left + big.shape[1]] = big * 0.95 + 0.03
    else:
        face[top:top + size_q * scale, left:left + size_q * scale] = 0.9
    return face


def _homography(
    rng: np.random.Generator, p: Params, face_shape: tuple[int, int], scale: int,
    centre: tuple[float, float],
) -> np.ndarray:
    """Face pixels -> frame pixels for a card rotated, tilted and placed at `centre`."""
    h, w = face_shape
    to_modules = np.array([[1 / scale, 0, -w / 2 / scale], [0, 1 / scale, -h / 2 / scale],
                           [0, 0, 1]])
    a = math.radians(p.rotation)
    spin = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])
    axis = rng.uniform(0, math.pi)
    t = math.radians(p.tilt)
    # Tilt about an in-plane axis at angle `axis`: rotate the axis onto x, tilt, rotate back.
    rz = np.array([[math.cos(axis), -math.sin(axis), 0], [math.sin(axis), math.cos(axis), 0],
                   [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, math.cos(t), -math.sin(t)], [0, math.sin(t), math.cos(t)]])
    rot = rz @ rx @ rz.T
    z = CAMERA_DISTANCE
    f = p.ppm * z
    camera = np.array([[f, 0, centre[0]], [0, f, centre[1]], [0, 0, 1]])
    # Plane points (u, v, 0) -> rot @ (u, v, 0) + (0, 0, z): columns r1, r2, t.
    plane = np.column_stack([rot[:, 0], rot[:, 1], [0, 0, z]])
    return camera @ plane @ spin @ to_modules


def _place(
    rng: np.random.Generator, frame: np.ndarray, face: np.ndarray, p: Params, scale: int,
    centre: tuple[float, float],
) -> list[list[float]]:
    """Warp `face` into `frame`; return the QR's four outer corners in frame pixels."""
    hom = _homography(rng, p, (face.shape[0], face.shape[1]), scale, centre)
    height, width = frame.shape
    warped = cv2.warpPerspective(face, hom, (width, height), flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(np.ones_like(face), hom, (width, height), flags=cv2.INTER_LINEAR)
    frame[:] = frame * (1 - mask) + warped * mask
    fh, fw = face.shape
    half = 21 * scale / 2
    square = np.array([[fw / 2 - half, fh / 2 - half], [fw / 2 + half, fh / 2 - half],
                       [fw / 2 + half, fh / 2 + half], [fw / 2 - half, fh / 2 + half]])
    pts = cv2.perspectiveTransform(square.reshape(-1, 1, 2), hom).reshape(-1, 2)
    return [[round(float(x), 1), round(float(y), 1)] for x, y in pts]


def _light(rng: np.random.Generator, frame: np.ndarray, p: Params) -> np.ndarray:
    """Shadow, glare, dimness, sensor noise, optical and motion blur."""
    height, width = frame.shape
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    if p.shadow > 0:
        a = rng.uniform(0, 2 * math.pi)
        edge = (xs - width / 2) * math.cos(a) + (ys - height / 2) * math.sin(a)
        softness = rng.uniform(8, 40)
        frame = frame * (1 - p.shadow * 0.5 * (1 + np.tanh(edge / softness)))
    if p.glare > 0:
        gx, gy = rng.uniform(0.3, 0.7) * width, rng.uniform(0.3, 0.7) * height
        r = rng.uniform(0.08, 0.2) * height
        spot = np.exp(-(((xs - gx) ** 2 + (ys - gy) ** 2) / (2 * r * r)))
        frame = frame + p.glare * spot * (1.05 - frame)  # glare washes toward white
    frame = cv2.GaussianBlur(frame, (0, 0), p.blur)
    if p.motion >= 1:
        # A straight smear `motion` pixels long at a random angle.
        size = round(p.motion) | 1
        kernel = np.zeros((size, size), np.float32)
        kernel[size // 2, :] = 1
        centre = (size / 2 - 0.5, size / 2 - 0.5)
        rot = cv2.getRotationMatrix2D(centre, float(rng.uniform(0, 180)), 1)
        kernel = cv2.warpAffine(kernel, rot, (size, size)).astype(np.float32)
        frame = cv2.filter2D(frame, -1, (kernel / max(kernel.sum(), 1e-6)).astype(np.float32))
    frame = frame * p.light
    noise = rng.normal(0, 0.012 + 0.02 * (1 - p.light), frame.shape).astype(np.float32)
    return np.clip(frame + noise, 0, 1)


def _finish(rng: np.random.Generator, frame: np.ndarray, jpeg: int) -> np.ndarray:
    """Tint to a warm BGR picture and pass it through a JPEG encoder like a webcam."""
    tint = np.array([0.85, 0.97, 1.0], np.float32) * rng.uniform(0.95, 1.05, 3)
    bgr = np.clip(frame[..., None] * tint * 255, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, jpeg])
    assert ok
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


def _card_centres(
    rng: np.random.Generator, count: int, p: Params, width: int, height: int
) -> list[tuple[float, float]] | None:
    """Tag centres inside the frame, far enough apart that no card hides another's tag
    (card half-diagonal ~47 modules + tag half-diagonal ~15); None if they cannot fit."""
    reach = p.ppm * (21 + 2 * QUIET) * 0.75 + 8
    spread = p.ppm * (21 + 2 * QUIET) * 2.2
    for _ in range(200):
        centres = [(float(rng.uniform(reach, width - reach)),
                    float(rng.uniform(reach, height - reach))) for _ in range(count)]
        if count == 1 or math.dist(centres[0], centres[1]) > spread:
            return centres
    return None


def _texts(rng: np.random.Generator, condition: str) -> tuple[list[str], list[str]]:
    """Tag texts and foreign texts for a frame of `condition`."""
    def our_tag() -> str:
        if rng.uniform() < 0.75:
            return f"XP/{XP_IDS[int(rng.integers(len(XP_IDS)))]}"
        return f"TI/{TI_IDS[int(rng.integers(len(TI_IDS)))]}"
    if condition == "empty":
        return [], []
    if condition == "foreign":
        return [], [FOREIGN_TEXTS[int(rng.integers(len(FOREIGN_TEXTS)))]]
    if condition == "two-cards":
        first = our_tag()
        second = our_tag()
        while second == first:
            second = our_tag()
        return [first, second], []
    return [our_tag()], []


def make_photo(
    seed: int, condition: str = "clean", size: tuple[int, int] = FRAME_SIZE,
    ppm: float | None = None,
) -> tuple[np.ndarray, Truth]:
    """One BGR camera frame and its truth, fully determined by the arguments."""
    if condition not in ALL_CONDITIONS:
        raise ValueError(f"unknown condition {condition!r}")
    rng = np.random.default_rng([seed, ALL_CONDITIONS.index(condition), *size])
    width, height = size
    p = draw_params(rng, condition, ppm)
    frame = _table(rng, width, height)
    tags, foreign = _texts(rng, condition)
    texts: list[str | None] = [*tags, *foreign] or [None]
    centres = _card_centres(rng, len(texts), p, width, height)
    while centres is None:  # two large tags in a small frame: shrink until both fit
        p = replace(p, ppm=round(p.ppm * 0.9, 2))
        centres = _card_centres(rng, len(texts), p, width, height)
    scale = max(4, math.ceil(p.ppm * 2))
    truth = Truth(tags=tags, foreign=foreign, params=asdict(p))
    for text, centre in zip(texts, centres, strict=True):
        if text in foreign:
            face = _foreign_face(rng, text or "", scale)
        else:
            face = _card_face(rng, text, scale)
        corners = _place(rng, frame, face, p, scale, centre)
        if text in tags:
            truth.corners.append(corners)
    return _finish(rng, _light(rng, frame, p), p.jpeg), truth


def _foreign_face(rng: np.random.Generator, text: str, scale: int) -> np.ndarray:
    """A flyer with somebody else's QR (larger version, lower error correction)."""
    modules = qr_modules(text, version=None, error="m")
    # Draw at the same face size as a card so the code stays in frame.
    target = (21 + 2 * QUIET) * scale
    big = cv2.resize(modules, (target, target), interpolation=cv2.INTER_NEAREST)
    face = np.full((target + 8 * scale, target + 8 * scale), 0.9, np.float32)
    face[4 * scale:4 * scale + target, 4 * scale:4 * scale + target] = big * 0.95 + 0.03
    return face


def photo_set(seed: int, per_condition: int, conditions: tuple[str, ...] = ALL_CONDITIONS,
              size: tuple[int, int] = FRAME_SIZE) -> list[tuple[str, np.ndarray, Truth]]:
    """`per_condition` photos of each condition, named `condition-NNN`."""
    return [(f"{c}-{i:03d}", *make_photo(seed * 10_000 + i, c, size))
            for c in conditions for i in range(per_condition)]


def write_set(folder: Path, photos: list[tuple[str, np.ndarray, Truth]]) -> list[Path]:
    """Write each photo as PNG (already JPEG-degraded) with a `.json` truth beside it."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, image, truth in photos:
        path = folder / f"{name}.png"
        cv2.imwrite(str(path), image)
        path.with_suffix(".json").write_text(json.dumps(asdict(truth)))
        paths.append(path)
    return paths


if __name__ == "__main__":
    out, count = Path(sys.argv[1]), int(sys.argv[2])
    written = write_set(out, photo_set(1, count))
    print(f"wrote {len(written)} photos to {out}")

"""`companion play --camera`: what the camera reads becomes `scan TAG` in the game."""

import json
from pathlib import Path

import cv2
import numpy as np

from tests.cli.conftest import companion
from tests.scanner.photos import qr_modules

SETUP = "player Alice red\nplayer Bob blue\nsetup\ntake Abyz for Alice\n"


def _frame(*texts: str) -> np.ndarray:
    """A plain 1280x720 frame with each text as a QR code at 6 px per module."""
    frame = np.full((720, 1280), 235, np.uint8)
    for i, text in enumerate(texts):
        modules = np.pad(qr_modules(text, version=None), 4)  # quiet zone, as printed
        code = np.kron(1 - modules, np.ones((6, 6))).astype(np.uint8) * 255
        x = 120 + i * 420
        frame[200:200 + code.shape[0], x:x + code.shape[1]] = code
    return frame


def _replay(folder: Path, frames: list[np.ndarray]) -> str:
    folder.mkdir()
    for i, frame in enumerate(frames):
        cv2.imwrite(str(folder / f"{i:03d}.png"), frame)
    return f"replay:{folder}"


def test_camera_scans_play_the_game_once_per_card(db, tmp_path):
    assert companion("--db", str(db), "play", "--game", "ti4", "--new", "--script", "-",
                     stdin=SETUP).returncode == 0
    blank = np.full((720, 1280), 235, np.uint8)
    camera = _replay(tmp_path / "frames", [
        _frame("TI/H14"), _frame("TI/H14"), _frame("TI/H14"),  # held: one scan
        blank, _frame("hello table"), _frame("TI/C01"), _frame("XP/H01")])
    # --fps 0: every frame reaches the decoder however slow the machine (none dropped).
    run = companion("--db", str(db), "play", "--game", "ti4", "--camera", camera,
                    "--fps", "0", "--script", "-", "--json", stdin="", timeout=300)
    results = [json.loads(line) for line in run.stdout.splitlines()]
    assert [r["source"] for r in results] == ["camera"] * 4
    revealed, foreign, wrong_time, other_game = results
    assert revealed["ok"] and "Revealed to all: Hazardous Relic Fragment (H14)" in \
        revealed["message"]
    assert foreign["kind"] == "foreign" and foreign["ok"]
    assert not wrong_time["ok"] and not other_game["ok"]
    assert "resolve Hazardous Relic Fragment" in revealed["next"]  # the prompt's hint
    assert "is an Exploration card" in other_game["message"]
    assert run.returncode == 1  # two scans were refused, and said so
    history = json.loads(companion("--db", str(db), "history", "--json").stdout)
    assert [h["command"] for h in history][-1] == "scan TI/H14"


def test_a_replay_that_cannot_open_is_refused_not_retried(db, tmp_path):
    assert companion("--db", str(db), "play", "--game", "ti4", "--new", "--script", "-",
                     stdin=SETUP).returncode == 0
    missing = tmp_path / "no-frames"
    # The child's timeout only bounds a hang: a retried replay would never end.
    run = companion("--db", str(db), "play", "--game", "ti4", "--camera", f"replay:{missing}",
                    "--script", "-", stdin="")
    assert run.returncode == 1
    assert f"{missing} does not exist." in run.stderr and "Traceback" not in run.stderr


def test_a_replay_speed_that_cannot_work_is_refused(db, tmp_path):
    assert companion("--db", str(db), "play", "--game", "ti4", "--new", "--script", "-",
                     stdin=SETUP).returncode == 0
    camera = _replay(tmp_path / "frames", [_frame("TI/H14")])
    run = companion("--db", str(db), "play", "--game", "ti4", "--camera", camera,
                    "--fps", "nan", "--script", "-", stdin="")
    assert run.returncode != 0
    assert "frames per second" in run.stderr and "Traceback" not in run.stderr


def test_check_camera_refuses_before_any_game_is_opened(tmp_path):
    from argparse import Namespace

    import pytest

    from companion.cli.live import check_camera
    from companion.core.errors import CompanionError

    def args(camera, fps=30.0, forget_after=1.5):
        return Namespace(camera=camera, fps=fps, forget_after=forget_after)

    check_camera(args(_replay(tmp_path / "frames", [_frame("TI/H14")])))
    check_camera(args("opencv:1"))  # a webcam may be plugged in later: not opened here
    for bad in (args(f"replay:{tmp_path / 'nothing'}"), args("opencv:x"),
                args("auto", forget_after=0.0), args(f"replay:{tmp_path}", fps=-1.0)):
        with pytest.raises(CompanionError):
            check_camera(bad)


def test_a_camera_that_cannot_work_is_refused_before_any_game_starts(db, tmp_path):
    for camera in (f"replay:{tmp_path / 'missing'}", "opencv:²"):
        run = companion("--db", str(db), "play", "--game", "xp", "--new", "--camera", camera,
                        "--script", "-", stdin="")
        assert run.returncode == 1 and "Traceback" not in run.stderr
        assert "Something went wrong" not in run.stderr
    assert not db.exists()


def test_a_lower_case_look_alike_from_the_camera_says_what_decode_says(db, tmp_path):
    assert companion("--db", str(db), "play", "--game", "ti4", "--new", "--script", "-",
                     stdin=SETUP).returncode == 0
    look_alike = _frame("ti/h14")
    camera = _replay(tmp_path / "frames", [look_alike])
    run = companion("--db", str(db), "play", "--game", "ti4", "--camera", camera,
                    "--fps", "20", "--script", "-", "--json", stdin="")
    [result] = [json.loads(line) for line in run.stdout.splitlines()]
    assert result["kind"] == "foreign" and result["ok"]
    assert "like TI/H14" in result["message"]  # the resolver's suggestion, not dropped
    image = tmp_path / "look-alike.png"
    cv2.imwrite(str(image), look_alike)
    decoded = json.loads(companion("decode", "--json", str(image)).stdout)
    [code] = decoded["codes"]
    assert code["status"] == "foreign" and code["message"] == result["message"]
    history = json.loads(companion("--db", str(db), "history", "--json").stdout)
    assert not any("H14" in h["command"] for h in history)  # the game did not change

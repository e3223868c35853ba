"""`companion decode`, `scan` and `doctor` as a player or operator runs them."""

from __future__ import annotations

import argparse
import io
import json
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import cv2
import numpy as np
import photos
import pytest

from companion.cli import doctor
from companion.scanner import commands
from companion.scanner.doctor import (
    Probes,
    check_cameras,
    check_data_dir,
    check_decoders,
    check_display,
    check_touch,
)


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="companion")
    sub = parser.add_subparsers(dest="command")
    for command in (commands.decode_command, commands.scan_command, doctor.doctor_command):
        command.add_arguments(sub.add_parser(command.name))
    return parser.parse_args(argv)


@pytest.fixture(scope="module")
def images(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("decode")
    paths = {}
    for name, seed in (("clean", 20), ("two-cards", 21), ("foreign", 22), ("empty", 23)):
        image, truth = photos.make_photo(seed, name)
        paths[name] = folder / f"{name}.jpg"
        cv2.imwrite(str(paths[name]), image)
        paths[name].with_suffix(".json").write_text(json.dumps(truth.tags + truth.foreign))
    return paths


def run_decode(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = commands.run_decode(parse("decode", *argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_decode_json_prints_one_line_per_image_with_every_code(
    images: dict[str, Path],
) -> None:
    given = [str(images[n]) for n in ("clean", "two-cards", "foreign", "empty")]
    code, out, _ = run_decode("--json", *given)
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["file"] for r in records] == given
    for record, path in zip(records, given, strict=True):
        expected = json.loads(Path(path).with_suffix(".json").read_text())
        assert sorted(c["text"] for c in record["codes"]) == sorted(expected)
        assert isinstance(record["ms"], float)
        for c in record["codes"]:
            assert c["status"] in {"ok", "unknown", "other-game", "foreign"}
            assert len(c["corners"]) == 4
            assert (c["card"] is None) == (c["status"] != "ok")
    assert records[2]["codes"][0]["status"] == "foreign"
    assert records[3]["codes"] == []


def test_decode_names_known_cards_and_refuses_unknown_ones(tmp_path: Path) -> None:
    paths = []
    for seed in (33, 24, 32):  # XP/SH01 (known), XP/M5 (not in the catalog), TI/R3 (known)
        paths.append(tmp_path / f"{seed}.png")
        cv2.imwrite(str(paths[-1]), photos.make_photo(seed, "clean")[0])
    _, out, _ = run_decode("--json", *map(str, paths))
    shipwreck, unknown, relic = (json.loads(line)["codes"][0] for line in out.splitlines())
    assert shipwreck["card"] == {"game": "xp", "id": "SH01", "name": "Shipwreck"}
    assert unknown["status"] == "unknown" and unknown["card"] is None
    assert unknown["message"] == "XP/M5 is not a card in the Exploration catalog."
    assert relic["card"]["name"] == "Relic Fragment"  # no game bound: its own catalog
    _, out, _ = run_decode("--json", "--game", "xp", str(paths[2]))
    assert json.loads(out)["codes"][0]["status"] == "other-game"


def test_unreadable_file_gets_one_sentence_and_the_rest_still_decode(
    images: dict[str, Path], tmp_path: Path,
) -> None:
    broken = tmp_path / "broken.png"
    broken.write_text("this is not a picture")
    code, out, err = run_decode(str(broken), str(tmp_path / "missing.jpg"),
                                str(images["clean"]))
    assert code == 1
    assert f"{broken}: is not a JPEG or PNG photo" in err
    assert "missing.jpg: does not exist." in err
    assert str(images["clean"]) in out and "1 code in" in out


def test_decode_reads_only_jpeg_and_png_by_content_not_by_name(
    images: dict[str, Path], tmp_path: Path,
) -> None:
    bitmap = tmp_path / "photo.bmp"
    cv2.imwrite(str(bitmap), cv2.imread(str(images["clean"])))
    disguised = tmp_path / "disguised.png"
    disguised.write_bytes(bitmap.read_bytes())  # a BMP under a PNG's name
    renamed = tmp_path / "photo.jpeg.bin"
    renamed.write_bytes(images["clean"].read_bytes())  # a real photo under an odd name
    code, out, err = run_decode(str(bitmap), str(disguised), str(renamed))
    assert code == 1
    refusal = "is not a JPEG or PNG photo, the formats of a camera or a phone"
    assert [line.split(": ", 1)[0] for line in err.splitlines()] == [str(bitmap),
                                                                      str(disguised)]
    assert all(refusal in line for line in err.splitlines())
    assert str(renamed) in out and "1 code in" in out


def test_scan_replays_a_folder_and_prints_json_events(tmp_path: Path) -> None:
    image, truth = photos.make_photo(25, "clean")
    for i in range(5):
        cv2.imwrite(str(tmp_path / f"{i}.png"), image)
    out, err = io.StringIO(), io.StringIO()
    code = commands.run_scan(parse("scan", "--camera", f"replay:{tmp_path}", "--json",
                                   "--fps", "240"), out, err)
    assert code == 0
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    scans = [e for e in events if e["event"] == "scan"]
    assert [[c["text"] for c in e["codes"]] for e in scans] == [truth.tags]
    assert events[-1]["status"] == "ended" and "time" in scans[0]
    assert "5 captured" in err.getvalue()


def test_scan_with_a_bad_camera_option_explains_and_exits_2() -> None:
    err = io.StringIO()
    assert commands.run_scan(parse("scan", "--camera", "webcam"), io.StringIO(), err) == 2
    assert "is not a camera" in err.getvalue()


def test_doctor_says_which_decoder_is_missing_and_how_to_fix_it() -> None:
    probes = Probes(list_decoders=lambda: {"zxing": "The zxing decoder is not available: "
                                           "install zxing-cpp (No module named 'zxingcpp').",
                                           "zbar": "", "opencv": ""},
                    decoder_version=lambda name: "1.0")
    lines = check_decoders(probes)
    assert any("zxing: not usable" in f.found and "install zxing-cpp" in f.fix for f in lines)
    assert any("will use zbar" in f.found for f in lines)


def test_doctor_reports_display_and_touch_permissions() -> None:
    pi = Probes(environ={}, glob=lambda pattern: {"/dev/dri/card*": ["/dev/dri/card1"],
                "/dev/input/event*": ["/dev/input/event0"]}[pattern],
                readable=lambda path: path.startswith("/dev/dri"))
    (gpu,) = check_display(pi)
    assert "card1" in gpu.found and not gpu.fix
    (touch,) = check_touch(pi)
    assert "none readable" in touch.found and "input group" in touch.fix
    bare = Probes(environ={}, glob=lambda pattern: [])
    assert check_display(bare)[0].fix and check_touch(bare)[0].fix


def test_doctor_command_prints_every_area(capsys: pytest.CaptureFixture[str]) -> None:
    doctor.doctor_command.run(parse("doctor"))
    out = capsys.readouterr().out
    for area in ("camera", "decoder", "display", "touch", "data"):
        assert area in out
    assert "exploration-companion" in out


def test_importing_the_commands_does_not_import_heavy_libraries() -> None:
    script = ("import sys, companion.scanner.commands; "
              "print(sorted(m for m in ('cv2', 'numpy', 'zxingcpp', 'pyzbar') "
              "if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True, cwd=Path(__file__).parents[2])
    assert result.stdout.strip() == "[]"


def qr_image(path: Path, text: str) -> Path:
    """A 640x480 picture holding `text` as one QR code at 6 px per module."""
    modules = photos.qr_modules(text, version=None)
    code = (np.kron(modules, np.ones((6, 6))) * 255).astype(np.uint8)
    frame = np.full((480, 640), 255, np.uint8)
    frame[40:40 + code.shape[0], 40:40 + code.shape[1]] = code
    cv2.imwrite(str(path), frame)
    return path


def oversized_png(path: Path, width: int = 60000, height: int = 60000) -> Path:
    """A valid small PNG whose header claims another size (CRC fixed up)."""
    cv2.imwrite(str(path), np.zeros((8, 8), np.uint8))
    data = bytearray(path.read_bytes())
    data[16:24] = struct.pack(">II", width, height)
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))
    path.write_bytes(bytes(data))
    return path


def test_decode_of_images_too_small_for_a_code_finds_none(tmp_path: Path) -> None:
    paths = []
    for height, width in ((1, 1), (1, 500), (500, 1), (20, 20)):
        paths.append(tmp_path / f"{height}x{width}.png")
        cv2.imwrite(str(paths[-1]), np.zeros((height, width), np.uint8))
    code, out, err = run_decode("--json", *map(str, paths))
    assert code == 0 and err == ""
    assert [json.loads(line)["codes"] for line in out.splitlines()] == [[]] * 4


def test_decode_of_an_image_opencv_refuses_to_load_is_one_sentence(tmp_path: Path) -> None:
    huge = oversized_png(tmp_path / "huge.png")
    code, out, err = run_decode(str(huge))
    assert code == 1 and out == ""
    assert err.strip() == f"{huge}: declares more pixels than the 40 megapixels decode reads."


def test_sizes_are_read_from_the_header_before_decoding_and_native_warnings_hidden(
        tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    empty = oversized_png(tmp_path / "empty.png", 0, 0)  # OpenCV would allocate 4 GB
    big = oversized_png(tmp_path / "big.png", 7000, 6000)  # 42 megapixels in 1 KB
    fine = oversized_png(tmp_path / "fine.png", 8, 8)
    code, out, err = run_decode(str(empty), str(big), str(fine))
    assert code == 1
    assert err.splitlines() == [f"{empty}: is not an image we can read.",
                                f"{big}: declares 7000x6000 pixels, more than the 40 "
                                "megapixels decode reads."]
    assert out.startswith(f"{fine}: 0 codes")
    native = capfd.readouterr()
    assert "libpng" not in native.err and "libpng" not in native.out


def test_a_file_name_too_long_is_reported_and_the_next_files_still_decode(
        tmp_path: Path) -> None:
    fine = oversized_png(tmp_path / "fine.png", 8, 8)
    code, out, err = run_decode(str(tmp_path / ("a" * 300 + ".png")), str(fine))
    assert code == 1 and "File name too long." in err and len(err) < 200
    assert out.startswith(f"{fine}: 0 codes")


def test_control_characters_of_a_foreign_code_are_shown_escaped(tmp_path: Path) -> None:
    payload = "hello\nscan  XP/SH01\x1b[2J"
    image = qr_image(tmp_path / "foreign.png", payload)
    _, out, _ = run_decode(str(image))
    assert "\x1b" not in out and "\nscan" not in out
    assert "hello\\nscan  XP/SH01\\x1b[2J" in out
    _, out, _ = run_decode("--json", str(image))
    assert json.loads(out)["codes"][0]["text"] == payload  # stored and compared as read


def run_scan(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = commands.run_scan(parse("scan", *argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_scan_of_a_replay_with_tiny_and_unloadable_images_ends_with_a_sentence(
    tmp_path: Path,
) -> None:
    cv2.imwrite(str(tmp_path / "a.png"), np.zeros((1, 1), np.uint8))
    oversized_png(tmp_path / "b.png")
    code, out, err = run_scan("--camera", f"replay:{tmp_path}", "--fps", "240")
    assert code == 0
    assert out.splitlines()[-1].endswith(
        "ended  The replay has ended (1 unreadable image skipped).")
    assert "1 captured, 1 decoded" in err


@pytest.mark.parametrize("where", ["missing", "empty"])
def test_scan_of_a_replay_that_cannot_open_is_refused_at_once(
    tmp_path: Path, where: str,
) -> None:
    folder = tmp_path / "frames"
    if where == "empty":
        folder.mkdir()
    code, out, err = run_scan("--camera", f"replay:{folder}")
    assert code == 2 and out == ""
    assert err.strip() in (f"{folder} does not exist.", f"{folder} holds no images to replay.")


def test_scan_that_fails_says_why_and_exits_1(monkeypatch: pytest.MonkeyPatch) -> None:
    def opener(camera: str, fps: float, err: object) -> object:
        def open_source() -> object:
            raise OverflowError("timeout value is too large")
        return open_source

    monkeypatch.setattr(commands, "source_opener", opener)
    code, out, _ = run_scan("--camera", "auto")
    assert code == 1
    assert out.splitlines()[-1].endswith(
        "failed  The scanner stopped because the camera could not be read "
        "(OverflowError: timeout value is too large).")


class ClosedPipe(io.StringIO):
    """Standard output read by `head -1`: the second line finds the pipe closed."""

    def write(self, text: str) -> int:
        if self.getvalue().count("\n") >= 1:
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(text)


def test_scan_whose_reader_stops_reading_ends_quietly(tmp_path: Path) -> None:
    image, _ = photos.make_photo(26, "clean")
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"{i}.png"), image)
    out, err = ClosedPipe(), io.StringIO()
    code = commands.run_scan(parse("scan", "--camera", f"replay:{tmp_path}", "--fps", "240"),
                             out, err)
    assert code == 0
    assert out.getvalue().count("\n") == 1 and "starting" in out.getvalue()
    assert err.getvalue().startswith("frames:")


@pytest.mark.parametrize(("option", "value"), [("--fps", "-1"), ("--fps", "nan"),
                                               ("--fps", "1000"), ("--forget-after", "0"),
                                               ("--forget-after", "nan")])
def test_scan_refuses_numbers_that_cannot_work(option: str, value: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        parse("scan", option, value)
    assert caught.value.code == 2
    assert f"argument {option}:" in capsys.readouterr().err


def test_doctor_uses_the_companion_data_folder(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "kiosk"))
    (finding,) = check_data_dir(Probes())
    assert str(tmp_path / "kiosk") in finding.found


def test_doctor_says_why_each_camera_did_not_open() -> None:
    tried = [("picamera2", "The Pi camera could not be started (no cameras available)."),
             ("opencv:0", "No webcam at /dev/video0.")]
    lines = check_cameras(Probes(), lambda: tried)
    assert [f.found for f in lines[:2]] == [
        "Camera picamera2: The Pi camera could not be started (no cameras available).",
        "Camera opencv:0: No webcam at /dev/video0."]
    assert lines[-1].found == "No camera was found." and lines[-1].fix
    working = check_cameras(Probes(), lambda: [tried[0], ("opencv:1", "")])
    assert working[-1].found == "Camera opencv:1 opens."
    assert not any(f.fix for f in working)


def test_doctor_reports_the_decoder_library_s_own_version() -> None:
    from companion.scanner.decoders import library_version

    assert library_version("opencv") == cv2.__version__


def test_doctor_reports_the_cpu_scale_and_flags_a_very_slow_machine() -> None:
    from companion.scanner.doctor import check_cpu

    [pi] = check_cpu(Probes(cpu_scale=lambda: 3.9))
    assert pi.area == "cpu" and pi.found.startswith("CPU scale 3.9:") and pi.fix == ""
    [slow] = check_cpu(Probes(cpu_scale=lambda: 12.0))
    assert "12.0 times" in slow.found and slow.fix

    def broken() -> float:
        raise OSError("no reference figure")

    [unknown] = check_cpu(Probes(cpu_scale=broken))
    assert unknown.found == "The CPU scale could not be measured (no reference figure)."


def test_the_cpu_scale_is_measured_against_the_stored_reference_figure() -> None:
    from companion.scanner.cpuscale import load_reference, measure, workload_ms

    # The reference is this workload on the dev machine; any machine running the suite
    # measures a positive, finite scale against it (a Pi about 4).
    assert load_reference().cpu_ms > 0
    assert workload_ms() > 0 and 0 < measure() < 100

"""`companion doctor` on a Pi, with every Pi-only probe replaced by a stand-in."""

import subprocess
from pathlib import Path

from companion.cli.doctor import report
from companion.kiosk import probes
from companion.kiosk.probes import PiProbes
from companion.scanner import doctor

ROOT = Path(__file__).resolve().parents[2]

DSI_TOUCH = """I: Bus=0018 Vendor=0000 Product=0000 Version=0000
N: Name="generic ft5x06 (79)"
P: Phys=
H: Handlers=mouse0 event4
B: PROP=2
B: EV=b
B: KEY=400 0 0 0 0 0
B: ABS=2608000 3

I: Bus=0003 Vendor=046d Product=c52b Version=0111
N: Name="Logitech USB Receiver Mouse"
H: Handlers=mouse1 event5
B: EV=17
B: KEY=ffff0000 0 0 0 0
B: REL=1943
"""

KIOSK_CONFIG = """[kivy]
config_version = 27
[input]
mouse = mouse,disable_on_activity
hid_%(name)s = probesysfs,provider=hidinput
"""

GUIDE_CONFIG = """[input]
mouse = mouse
mtdev_%(name)s = probesysfs,provider=mtdev
hid_%(name)s = probesysfs,provider=hidinput
"""

JOURNAL = """[INFO   ] [GL          ] Backend used <sdl2>
[INFO   ] [GL          ] Renderer     <b'V3D 4.2.14.0'>
"""


def _done(stdout, returncode=0, stderr=""):
    return subprocess.CompletedProcess([], returncode, stdout, stderr)


HEALTHY = {
    "journalctl": _done(JOURNAL),
    "systemctl is-enabled": _done("enabled\n"),
    "systemctl is-active": _done("active\n"),
    "rpicam-hello": _done("Available cameras\n-----------------\n0 : imx708 [4608x2592 10-bit "
                          "RGGB] (/base/soc/i2c0mux/i2c@1/imx708@1a)\n"),
    "vcgencmd": _done("throttled=0x0\n"),
}


def _pi(files=None, commands=None, groups=("pi", "video", "render", "input"),
        free=(20_000_000_000, 29_000_000_000), drivers=None, modules=("picamera2",)):
    files = {"/proc/device-tree/model": "Raspberry Pi 5 Model B Rev 1.0\x00",
             "/proc/bus/input/devices": DSI_TOUCH,
             "/home/pi/.config/exploration-companion/kivy/config.ini": KIOSK_CONFIG,
             "/proc/asound/pcm": "00-00: MAI PCM i2s-hifi-0 : MAI PCM i2s-hifi-0 : playback 1\n",
             **(files or {})}
    commands = {**HEALTHY, **(commands or {})}
    drivers = drivers or {"/sys/class/drm/card0": "v3d", "/sys/class/drm/card1": "vc4-drm"}

    def run(argv):
        for key, result in commands.items():
            if " ".join(argv).startswith(key):
                return result
        return None
    return PiProbes(read=lambda path: files.get(path, ""),
                    glob=lambda pattern: [*drivers, "/sys/class/drm/card1-DSI-1"],
                    driver=lambda card: drivers[card], run=run, groups=lambda: list(groups),
                    free_space=lambda path: free,
                    environ={"KIVY_HOME": "/home/pi/.config/exploration-companion/kivy"},
                    has_module=lambda name: name in modules,
                    which=lambda name: f"/usr/bin/{name}")


def _lines(findings):
    return {f.area: (f.found, f.fix) for f in findings}


def test_a_healthy_kiosk_reports_everything_and_asks_for_no_fix():
    found = probes.report(_pi())
    assert not [f for f in found if f.fix], found
    lines = _lines(found)
    assert lines["gl"][0] == ("GPU drivers: v3d, vc4-drm (hardware OpenGL); the kiosk last "
                              "drew with V3D 4.2.14.0.")
    assert lines["touch"][0] == ("generic ft5x06 (79) on /dev/input/event4: 1 Kivy touch "
                                 "provider (hid_%(name)s = probesysfs,provider=hidinput).")
    assert lines["groups"][0] == "This user is in video, render, input."
    assert lines["kiosk"][0] == "Kiosk service: enabled, active."
    assert lines["camera"][0] == ("Pi camera imx708: autofocus off, lens fixed at 7.7 "
                                  "dioptres (13 cm) while scanning.")
    assert lines["power"][0] == "No under-voltage or throttling since boot (throttled=0x0)."
    assert lines["sound"][0] == "Sound output: MAI PCM i2s-hifi-0."
    assert lines["space"][0] == "Free space on the card: 20.0 GB of 29.0 GB."


def test_not_a_pi_adds_only_the_sound_and_voice_lines():
    found = probes.report(_pi(files={"/proc/device-tree/model": ""}))
    assert [(f.area, f.found) for f in found] == [
        ("sound", "Sound output: MAI PCM i2s-hifi-0."),
        ("voice", "The voice speaks with espeak-ng on MAI PCM i2s-hifi-0 (companion say "
                  "\"TEXT\" checks it).")]


def test_a_webcam_microphone_is_no_sound_output():
    found = _lines(probes.report(_pi(files={"/proc/asound/pcm": (
        "01-00: USB Audio : USB Audio : capture 1\n")})))
    assert found["sound"][0].startswith("No sound output")


def test_software_gl_is_named_with_its_fix():
    found = _lines(probes.report(_pi(commands={"journalctl": _done(
        "[INFO   ] [GL          ] Renderer     <b'llvmpipe (LLVM 15.0.6, 128 bits)'>\n")})))
    assert "llvmpipe (LLVM 15.0.6, 128 bits)" in found["gl"][0]
    assert "vc4-kms-v3d" in found["gl"][1]


def test_no_v3d_driver_means_llvmpipe():
    found = _lines(probes.report(_pi(drivers={"/sys/class/drm/card0": "vc4-drm"})))
    assert "no hardware 3D driver" in found["gl"][0] and found["gl"][1]


def test_the_guides_two_providers_are_reported_as_double_touches():
    found = _lines(probes.report(_pi(files={
        "/home/pi/.config/exploration-companion/kivy/config.ini": GUIDE_CONFIG})))
    assert "3 Kivy touch providers" in found["touch"][0]
    assert "exactly one touch line" in found["touch"][1]


def test_without_a_config_kivys_own_defaults_double_up_with_the_mouse():
    found = _lines(probes.report(_pi(files={
        "/home/pi/.config/exploration-companion/kivy/config.ini": ""})))
    assert "2 Kivy touch providers" in found["touch"][0] and found["touch"][1]


def test_no_touch_screen_says_what_to_check():
    found = _lines(probes.report(_pi(files={"/proc/bus/input/devices": ""})))
    assert found["touch"] == ("No touch screen is connected.", "Check the display's ribbon "
                              "(7-inch) or the panel's USB cable (HDMI).")


def test_missing_groups_are_named_with_the_command():
    found = _lines(probes.report(_pi(groups=("pi", "video"))))
    assert found["groups"] == ("This user is not in: render, input.",
                               "sudo usermod -aG render,input $USER, then log in again.")


def test_service_states():
    not_installed = _lines(probes.report(_pi(commands={
        "systemctl is-enabled": _done("", 1, "Failed to get unit file state: No such file"),
        "systemctl is-active": _done("inactive\n", 3)})))
    assert not_installed["kiosk"] == ("The kiosk service is not installed (bash deploy/"
                                      "setup.sh kiosk installs it).", "")
    failed = _lines(probes.report(_pi(commands={"systemctl is-active": _done("failed\n", 3)})))
    assert failed["kiosk"] == ("Kiosk service: enabled, failed.", "Read why: journalctl -b -u "
                               "exploration-companion-kiosk.service")
    disabled = _lines(probes.report(_pi(commands={"systemctl is-enabled": _done("disabled\n")})))
    assert "enable --now" in disabled["kiosk"][1]


def test_camera_missing_or_other_model():
    none = _lines(probes.report(_pi(commands={"rpicam-hello": _done("No cameras available!\n")})))
    assert none["camera"][0].startswith("No Pi camera is connected") and none["camera"][1]
    v2 = _lines(probes.report(_pi(commands={"rpicam-hello": _done(
        "0 : imx219 [3280x2464 10-bit RGGB] (/base/soc/i2c0mux/i2c@1/imx219@10)\n")})))
    assert v2["camera"][0] == ("Pi camera imx219: fixed focus: turn the lens to sharpen it at "
                               "the stand's height.")


def test_plain_debian_on_a_pi_says_the_camera_module_needs_raspberry_pi_os():
    """Debian's own arm64 archive has no picamera2: nothing to fix, and USB webcams work."""
    found = _lines(probes.report(_pi(modules=(), commands={
        "apt-cache policy python3-picamera2": _done("")})))
    assert found["camera"] == ("python3-picamera2 is not in this system's archive: the "
                               "Raspberry Pi Camera Module needs Raspberry Pi OS (or Raspberry "
                               "Pi's archive); USB webcams work through OpenCV.", "")
    # setup.sh says the same words when it goes on without it.
    assert probes.NO_PI_CAMERA in (ROOT / "deploy" / "common.sh").read_text(encoding="utf-8")


def test_picamera2_offered_but_not_installed_is_a_fix():
    found = _lines(probes.report(_pi(modules=(), commands={
        "apt-cache policy python3-picamera2": _done(
            "python3-picamera2:\n  Installed: (none)\n  Candidate: 0.3.25-1\n")})))
    assert found["camera"] == ("picamera2 is not installed, so the Pi camera cannot be used.",
                               "sudo apt install python3-picamera2, or run bash "
                               "deploy/setup.sh again.")


def test_the_pi_can_be_a_fixture_folder(tmp_path):
    """As deploy/common.sh: COMPANION_PI_PROBE_ROOT points the detection at a fixture."""
    def reader(path):
        try:
            return Path(path).read_text()
        except OSError:
            return ""

    probe = PiProbes(read=reader, environ={"COMPANION_PI_PROBE_ROOT": str(tmp_path)})
    assert not probe.is_pi()
    (tmp_path / "proc" / "device-tree").mkdir(parents=True)
    (tmp_path / "proc" / "device-tree" / "model").write_text("Raspberry Pi 4 Model B\x00")
    assert probe.is_pi()


def test_under_voltage_since_boot_points_at_the_supply():
    found = _lines(probes.report(_pi(commands={"vcgencmd": _done("throttled=0x50005\n")})))
    assert found["power"][0] == ("throttled=0x50005: under-voltage now; throttled now; "
                                 "under-voltage since boot; throttled since boot.")
    assert "power supply" in found["power"][1]
    hot = _lines(probes.report(_pi(commands={"vcgencmd": _done("throttled=0x80000\n")})))
    assert "Active Cooler" in hot["power"][1]


def test_no_sound_is_not_a_problem_and_low_space_is():
    found = _lines(probes.report(_pi(files={"/proc/asound/pcm": ""},
                                     free=(400_000_000, 29_000_000_000))))
    assert found["sound"][0].startswith("No sound output: the app runs silently")
    assert found["sound"][1] == ""
    assert found["space"][0] == "Free space on the card: 0.4 GB of 29.0 GB." and found["space"][1]


def test_doctor_appends_the_pi_findings():
    findings = report(doctor.Probes(environ={}, glob=lambda p: [],
                                    list_decoders=lambda: {"zxing": ""},
                                    decoder_version=lambda n: "2.2"),
                      try_open=lambda: [("picamera2", "")], pi=_pi())
    areas = [f.area for f in findings]
    assert areas[-9:] == ["gl", "touch", "groups", "kiosk", "camera", "power", "sound", "voice",
                          "space"]


def test_the_renderer_is_found_when_the_app_logs_through_python_logging():
    found = _lines(probes.report(_pi(commands={"journalctl": _done(
        "INFO:kivy:GL: Renderer <b'V3D 7.1.7.0'>\n")})))
    assert found["gl"][0].endswith("the kiosk last drew with V3D 7.1.7.0.")


def test_kivys_own_renderer_line_is_read_too():
    found = _lines(probes.report(_pi(commands={"journalctl": _done(
        "INFO:kivy:GL: OpenGL renderer <b'V3D 7.1.7.0'>\n"
        "INFO:companion.ui:GL: Renderer llvmpipe (LLVM 15.0.6, 128 bits)\n")})))
    assert "the kiosk last drew with llvmpipe (LLVM 15.0.6, 128 bits)" in found["gl"][0]
    assert found["gl"][1]  # software GL: the fix is named


def test_the_voice_line_says_whether_anyone_will_hear_it():
    heard = _lines(probes.report(_pi()))
    assert heard["voice"] == ("The voice speaks with espeak-ng on MAI PCM i2s-hifi-0 "
                              "(companion say \"TEXT\" checks it).", "")
    stand_in = _lines(probes.report(_pi(files={"/proc/asound/pcm": ""})))
    assert stand_in["voice"][0].startswith("The voice is a stand-in: espeak-ng is installed "
                                           "but there is no sound output")
    pi = _pi()
    pi.which = lambda name: None
    missing = _lines(probes.report(pi))
    assert missing["voice"][0].startswith("espeak-ng is not installed, so the voice is silent")
    assert missing["voice"][1] == ""  # optional, like the sound cues

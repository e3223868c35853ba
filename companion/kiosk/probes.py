"""`companion doctor` on a Raspberry Pi: the kiosk's own checks.

Every probe reads through `PiProbes`, whose fields tests replace with stand-ins
describing a Pi (a healthy one, a broken one) on any machine.
"""

from __future__ import annotations

import configparser
import glob
import grp
import importlib.util
import os
import re
import shutil
import subprocess
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from companion.core.words import counted
from companion.kiosk import SERVICE, kivy_home
from companion.scanner.doctor import Finding

Runner = Callable[[Sequence[str]], "subprocess.CompletedProcess[str] | None"]
KIOSK_GROUPS = ("video", "render", "input")
LOW_SPACE = 1_000_000_000
#: Said by `bash deploy/setup.sh` (deploy/common.sh) and here alike.
NO_PI_CAMERA = ("the Raspberry Pi Camera Module needs Raspberry Pi OS (or Raspberry Pi's "
                "archive)")
THROTTLE_BITS = {0: "under-voltage now", 1: "CPU speed capped now", 2: "throttled now",
                 3: "at the soft temperature limit now", 16: "under-voltage since boot",
                 17: "CPU speed capped since boot", 18: "throttled since boot",
                 19: "soft temperature limit reached since boot"}


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read()
    except OSError:
        return ""


def _run(argv: Sequence[str]) -> subprocess.CompletedProcess[str] | None:
    """The command's result, or None when it is not installed."""
    if shutil.which(argv[0]) is None:
        return None
    try:
        return subprocess.run(list(argv), capture_output=True, text=True, timeout=20,
                              check=False)
    except (OSError, subprocess.SubprocessError):
        return None


def _has_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _groups() -> list[str]:
    names = []
    for gid in os.getgroups():
        try:
            names.append(grp.getgrgid(gid).gr_name)
        except KeyError:
            continue
    return names


def _free_space(path: str) -> tuple[int, int]:
    while path and not os.path.exists(path):
        path = os.path.dirname(path)
    usage = shutil.disk_usage(path or "/")
    return usage.free, usage.total


@dataclass
class PiProbes:
    read: Callable[[str], str] = _read
    glob: Callable[[str], list[str]] = glob.glob
    driver: Callable[[str], str] = lambda card: os.path.basename(
        os.path.realpath(os.path.join(card, "device", "driver")))
    run: Runner = _run
    groups: Callable[[], list[str]] = _groups
    free_space: Callable[[str], tuple[int, int]] = _free_space
    environ: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))
    has_module: Callable[[str], bool] = _has_module
    which: Callable[[str], str | None] = shutil.which

    def is_pi(self) -> bool:
        """The device tree names a Raspberry Pi, or Raspberry Pi OS says it is one.
        `COMPANION_PI_PROBE_ROOT` points both at a fixture folder, as in deploy/common.sh."""
        root = self.environ.get("COMPANION_PI_PROBE_ROOT", "")
        return ("raspberry pi" in self.read(f"{root}/proc/device-tree/model").lower()
                or bool(self.read(f"{root}/etc/rpi-issue")))


def check_gl(p: PiProbes) -> list[Finding]:
    cards = [c for c in sorted(p.glob("/sys/class/drm/card*")) if re.search(r"card\d+$", c)]
    drivers = sorted({p.driver(c) for c in cards})
    renderer = _last_renderer(p)
    said = f"; the kiosk last drew with {renderer}" if renderer else ""
    if "llvmpipe" in renderer.lower() or "softpipe" in renderer.lower():
        return [Finding("gl", f"GPU drivers: {', '.join(drivers) or 'none'}{said} "
                        "(software, slow).", "Check dtoverlay=vc4-kms-v3d in "
                        "/boot/firmware/config.txt and that the kiosk user is in the render "
                        "group, then reboot.")]
    if "v3d" not in drivers:
        return [Finding("gl", f"GPU drivers: {', '.join(drivers) or 'none'}: no hardware 3D "
                        "driver (v3d), so the app would draw with llvmpipe.", "Add "
                        "dtoverlay=vc4-kms-v3d to /boot/firmware/config.txt and reboot.")]
    return [Finding("gl", f"GPU drivers: {', '.join(drivers)} (hardware OpenGL){said}.")]


def _last_renderer(p: PiProbes) -> str:
    """The app logs the GL renderer at every start; the kiosk's journal keeps it."""
    result = p.run(["journalctl", "-u", SERVICE, "-o", "cat", "--no-pager", "-n", "3000"])
    if result is None or result.returncode != 0:
        return ""
    return renderer_in(result.stdout)


def renderer_in(log: str) -> str:
    """The last GL renderer named in a log: the app's own line (companion/ui/applog.py,
    `GL: Renderer V3D 7.1.7.0`) or Kivy's at info level (`[GL ] Renderer <b'...'>`,
    `GL: OpenGL renderer <b'...'>`)."""
    found = re.findall(r"(?:\[GL\s*\]|GL:) (?:OpenGL )?[Rr]enderer\s+(.+)", log)
    if not found:
        return ""
    text = found[-1].strip()
    quoted = re.fullmatch(r"<?b?(['\"])(.*)\1>?", text)
    return quoted.group(2).strip() if quoted else text.strip("<>").strip()


def touch_devices(text: str) -> list[tuple[str, str]]:
    """(name, /dev/input/eventN) of each touch screen in /proc/bus/input/devices."""
    found = []
    for block in text.split("\n\n"):
        name = re.search(r'^N: Name="(.*)"$', block, re.M)
        event = re.search(r"^H: Handlers=.*\b(event\d+)\b", block, re.M)
        if not (name and event):
            continue
        abs_bits = _bits(block, "ABS")
        if 53 in abs_bits or (0 in abs_bits and 330 in _bits(block, "KEY")):
            found.append((name.group(1), f"/dev/input/{event.group(1)}"))
    return found


def _bits(block: str, kind: str) -> set[int]:
    """The set bits of a `B: KIND=` line: hex words, most significant first, 64 bits each."""
    line = re.search(rf"^B: {kind}=([0-9a-f ]+)$", block, re.M)
    if not line:
        return set()
    bits: set[int] = set()
    for index, word in enumerate(reversed(line.group(1).split())):
        value = int(word, 16)
        bits.update(index * 64 + b for b in range(64) if value >> b & 1)
    return bits


def touch_providers(config_text: str, name: str, event: str) -> list[str]:
    """The [input] lines of Kivy's config that would deliver this touch screen's touches."""
    parser = configparser.RawConfigParser(strict=False)
    try:
        # No file yet: Kivy's own defaults on a Pi (a second provider via the mouse).
        parser.read_string(config_text or "[input]\nmouse = mouse\n%(name)s = probesysfs,"
                           "provider=hidinput\n")
    except configparser.Error:
        return []
    if not parser.has_section("input"):
        return []
    delivering = []
    for key, value in parser.items("input"):
        words = [w.strip() for w in value.split(",")]
        params = dict(w.split("=", 1) for w in words[1:] if "=" in w)
        kind = words[0]
        delivers = ((kind == "mouse" and "disable_on_activity" not in words)
                    or (kind == "probesysfs" and _matches(params.get("match", ""), name))
                    or (kind in ("mtdev", "hidinput") and event in words[1:]))
        if delivers:
            delivering.append(f"{key} = {value}")
    return delivering


def _matches(pattern: str, name: str) -> bool:
    try:
        return re.search(pattern, name, re.I) is not None
    except re.error:
        return True  # Kivy would fail on it too; count it rather than hide it


def check_touch(p: PiProbes) -> list[Finding]:
    screens = touch_devices(p.read("/proc/bus/input/devices"))
    if not screens:
        return [Finding("touch", "No touch screen is connected.",
                        "Check the display's ribbon (7-inch) or the panel's USB cable (HDMI).")]
    config = str(kivy_home(p.environ) / "config.ini")
    text = p.read(config)
    findings = []
    for name, event in screens:
        providers = touch_providers(text, name, event)
        shown = f"{name} on {event}: {counted(len(providers), 'Kivy touch provider')}"
        if len(providers) == 1:
            findings.append(Finding("touch", f"{shown} ({providers[0]})."))
        else:
            findings.append(Finding("touch", f"{shown}{' in ' + config if text else ''}.",
                                    "Keep exactly one touch line in [input] and "
                                    "mouse = mouse,disable_on_activity (bash deploy/setup.sh "
                                    "kiosk writes that file)."))
    return findings


def check_groups(p: PiProbes) -> list[Finding]:
    have = set(p.groups())
    missing = [g for g in KIOSK_GROUPS if g not in have]
    if missing:
        return [Finding("groups", f"This user is not in: {', '.join(missing)}.",
                        f"sudo usermod -aG {','.join(missing)} $USER, then log in again.")]
    return [Finding("groups", f"This user is in {', '.join(KIOSK_GROUPS)}.")]


def check_service(p: PiProbes) -> list[Finding]:
    enabled = p.run(["systemctl", "is-enabled", SERVICE])
    active = p.run(["systemctl", "is-active", SERVICE])
    if enabled is None or active is None:
        return [Finding("kiosk", "systemctl is not available; the kiosk service is unknown.")]
    state, running = enabled.stdout.strip(), active.stdout.strip()
    if state in ("", "not-found") or "No such file" in enabled.stderr:
        return [Finding("kiosk", "The kiosk service is not installed "
                        "(bash deploy/setup.sh kiosk installs it).")]
    line = f"Kiosk service: {state}, {running or 'unknown'}."
    if state != "enabled":
        return [Finding("kiosk", line, f"sudo systemctl enable --now {SERVICE}")]
    if running == "failed":
        return [Finding("kiosk", line, f"Read why: journalctl -b -u {SERVICE}")]
    return [Finding("kiosk", line)]


def check_camera(p: PiProbes) -> list[Finding]:
    if not p.has_module("picamera2"):
        return _no_picamera2(p)
    result = p.run(["rpicam-hello", "--list-cameras"]) or \
        p.run(["libcamera-hello", "--list-cameras"])
    if result is None:
        return [Finding("camera", "rpicam-apps is not installed, so the Pi camera's model "
                        "is unknown.", "sudo apt install rpicam-apps")]
    models = re.findall(r"^\s*\d+\s*:\s*(\S+)\s*\[", result.stdout, re.M)
    if not models:
        return [Finding("camera", "No Pi camera is connected (rpicam-hello lists none).",
                        "Power off, reseat the ribbon cable (contacts towards the board), "
                        "and check again; a USB webcam is checked above.")]
    from companion.scanner.sources import LENS_POSITION

    findings = []
    for model in models:
        if model.startswith("imx708"):
            focus = (f"autofocus off, lens fixed at {LENS_POSITION} dioptres "
                     f"({100 / LENS_POSITION:.0f} cm) while scanning")
        else:
            focus = "fixed focus: turn the lens to sharpen it at the stand's height"
        findings.append(Finding("camera", f"Pi camera {model}: {focus}."))
    return findings


def _no_picamera2(p: PiProbes) -> list[Finding]:
    """picamera2 is missing: a fix where the archive offers it, else why it cannot be."""
    policy = p.run(["apt-cache", "policy", "python3-picamera2"])
    candidate = re.search(r"^\s*Candidate:\s*(\S+)", policy.stdout if policy else "", re.M)
    if candidate and candidate.group(1) != "(none)":
        return [Finding("camera", "picamera2 is not installed, so the Pi camera cannot be "
                        "used.", "sudo apt install python3-picamera2, or run bash "
                        "deploy/setup.sh again.")]
    return [Finding("camera", f"python3-picamera2 is not in this system's archive: "
                    f"{NO_PI_CAMERA}; USB webcams work through OpenCV.")]


def check_power(p: PiProbes) -> list[Finding]:
    result = p.run(["vcgencmd", "get_throttled"])
    match = re.search(r"throttled=(0x[0-9a-fA-F]+)", result.stdout if result else "")
    if not match:
        return [Finding("power", "vcgencmd could not tell whether the Pi was throttled.")]
    value = int(match.group(1), 16)
    problems = [words for bit, words in THROTTLE_BITS.items() if value >> bit & 1]
    if not problems:
        return [Finding("power", "No under-voltage or throttling since boot (throttled=0x0).")]
    fix = ("Use the official power supply and a short cable." if value & 0x10001
           else "Give the Pi a heatsink or fan (Pi 5: the Active Cooler).")
    return [Finding("power", f"throttled={match.group(1)}: {'; '.join(problems)}.", fix)]


def check_sound(p: PiProbes) -> list[Finding]:
    """Whether the app can play its cues: the same test the app makes (kiosk/sounddevices.py)."""
    from companion.kiosk.sounddevices import PCM_LIST, playback_devices

    devices = playback_devices(p.read(PCM_LIST))
    if not devices:
        return [Finding("sound", "No sound output: the app runs silently (sound is optional; "
                        "an HDMI screen with speakers or a USB speaker adds it).")]
    return [Finding("sound", f"Sound output: {'; '.join(devices)}.")]


def check_voice(p: PiProbes) -> list[Finding]:
    """Whether the app's voice (espeak-ng, companion/voice) can be heard here."""
    from companion.kiosk.sounddevices import PCM_LIST, playback_devices

    if p.which("espeak-ng") is None:
        return [Finding("voice", "espeak-ng is not installed, so the voice is silent "
                        "(optional; sudo apt install espeak-ng, or bash deploy/setup.sh, "
                        "adds it).")]
    devices = playback_devices(p.read(PCM_LIST))
    if not devices:
        return [Finding("voice", "The voice is a stand-in: espeak-ng is installed but there "
                        "is no sound output, so nothing is heard.")]
    return [Finding("voice", f"The voice speaks with espeak-ng on {devices[0]} "
                    "(companion say \"TEXT\" checks it).")]


def check_space(p: PiProbes) -> list[Finding]:
    from companion.paths import data_dir

    free, total = p.free_space(str(data_dir()))
    line = f"Free space on the card: {free / 1e9:.1f} GB of {total / 1e9:.1f} GB."
    if free < LOW_SPACE:
        return [Finding("space", line, "Free some space: saved games and backups need room "
                        "to grow (sudo apt clean; copy old backups off with the USB export).")]
    return [Finding("space", line)]


def report(p: PiProbes | None = None) -> list[Finding]:
    """The Pi's findings; on any other machine only the sound line."""
    p = p or PiProbes()
    if not p.is_pi():  # sound and voice are checked everywhere: the app plays them anywhere
        return check_sound(p) + check_voice(p)
    checks = (check_gl, check_touch, check_groups, check_service, check_camera,
              check_power, check_sound, check_voice, check_space)
    return [finding for check in checks for finding in check(p)]

"""`companion doctor`: what the scanner and screen can use here, and what to fix.

Every check returns plain sentences; `environ`, `exists` and the probes are
injectable so tests can describe a Pi or a bare server without having one.
"""

from __future__ import annotations

import glob
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from companion.scanner import decoders


@dataclass
class Finding:
    """One line of the report: what was found, and what to do if it is a problem."""

    area: str
    found: str
    fix: str = ""


@dataclass
class Probes:
    environ: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))
    exists: Callable[[str], bool] = os.path.exists
    readable: Callable[[str], bool] = lambda p: os.access(p, os.R_OK)
    glob: Callable[[str], list[str]] = glob.glob
    list_decoders: Callable[[], dict[str, str]] = decoders.available
    decoder_version: Callable[[str], str] = decoders.library_version
    cpu_scale: Callable[[], float] = lambda: _measured_scale()


def _measured_scale() -> float:
    from companion.scanner.cpuscale import measure

    return measure()


#: Above this CPU scale the rescues of a hard tag take many frames (docs/perf.md).
SLOW_SCALE = 8.0


def check_cpu(probes: Probes) -> list[Finding]:
    """The CPU scale measured here: how many times slower than the reference machine."""
    try:
        scale = probes.cpu_scale()
    except (OSError, ValueError, KeyError, decoders.DecoderUnavailableError) as exc:
        return [Finding("cpu", f"The CPU scale could not be measured ({exc}).")]
    found = (f"CPU scale {scale:.1f}: a frame takes this machine {scale:.1f} times the CPU "
             "time it takes the reference machine (a Pi 4 is about 4; docs/perf.md gives "
             "what the scanner reads at scale 4).")
    if scale > SLOW_SCALE:
        return [Finding("cpu", found, "Hard tags will take many frames to read here: close "
                        "other programs, or use a faster machine (a Pi 4 or 5).")]
    return [Finding("cpu", found)]


def check_decoders(probes: Probes) -> list[Finding]:
    status = probes.list_decoders()
    findings = []
    for name, problem in status.items():
        if problem:
            findings.append(Finding("decoder", f"Decoder {name}: not usable.", problem))
        else:
            findings.append(Finding("decoder", f"Decoder {name}: {probes.decoder_version(name)}."))
    usable = [n for n, p in status.items() if not p]
    if not usable:
        findings.append(Finding("decoder", "No QR decoder is usable, so no card can scan.",
                                "Install zxing-cpp: pip install zxing-cpp."))
    elif usable[0] != decoders.DECODER_NAMES[0]:
        findings.append(Finding("decoder", f"Scanning will use {usable[0]} instead of zxing.",
                                "Install zxing-cpp for faster, more reliable scans."))
    return findings


def check_display(probes: Probes) -> list[Finding]:
    env = probes.environ
    findings = []
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        wayland = env.get("WAYLAND_DISPLAY")
        shown = f"Wayland {wayland}" if wayland else f"X11 {env['DISPLAY']}"
        findings.append(Finding("display", f"A desktop display is available ({shown})."))
    cards = probes.glob("/dev/dri/card*")
    if cards:
        usable = [c for c in cards if probes.readable(c)]
        fix = "" if usable else "Add this user to the video and render groups."
        findings.append(Finding("display", f"GPU devices: {', '.join(cards)}"
                                f" ({'readable' if usable else 'not readable'}).", fix))
    if not findings:
        findings.append(Finding("display", "No display: no DISPLAY, no WAYLAND_DISPLAY, no "
                                "/dev/dri.", "The table screen needs a desktop session or a "
                                "KMS display (/dev/dri/card*); the CLI works without one."))
    return findings


def check_touch(probes: Probes) -> list[Finding]:
    events = probes.glob("/dev/input/event*")
    if not events:
        return [Finding("touch", "No input devices (/dev/input/event*) were found.",
                        "Connect the touch screen, or use a mouse.")]
    readable = [e for e in events if probes.readable(e)]
    if not readable:
        return [Finding("touch", f"{len(events)} input devices, none readable.",
                        "Add this user to the input group, then log in again.")]
    return [Finding("touch", f"{len(readable)} of {len(events)} input devices are readable.")]


def check_data_dir(probes: Probes) -> list[Finding]:
    from companion.paths import data_dir

    try:
        path = str(data_dir())
    except ImportError:
        return [Finding("data", "platformdirs is not installed.", "pip install platformdirs.")]
    if probes.exists(path):
        return [Finding("data", f"Data directory: {path}.")]
    return [Finding("data", f"Data directory: {path} (created on first save).")]


CameraProbe = Callable[[], list[tuple[str, str]]]


def check_cameras(probes: Probes, try_open: CameraProbe) -> list[Finding]:
    """One line per camera tried: it opens, or the sentence saying why not."""
    tried = try_open()
    opened = [name for name, problem in tried if not problem]
    findings = [Finding("camera", f"Camera {name} opens." if not problem
                        else f"Camera {name}: {problem}") for name, problem in tried]
    if not opened:
        findings.append(Finding("camera", "No camera was found.",
                                "On the Pi: sudo apt install python3-picamera2 and check the "
                                "ribbon cable; elsewhere plug in a USB webcam "
                                "(scan --camera opencv:0)."))
    return findings


def probe_cameras(max_index: int = 3) -> list[tuple[str, str]]:
    """Try picamera2 and the first OpenCV indexes: (camera, "" or why it did not open)."""
    from companion.scanner.sources import CameraUnavailableError, OpenCVSource, Picamera2Source

    tried = []
    candidates = [Picamera2Source()] + [OpenCVSource(i) for i in range(max_index)]
    for source in candidates:
        try:
            source.open()
        except CameraUnavailableError as exc:
            tried.append((source.name, str(exc)))
            continue
        source.close()
        tried.append((source.name, ""))
    return tried


def report(probes: Probes | None = None, try_open: CameraProbe = probe_cameras) -> list[Finding]:
    """What the scanner and screen can use on any machine (`companion doctor` adds the Pi's)."""
    probes = probes or Probes()
    return (check_cameras(probes, try_open) + check_decoders(probes) + check_cpu(probes)
            + check_display(probes) + check_touch(probes) + check_data_dir(probes))

"""Which sound devices this machine can play through, read from ALSA's list.

The app asks before it opens its speaker (companion/ui/sound.py) and
`companion doctor` reports the same answer (kiosk/probes.py): one test, so the
two never disagree. Standard library only, safe on any machine.
"""

from __future__ import annotations

from pathlib import Path

#: ALSA's list of PCM devices: one line per device, "playback N" when it can play.
PCM_LIST = "/proc/asound/pcm"


def playback_devices(pcm_list: str) -> list[str]:
    r"""The names of the devices that can play sound, from the text of /proc/asound/pcm.

    A webcam's microphone is a sound card too, but capture only: it is not counted.

    >>> playback_devices("00-00: MAI PCM i2s-hifi-0 : MAI PCM i2s-hifi-0 : playback 1\n"
    ...                  "01-00: USB Audio : USB Audio : capture 1\n")
    ['MAI PCM i2s-hifi-0']
    """
    names = []
    for line in pcm_list.splitlines():
        parts = [part.strip() for part in line.split(":")]
        if len(parts) >= 4 and any(p.startswith("playback") for p in parts[3:]):
            names.append(parts[2] or parts[1])
    return names


def has_sound_device(pcm_list: str | None = None) -> bool:
    """True when ALSA shows a device that can play sound (what doctor reports)."""
    if pcm_list is None:
        try:
            pcm_list = Path(PCM_LIST).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return False
    return bool(playback_devices(pcm_list))

"""The app's own settings, kept as a small JSON file in the user's config directory.

The file is the one the kiosk install seeds (`companion.kiosk.settings_file()`:
rotation, fullscreen); the app reads it at start (with `window`, the size `--size`
asked for last) and writes it when a player changes a setting, keeping any key it
does not know. A broken or partial file falls back to the defaults for what it cannot
read and never stops the app.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from companion.paths import APP_NAME
from companion.voice.synth import VOICES, VoiceStyle

DECODERS = ("auto", "zxing", "zbar", "opencv")
#: Who draws the cards the game asks for: the table (real cards) or the app (its decks).
DRAWERS = ("table", "app")
#: Player names remembered for the new-game form's one-tap chips, newest first.
RECENT_NAMES = 8
NAME_LENGTH = 40
TEXT_SIZES = (0.85, 1.0, 1.3)
#: The voice's speeds in Settings, words per minute (espeak-ng's own default is 175).
VOICE_RATES = {"Slow": 130, "Medium": 160, "Fast": 200}
#: The English voices offered: espeak-ng's names and what a player reads.
VOICE_NAMES = VOICES


@dataclass(frozen=True)
class AppSettings:
    camera: str = "auto"
    decoder: str = "auto"
    sound: bool = True
    volume: float = 0.7
    rotation: int = 0
    text_scale: float = 1.0
    #: Fill the display (`--fullscreen`, the kiosk's seed); without it, `window` decides.
    fullscreen: bool = False
    #: The window asked for with `--size WxH` and opened again at the next start; empty:
    #: the app fills the display (companion/ui/window.py).
    window: str = ""
    #: The dashboard's command bar, shown without a keyboard plugged in (house rules,
    #: corrections typed on the on-screen keyboard).
    typed_commands: bool = False
    recent_names: tuple[str, ...] = ()
    #: The game of the last game started: the new-game form opens on it (try 12, finding
    #: 1: a table found another game chosen and its form, one tap more every game).
    last_game: str = ""
    #: The phones' page (docs/phones.md): off until the table turns it on.
    phones: bool = False
    # On by default, like the sounds: at game night the players look at the board, and
    # the voice says what they would otherwise miss (never a hidden card); without a
    # speaker it is silent anyway, and Settings turns it off in one tap.
    voice: bool = True
    voice_name: str = "en-gb"
    voice_rate: int = 160
    voice_volume: float = 0.8
    #: Who draws the cards the game asks for (issue 22): "table", real cards each picked
    #: from the list or scanned (the fixed bar's main action is the pick), or "app", the
    #: app's own decks (the fixed bar's main action is the app's draw). The table's
    #: choice, kept with a camera too: a table whose deck stayed home has nothing to scan.
    drawer: str = "table"

    @property
    def voice_style(self) -> VoiceStyle:
        return VoiceStyle(self.voice_name, self.voice_rate, self.voice_volume)

    def with_value(self, name: str, raw: object) -> AppSettings:
        """A copy with one setting read from text; an unreadable value keeps the old one."""
        try:
            value = _parse(name, str(raw))
        except ValueError:
            return self
        changes: dict[str, Any] = {name: value}
        return replace(self, **changes)

    def with_recent_names(self, names: Iterable[object]) -> AppSettings:
        """`names` first (the players of the game just started), then the ones remembered
        before; the same name once (any case), at most RECENT_NAMES, none blank or long."""
        kept: list[str] = []
        for raw in [*names, *self.recent_names]:
            name = str(raw).strip()
            if name and len(name) <= NAME_LENGTH and \
                    name.casefold() not in {k.casefold() for k in kept}:
                kept.append(name)
        return replace(self, recent_names=tuple(kept[:RECENT_NAMES]))


def _parse(name: str, raw: str) -> object:
    raw = raw.strip()
    if name in ("sound", "fullscreen", "typed_commands", "phones", "voice"):
        if raw.lower() in ("1", "yes", "true", "on"):
            return True
        if raw.lower() in ("0", "no", "false", "off"):
            return False
        raise ValueError(raw)
    if name in ("volume", "voice_volume"):
        return min(1.0, max(0.0, float(raw)))
    if name == "voice_rate":
        return min(260, max(100, int(raw)))
    if name == "drawer":
        if raw not in DRAWERS:
            raise ValueError(raw)
        return raw
    if name == "voice_name":
        if raw not in VOICE_NAMES:
            raise ValueError(raw)
        return raw
    if name == "rotation":
        if int(raw) not in (0, 180):
            raise ValueError(raw)
        return int(raw)
    if name == "last_game":
        if len(raw) > 40 or not raw.replace("-", "").replace("_", "").isalnum():
            raise ValueError(raw)
        return raw
    if name == "window":
        if raw and not _is_window_size(raw):
            raise ValueError(raw)
        return raw.lower()
    if name == "text_scale":
        # The offered size nearest: a value no button offers (a hand-edited file) opens at
        # a size Settings shows selected.
        wanted = float(raw)
        if wanted != wanted:  # NaN
            raise ValueError(raw)
        return min(TEXT_SIZES, key=lambda size: abs(size - wanted))
    if name == "decoder" and raw not in DECODERS:
        raise ValueError(raw)
    if name not in ("camera", "decoder") or not raw or len(raw) > 200:
        raise ValueError(raw)
    return raw


def _is_window_size(raw: str) -> bool:
    width, _x, height = raw.lower().partition("x")
    return width.isdigit() and height.isdigit()


def config_path() -> Path:
    """The settings file: $COMPANION_CONFIG_DIR/settings.json, else the user's config dir."""
    override = os.environ.get("COMPANION_CONFIG_DIR")
    if override:
        return Path(override) / "settings.json"
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME, appauthor=False)) / "settings.json"


def _read(path: Path) -> dict[str, Any]:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return raw if isinstance(raw, dict) else {}


def load_settings(path: Path | None = None) -> AppSettings:
    raw = _read(path or config_path())
    settings = AppSettings()
    for f in fields(AppSettings):
        if f.name in raw and f.name != "recent_names":
            settings = settings.with_value(f.name, raw[f.name])
    names = raw.get("recent_names")
    if isinstance(names, list):
        settings = settings.with_recent_names(n for n in names if isinstance(n, str))
    return settings


def save_settings(settings: AppSettings, path: Path | None = None) -> None:
    """Write the settings beside any other keys (whole file, then rename: no half file)."""
    path = path or config_path()
    data = {**_read(path), **asdict(settings)}
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    os.replace(temporary, path)

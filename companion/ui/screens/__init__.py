"""One module and one .kv file per screen; each screen shows data and forwards intents."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder


def load_layout(module_file: str) -> None:
    """Load the .kv file beside a screen's module (once)."""
    path = str(Path(module_file).with_suffix(".kv"))
    if path not in Builder.files:
        Builder.load_file(path)

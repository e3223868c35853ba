"""The phones' server as a child process of the touchscreen app.

The app starts `companion serve` for the game it shows while "Phones at the
table" is on, and stops it when the setting is turned off, another game is
opened or the app closes: the port is open only while phones are wanted. A
process of its own, so no phone can take the touchscreen's time (nor its
interpreter's lock), and a server that fails leaves the app as it was.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from companion.phones.command import DEFAULT_PORT
from companion.phones.tokens import SeatLinks

#: Seconds a stopping server is given before it is killed.
STOP_WAIT_S = 5.0


@dataclass
class PhoneService:
    """Start, follow and stop the server for one saved-games file."""

    db: Path
    host: str = "0.0.0.0"
    port: int = DEFAULT_PORT
    game_id: str | None = None
    _child: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def links(self) -> SeatLinks:
        return SeatLinks(self.db)

    def serve(self, game_id: str) -> None:
        """Serve `game_id` (restarting the server if it served another game)."""
        if self.running() and game_id == self.game_id:
            return
        self.stop()
        command = [sys.executable, "-m", "companion", "--db", str(self.db), "--game-id",
                   game_id, "serve", "--host", self.host, "--port", str(self.port), "--no-qr"]
        self._child = subprocess.Popen(command, stdin=subprocess.DEVNULL,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.game_id = game_id

    def running(self) -> bool:
        return self._child is not None and self._child.poll() is None

    def failure(self) -> str | None:
        """The server's own sentence when it stopped by itself (a port in use), else None."""
        if self._child is None or self._child.poll() is None or self._child.returncode == 0:
            return None
        said = self._child.stderr.read().decode(errors="replace") if self._child.stderr else ""
        lines = [line for line in said.strip().splitlines() if line.strip()]
        return lines[-1] if lines else "The phones' page stopped."

    def stop(self) -> None:
        child, self._child, self.game_id = self._child, None, None
        if child is None or child.poll() is not None:
            return
        child.terminate()
        try:
            child.wait(STOP_WAIT_S)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()

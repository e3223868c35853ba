"""Seat links: a secret token per seat and game, kept beside the saved-games file.

A seat's phone page is reached by a link carrying its token; whoever holds the
link sees that seat's hidden cards, so a token is 128 random bits
(`secrets.token_urlsafe(16)`), new for every game, and re-issued on demand (the
old link stops working at once). Tokens are not game events: they never enter
the journal, its exports or its backups. They live in `<db>.phones.json`
(mode 0600), written whole and renamed into place.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> links = SeatLinks(folder / "games.db")
>>> first = links.token("g1", "Kourou")
>>> len(first) >= 22 and links.token("g1", "Kourou") == first
True
>>> links.seat_of("g1", first), links.seat_of("g1", "guess"), links.seat_of("g2", first)
('Kourou', None, None)
>>> links.reissue("g1", "Kourou") != first and links.seat_of("g1", first) is None
True
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
import tempfile
from pathlib import Path

#: Random bytes per token: 16 bytes are 128 bits (22 URL-safe characters).
TOKEN_BYTES = 16
#: A tokens file larger than this is not ours: it is refused, not read.
MAX_FILE_BYTES = 256 * 1024


class SeatLinks:
    """The seat tokens of every game of one saved-games file."""

    def __init__(self, db: Path) -> None:
        self.path = Path(f"{db}.phones.json")

    def token(self, game_id: str, seat: str) -> str:
        """The seat's token for this game, made the first time it is asked for."""
        tokens = self._read()
        seats = tokens.setdefault(game_id, {})
        if seat not in seats:
            seats[seat] = secrets.token_urlsafe(TOKEN_BYTES)
            self._write(tokens)
        return seats[seat]

    def reissue(self, game_id: str, seat: str) -> str:
        """A new token for the seat: the old link opens nothing from now on."""
        tokens = self._read()
        tokens.setdefault(game_id, {})[seat] = secrets.token_urlsafe(TOKEN_BYTES)
        self._write(tokens)
        return tokens[game_id][seat]

    def seat_of(self, game_id: str, token: str) -> str | None:
        """The seat this token opens in this game, or None; compared in constant time."""
        found = None
        for seat, known in self._read().get(game_id, {}).items():
            # Every token is compared, so the time taken says nothing of which matched.
            if hmac.compare_digest(known.encode(), token.encode()):
                found = seat
        return found

    def stamp(self) -> tuple[int, int] | None:
        """Changes whenever the links are written (a re-issue, from any process)."""
        try:
            found = self.path.stat()
        except OSError:
            return None
        return found.st_mtime_ns, found.st_ino

    def _read(self) -> dict[str, dict[str, str]]:
        try:
            if self.path.is_symlink() or self.path.stat().st_size > MAX_FILE_BYTES:
                return {}
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {str(game): {str(s): str(t) for s, t in seats.items()}
                for game, seats in data.items() if isinstance(seats, dict)}

    def _write(self, tokens: dict[str, dict[str, str]]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".phones-", dir=self.path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(tokens, out)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(temporary, 0o600)
            os.replace(temporary, self.path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

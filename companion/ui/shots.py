"""`python -m companion.ui.shots [FOLDER]`: the screenshot gallery (companion/ui/devtools/
shots.py, which holds it with the game scripts it plays)."""

from __future__ import annotations

import sys

from companion.ui.devtools.shots import main

if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""Open one saved game many times; print the median wall and CPU milliseconds.

Not a test. Compares the open of one file across versions of the companion:
run it with PYTHONPATH pointing at each checkout in turn (it works with the
code at d08fab6 too), on copies of one file, interleaving the runs:

    PYTHONPATH=OLD python bench/journal_open.py old.db GAME_ID xp 15
    PYTHONPATH=NEW python bench/journal_open.py new.db GAME_ID xp 15

CPU time (`time.process_time`) is the steadier figure on a shared machine.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any


def opener(game_id: str, kind: str) -> tuple[Any, Any]:
    try:
        from companion.games.registry import game
        from companion.session import load_match
        from companion.store.opening import open_journal
        definition = game(kind)
        return open_journal, lambda journal: load_match(journal, game_id, definition)
    except ImportError:  # the journal before issues 10 and 11
        from companion.games.registry import rules_for
        from companion.store.journal import open_journal as old_open
        rules = rules_for(kind)
        return old_open, lambda journal: journal.load(game_id, rules)


def main() -> None:
    db, game_id, kind, repeat = Path(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
    open_journal, load = opener(game_id, kind)
    wall, cpu = [], []
    for _ in range(repeat):
        started, cpu_started = time.perf_counter(), time.process_time()
        journal, _ = open_journal(db)
        load(journal)
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - cpu_started) * 1000)
        journal.close()
    print(f"wall {statistics.median(wall):.1f} ms, cpu {statistics.median(cpu):.1f} ms")


if __name__ == "__main__":
    main()

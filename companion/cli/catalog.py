"""`companion catalog`: list a game's physical cards, or check catalog files."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from companion.catalogs import catalog_path, load_catalog_file
from companion.core.catalog import Catalog
from companion.games.registry import game, games
from companion.subcommand import Subcommand


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", nargs="?", choices=("list", "check"), default="list",
                        help="list the cards (default) or check the catalog files")
    parser.add_argument("--game", choices=games().ids,
                        help=f"which game's catalog ({games().choices()}; default: every game)")
    parser.add_argument("--file", type=Path, help="check or list this catalog file instead")
    parser.add_argument("--json", action="store_true", help="one JSON object per card")


def check(path: Path) -> tuple[Catalog, str]:
    """Validate one file: the generic part, then the game's own rules data."""
    catalog = load_catalog_file(path)
    game(catalog.game).rules.new_state(catalog, 0)
    tagged = [c for c in catalog.cards.values() if catalog.decks[c.deck].tagged]
    decks = Counter(c.deck for c in tagged)
    per_deck = ", ".join(f"{deck} {n}" for deck, n in decks.items())
    return catalog, (f"{path.name}: ok, {len(tagged)} tagged items "
                     f"({per_deck}); catalog {catalog.content_hash}.")


def run(args: argparse.Namespace) -> int:
    paths = [args.file] if args.file else [catalog_path(g) for g in
                                            ([args.game] if args.game else games().ids)]
    if args.action == "check":
        for path in paths:
            print(check(path)[1])
        return 0
    for path in paths:
        catalog, _ = check(path)
        for entry in catalog.cards.values():
            if args.json:
                print(json.dumps(entry.to_dict(catalog.prefix)))
            else:
                row = entry.to_dict(catalog.prefix)
                print(f"{row['tag']:<11} {row['deck']:<12} {row['name']:<36} "
                      f"copy {row['copy']}/{row['copies']}  {row['kind']}")
    return 0


catalog_command = Subcommand("catalog", "list or check catalogs", _arguments, run)

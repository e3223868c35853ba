"""`companion tags`: print sticker sheets or proxy cards carrying each card's QR tag.

Only the standard library and the pure parts of the companion are imported here;
segno and fpdf2 are imported when a kit is actually drawn.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.subcommand import Subcommand
from companion.tags.sizes import DEFAULT_SIZE_MM, MIN_SIZE_MM, PAPERS

HELP = "make printable tag sheets (PDF)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from companion.games.registry import games

    known = ", ".join(f"{g.id} ({g.title})" for g in games().declared)
    parser.add_argument("--game", required=True, metavar="GAME",
                        help=f"which game's cards: {known}")
    parser.add_argument("--out", required=True, type=Path, help="the PDF file to write")
    parser.add_argument("--paper", default="a4", help=f"{' or '.join(PAPERS)} (default a4)")
    parser.add_argument(
        "--size", type=float, default=DEFAULT_SIZE_MM, metavar="MM",
        help=f"tag width in mm, quiet zone included (default {DEFAULT_SIZE_MM:g}, "
             f"minimum {MIN_SIZE_MM:g})")
    parser.add_argument(
        "--cards", default="all", metavar="SELECTION",
        help="all (default), deck names, card IDs or tags, comma-separated: "
             "'hazard', 'H01,H02', 'AB/H01,ship' (AB: the game's tag prefix)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME",
        help="include only these optional sets with all/deck names (default: every set, "
             "e.g. codex)")
    parser.add_argument("--core-only", action="store_true",
                        help="leave out every optional set (such as a game's expansion cards)")
    parser.add_argument("--proxies", action="store_true",
                        help="print 63 x 88 mm proxy cards instead of stickers")


def run(args: argparse.Namespace) -> int:
    from companion.catalogs import load_catalog
    from companion.tags.kit import KitRequest, make_kit, write_kit
    from companion.tags.selection import catalog_options

    catalog = load_catalog(args.game)
    options = tuple(word for value in args.option for word in value.split(","))
    if not options and not args.core_only:
        # Every tagged item by default: a table without the Codex cards just
        # leaves those few stickers on the sheet.
        options = tuple(catalog_options(catalog))
    request = KitRequest(args.cards, args.paper, args.size, args.proxies, options)
    kit = make_kit(catalog, request)
    write_kit(kit, args.out)
    print(kit.describe(args.out, request))
    return 0


tags_command = Subcommand("tags", HELP, add_arguments, run)

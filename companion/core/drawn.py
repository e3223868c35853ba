"""The card drawn at the table, told by touch: the cards a deck can still give, as choices.

When the table owes a card, the prompt offers the app's draw (`draw DECK`) and, beside
it, "Pick the card drawn at the table: DECK", the partial `scan DECK`. Its choices are
the cards that can still come from that deck as the state knows it (the draw pile; its
discard pile when the pile is empty and the rules reshuffle it), one per distinct card,
by name; each is the command `scan TAG` of one copy, the very line a camera scan of
that copy records (same step, same events: replays, undo and exports cannot tell them
apart). A deck with more designs than `LIST_AT_ONCE` is reached by ranges of names
first (`scan DECK N`), fixed by the catalog so a range never moves during a game. Every
card of this game's deck keeps its place in its list: one none of whose copies the deck
can give now stays, "none left", refused with why (`Pick.refused`, no dry run).

A card drawn into a hidden hand (a secret mission) is the drawer's to name: the choice
is private to them (masked on the shared screen, opened on their own screen), and their
list is every card they have not seen (the pile and the other seats' hidden hands),
never the pile alone, which would name by elimination what the others hold. Those
choices are not dry-run one by one either (a refused one would say the same).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from companion.core.catalog import Catalog
from companion.core.engine import Match, Plan
from companion.core.piles import deck_zone, discard_zone
from companion.core.privacy import is_hidden_move
from companion.core.table import Table
from companion.core.zones import Zone

#: The partial's verb: `scan DECK` lists the cards, as a scan would record one of them.
VERB = "scan"
LABEL = "Pick the card drawn at the table"
#: A deck with more distinct cards than this is reached by ranges of names first.
LIST_AT_ONCE = 12
#: At most this many distinct cards in one range.
RANGE_SIZE = 8

NBSP = "\u00a0"

Planner = Callable[[str], Plan]


@dataclass(frozen=True)
class Pick:
    """One choice of the table's pick, as the prompt offers it (group "Draw a card")."""

    label: str
    command: str | None = None
    partial: str | None = None
    private_to: str | None = None
    #: Offered without a dry run: a secret deck's cards (a refusal would tell them apart).
    sure: bool = False
    #: Why it cannot be picked now (a card none of whose copies the deck can give): shown
    #: greyed in its place, so the cards after it never shift under a finger.
    refused: str | None = None


@dataclass(frozen=True)
class Design:
    """One distinct card the deck can give: the copy a pick records, and how many."""

    name: str
    card_id: str
    count: int


def is_pick(partial: str) -> bool:
    """Whether `partial` is the core's `scan DECK [N]` (no game expands it)."""
    words = partial.split()
    return len(words) in (2, 3) and words[0].lower() == VERB


def top_picks(match: Match, decks: Sequence[str], title: Callable[[str], str],
              plan: Planner) -> dict[str, Pick]:
    """The pick of each owed deck a card can still come from, by deck."""
    picks: dict[str, Pick] = {}
    for deck in decks:
        pile = drawable(match.state.table, match.catalog, deck)
        if not pile:
            continue  # nothing can be drawn: the app's draw says why
        owner = drawer(match, deck, pile[0], plan)
        picks[deck] = Pick(f"{LABEL}: {title(deck)}", partial=f"{VERB} {deck}",
                           private_to=owner)
    return picks


def expand_pick(match: Match, owed: Sequence[str], partial: str, seat: str | None,
                plan: Planner) -> list[Pick]:
    """What follows `scan DECK` (cards, or ranges of them) and `scan DECK N` (a range's)."""
    words = partial.split()
    deck = words[1].lower() if len(words) > 1 else ""
    if not is_pick(partial) or deck not in owed:
        return []
    table, catalog = match.state.table, match.catalog
    pile = drawable(table, catalog, deck)
    owner = drawer(match, deck, pile[0], plan) if pile else None
    if not pile or (owner is not None and seat != owner):
        return []  # another seat's secret draw is never listed
    secret = owner is not None
    designs = unseen(table, catalog, deck, owner) if owner is not None \
        else available(catalog, pile)
    ranges = name_ranges(catalog, deck, in_game_options(table, catalog))
    if len(ranges) == 1:
        return _in_place(catalog, deck, ranges[0], designs, secret) if len(words) == 2 else []
    if len(words) == 2:
        return [Pick(f"{names[0]} to {names[-1]}", partial=f"{VERB} {deck} {n}")
                for n, names in enumerate(ranges, 1)]
    chosen = ranges[int(words[2]) - 1] if words[2].isdigit() and \
        0 < int(words[2]) <= len(ranges) else []
    return _in_place(catalog, deck, chosen, designs, secret)


def _in_place(catalog: Catalog, deck: str, names: Sequence[str], designs: Sequence[Design],
              secret: bool) -> list[Pick]:
    """Every card of `names` in its fixed place: one the deck can give as its choice, one
    it cannot (every copy drawn, attached, held) greyed "none left" with why (try 12,
    finding 35: a card that left the deck shifted every card after it, and a tap on the
    spot learned the round before recorded another card)."""
    by_name = {d.name: d for d in designs}
    first: dict[str, str] = {}  # each name's first copy: the scan a refused pick names
    for entry in catalog.cards.values():
        if entry.deck == deck:
            first.setdefault(entry.name, entry.card_id)
    return [_card(by_name[name], catalog, secret) if name in by_name
            else Pick(f"{name}{NBSP}·{NBSP}none{NBSP}left",
                      command=f"{VERB} {catalog.tag_of(first[name]).text}",
                      refused=f"No {name} can come from this deck now: every copy is out of it.")
            for name in names]


def _card(design: Design, catalog: Catalog, secret: bool) -> Pick:
    command = f"{VERB} {catalog.tag_of(design.card_id).text}"
    # No-break spaces: a button's label never breaks inside "(H03) · 2 left".
    if secret:  # the copy a seat cannot see is never named by its code
        more = f"{NBSP}·{NBSP}{design.count}{NBSP}copies" if design.count > 1 else ""
        return Pick(f"{design.name}{more}", command=command, sure=True)
    left = f"{NBSP}·{NBSP}{design.count}{NBSP}left" if design.count > 1 else ""
    return Pick(f"{design.name} ({design.card_id}){left}", command=command)


def drawable(table: Table, catalog: Catalog, deck: str) -> list[str]:
    """The cards the next draw of `deck` can give: its draw pile, or, when that is empty
    and the rules reshuffle the deck, its discard pile (the new deck)."""
    pile = table.cards_in(deck_zone(deck))
    info = catalog.decks.get(deck)
    if not pile and (info is None or info.reshuffle):
        pile = table.cards_in(discard_zone(deck))
    return _in_catalog_order(catalog, pile)


def drawer(match: Match, deck: str, card: str, plan: Planner) -> str | None:
    """The seat a card of `deck` goes to unseen (into a hidden hand), or None when a
    drawn card is shown to the table: what a scan of one of its cards would do now."""
    step = plan(f"{VERB} {match.catalog.tag_of(card).text}").result.step
    for e in step.events if step is not None else ():
        if is_hidden_move(e) and e["card"] == card:
            return Zone.from_text(str(e["to"])).seat
    return None


def available(catalog: Catalog, pile: Sequence[str]) -> list[Design]:
    """Each distinct card of `pile` once, by name: its first copy there, and how many."""
    found: dict[str, list[str]] = {}
    for card in pile:
        found.setdefault(catalog.cards[card].design, []).append(card)
    return _by_name([Design(catalog.cards[c[0]].name, c[0], len(c)) for c in found.values()])


def unseen(table: Table, catalog: Catalog, deck: str, seat: str) -> list[Design]:
    """For a seat drawing in secret: every card of `deck` it has not seen (the drawable
    pile and the other seats' hidden hands), a copy in the pile recorded first."""
    pile = drawable(table, catalog, deck)
    held = [c for c, zone in table.locations.items()
            if catalog.cards[c].deck == deck and Zone.from_text(zone).is_private
            and Zone.from_text(zone).seat != seat]
    return available(catalog, [*pile, *_in_catalog_order(catalog, held)])


def in_game_options(table: Table, catalog: Catalog) -> frozenset[str]:
    """The catalog's options this game was set up with: those of which a card has left the
    box (TI4's Codex cards are shuffled in at setup, or stay in the box all game)."""
    return frozenset(entry.option for card, zone in table.locations.items()
                     if zone != "box" and (entry := catalog.cards.get(card)) is not None
                     and entry.option)


def name_ranges(catalog: Catalog, deck: str, options: Iterable[str] = ()) -> list[list[str]]:
    """The deck's distinct names in order, in ranges of at most `RANGE_SIZE` (one range
    when they are `LIST_AT_ONCE` or fewer): from the catalog's cards of this game (an
    option's cards only when it is in `options`: try 12, findings 7 and 23, a range named
    Codex cards in a game without them), the same all game long."""
    names = sorted({e.name for e in catalog.in_deck(deck, options)}, key=_name_key)
    if len(names) <= LIST_AT_ONCE:
        return [names]
    count = -(-len(names) // RANGE_SIZE)
    size, extra = divmod(len(names), count)
    ranges, start = [], 0
    for n in range(count):
        end = start + size + (1 if n < extra else 0)
        ranges.append(names[start:end])
        start = end
    return ranges


def _by_name(designs: list[Design]) -> list[Design]:
    return sorted(designs, key=lambda d: (_name_key(d.name), d.card_id))


def _name_key(name: str) -> str:
    return name.casefold()


def _in_catalog_order(catalog: Catalog, cards: Sequence[str]) -> list[str]:
    order = _catalog_order(catalog)
    return sorted(cards, key=lambda c: order.get(c, len(order)))


def _catalog_order(catalog: Catalog) -> dict[str, int]:
    return {card: i for i, card in enumerate(catalog.cards)}


"""The core's generic verbs, built like any other command and handed to the game.

`scan` and `draw` end in the current phase's scan handler for the card's deck;
`roll` records the die, then the phase's roll handler for that die acts on it;
`adjust` changes a seat's resource or score, or hands the correction to the
game's adjust handler for that word (a ship's energy, say). Every one of them
goes through a `Builder`, so it is folded once and undone like any other step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from companion.core import piles
from companion.core.builder import Builder
from companion.core.catalog import CardEntry
from companion.core.dice import roll, roll_text
from companion.core.errors import CommandSyntaxError, CompanionError, IllegalMoveError
from companion.core.events import event
from companion.core.phases import Adjustment
from companion.core.privacy import is_hidden_move
from companion.core.rules import GameRules, S
from companion.core.words import counted, whole_number

SCORE_WORDS = ("score", "points", "dp", "vp")


def build_scan(game: GameRules[S], b: Builder[S], card: CardEntry) -> str | None:
    """What a scan of `card` does in the current phase: its deck's handler decides."""
    handler = game.phases.scan(b.state.table.phase, card.deck)
    return handler(b, card)


#: The most cards one `draw all` deals (far more than any game owes at once).
MAX_DRAWS = 60


def build_draw(game: GameRules[S], b: Builder[S], args: Sequence[str]) -> str | None:
    """The app draws the next card of a virtual deck, then handles it as a scan; `draw
    all` draws every card owed now, one after another, until the game owes none."""
    decks = b.catalog.decks
    if len(args) == 1 and args[0].lower() == "all" and "all" not in decks:
        return _draw_all(game, b)
    if len(args) != 1 or args[0].lower() not in decks:
        raise CommandSyntaxError(f"draw takes a deck name: one of {', '.join(decks)}, or "
                                 f"all.")
    return _draw_one(game, b, args[0].lower())


def _draw_one(game: GameRules[S], b: Builder[S], deck: str) -> str | None:
    seat, _card, _hidden = _drawn(game, b, deck)
    return seat


def _drawn(game: GameRules[S], b: Builder[S], deck: str) -> tuple[str | None, CardEntry, bool]:
    """One app draw: the seat it went to, the card, and whether it went into a hand."""
    shuffle, picked = piles.virtual_pick(b.state.table, deck)
    b.add(*shuffle)
    card = b.catalog.card(picked)
    first, said = len(b.events), len(b.messages)
    try:
        seat = build_scan(game, b, card)
    except CompanionError:
        # The refusal would name the app's next card, which nobody has seen.
        raise IllegalMoveError(_no_draw_now(game, b, deck)) from None
    # A card drawn into a private zone (a hidden mission) is never named in the log.
    hidden = any(is_hidden_move(e) and e["card"] == card.card_id for e in b.events[first:])
    drew = "The app drew a card" if hidden else f"The app drew {card.name} ({card.card_id})"
    b.messages.insert(said, f"{drew}.")  # before what the card's handler said
    return seat, card, hidden


def _draw_all(game: GameRules[S], b: Builder[S]) -> str | None:
    """Every owed card, one draw after another. One short sentence names them (each card's
    own words are its moment's, on the reveal), then what the last card's handler said
    (where the table stands now) and any word about a reshuffle."""
    seat, named, hidden, last = None, [], Counter[str](), 0
    for _ in range(MAX_DRAWS):
        owed = _owed(game, b)
        if not owed:
            break
        last = len(b.messages)
        owner, card, secret = _drawn(game, b, owed[0])
        seat = owner or seat
        if secret:
            hidden[owner or "a player"] += 1
        else:
            named.append(f"{card.name} ({card.card_id})")
    count = len(named) + sum(hidden.values())
    if not count:
        raise IllegalMoveError("No card is owed now, so the app draws none.")
    parts = [*named, *(f"{counted(n, 'hidden card')} for {who}" for who, n in hidden.items())]
    shuffles = [m for m in b.messages[:last] if "shuffle" in m.lower()]
    b.messages[:] = [f"The app drew {counted(count, 'card')}: {', '.join(parts)}.",
                     *shuffles, *b.messages[last + 1:]]
    return seat


def _owed(game: GameRules[S], b: Builder[S]) -> tuple[str, ...]:
    now = game.situation(b.state, b.catalog, None) if game.offers_prompt else None
    return tuple(now.expects_scan) if now is not None and not now.over else ()


def _no_draw_now(game: GameRules[S], b: Builder[S], deck: str) -> str:
    """Why `draw DECK` is refused, naming the deck the game does wait for, if any."""
    now = game.situation(b.state, b.catalog, None) if game.offers_prompt else None
    if now is not None and now.over:
        return "The game is over: no card can be drawn."
    owed = tuple(now.expects_scan) if now is not None else ()
    if owed and deck not in owed:
        wanted = " or ".join(owed)
        article = "an" if wanted[:1] in "aeiou" else "a"
        return f"No card can be drawn from the {deck} deck now: the game is waiting for " \
               f"{article} {wanted} card."
    return f"No card can be drawn from the {deck} deck now: the game is not waiting for one."


def build_roll(game: GameRules[S], b: Builder[S], args: Sequence[str]) -> str | None:
    """Record a roll (the app's, or a face the table entered); the phase may act on it."""
    dice = game.dice(b.catalog)
    if not dice:
        raise CommandSyntaxError(f"{game.title} has no dice to roll.")
    if not args or args[0].lower() not in dice:
        raise CommandSyntaxError(f"roll takes a die name: {', '.join(dice)}.")
    die = dice[args[0].lower()]
    entered = args[1] if len(args) > 1 else None
    rolled = roll(b.state.table, die, "roll", entered)
    b.say(f"{roll_text(rolled)} (value {rolled['value']}).")
    b.add(rolled)
    handler = game.phases.roll(b.state.table.phase, die.name)
    return handler(b, rolled) if handler else None


def signed_number(word: str, what: str) -> int:
    """A change such as +3, -2 or 4: one optional sign, then ASCII digits only.

    >>> signed_number("-2", "the change")
    -2
    """
    sign = -1 if word[:1] == "-" else 1
    digits = word[1:] if word[:1] in "+-" and word else word
    try:
        return sign * whole_number(digits, what)
    except CommandSyntaxError:
        raise CommandSyntaxError(f"{word[:12]!r} is not a whole number like +3 or -2: give "
                                 f"{what} in the digits 0-9.") from None


def parse_adjust(args: Sequence[str]) -> Adjustment:
    if len(args) < 3:
        raise CommandSyntaxError("adjust takes a target, what to change and a change, "
                                 "e.g. adjust Ann credits +3 why")
    delta = signed_number(args[2], "the change")
    reason = " ".join(args[3:]) or "no reason given"
    return Adjustment(args[0], args[1].lower(), delta, reason)


def build_adjust(game: GameRules[S], b: Builder[S], args: Sequence[str]) -> str | None:
    """A logged manual correction: the game's handler for that word, else a seat's."""
    change = parse_adjust(args)
    handler = game.phases.adjusts.get(change.what)
    if handler is not None:
        return handler(b, change)
    return _adjust_seat(b, change)


def _adjust_seat(b: Builder[S], change: Adjustment) -> str:
    table = b.state.table
    seat, what, delta, reason = table.find_seat(change.target), change.what, change.delta, \
        change.reason
    if what in SCORE_WORDS:
        b.add(event("scored", seat=seat, points=delta, source=f"manual adjust: {reason}"))
    else:
        if table.resource(seat, what) + delta < 0:
            raise CompanionError(f"{seat} has {table.resource(seat, what)} {what}; "
                                 f"cannot take away {-delta}.")
        b.add(event("resource_changed", seat=seat, resource=what, delta=delta,
                    reason=f"manual adjust: {reason}"))
    b.say(f"Adjusted {seat}'s {what.replace('_', ' ')} by {delta:+d} ({reason}).")
    return seat


def build_note(b: Builder[S], args: Sequence[str]) -> None:
    text = " ".join(args) or "(empty note)"
    b.add(event("noted", text=text))
    b.say(f"Noted: {text}")

"""What a faction sheet prints that the companion counts with: a seat's commodity value.

Each seat's value is the catalog's assumed one (`[rules] commodity_value`) until the table
says which faction the seat plays (`faction SEAT KEY`: the value its sheet prints, from
`[rules.factions]`) or records the number on a sheet the catalog does not list
(`commodity-value SEAT N`, a house faction; it takes back a faction said before). The
prompt offers them by touch under "Faction sheets", after the turn's own buttons (at
800x480 a first button there pushed the turn's ways to explore below the fold): on the
game's first turn as "Factions: ..." while a seat's value is still assumed, as "Record a
faction (...)" after that; each seat's faction is a form of every faction's name, in
alphabetical order, and "Another value" keeps the numbers. A catalog without factions
(games saved before them keep their own) offers only the numbers, as it always did.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.catalog import Catalog
from companion.core.errors import CommandSyntaxError, IllegalMoveError
from companion.core.events import event
from companion.core.forms import FormField, FormOption
from companion.core.prompt import Choice, InputSpec, Option
from companion.core.zones import Zone
from companion.games.ti4.choices import COMMODITY_VALUE, faction_of, is_value_assumed, value_of
from companion.games.ti4.data import FactionInfo, ti4_data
from companion.games.ti4.explore import Builder
from companion.games.ti4.state import TI4State
from companion.games.ti4.take import word

VERB = "commodity-value"
FACTION = "faction"
SKIP = "factions-assumed"
#: Where every card lies before anything is played: decks, the planet supply, the box.
UNPLAYED = ("deck", "supply", "box")


def cmd_commodity_value(b: Builder, args: list[str]) -> str | None:
    """`commodity-value SEAT N`: the commodity value printed on SEAT's faction sheet (one
    the catalog does not list: the faction said before, if any, is taken back)."""
    highest = ti4_data(b.catalog).commodity_value_highest or ti4_data(b.catalog).commodity_value
    if len(args) != 2 or not args[1].isdigit():
        raise CommandSyntaxError("commodity-value takes a seat and a number: "
                                 "commodity-value Pia 4")
    seat, value = b.state.table.find_seat(args[0]), int(args[1])
    if not 1 <= value <= highest:
        raise IllegalMoveError(f"A faction sheet prints a commodity value from 1 to "
                               f"{highest}, not {value}.")
    recorded = b.state.table.resource(seat, COMMODITY_VALUE)
    if recorded == value:
        raise IllegalMoveError(f"{seat}'s commodity value is already {value}.")
    if seat in b.state.factions:
        _starting_techs(b, seat, "")
        b.add(event("faction_chosen", seat=seat, faction=""))
    b.add(event("resource_changed", seat=seat, resource=COMMODITY_VALUE,
                delta=value - recorded, reason="faction sheet"))
    b.say(f"{seat}'s commodity value is {value} (from the faction sheet).")
    return seat


def cmd_faction(b: Builder, args: list[str]) -> str | None:
    """`faction SEAT KEY`: SEAT plays that faction; its sheet's commodity value applies."""
    if len(args) != 2:
        raise CommandSyntaxError("faction takes a seat and a faction, as in: faction Pia hacan.")
    seat, faction = b.state.table.find_seat(args[0]), find_faction(b.catalog, args[1])
    if b.state.factions.get(seat) == faction.key:
        raise IllegalMoveError(f"{seat} already plays {in_sentence(faction)}.")
    holder = holder_of(b.state, faction.key)
    if holder is not None:
        raise IllegalMoveError(f"{holder} already plays {in_sentence(faction)}; each "
                               f"faction has one seat.")
    recorded = b.state.table.resource(seat, COMMODITY_VALUE)
    gained = _starting_techs(b, seat, faction.key)
    b.add(event("faction_chosen", seat=seat, faction=faction.key))
    if recorded != faction.commodity_value:
        b.add(event("resource_changed", seat=seat, resource=COMMODITY_VALUE,
                    delta=faction.commodity_value - recorded, reason=faction.name))
    owns = f"; {seat} owns {' and '.join(gained)} (its starting technology)" if gained else ""
    b.say(f"{seat} plays {in_sentence(faction)}: commodity value {faction.commodity_value} "
          f"(from the faction sheet){owns}.")
    return seat


def _starting_techs(b: Builder, seat: str, key: str) -> list[str]:
    """The events that give `seat` the starting technologies of faction `key` ("": none)
    and take back those of the faction it played before; the names gained."""
    factions, techs = ti4_data(b.catalog).factions, ti4_data(b.catalog).techs
    before = factions.get(b.state.factions.get(seat, ""))
    now = factions[key].starting_techs if key else ()
    for tech in before.starting_techs if before else ():
        if tech not in now and b.state.has_tech(seat, tech):
            b.add(event("tech_lost", seat=seat, tech=tech))
    gained = [t for t in now if not b.state.has_tech(seat, t)]
    for tech in gained:
        b.add(event("tech_gained", seat=seat, tech=tech))
    return [techs[t].name for t in gained]


def cmd_factions_assumed(b: Builder, args: list[str]) -> str | None:
    """`factions-assumed`: the table does not say its factions; the values assumed stand
    and the game's first moment asks no more."""
    if args:
        raise CommandSyntaxError("factions-assumed takes nothing more.")
    if b.state.factions_skipped:
        raise IllegalMoveError("The factions were already skipped; record one with "
                               "faction SEAT KEY.")
    assumed = [s for s in b.state.table.seats if is_value_assumed(b.state.table, s)]
    if not assumed:
        raise IllegalMoveError("Every seat's faction or commodity value is already said.")
    b.add(event("factions_skipped"))
    value = ti4_data(b.catalog).commodity_value
    b.say(f"Factions skipped: {_none_said(assumed)}, so the app counts commodity value "
          f"{value}.")
    return None


def holder_of(state: TI4State, key: str) -> str | None:
    """The seat that plays faction `key`, if any."""
    return next((s for s, f in state.factions.items() if f == key), None)


def asking(state: TI4State, catalog: Catalog) -> bool:
    """The game's first moment, when a table says its factions: the catalog lists them,
    the table has not skipped, and nothing is played yet (the first turn, every card
    still in its deck, nothing explored). Once every seat's faction is said the moment
    lasts until then too: the buttons stay where they were, so a fast second tap after
    the last faction lands on a seat's faction, not on what would move up (try 14,
    finding 2)."""
    table = state.table
    if not ti4_data(catalog).factions or state.factions_skipped or not _first_turn(state):
        return False
    return not (state.queue or state.relic_draws or any(
        Zone.from_text(z).kind not in UNPLAYED for z in table.locations.values()))


def setup_choices(state: TI4State, catalog: Catalog, group: str) -> list[Choice]:
    """The first moment's choices: each seat's faction, one tap in a list of every
    faction (a faction another seat plays greyed: "Nia has it"), then "Skip"."""
    if not asking(state, catalog):
        return []
    factions = sorted(ti4_data(catalog).factions.values(), key=lambda f: f.short.lower())
    choices = []
    for seat in state.table.seats:
        options = tuple(Option(f.key, f.short, reason=_taken(state, seat, f.key))
                        for f in factions)
        free = next((o.value for o in options if o.reason is None), factions[0].key)
        mine = faction_of(state, catalog, seat)
        template = f"{FACTION} {word(seat)} {{}}"
        # "Kim: Hacan", no longer than "Kim's faction": at Large text it stays on one line,
        # so the rows under it stay still (try 18, finding 4).
        label_ = f"{seat}: {mine.short}" if mine else f"{seat}'s faction"
        choices.append(Choice(label_, group, priced=False, input=InputSpec(
            "choice", template, probe=template.replace("{}", free), options=options)))
    value = ti4_data(catalog).commodity_value
    said = not any(is_value_assumed(state.table, s) for s in state.table.seats)
    # The same words before and after a seat's faction is said: the row keeps its height,
    # so no row under it moves (try 18, finding 4: "Skip the rest" took a third line).
    choices.append(Choice(f"Skip: no faction, commodity value {value}", group,
                          priced=False, command=SKIP, in_place=True,
                          refused="Every player's faction is said." if said else None))
    return choices


def _taken(state: TI4State, seat: str, key: str) -> str | None:
    holder = holder_of(state, key)
    if holder == seat:
        return f"{seat} plays it"
    return f"{holder} has it" if holder else None


def in_sentence(faction: FactionInfo) -> str:
    """The faction's name inside a sentence: 'the Emirates of Hacan', 'Sardakk N'orr'."""
    name = faction.name
    return f"the {name[4:]}" if name.startswith("The ") else name


def find_faction(catalog: Catalog, name: str) -> FactionInfo:
    """The faction a player typed: its key or short name, any case ("hacan", "Jol-Nar")."""
    factions = ti4_data(catalog).factions
    lowered = name.strip().lower()
    found = [f for f in factions.values() if lowered in (f.key, f.short.lower(), f.name.lower())]
    if found:
        return found[0]
    if not factions:
        raise IllegalMoveError("This game's catalog lists no factions: record the value "
                               "printed on the faction sheet (commodity-value SEAT N).")
    raise IllegalMoveError(f"{name!r} is not a faction the catalog lists; for another "
                           f"faction sheet, record its commodity value (commodity-value "
                           f"SEAT N).")


def _said(state: TI4State, catalog: Catalog, seat: str) -> str:
    """'Hacan' once the seat's faction is said, else its value ('3')."""
    faction = faction_of(state, catalog, seat)
    return faction.short if faction else str(value_of(state.table, catalog, seat))


def commodity_choices(state: TI4State, catalog: Catalog, group: str) -> list[Choice]:
    """The way in, under `group`: one partial saying every seat's faction or value
    ("Factions: commodity values 3 assumed for all", "Factions: Nora Hacan, Omar 3, Pia 4
    (Omar assumed)") in the game's first turn while some seat's value is assumed, else
    "Record a faction (...)". A catalog without factions: "Commodity values: ...", "Record
    a commodity value (...)"."""
    seats = state.table.seats
    if not seats or not ti4_data(catalog).commodity_value_highest or asking(state, catalog):
        return []
    listed = bool(ti4_data(catalog).factions)
    assumed = [s for s in seats if is_value_assumed(state.table, s)]
    said = {value_of(state.table, catalog, s) for s in seats}
    if listed:
        values = _factions_said(state, catalog, assumed)
    elif len(assumed) == len(seats) and len(said) == 1:  # one line: the first screen's
        values = f"{said.pop()} assumed for all"
    else:
        values = ", ".join(f"{s} {_said(state, catalog, s)}" for s in seats) + (
            f" ({', '.join(assumed)} assumed)" if assumed else "")
    partial = FACTION if listed else VERB
    if assumed and _first_turn(state) and not state.factions_skipped:
        first = "Factions" if listed else "Commodity values"
        return [Choice(f"{first}: {values}", group, priced=False, partial=partial)]
    record = "Record a faction" if listed else "Record a commodity value"
    return [Choice(f"{record} ({values})", group, priced=False, partial=partial)]


def _factions_said(state: TI4State, catalog: Catalog, assumed: Sequence[str]) -> str:
    """Each seat's faction, and the commodity value a seat with none counts with, in a
    player's words (issue 22: "Ana 3 (Ana assumed)" read as a code): 'Kim Hacan, Lou
    Jol-Nar; Ana has none: commodity value 3', 'none picked, commodity value 3 for all'."""
    value = ti4_data(catalog).commodity_value
    said = ", ".join(_seat_said(state, catalog, s) for s in state.table.seats
                     if s not in assumed)
    if not said:
        return f"none picked, commodity value {value} for all"
    if not assumed:
        return said
    return f"{said}; {_none_said(assumed)}: commodity value {value}"


def _seat_said(state: TI4State, catalog: Catalog, seat: str) -> str:
    """'Kim Hacan', or 'Pia (commodity value 4)' for a sheet the catalog does not list."""
    faction = faction_of(state, catalog, seat)
    if faction:
        return f"{seat} {faction.short}"
    return f"{seat} (commodity value {value_of(state.table, catalog, seat)})"


def _none_said(seats: Sequence[str]) -> str:
    """'Ana has none', 'Kim, Lou and Ana have none' (no faction said)."""
    if len(seats) == 1:
        return f"{seats[0]} has none"
    return f"{', '.join(seats[:-1])} and {seats[-1]} have none"


def _first_turn(state: TI4State) -> bool:
    """The game's first turn, when a table still sorts out its faction sheets: round 1,
    its first seat to play, nobody passed. Later the offer moves below the turn's own
    choices, so it never pushes them out of reach."""
    table = state.table
    return (table.round == 1 and not state.passed
            and table.active == (state.turn_order or (None,))[0])


def expand(state: TI4State, catalog: Catalog, words: Sequence[str], group: str) -> list[Choice]:
    """Each seat's value as a choice of the numbers a faction sheet may print."""
    highest = ti4_data(catalog).commodity_value_highest
    options = tuple(Option(str(n), str(n)) for n in range(1, highest + 1))
    choices = []
    for seat in state.table.seats:
        value = value_of(state.table, catalog, seat)
        said = f"{value}, assumed" if is_value_assumed(state.table, seat) else str(value)
        template = f"{VERB} {word(seat)} {{}}"
        other = next(o.value for o in options if o.value != str(value))
        choices.append(Choice(f"{seat}: {said}", group, priced=False, input=InputSpec(
            "choice", template, probe=template.replace("{}", other), options=options)))
    return choices


def expand_factions(state: TI4State, catalog: Catalog, words: Sequence[str],
                    group: str) -> list[Choice]:
    """Each seat's faction, a form of every faction the catalog lists by its short name in
    alphabetical order (found by touch at a glance), then the numbers for a sheet not
    listed ("Another value")."""
    factions = sorted(ti4_data(catalog).factions.values(), key=lambda f: f.short.lower())
    if len(words) != 1 or not factions:
        return []
    options = tuple(FormOption(f.key, f.short) for f in factions)
    choices = []
    for seat in state.table.seats:
        now = state.factions.get(seat, "")
        value = value_of(state.table, catalog, seat)
        said = f"none yet: commodity value {value}" if is_value_assumed(state.table, seat) \
            else _said(state, catalog, seat)
        template = f"{FACTION} {word(seat)} {{faction}}"
        other = next(f.key for f in factions if f.key != now)
        field = FormField("faction", "Faction", "choice", options,
                          default=(now,) if now else ())
        choices.append(Choice(f"{seat}'s faction ({said})", group, priced=False, input=InputSpec(
            "form", template, probe=template.replace("{faction}", other), fields=(field,),
            sends=f"{seat} plays {{faction}}")))
    choices.append(Choice("Another value, for a faction sheet not listed", group,
                          priced=False, partial=VERB))
    return choices

"""No file of the app (companion/ui, except the gallery's and the driver's scripts under
companion/ui/devtools) names a game: issue 21, item 6. The app draws what each game
declares; a game named here is knowledge the app should have asked the game for.

For every registered game (the test game too), a file may not hold:
- the game's id (`xp`, `ti4`, `race`) anywhere: code, strings, its own file name;
- its tag prefix before a slash (`XP/`);
- in a string: a card's name (TI4's planets are cards), a fixed seat of its new-game
  form (Exploration's spaceports), a deck's title, a deck's id as the whole string, or
  one of its verbs starting a command line (`"take {planet}"`).
A `kind` of 'primary' on a button is the button's style, not a deck: not counted.

`KNOWN` lists exactly what still names a game (issue 21's other items move it out):
the test fails on anything new, and on a listed name that is gone (then strike it).
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

from companion.catalogs import load_catalog
from companion.core.definition import GameDefinition
from companion.games.registry import games

ROOT = Path(__file__).resolve().parents[1]
UI = ROOT / "companion" / "ui"

#: file (under companion/ui) -> the names it still holds, as `found` gives them.
KNOWN: dict[str, set[str]] = {
    # The way out of an unusable saved-games file, 'Recover from a backup' (issue 23): the
    # verb the player asks for, the same word as a card's name.
    "screens/start.py": {"Recover"},
    # The button styles' colour map ('primary': GOOD): a style, the same word as a deck.
    "widgets/widgets.kv": {"primary"},
}


def _word(text: str) -> str:
    return rf"(?<![A-Za-z0-9]){re.escape(text)}(?![A-Za-z0-9])"


def _strings(path: Path, text: str) -> list[str]:
    """The string literals of a file, without quotes or prefixes, minus button styles."""
    if path.suffix == ".py":
        raw = [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline)
               if t.type == tokenize.STRING]
    else:
        raw = re.findall(r"'[^'\n]*'|\"[^\"\n]*\"", text)
    styles = set(re.findall(r"kind\s*[:=]\s*(['\"][a-z]+['\"])", text))
    return [re.sub(r"^[a-zA-Z]*(['\"]{1,3})|(['\"]{1,3})$", "", s) for s in raw
            if s not in styles]


def _vocabulary(game: GameDefinition) -> tuple[set[str], set[str], set[str]]:
    """Names to find anywhere in a string; decks (a whole string); verbs (leading one)."""
    catalog = load_catalog(game.id)
    form = game.rules.new_game_form(catalog)
    names = {c.name for c in catalog.cards.values() if any(ch.isalpha() for ch in c.name)}
    names |= {str(d.title) for d in catalog.decks.values() if getattr(d, "title", None)}
    names |= set(form.seat_names if form else ())
    return names, set(catalog.decks), {v.name for v in game.rules.verbs()}


def found(path: Path, text: str) -> set[str]:
    """What of any registered game `path` names (see the module's note)."""
    hits: set[str] = set()
    literals = _strings(path, text)
    for game in games():
        if re.search(_word(game.id), f"{text} {path.name}", re.IGNORECASE):
            hits.add(game.id)
        if re.search(rf"(?<![A-Za-z0-9]){re.escape(game.prefix)}/", text):
            hits.add(f"{game.prefix}/")
        names, decks, verbs = _vocabulary(game)
        for body in literals:
            hits |= {n for n in names if n in body and re.search(_word(n), body)}
            hits |= {body} & decks
            first = body.split(" ", 1)
            if len(first) == 2 and first[0] in verbs:
                hits.add(f"{first[0]} ...")
    return hits


def app_files() -> list[Path]:
    return [p for p in sorted(UI.rglob("*")) if p.suffix in (".py", ".kv")
            and "devtools" not in p.relative_to(UI).parts]


def test_no_app_file_names_a_game_beyond_the_known_remaining() -> None:
    now = {}
    for path in app_files():
        hits = found(path, path.read_text(encoding="utf-8"))
        if hits:
            now[path.relative_to(UI).as_posix()] = hits
    new = {f: sorted(h - KNOWN.get(f, set())) for f, h in now.items() if h - KNOWN.get(f, set())}
    gone = {f: sorted(h - now.get(f, set())) for f, h in KNOWN.items() if h - now.get(f, set())}
    assert not new, f"companion/ui names a game (ask the game instead): {new}"
    assert not gone, f"No longer named, strike from KNOWN: {gone}"


def test_the_finder_sees_each_kind_of_name() -> None:
    code = ('x = "ti4"\nline = f"take {planet}"\ntag = "XP/D17"\n'
            'port = "Xichang plays"\nb = Button(kind="primary")\ndeck = "hazard"\n')
    assert found(Path("sample.py"), code) == {"ti4", "take ...", "XP/", "xp", "Xichang", "hazard"}
    assert found(Path("ti4.kv"), "Label:\n    text: 'Roll'\n") == {"ti4"}

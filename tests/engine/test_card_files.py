"""A card is whole in its file: no other source file names it.

Every card title is a module of its own, engine/cards/american/<id>.py or
engine/cards/tripolitan/<id>.py. The rule, read from the source of every other module of
tripoli_tui/ and bot/ (the side modules, the table and the other cards' files included):
- no string in the code is the card's id (a docstring may talk about a card: it is not code);
- no string in the code holds the card's printed name (log lines, prompts, rule texts), except
  the printed words of another card quoting it (the texts given to that card's `define`);
- nothing the card's module defines (its effect, its worth, its helpers) is used, and nothing is
  imported from it.
Two cards are exempt: Five Corsair Check and Raid or Build are the T-bot's turn itself (boxes T2
and T5 of its flowchart, decisions of their own), never drawn or played. Anything else that must
name a card outside its file is in ALLOWED, with the reason.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from bot import flowchart as fc
from tripoli_tui.engine.cards.decks import CARDS, REFERENCE_CARDS, TBOT_CHOICES, TRIPOLITAN
from tripoli_tui.engine.cards.registry import BATTLE, US

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("tripoli_tui", "bot")
SIDES = {US: Path("tripoli_tui/engine/cards/american"),
         "tripolitania": Path("tripoli_tui/engine/cards/tripolitan")}
SIDE_PACKAGES = {p.name for p in SIDES.values()}
PRINTED_WORDS = {"text", "requirement", "tbot"}
"""The keywords of `define` that hold a card's printed words (its positional strings are too)."""

_KEPT_FOR = ("the heuristic player's late-war readings, which several cards' worths share: the "
             "Treaty in hand or in reach (Derne taken, or Hamet's Army on its way), the Assault "
             "still to come, a card kept for either")
ALLOWED: dict[str, dict[str, str]] = {
    "tripoli_tui/engine/core.py": {
        "Treaty of Peace and Amity": "a way a game ends (the result's kind), named as the rulebook "
        "names it",
        "Assault on Tripoli": "a way a game ends: the Assault failed",
    },
    "tripoli_tui/engine/mechanics/assault.py": {
        "Assault on Tripoli": "the Assault's effect is a battle procedure of its own, which "
        "midturn resumes from a hand-written position: its log lines name it",
    },
    "tripoli_tui/engine/turn/midturn.py": {
        "tripoli_attacks": "a value of the save format (mid_turn.battle, docs/save-format.md): "
        "a position may stand in the middle of Tripoli Attacks' battle",
        "Tripoli Attacks": "the problems of such a position, told in the save's terms",
        "tripoli_attacks_battle": "the battle midturn resumes",
        "yusuf_raids": "the raids midturn resumes (a position between two of Yusuf's raids)",
        "assault_on_tripoli": "a position in the middle of the Assault stands under its card",
        "Assault on Tripoli": "the problems of such a position, told in the save's terms",
    },
    "tripoli_tui/engine/invariants.py": {
        "tripoli_attacks": "Tripolitan ships stand in the Tripoli patrol zone only during "
        "Tripoli Attacks' battle: a check of every position",
        "Tripoli Attacks": "that check's words",
    },
    "tripoli_tui/engine/players.py": {
        **{c: "the biased random player (a test driver) leans to these cards to reach the late "
           "war; its lean is no rule of the card" for c in (
               "treaty_of_peace_and_amity", "assault_on_tripoli", "swedish_frigates_arrive",
               "hamets_army_created", "general_eaton_attacks_derne",
               "general_eaton_attacks_benghazi", "a_show_of_force", "tribute_paid",
               "constantinople_demands_tribute", "corsairs_confiscated")},
    },
    "tripoli_tui/engine/queries.py": {
        "bainbridge_supplies_intel": "the optional hidden discard pile's one exception, as the "
        "rulebook words the optional rule (ruling G-9): a rule of what a player may see, not of "
        "the card",
    },
    "tripoli_tui/cli/commands/new.py": {
        "Bainbridge Supplies Intel": "--hidden-discard's help words the optional rule as printed",
    },
    "tripoli_tui/tui/screens/campaign_name.py": {
        "Bainbridge Supplies Intel": "the new campaign's choice of the optional rule words it as "
        "printed",
    },
    "bot/flowchart.py": {
        "Assault on Tripoli": "box H-MODE quotes the T-Bot Strategy Notes word for word",
    },
    "tripoli_tui/engine/cards/late_war.py": {
        "treaty_of_peace_and_amity": _KEPT_FOR,
        "assault_on_tripoli": _KEPT_FOR,
    },
    "tripoli_tui/engine/cards/american/__init__.py": {
        "mercenaries_desert": "General Eaton's chance of taking Derne (both Eaton cards' worth) "
        "counts the Arab infantry Mercenaries Desert would send home while the T-bot holds it",
    },
    "tripoli_tui/engine/cards/tripolitan/second_storms.py": {
        **{w: "Second Storms is printed 'As Storms': Storms' condition, effect and the T-bot's "
           "choice are its own" for w in ("STORMS_CHOICE", "STORMS_LINE", "storms",
                                            "storms_condition")},
    },
    "tripoli_tui/engine/cards/tripolitan/storms.py": {
        "Second Storms": "the one flowchart box of the storm's zone serves both cards, and says so",
    },
    "tripoli_tui/engine/cards/american/treaty_of_peace_and_amity.py": {
        "Yusuf Qaramanli": "the man, not the card: he signs the Treaty",
    },
    "tripoli_tui/engine/cards/american/corsairs_confiscated.py": {
        "murad_reis_breaks_out": "its printed effect removes Murad Reis Breaks Out from the game",
        "Murad Reis Breaks Out": "the log line of that removal",
    },
    "tripoli_tui/engine/cards/american/the_daring_stephen_decatur.py": {
        **{c: "its worth: it serves only the two raids into Tripoli's harbor, kept while one is "
           "in reach" for c in ("burn_the_philadelphia", "launch_the_intrepid")},
    },
    "tripoli_tui/engine/cards/american/swedish_frigates_arrive.py": {
        "sweden_pays_tribute": "its worth: the Swedes are worth sending while Sweden Pays "
        "Tribute, which sends them home, is still in the T-bot's event card line",
    },
    "tripoli_tui/engine/cards/tripolitan/uncharted_waters.py": {
        "the_philadelphia_runs_aground": "its printed trigger: that card is the T-bot's active "
        "event card",
        "The Philadelphia Runs Aground": "that trigger's fact",
    },
    "tripoli_tui/engine/cards/tripolitan/mercenaries_desert.py": {
        "general_eaton_attacks_derne": "its printed trigger: that card is the American active "
        "event card",
        "General Eaton Attacks Derne": "that trigger's fact",
    },
    "tripoli_tui/engine/cards/tripolitan/the_guns_of_tripoli.py": {
        "assault_on_tripoli": "its printed trigger: always played against the Assault",
        "Assault on Tripoli": "that trigger's fact",
    },
}
"""(module, the id, name or name defined by a card's module it may hold) -> why."""


@dataclass(frozen=True)
class CardFile:
    card: str
    name: str
    path: Path
    own: frozenset[str]
    """The names its module defines (functions, classes, constants)."""


def _defined(tree: ast.Module) -> set[str]:
    """The names a module defines at its top level (not what it imports)."""
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, ast.Assign):
            found |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            found.add(node.target.id)
    return found


@cache
def card_files() -> tuple[CardFile, ...]:
    """Every card's file, the exempt ones left out."""
    files = []
    for card in CARDS.values():
        if card.id in REFERENCE_CARDS:
            continue
        path = SIDES[card.deck] / f"{card.id}.py"
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        files.append(CardFile(card.id, card.name, path, frozenset(_defined(tree))))
    return tuple(files)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the nodes that are docstrings (a string standing alone as a statement)."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}


def _printed_words(tree: ast.AST) -> set[int]:
    """The ids of the strings that are a card's printed words (the texts given to `define`)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "define":
            given = [*node.args, *(k.value for k in node.keywords if k.arg in PRINTED_WORDS)]
            found |= {id(n) for arg in given for n in ast.walk(arg)}
    return found


def _scanned() -> list[Path]:
    return sorted(p.relative_to(ROOT) for top in SCANNED for p in (ROOT / top).rglob("*.py"))


def _names_in(text: str, names: set[str]) -> list[str]:
    """Which of these card names a string holds: every card's name is read, the longest first
    (Storms is no name in Second Storms)."""
    found = []
    for name in sorted((f.name for f in card_files()), key=len, reverse=True):
        if name in text:
            if name in names:
                found.append(name)
            text = text.replace(name, "\0")
    return found


def card_words(path: Path, source: str) -> list[tuple[int, str]]:
    """Every other card's id, name or module's name in a module's code, with its line."""
    others = [f for f in card_files() if f.path != path]
    ids = {f.card for f in others}
    names = {f.name for f in others}
    tree = ast.parse(source)
    defined = _defined(tree)
    own = {n for f in others for n in f.own} - defined
    modules = {f.card for f in others}
    skip = _docstrings(tree)
    printed = _printed_words(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            if node.value in ids:
                found.append((node.lineno, node.value))
            if id(node) not in printed:
                found += [(node.lineno, name) for name in _names_in(node.value, names)]
        elif isinstance(node, ast.ImportFrom):
            module = (node.module or "").rpartition(".")[2]
            side = module in SIDE_PACKAGES or (not node.module and path.parent in SIDES.values())
            found += [(node.lineno, a.name) for a in node.names
                      if module in modules or (side and a.name in modules) or a.name in own]
        elif isinstance(node, ast.Name) and node.id in own:
            found.append((node.lineno, node.id))
    return sorted(set(found))


def test_every_card_is_a_file_of_its_own() -> None:
    """One module per printed title, named after it, and no module in a side's folder that is no
    card."""
    for deck, folder in SIDES.items():
        files = {p.stem for p in (ROOT / folder).glob("*.py")} - {"__init__"}
        assert files == {c.id for c in CARDS.values() if c.deck == deck}


def test_no_code_names_a_card_outside_its_file() -> None:
    wrong = []
    for path in _scanned():
        allowed = ALLOWED.get(path.as_posix(), {})
        for line, word in card_words(path, (ROOT / path).read_text(encoding="utf-8")):
            if word not in allowed:
                wrong.append(f"{path}:{line}: {word}")
    assert not wrong, "card-specific names outside the card's file (move them into the card's " \
        "file, docs/adding-a-card.md):\n" + "\n".join(wrong)


def test_every_allowance_is_still_needed() -> None:
    """An allowance nothing uses any more is taken off the list (it would hide the next one)."""
    unused = []
    for module, words in ALLOWED.items():
        used = {w for _, w in card_words(Path(module), (ROOT / module).read_text(encoding="utf-8"))}
        unused += [f"{module}: {w}" for w in words if w not in used]
    assert not unused, unused


CARD_FILE = Path("tripoli_tui/engine/cards/american/burn_the_philadelphia.py")


@pytest.mark.parametrize("path, source, word", [
    (Path("tripoli_tui/engine/x.py"), 'x = "storms"\n', "storms"),
    (Path("tripoli_tui/engine/x.py"), 'x = f"{n} ships: Happy Hunting"\n', "Happy Hunting"),
    (Path("tripoli_tui/engine/x.py"),
     "from tripoli_tui.engine.cards.tripolitan.yusuf_qaramanli import yusuf_raids\n",
     "yusuf_raids"),
    (Path("bot/x.py"), "from tripoli_tui.engine.cards.tripolitan import storms\n", "storms"),
    (CARD_FILE, "from . import launch_the_intrepid\n", "launch_the_intrepid"),
    (CARD_FILE, 'x = "Launch the Intrepid"\n', "Launch the Intrepid"),
    (CARD_FILE, "x = _intrepid_worth\n", "_intrepid_worth"),
    (CARD_FILE, "from .launch_the_intrepid import _intrepid\n", "_intrepid"),
    (CARD_FILE, 'define("x", "X", UNIQUE, "text", worth=Worth(event=lambda s, j: '
                '"launch_the_intrepid" in s.us_hand))\n', "launch_the_intrepid"),
    (Path("tripoli_tui/engine/cards/tripolitan/storms.py"), 'x = "Second Storms"\n',
     "Second Storms"),
])
def test_the_scan_finds_a_card_named_in_code(path: Path, source: str, word: str) -> None:
    assert [w for _, w in card_words(path, source)] == [word]


def test_the_scan_lets_docstrings_own_names_and_printed_words_be() -> None:
    source = ('"""Storms and Happy Hunting."""\n'
              "from tripoli_tui.engine.cards.tripolitan import TRIPOLITAN\n"
              'def f() -> None:\n    """storms"""\n'
              'x = "Raid or Build"\n'
              '_burn = "burn_the_philadelphia Burn the Philadelphia"\n'
              'define("y", "Y", UNIQUE, "As Happy Hunting", requirement="Storms")\n'
              'z = "Second Storms"\n')
    assert card_words(CARD_FILE, source) == [(8, "Second Storms")]
    assert card_words(Path("tripoli_tui/engine/cards/tripolitan/second_storms.py"),
                      'z = "Second Storms"\n') == []


def test_every_american_event_card_has_a_worth_for_the_heuristic_player() -> None:
    """A card without one would silently never be played by the heuristic American."""
    missing = [c.id for c in CARDS.values()
               if c.deck == US and c.kind != BATTLE and c.worth.event is None]
    assert not missing, missing


def test_every_battle_card_says_when_it_is_offered_and_the_tbots_say_when_they_are_played() -> None:
    assert [c.id for c in CARDS.values() if c.kind == BATTLE and c.battle is None] == []
    tbot = [c for c in TRIPOLITAN.values() if c.kind == BATTLE]
    assert [c.id for c in tbot if c.trigger is None or not c.when_played or not c.tbot] == []
    assert list(fc.BATTLE_CARD_STEP) == [c.id for c in tbot]
    assert [s.on_yes for s in fc.BATTLE_CARDS] == [c.when_played for c in tbot]


def test_the_flowchart_draws_each_choice_a_card_makes_once() -> None:
    boxes = [s.id for s in fc.OTHER_CHOICES]
    assert len(boxes) == len(set(boxes))
    assert set(boxes) == {fc.CARD_CHOICE_STEP[c].id for c in TBOT_CHOICES}

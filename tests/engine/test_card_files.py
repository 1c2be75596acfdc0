"""A card is whole in its definition: no code outside engine/cards/ names a card.

The rule, read from the source (every module of tripoli_tui/ and bot/ outside engine/cards/):
- no string in the code is a card's id (a docstring may talk about a card: it is not code);
- no string in the code holds a card's printed name (log lines, prompts, rule texts);
- nothing is imported from a side's card module (cards.american, cards.tripolitan, ...) but the
  side-wide API: the table of the side's cards and the functions every card goes through.
Two cards are exempt: Five Corsair Check and Raid or Build are the T-bot's turn itself (boxes T2
and T5 of its flowchart, decisions of their own), never drawn or played. Anything else that must
name a card outside its file is in ALLOWED, with the reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot import flowchart as fc
from tripoli_tui.engine.cards.decks import CARDS, REFERENCE_CARDS, TBOT_CHOICES
from tripoli_tui.engine.cards.registry import BATTLE, US
from tripoli_tui.engine.cards.tripolitan import TRIPOLITAN

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("tripoli_tui", "bot")
CARD_FILES = Path("tripoli_tui/engine/cards")

SIDE_MODULES = {"american", "american_common", "american_unique", "tripolitan", "tripolitan_common",
                "tripolitan_unique", "battle"}
"""The modules that define cards (cards.registry and cards.decks are the table and the decks)."""
SIDE_API = {
    "AMERICAN", "AmericanCard", "event_requirement", "play_american_event",
    "TRIPOLITAN", "TripolitanCard", "TbotStep", "solitaire_condition", "play_tripolitan_event",
    "active_card_name", "Condition", "BATTLE_CARDS",
}
"""What other modules may import from a side's card module: its table, its card type, and the
functions that serve every card of the side (a requirement, a condition, playing an event)."""

ALLOWED: dict[str, dict[str, str]] = {
    "tripoli_tui/engine/core.py": {
        "Treaty of Peace and Amity": "a way a game ends (the result's kind), named as the rulebook "
        "names it",
        "Assault on Tripoli": "a way a game ends: the Assault failed",
    },
    "tripoli_tui/engine/procedures/assault.py": {
        "Assault on Tripoli": "the Assault's effect is a battle procedure of its own, which "
        "midturn resumes from a hand-written position: its log lines name it",
    },
    "tripoli_tui/engine/midturn.py": {
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
    "bot/flowchart.py": {
        "Assault on Tripoli": "box H-MODE quotes the T-Bot Strategy Notes word for word",
    },
}
"""(module, the id, name or imported function it may hold) -> why."""


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the nodes that are docstrings (a string standing alone as a statement)."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}


def _scanned() -> list[Path]:
    return sorted(p.relative_to(ROOT) for top in SCANNED for p in (ROOT / top).rglob("*.py")
                  if not p.relative_to(ROOT).is_relative_to(CARD_FILES))


def card_words(path: Path, source: str) -> list[tuple[int, str]]:
    """Every card id, card name or card-specific import in a module's code, with its line."""
    exempt = {c for c in CARDS if c in REFERENCE_CARDS}
    ids = set(CARDS) - exempt
    names = [c.name for c in CARDS.values() if c.id not in exempt]
    tree = ast.parse(source)
    skip = _docstrings(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            if node.value in ids:
                found.append((node.lineno, node.value))
            found += [(node.lineno, name) for name in names if name in node.value]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            module = node.module.rpartition(".")[2]
            within_cards = "cards" in node.module.split(".") or (
                node.level and path.parts[-2:-1] == ("cards",))
            if module in SIDE_MODULES and within_cards:
                found += [(node.lineno, a.name) for a in node.names
                          if a.name not in SIDE_API and a.name not in exempt]
    return found


def test_no_code_outside_the_card_files_names_a_card() -> None:
    wrong = []
    for path in _scanned():
        allowed = ALLOWED.get(path.as_posix(), {})
        for line, word in card_words(path, (ROOT / path).read_text(encoding="utf-8")):
            if word not in allowed:
                wrong.append(f"{path}:{line}: {word}")
    assert not wrong, "card-specific names outside engine/cards/ (move them into the card's " \
        "definition, docs/adding-a-card.md):\n" + "\n".join(wrong)


def test_every_allowance_is_still_needed() -> None:
    """An allowance nothing uses any more is taken off the list (it would hide the next one)."""
    unused = []
    for module, words in ALLOWED.items():
        used = {w for _, w in card_words(Path(module), (ROOT / module).read_text(encoding="utf-8"))}
        unused += [f"{module}: {w}" for w in words if w not in used]
    assert not unused, unused


@pytest.mark.parametrize("source, word", [
    ('x = "storms"\n', "storms"),
    ('x = f"{n} ships: Happy Hunting"\n', "Happy Hunting"),
    ("from tripoli_tui.engine.cards.tripolitan import yusuf_raids\n", "yusuf_raids"),
    ("from ..cards.battle import ground_battle_city\n", "ground_battle_city"),
])
def test_the_scan_finds_a_card_named_in_code(source: str, word: str) -> None:
    assert [w for _, w in card_words(Path("tripoli_tui/engine/x.py"), source)] == [word]


def test_the_scan_lets_docstrings_and_the_side_api_be() -> None:
    source = ('"""Storms and Happy Hunting."""\n'
              "from tripoli_tui.engine.cards.tripolitan import TRIPOLITAN\n"
              'def f() -> None:\n    """storms"""\n'
              'x = "Raid or Build"\n')
    assert card_words(Path("bot/x.py"), source) == []


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

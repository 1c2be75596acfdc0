"""A table campaign's own rules: the dice typed in, and Adjust, which brings the position in line
with the board on the player's table.

Both are pure: they read text and change a GameState or refuse with a sentence naming what cannot
be (`TableRefusal`, an IllegalChoice), the state untouched.
"""

from __future__ import annotations

import re
from collections import Counter

from . import data as d
from . import rng
from .choices import Adjust, Choice, IllegalChoice, RollDice
from .decisions import TABLE_DICE, TABLE_PICK, Decision
from .invariants import ALLOWED, check_invariants
from .state import GameState
from .words import plural


class TableRefusal(IllegalChoice):
    """A typed roll or an adjustment that cannot be: its text is the sentence for the player."""


# --- dice typed in ----------------------------------------------------------------------

def read_dice(text: str, count: int, what: str = "the roll") -> str:
    """The dice of `text` ('6 3 1', '631', '6,3,1') as RollDice's values ('631'); TableRefusal
    with the sentence for the player when they cannot be `count` dice."""
    digits = re.findall(r"\S", text.replace(",", " "))
    if not digits:
        raise TableRefusal(f"Type the {plural(count, 'die', 'dice')} of {what}, e.g. "
                           f"{' '.join(['6', '3', '1', '4', '2', '5'][:count]) or '6'}.")
    for value in digits:
        if value not in "123456":
            shown = value if value.isprintable() else repr(value)
            raise TableRefusal(f"A die shows 1 to 6: {shown} is not a die.")
    if len(digits) != count:
        raise TableRefusal(f"{what[:1].upper()}{what[1:]} takes {plural(count, 'die', 'dice')}: "
                           f"you typed {len(digits)}.")
    return "".join(digits)


def dice_problem(values: str, count: int) -> str:
    """Why `values` (RollDice's) is not a roll of `count` dice ('' when it is one)."""
    try:
        read_dice(values, count)
    except TableRefusal as refusal:
        return str(refusal)
    return ""


def typed_luck_moves(state: GameState, pending: Decision, choice: Choice) -> int:
    """The generator's state once a table decision's answer is taken: typed dice and a pick move it
    on as the program's own would (core.roll, core.pick_from_hand); a card drawn does not."""
    if pending.kind == TABLE_DICE and isinstance(choice, RollDice):
        return rng.dice(state.rng, len(choice.values))[0]
    if pending.kind == TABLE_PICK:
        return rng.below(state.rng, len(state.us_hand))[0]
    return state.rng


# --- Adjust ------------------------------------------------------------------------------

CARD_PILES = ("event_card_line", "battle_card_line", "tbot_draw", "tbot_discard", "tbot_removed",
              "us_hand", "us_core", "us_draw", "us_discard", "us_removed")
"""Every pile a card can be in (GameState's lists), as Adjust names them."""
PILE_WORDS = {
    "event_card_line": "the T-bot's event card line", "battle_card_line": "the T-bot's battle card line",
    "tbot_draw": "the T-bot's draw pile", "tbot_discard": "the T-bot's discard pile",
    "tbot_removed": "the T-bot's removed cards", "us_hand": "your hand",
    "us_core": "your core cards", "us_draw": "your draw pile", "us_discard": "your discard pile",
    "us_removed": "your removed cards",
}
_YES, _NO = ("yes", "true", "1"), ("no", "false", "0")
ADJUST_FORMS = (
    "gold=N", "frigates_sunk=N", "pieces.PLACE.PIECE=N", "derne_captured=yes|no",
    "benghazi_captured=yes|no", "year=YYYY", "season=spring|summer|fall|winter",
    "card.CARD=PILE", "PILE=CARD,CARD,...",
)
"""What an adjustment may say (PILE one of CARD_PILES; a card by its id or its name)."""


def adjust(state: GameState, change: str) -> str:
    """Apply one adjustment (Adjust.change) to `state`; returns the log line saying what changed.
    TableRefusal, the state untouched, when the change is not understood or makes a position
    the game cannot hold."""
    key, sep, value = change.partition("=")
    key, value = key.strip(), value.strip()
    if not sep or not key:
        raise TableRefusal(f"An adjustment reads KEY=VALUE ({', '.join(ADJUST_FORMS)}): "
                           f"{change!r} has no '='.")
    trial = state.clone()
    said = _apply(trial, key, value)
    problems = check_invariants(trial, hand_limit_pending=True)
    if problems:
        raise TableRefusal(f"{said[:1].upper()}{said[1:]} cannot be: " + "; ".join(problems) + ".")
    for name in _ADJUSTED:
        setattr(state, name, getattr(trial, name))
    return f"Adjusted to the table: {said}."


_ADJUSTED = ("pieces", "gold", "derne_captured", "benghazi_captured", "year", "season", *CARD_PILES)


def _apply(s: GameState, key: str, value: str) -> str:
    if key == "gold":
        n = _number(value, key, 0, d.GOLD_TOTAL)
        before, s.gold = s.gold, n
        return f"Tripoli's gold from {before} to {n}"
    if key == "frigates_sunk":
        key = f"pieces.{d.SUNK}.{d.US_FRIGATE}"
    if key.startswith("pieces."):
        return _pieces(s, key, value)
    if key in ("derne_captured", "benghazi_captured"):
        flag = _flag(value, key)
        setattr(s, key, flag)
        city = key.split("_")[0].capitalize()
        return f"{city} {'captured' if flag else 'not captured'}"
    if key == "year":
        s.year = _number(value, key, min(d.YEARS), max(d.YEARS))
        return f"the year {s.year}"
    if key == "season":
        if value.lower() not in d.SEASONS:
            raise TableRefusal(f"A season is one of {', '.join(d.SEASONS)}, not {value!r}.")
        s.season = d.SEASONS.index(value.lower())
        return f"the season {value.lower()}"
    if key.startswith("card."):
        card = _card(key[5:])
        pile = _pile(value)
        _take_out(s, card)
        getattr(s, pile).append(card)
        return f"{d.card_name(card)} to {PILE_WORDS[pile]}"
    if key in CARD_PILES:
        return _set_pile(s, key, value)
    raise TableRefusal(f"Nothing called {key!r} can be adjusted: say one of {', '.join(ADJUST_FORMS)}.")


def _number(value: str, key: str, low: int, high: int) -> int:
    if not value.isdigit() or not low <= int(value) <= high:
        raise TableRefusal(f"{key.replace('_', ' ').capitalize()} is a number from {low} to {high}, "
                           f"not {value!r}.")
    return int(value)


def _flag(value: str, key: str) -> bool:
    if value.lower() in _YES:
        return True
    if value.lower() in _NO:
        return False
    raise TableRefusal(f"{key.replace('_', ' ').capitalize()} is yes or no, not {value!r}.")


def _pieces(s: GameState, key: str, value: str) -> str:
    parts = key.split(".")
    if len(parts) != 3:
        raise TableRefusal(f"Pieces are adjusted as pieces.PLACE.PIECE=N, not {key!r}.")
    _, place, piece = parts
    if place not in d.ALL_LOCATIONS:
        raise TableRefusal(f"There is no place called {place!r} (one of {', '.join(d.ALL_LOCATIONS)}).")
    if piece not in d.PIECES:
        raise TableRefusal(f"There is no piece called {piece!r} (one of {', '.join(d.PIECES)}).")
    supply = d.SUPPLY_OF[piece]
    if place == supply:
        raise TableRefusal("The supply holds what is not on the board: adjust the pieces on the "
                           "board and the supply follows.")
    n = _number(value, "the count", 0, d.PIECE_TOTALS[piece])
    here = s.pieces[place][piece]
    if n and place not in ALLOWED[piece]:
        plural_name = d.PIECE_NAMES[piece][1]
        raise TableRefusal(f"{plural_name[:1].upper()}{plural_name[1:]} are never "
                           f"{'at' if place in d.HARBORS else 'in'} {d.place_in_words(place)}.")
    more = n - here
    if more > s.pieces[supply][piece]:
        raise TableRefusal(f"Only {d.pieces_name(piece, s.pieces[supply][piece])} "
                           f"{'is' if s.pieces[supply][piece] == 1 else 'are'} in the supply: "
                           f"{n} cannot be {'at' if place in d.HARBORS else 'in'} "
                           f"{d.place_in_words(place)}.")
    s.pieces[place][piece] = n
    s.pieces[supply][piece] -= more
    return (f"{d.pieces_name(piece, n)} {'at' if place in d.HARBORS else 'in'} "
            f"{d.place_in_words(place)} (from {here})")


def _card(name: str) -> str:
    name = name.strip()
    if name in d.CARDS:
        return name
    try:
        return d.card_by_name(name.replace("_", " ")).id
    except KeyError:
        raise TableRefusal(f"There is no card called {name!r}.") from None


def _pile(name: str) -> str:
    if name not in CARD_PILES:
        raise TableRefusal(f"There is no pile called {name!r} (one of {', '.join(CARD_PILES)}).")
    return name


def _take_out(s: GameState, card: str) -> None:
    """Take a card out of whichever pile holds it (the T-bot's drawn card too)."""
    if s.tbot_drawn == card:
        s.tbot_drawn = ""
        return
    for pile in CARD_PILES:
        cards: list[str] = getattr(s, pile)
        if card in cards:
            cards.remove(card)
            return
    raise TableRefusal(f"{d.card_name(card)} is in no pile to be taken from (is it out of the game?).")


def _set_pile(s: GameState, pile: str, value: str) -> str:
    """A pile's whole contents, in order: a card added comes from wherever it is; a card left out
    goes back to its deck's draw pile."""
    cards = [_card(name) for name in value.split(",") if name.strip()]
    held: list[str] = getattr(s, pile)
    old, new = Counter(held), Counter(cards)
    held.clear()
    draw = {d.US: "us_draw", d.TRIPOLITANIA: "tbot_draw"}
    for card, n in (old - new).items():
        getattr(s, draw[d.CARDS[card].deck]).extend([card] * n)
    for card, n in (new - old).items():
        for _ in range(n):
            _take_out(s, card)
    held.extend(cards)
    shown = ", ".join(d.card_name(c) for c in cards) or "nothing"
    return f"{PILE_WORDS[pile]} holds {shown}"


def adjustment(change: str) -> Adjust:
    """The choice that submits an adjustment (Game.submit applies it)."""
    if any(c.isspace() for c in change):
        change = "=".join(part.strip() for part in change.split("=", 1))
        if any(c.isspace() for c in change):
            raise TableRefusal("An adjustment has no spaces: name cards by their ids "
                               "(e.g. card.storms=event_card_line).")
    return Adjust(change)

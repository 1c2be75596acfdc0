"""What to do on a physical board to bring it from one position to the next, one instruction at a
time, in the game's words: the T-bot at the player's table ("Move 2 Tripolitan corsairs from
Tripoli to the Tripoli patrol zone", "Add Storms to the end of the event card line", "Tripoli gains
1 gold: 5 in all").

`instructions(before, after)` reads only the difference between two positions; each instruction
carries what it changes as data besides its words, and `apply(state, instruction)` makes that
change, so that applying every instruction of a difference to `before` gives `after` on every field
a board shows (BOARD_FIELDS): nothing on the table changes without an instruction saying so."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from ..engine import data as d
from ..engine.state import GameResult, GameState, when
from ..engine.words import agree, plural

Kind = Literal["cards", "event", "pieces", "damage", "gold", "capture", "date", "order", "result"]
"""What an instruction changes: cards between piles, an active event, pieces between places,
frigates damaged in the Assault, Tripoli's gold, a city's capture, the year and season, the order
of a pile, the game's result."""


@dataclass(frozen=True, slots=True)
class Instruction:
    """One thing to do on the board: its words and, by kind, what it changes.

    cards:   `cards` from pile `source` to pile `destination` (GameState's field names; the card the
             T-bot is consulting is the pile 'tbot_drawn'), each added at the end of its pile.
    event:   the active event `destination` ('us_active_event' or 'tbot_active_event') becomes
             `cards[0]`, or none for ().
    pieces:  `n` of `piece` from place `source` to place `destination` (a piece's supply is
             d.SUPPLY_OF[piece]; sunk American frigates go to d.SUNK).
    damage:  `n` of `piece` are damaged in the Assault on Tripoli now.
    gold:    Tripoli's gold changes by `n` (it holds `value` then).
    capture: the city `place` is captured (`value` 1) or no longer (0).
    date:    the year is `value` and the season `n` (0 Spring .. 3 Winter).
    order:   pile `source` holds `cards`, in that order (a draw pile: it is shuffled).
    result:  the game's result is `result` (None: the game goes on).
    """

    kind: Kind
    text: str
    piece: str = ""
    n: int = 0
    source: str = ""
    destination: str = ""
    cards: tuple[str, ...] = ()
    place: str = ""
    value: int = 0
    result: GameResult | None = None


PILES: Final = ("tbot_drawn", "tbot_draw", "event_card_line", "battle_card_line", "tbot_discard",
                "tbot_removed", "us_draw", "us_hand", "us_core", "us_discard", "us_removed")
"""Every place a card can be, the T-bot's first (its cards change in its turn). The card the
T-bot is consulting comes first: a card leaves it before the next one drawn takes its place."""
TBOT_PILES: Final = PILES[:6]
US_PILES: Final = PILES[6:]
EVENTS: Final = ("tbot_active_event", "us_active_event")
BOARD_FIELDS: Final = ("year", "season", "pieces", "gold", *PILES, *EVENTS, "derne_captured",
                       "benghazi_captured", "assault_damaged", "result")
"""The fields of GameState a physical board shows (assault_damaged: its non-zero counts)."""
NOT_ON_THE_BOARD: Final = ("seed", "rng", "phase", "history_season", "mid_turn", "table",
                           "hidden_discard", "forced_dice", "log")
"""The fields no instruction speaks of: the generator, whose decision is pending (the phase), the
game-over chart's records, a hand-written position's resume point, a table campaign's modes (where
its luck comes from), whether the discard piles are hidden (an option, no move), the tests' dice,
the log."""

PILE_WORDS: Final = {
    "tbot_draw": "the T-bot's draw pile",
    "tbot_drawn": "the card the T-bot drew",
    "event_card_line": "the event card line",
    "battle_card_line": "the battle card line",
    "tbot_discard": "the T-bot's discard pile",
    "tbot_removed": "the T-bot's cards removed from the game",
    "us_draw": "the American draw pile",
    "us_hand": "the American hand",
    "us_core": "the American core cards",
    "us_discard": "the American discard pile",
    "us_removed": "the American cards removed from the game",
}
"""Each pile as a sentence names it."""
_LINES = ("event_card_line", "battle_card_line")
_SUPPLIES = (d.US_SUPPLY, d.TRIPOLITAN_SUPPLY)
_CITIES = (("derne", "derne_captured"), ("benghazi", "benghazi_captured"))


def instructions(before: GameState, after: GameState) -> list[Instruction]:
    """The instructions that bring a board from `before` to `after`, in the order a turn does them:
    the T-bot's cards (its draw, its lines, its piles), the active events, the pieces and the
    frigates damaged, gold and cities; the date; then what a new year brings (frigates arriving
    from the Year Turn Track, the American cards); the order of a pile where it changed; the end.

    Where several places lose and gain the same piece (or piles the same card), they are paired
    in the board's order (d.ALL_LOCATIONS, PILES): the same two positions always give the same
    instructions."""
    cards = _card_moves(before, after)
    tbot_cards = [i for i in cards if i.source in TBOT_PILES]
    us_cards = [i for i in cards if i.source in US_PILES]
    pieces = _piece_moves(before, after)
    arrivals = [i for i in pieces if i.source in d.TRACK and i.destination in d.MAP_LOCATIONS]
    events = _events(before, after)
    ended = [i for i in events if not i.cards]
    return [*tbot_cards, *(i for i in events if i.cards),
            *(i for i in pieces if i not in arrivals), *_damage(before, after),
            *_gold(before, after), *_captures(before, after), *ended, *_date(before, after),
            *arrivals, *us_cards, *_orders(before, after, cards), *_result(before, after)]


def apply(state: GameState, instruction: Instruction) -> None:
    """Make on `state` the change `instruction` says (its data, never its words)."""
    i = instruction
    if i.kind == "cards":
        for card in i.cards:
            _take(state, i.source, card)
            _put(state, i.destination, card)
    elif i.kind == "event":
        setattr(state, i.destination, i.cards[0] if i.cards else "")
    elif i.kind == "pieces":
        state.pieces[i.source][i.piece] -= i.n
        state.pieces[i.destination][i.piece] += i.n
    elif i.kind == "damage":
        state.assault_damaged[i.piece] = i.n
    elif i.kind == "gold":
        state.gold += i.n
    elif i.kind == "capture":
        setattr(state, f"{i.place}_captured", bool(i.value))
    elif i.kind == "date":
        state.year, state.season = i.value, i.n
    elif i.kind == "order":
        setattr(state, i.source, list(i.cards))
    elif i.kind == "result":
        state.result = i.result


def board(state: GameState) -> dict[str, object]:
    """What a board shows of a position (BOARD_FIELDS): two positions whose boards are equal look
    the same on the table."""
    shown: dict[str, object] = {name: getattr(state, name) for name in BOARD_FIELDS}
    shown["assault_damaged"] = {k: n for k, n in state.assault_damaged.items() if n}
    return shown


# --- cards ---------------------------------------------------------------------------------------

def _pile(state: GameState, pile: str) -> list[str]:
    if pile == "tbot_drawn":
        return [state.tbot_drawn] if state.tbot_drawn else []
    cards: list[str] = getattr(state, pile)
    return cards


def _take(state: GameState, pile: str, card: str) -> None:
    if pile == "tbot_drawn":
        state.tbot_drawn = ""
    else:
        _pile(state, pile).remove(card)


def _put(state: GameState, pile: str, card: str) -> None:
    if pile == "tbot_drawn":
        state.tbot_drawn = card
    else:
        _pile(state, pile).append(card)


def _pairs(losses: Sequence[tuple[str, int]], gains: Sequence[tuple[str, int]]
           ) -> list[tuple[str, str, int]]:
    """(from, to, how many): the losses matched with the gains, each in the order given."""
    lost, gained = [n for _, n in losses], [n for _, n in gains]
    moves = []
    i = j = 0
    while i < len(lost) and j < len(gained):
        n = min(lost[i], gained[j])
        moves.append((losses[i][0], gains[j][0], n))
        lost[i] -= n
        gained[j] -= n
        if not lost[i]:
            i += 1
        if not gained[j]:
            j += 1
    return moves


def _card_moves(before: GameState, after: GameState) -> list[Instruction]:
    """The cards that changed piles, one instruction per pile to pile, the cards of each in the
    order they stand in their new pile."""
    was = {pile: Counter(_pile(before, pile)) for pile in PILES}
    now = {pile: Counter(_pile(after, pile)) for pile in PILES}
    moved: dict[tuple[str, str], Counter[str]] = {}
    for card in sorted(set().union(*was.values(), *now.values())):
        losses = [(p, was[p][card] - now[p][card]) for p in PILES if was[p][card] > now[p][card]]
        gains = [(p, now[p][card] - was[p][card]) for p in PILES if now[p][card] > was[p][card]]
        for src, dst, n in _pairs(losses, gains):
            moved.setdefault((src, dst), Counter())[card] += n
    found = []
    for src in PILES:
        for dst in PILES:
            counts = moved.get((src, dst))
            if counts:
                cards = _in_order(_pile(after, dst), counts)
                found.append(Instruction("cards", _cards_text(cards, src, dst, before, after), source=src,
                                         destination=dst, cards=cards))
    return found


def _in_order(pile: Sequence[str], counts: Counter[str]) -> tuple[str, ...]:
    """The counted cards in the order of their last copies in `pile` (where they arrived)."""
    left = counts.copy()
    found = []
    for card in reversed(pile):
        if left[card]:
            left[card] -= 1
            found.append(card)
    return tuple(reversed(found))


def card_names(cards: Sequence[str]) -> str:
    """'Storms', 'Storms and Tripoli Attacks', 'A, B and C'."""
    names = [d.card_name(c) for c in cards]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _why(cards: Sequence[str], src: str, dst: str, before: GameState, after: GameState) -> str:
    """Why T-bot cards leave for its discard pile or the game, where the two positions tell: a
    battle card leaves its line only when played; a card drawn leaves the game only when played
    as an event, and one of the event card line too unless an American event took it out (where
    one was played between the two positions, the words do not say); a card that is the T-bot's
    active event was played as one."""
    if dst not in ("tbot_discard", "tbot_removed"):
        return ""
    if src == "battle_card_line":
        return "played as a battle card, "
    american_event = after.us_active_event not in ("", before.us_active_event) or any(
        Counter(after.us_hand)[card] < n for card, n in Counter(before.us_hand).items())
    if after.tbot_active_event in cards or (
            dst == "tbot_removed" and src in ("tbot_draw", "tbot_drawn", "event_card_line")
            and not (src == "event_card_line" and american_event)):
        return "played as an event, "
    return ""


def _cards_text(cards: Sequence[str], src: str, dst: str, before: GameState,
                after: GameState) -> str:
    names, n = card_names(cards), len(cards)
    it = agree(n, "it", "them")
    if src == "tbot_draw" and dst == "tbot_drawn":
        return f"The T-bot draws {names}"
    if src == "us_draw" and dst == "us_hand":
        return (f"Draw {plural(n, 'card')} into the American hand: {names}" if n > 1
                else f"Draw {names} into the American hand")
    why = _why(cards, src, dst, before, after)
    put = {"tbot_discard": f"put {it} on the T-bot's discard pile",
           "us_discard": f"put {it} on the American discard pile",
           "tbot_removed": f"remove {it} from the game",
           "us_removed": f"remove {it} from the game",
           "event_card_line": f"add {it} to the end of the event card line",
           "battle_card_line": f"add {it} to the end of the battle card line",
           "us_hand": f"put {it} in the American hand",
           "us_core": f"put {it} back with the American core cards",
           "tbot_drawn": f"{agree(n, 'it is', 'they are')} the card the T-bot consults",
           "tbot_draw": f"shuffle {it} into the T-bot's draw pile",
           "us_draw": f"shuffle {it} into the American draw pile",
           }.get(dst, f"put {it} in {PILE_WORDS[dst]}")
    if src == "tbot_draw":
        return f"The T-bot draws {names}: {why}{put}"
    if src == "tbot_drawn":
        return f"{names}, the card the T-bot drew: {why}{put}"
    verb = "Remove" if src in _LINES else "Take"
    return f"{verb} {names} from {PILE_WORDS[src]}: {why}{put}"


def _orders(before: GameState, after: GameState, moves: Iterable[Instruction]
            ) -> list[Instruction]:
    """The piles whose order the moves leave different from `after`'s: each put in order."""
    board_now = before.clone()
    for move in moves:
        apply(board_now, move)
    found = []
    for pile in PILES:
        cards = _pile(after, pile)
        if pile != "tbot_drawn" and _pile(board_now, pile) != cards:
            text = (f"Shuffle {PILE_WORDS[pile]}" if pile in ("tbot_draw", "us_draw")
                    else f"Put {PILE_WORDS[pile]} in this order: {card_names(cards)}")
            found.append(Instruction("order", text, source=pile, cards=tuple(cards)))
    return found


def _events(before: GameState, after: GameState) -> list[Instruction]:
    found = []
    for field in EVENTS:
        was, now = getattr(before, field), getattr(after, field)
        if was == now:
            continue
        whose = "the T-bot's" if field == "tbot_active_event" else "the American"
        if now:
            text = f"{d.card_name(now)} is {whose} active event"
        else:
            text = f"{d.card_name(was)} is no longer {whose} active event"
        found.append(Instruction("event", text[0].upper() + text[1:], destination=field,
                                 cards=(now,) if now else ()))
    return found


# --- pieces --------------------------------------------------------------------------------------

def _piece_moves(before: GameState, after: GameState) -> list[Instruction]:
    """Each piece kind's losses and gains paired, place by place in the board's order."""
    found = []
    for piece in d.PIECES:
        losses = [(loc, before.pieces[loc][piece] - after.pieces[loc][piece])
                  for loc in d.ALL_LOCATIONS if before.pieces[loc][piece] > after.pieces[loc][piece]]
        gains = [(loc, after.pieces[loc][piece] - before.pieces[loc][piece])
                 for loc in d.ALL_LOCATIONS if after.pieces[loc][piece] > before.pieces[loc][piece]]
        sunk = before.pieces[d.SUNK][piece]
        for src, dst, n in _pairs(losses, gains):
            sunk += n if dst == d.SUNK else -n if src == d.SUNK else 0
            found.append(Instruction("pieces", _pieces_text(piece, n, src, dst, sunk), piece=piece,
                                     n=n, source=src, destination=dst))
    return found


def _pieces_text(piece: str, n: int, src: str, dst: str, sunk: int) -> str:
    """The words of a move (`sunk`: how many are in the sunk-frigates box after it)."""
    pieces = d.pieces_name(piece, n)
    if dst == d.SUNK:
        return (f"Sink {pieces} {d.at_place(src)}: put {agree(n, 'it', 'them')} in the "
                f"sunk-frigates box ({sunk} sunk in all)")
    if src == d.SUNK:
        return f"Take {pieces} out of the sunk-frigates box to {d.place_in_words(dst)}"
    if src in _SUPPLIES:
        return f"Place {pieces} from the supply {d.at_place(dst)}"
    if dst in _SUPPLIES:
        return f"Remove {pieces} from {d.place_in_words(src)} to the supply"
    if dst in d.TRACK and src in d.MAP_LOCATIONS:
        pieces = plural(n, *(f"damaged {name}" for name in d.PIECE_NAMES[piece]))
    return f"Move {pieces} from {d.place_in_words(src)} to {d.place_in_words(dst)}"


def _damage(before: GameState, after: GameState) -> list[Instruction]:
    found = []
    for piece in (d.US_FRIGATE, d.TRIPOLITAN_FRIGATE):
        was, now = before.assault_damaged.get(piece, 0), after.assault_damaged.get(piece, 0)
        if was != now:
            name = d.PIECE_NAMES[piece][1]
            text = f"{name.capitalize()} damaged in the battle at Tripoli: {now} (were {was})"
            found.append(Instruction("damage", text, piece=piece, n=now))
    return found


# --- gold, cities, the date, the end ---------------------------------------------------------------

def _gold(before: GameState, after: GameState) -> list[Instruction]:
    n = after.gold - before.gold
    if not n:
        return []
    verb = "gains" if n > 0 else "loses"
    return [Instruction("gold", f"Tripoli {verb} {abs(n)} gold: {after.gold} in all", n=n,
                        value=after.gold)]


def _captures(before: GameState, after: GameState) -> list[Instruction]:
    found = []
    for city, field in _CITIES:
        now = getattr(after, field)
        if getattr(before, field) != now:
            name = d.place_name(city)
            text = (f"{name} is captured (place the control marker)" if now
                    else f"{name} is no longer captured (remove the control marker)")
            found.append(Instruction("capture", text, place=city, value=int(now)))
    return found


def _date(before: GameState, after: GameState) -> list[Instruction]:
    if (before.year, before.season) == (after.year, after.season):
        return []
    on = (after.year, after.season) > (before.year, before.season)
    text = f"{'Advance' if on else 'Go back'} to {when(after.year, after.season)}"
    return [Instruction("date", text, n=after.season, value=after.year)]


def _result(before: GameState, after: GameState) -> list[Instruction]:
    if before.result == after.result:
        return []
    text = (f"The game ends: {after.result.text}" if after.result is not None
            else "The game goes on: it is no longer over")
    return [Instruction("result", text, result=after.result)]

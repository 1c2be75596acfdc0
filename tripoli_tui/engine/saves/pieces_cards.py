"""The pieces and cards tables of a saved position: read, completed ('...', omitted supplies) and
checked card by card."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .. import data as d
from .. import rng
from ..cards.decks import REFERENCE_CARDS, TBOT_DECK, US_CORE_CARDS, US_DECK
from ..invariants import ALLOWED
from ..state import GameState, empty_pieces
from .problems import Reader, quoted, suggest, unknown_keys

PILES = ("us_draw", "us_hand", "us_core", "us_discard", "us_removed", "tbot_draw",
         "event_card_line", "battle_card_line", "tbot_discard", "tbot_removed")
"""Every card pile and line of GameState, in the order a save lists them."""
US_PILES = PILES[:5]
"""The American piles."""
CARD_REFERENCES = ("us_active_event", "tbot_active_event", "tbot_drawn")
"""Single cards named in the cards table ('' in GameState when none)."""
REST = "..."
"""The last entry of a draw pile meaning: every other card of that deck, shuffled."""
NOT_IN_PILES = REFERENCE_CARDS
"""Solitaire cards that sit beside the T-bot's piles, never in them."""

SUPPLIES = (d.US_SUPPLY, d.TRIPOLITAN_SUPPLY)
PIECE_LOCATIONS = tuple(loc for loc in d.ALL_LOCATIONS if loc != d.SUNK)
"""Locations a save's pieces table may name (sunk frigates are `frigates_sunk`)."""


def read_pieces(r: Reader, table: Any, s: GameState, sunk: int) -> None:
    if not isinstance(table, dict):
        r.add("pieces", "must be a table of locations")
        return
    pieces = empty_pieces()
    pieces[d.SUNK][d.US_FRIGATE] = sunk
    for loc, counts in table.items():
        if loc == d.SUNK:
            r.add(f"pieces.{loc}", "write sunk American frigates as frigates_sunk")
            continue
        if loc not in PIECE_LOCATIONS:
            r.add(f"pieces.{loc}", "unknown location" + suggest(loc, PIECE_LOCATIONS))
            continue
        if not isinstance(counts, dict):
            r.add(f"pieces.{loc}", "must be a table of piece counts, like { corsair = 2 }")
            continue
        for piece, n in counts.items():
            _read_count(r, f"pieces.{loc}.{piece}", loc, piece, n, pieces)
    if r.problems:
        return
    for piece, total in d.PIECE_TOTALS.items():
        _settle_supply(r, table, pieces, piece, total)
    s.pieces = pieces


def _read_count(r: Reader, where: str, loc: str, piece: str, n: Any,
                pieces: dict[str, dict[str, int]]) -> None:
    if piece not in d.PIECE_TOTALS:
        r.add(where, "unknown piece" + suggest(piece, d.PIECES))
    elif not isinstance(n, int) or isinstance(n, bool) or n < 0:
        r.add(where, f"{quoted(n)} is not a count")
    elif n > d.PIECE_TOTALS[piece]:
        r.add(where, f"{n}, but the game has only {d.pieces_name(piece, d.PIECE_TOTALS[piece])}")
    elif n and loc not in ALLOWED[piece]:
        r.add(where, f"{d.PIECE_NAMES[piece][1]} are never at {loc}")
    else:
        pieces[loc][piece] = n


def _settle_supply(r: Reader, table: dict[str, Any], pieces: dict[str, dict[str, int]],
                   piece: str, total: int) -> None:
    """An omitted supply holds the rest of its pieces; a listed one must make the total."""
    supply = d.SUPPLY_OF[piece]
    placed = sum(pieces[loc][piece] for loc in d.ALL_LOCATIONS if loc != supply)
    name = d.PIECE_NAMES[piece][1]
    if supply not in table:
        if placed > total:
            r.add("pieces", f"{placed} {name} placed, but the game has only {total}")
        else:
            pieces[supply][piece] = total - placed
    elif placed + pieces[supply][piece] != total:
        found = placed + pieces[supply][piece]
        r.add("pieces", f"{name} add up to {found}, the game has {total}: correct the counts, "
              f"or leave {supply} out to put the rest there")


def read_cards(r: Reader, table: Any, s: GameState) -> None:
    if not isinstance(table, dict):
        r.add("cards", "must be a table of piles")
        return
    for key in unknown_keys(table, f"{r.path}.cards", PILES + CARD_REFERENCES):
        r.problems.append(key)
    listed: dict[str, list[str]] = {}
    rest: dict[str, bool] = {}
    for pile in PILES:
        listed[pile], rest[pile] = _read_pile(r, pile, table.get(pile, [REST] if pile in (
            "us_draw", "tbot_draw") else None))
    for ref in CARD_REFERENCES:
        if ref in table:
            card = card_id(r, f"cards.{ref}", table[ref])
            setattr(s, ref, card or "")
    if r.problems:
        return
    if "us_core" not in table:
        others = Counter(c for p in PILES for c in listed[p])
        listed["us_core"] = [c for c in US_CORE_CARDS if not others[c]]
    _check_places(r, listed, s)
    if r.problems:
        return
    _fill_draw_piles(r, listed, rest, s)
    for pile in PILES:
        setattr(s, pile, listed[pile])


def _read_pile(r: Reader, pile: str, value: Any) -> tuple[list[str], bool]:
    if value is None:
        return [], False
    if not isinstance(value, list):
        r.add(f"cards.{pile}", "must be a list of printed card names")
        return [], False
    cards: list[str] = []
    rest = False
    for i, name in enumerate(value):
        if name == REST and i == len(value) - 1 and pile in ("us_draw", "tbot_draw"):
            rest = True
            continue
        card = card_id(r, f"cards.{pile}[{i + 1}]", name)
        if card:
            cards.append(card)
    return cards, rest


def card_id(r: Reader, where: str, name: Any) -> str:
    """The id of a card given by its printed name (a problem added when it is not one)."""
    if not isinstance(name, str):
        r.add(where, f"{quoted(name)} is not a card name")
        return ""
    try:
        card = d.card_by_name(name)
    except KeyError:
        r.add(where, f"unknown card {quoted(name)}" + suggest(name, [c.name for c in d.CARDS.values()]))
        return ""
    if card.id in NOT_IN_PILES:
        r.add(where, f"{card.name} is never in a pile (it sits beside the T-bot's cards)")
        return ""
    return card.id


def _check_places(r: Reader, listed: dict[str, list[str]], s: GameState) -> None:
    """Each card in its own side's piles, no more copies than printed, in a pile it can be in."""
    where: dict[str, list[str]] = {}
    for pile in PILES:
        for card in listed[pile]:
            where.setdefault(card, []).append(pile)
    if s.tbot_drawn:
        where.setdefault(s.tbot_drawn, []).append("tbot_drawn")
    for card, piles in where.items():
        c = d.CARDS[card]
        if len(piles) > c.copies:
            copies = "there is only one" if c.copies == 1 else f"there are {c.copies} copies"
            places = ", ".join(f"{pile} x{n}" if n > 1 else pile for pile, n in Counter(piles).items())
            r.add("cards", f"{c.name} is listed {len(piles)} times ({places}), but {copies}")
        for pile in dict.fromkeys(piles):
            problem = _pile_problem(c, pile)
            if problem:
                r.add(f"cards.{pile}", problem)
    for ref in ("us_active_event", "tbot_active_event"):
        card = getattr(s, ref)
        if card and d.CARDS[card].deck != (d.US if ref.startswith("us") else d.TRIPOLITANIA):
            r.add(f"cards.{ref}", f"{d.card_name(card)} belongs to the other side")


def _pile_problem(c: d.Card, pile: str) -> str:
    us_pile = pile in US_PILES
    if (c.deck == d.US) != us_pile:
        side = "an American" if c.deck == d.US else "a Tripolitan"
        return f"{c.name} is {side} card, it cannot be in {pile}"
    if c.deck == d.US and c.kind == d.CORE:
        if pile not in ("us_core", "us_removed"):
            return f"{c.name} is a core card: only us_core or us_removed"
    elif pile == "us_core":
        return f"{c.name} is not a core card"
    if c.deck == d.TRIPOLITANIA and c.kind == d.BATTLE:
        if pile not in ("battle_card_line", "tbot_removed"):
            return f"{c.name} is a battle card: only battle_card_line or tbot_removed"
    elif pile == "battle_card_line":
        return f"{c.name} is not a battle card"
    return ""


def _fill_draw_piles(r: Reader, listed: dict[str, list[str]], rest: dict[str, bool],
                     s: GameState) -> None:
    """Put each deck's unlisted cards in its draw pile where asked ('...'), then check the totals."""
    drawn = [s.tbot_drawn] if s.tbot_drawn else []
    found = Counter(c for p in PILES for c in listed[p]) + Counter(drawn)
    for pile, deck in (("us_draw", US_DECK), ("tbot_draw", TBOT_DECK)):
        missing = Counter(deck) - found
        if rest[pile] and missing:
            s.rng, shuffled = rng.shuffled(s.rng, list(missing.elements()))
            listed[pile] += shuffled
            found += missing
    expected = Counter(c.id for c in d.CARDS.values() if c.id not in NOT_IN_PILES
                       for _ in range(c.copies))
    for card, n in (expected - found).items():
        r.add("cards", f"{d.card_name(card)} is missing{f' ({n} copies)' if n > 1 else ''}: "
              "list it in the pile it is in")


"""A position in the middle of a turn, at a T-bot decision: what may stand there, and how the game
resumes from it (a hand-written save's `[position.mid_turn]`, docs/save-format.md).

Four decisions: a drawn card being consulted, a battle card offered in a pirate raid, Yusuf
Qaramanli's raids (which harbor next), and a hit allocation (an American attack on a harbor, a
round of the Assault on Tripoli, or the Tripoli Attacks battle in the Tripoli patrol zone in the
T-bot's turn). The game resumes at that decision, finishes the turn (or the American action, which
ends with the battle), and goes on as usual.
"""

from __future__ import annotations

from .. import data as d
from ..cards.decks import TBOT_CHOICES
from ..cards.registry import CAPTURE_ROLL, INTERCEPTED, MERCHANT_CAPTURED, battle_cards_at
from ..cards.tripolitan.tripoli_attacks import tripoli_attacks_battle
from ..cards.tripolitan.yusuf_qaramanli import yusuf_raids
from ..core import Proc, log
from ..decisions import YUSUF_RAID_ORDER
from ..mechanics.assault import assault_landing, assault_rounds
from ..mechanics.combat import (
    allocate_tripolitan_naval_hits,
    allocate_us_naval_hits,
    us_ships_to_malta,
)
from ..mechanics.raids import merchant_captured, raid_after_interception
from ..state import GameState, MidTurn, Phase
from ..turns import turn_mark
from ..words import plural
from .tripolitan import consult_drawn, draw_and_consult

US, TR = d.US, d.TRIPOLITANIA

DRAWN_CARD, BATTLE_CARD, YUSUF_RAIDS, ALLOCATE_HITS = (
    "drawn_card", "battle_card", "yusuf_raids", "allocate_hits")
DECISIONS = (DRAWN_CARD, BATTLE_CARD, YUSUF_RAIDS, ALLOCATE_HITS)
"""The T-bot decisions a position may stand at."""
FIELDS = {DRAWN_CARD: (), BATTLE_CARD: ("card", "raid"), YUSUF_RAIDS: ("harbors",),
          ALLOCATE_HITS: ("battle", "location", "hits", "assault_round", "american_hits")}
"""The fields each decision reads (besides `decision`)."""
OPTIONAL = ("assault_round", "american_hits")
"""Fields a position may leave out (0: not the Assault; no hit on the American frigates)."""
RAID_MOMENTS = (INTERCEPTED, CAPTURE_ROLL, MERCHANT_CAPTURED)
"""The moments of a pirate raid that offer battle cards, in the order they come up."""
RAID_CARDS = tuple(c.id for moment in RAID_MOMENTS for c in battle_cards_at(moment)
                   if c.deck == TR)
"""The battle cards the T-bot is offered in a pirate raid, in the order they come up."""
RAID_HARBORS = ("tripoli", *d.ALLY_HARBORS)
RAIDS_ORDERED = next(card for card, rule in TBOT_CHOICES.items()
                     if rule.step.kind == YUSUF_RAID_ORDER)
"""The card whose raids, one harbor after another, the T-bot orders (Yusuf Qaramanli)."""
BATTLES = ("harbor", "assault", "tripoli_attacks")
TRIPOLI_ATTACKS_ZONE = "tripoli_patrol_zone"
MOST_HITS = 40
"""More hits than any battle can deal (a bound for hand-written positions)."""


# --- what may stand there -----------------------------------------------------------------

def mid_turn_problems(state: GameState) -> list[tuple[str, str]]:
    """Every inconsistency between a position and its mid-turn decision, as (field, problem);
    also a drawn card or assault damage without the decision that needs them."""
    point = state.mid_turn
    if point is None:
        return _without_decision(state)
    if point.decision not in DECISIONS:
        return [("mid_turn.decision", f"{point.decision!r} is not a T-bot decision a position can "
                 f"stand at ({', '.join(DECISIONS)})")]
    american = point.decision == ALLOCATE_HITS and point.battle != "tripoli_attacks"
    phase = Phase.AMERICAN_PLAY if american else Phase.TRIPOLITAN_PLAY
    problems = []
    if state.phase != phase:
        problems.append(("phase", f"the {point.decision} decision stands in phase {str(phase)!r} "
                         f"({'an American attack or the Assault' if american else 'the T-bot'}"
                         f"{'' if american else chr(39) + 's turn'}), not {str(state.phase)!r}"))
    if state.tbot_drawn and point.decision != DRAWN_CARD:
        problems.append(("cards.tbot_drawn", "a drawn card is consulted only at a drawn_card "
                         "decision"))
    if state.assault_damaged and not (american and point.battle == "assault"):
        problems.append(("assault_damaged", "only in the middle of the Assault on Tripoli "
                         "(mid_turn.battle = \"assault\")"))
    return problems + CHECKS[point.decision](state, point)


def _without_decision(state: GameState) -> list[tuple[str, str]]:
    problems = []
    if state.tbot_drawn:
        problems.append(("cards.tbot_drawn", "a drawn card is consulted in the middle of the "
                         "T-bot's turn: add [position.mid_turn] with decision = \"drawn_card\""))
    if state.assault_damaged:
        problems.append(("assault_damaged", "only in the middle of the Assault on Tripoli: add "
                         "[position.mid_turn] with decision = \"allocate_hits\" and battle = "
                         "\"assault\""))
    return problems


def _drawn_card(state: GameState, point: MidTurn) -> list[tuple[str, str]]:
    if not state.tbot_drawn:
        return [("cards.tbot_drawn", "missing: a drawn_card decision consults the card the "
                 "T-bot has just drawn")]
    return []


def _battle_card(state: GameState, point: MidTurn) -> list[tuple[str, str]]:
    card, harbor = point.card, point.raid
    if card not in RAID_CARDS:
        names = ", ".join(d.card_name(c) for c in RAID_CARDS)
        shown = d.card_name(card) if card in d.CARDS else repr(card)
        return [("mid_turn.card", f"{shown} is not a battle card the T-bot is offered in a "
                 f"pirate raid ({names})")]
    if harbor not in RAID_HARBORS:
        return [("mid_turn.raid", f"{harbor!r} is not a harbor corsairs raid from "
                 f"({', '.join(RAID_HARBORS)})")]
    problems = []
    name = d.card_name(card)
    if card not in state.battle_card_line:
        problems.append(("mid_turn.card", f"{name} is not in the battle card line"))
    use = d.CARDS[card].battle
    if use is not None and use.position_problems is not None:
        problems += use.position_problems(state, harbor, _raiders(state, harbor))
    return problems


def _raiders(state: GameState, harbor: str) -> int:
    piece = d.ALLIED_CORSAIR if harbor in d.ALLY_HARBORS else d.CORSAIR
    return state.pieces[harbor][piece]


def _yusuf_raids(state: GameState, point: MidTurn) -> list[tuple[str, str]]:
    problems = []
    if state.tbot_active_event != RAIDS_ORDERED:
        problems.append(("cards.tbot_active_event", f"{d.card_name(RAIDS_ORDERED)}'s raids: it "
                         "must be the T-bot's active event card"))
    harbors = point.harbors
    wrong = [h for h in harbors if h not in RAID_HARBORS]
    if wrong:
        problems.append(("mid_turn.harbors", f"{', '.join(map(repr, wrong))} not a harbor Yusuf "
                         f"raids from ({', '.join(RAID_HARBORS)})"))
    elif len(set(harbors)) != len(harbors):
        problems.append(("mid_turn.harbors", "a harbor is listed twice"))
    elif len(harbors) < 2:
        problems.append(("mid_turn.harbors", "at least two harbors still to raid: with one left "
                         "there is nothing for the T-bot to decide"))
    return problems


def hit_targets(state: GameState, location: str, assault: bool) -> list[str]:
    """The ways the Tripolitan ships at a battle can take the next hit (as the engine offers)."""
    p = state.pieces[location]
    ally = location in d.ALLY_HARBORS
    damaged = state.assault_damaged.get(d.TRIPOLITAN_FRIGATE, 0) if assault else 0
    undamaged = 0 if ally else p[d.TRIPOLITAN_FRIGATE] - damaged
    corsairs = p[d.ALLIED_CORSAIR if ally else d.CORSAIR]
    return [t for t, n in (("frigate", undamaged), ("corsair", corsairs),
                           ("damaged_frigate", damaged)) if n > 0]


def _allocate_hits(state: GameState, point: MidTurn) -> list[tuple[str, str]]:
    if point.battle not in BATTLES:
        return [("mid_turn.battle", f"{point.battle!r} is not a battle the T-bot allocates hits "
                 "in from a position (harbor: an American attack on a harbor; assault: the "
                 "Assault on Tripoli; tripoli_attacks: the Tripoli Attacks battle)")]
    if point.battle == "tripoli_attacks":
        return _tripoli_attacks_hits(state, point)
    assault = point.battle == "assault"
    if point.american_hits:
        return [("mid_turn.american_hits", "only in the Tripoli Attacks battle (the American "
                 "ships took their hits first in this battle)")]
    if point.location not in RAID_HARBORS or (assault and point.location != "tripoli"):
        where = "the harbor of Tripoli" if assault else f"a harbor ({', '.join(RAID_HARBORS)})"
        return [("mid_turn.location", f"{point.location!r}: the battle is in {where}")]
    problems = []
    if not 1 <= point.hits <= MOST_HITS:
        problems.append(("mid_turn.hits", f"{point.hits} hits: a hit allocation takes 1 to "
                         f"{MOST_HITS} hits"))
    p, name = state.pieces[point.location], d.place_name(point.location)
    if not p[d.US_FRIGATE] + p[d.GUNBOAT]:
        problems.append(("mid_turn.location", f"no American ship is in the harbor of {name}: "
                         "there is no battle"))
    targets = hit_targets(state, point.location, assault)
    if len(targets) < 2:
        problems.append(("mid_turn.location", f"the Tripolitan ships in the harbor of {name} can "
                         f"take a hit {'one way only' if targets else 'in no way'}: the T-bot has "
                         "nothing to decide"))
    event = state.us_active_event
    if assault and event != "assault_on_tripoli":
        problems.append(("cards.us_active_event", "the Assault on Tripoli must be the American "
                         "active event card"))
    if assault and point.assault_round < 1:
        problems.append(("mid_turn.assault_round", "the round of the Assault (1 for the first)"))
    if not assault and (point.assault_round or event == "assault_on_tripoli"):
        problems.append(("mid_turn.battle", "with the Assault on Tripoli the battle is "
                         "\"assault\""))
    return problems


def _tripoli_attacks_hits(state: GameState, point: MidTurn) -> list[tuple[str, str]]:
    zone = TRIPOLI_ATTACKS_ZONE
    if point.location != zone:
        return [("mid_turn.location", f"{point.location!r}: the Tripoli Attacks battle is in "
                 f"the Tripoli patrol zone ({zone!r})")]
    problems = []
    if not 1 <= point.hits <= MOST_HITS:
        problems.append(("mid_turn.hits", f"{point.hits} hits: a hit allocation takes 1 to "
                         f"{MOST_HITS} hits"))
    if not 0 <= point.american_hits <= MOST_HITS:
        problems.append(("mid_turn.american_hits", f"{point.american_hits} hits: 0 to "
                         f"{MOST_HITS}"))
    if state.tbot_active_event != "tripoli_attacks":
        problems.append(("cards.tbot_active_event", "the Tripoli Attacks battle: it must be the "
                         "T-bot's active event card"))
    if point.assault_round:
        problems.append(("mid_turn.assault_round", "only in the Assault on Tripoli"))
    if not state.pieces[zone][d.US_FRIGATE]:
        problems.append(("mid_turn.location", "no American frigate is in the Tripoli patrol "
                         "zone: there is no battle"))
    home = state.pieces["tripoli"]
    if home[d.CORSAIR] or home[d.TRIPOLITAN_FRIGATE]:
        problems.append(("pieces.tripoli", "every Tripolitan ship of the harbor of Tripoli "
                         "sailed into the patrol zone to attack: none stays in the harbor"))
    if len(hit_targets(state, zone, False)) < 2:
        problems.append(("mid_turn.location", "the Tripolitan ships in the Tripoli patrol zone "
                         "can take a hit one way only (or none): the T-bot has nothing to "
                         "decide"))
    return problems


CHECKS = {DRAWN_CARD: _drawn_card, BATTLE_CARD: _battle_card, YUSUF_RAIDS: _yusuf_raids,
          ALLOCATE_HITS: _allocate_hits}


# --- resuming -----------------------------------------------------------------------------------

def resume_mid_turn(state: GameState, point: MidTurn) -> Proc[None]:
    """Play on from the decision the position stands at to the end of its turn (or of the
    American action: the battle is its last part)."""
    if point.decision == ALLOCATE_HITS and point.battle != "tripoli_attacks":
        log(state, US, f"The American turn, {state.when} (the position stands in a battle).",
            "header", turn_mark(US))
        yield from _resume_hits(state, point)
        return
    log(state, TR, f"The T-bot's turn, {state.when} (the position stands in the middle of it).",
        "header", turn_mark(TR))
    if point.decision == DRAWN_CARD:
        if (yield from consult_drawn(state, state.tbot_drawn)):
            yield from draw_and_consult(state)
    elif point.decision == ALLOCATE_HITS:
        log(state, TR, "Tripoli attacks: in the battle in the Tripoli patrol zone the Tripolitan "
            f"ships take {plural(point.hits, 'hit')}, then the American ships "
            f"{plural(point.american_hits, 'hit')}.", "header")
        yield from tripoli_attacks_battle(state, _tripoli_attacks_hits_rest(state, point))
    elif point.decision == YUSUF_RAIDS:
        yield from yusuf_raids(state, list(point.harbors))
    elif _moment(point.card) == MERCHANT_CAPTURED:
        yield from merchant_captured(state)
    else:
        yield from raid_after_interception(state, point.raid, _raiders(state, point.raid),
                                           _moment(point.card) == INTERCEPTED)


def _moment(card: str) -> str:
    use = d.CARDS[card].battle
    return use.moment if use is not None else ""


def _tripoli_attacks_hits_rest(state: GameState, point: MidTurn) -> Proc[None]:
    """The rest of the Tripoli Attacks round: Tripoli allocates first (it attacks), then the
    American frigates take theirs."""
    zone = TRIPOLI_ATTACKS_ZONE
    yield from allocate_tripolitan_naval_hits(state, zone, point.hits, assault=False)
    yield from allocate_us_naval_hits(state, zone, point.american_hits, assault=False)


def _resume_hits(state: GameState, point: MidTurn) -> Proc[None]:
    assault = point.battle == "assault"
    where = d.place_name(point.location)
    what = f"Assault on Tripoli, round {point.assault_round}" if assault else (
        f"naval battle in the harbor of {where}")
    log(state, US, f"In the {what}, the Tripolitan ships take "
        f"{plural(point.hits, 'hit')}.", "header")
    yield from allocate_tripolitan_naval_hits(state, point.location, point.hits, assault=assault)
    if assault:
        yield from assault_rounds(state, first=False)
        yield from assault_landing(state)
    else:
        us_ships_to_malta(state, point.location)

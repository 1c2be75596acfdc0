"""The Tripolitan cards' rules and core cards, each defined once: texts, T-bot condition and
instruction, effect.

A card's T-bot condition is a check with the board facts that decide it (rulebook Solitaire Card
Play Requirements, plus rulings); its instruction says what the T-bot does with it when drawn; its
printed solitaire line and the rulings the T-bot applies are what a trace shows. The unique and
common cards are in `tripolitan_common`, the unique and solitaire cards in `tripolitan_unique`, the
battle cards in `battle`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from .. import data as d
from .. import queries as q
from ..core import (
    Proc,
    ask,
    log,
    log_later,
    move,
    no_decision,
    place_from_supply,
)
from ..decisions import YUSUF_RAID_ORDER, Choice, ChooseLocation, Decision
from ..procedures.raids import interception, pirate_raid
from ..queries import Check, Fact
from ..state import GameState
from ..words import agree
from .registry import (
    CORE,
    NEVER_PLAYED,
    PLAY,
    TRIPOLITANIA,
    BattleUse,
    Card,
    Worth,
    register,
)

TR, US = d.TRIPOLITANIA, d.US

Condition = Callable[[GameState], Check]
Effect = Callable[[GameState], Proc[None]]
Trigger = Callable[[GameState], Check]
"""A battle card's T-bot trigger: whether it holds, with the board facts it looked at."""


@dataclass(frozen=True, slots=True)
class TbotStep:
    """A box of the T-bot's flowchart that a card brings with it (`bot.flowchart` draws it)."""

    id: str
    title: str
    wording: str
    """The printed wording the box quotes."""
    rule: str
    """Where it comes from: the card, and the rulings it applies."""
    kind: str
    """The decision kind the box answers."""
    on_yes: str
    """What the T-bot does."""
    short: str
    """The box in a few words, where a turn is told in brief."""


@dataclass(frozen=True, slots=True)
class Chosen:
    """What the T-bot chooses inside a card it resolves, with the facts it looked at."""

    choice: Choice
    facts: tuple[str, ...]
    outcome: str
    """The box's outcome, in a few words."""
    summary: str
    """The choice told in one sentence."""


@dataclass(frozen=True, slots=True)
class TbotChoice:
    """A choice the T-bot makes inside a card (which patrol zone, which harbor, which die): its
    flowchart box, and the printed rule as a function of the position and the decision."""

    step: TbotStep
    choose: Callable[[GameState, Decision], Chosen]
    only_outcome: Callable[[str], str] | None = None
    """The outcome when one place was left and the T-bot was not asked (by the place's name)."""
    counts_dice: bool = False
    """Whether the choice rolls a die per American frigate in the place (told when settled)."""


@dataclass(frozen=True, slots=True)
class TripolitanCard(Card):
    """A Tripolitan card with the T-bot's rules for it."""

    condition: Condition | None = None
    """The T-bot's solitaire condition for playing it (None: never played by the T-bot)."""
    effect: Effect | None = None
    """Resolving it as the T-bot's active event (None: never an event)."""
    instruction: str = ""
    """What the T-bot does with it when drawn: PLAY, QUEUE, RAID_OR_BUILD, ALWAYS or NEVER."""
    rulings: str = ""
    """The rulings the T-bot applies to it."""
    trigger: Trigger | None = None
    """A battle card's T-bot trigger, checked when the engine offers it."""
    when_played: str = ""
    """A battle card's effect for the T-bot, in a few words, where its flowchart box says what
    happens when the trigger holds."""
    choice: TbotChoice | None = None
    """The choice the T-bot makes inside the card as it resolves (None: no choice)."""
    line_place: int = 0
    """Its place in the T-bot's event card line at setup (0: not there)."""


TRIPOLITAN: dict[str, TripolitanCard] = {}
"""Every Tripolitan card by id."""


def define(cid: str, name: str, kind: str, text: str, tbot: str, requirement: str = "",
           copies: int = 1, *, condition: Condition | None = None, effect: Effect | None = None,
           instruction: str = "", rulings: str = "", trigger: Trigger | None = None,
           when_played: str = "", choice: TbotChoice | None = None,
           battle: BattleUse | None = None, line_place: int = 0,
           worth: Worth = NEVER_PLAYED) -> None:
    """Define a Tripolitan card: it joins this side's rules and the card table."""
    card = TripolitanCard(id=cid, name=name, deck=TRIPOLITANIA, kind=kind, copies=copies,
                          text=text, requirement=requirement, tbot=tbot, battle=battle, worth=worth,
                          condition=condition, effect=effect, instruction=instruction,
                          rulings=rulings, trigger=trigger, when_played=when_played,
                          choice=choice, line_place=line_place)
    TRIPOLITAN[cid] = card
    register(card)


def solitaire_condition(state: GameState, card: str) -> Check:
    """Whether the T-bot's solitaire condition for a card holds now, with the deciding facts."""
    c = TRIPOLITAN.get(card)
    if c is None or c.condition is None:
        return _never_played(card)
    return c.condition(state)


# Each condition reads the board facts it needs and hands them to a function of those facts
# alone, which builds the check: the same facts always give the same check, so that function is
# cached (every T-bot turn asks the condition of each card in its event card line).

@cache
def _never_played(card: str) -> Check:
    return Check(False, (Fact("card", d.card_name(card), "never played by the T-bot"),))


def play_tripolitan_event(state: GameState, card: str, source: str = "") -> Proc[None]:
    """Resolve a Tripolitan card as the T-bot's event, then dispose of it."""
    state.tbot_active_event = card
    c = TRIPOLITAN[card]
    (state.tbot_removed if c.kind in (d.CORE, d.UNIQUE) else state.tbot_discard).append(card)
    log_later(state, TR, _tbot_plays, (card, source))
    if c.effect is None:
        raise RuntimeError(f"the T-bot never plays {c.name} as an event")
    yield from c.effect(state)


def _tbot_plays(card: str, source: str) -> str:
    return f"The T-bot plays {d.card_name(card)}{source}."


def short(placed: int, wanted: int, ruling: str = "G-1") -> str:
    """A note for the log when the supply could not give every piece a card places (G-1)."""
    return "" if placed >= wanted else f" (the supply holds no more: ruling {ruling})"


_PLAY_IMMEDIATELY = Check(True, (Fact("condition", "play immediately"),))


def play_immediately(s: GameState) -> Check:
    return _PLAY_IMMEDIATELY


def us_frigates_in_tripoli_zone(s: GameState, needed: int) -> Check:
    return _us_frigates_in_tripoli_zone_check(q.us_frigates_in(s, "tripoli_patrol_zone"), needed)


@cache
def _us_frigates_in_tripoli_zone_check(n: int, needed: int) -> Check:
    return q.OneFact(n == needed, "American frigates in the Tripoli patrol zone", n,
                     f"exactly {needed}")


# --- core cards (the event card line at setup) ------------------------------------------

def _yusuf_condition(s: GameState) -> Check:
    return _yusuf_check(s.year, tuple(s.active_allies()))


@cache
def _yusuf_check(year: int, allies: tuple[str, ...]) -> Check:
    needed = 2 if year <= 1804 else 1
    return Check(len(allies) >= needed, lambda: (
        Fact("year", str(year)),
        Fact("active allies", f"{len(allies)} ({q.ally_names(allies)})",
             f"at least {needed} in {'1801-1804' if needed == 2 else '1805-1806'}"),
    ))


def _yusuf(state: GameState) -> Proc[None]:
    yield from yusuf_raids(state, ["tripoli"] + state.active_allies())


def yusuf_raids(state: GameState, remaining: list[str]) -> Proc[None]:
    """Yusuf Qaramanli's raids from the harbors still to raid, in the order the T-bot chooses."""
    while remaining:
        options = [ChooseLocation(h) for h in remaining]
        choice = yield from ask(TR, YUSUF_RAID_ORDER, "Yusuf Qaramanli: which harbor raids next?",
                                options, auto=True, card="yusuf_qaramanli")
        assert isinstance(choice, ChooseLocation)
        remaining.remove(choice.location)
        yield from pirate_raid(state, choice.location)


def offered_locations(pending: Decision) -> list[str]:
    """The places a decision offers to choose from."""
    return [o.location for o in pending.options if isinstance(o, ChooseLocation)]


YUSUF_ORDER = ("tripoli", "tangier", "algiers", "tunis")
"""The order of Yusuf Qaramanli's raids (TB-23)."""


def _yusuf_next(state: GameState, pending: Decision) -> Chosen:
    """The first harbor still to raid in the order Tripoli, Tangier, Algiers, Tunis."""
    offered = offered_locations(pending)
    harbor = next(h for h in YUSUF_ORDER if h in offered)
    names = ", ".join(d.place_name(h) for h in YUSUF_ORDER if h in offered)
    name = d.place_name(harbor)
    facts = [f"harbors still to raid: {names}"]
    outcome = f"{name} raids next"
    if not q.corsairs_in(state, harbor):  # (only Tripoli: an ally is active with a corsair)
        facts.append(f"corsairs in the harbor of {name}: 0")
        outcome = f"{name} is next: it has no corsair, so it makes no raid"
    return Chosen(ChooseLocation(harbor), tuple(facts), outcome, f"Yusuf Qaramanli: {outcome}.")


define("yusuf_qaramanli", "Yusuf Qaramanli", CORE,
       "A pirate raid from Tripoli and a separate raid from every active ally's harbor.",
       "In 1801-1804, play if two allies of Algiers, Morocco or Tunis are active (have "
       "corsairs in their harbor). In 1805-1806, play if one ally is active.",
       condition=_yusuf_condition, effect=_yusuf, instruction=PLAY,
       rulings="TB-23, TB-5", line_place=3,
       choice=TbotChoice(TbotStep(
           "Y-order", "Yusuf Qaramanli: which harbor raids next",
           "Pirate raid from Tripoli and from the harbor of each active ally.",
           "Yusuf Qaramanli card; ruling TB-23 (Tripoli, Tangier, Algiers, Tunis)",
           YUSUF_RAID_ORDER, "the first harbor left in that order", "Yusuf's raids"),
           _yusuf_next))


def _murad_condition(s: GameState) -> Check:
    return _murad_check(q.us_frigates_in(s, "gibraltar_patrol_zone"),
                        s.year == 1801 and s.season == 3, s.pieces["gibraltar"][d.CORSAIR])


@cache
def _murad_check(zone: int, winter_1801: bool, corsairs: int) -> Check:
    first = Check(zone == 0 or winter_1801, lambda: (
        Fact("frigates in the Gibraltar patrol zone", str(zone), "0 (or Winter 1801)"),
        Fact("Winter 1801", q.yes_no(winter_1801)),
    ))
    return q.AllOf(first, q.OneFact(corsairs >= 1, "Tripolitan corsairs in Gibraltar", corsairs,
                                    "at least 1 (ruling TB-3)"))


def _murad_reis(state: GameState) -> Proc[None]:
    survivors, _ = yield from interception(state, "gibraltar_patrol_zone", "gibraltar", d.CORSAIR)
    n = move(state, d.CORSAIR, "gibraltar", "tripoli", survivors)
    log_later(state, TR, _murad_reis_text, (n,))


def _murad_reis_text(n: int) -> str:
    return (f"Murad Reis breaks out: {d.pieces_name(d.CORSAIR, n)} {agree(n, 'sails', 'sail')} "
            "from Gibraltar to Tripoli.")


def _murad_guarded(state: GameState) -> str:
    """In 1801 while corsairs wait in Gibraltar."""
    early = state.year == 1801 and state.season < 3 and state.pieces["gibraltar"][d.CORSAIR]
    return "gibraltar_patrol_zone" if early else ""


define("murad_reis_breaks_out", "Murad Reis Breaks Out", CORE,
       "Frigates in the Gibraltar patrol zone may intercept the corsairs in Gibraltar; the "
       "survivors sail to the harbor of Tripoli. No pirate raid.",
       "Play if there are no frigates in the naval patrol zone of Gibraltar OR if it is "
       "Winter of 1801.",
       condition=_murad_condition, effect=_murad_reis, instruction=PLAY,
       rulings="TB-3 (and a corsair in Gibraltar), S-2, A-19", line_place=1,
       worth=Worth(guard=_murad_guarded))


def _sends_aid(state: GameState) -> None:
    f = place_from_supply(state, d.TRIPOLITAN_FRIGATE, "tripoli", 1)
    c = place_from_supply(state, d.CORSAIR, "tripoli", 2)
    i = place_from_supply(state, d.TRIPOLITAN_INFANTRY, "tripoli", 2)
    log(state, TR, f"Constantinople sends {d.pieces_name(d.TRIPOLITAN_FRIGATE, f)}, "
        f"{d.pieces_name(d.CORSAIR, c)} and {d.pieces_name(d.TRIPOLITAN_INFANTRY, i)} to Tripoli"
        f"{short(f + c + i, 5, 'E-1')}.")


define("constantinople_sends_aid", "Constantinople Sends Aid", CORE,
       "One Tripolitan frigate and two corsairs to the harbor of Tripoli, two infantry to the "
       "city of Tripoli, all from the supply.",
       "Play if Derne has been captured by Hamet's Army.",
       "Hamet's Army has captured Derne.",
       condition=q.derne_captured,
       effect=no_decision(_sends_aid), instruction=PLAY,
       rulings="E-1, G-5 (capture is permanent)", line_place=2)

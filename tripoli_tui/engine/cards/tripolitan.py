"""Every Tripolitan event card, each defined once: texts, T-bot condition and instruction, effect.

A card's T-bot condition is a check with the board facts that decide it (rulebook Solitaire Card
Play Requirements, plus rulings); its instruction says what the T-bot does with it when drawn; its
printed solitaire line and the rulings the T-bot applies are what a trace shows. The unique and
solitaire cards are in `tripolitan_unique`, the battle cards in `battle`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from .. import data as d
from .. import queries as q
from ..core import (
    GameOver,
    Proc,
    ask,
    damaged_frigate_home,
    hits,
    log,
    log_later,
    log_roll,
    move,
    no_decision,
    place_from_supply,
    roll,
    sink_us_frigate,
)
from ..decisions import CHOOSE_LOCATION, YUSUF_RAID_ORDER, Choice, ChooseLocation, Decision
from ..procedures.combat import naval_round, us_ships_to_malta
from ..procedures.raids import interception, pirate_raid
from ..queries import Check, Fact
from ..state import GameState
from ..words import agree, plural
from .registry import (
    ALWAYS,
    COMMON,
    CORE,
    NEVER,
    NEVER_PLAYED,
    PLAY,
    QUEUE,
    RAID_OR_BUILD,
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


# --- common cards ---------------------------------------------------------------------

def _supplies_run_low(state: GameState) -> Proc[None]:
    zones = [z for z in d.PATROL_ZONES if state.pieces[z][d.US_FRIGATE]]
    if not zones:
        log(state, TR, "No American frigate is in a patrol zone: nothing happens.")
        return
    choice = yield from ask(TR, CHOOSE_LOCATION, "US Supplies Run Low: from which patrol zone?",
                            [ChooseLocation(z) for z in zones], auto=True,
                            card="us_supplies_run_low")
    assert isinstance(choice, ChooseLocation)
    move(state, d.US_FRIGATE, choice.location, "malta")
    log(state, US, f"An American frigate leaves {d.place_in_words(choice.location)} for Malta.")


def _supplies_zone(state: GameState, pending: Decision) -> Chosen:
    """Ruling TB-14: the frigate leaves the Tripoli patrol zone (two are there: the card's
    condition)."""
    zone = "tripoli_patrol_zone"
    n = q.us_frigates_in(state, zone)
    return Chosen(ChooseLocation(zone), (f"American frigates in the Tripoli patrol zone: {n}",),
                  "a frigate leaves the Tripoli patrol zone for Malta",
                  "US Supplies Run Low: a frigate leaves the Tripoli patrol zone for Malta.")


_SUPPLIES_LINE = ("If there are exactly two American frigates in the naval patrol zone of "
                  "Tripoli, play immediately.")
define("us_supplies_run_low", "US Supplies Run Low", COMMON,
       "One American frigate in a naval patrol zone returns to Malta.",
       f"{_SUPPLIES_LINE} Otherwise, discard to perform a Raid or Build action.",
       condition=lambda s: us_frigates_in_tripoli_zone(s, 2), effect=_supplies_run_low,
       instruction=RAID_OR_BUILD,
       rulings="TB-14, G-4",
       choice=TbotChoice(TbotStep(
           "Z-supplies", "US Supplies Run Low: which patrol zone", _SUPPLIES_LINE,
           "US Supplies Run Low card; ruling TB-14 (the frigate leaves the Tripoli patrol zone)",
           CHOOSE_LOCATION, "the Tripoli patrol zone", "supplies zone"),
           _supplies_zone, lambda where: f"a frigate leaves the {where} for Malta, the only choice"))

_CORSAIRS_RAID_LINE = ("Algerine/Moroccan/Tunisian Corsairs Raid: Discard to perform a Raid or "
                       "Build action.")
define("algerine_corsairs_raid", "Algerine Corsairs Raid", COMMON,
       "A pirate raid with the corsairs of Algiers.",
       _CORSAIRS_RAID_LINE, copies=2,
       instruction=NEVER, rulings="TB-10")
define("moroccan_corsairs_raid", "Moroccan Corsairs Raid", COMMON,
       "A pirate raid with the corsairs of Tangier.",
       _CORSAIRS_RAID_LINE, copies=2,
       instruction=NEVER, rulings="TB-10")
define("tunisian_corsairs_raid", "Tunisian Corsairs Raid", COMMON,
       "A pirate raid with the corsairs of Tunis.",
       _CORSAIRS_RAID_LINE, copies=2,
       instruction=NEVER, rulings="TB-10")


def _controlled(city: str, captured_by_hamet: Callable[[GameState], bool]) -> Condition:
    def check(s: GameState) -> Check:
        return _controlled_check(city, captured_by_hamet(s))
    return check


@cache
def _controlled_check(city: str, captured: bool) -> Check:
    return q.OneFact(not captured, f"{d.place_name(city)} controlled by Tripoli",
                     q.yes_no(not captured), "yes (not captured by Hamet's Army)")


def _troops(city: str) -> Effect:
    def effect(state: GameState) -> None:
        n = place_from_supply(state, d.TRIPOLITAN_INFANTRY, city, 2)
        log_later(state, TR, _troops_text, (n, city))
    return no_decision(effect)


def _troops_text(n: int, city: str) -> str:
    return (f"{d.pieces_name(d.TRIPOLITAN_INFANTRY, n)} {agree(n, 'reinforces', 'reinforce')} "
            f"{d.place_name(city)}{short(n, 2)}.")


define("troops_to_derne", "Troops to Derne", COMMON,
       "Two Tripolitan infantry from the supply to Derne.",
       "If Derne is controlled by Tripoli, play immediately. Otherwise, discard to "
       "perform a Raid or Build action.",
       "Derne not captured by Hamet's Army.",
       condition=_controlled("derne", lambda s: s.derne_captured), effect=_troops("derne"),
       instruction=RAID_OR_BUILD,
       rulings="G-5, G-6 (controlled = not captured)")
define("troops_to_benghazi", "Troops to Benghazi", COMMON,
       "Two Tripolitan infantry from the supply to Benghazi.",
       "If Benghazi is controlled by Tripoli, play immediately. Otherwise, discard to "
       "perform a Raid or Build action.",
       "Benghazi not captured by Hamet's Army.",
       condition=_controlled("benghazi", lambda s: s.benghazi_captured), effect=_troops("benghazi"),
       instruction=RAID_OR_BUILD,
       rulings="G-5, G-6 (controlled = not captured)")
define("troops_to_tripoli", "Troops to Tripoli", COMMON,
       "Two Tripolitan infantry from the supply to Tripoli.",
       "Troops to Tripoli: Play immediately.",
       condition=play_immediately, effect=_troops("tripoli"), instruction=ALWAYS,
       rulings="G-1")


def storms_condition(s: GameState) -> Check:
    """Storms and Second Storms: a patrol zone with at least two American frigates."""
    return _storms_check(tuple(q.storms_zone_counts(s)))


@cache
def _storms_check(counts: tuple[tuple[str, int], ...]) -> Check:
    best = max(n for _, n in counts)
    return q.OneFact(best >= 2, "American frigates per patrol zone", lambda: ", ".join(
        f"{d.place_name(z).replace(' patrol zone', '')} {n}" for z, n in counts),
        "a zone with at least 2")


def storms(state: GameState) -> Proc[None]:
    """Storms and Second Storms: a die per American frigate in the chosen patrol zone."""
    zones = [z for z in d.PATROL_ZONES if state.pieces[z][d.US_FRIGATE]]
    if not zones:
        log(state, TR, "No American frigate is in a patrol zone: the storm passes.")
        return
    choice = yield from ask(TR, CHOOSE_LOCATION, "Storms: which patrol zone?",
                            [ChooseLocation(z) for z in zones], auto=True,
                            card=state.tbot_active_event)
    assert isinstance(choice, ChooseLocation)
    zone = choice.location
    dice = roll(state, state.pieces[zone][d.US_FRIGATE])
    sixes = hits(dice)
    log_roll(state, TR, f"Storms in {d.place_in_words(zone)}", dice, plural(sixes, "six", "sixes"))
    if sixes:
        sink_us_frigate(state, zone)
        for _ in range(sixes - 1):
            if state.pieces[zone][d.US_FRIGATE]:
                where = damaged_frigate_home(state, d.US_FRIGATE, zone)
                log(state, US, f"A storm-damaged American frigate goes to {d.place_in_words(where)}.")


def _storm_zone(state: GameState, pending: Decision) -> Chosen:
    """Ruling TB-13: the patrol zone with the most American frigates (ties in the order
    Tripoli, Tangier, Algiers, Tunis, Gibraltar)."""
    offered = offered_locations(pending)
    counts = [(z, n) for z, n in q.storms_zone_counts(state) if z in offered]
    facts = [f"American frigates in the {d.place_name(z)}: {n}" for z, n in counts]
    zone, most = max(counts, key=lambda zn: zn[1])  # max keeps the first: canonical order wins ties
    facts.append(f"most American frigates: {most} (ties: Tripoli, Tangier, Algiers, Tunis, "
                 "Gibraltar)")
    name = d.place_name(zone)
    card = d.card_name(pending.info.card)
    return Chosen(ChooseLocation(zone), tuple(facts), f"the storm strikes the {name}",
                  f"{card}: the T-bot chooses the {name}.")


STORMS_CHOICE = TbotChoice(TbotStep(
    "Z-storms", "Storms: which patrol zone",
    "Choose a naval patrol zone with American frigates.",
    "Storms / Second Storms card; ruling TB-13 (most American frigates, ties in the "
    "order Tripoli, Tangier, Algiers, Tunis, Gibraltar)", CHOOSE_LOCATION,
    "that patrol zone", "storm zone"),
    _storm_zone, lambda where: f"the storm strikes the {where}, the only choice", counts_dice=True)
"""Storms and Second Storms: which patrol zone the storm strikes."""

STORMS_LINE = ("If there is a naval patrol zone with at least two American frigates, play "
               "immediately. Otherwise, add to the end of the event card line and draw another "
               "card.")
define("storms", "Storms", COMMON,
       "Choose a patrol zone with American frigates; roll a die for each. The first 6 sinks a "
       "frigate; each other 6 damages one.",
       STORMS_LINE,
       condition=storms_condition, effect=storms, instruction=QUEUE,
       rulings="TB-13, E-2, TB-2", choice=STORMS_CHOICE)


def _tripoli_attacks_condition(s: GameState) -> Check:
    return _tripoli_attacks_check(q.us_frigates_in(s, "tripoli_patrol_zone"),
                                  q.tripolitan_ship_dice(s))


@cache
def _tripoli_attacks_check(frigates: int, dice: int) -> Check:
    return q.AllOf(_us_frigates_in_tripoli_zone_check(frigates, 1),
                   q.OneFact(dice >= 5, "dice of Tripolitan ships in Tripoli", dice, "at least 5"))


def _tripoli_attacks(state: GameState) -> Proc[None]:
    zone = "tripoli_patrol_zone"
    c = move(state, d.CORSAIR, "tripoli", zone, state.pieces["tripoli"][d.CORSAIR])
    f = move(state, d.TRIPOLITAN_FRIGATE, "tripoli", zone,
             state.pieces["tripoli"][d.TRIPOLITAN_FRIGATE])
    log(state, TR, f"Tripoli attacks: {d.pieces_name(d.CORSAIR, c)} and "
        f"{d.pieces_name(d.TRIPOLITAN_FRIGATE, f)} sail into the Tripoli patrol zone.", "header")
    fight = bool(state.pieces[zone][d.US_FRIGATE] and (c or f))
    yield from tripoli_attacks_battle(state, naval_round(state, zone, active=TR) if fight else None)


def tripoli_attacks_battle(state: GameState, fight: Proc[None] | None) -> Proc[None]:
    """The Tripoli Attacks battle in the Tripoli patrol zone: `fight` (its round, or what is left
    of it; None for no battle), then every Tripolitan ship there sails home and the American ships
    to Malta (engine.midturn resumes a position in the middle of it)."""
    zone = "tripoli_patrol_zone"
    try:
        if fight is not None:
            yield from fight
    except GameOver:  # a fourth frigate sunk: the survivors still sail home in the final position
        _tripoli_ships_home(state, zone)
        raise
    _tripoli_ships_home(state, zone)
    us_ships_to_malta(state, zone)


def _tripoli_ships_home(state: GameState, zone: str) -> None:
    move(state, d.CORSAIR, zone, "tripoli", state.pieces[zone][d.CORSAIR])
    move(state, d.TRIPOLITAN_FRIGATE, zone, "tripoli", state.pieces[zone][d.TRIPOLITAN_FRIGATE])


define("tripoli_attacks", "Tripoli Attacks", COMMON,
       "Every Tripolitan ship in the harbor of Tripoli sails into its patrol zone and fights one "
       "round against the American frigates there (Swedes stay out).",
       "If there is exactly one American frigate in the naval patrol zone of Tripoli and "
       "there are at least five dice worth of Tripolitan ships (corsairs count as one, frigates "
       "count as two), play immediately. Otherwise, discard to perform a Raid or Build action.",
       condition=_tripoli_attacks_condition, effect=_tripoli_attacks, instruction=RAID_OR_BUILD,
       rulings="E-4 (ships in the harbor of Tripoli only), G-4")

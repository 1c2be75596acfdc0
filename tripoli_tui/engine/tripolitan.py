"""Tripolitania's play in solitaire: the T-bot's turn procedure, pirate raids and every Tripolitan card.

The engine offers the legal moves of the solitaire procedure; the controller (the T-bot, a random
player in tests) picks among them. See docs/tbot-flowchart.md for how the T-bot picks.
"""

from __future__ import annotations

from collections.abc import Callable

from . import data as d
from . import queries as q
from .combat import (
    harbor_battle,
    interception,
    naval_round,
    offer_tbot_battle_card,
    us_ships_to_malta,
)
from .core import (
    GameOver,
    Proc,
    ask,
    damaged_frigate_home,
    gain_gold,
    hits,
    log,
    log_roll,
    move,
    place_from_supply,
    random_index,
    roll,
    sink_us_frigate,
)
from .decisions import (
    CHOOSE_LOCATION,
    DRAWN_CARD,
    KEEP_DIE,
    RAID_OR_BUILD,
    TRIPOLITAN_TURN,
    YUSUF_RAID_ORDER,
    BuildCorsair,
    Choice,
    ChooseLocation,
    DiscardForRaidOrBuild,
    DrawCard,
    FiveCorsairRaid,
    KeepDie,
    PlayDrawn,
    PlayLineCard,
    QueueDrawn,
    Raid,
    RaidOrBuild,
)
from .state import GameState

US, TR = d.US, d.TRIPOLITANIA


# --- the turn -------------------------------------------------------------------

def turn_options(state: GameState) -> list[Choice]:
    """The T-bot's legal moves at the start of its turn."""
    options: list[Choice] = [
        PlayLineCard(c) for c in state.event_card_line if q.solitaire_condition(state, c)
    ]
    if q.five_corsair_check(state):
        options.append(FiveCorsairRaid())
    options.append(DrawCard() if state.tbot_draw else RaidOrBuild())
    return options


def tripolitan_play(state: GameState) -> Proc[None]:
    """One T-bot turn (rules digest e.1)."""
    state.tbot_active_event = ""
    log(state, TR, f"The T-bot's turn, {state.when}.", "header")
    choice = yield from ask(TR, TRIPOLITAN_TURN, "The T-bot's turn.", turn_options(state))
    if isinstance(choice, PlayLineCard):
        state.event_card_line.remove(choice.card)
        yield from play_tripolitan_event(state, choice.card, " from its event card line")
    elif isinstance(choice, FiveCorsairRaid):
        log(state, TR, "Five Corsair Check: five or more corsairs in Tripoli, so they raid.")
        yield from pirate_raid(state, "tripoli")
    elif isinstance(choice, RaidOrBuild):
        log(state, TR, "The T-bot's draw pile is empty: Raid or Build without discarding.")
        yield from raid_or_build(state)
    else:
        yield from draw_and_consult(state)


def drawn_card_options(state: GameState, card: str) -> list[Choice]:
    """What the solitaire instruction of a drawn card allows (rules digest e.3)."""
    if card in d.NEVER_PLAY:
        return [DiscardForRaidOrBuild()]
    if card in d.ALWAYS_PLAY:
        return [PlayDrawn()]
    fallback: Choice = QueueDrawn() if card in d.PLAY_OR_QUEUE else DiscardForRaidOrBuild()
    if q.solitaire_condition(state, card):
        return [PlayDrawn(), fallback]
    return [fallback]


def draw_and_consult(state: GameState) -> Proc[None]:
    """Draw the top card and follow its solitaire instruction; queued cards mean drawing again."""
    while state.tbot_draw:
        card = state.tbot_drawn = state.tbot_draw.pop(0)
        log(state, TR, f"The T-bot draws {d.card_name(card)}.")
        choice = yield from ask(TR, DRAWN_CARD, f"The T-bot drew {d.card_name(card)}.",
                                drawn_card_options(state, card), card=card)
        state.tbot_drawn = ""
        if isinstance(choice, PlayDrawn):
            yield from play_tripolitan_event(state, card)
            return
        if isinstance(choice, DiscardForRaidOrBuild):
            state.tbot_discard.append(card)
            log(state, TR, f"The T-bot discards {d.card_name(card)} to Raid or Build.")
            yield from raid_or_build(state)
            return
        state.event_card_line.append(card)
        log(state, TR, f"{d.card_name(card)} goes to the end of the event card line.")
    log(state, TR, "The T-bot's draw pile is empty: Raid or Build without discarding.")
    yield from raid_or_build(state)


def raid_or_build_options(state: GameState) -> list[Choice]:
    qualifying = [h for h, _, _, ok in q.raid_or_build_margins(state) if ok]
    if qualifying:
        return [Raid(h) for h in qualifying]
    return [BuildCorsair()]


def raid_or_build(state: GameState) -> Proc[None]:
    """The Raid or Build card (rules digest e.6)."""
    choice = yield from ask(TR, RAID_OR_BUILD, "Raid or Build.", raid_or_build_options(state))
    if isinstance(choice, Raid):
        yield from pirate_raid(state, choice.location)
    else:
        n = place_from_supply(state, d.CORSAIR, "tripoli", 1)
        log(state, TR, "Raid or Build: a corsair is built in Tripoli." if n
            else "Raid or Build: no corsair is left in the supply to build.")


# --- pirate raids ---------------------------------------------------------------

def pirate_raid(state: GameState, harbor: str) -> Proc[None]:
    """A pirate raid from one harbor (rules digest d.7)."""
    piece = d.ALLIED_CORSAIR if harbor in d.ALLY_HARBORS else d.CORSAIR
    raiders = state.pieces[harbor][piece]
    if raiders == 0:
        log(state, TR, f"No corsairs in {d.place_name(harbor)}: no raid (ruling R29).")
        return
    log(state, TR, f"Pirate raid from {d.place_name(harbor)} with "
        f"{d.pieces_name(piece, raiders)}.", "header")
    survivors, us_rolled = yield from interception(state, d.ZONE_OF[harbor], harbor, piece)
    if us_rolled and state.us_hand:
        why = "An American frigate made an interception roll."
        if (yield from offer_tbot_battle_card(state, "us_signal_books_overboard", why)):
            card = state.us_hand.pop(random_index(state, len(state.us_hand)))
            state.us_discard.append(card)
            log(state, TR, f"US Signal Books Overboard: {d.card_name(card)} is discarded from "
                "the American hand.")
    happy = False
    if harbor == "tripoli" and survivors:
        happy = yield from offer_tbot_battle_card(
            state, "happy_hunting", "A pirate raid from Tripoli.")
    if survivors == 0:
        log(state, TR, "Every raider was sunk: no merchant ships are taken.")
        return
    dice = roll(state, survivors + (3 if happy else 0))
    captured = hits(dice, 5)
    log_roll(state, TR, "Corsairs hunt merchant ships (5-6 captures)", dice,
             f"{captured} merchant ship{'s' if captured != 1 else ''} captured")
    if captured:
        gain_gold(state, captured, f"raid from {d.place_name(harbor)}")
        if q.red_corsairs_in_supply(state):
            if (yield from offer_tbot_battle_card(
                    state, "merchant_ship_converted", "The raid captured a merchant ship.")):
                place_from_supply(state, d.CORSAIR, "tripoli", 1)
                log(state, TR, "A converted merchant ship joins Tripoli's corsairs.")


# --- Tripolitan cards as events -------------------------------------------------

def _short(placed: int, wanted: int, ruling: str = "R51") -> str:
    """A note for the log when the supply could not give every piece a card places (R51)."""
    return "" if placed >= wanted else f" (the supply holds no more: ruling {ruling})"


def play_tripolitan_event(state: GameState, card: str, source: str = "") -> Proc[None]:
    """Resolve a Tripolitan card as the T-bot's event, then dispose of it."""
    state.tbot_active_event = card
    kind = d.CARDS[card].kind
    (state.tbot_removed if kind in (d.CORE, d.UNIQUE) else state.tbot_discard).append(card)
    log(state, TR, f"The T-bot plays {d.card_name(card)}{source}.")
    yield from TRIPOLITAN_EFFECTS[card](state)


def _murad_reis(state: GameState) -> Proc[None]:
    survivors, _ = yield from interception(state, "gibraltar_patrol_zone", "gibraltar", d.CORSAIR)
    n = move(state, d.CORSAIR, "gibraltar", "tripoli", survivors)
    log(state, TR, f"Murad Reis breaks out: {d.pieces_name(d.CORSAIR, n)} sail from Gibraltar "
        "to Tripoli.")


def _sends_aid(state: GameState) -> Proc[None]:
    f = place_from_supply(state, d.TRIPOLITAN_FRIGATE, "tripoli", 1)
    c = place_from_supply(state, d.CORSAIR, "tripoli", 2)
    i = place_from_supply(state, d.TRIPOLITAN_INFANTRY, "tripoli", 2)
    log(state, TR, f"Constantinople sends {d.pieces_name(d.TRIPOLITAN_FRIGATE, f)}, "
        f"{d.pieces_name(d.CORSAIR, c)} and {d.pieces_name(d.TRIPOLITAN_INFANTRY, i)} to Tripoli"
        f"{_short(f + c + i, 5, 'R21')}.")
    return
    yield


def _yusuf(state: GameState) -> Proc[None]:
    remaining = ["tripoli"] + state.active_allies()
    while remaining:
        options = [ChooseLocation(h) for h in remaining]
        choice = yield from ask(TR, YUSUF_RAID_ORDER, "Yusuf Qaramanli: which harbor raids next?",
                                options, auto=True, card="yusuf_qaramanli")
        assert isinstance(choice, ChooseLocation)
        remaining.remove(choice.location)
        yield from pirate_raid(state, choice.location)


def _sweden(state: GameState) -> Proc[None]:
    n = move(state, d.SWEDISH_FRIGATE, "tripoli_patrol_zone", d.US_SUPPLY, 2)
    log(state, TR, f"Sweden pays tribute: {d.pieces_name(d.SWEDISH_FRIGATE, n)} leave.")
    gain_gold(state, 2, "Sweden Pays Tribute")
    return
    yield


def _philadelphia(state: GameState) -> Proc[None]:
    zone = "tripoli_patrol_zone"
    if not state.pieces[zone][d.US_FRIGATE]:
        log(state, TR, "No American frigate in the Tripoli patrol zone: nothing happens.")
        return
    uncharted = yield from offer_tbot_battle_card(
        state, "uncharted_waters", "The Philadelphia Runs Aground is the active event card.")
    dice = roll(state, 2 if uncharted else 1)
    value = dice[0]
    if uncharted:
        choice = yield from ask(TR, KEEP_DIE, f"Uncharted Waters: keep which die of "
                                f"{dice[0]} and {dice[1]}?",
                                [KeepDie(v) for v in dict.fromkeys(dice)], auto=True,
                                card="uncharted_waters", dice=dice)
        assert isinstance(choice, KeepDie)
        value = choice.value
    log_roll(state, TR, "The Philadelphia Runs Aground", dice, f"{value} is used")
    if value <= 2:
        move(state, d.US_FRIGATE, zone, "malta")
        log(state, US, "The frigate is refloated and returns to Malta.")
    else:
        sink_us_frigate(state, zone)
        if value >= 5:
            n = place_from_supply(state, d.TRIPOLITAN_FRIGATE, "tripoli", 1)
            log(state, TR, "The Philadelphia is taken into Tripoli's navy." if n
                else "No Tripolitan frigate is left in the supply to add.")


def _storms(state: GameState) -> Proc[None]:
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
    log_roll(state, TR, f"Storms in the {d.place_name(zone)}", dice, f"{sixes} six(es)")
    if sixes:
        sink_us_frigate(state, zone)
        for _ in range(sixes - 1):
            if state.pieces[zone][d.US_FRIGATE]:
                where = damaged_frigate_home(state, d.US_FRIGATE, zone)
                log(state, US, f"A storm-damaged American frigate goes to {d.place_name(where)}.")


def _acquires(state: GameState) -> Proc[None]:
    n = place_from_supply(state, d.CORSAIR, "tripoli", 2)
    log(state, TR, f"Tripoli acquires {d.pieces_name(d.CORSAIR, n)}{_short(n, 2)}.")
    return
    yield


def _tripoli_attacks(state: GameState) -> Proc[None]:
    zone = "tripoli_patrol_zone"
    c = move(state, d.CORSAIR, "tripoli", zone, state.pieces["tripoli"][d.CORSAIR])
    f = move(state, d.TRIPOLITAN_FRIGATE, "tripoli", zone,
             state.pieces["tripoli"][d.TRIPOLITAN_FRIGATE])
    log(state, TR, f"Tripoli attacks: {d.pieces_name(d.CORSAIR, c)} and "
        f"{d.pieces_name(d.TRIPOLITAN_FRIGATE, f)} sail into the Tripoli patrol zone.", "header")
    try:
        if state.pieces[zone][d.US_FRIGATE] and (c or f):
            yield from naval_round(state, zone, active=TR)
    except GameOver:  # a fourth frigate sunk: the survivors still sail home in the final position
        _tripoli_ships_home(state, zone)
        raise
    _tripoli_ships_home(state, zone)
    us_ships_to_malta(state, zone)


def _tripoli_ships_home(state: GameState, zone: str) -> None:
    move(state, d.CORSAIR, zone, "tripoli", state.pieces[zone][d.CORSAIR])
    move(state, d.TRIPOLITAN_FRIGATE, zone, "tripoli", state.pieces[zone][d.TRIPOLITAN_FRIGATE])


def _troops(city: str) -> Callable[[GameState], Proc[None]]:
    def effect(state: GameState) -> Proc[None]:
        n = place_from_supply(state, d.TRIPOLITAN_INFANTRY, city, 2)
        log(state, TR, f"{d.pieces_name(d.TRIPOLITAN_INFANTRY, n)} reinforce "
            f"{d.place_name(city)}{_short(n, 2)}.")
        return
        yield
    return effect


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
    log(state, US, f"An American frigate leaves the {d.place_name(choice.location)} for Malta.")


def _declares_war(card: str) -> Callable[[GameState], Proc[None]]:
    harbor = d.DECLARES_WAR_HARBOR[card]

    def effect(state: GameState) -> Proc[None]:
        n = place_from_supply(state, d.ALLIED_CORSAIR, harbor, 3)
        log(state, TR, f"{d.ALLY_NAME[harbor]} declares war: {d.pieces_name(d.ALLIED_CORSAIR, n)} "
            f"in {d.place_name(harbor)}{_short(n, 3)}.")
        if state.pieces[harbor][d.US_FRIGATE] and state.pieces[harbor][d.ALLIED_CORSAIR]:
            yield from harbor_battle(state, harbor, active=TR)
    return effect


def _never(state: GameState) -> Proc[None]:
    raise RuntimeError("the T-bot never plays a Corsairs Raid card as an event")
    yield


TRIPOLITAN_EFFECTS: dict[str, Callable[[GameState], Proc[None]]] = {
    "murad_reis_breaks_out": _murad_reis,
    "constantinople_sends_aid": _sends_aid,
    "yusuf_qaramanli": _yusuf,
    "sweden_pays_tribute": _sweden,
    "the_philadelphia_runs_aground": _philadelphia,
    "storms": _storms,
    "second_storms": _storms,
    "tripoli_acquires_corsairs": _acquires,
    "tripoli_attacks": _tripoli_attacks,
    "troops_to_tripoli": _troops("tripoli"),
    "troops_to_benghazi": _troops("benghazi"),
    "troops_to_derne": _troops("derne"),
    "us_supplies_run_low": _supplies_run_low,
    "algiers_declares_war": _declares_war("algiers_declares_war"),
    "morocco_declares_war": _declares_war("morocco_declares_war"),
    "tunis_declares_war": _declares_war("tunis_declares_war"),
    "algerine_corsairs_raid": _never,
    "moroccan_corsairs_raid": _never,
    "tunisian_corsairs_raid": _never,
}

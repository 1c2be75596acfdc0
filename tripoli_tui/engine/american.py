"""American play: the seasonal choice, naval movement, and every American card's event."""

from __future__ import annotations

from collections.abc import Callable

from . import data as d
from . import queries as q
from .combat import (
    UsForce,
    bombard,
    capture,
    ground_combat,
    harbor_battle,
    naval_round,
    offer_tbot_battle_card,
    offer_us_battle_card,
    us_ships_to_malta,
)
from .core import (
    Proc,
    ask,
    damaged_frigate_home,
    end_game,
    gain_gold,
    log,
    log_roll,
    move,
    place_from_supply,
    roll,
    to_supply,
)
from .decisions import (
    AMERICAN_PLAY,
    BAINBRIDGE,
    BATTLE_ORDER,
    CHOOSE_LOCATION,
    HAND_LIMIT,
    MOVE_DESTINATION,
    MOVE_FRIGATE,
    SEND_GUNBOATS,
    Choice,
    ChooseLocation,
    DiscardCard,
    DiscardToBuild,
    DiscardToMove,
    Done,
    MoveFrom,
    MoveTo,
    Pass,
    PlayEvent,
    SendGunboat,
    TakeCard,
)
from .state import GameState

US, TR = d.US, d.TRIPOLITANIA


# --- the seasonal choice ----------------------------------------------------------

def american_options(state: GameState) -> list[Choice]:
    """Every legal American play this season (rules digest c.2)."""
    hand = list(dict.fromkeys(state.us_hand))
    options: list[Choice] = [PlayEvent(c) for c in state.us_core if q.event_requirement(state, c)]
    options += [PlayEvent(c) for c in hand
                if d.CARDS[c].kind != d.BATTLE and q.event_requirement(state, c)]
    options += [DiscardToMove(c) for c in hand]
    if q.can_build_gunboat(state):
        options += [DiscardToBuild(c) for c in hand]
    if not state.us_hand:
        options.append(Pass())
    return options


def hand_limit(state: GameState) -> Proc[None]:
    """Discard down to eight cards, the player choosing (only after the start-of-year draw)."""
    while len(state.us_hand) > d.HAND_LIMIT:
        excess = len(state.us_hand) - d.HAND_LIMIT
        choice = yield from ask(US, HAND_LIMIT,
                                f"Hand limit: discard {excess} more card{'s' if excess > 1 else ''}.",
                                [DiscardCard(c) for c in dict.fromkeys(state.us_hand)],
                                excess=excess)
        assert isinstance(choice, DiscardCard)
        state.us_hand.remove(choice.card)
        state.us_discard.append(choice.card)
        log(state, US, f"Hand limit: {d.card_name(choice.card)} is discarded.")


def american_play(state: GameState) -> Proc[None]:
    """The American player's seasonal turn."""
    yield from hand_limit(state)
    state.us_active_event = ""
    log(state, US, f"The American turn, {state.when}.", "header")
    choice = yield from ask(US, AMERICAN_PLAY, f"{state.when}: your play.",
                            american_options(state))
    if isinstance(choice, PlayEvent):
        source = state.us_core if choice.card in state.us_core else state.us_hand
        source.remove(choice.card)
        yield from play_american_event(state, choice.card)
    elif isinstance(choice, DiscardToMove):
        state.us_hand.remove(choice.card)
        state.us_discard.append(choice.card)
        log(state, US, f"The United States discards {d.card_name(choice.card)} to move up to "
            "two frigates.")
        yield from naval_movement(state, 2)
    elif isinstance(choice, DiscardToBuild):
        state.us_hand.remove(choice.card)
        state.us_discard.append(choice.card)
        place_from_supply(state, d.GUNBOAT, "malta", 1)
        log(state, US, f"The United States discards {d.card_name(choice.card)} and builds a "
            "gunboat in Malta.")
    else:
        log(state, US, "The United States passes (no cards in hand).")


def play_american_event(state: GameState, card: str) -> Proc[None]:
    """Resolve an American card as the active event; it goes where its type sends it first."""
    state.us_active_event = card
    kind = d.CARDS[card].kind
    (state.us_discard if kind == d.COMMON else state.us_removed).append(card)
    log(state, US, f"The United States plays {d.card_name(card)}.")
    yield from AMERICAN_EFFECTS[card](state)


# --- naval movement ---------------------------------------------------------------

def movable_sources(state: GameState, arrived: dict[str, int], destination: str | None,
                    allow_stay: bool) -> list[str]:
    """Map locations holding a frigate that has not moved yet this action."""
    sources = []
    for loc in d.MAP_LOCATIONS:
        if loc == destination and not allow_stay:
            continue
        if state.pieces[loc][d.US_FRIGATE] - arrived.get(loc, 0) > 0:
            sources.append(loc)
    return sources


def move_frigates(state: GameState, limit: int, *, destination: str | None = None,
                  exact: bool = False, card: str = "") -> Proc[dict[str, int]]:
    """Move up to `limit` distinct frigates one at a time (R60).

    Returns how many frigates moved into each place, in the order the places were first entered
    (with `exact`, a frigate already at the destination counts as moved there: N02).
    """
    arrived: dict[str, int] = {}
    moved = 0
    while moved < limit:
        sources = movable_sources(state, arrived, destination, allow_stay=exact)
        if not sources:
            break
        where = f" to {d.place_name(destination)}" if destination else ""
        prompt = (f"Move frigate {moved + 1} of {'exactly' if exact else 'up to'} {limit}{where}: "
                  "from where?")
        options: list[Choice] = [MoveFrom(s) for s in sources]
        if not exact:
            options.append(Done())
        choice = yield from ask(US, MOVE_FRIGATE, prompt, options, moved=moved, limit=limit,
                                destination=destination or "", card=card)
        if isinstance(choice, Done):
            break
        assert isinstance(choice, MoveFrom)
        src = choice.location
        if destination is None:
            to = yield from ask(US, MOVE_DESTINATION,
                                f"Move the frigate from {d.place_name(src)} to where?",
                                [MoveTo(loc) for loc in d.MAP_LOCATIONS if loc != src],
                                source=src, card=card)
            assert isinstance(to, MoveTo)
            dst = to.location
        else:
            dst = destination
        if src != dst:
            move(state, d.US_FRIGATE, src, dst)
            log(state, US, f"A frigate sails from {d.place_name(src)} to {d.place_name(dst)}.")
        arrived[dst] = arrived.get(dst, 0) + 1
        moved += 1
    return arrived


def is_attack_target(state: GameState, location: str) -> bool:
    """Moving frigates into here starts a naval battle or a bombardment."""
    if q.has_enemy_ships(state, location):
        return True
    return location in d.TRIPOLITAN_CITIES and state.pieces[location][d.TRIPOLITAN_INFANTRY] > 0


def send_gunboats(state: GameState, targets: list[str]) -> Proc[dict[str, int]]:
    """Gunboats in Malta may join any attack the frigates just made (R37); returns how many went
    to each target."""
    sent = dict.fromkeys(targets, 0)
    while targets and state.pieces["malta"][d.GUNBOAT]:
        n = state.pieces["malta"][d.GUNBOAT]
        options: list[Choice] = [SendGunboat(t) for t in targets] + [Done()]
        choice = yield from ask(US, SEND_GUNBOATS,
                                f"Gunboats in Malta: {n}. Send one to join an attack?", options,
                                gunboats=n)
        if isinstance(choice, Done):
            break
        assert isinstance(choice, SendGunboat)
        move(state, d.GUNBOAT, "malta", choice.location)
        sent[choice.location] += 1
        log(state, US, f"A gunboat sails from Malta to {d.place_name(choice.location)}.")
    return sent


def resolve_attacks(state: GameState, forces: dict[str, UsForce]) -> Proc[None]:
    """Resolve each battle or bombardment, in the order the player picks (R39).

    Only the ships that moved in (and the gunboats sent) take part (R38).
    """
    remaining = list(forces)
    while remaining:
        choice = yield from ask(US, BATTLE_ORDER, "Which attack is resolved next?",
                                [ChooseLocation(t) for t in remaining], auto=True)
        assert isinstance(choice, ChooseLocation)
        loc = choice.location
        remaining.remove(loc)
        if q.has_enemy_ships(state, loc):
            yield from harbor_battle(state, loc, active=US, force=forces[loc])
        elif loc in d.TRIPOLITAN_CITIES and state.pieces[loc][d.TRIPOLITAN_INFANTRY]:
            yield from bombard(state, loc, forces[loc])


def naval_movement(state: GameState, limit: int, card: str = "") -> Proc[None]:
    """Move up to `limit` frigates anywhere, then gunboats, then battles and bombardments (d.1)."""
    arrived = yield from move_frigates(state, limit, card=card)
    targets = [loc for loc in arrived if is_attack_target(state, loc)]
    sent = yield from send_gunboats(state, targets)
    yield from resolve_attacks(state, {t: UsForce(arrived[t], sent[t]) for t in targets})


# --- the American cards -------------------------------------------------------------

def _thomas_jefferson(state: GameState) -> Proc[None]:
    yield from naval_movement(state, 8, "thomas_jefferson")


def _naval_movement(state: GameState) -> Proc[None]:
    yield from naval_movement(state, 4, "naval_movement")


def _swedish_frigates(state: GameState) -> Proc[None]:
    n = place_from_supply(state, d.SWEDISH_FRIGATE, "tripoli_patrol_zone", 2)
    log(state, US, f"{d.pieces_name(d.SWEDISH_FRIGATE, n)} arrive in the Tripoli patrol zone.")
    return
    yield


def _hamets_army(state: GameState) -> Proc[None]:
    m = place_from_supply(state, d.MARINE, "alexandria", 1)
    a = place_from_supply(state, d.ARAB_INFANTRY, "alexandria", 5)
    log(state, US, f"Hamet's Army gathers in Alexandria: {d.pieces_name(d.MARINE, m)} and "
        f"{d.pieces_name(d.ARAB_INFANTRY, a)}.")
    return
    yield


def _treaty(state: GameState) -> Proc[None]:
    end_game(state, US, "treaty",
             "Yusuf Qaramanli signs the Treaty of Peace and Amity: the United States wins.")
    return
    yield


def _early_deployment(state: GameState) -> Proc[None]:
    choice = yield from ask(US, CHOOSE_LOCATION, "Early Deployment: into which patrol zone?",
                            [ChooseLocation(z) for z in d.PATROL_ZONES], card="early_deployment")
    assert isinstance(choice, ChooseLocation)
    move(state, d.US_FRIGATE, d.track_space(state.year + 1), choice.location)
    log(state, US, f"A frigate from the {state.year + 1} track deploys early to the "
        f"{d.place_name(choice.location)}.")


def _choose_active_ally(state: GameState, card: str) -> Proc[str]:
    choice = yield from ask(US, CHOOSE_LOCATION, f"{d.card_name(card)}: which ally's harbor?",
                            [ChooseLocation(h) for h in state.active_allies()], card=card)
    assert isinstance(choice, ChooseLocation)
    return choice.location


def _make_peace(state: GameState, harbor: str) -> None:
    n = to_supply(state, d.ALLIED_CORSAIR, harbor, state.pieces[harbor][d.ALLIED_CORSAIR])
    log(state, US, f"{d.ALLY_NAME[harbor]}'s {d.pieces_name(d.ALLIED_CORSAIR, n)} return to the "
        f"supply: {d.ALLY_NAME[harbor]} is at peace.")


def _show_of_force(state: GameState) -> Proc[None]:
    harbor = yield from _choose_active_ally(state, "a_show_of_force")
    yield from move_frigates(state, 3, destination=harbor, exact=True, card="a_show_of_force")
    _make_peace(state, harbor)


def _tribute_paid(state: GameState) -> Proc[None]:
    harbor = yield from _choose_active_ally(state, "tribute_paid")
    yield from move_frigates(state, 1, destination=harbor, exact=True, card="tribute_paid")
    _make_peace(state, harbor)
    gain_gold(state, 2, "Tribute Paid")


def _demands_tribute(state: GameState) -> Proc[None]:
    n = min(2, state.gold)
    state.gold -= n
    log(state, US, f"Constantinople demands tribute: Tripoli returns {n} gold "
        f"(it holds {state.gold}).")
    return
    yield


def _recruits(state: GameState) -> Proc[None]:
    where = state.hamet_army_location()
    n = place_from_supply(state, d.ARAB_INFANTRY, where, 2)
    log(state, US, f"Hamet recruits {d.pieces_name(d.ARAB_INFANTRY, n)} in {d.place_name(where)}.")
    return
    yield


def _bainbridge(state: GameState) -> Proc[None]:
    options: list[Choice] = []
    for card in q.bainbridge_candidates(state):
        if d.CARDS[card].kind != d.BATTLE and q.event_requirement(state, card):
            options.append(PlayEvent(card))
        options.append(TakeCard(card))
    choice = yield from ask(US, BAINBRIDGE,
                            "Bainbridge Supplies Intel: take a card from your discard pile, or "
                            "play it now as an event.", options, card="bainbridge_supplies_intel")
    assert isinstance(choice, (PlayEvent, TakeCard))
    state.us_discard.remove(choice.card)
    if isinstance(choice, TakeCard):
        state.us_hand.append(choice.card)
        log(state, US, f"Bainbridge: {d.card_name(choice.card)} returns to the American hand.")
    else:
        log(state, US, f"Bainbridge: {d.card_name(choice.card)} is played from the discard pile.")
        yield from play_american_event(state, choice.card)


def _congress(state: GameState) -> Proc[None]:
    n = move(state, d.US_FRIGATE, d.US_SUPPLY, d.track_space(state.year + 1), 2)
    log(state, US, f"Congress authorizes {d.pieces_name(d.US_FRIGATE, n)} for {state.year + 1}.")
    return
    yield


def _confiscated(state: GameState) -> Proc[None]:
    n = to_supply(state, d.CORSAIR, "gibraltar", state.pieces["gibraltar"][d.CORSAIR])
    log(state, US, f"{d.pieces_name(d.CORSAIR, n)} confiscated in Gibraltar.")
    if "murad_reis_breaks_out" in state.event_card_line:
        state.event_card_line.remove("murad_reis_breaks_out")
        state.tbot_removed.append("murad_reis_breaks_out")
        log(state, US, "Murad Reis Breaks Out is removed from the T-bot's event card line.")
    return
    yield


def _raid_die(state: GameState, card: str) -> Proc[int]:
    """One die for Burn the Philadelphia / Launch the Intrepid; Decatur rolls two, keeps the higher."""
    decatur = yield from offer_us_battle_card(
        state, "the_daring_stephen_decatur", f"{d.card_name(card)} is your active event card.")
    dice = roll(state, 2 if decatur else 1)
    value = max(dice)
    log_roll(state, US, d.card_name(card), dice, f"{value} is used")
    return value


def _burn(state: GameState) -> Proc[None]:
    value = yield from _raid_die(state, "burn_the_philadelphia")
    if value <= 2:
        log(state, US, "The raid fails.")
    elif value <= 4:
        where = damaged_frigate_home(state, d.TRIPOLITAN_FRIGATE, "tripoli")
        log(state, US, f"A Tripolitan frigate is damaged and goes to {d.place_name(where)}.")
    else:
        to_supply(state, d.TRIPOLITAN_FRIGATE, "tripoli")
        log(state, US, "A Tripolitan frigate is burnt and sunk.")


def _intrepid(state: GameState) -> Proc[None]:
    value = yield from _raid_die(state, "launch_the_intrepid")
    p = state.pieces["tripoli"]
    if value <= 2:
        log(state, US, "The raid fails.")
    elif value <= 4:
        n = to_supply(state, d.CORSAIR, "tripoli", 1)
        log(state, US, f"{d.pieces_name(d.CORSAIR, n)} sunk in Tripoli.")
    elif p[d.TRIPOLITAN_FRIGATE]:
        to_supply(state, d.TRIPOLITAN_FRIGATE, "tripoli")
        log(state, US, "A Tripolitan frigate is sunk in Tripoli.")
    else:
        n = to_supply(state, d.CORSAIR, "tripoli", 2)
        log(state, US, f"No frigate in Tripoli: {d.pieces_name(d.CORSAIR, n)} sunk instead.")


def _eaton(origin: str, city: str, card: str) -> Callable[[GameState], Proc[None]]:
    def effect(state: GameState) -> Proc[None]:
        for piece in (d.MARINE, d.ARAB_INFANTRY):
            move(state, piece, origin, city, state.pieces[origin][piece])
        log(state, US, f"General Eaton leads Hamet's Army from {d.place_name(origin)} to "
            f"{d.place_name(city)}.")
        arrived = yield from move_frigates(state, 3, destination=city, card=card)
        p = state.pieces[city]
        frigates = arrived.get(city, 0)
        if frigates and p[d.TRIPOLITAN_INFANTRY]:
            sent = yield from send_gunboats(state, [city])
            yield from bombard(state, city, UsForce(frigates, sent[city]))
        elif frigates:
            log(state, US, f"{d.place_name(city)} holds no Tripolitan infantry: no bombardment; "
                f"the {d.pieces_name(d.US_FRIGATE, frigates)} stay in the harbor (ruling N07).")
        if p[d.TRIPOLITAN_INFANTRY] == 0:
            capture(state, city)
        else:
            yield from ground_combat(state, city)
    return effect


# --- Assault on Tripoli (d.5) ---------------------------------------------------------

def _assault(state: GameState) -> Proc[None]:
    for loc in d.MAP_LOCATIONS:
        if loc != "tripoli":
            move(state, d.US_FRIGATE, loc, "tripoli", state.pieces[loc][d.US_FRIGATE])
            move(state, d.GUNBOAT, loc, "tripoli", state.pieces[loc][d.GUNBOAT])
    p = state.pieces["tripoli"]
    log(state, US, f"Assault on Tripoli! {d.pieces_name(d.US_FRIGATE, p[d.US_FRIGATE])} and "
        f"{d.pieces_name(d.GUNBOAT, p[d.GUNBOAT])} sail into the harbor of Tripoli.", "header")
    if state.hamet_army_location() == "benghazi":
        for piece in (d.MARINE, d.ARAB_INFANTRY):
            move(state, piece, "benghazi", "tripoli", state.pieces["benghazi"][piece])
        log(state, US, "Hamet's Army marches from Benghazi to Tripoli.")
    if p[d.CORSAIR] + p[d.TRIPOLITAN_FRIGATE]:
        yield from _assault_naval_battle(state)
    else:
        log(state, US, "No Tripolitan ship is in the harbor: no naval battle (ruling R34).")
    yield from _assault_landing(state)


def _us_fleet(state: GameState) -> int:
    p = state.pieces["tripoli"]
    return p[d.US_FRIGATE] + p[d.GUNBOAT]


def _assault_naval_battle(state: GameState) -> Proc[None]:
    p = state.pieces["tripoli"]
    state.assault_damaged = {d.US_FRIGATE: 0, d.TRIPOLITAN_FRIGATE: 0}
    why = "Assault on Tripoli: naval battle in the harbor of Tripoli."
    prebles = yield from offer_us_battle_card(state, "prebles_boys_take_aim", why)
    guns = yield from offer_tbot_battle_card(state, "the_guns_of_tripoli", why)
    first = True
    while _us_fleet(state) and p[d.CORSAIR] + p[d.TRIPOLITAN_FRIGATE]:
        if not first:
            log(state, US, "The battle in the harbor of Tripoli goes on.", "header")
        if _us_fleet(state) == 0:
            break
        yield from naval_round(state, "tripoli", active=US, assault=True, first_round=first,
                               prebles=prebles, guns=guns)
        first = False
    if _us_fleet(state) == 0:
        both = p[d.CORSAIR] + p[d.TRIPOLITAN_FRIGATE] == 0
        end_game(state, TR, "assault_failed",
                 "Both fleets are destroyed in the harbor of Tripoli: the assault fails. "
                 "Tripolitania wins." if both else
                 "The American fleet is destroyed in the harbor of Tripoli: the assault fails. "
                 "Tripolitania wins.")
    damaged = state.assault_damaged.get(d.US_FRIGATE, 0)
    state.assault_damaged = {}
    if damaged:
        move(state, d.US_FRIGATE, "tripoli", d.US_SUPPLY, damaged)
        log(state, US, f"{d.pieces_name(d.US_FRIGATE, damaged)} damaged in the assault return to "
            "the supply (not sunk).")


def _assault_landing(state: GameState) -> Proc[None]:
    p = state.pieces["tripoli"]
    if (p[d.US_FRIGATE] or p[d.GUNBOAT]) and p[d.TRIPOLITAN_INFANTRY]:
        yield from bombard(state, "tripoli")
    else:
        us_ships_to_malta(state, "tripoli")
    if (yield from offer_us_battle_card(state, "send_in_the_marines",
                                        "Ground combat in Tripoli is about to begin.")):
        n = place_from_supply(state, d.MARINE, "tripoli", 3)
        log(state, US, f"{d.pieces_name(d.MARINE, n)} land in Tripoli.")
    if p[d.MARINE] + p[d.ARAB_INFANTRY] == 0:
        end_game(state, TR, "assault_failed",
                 "No American troops are ashore at Tripoli: the assault fails. Tripolitania wins.")
    if p[d.TRIPOLITAN_INFANTRY] == 0:
        capture(state, "tripoli")
    yield from ground_combat(state, "tripoli")


AMERICAN_EFFECTS: dict[str, Callable[[GameState], Proc[None]]] = {
    "thomas_jefferson": _thomas_jefferson,
    "swedish_frigates_arrive": _swedish_frigates,
    "hamets_army_created": _hamets_army,
    "treaty_of_peace_and_amity": _treaty,
    "assault_on_tripoli": _assault,
    "naval_movement": _naval_movement,
    "early_deployment": _early_deployment,
    "a_show_of_force": _show_of_force,
    "tribute_paid": _tribute_paid,
    "constantinople_demands_tribute": _demands_tribute,
    "hamet_recruits_bedouins": _recruits,
    "bainbridge_supplies_intel": _bainbridge,
    "congress_authorizes_action": _congress,
    "corsairs_confiscated": _confiscated,
    "burn_the_philadelphia": _burn,
    "launch_the_intrepid": _intrepid,
    "general_eaton_attacks_derne": _eaton("alexandria", "derne", "general_eaton_attacks_derne"),
    "general_eaton_attacks_benghazi": _eaton("derne", "benghazi",
                                             "general_eaton_attacks_benghazi"),
}


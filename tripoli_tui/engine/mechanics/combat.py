"""Naval combat, bombardment, ground combat and interception rolls (the battle cards offered
at their moments: battle_cards)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .. import data as d
from ..cards.registry import GROUND_COMBAT, NAVAL_BATTLE
from ..core import (
    Proc,
    ask,
    damaged_frigate_home,
    end_game,
    hits,
    log,
    log_later,
    log_roll,
    move,
    roll,
    sink_us_frigate,
    to_supply,
)
from ..decisions import (
    ALLOCATE_HIT,
    ALLOCATE_HITS,
    AllocateHit,
)
from ..state import GameState
from ..turns import HIT, SHIPS_LEFT
from ..words import agree, plural
from .battle_cards import NOTHING_PLAYED, Played, offer_battle_cards

US, TR = d.US, d.TRIPOLITANIA


# --- naval combat -------------------------------------------------------------

@dataclass
class UsForce:
    """The American ships taking part in one battle or bombardment (ruling A-8).

    Frigates already sitting in the harbor that did not move in this action are not part of it:
    they neither roll nor take hits nor sail to Malta afterwards. The counts go down as ships are
    sunk or damaged out of the battle.
    """

    frigates: int
    gunboats: int

    @classmethod
    def everything_at(cls, state: GameState, location: str) -> UsForce:
        """Every American ship at the location (T-bot-started battles, the Assault)."""
        p = state.pieces[location]
        return cls(p[d.US_FRIGATE], p[d.GUNBOAT])


def _enemy_kinds(location: str) -> tuple[str, str | None]:
    """(corsair kind, frigate kind or None) of the Tripolitan side's ships at a battle location."""
    if location in d.ALLY_HARBORS:
        return d.ALLIED_CORSAIR, None
    return d.CORSAIR, d.TRIPOLITAN_FRIGATE


def naval_round(state: GameState, location: str, *, active: str, assault: bool = False,
                first_round: bool = True, played: Played = NOTHING_PLAYED,
                force: UsForce | None = None) -> Proc[None]:
    """One round of naval combat at a location: both sides fire, then allocate (active first).

    `force` is the American side (default: every American ship there); it is updated in place.
    """
    p = state.pieces[location]
    if force is None:
        force = UsForce.everything_at(state, location)
    corsair_kind, frigate_kind = _enemy_kinds(location)
    us_frigates, gunboats = force.frigates, force.gunboats
    red_frigates = p[frigate_kind] if frigate_kind else 0
    corsairs = p[corsair_kind]
    us_dice = us_frigates * (2 + (played.frigate_dice if first_round else 0)) + gunboats
    red_dice = 2 * red_frigates + corsairs + (played.tripoli_dice if first_round else 0)

    rolls: dict[str, list[int]] = {}
    for side in ((US, TR) if active == US else (TR, US)):
        who = "The United States" if side == US else d.ALLY_NAME.get(location, "Tripoli")
        rolls[side] = yield from roll(state, us_dice if side == US else red_dice, side,
                                      f"{who} fires in the naval battle {_at(location)}")
        n = hits(rolls[side])
        log_roll(state, side, f"{who} fires {plural(len(rolls[side]), 'die', 'dice')}",
                 rolls[side], plural(n, "hit"))
    hits_on_red, hits_on_us = hits(rolls[US]), hits(rolls[TR])
    for side in ((US, TR) if active == US else (TR, US)):
        if side == US:
            yield from allocate_us_naval_hits(state, location, hits_on_us, assault=assault,
                                              force=force)
        else:
            yield from allocate_tripolitan_naval_hits(state, location, hits_on_red, assault=assault)


def allocate_us_naval_hits(state: GameState, location: str, n_hits: int, *,
                           assault: bool, force: UsForce | None = None) -> Proc[None]:
    """The player allocates the hits the American ships received, one hit at a time (C-1)."""
    if force is None:
        force = UsForce.everything_at(state, location)
    damaged = state.assault_damaged.get(d.US_FRIGATE, 0) if assault else 0
    for left in range(n_hits, 0, -1):
        undamaged = force.frigates - damaged
        options = []
        if undamaged > 0:
            options.append(ALLOCATE_HIT["frigate"])
        if damaged > 0:
            options.append(ALLOCATE_HIT["damaged_frigate"])
        if force.gunboats > 0:
            options.append(ALLOCATE_HIT["gunboat"])
        if not options:
            log(state, US, f"{plural(left, 'hit')} on the American ships "
                f"{agree(left, 'is', 'are')} lost: nothing left to hit.")
            break
        choice = yield from ask(US, ALLOCATE_HITS,
                                f"Allocate a hit on your ships {d.at_place(location)} "
                                f"({left} left).", options, auto=True, hits_left=left,
                                location=location)
        assert isinstance(choice, AllocateHit)
        if choice.target == "frigate":
            damaged += 1
            log(state, US, "An American frigate is damaged.")
        elif choice.target == "damaged_frigate":
            damaged -= 1
            force.frigates -= 1
            _store_damage(state, d.US_FRIGATE, damaged, assault)
            sink_us_frigate(state, location)
        else:
            force.gunboats -= 1
            to_supply(state, d.GUNBOAT, location)
            log(state, US, "An American gunboat is sunk.")
    _store_damage(state, d.US_FRIGATE, damaged, assault)
    if not assault:
        force.frigates -= damaged
        for _ in range(damaged):
            where = damaged_frigate_home(state, d.US_FRIGATE, location)
            log(state, US, f"A damaged American frigate goes to {d.place_in_words(where)}.")


def _store_damage(state: GameState, piece: str, damaged: int, assault: bool) -> None:
    if assault:
        state.assault_damaged[piece] = damaged


def allocate_tripolitan_naval_hits(state: GameState, location: str, n_hits: int, *,
                                   assault: bool) -> Proc[None]:
    """Tripolitania allocates the hits its ships received, one hit at a time (the T-bot: ruling TB-15)."""
    corsair_kind, frigate_kind = _enemy_kinds(location)
    damaged = state.assault_damaged.get(d.TRIPOLITAN_FRIGATE, 0) if assault else 0
    for left in range(n_hits, 0, -1):
        p = state.pieces[location]
        undamaged = (p[frigate_kind] - damaged) if frigate_kind else 0
        options = []
        if undamaged > 0:
            options.append(ALLOCATE_HIT["frigate"])
        if p[corsair_kind] > 0:
            options.append(ALLOCATE_HIT["corsair"])
        if damaged > 0:
            options.append(ALLOCATE_HIT["damaged_frigate"])
        if not options:
            log(state, TR, f"{plural(left, 'hit')} on the Tripolitan ships "
                f"{agree(left, 'is', 'are')} lost: nothing left to hit.")
            break
        choice = yield from ask(TR, ALLOCATE_HITS,
                                f"Allocate a hit on the Tripolitan ships "
                                f"{d.at_place(location)} ({left} left).", options, auto=True,
                                hits_left=left, location=location, assault=assault)
        assert isinstance(choice, AllocateHit)
        if choice.target == "frigate":
            damaged += 1
            text = "A Tripolitan frigate is damaged."
        elif choice.target == "damaged_frigate":
            damaged -= 1
            assert frigate_kind is not None
            to_supply(state, frigate_kind, location)
            text = "A Tripolitan frigate is sunk."
        else:
            to_supply(state, corsair_kind, location)
            whose = "An allied" if corsair_kind == d.ALLIED_CORSAIR else "A Tripolitan"
            text = f"{whose} corsair is sunk."
        ships = {"at": location, "corsairs": p[corsair_kind],
                 "frigates": p[frigate_kind] if frigate_kind else 0, "damaged": damaged}
        log(state, TR, text, data={HIT: choice.target, SHIPS_LEFT: ships})
    _store_damage(state, d.TRIPOLITAN_FRIGATE, damaged, assault)
    if not assault and frigate_kind:
        for _ in range(damaged):
            where = damaged_frigate_home(state, frigate_kind, location)
            log(state, TR, f"A damaged Tripolitan frigate goes to {d.place_in_words(where)}.")


def us_ships_to_malta(state: GameState, location: str, force: UsForce | None = None) -> None:
    """The surviving American ships of a battle (default: all there) sail to Malta."""
    if force is None:
        force = UsForce.everything_at(state, location)
    f = move(state, d.US_FRIGATE, location, "malta", force.frigates)
    g = move(state, d.GUNBOAT, location, "malta", force.gunboats)
    force.frigates -= f
    force.gunboats -= g
    if f or g:
        log_later(state, US, _return_to_malta, (f, g))


def _return_to_malta(frigates: int, gunboats: int) -> str:
    parts = [d.pieces_name(k, n) for k, n in ((d.US_FRIGATE, frigates), (d.GUNBOAT, gunboats))
             if n]
    return f"{' and '.join(parts)} {'returns' if frigates + gunboats == 1 else 'return'} to Malta."


@cache  # (a header made once per harbor)
def _naval_battle(location: str) -> str:
    return f"Naval battle in the harbor of {d.place_name(location)}."


def harbor_battle(state: GameState, location: str, *, active: str,
                  force: UsForce | None = None) -> Proc[None]:
    """A one-round naval battle in a harbor (American attack, or Declares War), then aftermath.

    `force`: the American ships taking part (A-8: those that moved in, plus the gunboats sent);
    default every American ship there (Declares War, S-4).
    """
    if force is None:
        force = UsForce.everything_at(state, location)
    log(state, active, _naval_battle(location), "header")
    sitting = state.pieces[location][d.US_FRIGATE] - force.frigates
    if sitting > 0:
        log(state, US, f"{d.pieces_name(d.US_FRIGATE, sitting)} already in the harbor did not "
            "move this turn and take no part (ruling A-8).")
    played = yield from offer_battle_cards(state, NAVAL_BATTLE, _naval_battle(location), location)
    yield from naval_round(state, location, active=active, played=played, force=force)
    us_ships_to_malta(state, location, force)


# --- bombardment ----------------------------------------------------------------

def _at(location: str) -> str:
    """'at Tripoli', 'in the Tripoli patrol zone'."""
    return f"{'at' if location in d.HARBORS else 'in'} {d.place_in_words(location)}"


def bombard(state: GameState, city: str, force: UsForce | None = None) -> Proc[None]:
    """One round of bombardment by the American ships taking part, then they sail to Malta.

    `force`: the ships that bombard (A-8: those that moved in, plus the gunboats sent); default
    every American ship at the city.
    """
    p = state.pieces[city]
    if force is None:
        force = UsForce.everything_at(state, city)
    sitting = p[d.US_FRIGATE] - force.frigates
    if sitting > 0:
        log(state, US, f"{d.pieces_name(d.US_FRIGATE, sitting)} already in the harbor did not "
            "move this turn and take no part (ruling A-8).")
    dice = yield from roll(state, 2 * force.frigates + force.gunboats, US,
                           f"Bombardment of {d.place_name(city)}")
    n = min(hits(dice), p[d.TRIPOLITAN_INFANTRY])
    log_roll(state, US, f"Bombardment of {d.place_name(city)}", dice,
             f"{n} Tripolitan infantry eliminated")
    to_supply(state, d.TRIPOLITAN_INFANTRY, city, n)
    us_ships_to_malta(state, city, force)
    return
    yield  # a procedure, though it never asks


# --- ground combat --------------------------------------------------------------

def american_ground_units(state: GameState, city: str) -> int:
    p = state.pieces[city]
    return p[d.MARINE] + p[d.ARAB_INFANTRY]


def ground_combat(state: GameState, city: str) -> Proc[None]:
    """Ground combat until one force is gone; a capture or a loss ends it."""
    log(state, US, f"Ground combat in {d.place_name(city)}.", "header")
    p = state.pieces[city]
    why = f"Ground combat in {d.place_name(city)}."
    played = yield from offer_battle_cards(state, GROUND_COMBAT, why, city)
    hit_on = played.marine_hit
    army = p[d.ARAB_INFANTRY] > 0  # Hamet's Army fights here, not only Marines landed by a card
    while True:
        at = f"at {d.place_name(city)}"
        marine_dice = yield from roll(
            state, p[d.MARINE] + (played.marine_dice if p[d.MARINE] else 0), US, f"Marines fire {at}")
        arab_dice = yield from roll(state, p[d.ARAB_INFANTRY], US, f"Arab infantry fire {at}")
        red_dice = yield from roll(state, p[d.TRIPOLITAN_INFANTRY], TR,
                                   f"Tripolitan infantry fire {at}")
        us_hits = hits(marine_dice, hit_on) + hits(arab_dice)
        red_hits = hits(red_dice)
        if marine_dice:
            log_roll(state, US, "Marines fire", marine_dice,
                     plural(hits(marine_dice, hit_on), "hit"))
        if arab_dice:
            log_roll(state, US, "Arab infantry fire", arab_dice, plural(hits(arab_dice), "hit"))
        log_roll(state, TR, "Tripolitan infantry fire", red_dice, plural(red_hits, "hit"))
        n = to_supply(state, d.TRIPOLITAN_INFANTRY, city, us_hits)
        if n:
            log(state, US, f"{d.pieces_name(d.TRIPOLITAN_INFANTRY, n)} eliminated.")
        yield from allocate_ground_hits(state, city, red_hits)
        us_left, red_left = american_ground_units(state, city), p[d.TRIPOLITAN_INFANTRY]
        if us_left == 0:
            how = ("both forces are gone" if red_left == 0 else
                   "Hamet's Army is eliminated" if army else "the Marines are eliminated")
            end_game(state, TR, "hamets_army_eliminated",
                     f"In {d.place_name(city)} {how}: Tripolitania wins.")
        if red_left == 0:
            capture(state, city)
            return


def allocate_ground_hits(state: GameState, city: str, n_hits: int) -> Proc[None]:
    """The player chooses, hit by hit, to lose a Marine or an Arab infantry (C-5)."""
    p = state.pieces[city]
    for left in range(n_hits, 0, -1):
        options = [ALLOCATE_HIT[k] for k in ("marine", "arab_infantry") if p[k]]
        if not options:
            break
        choice = yield from ask(US, ALLOCATE_HITS,
                                f"Allocate a hit on Hamet's Army in {d.place_name(city)} "
                                f"({left} left).", options, auto=True, hits_left=left,
                                location=city)
        assert isinstance(choice, AllocateHit)
        to_supply(state, choice.target, city)
        log(state, US, f"{'A Marine' if choice.target == 'marine' else 'An Arab infantry'} "
            "is eliminated.")


def capture(state: GameState, city: str) -> None:
    """Hamet's Army takes a city; Tripoli captured ends the game."""
    log(state, US, f"Hamet's Army captures {d.place_name(city)}!")
    if city == "derne":
        state.derne_captured = True
    elif city == "benghazi":
        state.benghazi_captured = True
    elif city == "tripoli":
        end_game(state, US, "tripoli_captured",
                 "Tripoli is captured and Hamet Qaramanli takes the throne: the United States wins.")

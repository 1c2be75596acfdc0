"""The Tripolitan side's cards: the rules every Tripolitan card goes through, and what several of
them share.

Each card is a module of this package, named after its title (`storms`), which defines it once
with `define`: its texts, the T-bot's condition, instruction and printed solitaire line, its
effect, the choices the T-bot makes in it, a battle card's moment and the T-bot's trigger, and
the rulings the T-bot applies, and exports it as `CARD`. `cards.decks` finds the modules and
builds the table from their cards; a new card is a new module. What is here names no card: the
card type, `define`, the T-bot's condition, playing an event, a flowchart box a card brings, and
the conditions and effects several cards share.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ... import data as d
from ... import queries as q
from ...core import (
    Proc,
    log_later,
    no_decision,
    place_from_supply,
)
from ...decisions import Choice, ChooseLocation, Decision
from ...mechanics.combat import (
    harbor_battle,
)
from ...queries import Check, Fact
from ...state import GameState
from ...words import agree
from ..registry import (
    CARDS,
    NEVER_PLAYED,
    TRIPOLITANIA,
    BattleUse,
    Card,
    Worth,
)


def offered(why: str) -> Fact:
    """The fact every battle card played at a printed moment starts from: that moment is now."""
    return Fact("the card's printed moment", f"now ({why})")


def active_card_name(card: str) -> str:
    """An active event card's printed name, 'none' when there is none."""
    return d.card_name(card) if card else "none"


TR = d.TRIPOLITANIA


Condition = Callable[[GameState], Check]


Effect = Callable[[GameState], Proc[None]]


Trigger = Callable[[GameState], Check]
"""A battle card's T-bot trigger: whether it holds, with the board facts it looked at."""


@dataclass(frozen=True, eq=False, repr=False, match_args=False)
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


@dataclass(frozen=True, eq=False, repr=False, match_args=False)
class Chosen:
    """What the T-bot chooses inside a card it resolves, with the facts it looked at."""

    choice: Choice
    facts: tuple[str, ...]
    outcome: str
    """The box's outcome, in a few words."""
    summary: str
    """The choice told in one sentence."""


@dataclass(frozen=True, eq=False, repr=False, match_args=False)
class TbotChoice:
    """A choice the T-bot makes inside a card (which patrol zone, which harbor, which die): its
    flowchart box, and the printed rule as a function of the position and the decision."""

    step: TbotStep
    choose: Callable[[GameState, Decision], Chosen]
    only_outcome: Callable[[str], str] | None = None
    """The outcome when one place was left and the T-bot was not asked (by the place's name)."""
    counts_dice: bool = False
    """Whether the choice rolls a die per American frigate in the place (told when settled)."""


@dataclass(frozen=True, eq=False, repr=False, match_args=False)
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


def define(cid: str, name: str, kind: str, text: str, tbot: str, requirement: str = "",
           copies: int = 1, *, condition: Condition | None = None, effect: Effect | None = None,
           instruction: str = "", rulings: str = "", trigger: Trigger | None = None,
           when_played: str = "", choice: TbotChoice | None = None,
           battle: BattleUse | None = None, number: int, line_place: int = 0,
           worth: Worth = NEVER_PLAYED) -> TripolitanCard:
    """Define a Tripolitan card, which its module exports as `CARD` for the table (`number`: its
    printed number in the deck; `line_place`: its place in the T-bot's event card line, or a
    battle card's in its battle card line, at setup)."""
    return TripolitanCard(id=cid, name=name, deck=TRIPOLITANIA, kind=kind, copies=copies,
                          text=text, requirement=requirement, tbot=tbot, battle=battle, worth=worth,
                          condition=condition, effect=effect, instruction=instruction,
                          rulings=rulings, trigger=trigger, when_played=when_played,
                          choice=choice, number=number,
                          line_place=line_place)


def solitaire_condition(state: GameState, card: str) -> Check:
    """Whether the T-bot's solitaire condition for a card holds now, with the deciding facts."""
    c = CARDS.get(card)
    if not isinstance(c, TripolitanCard) or c.condition is None:
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
    c = CARDS[card]
    assert isinstance(c, TripolitanCard)
    (state.tbot_removed if c.kind in (d.CORE, d.UNIQUE) else state.tbot_discard).append(card)
    log_later(state, TR, _tbot_plays, (card, source))
    if c.effect is None:
        raise RuntimeError(f"the T-bot never plays {c.name} as an event")
    yield from c.effect(state)


def _tbot_plays(card: str, source: str) -> str:
    return f"The T-bot plays {d.card_name(card)}{source}."


def offered_locations(pending: Decision) -> list[str]:
    """The places a decision offers to choose from."""
    return [o.location for o in pending.options if isinstance(o, ChooseLocation)]


def short(placed: int, wanted: int, ruling: str = "G-1") -> str:
    """A note for the log when the supply could not give every piece a card places (G-1)."""
    return "" if placed >= wanted else f" (the supply holds no more: ruling {ruling})"


_PLAY_IMMEDIATELY = Check(True, (Fact("condition", "play immediately"),))


def play_immediately(s: GameState) -> Check:
    return _PLAY_IMMEDIATELY


def us_frigates_in_tripoli_zone(s: GameState, needed: int) -> Check:
    return us_frigates_in_tripoli_zone_check(q.us_frigates_in(s, "tripoli_patrol_zone"), needed)


@cache
def us_frigates_in_tripoli_zone_check(n: int, needed: int) -> Check:
    return q.OneFact(n == needed, "American frigates in the Tripoli patrol zone", n,
                     f"exactly {needed}")


"""The solitaire line the three Corsairs Raid cards print alike."""


def controlled(city: str, captured_by_hamet: Callable[[GameState], bool]) -> Condition:
    def check(s: GameState) -> Check:
        return _controlled_check(city, captured_by_hamet(s))
    return check


@cache
def _controlled_check(city: str, captured: bool) -> Check:
    return q.OneFact(not captured, f"{d.place_name(city)} controlled by Tripoli",
                     q.yes_no(not captured), "yes (not captured by Hamet's Army)")


def troops_arrive(city: str) -> Effect:
    def effect(state: GameState) -> None:
        n = place_from_supply(state, d.TRIPOLITAN_INFANTRY, city, 2)
        log_later(state, TR, _troops_text, (n, city))
    return no_decision(effect)


def _troops_text(n: int, city: str) -> str:
    return (f"{d.pieces_name(d.TRIPOLITAN_INFANTRY, n)} {agree(n, 'reinforces', 'reinforce')} "
            f"{d.place_name(city)}{short(n, 2)}.")


def _declares_war_text(harbor: str, n: int) -> str:
    return (f"{d.ALLY_NAME[harbor]} declares war: {d.pieces_name(d.ALLIED_CORSAIR, n)} "
            f"in {d.place_name(harbor)}{short(n, 3)}.")


def declares_war(harbor: str) -> Effect:
    def effect(state: GameState) -> Proc[None]:
        n = place_from_supply(state, d.ALLIED_CORSAIR, harbor, 3)
        log_later(state, TR, _declares_war_text, (harbor, n))
        if state.pieces[harbor][d.US_FRIGATE] and state.pieces[harbor][d.ALLIED_CORSAIR]:
            yield from harbor_battle(state, harbor, active=TR)
    return effect

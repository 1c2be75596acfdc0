"""What a T-bot turn settles without asking the T-bot, as trace steps read from the log.

The engine asks the T-bot only when it has a choice. The rest of the flowchart's path is settled
by the engine alone, and only the log tells of it: the redraw after a drawn card goes to the end of
the event card line (back to T3, and the draw pile found empty there), the last harbor of Yusuf
Qaramanli's raids, a Storms or US Supplies Run Low zone when only one zone qualifies, a hit only
one kind of ship can take, and the ships left after every hit. `settle` puts each in the turn's
items as a `Trace` whose decision has `asked=False`, where the flowchart's path passes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.cards.decks import TBOT_CHOICES
from tripoli_tui.engine.cards.registry import card_by_name
from tripoli_tui.engine.state import LogEntry
from tripoli_tui.engine.turns import HIT, RAID, SHIPS_LEFT, begins_turn
from tripoli_tui.engine.words import plural

from . import flowchart as fc
from .battle import FRIGATES_FIRST_NAMES, frigates_first
from .reasoning import make_step
from .trace import Trace, TraceDecision

DRAWS = "The T-bot draws "
"""How the log tells of a card drawn (then its printed name)."""
EMPTY_PILE = "The T-bot's draw pile is empty"
NO_ZONE = "No American frigate is in a patrol zone"
ZONE_CARDS = {card: fc.CARD_CHOICE_STEP[card] for card, rule in TBOT_CHOICES.items()
              if rule.step.kind == k.CHOOSE_LOCATION}
"""The T-bot's cards that choose a patrol zone, and their flowchart box."""
PLAYS = (k.PlayLineCard.verb, k.PlayDrawn.verb)
YUSUF = next(card for card, rule in TBOT_CHOICES.items() if rule.step.kind == k.YUSUF_RAID_ORDER)
"""The card whose raids, one harbor after another, the T-bot orders."""


def drawn_card_name(entry: LogEntry) -> str:
    """The printed name of the card a 'The T-bot draws …' entry draws ('' for another entry)."""
    text = entry.text
    if entry.side == d.TRIPOLITANIA and text.startswith(DRAWS) and text.endswith("."):
        return text[len(DRAWS):-1]
    return ""


def ships_left_words(left: dict[str, Any]) -> str:
    """The Tripolitan ships left at a battle, in words: '2 frigates (1 damaged), 3 corsairs'."""
    frigates, damaged, corsairs = (int(left.get(key, 0)) for key in
                                   ("frigates", "damaged", "corsairs"))
    ally = str(left.get("at", "")) in d.ALLY_HARBORS
    parts = []
    if frigates:
        parts.append(plural(frigates, "frigate") + (f" ({damaged} damaged)" if damaged else ""))
    if corsairs or not frigates:
        parts.append(plural(corsairs, "allied corsair" if ally else "corsair"))
    return ", ".join(parts)


def _played_card(decision: TraceDecision) -> str:
    """The card id a T-bot decision plays as its event ('' for none)."""
    verb, _, arg = decision.choice.partition(" ")
    if verb == k.PlayLineCard.verb:
        return arg
    if verb == k.PlayDrawn.verb and decision.card:
        try:
            return card_by_name(decision.card).id
        except KeyError:
            return ""
    return ""


@dataclass
class _Turn:
    """What the reading has seen so far of one turn."""

    items: list[Any] = field(default_factory=list)
    draws: int = 0
    """Draw attempts so far (T3 steps)."""
    queued: str = ""
    """The printed name of the drawn card just added to the end of the line ('' if none)."""
    yusuf: list[str] | None = None
    """While Yusuf Qaramanli's raids go on: the harbors raided so far."""
    harbor_asked: bool = False
    zone_card: str = ""
    """The card played whose patrol zone is still to be settled."""
    hit_asked: bool = False
    frigates_first: bool | None = None
    """The order the T-bot's latest hit allocation followed (None before one)."""
    assault: bool = False

    def add(self, flow: fc.FlowStep, facts: list[str], passed: bool, outcome: str,
            decision: TraceDecision, card: str = "", title: str = "") -> None:
        step = make_step(flow, facts, passed, outcome, card, title=title)
        self.items.append(Trace((step,), decision))

    # --- a decision the T-bot was asked ---

    def asked(self, trace: Trace) -> None:
        dec = trace.decision
        if dec.kind == k.TRIPOLITAN_TURN:
            self.draws = 1 if any(s.step == fc.T3.id for s in trace.steps) else 0
            self.yusuf, self.zone_card = None, ""
        elif dec.kind == k.DRAWN_CARD:
            self.draws = self.draws or 1  # (a position standing at a drawn card: its draw)
            queued = dec.choice.partition(" ")[0] == k.QueueDrawn.verb
            self.queued = dec.card if queued else ""
        elif dec.kind == k.YUSUF_RAID_ORDER:
            self.harbor_asked = True
            if self.yusuf is None:
                self.yusuf = []
        elif dec.kind == k.CHOOSE_LOCATION:
            self.zone_card = ""
        elif dec.kind == k.ALLOCATE_HITS:
            self.hit_asked = True
            self.frigates_first = next((s.passed for s in trace.steps
                                        if s.step == fc.H_MODE.id), self.frigates_first)
        card = _played_card(dec)
        if card == YUSUF:
            self.yusuf = []
        elif card in ZONE_CARDS:
            self.zone_card = card
        self.items.append(trace)

    # --- an entry of the log between decisions ---

    def event(self, entry: LogEntry, item: Any) -> None:
        if begins_turn(entry):
            self.yusuf, self.zone_card, self.assault = None, "", False
        if entry.kind == "header" and any(name in entry.text for name in FRIGATES_FIRST_NAMES):
            self.assault = True
        data = entry.data if isinstance(entry.data, dict) else {}
        drawn = drawn_card_name(entry)
        if drawn and self.queued:
            self._redraw(drawn)
        elif entry.text.startswith(EMPTY_PILE) and self.queued:
            self._empty_pile()
        if RAID in data and self.yusuf is not None:
            self._yusuf_harbor(entry, str(data[RAID]))
        if self.zone_card:
            self._zone(entry)
        self.items.append(item)
        if HIT in data:
            self._hit(entry, str(data[HIT]), data.get(SHIPS_LEFT))

    def _redraw(self, name: str) -> None:
        self.draws += 1
        n, before = self.draws, self.queued
        self.queued = ""
        card = ""
        try:
            card = card_by_name(name).id
        except KeyError:
            pass
        self.add(fc.T3, [f"draw attempt: {n}",
                         f"the card drawn before, {before}, went to the end of the event card "
                         "line: draw again (TB-9)",
                         f"card drawn: {name}"], True,
                 f"draw again: {name}; consult it",
                 TraceDecision(k.TRIPOLITAN_TURN, k.DrawCard().text(),
                               f"The T-bot draws again (draw {n}): {name}.", name, asked=False),
                 card)

    def _empty_pile(self) -> None:
        self.draws += 1
        n, before = self.draws, self.queued
        self.queued = ""
        self.add(fc.T3, [f"draw attempt: {n}",
                         f"the card drawn before, {before}, went to the end of the event card "
                         "line: draw again (TB-9)",
                         "cards in the T-bot's draw pile: 0, needed at least 1"], False,
                 "the draw pile is empty: Raid or Build, no card used",
                 TraceDecision(k.TRIPOLITAN_TURN, k.RaidOrBuild().text(),
                               "The T-bot's draw pile is empty: it will Raid or Build without "
                               "discarding.", asked=False))

    def _yusuf_harbor(self, entry: LogEntry, harbor: str) -> None:
        raided = self.yusuf if self.yusuf is not None else []
        if not self.harbor_asked:
            name = d.place_name(harbor)
            facts = [f"harbors still to raid: {name} (the only one left)"]
            if raided:
                facts.append("raided before it: " + ", ".join(d.place_name(h) for h in raided))
            raids = entry.kind == "header"
            if not raids:
                facts.append(f"corsairs in the harbor of {name}: 0")
            outcome = (f"{name} raids last" if raids else
                       f"{name} is the last harbor: it has no corsair, so it makes no raid")
            self.add(fc.CARD_CHOICE_STEP[YUSUF], facts, True, outcome,
                     TraceDecision(k.YUSUF_RAID_ORDER, k.ChooseLocation(harbor).text(),
                                   f"{d.card_name(YUSUF)}: {outcome}.", d.card_name(YUSUF), harbor,
                                   asked=False), YUSUF)
        raided.append(harbor)
        self.harbor_asked = False

    def _zone(self, entry: LogEntry) -> None:
        card, flow = self.zone_card, ZONE_CARDS[self.zone_card]
        name = d.card_name(card)
        if entry.text.startswith(NO_ZONE):
            self.zone_card = ""
            self.add(flow, ["patrol zones with American frigates: none"], False,
                     "no patrol zone to choose: nothing happens",
                     TraceDecision(k.CHOOSE_LOCATION, "", f"{name}: no patrol zone holds an "
                                   "American frigate.", name, asked=False), card)
            return
        zone = next((z for z in d.PATROL_ZONES if d.place_in_words(z) in entry.text), "")
        if not zone:
            return
        self.zone_card = ""
        where = d.place_name(zone)
        facts = [f"patrol zones with American frigates: the {where} only"]
        rule = TBOT_CHOICES[card]
        if rule.counts_dice:
            dice = entry.data if isinstance(entry.data, list) else []
            facts.append(f"American frigates in the {where}: {len(dice)} (a die each)")
        assert rule.only_outcome is not None, f"{card}: no outcome for the only place left"
        outcome = rule.only_outcome(where)
        self.add(flow, facts, True, outcome,
                 TraceDecision(k.CHOOSE_LOCATION, k.ChooseLocation(zone).text(),
                               f"{name}: the {where}, the only patrol zone with American "
                               "frigates.", name, zone, asked=False), card)

    def _hit(self, entry: LogEntry, target: str, left: Any) -> None:
        asked, self.hit_asked = self.hit_asked, False
        first = self.frigates_first if asked and self.frigates_first is not None else (
            frigates_first(entry.year, entry.season, self.assault))
        hit = k.AllocateHit(target)
        facts = [f"hit taken: {hit.describe()}" + ("" if asked else
                                                      " (the only way the ships could take it)")]
        where, words = "", ""
        if isinstance(left, dict):
            where = str(left.get("at", ""))
            words = ships_left_words(left)
            place = (f"the harbor of {d.place_name(where)}" if where in d.HARBORS
                     else d.place_in_words(where))
            facts.append(f"the T-bot's ships left in {place}: {words}")
        self.add(fc.H_F if first else fc.H_C, facts, True,
                 f"ships left: {words}" if words else hit.describe(),
                 TraceDecision(k.ALLOCATE_HITS, hit.text(),
                               f"The hit: {hit.describe().lower()}"
                               + (f"; ships left: {words}." if words else "."),
                               location=where, asked=False),
                 title="Hit allocation: the ships left after the hit")


def settle(entries: Sequence[LogEntry], items: Sequence[Any]) -> tuple[Any, ...]:
    """The turn's items (one per log entry: a Trace for a `tbot_trace` entry, else an event), with
    a settled Trace wherever the flowchart's path passed a box the T-bot was not asked about."""
    turn = _Turn()
    for entry, item in zip(entries, items, strict=True):
        if isinstance(item, Trace):
            turn.asked(item)
        else:
            turn.event(entry, item)
    return tuple(turn.items)

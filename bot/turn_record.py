"""A T-bot turn as records: its items in order (the T-bot's traces and the engine's events between
them), the particulars read from them (cards drawn and queued, battle cards, hits, Yusuf's raids,
zones), and its JSON form (the body of `tripoli explain --json`). bot.turn_trace reads them from
the log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.state import LogEntry
from tripoli_tui.engine.turns import HIT, RAID

from . import flowchart as fc
from .settled import DRAWS
from .trace import Trace, TraceDecision, TraceStep


@dataclass(frozen=True, slots=True)
class TurnEvent:
    """Something the engine did between two T-bot decisions: a card drawn, dice, a hit taken."""

    text: str
    kind: str = "text"
    """The log entry's kind: 'text', 'dice', 'header' or 'result'."""
    side: str = ""
    dice: tuple[int, ...] = ()
    """The dice as they fell ('dice' events)."""
    hit: str = ""
    """For a hit the T-bot's ships took: the target (engine.decisions.AllocateHit), else ''."""
    raid: str = ""
    """For the start of a pirate raid: the harbor it raids from, else ''."""

    @classmethod
    def from_entry(cls, entry: LogEntry) -> TurnEvent:
        data = entry.data
        dice = tuple(v for v in data if isinstance(v, int)) if isinstance(data, list) else ()
        hit = raid = ""
        if isinstance(data, dict):
            hit, raid = str(data.get(HIT, "")), str(data.get(RAID, ""))
        return cls(entry.text, entry.kind, entry.side, dice, hit, raid)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"event": self.kind, "text": self.text}
        if self.dice:
            data["dice"] = list(self.dice)
        if self.hit:
            data["hit"] = self.hit
        if self.raid:
            data["raid"] = self.raid
        return data


TurnItem = Trace | TurnEvent
"""One item of a turn: a decision's trace, or an event between decisions."""


@dataclass(frozen=True, slots=True)
class HitAllocation:
    """The hits the T-bot's ships took in one round of one battle, in order."""

    location: str
    """Where the battle was (a place id)."""
    taken_by: tuple[str, ...]
    """Each hit's target in order (engine.decisions.AllocateHit targets: 'frigate', 'corsair' ...)."""
    chosen: int
    """How many of them the T-bot decided (the rest had only one ship that could take them)."""
    ships_left: tuple[str, ...] = ()
    """After each hit, the T-bot's ships left at the battle in words ('1 frigate, 2 corsairs')."""
    decided: tuple[bool, ...] = ()
    """For each hit, whether the T-bot decided it."""

    def to_data(self) -> dict[str, Any]:
        return {"at": d.place_name(self.location) if self.location else "",
                "hits": len(self.taken_by),
                "taken_by": [k.AllocateHit(t).describe() for t in self.taken_by],
                "decided": self.chosen,
                "each": [{"target": k.AllocateHit(t).describe(), "decided": asked,
                          "ships_left": left}
                         for t, asked, left in zip(self.taken_by, self.decided, self.ships_left,
                                                   strict=True)]}


@dataclass(frozen=True, slots=True)
class TurnTrace:
    """A T-bot turn (or its answers in one American turn) as one trace, in the order it happened."""

    title: str
    tbot_turn: bool
    """True for the T-bot's own turn, False for its answers inside an American turn."""
    items: tuple[TurnItem, ...]

    @property
    def traces(self) -> tuple[Trace, ...]:
        return tuple(i for i in self.items if isinstance(i, Trace))

    @property
    def steps(self) -> tuple[TraceStep, ...]:
        """Every flowchart step the T-bot examined this turn, in order."""
        return tuple(s for t in self.traces for s in t.steps)

    @property
    def decisions(self) -> tuple[TraceDecision, ...]:
        """Every decision of the turn in order: the T-bot's answers, and the values the turn settled
        without asking it (`.asked` False)."""
        return tuple(t.decision for t in self.traces)

    @property
    def events(self) -> tuple[TurnEvent, ...]:
        return tuple(i for i in self.items if isinstance(i, TurnEvent))

    def _cards(self, kind: str, verbs: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(t.card for t in self.decisions
                     if t.kind == kind and t.choice.split()[0] in verbs)

    @property
    def drawn(self) -> tuple[str, ...]:
        """The cards the T-bot drew, in order (printed names)."""
        return self._cards(k.DRAWN_CARD, (k.PlayDrawn.verb, k.QueueDrawn.verb,
                                          k.DiscardForRaidOrBuild.verb))

    @property
    def queued(self) -> tuple[str, ...]:
        """The drawn cards added to the end of the event card line, in order."""
        return self._cards(k.DRAWN_CARD, (k.QueueDrawn.verb,))

    @property
    def battle_cards_played(self) -> tuple[str, ...]:
        return self._cards(k.BATTLE_CARD, (k.PlayBattleCard.verb,))

    @property
    def battle_cards_kept(self) -> tuple[str, ...]:
        return self._cards(k.BATTLE_CARD, (k.Decline.verb,))

    @property
    def raid_order(self) -> tuple[str, ...]:
        """The harbors Yusuf Qaramanli's raids went from, in order (the last one left is taken
        without a decision)."""
        yusuf = next((n for n, i in enumerate(self.items) if isinstance(i, Trace)
                      and i.decision.kind == k.YUSUF_RAID_ORDER), None)
        if yusuf is None:
            return ()
        return tuple(i.raid for i in self.items[yusuf:] if isinstance(i, TurnEvent) and i.raid)

    @property
    def hits(self) -> tuple[HitAllocation, ...]:
        """Each run of hits the T-bot's ships took (one battle round), with who took them and the
        ships left after each."""
        runs: list[HitAllocation] = []
        taken: list[str] = []
        decided: list[bool] = []
        left: list[str] = []
        where, asked = "", False
        for item in (*self.items, None):
            if isinstance(item, Trace) and item.decision.kind == k.ALLOCATE_HITS:
                where = item.decision.location or where
                if item.decision.asked:
                    asked = True
                elif len(left) < len(taken):  # the settled step after a hit: the ships left
                    left.append(item.decision.summary.partition("; ships left: ")[2].rstrip("."))
                continue
            if isinstance(item, TurnEvent) and item.hit:
                taken.append(item.hit)
                decided.append(asked)
                asked = False
                continue
            if taken:
                left += [""] * (len(taken) - len(left))
                runs.append(HitAllocation(where, tuple(taken), sum(decided), tuple(left),
                                          tuple(decided)))
            taken, decided, left, where, asked = [], [], [], "", False
        return tuple(runs)

    @property
    def draws(self) -> tuple[tuple[int, str], ...]:
        """Each draw attempt of the turn (T3) in order: its number (1 = the first) and the printed
        name of the card drawn, '' when the draw pile was found empty."""
        out: list[tuple[int, str]] = []
        card_wanted = -1
        for item in self.items:
            if isinstance(item, TurnEvent):
                name = item.text[len(DRAWS):-1] if item.text.startswith(DRAWS) else ""
                if name and card_wanted >= 0:
                    out[card_wanted] = (out[card_wanted][0], name)
                    card_wanted = -1
                continue
            for step in item.steps:
                if step.step == fc.T3.id:
                    out.append((len(out) + 1, step.card))
                    card_wanted = len(out) - 1 if step.passed and not step.card else -1
        return tuple(out)

    @property
    def yusuf_raids(self) -> tuple[tuple[str, bool, bool], ...]:
        """Yusuf Qaramanli's raids in order: the harbor (id), whether it raided (False: no corsair
        there), and whether the T-bot was asked (False: the only harbor left)."""
        out: list[tuple[str, bool, bool]] = []
        harbor, asked = "", False
        for item in self.items:
            if isinstance(item, Trace) and item.decision.kind == k.YUSUF_RAID_ORDER:
                harbor, asked = item.decision.location, item.decision.asked
            elif isinstance(item, TurnEvent) and item.raid and harbor:
                out.append((harbor, item.kind == "header", asked))
                harbor = ""
        return tuple(out)

    @property
    def zones(self) -> tuple[TraceDecision, ...]:
        """The patrol zones the turn chose (Storms, Second Storms, US Supplies Run Low), asked or
        settled: each decision's .location ('' for none), .card and .asked."""
        return tuple(dec for dec in self.decisions if dec.kind == k.CHOOSE_LOCATION)

    def decision_of(self, step_index: int) -> int:
        """Which decision (an index of `decisions`) the step `steps[step_index]` belongs to."""
        seen = 0
        for n, trace in enumerate(self.traces):
            seen += len(trace.steps)
            if step_index < seen:
                return n
        raise IndexError(step_index)

    def to_data(self) -> dict[str, Any]:
        """One JSON-safe object: the steps, every decision with its particulars, and the turn's
        draws, queued cards, battle cards and hits (`tripoli explain --json` adds the line after)."""
        every = list(zip(decisions_data(self.decisions), self.decisions, strict=True))
        decisions = [item for item, dec in every if dec.asked]
        return {
            "title": self.title,
            "steps": [{**s.to_data(), "card": s.card, "asked": t.decision.asked}
                      for t in self.traces for s in t.steps],
            "decisions": decisions,
            "decision": decisions[0] if decisions else {},
            "settled": [item for item, dec in every if not dec.asked],
            "drawn": list(self.drawn),
            "queued": list(self.queued),
            "draws": [{"attempt": n, "card": card} if card else {"attempt": n, "empty_pile": True}
                      for n, card in self.draws],
            "battle_cards": {"played": list(self.battle_cards_played),
                             "kept": list(self.battle_cards_kept)},
            "hits": [h.to_data() for h in self.hits],
            "yusuf_raids": [{"harbor": d.place_name(h), "raid": raided, "asked": asked}
                            for h, raided, asked in self.yusuf_raids],
            "zones": [{"card": z.card, "zone": d.place_name(z.location) if z.location else "",
                       "asked": z.asked} for z in self.zones],
            "events": [e.to_data() for e in self.events],
        }

    def render(self) -> str:
        """Plain text: each decision's steps and the decision, with the events between them."""
        lines = [self.title]
        for item in self.items:
            if isinstance(item, Trace):
                lines.append(item.render())
            elif item.kind == "header":
                lines.append(f"== {item.text}")
            else:
                lines.append(f"   {item.text}")
        return "\n".join(lines)


def decisions_data(decisions: tuple[TraceDecision, ...]) -> list[dict[str, Any]]:
    """Each decision with its particulars: card, harbor, zone, raid order, hit allocation."""
    out: list[dict[str, Any]] = []
    order: list[str] = []
    for dec in decisions:
        item: dict[str, Any] = {"kind": dec.kind, "choice": dec.choice, "summary": dec.summary}
        if dec.card:
            item["card"] = dec.card
        verb, _, arg = dec.choice.partition(" ")
        where = d.place_name(dec.location) if dec.location else ""
        if dec.kind == k.DRAWN_CARD:
            item["instruction"] = {k.PlayDrawn.verb: "play", k.QueueDrawn.verb: "queue"}.get(
                verb, "raid_or_build")
        elif dec.kind == k.BATTLE_CARD:
            item["played"] = verb == k.PlayBattleCard.verb
        elif dec.kind == k.ALLOCATE_HITS:
            item["allocation"] = {"at": where, "target": k.AllocateHit(arg).describe()}
            if not dec.asked:
                item["allocation"]["ships_left"] = dec.summary.partition("; ships left: ")[2][:-1]
        elif dec.kind == k.CHOOSE_LOCATION:
            item["zone"] = where
        elif dec.kind == k.YUSUF_RAID_ORDER:
            order.append(where)
            item.update(harbor=where, raid_order=list(order))
        elif verb in (k.Raid.verb, k.FiveCorsairRaid.verb):
            item["harbor"] = where or d.place_name("tripoli")
        elif dec.kind == k.KEEP_DIE:
            item["die"] = int(arg)
        out.append(item)
    return out

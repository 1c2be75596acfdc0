"""A T-bot turn as one JSON-safe object, the body of `tripoli explain --json`: its steps, every
decision with its particulars (card, harbor, zone, raid order, hit allocation), and the turn's draws,
queued cards, battle cards, hits and events (`TurnTrace.to_data()`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k

if TYPE_CHECKING:
    from .trace import TraceDecision
    from .turn_trace import HitAllocation, TurnEvent, TurnTrace


def turn_data(turn: TurnTrace) -> dict[str, Any]:
    """The turn as one JSON-safe object (`tripoli explain --json` adds the line after)."""
    every = list(zip(decisions_data(turn.decisions), turn.decisions, strict=True))
    decisions = [item for item, dec in every if dec.asked]
    return {
        "title": turn.title,
        "steps": [{**s.to_data(), "card": s.card, "asked": t.decision.asked}
                  for t in turn.traces for s in t.steps],
        "decisions": decisions,
        "decision": decisions[0] if decisions else {},
        "settled": [item for item, dec in every if not dec.asked],
        "drawn": list(turn.drawn),
        "queued": list(turn.queued),
        "draws": [{"attempt": n, "card": card} if card else {"attempt": n, "empty_pile": True}
                  for n, card in turn.draws],
        "battle_cards": {"played": list(turn.battle_cards_played),
                         "kept": list(turn.battle_cards_kept)},
        "hits": [hit_data(h) for h in turn.hits],
        "yusuf_raids": [{"harbor": d.place_name(h), "raid": raided, "asked": asked}
                        for h, raided, asked in turn.yusuf_raids],
        "zones": [{"card": z.card, "zone": d.place_name(z.location) if z.location else "",
                   "asked": z.asked} for z in turn.zones],
        "events": [event_data(e) for e in turn.events],
    }


def hit_data(hits: HitAllocation) -> dict[str, Any]:
    """One run of hits the T-bot's ships took: where, who took each, and the ships left."""
    return {"at": d.place_name(hits.location) if hits.location else "",
            "hits": len(hits.taken_by),
            "taken_by": [k.AllocateHit(t).describe() for t in hits.taken_by],
            "decided": hits.chosen,
            "each": [{"target": k.AllocateHit(t).describe(), "decided": asked, "ships_left": left}
                     for t, asked, left in zip(hits.taken_by, hits.decided, hits.ships_left,
                                               strict=True)]}


def event_data(event: TurnEvent) -> dict[str, Any]:
    """Something the engine did between two decisions: its kind, its words, its dice, hit, raid."""
    data: dict[str, Any] = {"event": event.kind, "text": event.text}
    if event.dice:
        data["dice"] = list(event.dice)
    if event.hit:
        data["hit"] = event.hit
    if event.raid:
        data["raid"] = event.raid
    return data


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

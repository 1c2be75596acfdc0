"""The T-bot's turn: T1 event card line, T2 Five Corsair Check, T3 draw, T4 drawn card, T5 Raid or Build."""

from __future__ import annotations

from tripoli_tui.engine import data as d
from tripoli_tui.engine import queries as q
from tripoli_tui.engine.cards.decks import TRIPOLITAN
from tripoli_tui.engine.cards.registry import ALWAYS, NEVER, QUEUE
from tripoli_tui.engine.cards.tripolitan import solitaire_condition
from tripoli_tui.engine.cards.tripolitan.five_corsair_check import five_corsair_check
from tripoli_tui.engine.decisions import (
    BuildCorsair,
    Decision,
    DiscardForRaidOrBuild,
    DrawCard,
    FiveCorsairRaid,
    PlayDrawn,
    PlayLineCard,
    QueueDrawn,
    Raid,
    RaidOrBuild,
)
from tripoli_tui.engine.mechanics.raids import raid_or_build_margins
from tripoli_tui.engine.state import GameState

from . import flowchart as fc
from .reasoning import Reasoning, facts_of, make_step, marked
from .trace import TraceStep

# --- the turn: T1 event card line, T2 Five Corsair Check, T3 draw --------------------

def answer_turn(state: GameState, pending: Decision) -> Reasoning:
    """T1 to T3: the first playable event line card, else the Five Corsair Check, else draw."""
    steps: list[TraceStep] = []
    line = state.event_card_line
    for place, card in enumerate(line, start=1):
        check = solitaire_condition(state, card)
        facts = [f"place in the event card line: {place} of {len(line)}", *facts_of(check)]
        if check.ok:
            steps.append(make_step(fc.T1, facts, True, "requirement met: the T-bot plays this card",
                                   card, fc.card_rule(card)))
            return Reasoning(tuple(steps), PlayLineCard(card),
                             f"The T-bot plays {d.card_name(card)} from its event card line.")
        steps.append(make_step(fc.T1, facts, False, "requirement not met: next card", card,
                               fc.card_rule(card)))
    if not line:
        steps.append(make_step(fc.T1, ["cards in the event card line: 0"], False,
                               "no card to play: go to the Five Corsair Check"))
    five = five_corsair_check(state)
    if five.ok:
        steps.append(make_step(fc.T2, facts_of(five), True, "pirate raid from Tripoli, no card used"))
        return Reasoning(tuple(steps), FiveCorsairRaid(),
                         "Five Corsair Check: the corsairs in Tripoli raid without a card.")
    steps.append(make_step(fc.T2, facts_of(five), False, "fewer than five: draw a card"))
    return _draw(state, steps)


def _draw(state: GameState, steps: list[TraceStep]) -> Reasoning:
    n = len(state.tbot_draw)
    facts = [marked(f"cards in the T-bot's draw pile: {n}, needed at least 1", n >= 1)]
    if n:
        steps.append(make_step(fc.T3, facts, True, "draw the top card and consult it"))
        return Reasoning(tuple(steps), DrawCard(), "The T-bot draws a card.")
    steps.append(make_step(fc.T3, facts, False, "the draw pile is empty: Raid or Build, no card used"))
    return Reasoning(tuple(steps), RaidOrBuild(),
                     "The T-bot's draw pile is empty: it will Raid or Build without discarding.")


# --- T4: the drawn card -------------------------------------------------------------

def drawn_card_test(state: GameState, card: str) -> tuple[bool, list[str], str]:
    """T4's test of a card drawn in this position: whether the T-bot plays it at once, the facts
    that decide it, and the card's printed instruction (QUEUE or RAID_OR_BUILD says where it goes
    when it is not played)."""
    instruction = TRIPOLITAN[card].instruction
    if instruction == NEVER:
        return False, [marked("the card says: discard to perform a Raid or Build action "
                              "(never played as an event)", False)], instruction
    if instruction == ALWAYS:
        return True, [marked("the card says: play immediately", True)], instruction
    check = solitaire_condition(state, card)
    return check.ok, facts_of(check), instruction


def answer_drawn_card(state: GameState, pending: Decision) -> Reasoning:
    """T4: follow the drawn card's printed instruction: PLAY, QUEUE or RAID/BUILD."""
    card = pending.info.card or state.tbot_drawn
    name = d.card_name(card)
    ok, facts, instruction = drawn_card_test(state, card)
    if ok:
        step = make_step(fc.T4, facts, True, "requirement met: the T-bot plays it", card,
                         fc.card_rule(card))
        return Reasoning((step,), PlayDrawn(), f"The T-bot plays {name}.")
    if instruction == QUEUE:
        step = make_step(fc.T4, facts, False,
                         "requirement not met: to the end of the event card line; the T-bot "
                         "draws another card",
                         card, fc.card_rule(card))
        return Reasoning((step,), QueueDrawn(),
                         f"{name} goes to the end of the event card line; the T-bot draws again.")
    step = make_step(fc.T4, facts, False, "requirement not met: discard it to Raid or Build", card,
                     fc.card_rule(card))
    return Reasoning((step,), DiscardForRaidOrBuild(),
                     f"The T-bot discards {name} to Raid or Build.")


# --- T5: Raid or Build ----------------------------------------------------------------

def answer_raid_or_build(state: GameState, pending: Decision) -> Reasoning:
    """T5: raid from the qualifying harbor with the largest margin (TB-11), else build (TB-12)."""
    steps: list[TraceStep] = []
    best: tuple[str, int] | None = None
    for harbor, corsairs, frigates, qualifies in raid_or_build_margins(state):
        margin = corsairs - frigates
        name = d.place_name(harbor)
        zone = d.place_name(d.ZONE_OF[harbor])
        facts = [marked(f"corsairs in the harbor of {name}: {corsairs}, needed at least 3",
                        corsairs >= 3),
                 marked(f"American and Swedish frigates in the {zone}: {frigates}, "
                        f"needed fewer than the corsairs", frigates < corsairs),
                 f"margin (corsairs - frigates): {margin}"]
        steps.append(make_step(fc.T5_HARBOR, facts, qualifies,
                               f"{name} qualifies" if qualifies else f"{name} does not qualify",
                               title=f"Raid or Build: {name}"))
        if qualifies and (best is None or margin > best[1]):
            best = (harbor, margin)
    if best is not None:
        harbor, margin = best
        name = d.place_name(harbor)
        facts = [f"largest margin: {margin} ({name})",
                 "ties go to Tripoli, Tangier, Algiers, Tunis in that order"]
        steps.append(make_step(fc.T5_RAID, facts, True, f"pirate raid from {name}"))
        return Reasoning(tuple(steps), Raid(harbor), f"Raid or Build: pirate raid from {name}.")
    supply = q.red_corsairs_in_supply(state)
    built = supply >= 1
    steps.append(make_step(fc.T5_BUILD, [marked(f"Tripolitan corsairs in the supply: {supply}, "
                                                "needed at least 1", built)], built,
                           "build a corsair in the harbor of Tripoli" if built
                           else "no corsair in the supply: nothing is built (TB-12)"))
    summary = ("Raid or Build: no harbor qualifies, so a corsair is built in Tripoli." if built
               else "Raid or Build: no harbor qualifies and the supply is empty: nothing happens.")
    return Reasoning(tuple(steps), BuildCorsair(), summary)

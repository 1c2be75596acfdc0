"""The T-bot: answers Tripolitania's pending decision by its printed flowchart, with a trace.

It reads the position and the decision only; it never changes the state and never rolls dice.
"""

from __future__ import annotations

from collections.abc import Callable

from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.decisions import Decision
from tripoli_tui.engine.game import Game
from tripoli_tui.engine.players import Move
from tripoli_tui.engine.state import GameState

from .battle import answer_allocate_hit, answer_battle_card
from .choices import answer_card_choice
from .reasoning import Reasoning
from .trace import Trace, TraceDecision
from .turn import answer_drawn_card, answer_raid_or_build, answer_turn


class TBotError(ValueError):
    """The T-bot was asked something it does not answer, or its rule found no legal option."""


Rule = Callable[[GameState, Decision], Reasoning]

RULES: dict[str, Rule] = {
    k.TRIPOLITAN_TURN: answer_turn,
    k.DRAWN_CARD: answer_drawn_card,
    k.RAID_OR_BUILD: answer_raid_or_build,
    k.BATTLE_CARD: answer_battle_card,
    k.ALLOCATE_HITS: answer_allocate_hit,
    k.CHOOSE_LOCATION: answer_card_choice,
    k.YUSUF_RAID_ORDER: answer_card_choice,
    k.KEEP_DIE: answer_card_choice,
}
"""The rule that answers each kind of Tripolitan decision."""


class TBot:
    """The solitaire opponent: one answer per Tripolitan decision, by the flowchart (a Player)."""

    def answer(self, game: Game) -> Move[Trace]:
        """The T-bot's move for the game's pending decision (TBotError as `decide`)."""
        return self.decide(game.state, game.pending)

    def decide(self, state: GameState, pending: Decision | None) -> Move[Trace]:
        """The T-bot's choice for Tripolitania's pending decision, with the trace of how it got
        there.

        Raises:
            TBotError: the decision is not Tripolitania's, or no legal option follows the rule.
        """
        if pending is None or pending.side != d.TRIPOLITANIA:
            raise TBotError("the pending decision is not Tripolitania's")
        rule = RULES.get(pending.kind)
        if rule is None:
            raise TBotError(f"the T-bot has no rule for a {pending.kind!r} decision")
        try:
            found = rule(state, pending)
        except (KeyError, ValueError, StopIteration) as exc:
            raise TBotError(f"the T-bot cannot answer {pending.kind!r}: {exc}") from exc
        if found.choice not in pending.options:
            raise TBotError(
                f"the T-bot chose {found.choice.text()!r}, not a legal option of {pending.kind!r}: "
                f"{[o.text() for o in pending.options]}")
        choice_card = found.choice.card if isinstance(found.choice, k.CardChoice) else ""
        card = pending.info.card or choice_card
        name = d.card_name(card) if card in d.CARDS else ""
        info = pending.info
        where = (info.location if isinstance(info, k.HitFacts) else "") or (
            found.choice.location if isinstance(found.choice, k.PlaceChoice) else "")
        decision = TraceDecision(pending.kind, found.choice.text(), found.summary, name, where)
        return Move(found.choice, Trace(found.steps, decision))

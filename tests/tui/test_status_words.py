"""The status line says what is really pending: the T-bot answering a battle-card question in
the American turn is not 'T-bot's turn'."""

from __future__ import annotations

from tests.engine.positions import bare_state
from tripoli_tui.engine import data as d
from tripoli_tui.engine.decisions import BATTLE_CARD, TRIPOLITAN_TURN, Decision, Decline
from tripoli_tui.engine.state import Phase
from tripoli_tui.tui.widgets.status import pending_words


def offer(phase: Phase, kind: str, prompt: str) -> tuple[str, str]:
    s = bare_state(1805, "spring")
    s.phase = phase
    return pending_words(s, Decision(d.TRIPOLITANIA, kind, prompt, (Decline(),)))


def test_a_tbot_question_in_the_american_turn_is_said_as_such() -> None:
    words, side = offer(Phase.AMERICAN_PLAY, BATTLE_CARD, "Play The Guns of Tripoli?")
    assert words == "T-bot decides in your turn"  # short: the status line has 80 columns
    assert side == d.TRIPOLITANIA


def test_the_tbot_turn_and_the_end() -> None:
    assert offer(Phase.TRIPOLITAN_PLAY, TRIPOLITAN_TURN, "The T-bot's turn.")[0] == "T-bot's turn"
    assert pending_words(bare_state(), None) == ("Game over", "")

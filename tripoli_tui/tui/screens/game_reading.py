"""What the game screen opens to read the T-bot's turns again: a turn's whole trace, the flowchart
with the path of any turn of the log, the rulings the step on show names. ReadingRoute opens them
over the game screen; none changes the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tripoli_tui.tui.messages import RulingsAsked

if TYPE_CHECKING:
    from bot.turn_trace import TurnTrace

    from .flowchart import ShownTurn
    from .game_host import GameHost


class ReadingRoute:
    """Opens the T-bot's turns for reading, over `screen`."""

    def __init__(self, screen: GameHost) -> None:
        self.screen = screen

    def why_last_turn_waits(self) -> None:
        """v while the T-bot is to move: its turn is the one on show, read again once it ends."""
        now = ("your drill asks it now" if self.screen.drilling else
               "it is on show now (space: its next step, f: the rest at once)")
        self.screen.notify(f"The T-bot is playing its turn: {now}. v reads it again once it is "
                           "over.", title="T-bot turn", timeout=5)

    def shown_turns(self) -> list[ShownTurn]:
        """Every T-bot turn of the log as the flowchart shows it, the turn on show last."""
        from .flowchart import ShownTurn

        return [ShownTurn(t.title, t.steps) for t in self.screen.session.flowchart_turns()]

    def flowchart(self, turns: list[ShownTurn] | None = None, current: int = -1) -> None:
        """The flowchart, lit with the path of the turn on show (or of `turns[current]`)."""
        from .flowchart import FlowchartScreen

        self.screen.app.push_screen(FlowchartScreen(
            turns=self.shown_turns() if turns is None else turns, current=current))

    def last_turn(self) -> None:
        """The T-bot's latest turn in the log, read whole (its trace, then the flowchart)."""
        from bot.turn_trace import latest_turn

        turn = latest_turn(self.screen.game.state.log)
        if turn is None:
            self.screen.notify("The T-bot has taken no turn yet.", timeout=3)
            return
        self.turn(turn, turn.title)

    def turn(self, trace: TurnTrace, title: str) -> None:
        """A T-bot turn's whole trace; 't' there opens the flowchart on that turn."""
        from .choice_trace import FLOWCHART, TraceResult, TraceScreen
        from .flowchart import ShownTurn

        def done(result: TraceResult) -> None:
            if result == FLOWCHART:
                turns = self.shown_turns()
                here = [n for n, t in enumerate(turns) if t.title == trace.title
                        and t.path == trace.steps]
                if not here:
                    turns, here = [ShownTurn(trace.title, trace.steps)], [0]
                self.flowchart(turns, here[0])
        self.screen.app.push_screen(TraceScreen(trace, title), done)

    def odds(self) -> None:
        """What might the T-bot draw next: its public odds, from what the player can see."""
        from bot.odds import draw_odds

        from .tbot_odds import OddsScreen

        if self.screen.drilling:  # what each card would do if drawn: a drill's answer
            self.screen.notify("The T-bot's odds wait for the drill's end: they would answer "
                               "its questions.", title="Drill", timeout=5)
            return
        from tripoli_tui.engine.queries import discards_in_sight

        state = self.screen.game.state
        hidden = 0 if discards_in_sight(state) else len(state.tbot_discard)
        self.screen.app.push_screen(OddsScreen(draw_odds(state), state.clone(), hidden))

    def rulings(self) -> None:
        """The rulings the T-bot's step on show names (all of them when it names none)."""
        from tripoli_tui.tui.rulings import references

        walk = self.screen.session.walk
        step = walk.trace.steps[walk.shown - 1] if walk.trace and 0 < walk.shown <= len(
            walk.trace.steps) else None
        cited = references(" ".join((step.rule, *step.facts, step.outcome))) if step else []
        self.screen.post_message(RulingsAsked(cited))


class ReadingActions:
    """The game screen's keys that only read: the T-bot's odds (O)."""

    reading: ReadingRoute

    def action_tbot_odds(self) -> None:
        self.reading.odds()

"""The drill on the game screen: predict the T-bot. DrillRoute starts a drill when the T-bot is to
move, passes it the player's answers, and keeps its score; the questions are asked in the
DrillPanel beside the board (drill.py), the drill itself is tripoli_tui.play.drill."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tripoli_tui.tui.messages import CourseAsked, DrillScored

from .drill import DrillPanel

if TYPE_CHECKING:
    from bot.trace import Trace
    from tripoli_tui.engine.players import Move

    from .game_host import GameHost


COURSE = "course "
"""A lesson's drill is played on 'course BOX' (or 'course whole')."""


class DrillRoute:
    """The game screen's drill: on while `source` says what it is played on ('game', 'tutorial',
    'random position'; '' for no drill)."""

    def __init__(self, screen: GameHost, source: str) -> None:
        self.screen = screen
        self.source = source
        """While set, each T-bot turn is a drill: the player predicts it before it is shown."""

    @property
    def lesson(self) -> str:
        """The course's lesson this drill is ('T2', 'whole'), '' for a drill of no lesson."""
        return self.source.removeprefix(COURSE) if self.source.startswith(COURSE) else ""

    @property
    def only(self) -> frozenset[str] | None:
        """The boxes asked about: a lesson's own box; None for every box."""
        from bot.flowchart import STEPS

        return frozenset({self.lesson}) if self.lesson in STEPS else None

    @property
    def panel(self) -> DrillPanel:
        return self.screen.query_one(DrillPanel)

    @property
    def on_show(self) -> bool:
        """Whether a drill is on show (its questions asked beside the board)."""
        return self.panel.drill is not None

    def due(self) -> bool:
        """Whether the T-bot's decision now is to be predicted."""
        return bool(self.source) and self.screen.session.tbot_to_move()

    def answers(self, action: str) -> bool:
        """Whether the drill's answer keys (drill_answer, drill_pick, stop_drill) work now: y and n
        only for a yes-or-no test."""
        question = self.panel.question
        return self.on_show and (action != "drill_answer"
                                 or (question is not None and question.is_test))

    def start(self) -> None:
        """A drill on the T-bot's decisions from here, unless one is on show. The steps the
        walkthrough already showed of the pending decision are not asked."""
        panel = self.panel
        if panel.drill is not None:
            return
        from tripoli_tui.play.drill import Drill

        session = self.screen.session
        walk = session.walk
        known = walk.move if walk.pending is session.game.pending and walk.move is not None \
            else None
        drill = Drill(session.game, carry_out=self._carry_out, first=known,
                      shown=walk.shown if known is not None else 0, only=self.only)
        walk.forget()
        panel.start(drill, "back to the course" if self.lesson else "go on")

    def _carry_out(self, move: Move[Trace]) -> bool:
        return self.screen.session.carry_out_tbot(move)

    def toggle(self) -> None:
        """Drill on or off for the T-bot turns to come (and the one to move now)."""
        self.source = "" if self.source else "game"
        self.screen.notify("Drill on: predict each test of the T-bot's turns before it shows its "
                           "own." if self.source else "Drill off.", timeout=4)
        if self.source and self.screen.session.tbot_to_move():
            self.screen.carry_on()
        else:  # the card tiles lose (or get back) their marks at once
            self.screen.redraw()

    def stop(self) -> None:
        """Stop predicting: the score so far is kept, the walkthrough goes on from the step the
        drill reached."""
        panel = self.panel
        drill = panel.drill
        if drill is None:
            return
        self.record(drill.score, drill.asked, tuple(drill.answers))
        self.source = ""
        panel.stop()
        self.screen.notify("Drill off.", timeout=3)
        self.screen.carry_on()
        walk = self.screen.session.walk
        if drill.trace is not None and walk.trace is not None:
            walk.shown = max(1, min(drill.revealed, len(walk.trace.steps)))
            self.screen.redraw()

    def answer(self, given: str) -> None:
        """y or n: the answer to a yes-or-no test."""
        question = self.panel.question
        if question is not None and given in question.options:
            self.panel.judge(given)

    def pick(self, number: int) -> None:
        """A number: the answer to a choice among options."""
        self.panel.pick(number)

    def finished(self, right: int, asked: int) -> None:
        """The drill's turn is over (or its decision was refused): score kept, play goes on; a
        lesson's drill goes back to the course."""
        drill = self.panel.drill
        self.record(right, asked, tuple(drill.answers) if drill is not None else ())
        self.panel.stop()
        if self.lesson:
            self.screen.post_message(CourseAsked(self.lesson))
            return
        if self.screen.session.tbot_to_move():  # the drill stopped: its decision was refused
            self.source = ""
        self.screen.carry_on()

    def record(self, right: int, asked: int, answers: tuple[tuple[str, bool], ...] = ()) -> None:
        """Say the score, and have the app keep it (with each answer by box) in the record."""
        if asked:
            self.screen.notify(f"Drill: {right} right of {asked}.", title="Predict the T-bot",
                               timeout=6)
            self.screen.post_message(DrillScored(right, asked, self.source, answers))

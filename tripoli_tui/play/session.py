"""A game session without Textual: the game and its T-bot, the T-bot's walkthrough (play/walkthrough.py),
the highlights, undo, and when to autosave or end. The game screen renders it and drives it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal

from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.decisions import Choice, IllegalChoice
from tripoli_tui.engine.game import Game
from tripoli_tui.engine.loop import play, submit_move
from tripoli_tui.engine.players import Move, Player, Submitted
from tripoli_tui.play.table_board import BoardSteps
from tripoli_tui.play.walkthrough import Notice as Notice
from tripoli_tui.play.walkthrough import TBotFailed, Walkthrough

if TYPE_CHECKING:  # the T-bot is imported when it first answers (a faster first screen)
    from bot.trace import Trace, TraceStep
    from bot.turn_trace import TurnTrace

WATCHED = d.MAP_LOCATIONS + d.TRACK
"""Places whose pieces are compared to highlight where something just happened."""
TURN_STARTS = (k.AMERICAN_PLAY, k.HAND_LIMIT, k.TRIPOLITAN_TURN)
"""Answering one of these starts a new stretch of play: highlights start again from there."""
NOTHING_TO_UNDO = "Nothing to undo since the last die roll, card draw or T-bot move."

Progress = Literal["", "shown", "played"]
"""What the T-bot's next step did: nothing, one more step shown, or its decision carried out."""


class Session:
    """One game being played: the player's choices, the T-bot's answers, highlights and undo."""

    def __init__(self, game: Game, *, walkthrough: bool = True, tbot: Player | None = None,
                 notify: Callable[[Notice], None] | None = None) -> None:
        self.game = game
        self.walkthrough = walkthrough
        """Whether the T-bot's turn is shown step by step."""
        self.notices: list[Notice] = []
        self.notify = notify or self.notices.append
        self.walk = Walkthrough(tbot, self.notify)
        self.fresh_from = len(game.state.log)
        """Log entries from here on are the latest (highlighted)."""
        self.baseline = self._pieces()
        self.changed: frozenset[str] = frozenset()
        """Places whose pieces changed since the current stretch of play began."""
        self.last_trace: Trace | None = None
        """The T-bot's latest carried-out decision."""
        self.autosaved_for: tuple[int, int] | None = None
        self.over_reported = False
        self.board = BoardSteps(game)
        """At a table campaign: the moves for the board, one at a time."""
        self.reasoning = "verbose"
        """How much of the T-bot's reasoning the walkthrough shows (play.reasoning_levels): every
        step (verbose), or at once its decision with the fact that decided it (concise) or alone
        (off)."""

    # --- who is to move ---

    def us_to_move(self, kind: str | None = None) -> bool:
        pending = self.game.pending
        return (pending is not None and pending.side == d.US
                and (kind is None or pending.kind == kind))

    def table_to_move(self, kind: str | None = None) -> bool:
        """A table campaign asks the player for a die or a draw made on the table."""
        pending = self.game.pending
        return (pending is not None and pending.side == k.TABLE
                and (kind is None or pending.kind == kind))

    def player_to_move(self) -> bool:
        """The player answers the pending decision: an American one, or one of the table."""
        return self.us_to_move() or self.table_to_move()

    def tbot_to_move(self) -> bool:
        pending = self.game.pending
        return pending is not None and pending.side == d.TRIPOLITANIA

    # --- highlights ---

    def _pieces(self) -> dict[str, dict[str, int]]:
        return {loc: dict(self.game.state.pieces[loc]) for loc in WATCHED}

    def _mark_start(self) -> None:
        """Highlights (log entries, places) count from here when a new turn is being answered."""
        pending = self.game.pending
        if pending is not None and pending.kind in TURN_STARTS:
            self.fresh_from = len(self.game.state.log)
            self.baseline = self._pieces()

    def _mark_changes(self) -> None:
        state = self.game.state
        self.changed = frozenset(
            loc for loc in WATCHED if state.pieces[loc] != self.baseline.get(loc))

    # --- playing ---

    def submit(self, choice: Choice) -> bool:
        """The player's choice (one of game.pending.options), then the T-bot if it plays at once.
        False (and a notice) if it was refused."""
        return self._carry_out(Move(choice, None))

    def _carry_out(self, move: Submitted) -> bool:
        self._mark_start()
        if not self._apply(move):
            return False
        self.walk.forget()
        if not self.walkthrough:
            self._play_tbot()
        self._mark_changes()
        return True

    def _refusal(self, choice: Choice, error: IllegalChoice) -> str:
        """Why `choice` was refused, in the player's words: the engine's own sentence names the
        choice as a save writes it and the decision by its kind ('discard-build ...' is not a legal
        answer to 'tripolitan_turn'). A table's refusal is already said for the player."""
        pending = self.game.pending
        if pending is None or choice in pending.options or type(error) is not IllegalChoice:
            return str(error)
        return f"{choice.describe()}: not one of the choices now. {pending.prompt}"

    def _apply(self, move: Submitted) -> bool:
        """Submit one move; a refusal or an engine failure is a notice, never a crash."""
        try:
            submit_move(self.game, move)
        except IllegalChoice as error:
            self.notify(Notice(self._refusal(move.choice, error), "Not a legal choice", "error"))
            return False
        except Exception as error:  # a rules bug must not take the terminal down
            self._engine_failed(move.choice, error)
            return False
        if move.trace is not None:
            from bot.trace import trace_of

            self.last_trace = trace_of(move.trace)
        if isinstance(move.choice, k.Adjust):
            self.board.told()  # (the table shows it already)
        else:
            self.board.note(self.last_trace if move.trace is not None else None)
        return True

    def _engine_failed(self, choice: Choice, error: Exception) -> None:
        self.notify(Notice(f"The rules engine failed on {choice.text()!r}: {error}. Your last "
                           "autosave is safe; please report this.", "Engine error", "error", 15))

    def _play_tbot(self) -> None:
        """The T-bot answers at once until the player decides (or it cannot answer)."""
        if not self.tbot_to_move():
            return
        self._mark_start()

        def after(game: Game) -> None:
            self.last_trace = self.walk.trace
            self.board.note(self.last_trace)
            self.walk.forget()
            if self.tbot_to_move():
                self._mark_start()

        try:
            play(self.game, {d.TRIPOLITANIA: self.walk}, until=lambda _: not self.tbot_to_move(),
                 after=after)
        except TBotFailed:
            pass
        except IllegalChoice as error:
            self.notify(Notice(str(error), "Not a legal choice", "error"))
        except Exception as error:  # a rules bug must not take the terminal down
            assert self.walk.move is not None
            self._engine_failed(self.walk.move.choice, error)

    def carry_out_tbot(self, move: Submitted) -> bool:
        """One T-bot decision chosen elsewhere (the drill): played as the walkthrough plays it, with
        the highlights and the notices; False if it was refused."""
        if not self.tbot_to_move():
            return False
        self._mark_start()
        done = self._apply(move)
        self.walk.forget()
        self._mark_changes()
        return done

    def prepare(self) -> None:
        """Ask the T-bot about its pending decision (once), so that its reasoning can be shown; at
        a level below verbose, its decision is on show at once (no step to walk)."""
        if self.tbot_to_move():
            fresh = self.walk.pending is not self.game.pending
            self.walk.prepare(self.game)
            trace = self.walk.trace
            if fresh and self.reasoning != "verbose" and trace is not None:
                self.walk.shown = len(trace.steps) + 1

    def next_step(self) -> Progress:
        """Walkthrough: show the T-bot's next step, or carry out its decision once shown."""
        if not self.tbot_to_move():
            return ""
        if self.walk.step():
            return "shown"
        try:
            move = self.walk.answer(self.game)
        except TBotFailed:
            return ""
        return "played" if self._carry_out(move) else ""

    def finish_turn(self) -> bool:
        """The T-bot plays the rest of its turn at once; False if it was not its turn."""
        if not self.tbot_to_move():
            return False
        self._play_tbot()
        self._mark_changes()
        return True

    def toggle_walkthrough(self) -> Notice:
        self.walkthrough = not self.walkthrough
        return Notice("T-bot walkthrough " + ("on: space shows each step." if self.walkthrough
                                              else "off: the T-bot plays at once."), timeout=3)

    # --- undo ---

    def undo(self) -> bool:
        """Take back the last choice; False (and a notice) if nothing could be undone."""
        if not self.game.can_undo:
            self.notify(Notice(NOTHING_TO_UNDO))
            return False
        try:
            self.game.undo()
        except Exception as error:
            self.notify(Notice(f"Undo failed: {error}", severity="error"))
            return False
        self._undone()
        self.notify(Notice("Undone.", timeout=2))
        return True

    def undo_all(self) -> bool:
        """Take back every choice since the last die roll, card draw or T-bot move."""
        if not self.game.can_undo:
            self.notify(Notice(NOTHING_TO_UNDO))
            return False
        try:
            while self.game.can_undo:
                self.game.undo()
        except Exception as error:
            self.notify(Notice(f"Undo failed: {error}", severity="error"))
        self._undone()
        self.notify(Notice("Back to the start of this choice sequence.", timeout=2))
        return True

    def _undone(self) -> None:
        self.board.note()  # (what undo took back, to be taken back on the table too)
        self.walk.forget()
        self.fresh_from = min(self.fresh_from, len(self.game.state.log))
        self._mark_changes()

    # --- what the app should do now ---

    def autosave_due(self) -> bool:
        """True once per season, when the player's turn begins: the app should autosave."""
        pending = self.game.pending
        if pending is None or pending.side != d.US or pending.kind not in (
                k.AMERICAN_PLAY, k.HAND_LIMIT):
            return False
        state = self.game.state
        key = (state.year, state.season)
        if self.autosaved_for == key:
            return False
        self.autosaved_for = key
        return True

    def game_over_due(self) -> bool:
        """True once, when the game has just ended: the app should record it and say so."""
        if self.game.pending is not None or self.over_reported:
            return False
        self.over_reported = True
        return True

    # --- the T-bot's turn as one trace ---

    def has_turn_trace(self) -> bool:
        """Whether the T-bot has decided anything yet (or is about to): cheap, no T-bot import."""
        return self.walk.trace is not None or any(
            e.kind == "tbot_trace" for e in reversed(self.game.state.log))

    def turn_so_far(self) -> TurnTrace | None:
        """While the T-bot is to move: its turn (or its answers in this American turn) so far,
        the decisions already carried out and the events between them; else None."""
        if not self.tbot_to_move():
            return None
        from bot.turn_trace import current_turn

        return current_turn(self.game.state.log)

    def turn_trace(self) -> TurnTrace | None:
        """The T-bot's turn on show: the turn so far with the decision being walked through (as far
        as the walkthrough has shown it: nothing ahead of the player), else its latest turn in the
        log (None before its first decision)."""
        if not self.has_turn_trace():
            return None
        from bot.turn_trace import TurnTrace, latest_turn

        trace = self.walk.revealed()
        if self.tbot_to_move() and trace is not None:
            so_far = self.turn_so_far()
            if so_far is not None:
                return TurnTrace(so_far.title, so_far.tbot_turn, (*so_far.items, trace))
            pending = self.game.pending
            tbot_turn = pending is not None and pending.kind == k.TRIPOLITAN_TURN
            title = (f"The T-bot's turn, {self.game.state.when}" if tbot_turn else
                     f"The T-bot's answers in the American turn, {self.game.state.when}")
            return TurnTrace(title, tbot_turn, (trace,))
        return latest_turn(self.game.state.log)

    def flowchart_turns(self) -> list[TurnTrace]:
        """Every T-bot turn of the log, oldest first, the turn on show (so far) last; [] before
        its first decision."""
        if not self.has_turn_trace():
            return []
        from bot.turn_trace import turn_traces

        turns = turn_traces(self.game.state.log)
        shown = self.turn_trace()
        if shown is None:
            return turns
        if turns and shown.items[:len(turns[-1].items)] == turns[-1].items:
            turns[-1] = shown
        elif not turns or turns[-1] != shown:
            turns.append(shown)
        return turns

    def flowchart_path(self) -> tuple[TraceStep, ...]:
        """The steps of the T-bot's whole turn on show (so far), else of its latest turn."""
        turn = self.turn_trace()
        return turn.steps if turn is not None else ()

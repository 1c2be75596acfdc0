"""The game screen: the board, the T-bot's cards, the hand, the log, and the one place that
submits choices to the game (the player's, and the T-bot's step by step)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Footer, Static

from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.decisions import Choice, IllegalChoice
from tripoli_tui.engine.game import Game
from tripoli_tui.widgets.board import MapPanel
from tripoli_tui.widgets.cardlines import CardLines
from tripoli_tui.widgets.hand import HandPanel
from tripoli_tui.widgets.log_panel import LogPanel
from tripoli_tui.widgets.reasoning import ReasoningPanel
from tripoli_tui.widgets.status import DiceStrip, StatusBar

from .choice import SAVE, UNDO, ChoiceDialog, option_label
from .choice_palette import ChoicePalette
from .choice_tbot import TBotDriver
from .choice_trace import TraceScreen

if TYPE_CHECKING:
    from tripoli_tui.app import TripoliApp

MIN_WIDTH, MIN_HEIGHT = 80, 24
WATCHED = d.MAP_LOCATIONS + d.TRACK
"""Places whose pieces are compared to highlight where something just happened."""
TURN_STARTS = (k.AMERICAN_PLAY, k.HAND_LIMIT, k.TRIPOLITAN_TURN)
"""Answering one of these starts a new stretch of play: highlights start again from there."""
CARD_PLAYS = {"e": k.PlayEvent, "m": k.DiscardToMove, "b": k.DiscardToBuild}


class GameScreen(Screen[None]):
    """Plays one game: renders it, asks the player, and walks through the T-bot's reasoning."""

    COMMANDS = {ChoicePalette}
    BINDINGS = [
        Binding("c", "choose", "Choices", id="game.choose", tooltip="List every legal option"),
        Binding("e", "card_play('e')", "Event", id="game.event",
                tooltip="Play the highlighted card as an event"),
        Binding("m", "card_play('m')", "Move", id="game.move",
                tooltip="Discard the highlighted card to move up to two frigates"),
        Binding("b", "card_play('b')", "Gunboat", id="game.build",
                tooltip="Discard the highlighted card to build a gunboat in Malta"),
        Binding("space", "next_step", "Next step", id="game.next"),
        Binding("f", "finish_turn", "Finish turn", id="game.finish"),
        Binding("u", "undo", "Undo", id="game.undo"),
        Binding("U", "undo_all", "Undo all", show=False, id="game.undo_all",
                tooltip="Back to the start of this choice sequence"),
        Binding("s", "save", "Save", id="game.save"),
        Binding("w", "toggle_walkthrough", "Walkthrough", show=False, id="game.walkthrough",
                tooltip="Show the T-bot's turn step by step, or play it at once"),
        Binding("t", "flowchart", "Flowchart", id="game.flowchart",
                tooltip="The T-bot's flowchart with the path it just took"),
        Binding("l", "focus_log", "Log", show=False, id="game.log", tooltip="Read the log; ⏎ opens a trace"),
        Binding("h", "focus_hand", "Hand", show=False, id="game.hand"),
        Binding("question_mark,f1", "help", "Help", id="game.help"),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.tbot = TBotDriver()
        self.fresh_from = len(game.state.log)
        self.baseline = self._pieces()
        self.changed: frozenset[str] = frozenset()
        self.last_trace: dict[str, Any] | None = None
        self.dialog_open = False
        self.autosaved_for: tuple[int, int] | None = None
        self.over_handled = False
        self.keys_signature: tuple[bool | None, ...] = ()

    @property
    def tripoli(self) -> TripoliApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Container(id="main"):
            yield MapPanel(id="map")
            yield CardLines(id="cardlines")
            yield DiceStrip(id="dice")
            with Horizontal(id="lower"):
                with ContentSwitcher(id="side", initial="hand"):
                    yield HandPanel(id="hand")
                    yield ReasoningPanel(id="reasoning")
                yield LogPanel(id="log")
        yield Static(id="too-small")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#map").border_title = "The Mediterranean, west to east"
        self.query_one("#log").border_title = "Log"
        self.query_one("#reasoning").border_title = "The T-bot thinks"
        self._check_size(self.app.size.width, self.app.size.height)
        self.call_after_refresh(self._continue)

    # --- rendering -------------------------------------------------------------------

    def _redraw(self) -> None:
        game, state = self.game, self.game.state
        pending = game.pending
        self.query_one(StatusBar).show(state, pending, self.tripoli.walkthrough)
        self.query_one(MapPanel).show(state, self.changed, self._asked_places())
        self.query_one(CardLines).show(state, self.tbot.examined_card())
        self.query_one(DiceStrip).show(state.log, self.fresh_from)
        self.query_one(LogPanel).show(state.log, self.fresh_from)
        hand = self.query_one(HandPanel)
        hand.show(state, self._playable())
        switcher = self.query_one("#side", ContentSwitcher)
        if pending is not None and pending.side == d.TRIPOLITANIA:
            switcher.current = "reasoning"
            self.query_one(ReasoningPanel).show(self.tbot.trace_data(), self.tbot.shown,
                                                pending.prompt, self.tbot.error)
        else:
            switcher.current = "hand"
        hand.border_subtitle = self._hand_hint()
        self._refresh_keys()

    def _refresh_keys(self) -> None:
        """Redraw the footer only when a key's state changed (the footer is costly to rebuild)."""
        signature = tuple(self.check_action(b.action.partition("(")[0], self._params(b.action))
                          for b in self.BINDINGS if isinstance(b, Binding))
        if signature != self.keys_signature:
            self.keys_signature = signature
            self.refresh_bindings()

    @staticmethod
    def _params(action: str) -> tuple[object, ...]:
        inside = action.partition("(")[2].rstrip(")").strip("'\"")
        return (inside,) if inside else ()

    def _playable(self) -> frozenset[str]:
        pending = self.game.pending
        if pending is None or pending.kind != k.AMERICAN_PLAY:
            return frozenset()
        return frozenset(o.card for o in pending.options if isinstance(o, k.PlayEvent))

    def _hand_hint(self) -> str:
        pending = self.game.pending
        if pending is None:
            return "the game is over"
        if pending.kind == k.AMERICAN_PLAY:
            return "⏎ card · e event · m move · b gunboat"
        return "c: answer the decision" if pending.side == d.US else ""

    def _asked_places(self) -> frozenset[str]:
        pending = self.game.pending
        if pending is None:
            return frozenset()
        places = {str(pending.info[key]) for key in ("location", "source", "destination")
                  if pending.info.get(key)}
        located = [o for o in pending.options if hasattr(o, "location")]
        if len(located) <= 6:
            places.update(str(o.location) for o in located)
        return frozenset(p for p in places if p in d.ALL_LOCATIONS)

    # --- the one place choices are submitted --------------------------------------------

    def submit(self, choice: Choice) -> bool:
        """Submit a player's choice (it must be among game.pending.options), then carry on."""
        return self._batch([(choice, None)])

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

    def _apply(self, choice: Choice, trace: Any = None) -> bool:
        """Submit one choice; a refusal or an engine failure is a notification, never a crash."""
        try:
            self.game.submit(choice, trace=trace)
        except IllegalChoice as error:
            self.notify(str(error), title="Not a legal choice", severity="error")
            return False
        except Exception as error:  # a rules bug must not take the terminal down
            self.notify(f"The rules engine failed on {choice.text()!r}: {error}. Your last "
                        "autosave is safe; please report this.", title="Engine error",
                        severity="error", timeout=15)
            return False
        if trace is not None:
            self.last_trace = trace
        return True

    def _batch(self, answers: list[tuple[Choice, Any]]) -> bool:
        self._mark_start()
        for choice, trace in answers:
            if not self._apply(choice, trace):
                return False
        self.tbot.forget()
        self._run_fast_tbot()
        self._mark_changes()
        self._continue()
        return True

    def _run_fast_tbot(self) -> None:
        """With the walkthrough off, the T-bot answers at once until the player decides."""
        while (not self.tripoli.walkthrough and self.game.pending is not None
               and self.game.pending.side == d.TRIPOLITANIA):
            self._mark_start()
            answer = self.tbot.answer(self.game, self)
            if answer is None or not self._apply(*answer):
                return
            self.tbot.forget()

    def _continue(self) -> None:
        """Render, then do what the pending decision needs: ask, autosave, or end the game."""
        pending = self.game.pending
        if pending is not None and pending.side == d.TRIPOLITANIA:
            self.tbot.prepare(self.game, self)
        self._redraw()
        if pending is None:
            self._game_over()
        elif pending.side == d.US:
            if pending.kind in (k.AMERICAN_PLAY, k.HAND_LIMIT):
                self._autosave_turn()
                self.query_one("#hand-list").focus()
            if pending.kind != k.AMERICAN_PLAY:
                self.call_after_refresh(self.action_choose)

    def _autosave_turn(self) -> None:
        state = self.game.state
        key = (state.year, state.season)
        if self.autosaved_for != key:
            self.autosaved_for = key
            self.tripoli.autosave(quiet=True)

    def _game_over(self) -> None:
        if self.over_handled:
            return
        self.over_handled = True
        self.tripoli.record_result(self.game)
        self.tripoli.show_game_over(self.game)

    # --- the player's decisions ----------------------------------------------------------

    def _is_us(self, kind: str | None = None) -> bool:
        pending = self.game.pending
        return (pending is not None and pending.side == d.US
                and (kind is None or pending.kind == kind))

    def _is_tbot(self) -> bool:
        pending = self.game.pending
        return pending is not None and pending.side == d.TRIPOLITANIA

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose":
            return self._is_us()
        if action == "card_play":
            if not self._is_us(k.AMERICAN_PLAY):
                return False
            card = self.query_one(HandPanel).focused_card
            cls = CARD_PLAYS[str(parameters[0])]
            return True if card and cls(card) in self.game.pending.options else None  # type: ignore[union-attr]
        if action in ("next_step", "finish_turn"):
            return self._is_tbot()
        if action in ("undo", "undo_all"):
            return True if self.game.can_undo else None
        if action == "flowchart":
            return True if self.last_trace or self.tbot.trace_data() else None
        return True

    def action_choose(self, only: list[Choice] | None = None, note: Text | str = "",
                      prompt: str = "") -> None:
        """Open the choice dialog on every legal option (or on `only`, a subset of them)."""
        pending = self.game.pending
        if pending is None or pending.side != d.US or self.dialog_open:
            return
        options = tuple(only) if only else pending.options
        labels = [option_label(self.game.state, o) for o in options]
        self.dialog_open = True
        title = pending.kind.replace("_", " ").capitalize()
        self.app.push_screen(
            ChoiceDialog(title, prompt or pending.prompt, options, labels,
                         can_undo=self.game.can_undo,
                         note=note),
            self._dialog_done)

    def _dialog_done(self, result: Choice | str | None) -> None:
        self.dialog_open = False
        if isinstance(result, Choice):
            self.submit(result)
        elif result == UNDO:
            self.action_undo()
        elif result == SAVE:
            self.action_save()
        else:
            self.notify("Press c to answer the decision.", timeout=3)

    @on(HandPanel.CardChosen)
    def _card_chosen(self, event: HandPanel.CardChosen) -> None:
        pending = self.game.pending
        if pending is None or pending.kind != k.AMERICAN_PLAY:
            self.notify("Cards are played at the start of your turn; press c for the decision.",
                        timeout=3)
            return
        options = [o for o in pending.options if getattr(o, "card", None) == event.card]
        if not options:
            self.notify(f"{d.card_name(event.card)} cannot be played or discarded now.",
                        severity="warning")
            return
        hand = self.query_one(HandPanel)
        note = "" if k.PlayEvent(event.card) in options else Text(
            "Not an event now: " + hand.why_not(event.card), style="#ff8787")
        self.action_choose(options, note, f"{self.game.state.when}: how will you use "
                                          f"{d.card_name(event.card)}?")

    def action_card_play(self, key: str) -> None:
        card = self.query_one(HandPanel).focused_card
        pending = self.game.pending
        if pending is None or pending.kind != k.AMERICAN_PLAY or not card:
            return
        choice = CARD_PLAYS[key](card)
        if choice in pending.options:
            self.submit(choice)
        else:
            self.notify(self.query_one(HandPanel).why_not(card, key), severity="warning")

    def action_undo(self) -> None:
        if not self.game.can_undo:
            self.notify("Nothing to undo since the last die roll, card draw or T-bot move.")
            return
        try:
            self.game.undo()
        except Exception as error:
            self.notify(f"Undo failed: {error}", severity="error")
            return
        self.tbot.forget()
        self.fresh_from = min(self.fresh_from, len(self.game.state.log))
        self._mark_changes()
        self.notify("Undone.", timeout=2)
        self._continue()

    def action_undo_all(self) -> None:
        """Take back every choice since the last die roll, card draw or T-bot move."""
        if not self.game.can_undo:
            self.notify("Nothing to undo since the last die roll, card draw or T-bot move.")
            return
        try:
            while self.game.can_undo:
                self.game.undo()
        except Exception as error:
            self.notify(f"Undo failed: {error}", severity="error")
        self.tbot.forget()
        self.fresh_from = min(self.fresh_from, len(self.game.state.log))
        self._mark_changes()
        self.notify("Back to the start of this choice sequence.", timeout=2)
        self._continue()

    def action_save(self) -> None:
        self.tripoli.ask_save_name()

    def action_help(self) -> None:
        self.tripoli.show_help()

    def action_focus_log(self) -> None:
        self.query_one(LogPanel).focus()

    def action_focus_hand(self) -> None:
        self.query_one("#hand-list").focus()

    # --- the T-bot's turn ----------------------------------------------------------------

    def action_next_step(self) -> None:
        if not self._is_tbot():
            return
        if self.tbot.step():
            self._redraw()
            return
        answer = self.tbot.answer(self.game, self)
        if answer is not None:
            self._batch([answer])

    def action_finish_turn(self) -> None:
        if not self._is_tbot():
            return
        game = self.game
        while game.pending is not None and game.pending.side == d.TRIPOLITANIA:
            self._mark_start()
            answer = self.tbot.answer(game, self)
            if answer is None or not self._apply(*answer):
                break
            self.tbot.forget()
        self._mark_changes()
        self._continue()

    def action_toggle_walkthrough(self) -> None:
        app = self.tripoli
        app.walkthrough = not app.walkthrough
        self.notify("T-bot walkthrough " + ("on: space shows each step." if app.walkthrough
                                            else "off: the T-bot plays at once."), timeout=3)
        if not app.walkthrough and self._is_tbot():
            self.action_finish_turn()
        else:
            self._redraw()

    def action_flowchart(self) -> None:
        trace = self.tbot.trace_data() or self.last_trace
        self.tripoli.show_flowchart(list((trace or {}).get("steps", [])))

    @on(MapPanel.PlaceClicked)
    def _place_clicked(self, event: MapPanel.PlaceClicked) -> None:
        """With the dialog closed, a click on a place answers with the option about it."""
        pending = self.game.pending
        if pending is None or pending.side != d.US:
            return
        matching = [o for o in pending.options if getattr(o, "location", None) == event.location]
        if len(matching) == 1:
            self.submit(matching[0])

    @on(HandPanel.CardHighlighted)
    def _card_highlighted(self) -> None:
        self._refresh_keys()

    @on(LogPanel.TraceRequested)
    def _trace_requested(self, event: LogPanel.TraceRequested) -> None:
        def done(result: str | None) -> None:
            if result == "flowchart":
                self.tripoli.show_flowchart(list(event.trace.get("steps", [])))
        self.app.push_screen(TraceScreen(event.trace, event.title), done)

    # --- size ---------------------------------------------------------------------------

    def on_resize(self, event: Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(small, "-too-small")
        if small:
            self.query_one("#too-small", Static).update(
                f"The Shores of Tripoli needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
                f"This one is {width}×{height}. Enlarge it to go on; nothing is lost.")

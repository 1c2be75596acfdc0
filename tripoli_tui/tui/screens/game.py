"""The game screen: the board, the T-bot's cards, the hand and the log of a session, driven by keys.

It asks the app, by its actions, to autosave, save, show help or the record, and end the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal
from textual.events import Resize
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import ContentSwitcher, Static

from tripoli_tui.engine import data as d
from tripoli_tui.engine import decisions as k
from tripoli_tui.engine.decisions import Choice
from tripoli_tui.engine.game import Game
from tripoli_tui.play.session import Notice, Session
from tripoli_tui.tui.theme import paint
from tripoli_tui.tui.widgets.board import MapPanel
from tripoli_tui.tui.widgets.cardlines import CardLines
from tripoli_tui.tui.widgets.choice_panel import ChoicePanel, Offer, option_label
from tripoli_tui.tui.widgets.hand import HandPanel
from tripoli_tui.tui.widgets.key_footer import KeyFooter
from tripoli_tui.tui.widgets.log_panel import LogPanel
from tripoli_tui.tui.widgets.reasoning import ReasoningPanel
from tripoli_tui.tui.widgets.status import DiceStrip, StatusBar
from tripoli_tui.tui.widgets.track import TrackStrip
from tripoli_tui.tui.widgets.tutorial_note import Tutorial, TutorialNote

from .choice_palette import ChoicePalette
from .drill import DrillPanel
from .themed import FollowsTheme

if TYPE_CHECKING:
    from bot.turn_trace import TurnTrace
    from tripoli_tui.engine.players import Move

    from .flowchart import ShownTurn

MIN_WIDTH, MIN_HEIGHT = 80, 24
SHORT_HEIGHT = 32
"""Below this height a tutorial's whole text is read in the map's place (the walkthrough keeps
its room)."""
CARD_PLAYS = {"e": k.PlayEvent, "m": k.DiscardToMove, "b": k.DiscardToBuild}


class GameScreen(FollowsTheme, Screen[None]):
    """Plays one game: renders it, asks the player, and walks through the T-bot's reasoning."""

    COMMANDS = {ChoicePalette}
    CSS_PATH = "drill.tcss"
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """Moving the focus repaints only the widgets it leaves and enters, not the whole screen
    (over SSH a full repaint per choice costs ~20 KB)."""
    BINDINGS = [
        Binding("c", "choose", "Choices", id="game.choose", tooltip="List every legal option"),
        # e, m and b are shown under the hand, beside the cards they play: the footer's room at
        # 80 columns goes to the keys shown nowhere else
        Binding("e", "card_play('e')", "Event", id="game.event", show=False,
                tooltip="Play the highlighted card as an event"),
        Binding("m", "card_play('m')", "Move", id="game.move", show=False,
                tooltip="Discard the highlighted card to move up to two frigates"),
        Binding("b", "card_play('b')", "Build", id="game.build", show=False,
                tooltip="Discard the highlighted card to build a gunboat in Malta"),
        Binding("space", "next_step", "Next step", id="game.next",
                tooltip="Show the T-bot's next step and carry it out"),
        Binding("f", "finish_turn", "Finish turn", id="game.finish",
                tooltip="Play the rest of the T-bot's turn at once"),
        Binding("u", "undo", "Undo", id="game.undo",
                tooltip="Take back your last choice (the T-bot's turn is never undone)"),
        Binding("U", "undo_all", "Undo all", show=False, id="game.undo_all",
                tooltip="Back to the start of this choice sequence"),
        Binding("s", "save", "Save", id="game.save", tooltip="Save the game under a name"),
        Binding("i", "timeline", "Timeline", id="game.timeline",
                tooltip="Every turn of the campaign; go back to the start of one"),
        Binding("i", "timeline_unshown", "Timeline", show=False, id="game.timeline_unshown"),
        Binding("w", "toggle_walkthrough", "Walkthrough", show=False, id="game.walkthrough",
                tooltip="Show the T-bot's turn step by step, or play it at once"),
        Binding("k", "toggle_card_marks", "Card marks", show=False, id="game.card_marks",
                tooltip="Mark the T-bot's cards with whether each would be played now, or not"),
        Binding("t", "flowchart", "Flowchart", id="game.flowchart",
                tooltip="The T-bot's flowchart with the path it just took"),
        Binding("y", "drill_answer('yes')", "Yes", id="game.drill_yes",
                tooltip="Answer yes: you predict the T-bot's test holds"),
        Binding("n", "drill_answer('no')", "No", id="game.drill_no",
                tooltip="Answer no: you predict the T-bot's test fails"),
        *(Binding(str(n), f"drill_pick({n})", show=False) for n in range(1, 10)),
        Binding("d", "stop_drill", "Stop drill", id="game.drill_stop",
                tooltip="Stop predicting: the walkthrough goes on from the step reached"),
        Binding("d", "toggle_drill", "Drill", show=False, id="game.drill",
                tooltip="Predict the T-bot: answer each of its tests before it shows its own"),
        Binding("v", "last_tbot_turn", "T-bot turn", id="game.last_tbot_turn",
                tooltip="Read the T-bot's last turn again, step by step (t: on the flowchart)"),
        Binding("o", "toggle_rule", "Rule", id="game.rule",
                tooltip="Unfold (or fold) the rule text under the T-bot's step on show"),
        Binding("r", "rulings", "Rulings", show=False, id="game.rulings",
                tooltip="The rulings the T-bot's step on show names (all rulings otherwise)"),
        Binding("l", "focus_log", "Log", show=False, id="game.log",
                tooltip="Read the log; [ and ] jump from T-bot turn to T-bot turn, ⏎ opens one"),
        Binding("H", "focus_hand", "Hand", show=False, id="game.hand",
                tooltip="Back to your hand of cards"),
        Binding("question_mark,f1", "help", "Help", id="game.help",
                tooltip="These keys, the rules, every card and the rulings"),
        Binding("h", "advice", "Advice", id="game.advice",
                tooltip="Each option's chance of winning against the T-bot"),
        Binding("f2", "tutorial_note", "Tutorial", id="game.tutorial", show=False,
                tooltip="The tutorial's text: whole, or folded to its first lines"),
    ]

    def __init__(self, game: Game, walkthrough: bool = True, tutorial: Tutorial | None = None,
                 drill: str = "") -> None:
        """`drill`: what a drill is played on ('game', 'tutorial', 'random position'); '' for none."""
        super().__init__()
        self.drill = drill
        """While set, each T-bot turn is a drill: the player predicts it before it is shown."""
        self.session = Session(game, walkthrough=walkthrough, notify=self._notice)
        self.tutorial = tutorial
        """The tutorial being played (its words shown above the board), or None."""
        self.tutorial_done = False
        """Whether the tutorial has been checked off in the campaign record (this session)."""
        self.offer: Offer | None = None
        """The choices asked in the side panel (None: the hand or the T-bot's reasoning)."""
        self.keys_signature: tuple[bool | None, ...] = ()

    @property
    def game(self) -> Game:
        return self.session.game

    def _notice(self, notice: Notice) -> None:
        self.notify(notice.message, title=notice.title, severity=notice.severity,
                    timeout=notice.timeout)

    def compose(self) -> ComposeResult:
        # set before the widgets are styled: set after, each class restyles the whole screen
        self._size_classes(self.app.size.width, self.app.size.height)
        yield StatusBar(id="status")
        if self.tutorial is not None:
            yield TutorialNote(self.tutorial, id="tutorial-note")
        with Container(id="main"):
            yield MapPanel(id="map")
            yield TrackStrip(id="track")
            yield CardLines(id="cardlines")
            yield DiceStrip(id="dice")
            with Horizontal(id="lower"):
                with ContentSwitcher(id="side", initial="hand"):
                    yield HandPanel(id="hand")
                    yield ReasoningPanel(id="reasoning")
                    yield DrillPanel(id="drill")
                    yield ChoicePanel(self.submit, id="choices")
                yield LogPanel(id="log")
        yield Static(id="too-small")
        yield KeyFooter()

    async def on_mount(self) -> None:
        self.query_one("#log").border_title = "Log"
        self.query_one("#reasoning").border_title = "The T-bot thinks"
        self._check_size(self.app.size.width, self.app.size.height)
        await self._continue()  # the first frame already shows the game: one paint, not three

    def repaint(self) -> None:
        """Text drawn in the old theme's colours is drawn again in the new one's."""
        self._redraw()
        self.query_one(LogPanel).repaint()
        self.query_one(DrillPanel).repaint()

    # --- rendering -------------------------------------------------------------------

    def _redraw(self) -> None:
        session, state = self.session, self.game.state
        pending, walk = self.game.pending, session.walk
        self.query_one(StatusBar).show(state, pending, session.walkthrough)
        board = self.query_one(MapPanel)
        board.show(state, session.changed, self._asked_places())
        self.query_one(TrackStrip).show(state, board)
        question = self.query_one(DrillPanel).question
        self.query_one(CardLines).show(state, walk.examined_card() if question is None
                                       else question.card_id,
                                       self._card_marks() and not self.drilling
                                       and not (pending is not None and pending.side == d.TRIPOLITANIA))
        self.query_one(DiceStrip).show(state.log, session.fresh_from)
        self.query_one(LogPanel).show(state.log, session.fresh_from)
        hand = self.query_one(HandPanel)
        hand.show(state, self._playable())
        switcher = self.query_one("#side", ContentSwitcher)
        self.set_class(self.drilling, "-drilling")
        if self.drilling:
            switcher.current = "drill"
        elif pending is not None and pending.side == d.TRIPOLITANIA:
            self.query_one(ReasoningPanel).show(walk.trace, walk.shown, pending.prompt, walk.error,
                                                session.turn_so_far())
            switcher.current = "reasoning"
        elif self.offer is not None:
            self.query_one(ChoicePanel).show(self.offer, state)
            switcher.current = "choices"
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
        return "c: answer the decision · h: advice" if pending.side == d.US else ""

    def _asked_places(self) -> frozenset[str]:
        pending = self.game.pending
        if pending is None:
            return frozenset()
        places = set(pending.info.places())
        located = [o for o in pending.options if isinstance(o, k.PlaceChoice)]
        if len(located) <= 6:
            places.update(str(o.location) for o in located)
        return frozenset(p for p in places if p in d.ALL_LOCATIONS)

    # --- driving the session ----------------------------------------------------------

    async def submit(self, choice: Choice) -> None:
        """Submit a player's choice (it must be among game.pending.options), then carry on."""
        if self.session.submit(choice):
            await self._continue()

    async def _continue(self) -> None:
        """Render, then do what the pending decision needs: ask, autosave, or end the game."""
        session = self.session
        drilling = bool(self.drill) and session.tbot_to_move()
        if drilling:
            self._start_drill()
        else:
            session.prepare()
        pending = self.game.pending
        self.offer = self._offer() if pending is not None and pending.side == d.US \
            and pending.kind != k.AMERICAN_PLAY else None
        self._redraw()
        if drilling:
            return
        self._check_off_tutorial()
        if pending is None:
            if session.game_over_due():
                await self.app.run_action("game_over")
        elif pending.side == d.US:
            if pending.kind in (k.AMERICAN_PLAY, k.HAND_LIMIT) and session.autosave_due():
                # once the turn is on screen: the first screen does not wait for the save
                self.call_after_refresh(self.app.run_action, "autosave_turn")
            if pending.kind == k.AMERICAN_PLAY:  # at once, as focus_options: keys may be queued
                self.set_focus(self.query_one("#hand-list"))
            else:
                self.query_one(ChoicePanel).focus_options()

    # --- the player's decisions ----------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        session = self.session
        if action in ("choose", "card_play", "advice") and self.drilling:
            return False  # the drill's last answer is on show: ⏎ goes on to the American turn
        if action == "choose":  # hidden while the choices are shown: the footer needs the room
            return session.us_to_move() and self.offer is None
        if action == "card_play":
            if not session.us_to_move(k.AMERICAN_PLAY):
                return False
            card = self.query_one(HandPanel).focused_card
            cls = CARD_PLAYS[str(parameters[0])]
            return True if card and cls(card) in self.game.pending.options else None  # type: ignore[union-attr]
        if action == "advice":
            return session.us_to_move()
        if action in ("drill_answer", "drill_pick", "stop_drill"):
            question = self.query_one(DrillPanel).question
            return self.drilling and (action != "drill_answer"
                                      or (question is not None and question.is_test))
        if action in ("next_step", "finish_turn"):
            return session.tbot_to_move() and not self.drilling
        if action == "toggle_walkthrough":
            return not self.drilling
        if action == "last_tbot_turn":  # while the T-bot is to move, the walkthrough shows it;
            # in the log, its own keys go from T-bot turn to T-bot turn
            if session.tbot_to_move() or isinstance(self.focused, LogPanel):
                return False
            return True if session.has_turn_trace() else None
        if action == "toggle_rule":  # shown only while a step of the T-bot is on show
            walk = session.walk
            return session.tbot_to_move() and not self.drilling and walk.trace is not None \
                and walk.shown <= len(walk.trace.steps)
        if action in ("undo", "undo_all"):
            return None if self.drilling or not self.game.can_undo else True
        if action == "tutorial_note":
            return self.tutorial is not None
        if action == "timeline":  # the T-bot's steps and the log's keys need the footer's room:
            reading = self.focused is not None and any(  # i works then, unshown
                isinstance(node, LogPanel) for node in self.focused.ancestors_with_self)
            return not session.tbot_to_move() and not reading
        return True

    def _offer(self, only: list[Choice] | None = None, note: Text | str = "",
               prompt: str = "") -> Offer:
        """The pending decision's options (or `only`, a subset of them) as the panel asks them."""
        pending = self.game.pending
        assert pending is not None
        options = tuple(only) if only else pending.options
        return Offer(pending.kind.replace("_", " ").capitalize(), prompt or pending.prompt,
                     options, tuple(option_label(self.game.state, o) for o in options), note)

    def action_choose(self, only: list[Choice] | None = None, note: Text | str = "",
                      prompt: str = "") -> None:
        """Ask every legal option (or `only`, a subset of them) in the side panel."""
        pending = self.game.pending
        if pending is None or pending.side != d.US:
            return
        self.offer = self._offer(only, note, prompt)
        self._redraw()
        self.query_one(ChoicePanel).focus_options()

    @on(ChoicePanel.Closed)
    def _choices_closed(self) -> None:
        self.offer = None
        self._redraw()
        self.query_one("#hand-list").focus()
        self.notify("Press c to answer the decision.", timeout=3)

    @on(HandPanel.CardChosen)
    def _card_chosen(self, event: HandPanel.CardChosen) -> None:
        pending = self.game.pending
        if self.drilling:
            return
        if pending is None or pending.kind != k.AMERICAN_PLAY:
            self.notify("Cards are played at the start of your turn; press c for the decision.",
                        timeout=3)
            return
        options = [o for o in pending.options
                   if isinstance(o, k.CardChoice) and o.card == event.card]
        if not options:
            self.notify(f"{d.card_name(event.card)} cannot be played or discarded now.",
                        severity="warning")
            return
        hand = self.query_one(HandPanel)
        note = "" if k.PlayEvent(event.card) in options else Text(
            "Not an event now: " + hand.why_not(event.card), style=paint("text-error"))
        self.action_choose(options, note, f"{self.game.state.when}: how will you use "
                                          f"{d.card_name(event.card)}?")

    async def action_card_play(self, key: str) -> None:
        card = self.query_one(HandPanel).focused_card
        pending = self.game.pending
        if pending is None or pending.kind != k.AMERICAN_PLAY or not card:
            return
        choice = CARD_PLAYS[key](card)
        if choice in pending.options:
            await self.submit(choice)
        else:
            self.notify(self.query_one(HandPanel).why_not(card, key), severity="warning")

    def action_advice(self) -> None:
        """Open the advice on the pending American decision (it never changes the game)."""
        from .advice import AdviceScreen

        pending = self.game.pending
        if pending is None or pending.side != d.US or isinstance(self.app.screen, AdviceScreen):
            return
        self.app.push_screen(AdviceScreen(self.game), self._advice_done)

    async def _advice_done(self, result: Choice | None) -> None:
        if result is not None and self.game.pending is not None \
                and result in self.game.pending.options:
            await self.submit(result)

    async def action_undo(self) -> None:
        if self.session.undo():
            await self._continue()

    async def action_undo_all(self) -> None:
        """Take back every choice since the last die roll, card draw or T-bot move."""
        if self.session.undo_all():
            await self._continue()

    async def action_save(self) -> None:
        await self.app.run_action("ask_save_name")

    def action_tutorial_note(self) -> None:
        for note in self.query(TutorialNote):
            note.toggle()
            self.set_class(note.has_class("open"), "-note-open")

    async def action_help(self) -> None:
        await self.app.run_action("show_help")

    async def action_record(self) -> None:
        await self.app.run_action("show_record")

    def action_focus_log(self) -> None:
        self.query_one(LogPanel).focus()

    def action_focus_hand(self) -> None:
        self.query_one("#hand-list").focus()

    # --- the T-bot's turn ----------------------------------------------------------------

    async def action_next_step(self) -> None:
        progress = self.session.next_step()
        if progress == "shown":
            self._redraw()
        elif progress == "played":
            await self._continue()

    async def action_finish_turn(self) -> None:
        if self.session.finish_turn():
            await self._continue()

    def _card_marks(self) -> bool:
        """Whether the T-bot's card tiles are marked (the remembered setting; never in a drill,
        where the player answers whether each card's condition holds, nor in the T-bot's turn,
        where the walkthrough shows nothing ahead of its step)."""
        settings = getattr(self.app, "settings", None)
        return bool(getattr(settings, "card_marks", True))

    async def action_toggle_card_marks(self) -> None:
        on = not self._card_marks()
        await self.app.run_action(f"set_card_marks({on})")
        self.notify("The T-bot's cards say whether each would be played now." if on else
                    "The T-bot's cards are shown without their marks.", title="Card marks")
        self._redraw()

    async def action_toggle_walkthrough(self) -> None:
        session = self.session
        self._notice(session.toggle_walkthrough())
        await self.app.run_action(f"set_walkthrough({session.walkthrough})")
        if not session.walkthrough and session.tbot_to_move():
            await self.action_finish_turn()
        else:
            self._redraw()

    def action_toggle_rule(self) -> None:
        panel = self.query_one(ReasoningPanel)
        panel.rule_open = not panel.rule_open
        self._redraw()

    async def action_rulings(self) -> None:
        from tripoli_tui.tui.rulings import references

        walk = self.session.walk
        step = walk.trace.steps[walk.shown - 1] if walk.trace and 0 < walk.shown <= len(
            walk.trace.steps) else None
        cited = references(" ".join((step.rule, *step.facts, step.outcome))) if step else []
        await self.app.run_action(f"show_ruling({' '.join(cited)!r})")

    # --- the drill: predict the T-bot ------------------------------------------------------

    @property
    def drilling(self) -> bool:
        """Whether a drill is on show (its questions asked beside the board)."""
        return self.query_one(DrillPanel).drill is not None

    def _start_drill(self) -> None:
        """A drill on the T-bot's decisions from here, unless one is on show. The steps the
        walkthrough already showed of the pending decision are not asked."""
        panel = self.query_one(DrillPanel)
        if panel.drill is not None:
            return
        from tripoli_tui.play.drill import Drill

        walk = self.session.walk
        known = walk.move if walk.pending is self.game.pending and walk.move is not None else None
        drill = Drill(self.game, carry_out=self._drill_carry_out, first=known,
                      shown=walk.shown if known is not None else 0)
        walk.forget()
        panel.start(drill)

    def _drill_carry_out(self, move: Move) -> bool:
        return self.session.carry_out_tbot(move)

    async def action_toggle_drill(self) -> None:
        self.drill = "" if self.drill else "game"
        self.notify("Drill on: predict each test of the T-bot's turns before it shows its own."
                    if self.drill else "Drill off.", timeout=4)
        if self.drill and self.session.tbot_to_move():
            await self._continue()

    async def action_stop_drill(self) -> None:
        """Stop predicting: the score so far is kept, the walkthrough goes on from the step the
        drill reached."""
        panel = self.query_one(DrillPanel)
        drill = panel.drill
        if drill is None:
            return
        self._record_drill(drill.score, drill.asked)
        self.drill = ""
        panel.stop()
        self.notify("Drill off.", timeout=3)
        await self._continue()
        walk = self.session.walk
        if drill.trace is not None and walk.trace is not None:
            walk.shown = max(1, min(drill.revealed, len(walk.trace.steps)))
            self._redraw()

    def action_drill_answer(self, given: str) -> None:
        question = self.query_one(DrillPanel).question
        if question is not None and given in question.options:
            self.query_one(DrillPanel).judge(given)

    def action_drill_pick(self, number: int) -> None:
        self.query_one(DrillPanel).pick(number)

    @on(DrillPanel.Answered)
    def _drill_answered(self) -> None:
        self._redraw()

    @on(DrillPanel.Finished)
    async def _drill_finished(self, event: DrillPanel.Finished) -> None:
        self._record_drill(event.right, event.asked)
        self.query_one(DrillPanel).stop()
        if self.session.tbot_to_move():  # the drill stopped: its decision was refused
            self.drill = ""
        await self._continue()

    def _check_off_tutorial(self) -> None:
        """A tutorial is finished when its T-bot turn has been played through (walked or drilled)
        and the American side is to act, or the game is over: checked off in the record once."""
        tutorial = self.tutorial
        if tutorial is None or not tutorial.name or self.tutorial_done \
                or self.session.last_trace is None or self.session.tbot_to_move():
            return
        self.tutorial_done = True
        self.app.call_later(self.app.run_action,
                            f"record_tutorial({tutorial.name!r}, {bool(self.drill)})")

    def _record_drill(self, right: int, asked: int) -> None:
        if asked:
            self.notify(f"Drill: {right} right of {asked}.", title="Predict the T-bot", timeout=6)
            self.app.call_later(self.app.run_action,
                                f"record_drill({right}, {asked}, {self.drill!r})")

    def action_timeline_unshown(self) -> None:
        self.action_timeline()

    def action_timeline(self) -> None:
        from .timeline import show_timeline

        show_timeline(self.app, self.game, can_roll_back=not getattr(self.app, "tutorial", False)
                      and not self.drilling)

    def action_flowchart(self) -> None:
        from .flowchart import FlowchartScreen

        self.app.push_screen(FlowchartScreen(turns=self._shown_turns()))

    def _shown_turns(self) -> list[ShownTurn]:
        """Every T-bot turn of the log as the flowchart shows it, the turn on show last."""
        from .flowchart import ShownTurn

        return [ShownTurn(t.title, t.steps) for t in self.session.flowchart_turns()]

    @on(MapPanel.PlaceClicked)
    async def _place_clicked(self, event: MapPanel.PlaceClicked) -> None:
        """A click on a place answers with the option about it, if there is exactly one."""
        pending = self.game.pending
        if pending is None or pending.side != d.US or self.drilling:
            return
        if self.offer is not None:
            if not await self.query_one(ChoicePanel).pick_place(event.location):
                self.notify(f"{d.place_name(event.location)} is not one of the options here.",
                            timeout=3)
            return
        matching = [o for o in pending.options
                    if isinstance(o, k.PlaceChoice) and o.location == event.location]
        if len(matching) == 1:
            await self.submit(matching[0])

    @on(HandPanel.CardHighlighted)
    def _card_highlighted(self) -> None:
        self._refresh_keys()

    def action_last_tbot_turn(self) -> None:
        """The T-bot's latest turn in the log, read whole (its trace, then the flowchart)."""
        from bot.turn_trace import latest_turn

        turn = latest_turn(self.game.state.log)
        if turn is None:
            self.notify("The T-bot has taken no turn yet.", timeout=3)
            return
        self._open_turn_trace(turn, turn.title)

    @on(LogPanel.TraceRequested)
    def _trace_requested(self, event: LogPanel.TraceRequested) -> None:
        self._open_turn_trace(event.trace, event.title)

    def _open_turn_trace(self, trace: TurnTrace, title: str) -> None:
        """A T-bot turn's whole trace; 't' there opens the flowchart on that turn."""
        from .choice_trace import TraceScreen
        from .flowchart import FlowchartScreen, ShownTurn

        def done(result: str | None) -> None:
            if result == "flowchart":
                turns = self._shown_turns()
                here = [n for n, t in enumerate(turns) if t.title == trace.title
                        and t.path == trace.steps]
                if not here:
                    turns, here = [ShownTurn(trace.title, trace.steps)], [0]
                self.app.push_screen(FlowchartScreen(turns=turns, current=here[0]))
        self.app.push_screen(TraceScreen(trace, title), done)

    # --- size ---------------------------------------------------------------------------

    def on_resize(self, event: Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _refocus(self) -> None:
        """Give the keys back to the choices (or the hand) when hiding the board took them."""
        if self.focused is None and not self.has_class("-too-small"):
            if self.offer is not None:
                self.query_one(ChoicePanel).focus_options()
            else:
                self.query_one("#hand-list").focus()

    def _size_classes(self, width: int, height: int) -> bool:
        """The classes the terminal's size sets; whether it is too small to play in."""
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(small, "-too-small")
        self.set_class(height < SHORT_HEIGHT, "-short")
        return small

    def _check_size(self, width: int, height: int) -> None:
        small = self._size_classes(width, height)
        if not small:
            self.call_after_refresh(self._refocus)
        if small:
            self.query_one("#too-small", Static).update(
                f"The Shores of Tripoli needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
                f"This one is {width}×{height}. Enlarge it to go on; nothing is lost.")
